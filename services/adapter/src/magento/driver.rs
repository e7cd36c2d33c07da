//! The Magento driver: send an operation, then transform.

use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use vitrine_domain::cache::CachePolicy;
use vitrine_domain::{DriverError, navigation};
use vitrine_proto::v1::{
    CategoryPage, ContentPage, NavigationNode, Product, ProductPage, ProductResponse, ProductSort, RouteResolution,
};

use super::models::{
    CategoryListData, MagentoCategoryRoute, MagentoCmsPage, MagentoProduct, MagentoRoute, ProductsData, RouteData,
    StoreConfigData,
};
use super::{operations as ops, transform};
use crate::drivers::{CatalogueDriver, DriverResult, NavigationDriver, RouteDriver};
use crate::graphql::{GraphQlClient, Operation};

/// Magento's own default page size.
const DEFAULT_PAGE_SIZE: usize = 20;
/// Magento has no best-seller list in the spec's operations: the first products stand in.
const BEST_SELLERS: usize = 4;

pub struct MagentoDriver {
    client: GraphQlClient,
    media_base: String,
}

impl MagentoDriver {
    #[must_use]
    pub const fn new(client: GraphQlClient, media_base: String) -> Self {
        Self { client, media_base }
    }

    async fn run<T: DeserializeOwned>(&self, op: Operation, variables: Value, policy: CachePolicy) -> DriverResult<T> {
        let data = self.client.execute(op, variables, policy).await?;
        serde_json::from_value(data).map_err(|e| {
            tracing::warn!(operation = op.name, error = %e, "undecodable Magento answer");
            DriverError::Undecodable(e.to_string())
        })
    }

    async fn page(&self, size: usize) -> DriverResult<Vec<Product>> {
        let data: ProductsData =
            self.run(ops::GET_ALL_PRODUCTS, json!({ "pageSize": size }), CachePolicy::ProductList).await?;
        let items = data.products.map(|p| p.items).unwrap_or_default();
        Ok(items.iter().map(|p| transform::product(p, &self.media_base)).collect())
    }

    fn response(&self, p: &MagentoProduct) -> ProductResponse {
        let product = transform::product(p, &self.media_base);
        ProductResponse { id: product.id.clone(), products: vec![product] }
    }

    /// The input fields of Magento's product filter and their type names (the spec's
    /// introspection query), e.g. `("sku", "FilterEqualTypeInput")`.
    ///
    /// # Errors
    /// As any operation.
    pub async fn filter_field_types(&self) -> DriverResult<Vec<(String, String)>> {
        let data: Value = self.run(ops::GET_PRODUCT_FILTER_FIELD_TYPES, json!({}), CachePolicy::Navigation).await?;
        let fields = data["__type"]["inputFields"].as_array().cloned().unwrap_or_default();
        Ok(fields
            .iter()
            .filter_map(|f| {
                Some((f["name"].as_str()?.to_owned(), f["type"]["name"].as_str().unwrap_or_default().to_owned()))
            })
            .collect())
    }
}

#[async_trait::async_trait]
impl CatalogueDriver for MagentoDriver {
    async fn list(&self, limit: usize) -> DriverResult<Vec<Product>> {
        self.page(if limit == 0 { DEFAULT_PAGE_SIZE } else { limit }).await
    }

    async fn best_sellers(&self) -> DriverResult<Vec<Product>> {
        self.page(BEST_SELLERS).await
    }

    async fn get(&self, sku: &str) -> DriverResult<ProductResponse> {
        let data: ProductsData = self.run(ops::GET_A_PRODUCT, json!({ "sku": sku }), CachePolicy::Product).await?;
        let items = data.products.map(|p| p.items).unwrap_or_default();
        items.first().map(|p| self.response(p)).ok_or_else(|| DriverError::NotFound(format!("product {sku}")))
    }

