//! The Shopify driver: send an operation, then transform.

use std::future::Future;

use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use vitrine_domain::cache::CachePolicy;
use vitrine_domain::paths::resource_handle;
use vitrine_domain::{DriverError, listing};
use vitrine_proto::v1::{
    CategoryPage, ContentPage, NavigationNode, Product, ProductPage, ProductResponse, ProductSort, RouteResolution,
};

use super::config::{DEFAULT_LIST_LENGTH, MAX_CONNECTION_LENGTH};
use super::models::{
    CollectionCursorsData, CollectionData, CursorConnection, MenuData, PageData, ProductData, ProductsData,
    SearchCursorsData, SearchData, ShopifyPage, ShopifyProduct,
};
use super::{operations as ops, transform};
use crate::drivers::{CatalogueDriver, DriverResult, NavigationDriver, RouteDriver};
use crate::graphql::{GraphQlClient, Operation};

/// The menu handle 'collections'.
const MENU_HANDLE: &str = "collections";
const BEST_SELLERS: usize = 4;
/// The most products a listing counts: every page a visitor may ask for. A
/// longer collection reports this many, a lower bound.
const MAX_LISTED: usize = listing::MAX_PAGE as usize * listing::PAGE_SIZE as usize;

pub struct ShopifyDriver {
    client: GraphQlClient,
}

impl ShopifyDriver {
    #[must_use]
    pub const fn new(client: GraphQlClient) -> Self {
        Self { client }
    }

    async fn run<T: DeserializeOwned>(&self, op: Operation, variables: Value, policy: CachePolicy) -> DriverResult<T> {
        let data = self.client.execute(op, variables, policy).await?;
        serde_json::from_value(data).map_err(|e| {
            tracing::warn!(operation = op.name, error = %e, "undecodable Shopify answer");
            DriverError::Undecodable(e.to_string())
        })
    }

    async fn menu(&self) -> DriverResult<MenuData> {
        self.run(ops::GET_COLLECTION_MENU, json!({ "handle": MENU_HANDLE }), CachePolicy::Navigation).await
    }

    /// One stretch of a collection's cursors, `MAX_CONNECTION_LENGTH` long.
    async fn collection_cursors(
        &self,
        handle: &str,
        sort: ProductSort,
        after: Option<String>,
    ) -> DriverResult<CursorConnection> {
        let variables =
            paged("handle", handle, MAX_CONNECTION_LENGTH, after.as_deref(), transform::collection_sort(sort));
        let data: CollectionCursorsData =
            self.run(ops::GET_COLLECTION_CURSORS, variables, CachePolicy::Listing).await?;
        data.collection.map(|c| c.products).ok_or_else(|| DriverError::NotFound(format!("collection {handle}")))
    }

    /// One stretch of search results' cursors, `MAX_CONNECTION_LENGTH` long.
    async fn search_cursors(
        &self,
        query: &str,
        sort: ProductSort,
        after: Option<String>,
    ) -> DriverResult<CursorConnection> {
        let variables = paged("query", query, MAX_CONNECTION_LENGTH, after.as_deref(), transform::search_sort(sort));
        let data: SearchCursorsData = self.run(ops::SEARCH_CURSORS, variables, CachePolicy::Listing).await?;
        Ok(data.search)
    }

    /// `page(handle:)`, for the content page and its route alike (one cached answer).
    async fn page(&self, handle: &str) -> DriverResult<Option<ShopifyPage>> {
        let data: PageData = self.run(ops::GET_PAGE, json!({ "handle": handle }), CachePolicy::Content).await?;
        Ok(data.page)
    }

    async fn by_handle(&self, handle: &str) -> DriverResult<Option<ShopifyProduct>> {
        let data: ProductData =
            self.run(ops::GET_PRODUCT_BY_URL, json!({ "handle": handle }), CachePolicy::Product).await?;
        Ok(data.product)
    }
}

/// The variables of a sorted connection's stretch: `first` after `after`, of the
/// collection or search that `key: value` names.
fn paged(key: &str, value: &str, first: u32, after: Option<&str>, (sort_key, reverse): (&str, bool)) -> Value {
    json!({ key: value, "first": first, "after": after, "sortKey": sort_key, "reverse": reverse })
}

/// The cursors of a connection in order, walked `MAX_CONNECTION_LENGTH` at a time until
/// at least `limit` of them or the end. Shopify pages by cursor only, so page N of 24
/// starts after the cursor of item 24·(N−1): walking cursors (no product fields) is the
/// cheap way there, and every stretch is cached, so a warm walk costs no round trip.
async fn walk<F, Fut>(limit: usize, mut stretch: F) -> DriverResult<Vec<String>>
where
    F: FnMut(Option<String>) -> Fut + Send,
    Fut: Future<Output = DriverResult<CursorConnection>> + Send,
{
    let mut cursors = Vec::new();
    let mut after = None;
    loop {
        let next = stretch(after).await?;
        let ended = next.edges.is_empty() || !next.page_info.has_next_page;
        cursors.extend(next.edges.into_iter().map(|e| e.cursor));
        after = next.page_info.end_cursor;
        if ended || cursors.len() >= limit || after.is_none() {
            return Ok(cursors);
        }
    }
}

fn response(p: &ShopifyProduct) -> ProductResponse {
    let product = transform::product(p);
    ProductResponse { id: product.id.clone(), products: vec![product] }
}

