//! The Medusa driver: Store API GETs over the cached REST client, then transforms.

use tokio::sync::OnceCell;
use vitrine_domain::cache::CachePolicy;
use vitrine_domain::{Backend, DriverError, route};
use vitrine_proto::v1::{
    CategoryPage, ContentPage, NavigationNode, Product, ProductPage, ProductResponse, ProductSort, RouteResolution,
};

use super::models::{CategoryList, ErrorBody, MedusaCategory, MedusaProduct, ProductList, ProductOne, RegionList};
use super::transform;
use crate::drivers::{CatalogueDriver, DriverResult, NavigationDriver, RouteDriver};
use crate::rest::RestClient;

/// The home page's best sellers are the first four in the store's default order.
const BEST_SELLERS: usize = 4;
/// A list without a length asks for Medusa's default page (50); the most asked is 100.
const DEFAULT_LIST: usize = 50;
const MAX_LIST: usize = 100;
/// The most categories read at once: the whole tree of a storefront's menu.
const CATEGORY_LIMIT: usize = 1000;

/// Medusa's 400 `not_allowed` naming the publishable key (its texts for a
/// missing, a wrong or an unscoped key all do), and a 401, is a refused key. Other
/// `not_allowed` answers are the caller's to read (too little stock).
fn read_error(status: u16, body: &[u8]) -> Option<DriverError> {
    let error = serde_json::from_slice::<ErrorBody>(body).ok()?;
    let names_the_key = error.message.is_some_and(|m| m.to_ascii_lowercase().contains("publishable"));
    let refused = match (status, error.kind?.as_str()) {
        (400, "not_allowed") => names_the_key,
        (401, "unauthorized") => true,
        _ => false,
    };
    refused.then_some(DriverError::KeyRefused(Backend::Medusa, super::backend::KEY_SETTING))
}

pub struct MedusaDriver {
    client: RestClient,
    configured_region: Option<String>,
    /// The first region, read once; a failed read is not kept (the next call retries).
    first_region: OnceCell<String>,
}

impl MedusaDriver {
    #[must_use]
    pub fn new(client: RestClient, region_id: Option<String>) -> Self {
        Self {
            client: client.with_error_reader(read_error),
            configured_region: region_id.filter(|r| !r.trim().is_empty()),
            first_region: OnceCell::new(),
        }
    }

    /// The client, for the cart calls (the write path).
    pub(super) const fn client(&self) -> &RestClient {
        &self.client
    }

    /// The region whose prices are shown (and carts are made in): the configured one,
    /// else the store's first.
    pub(super) async fn region(&self) -> DriverResult<&str> {
        if let Some(region) = &self.configured_region {
            return Ok(region);
        }
        let first = self
            .first_region
            .get_or_try_init(|| async {
                let list: RegionList = self.client.get_json("/store/regions?limit=1", CachePolicy::Navigation).await?;
                list.regions.into_iter().next().map(|r| r.id).ok_or_else(|| DriverError::NotFound("a region".into()))
            })
            .await?;
        Ok(first)
    }

    /// `/store/products?{filter}` with the region's prices.
    async fn products(&self, filter: &str, policy: CachePolicy) -> DriverResult<ProductList> {
        let region = urlencoding::encode(self.region().await?).into_owned();
        let fields = urlencoding::encode(transform::PRODUCT_FIELDS);
        let path = format!("/store/products?fields={fields}&region_id={region}{filter}");
        self.client.get_json(&path, policy).await
    }

    async fn by_handle(&self, handle: &str) -> DriverResult<Option<MedusaProduct>> {
        let filter = format!("&handle={}&limit=1", urlencoding::encode(handle));
        Ok(self.products(&filter, CachePolicy::Product).await?.products.into_iter().next())
    }

    /// The whole category tree: the top level with its descendants (one cached call for
    /// the menu, the home page's categories, routes and category pages).
    async fn category_tree(&self) -> DriverResult<Vec<MedusaCategory>> {
        let path = format!(
            "/store/product-categories?parent_category_id=null&include_descendants_tree=true&limit={CATEGORY_LIMIT}"
        );
        let list: CategoryList = self.client.get_json(&path, CachePolicy::Navigation).await?;
        Ok(list.product_categories)
    }
}

fn response(p: Product) -> ProductResponse {
    ProductResponse { id: p.id.clone(), products: vec![p] }
}

#[async_trait::async_trait]
impl CatalogueDriver for MedusaDriver {
    async fn list(&self, limit: usize) -> DriverResult<Vec<Product>> {
        let limit = if limit == 0 { DEFAULT_LIST } else { limit.min(MAX_LIST) };
        let list = self.products(&format!("&limit={limit}"), CachePolicy::ProductList).await?;
        Ok(list.products.iter().map(transform::product).collect())
    }

    /// The first four in the store's default order: Medusa keeps no sales figures a
    /// storefront can read.
    async fn best_sellers(&self) -> DriverResult<Vec<Product>> {
        self.list(BEST_SELLERS).await
    }