    /// A lookup by url whose answer has no sku fails with 'The platform did not
    /// respond with a product.'
    async fn get_by_url(&self, url: &str) -> DriverResult<ProductResponse> {
        let data: RouteData<MagentoProduct> =
            self.run(ops::GET_A_PRODUCT_BY_URL, json!({ "url": url }), CachePolicy::Product).await?;
        match data.route {
            Some(p) if p.sku.as_deref().is_some_and(|s| !s.is_empty()) => Ok(self.response(&p)),
            _ => Err(DriverError::NoProduct),
        }
    }

    /// One operation, so one round trip when cold: the route lookup carries the page of
    /// products (`CategoryInterface.products`), no second query by `category_uid`.
    async fn category_page(&self, url: &str, page: u32, sort: ProductSort) -> DriverResult<CategoryPage> {
        let mut variables = transform::page_variables(page, sort, false);
        variables["url"] = json!(url);
        match self
            .run::<RouteData<MagentoCategoryRoute>>(ops::GET_CATEGORY_PAGE, variables, CachePolicy::ProductList)
            .await
        {
            Ok(data) => transform::category_page(data.route.as_ref(), url, page, &self.media_base),
            // Past the last page: the category and its total from page 1, no products.
            Err(e) if page > 1 && transform::past_last_page(&e) => {
                let mut first = self.category_page(url, 1, sort).await?;
                if let Some(listing) = first.listing.as_mut() {
                    listing.products.clear();
                    listing.page = page;
                }
                Ok(first)
            }
            Err(e) => Err(e),
        }
    }

    async fn search(&self, query: &str, page: u32, sort: ProductSort) -> DriverResult<ProductPage> {
        let mut variables = transform::page_variables(page, sort, true);
        variables["search"] = json!(query);
        match self.run::<ProductsData>(ops::SEARCH_PRODUCTS, variables, CachePolicy::ProductList).await {
            Ok(data) => Ok(transform::product_page(data.products.as_ref(), page, &self.media_base)),
            Err(e) if page > 1 && transform::past_last_page(&e) => {
                let first = self.search(query, 1, sort).await?;
                Ok(ProductPage { products: Vec::new(), page, ..first })
            }
            Err(e) => Err(e),
        }
    }

    /// The route's CMS page (any url Magento rewrites to one, not only identifiers).
    async fn content_page(&self, url: &str) -> DriverResult<ContentPage> {
        let data: RouteData<MagentoCmsPage> =
            self.run(ops::GET_CONTENT_PAGE, json!({ "url": url }), CachePolicy::Route).await?;
        transform::content_page(data.route.as_ref(), url)
    }

    /// The top level of the store's category tree (the menu's).
    async fn categories(&self) -> DriverResult<Vec<NavigationNode>> {
        Ok(navigation::top_level(self.tree().await?))
    }
}

#[async_trait::async_trait]
impl NavigationDriver for MagentoDriver {
    /// The root from storeConfig, then its tree 3 levels deep.
    async fn tree(&self) -> DriverResult<NavigationNode> {
        let config: StoreConfigData = self.run(ops::GET_ROOT_CATEGORY_ID, json!({}), CachePolicy::Navigation).await?;
        let root = config
            .store_config
            .and_then(|c| c.root_category_uid)
            .ok_or_else(|| DriverError::Undecodable("storeConfig has no root_category_uid".into()))?;
        let filters = json!({ "filters": { "category_uid": { "eq": root } } });
        let data: CategoryListData = self.run(ops::GET_CATEGORY_TREE, filters, CachePolicy::Navigation).await?;
        data.category_list
            .first()
            .map(transform::navigation)
            .ok_or_else(|| DriverError::NotFound(format!("category {root}")))
    }
}

#[async_trait::async_trait]
impl RouteDriver for MagentoDriver {
    async fn resolve(&self, url: &str) -> DriverResult<RouteResolution> {
        let data: RouteData<MagentoRoute> =
            self.run(ops::RESOLVE_URL, json!({ "url": url }), CachePolicy::Route).await?;
        Ok(transform::resolution(data.route.as_ref()))
    }
}