#[async_trait::async_trait]
impl CatalogueDriver for ShopifyDriver {
    async fn list(&self, limit: usize) -> DriverResult<Vec<Product>> {
        let length = if limit == 0 { DEFAULT_LIST_LENGTH } else { limit };
        let data: ProductsData =
            self.run(ops::GET_ALL_PRODUCTS, json!({ "length": length }), CachePolicy::ProductList).await?;
        Ok(data.products.map(|p| p.nodes).unwrap_or_default().iter().map(transform::product).collect())
    }

    async fn best_sellers(&self) -> DriverResult<Vec<Product>> {
        self.list(BEST_SELLERS).await
    }

    async fn get(&self, id: &str) -> DriverResult<ProductResponse> {
        let data: ProductData =
            self.run(ops::GET_A_PRODUCT, json!({ "id": transform::product_gid(id) }), CachePolicy::Product).await?;
        data.product.as_ref().map(response).ok_or_else(|| DriverError::NotFound(format!("product {id}")))
    }

    async fn get_by_url(&self, url: &str) -> DriverResult<ProductResponse> {
        let handle = transform::handle(url).ok_or(DriverError::NoProduct)?;
        self.by_handle(handle).await?.as_ref().map(response).ok_or(DriverError::NoProduct)
    }

    /// Walks the whole collection's cursors (cached) to count it and find where the page
    /// starts, then asks for that page; the menu (cached with the navigation) places the
    /// collection for breadcrumbs and child links.
    async fn category_page(&self, url: &str, page: u32, sort: ProductSort) -> DriverResult<CategoryPage> {
        let not_found = || DriverError::NotFound(format!("category {url}"));
        let handle = resource_handle(url, "collections").ok_or_else(not_found)?;
        let (cursors, menu) = futures_util::try_join!(
            walk(MAX_LISTED, |after| self.collection_cursors(handle, sort, after)),
            self.menu(),
        )?;
        let after = transform::page_cursor(&cursors, page);
        let variables = paged("handle", handle, listing::PAGE_SIZE, after.as_deref(), transform::collection_sort(sort));
        let data: CollectionData = self.run(ops::GET_COLLECTION_PAGE, variables, CachePolicy::Listing).await?;
        let collection = data.collection.ok_or_else(not_found)?;
        let products = collection.products.as_ref().map(|p| p.nodes.as_slice()).unwrap_or_default();
        let total = u32::try_from(cursors.len().min(MAX_LISTED)).unwrap_or(u32::MAX);
        Ok(CategoryPage {
            listing: Some(transform::listing(products, total, page, &transform::COLLECTION_SORTS)),
            category: Some(transform::category(&collection, menu.menu.as_ref())),
        })
    }

    /// `search(types: [PRODUCT])`, which counts its results (`totalCount`) and sorts by
    /// relevance or price; pages past the first start after a walk of cursors.
    async fn search(&self, query: &str, page: u32, sort: ProductSort) -> DriverResult<ProductPage> {
        let offset = listing::offset(page);
        let cursors = if offset == 0 {
            Vec::new()
        } else {
            walk(offset, |after| self.search_cursors(query, sort, after)).await?
        };
        let after = transform::page_cursor(&cursors, page);
        let variables = paged("query", query, listing::PAGE_SIZE, after.as_deref(), transform::search_sort(sort));
        let data: SearchData = self.run(ops::SEARCH_PRODUCTS, variables, CachePolicy::Listing).await?;
        Ok(transform::listing(&data.search.nodes, data.search.total_count, page, &transform::SEARCH_SORTS))
    }

    /// `/pages/{handle}`; blogs and articles are not content pages here (not found).
    async fn content_page(&self, url: &str) -> DriverResult<ContentPage> {
        let not_found = || DriverError::NotFound(format!("page {url}"));
        let handle = resource_handle(url, "pages").ok_or_else(not_found)?;
        self.page(handle).await?.as_ref().map(transform::content_page).ok_or_else(not_found)
    }

    /// The menu's top-level collections: its pages, blogs and links are not categories.
    async fn categories(&self) -> DriverResult<Vec<NavigationNode>> {
        Ok(transform::top_collections(self.tree().await?))
    }
}

#[async_trait::async_trait]
impl NavigationDriver for ShopifyDriver {
    async fn tree(&self) -> DriverResult<NavigationNode> {
        self.menu()
            .await?
            .menu
            .as_ref()
            .map(transform::navigation)
            .ok_or_else(|| DriverError::NotFound(format!("menu {MENU_HANDLE}")))
    }
}

#[async_trait::async_trait]
impl RouteDriver for ShopifyDriver {
    /// Products at `/products/{handle}`; collections at `/collections/{handle}`
    /// (CATEGORY) and pages at `/pages/{handle}` (CMS_PAGE).
    async fn resolve(&self, url: &str) -> DriverResult<RouteResolution> {
        if let Some(handle) = resource_handle(url, "collections") {
            let data: CollectionData =
                self.run(ops::GET_COLLECTION, json!({ "handle": handle }), CachePolicy::Route).await?;
            return Ok(transform::collection_resolution(url, data.collection.as_ref()));
        }
        if let Some(handle) = resource_handle(url, "pages") {
            return Ok(transform::page_resolution(url, self.page(handle).await?.as_ref()));
        }
        let Some(handle) = transform::handle(url) else { return Ok(transform::resolution(url, None)) };
        Ok(transform::resolution(url, self.by_handle(handle).await?.as_ref()))
    }
}
