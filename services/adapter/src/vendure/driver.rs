//! The Vendure driver's reads: send an operation (cached, coalesced, batched by the
//! shared GraphQL client), then transform.

use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use vitrine_domain::DriverError;
use vitrine_domain::cache::CachePolicy;
use vitrine_proto::v1::{
    CategoryPage, ContentPage, NavigationNode, Product, ProductPage, ProductResponse, ProductSort, RouteResolution,
};

use super::models::{
    ActiveChannel, ChannelData, CollectionData, CollectionPageData, CollectionsData, MenuCollection, ProductData,
    SearchData,
};
use super::{operations as ops, transform};
use crate::drivers::{CatalogueDriver, DriverResult, NavigationDriver, RouteDriver};
use crate::graphql::{GraphQlClient, Operation};

/// The Shop API's longest list (`shopListQueryLimit`): the menu reads this many
/// collections at most.
const MAX_COLLECTIONS: u32 = 100;
const DEFAULT_LIST_LENGTH: usize = 20;
const BEST_SELLERS: usize = 4;

pub struct VendureDriver {
    client: GraphQlClient,
}

impl VendureDriver {
    #[must_use]
    pub const fn new(client: GraphQlClient) -> Self {
        Self { client }
    }

    pub(super) const fn client(&self) -> &GraphQlClient {
        &self.client
    }

    /// Whether the channel's prices include tax (cached with the menu: it is a setting).
    pub(super) async fn channel(&self) -> DriverResult<ActiveChannel> {
        let data: ChannelData = self.run(ops::CHANNEL, json!({}), CachePolicy::Navigation).await?;
        Ok(data.active_channel)
    }

    async fn run<T: DeserializeOwned>(&self, op: Operation, variables: Value, policy: CachePolicy) -> DriverResult<T> {
        let data = self.client.execute(op, variables, policy).await?;
        serde_json::from_value(data).map_err(|e| {
            tracing::warn!(operation = op.name, error = %e, "undecodable Vendure answer");
            DriverError::Undecodable(e.to_string())
        })
    }

    async fn collections(&self) -> DriverResult<Vec<MenuCollection>> {
        let data: CollectionsData =
            self.run(ops::COLLECTIONS, json!({ "take": MAX_COLLECTIONS }), CachePolicy::Navigation).await?;
        if data.collections.total_items > MAX_COLLECTIONS {
            tracing::warn!(
                total = data.collections.total_items,
                "the menu shows the first {MAX_COLLECTIONS} collections"
            );
        }
        Ok(data.collections.items)
    }

    /// `product(slug:)` or `product(id:)`, with the channel's tax rule.
    async fn product(&self, variables: Value) -> DriverResult<ProductData> {
        self.run(ops::PRODUCT, variables, CachePolicy::Product).await
    }

    /// Search results grouped by product: one page, or every product up to `take`.
    async fn search_page(&self, input: Value) -> DriverResult<SearchData> {
        self.run(ops::SEARCH, json!({ "input": input }), CachePolicy::Listing).await
    }
}

fn response(data: &ProductData) -> Option<ProductResponse> {
    let product = transform::product(data.product.as_ref()?, data.active_channel);
    Some(ProductResponse { id: product.id.clone(), products: vec![product] })
}

#[async_trait::async_trait]
impl CatalogueDriver for VendureDriver {
    async fn list(&self, limit: usize) -> DriverResult<Vec<Product>> {
        let take = if limit == 0 { DEFAULT_LIST_LENGTH } else { limit };
        let data = self.search_page(json!({ "groupByProduct": true, "take": take })).await?;
        Ok(data.search.items.iter().map(|i| transform::card(i, data.active_channel)).collect())
    }

    async fn best_sellers(&self) -> DriverResult<Vec<Product>> {
        self.list(BEST_SELLERS).await
    }

    async fn get(&self, id: &str) -> DriverResult<ProductResponse> {
        response(&self.product(json!({ "id": id })).await?)
            .ok_or_else(|| DriverError::NotFound(format!("product {id}")))
    }

    async fn get_by_url(&self, url: &str) -> DriverResult<ProductResponse> {
        let slug = transform::product_slug(url).ok_or(DriverError::NoProduct)?;
        response(&self.product(json!({ "slug": slug })).await?).ok_or(DriverError::NoProduct)
    }

    /// The collection and one page of its products in one request.
    async fn category_page(&self, url: &str, page: u32, sort: ProductSort) -> DriverResult<CategoryPage> {
        let not_found = || DriverError::NotFound(format!("category {url}"));
        let slug = transform::collection_slug(url).ok_or_else(not_found)?;
        let input = transform::search_input(("collectionSlug", slug), page, sort);
        let data: CollectionPageData =
            self.run(ops::COLLECTION_PAGE, json!({ "slug": slug, "input": input }), CachePolicy::Listing).await?;
        let collection = data.collection.as_ref().ok_or_else(not_found)?;
        Ok(CategoryPage {
            category: Some(transform::category(collection)),
            listing: Some(transform::listing(&data.search, data.active_channel, page)),
        })
    }

    /// A term Vendure cannot search (shorter than three characters: it would match
    /// everything) finds nothing, without asking.
    async fn search(&self, query: &str, page: u32, sort: ProductSort) -> DriverResult<ProductPage> {
        if !transform::searchable(query) {
            return Ok(transform::no_results(page));
        }
        let data = self.search_page(transform::search_input(("term", query), page, sort)).await?;
        Ok(transform::listing(&data.search, data.active_channel, page))
    }

    /// Vendure has no content pages.
    async fn content_page(&self, url: &str) -> DriverResult<ContentPage> {
        Err(DriverError::NotFound(format!("page {url}")))
    }

    async fn categories(&self) -> DriverResult<Vec<NavigationNode>> {
        Ok(transform::top_categories(&self.collections().await?))
    }
}

#[async_trait::async_trait]
impl NavigationDriver for VendureDriver {
    async fn tree(&self) -> DriverResult<NavigationNode> {
        Ok(transform::menu(&self.collections().await?))
    }
}

#[async_trait::async_trait]
impl RouteDriver for VendureDriver {
    /// Products at `/products/{slug}` (the product page's own cached answer), collections
    /// at `/collections/{slug}`; anything else is not found.
    async fn resolve(&self, url: &str) -> DriverResult<RouteResolution> {
        if let Some(slug) = transform::collection_slug(url) {
            let data: CollectionData = self.run(ops::COLLECTION, json!({ "slug": slug }), CachePolicy::Route).await?;
            return Ok(transform::collection_resolution(url, data.collection.as_ref()));
        }
        let Some(slug) = transform::product_slug(url) else { return Ok(vitrine_domain::route::not_found()) };
        let data = self.product(json!({ "slug": slug })).await?;
        Ok(transform::product_resolution(url, data.product.as_ref()))
    }
}
