//! The Shopify driver: send an operation, then transform (spec §7).

use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use vitrine_domain::DriverError;
use vitrine_domain::cache::CachePolicy;
use vitrine_proto::v1::{NavigationNode, Product, ProductResponse, RouteResolution};

use super::config::DEFAULT_LIST_LENGTH;
use super::models::{MenuData, ProductData, ProductsData, ShopifyProduct};
use super::{operations as ops, transform};
use crate::drivers::{CatalogueDriver, DriverResult, NavigationDriver, RouteDriver};
use crate::graphql::{GraphQlClient, Operation};

/// spec §7: the menu handle 'collections'.
const MENU_HANDLE: &str = "collections";
const BEST_SELLERS: usize = 4;

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

    async fn by_handle(&self, handle: &str) -> DriverResult<Option<ShopifyProduct>> {
        let data: ProductData =
            self.run(ops::GET_PRODUCT_BY_URL, json!({ "handle": handle }), CachePolicy::Product).await?;
        Ok(data.product)
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
}

#[async_trait::async_trait]
impl NavigationDriver for ShopifyDriver {
    async fn tree(&self) -> DriverResult<NavigationNode> {
        let data: MenuData =
            self.run(ops::GET_COLLECTION_MENU, json!({ "handle": MENU_HANDLE }), CachePolicy::Navigation).await?;
        data.menu
            .as_ref()
            .map(transform::navigation)
            .ok_or_else(|| DriverError::NotFound(format!("menu {MENU_HANDLE}")))
    }
}

#[async_trait::async_trait]
impl RouteDriver for ShopifyDriver {
    async fn resolve(&self, url: &str) -> DriverResult<RouteResolution> {
        let Some(handle) = transform::handle(url) else { return Ok(transform::resolution(url, None)) };
        Ok(transform::resolution(url, self.by_handle(handle).await?.as_ref()))
    }
}