    async fn get(&self, id: &str) -> DriverResult<ProductResponse> {
        let region = urlencoding::encode(self.region().await?).into_owned();
        let fields = urlencoding::encode(transform::PRODUCT_FIELDS);
        let path = format!("/store/products/{}?fields={fields}&region_id={region}", urlencoding::encode(id));
        let found: Option<ProductOne> = self.client.get_json_opt(&path, CachePolicy::Product).await?;
        found
            .map(|one| response(transform::product(&one.product)))
            .ok_or_else(|| DriverError::NotFound(format!("product {id}")))
    }

    async fn get_by_url(&self, url: &str) -> DriverResult<ProductResponse> {
        let handle = transform::product_handle(url).ok_or(DriverError::NoProduct)?;
        self.by_handle(handle).await?.map(|p| response(transform::product(&p))).ok_or(DriverError::NoProduct)
    }

    /// The category and what it and its descendants hold (`category_id[]`, one page).
    async fn category_page(&self, url: &str, page: u32, sort: ProductSort) -> DriverResult<CategoryPage> {
        let not_found = || DriverError::NotFound(format!("category {url}"));
        let handles = transform::category_handles(url).ok_or_else(not_found)?;
        let tree = self.category_tree().await?;
        let path = transform::find_category(&tree, &handles).ok_or_else(not_found)?;
        let here = path.last().ok_or_else(not_found)?;
        let ids: String = transform::subtree_ids(here)
            .iter()
            .map(|id| format!("&category_id[]={}", urlencoding::encode(id)))
            .collect();
        let list = self.products(&format!("{ids}{}", transform::page_query(page, sort)), CachePolicy::Listing).await?;
        Ok(CategoryPage {
            category: Some(transform::category(&path)),
            listing: Some(transform::product_page(&list, page)),
        })
    }

    async fn search(&self, query: &str, page: u32, sort: ProductSort) -> DriverResult<ProductPage> {
        let filter = format!("&q={}{}", urlencoding::encode(query), transform::page_query(page, sort));
        Ok(transform::product_page(&self.products(&filter, CachePolicy::Listing).await?, page))
    }

    /// Medusa has no content pages.
    async fn content_page(&self, url: &str) -> DriverResult<ContentPage> {
        Err(DriverError::NotFound(format!("page {url}")))
    }

    async fn categories(&self) -> DriverResult<Vec<NavigationNode>> {
        Ok(transform::top_categories(&self.category_tree().await?))
    }
}

#[async_trait::async_trait]
impl NavigationDriver for MedusaDriver {
    async fn tree(&self) -> DriverResult<NavigationNode> {
        Ok(transform::menu(&self.category_tree().await?))
    }
}

#[async_trait::async_trait]
impl RouteDriver for MedusaDriver {
    /// `/products/{handle}` is a PRODUCT, `/categories/{handle…}` a CATEGORY (each handle
    /// a child of the one before), anything else not found.
    async fn resolve(&self, url: &str) -> DriverResult<RouteResolution> {
        if let Some(handle) = transform::product_handle(url) {
            return Ok(self.by_handle(handle).await?.map_or_else(route::not_found, |p| route::product(&p.id, url)));
        }
        if let Some(handles) = transform::category_handles(url) {
            let tree = self.category_tree().await?;
            let found = transform::find_category(&tree, &handles).and_then(|path| path.last().map(|c| c.id.clone()));
            return Ok(found.map_or_else(route::not_found, |id| route::category(&id, url)));
        }
        Ok(route::not_found())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_refused_key_is_read_as_one() {
        let body = |kind: &str, message: &str| format!(r#"{{"type":"{kind}","message":"{message}"}}"#).into_bytes();
        let missing = "Publishable API key required in the request header: x-publishable-api-key.";
        let wrong = "A valid publishable key is required to proceed with the request";
        let stock = r#"{"type":"not_allowed","code":"insufficient_inventory","message":"Some variant does not have the required inventory"}"#;
        for (status, body, refused) in [
            (400, body("not_allowed", missing), true),
            (400, body("not_allowed", wrong), true),
            (401, body("unauthorized", "Unauthorized"), true),
            // A refusal of a cart change is not the key's.
            (400, stock.as_bytes().to_vec(), false),
            (400, body("not_allowed", "x"), false),
            (400, body("invalid_data", wrong), false),
            (404, body("not_found", "x"), false),
            (500, body("not_allowed", wrong), false),
            (400, b"<html>".to_vec(), false),
            (400, Vec::new(), false),
        ] {
            let read = read_error(status, &body);
            assert_eq!(read.is_some(), refused, "{status} {}", String::from_utf8_lossy(&body));
            if let Some(e) = read {
                assert_eq!(e, DriverError::KeyRefused(Backend::Medusa, crate::medusa::backend::KEY_SETTING));
            }
        }
    }
}
