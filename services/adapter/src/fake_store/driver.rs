//! The fake-store driver: GET, then transform.

use vitrine_domain::DriverError;
use vitrine_domain::cache::CachePolicy;
use vitrine_proto::v1::{
    CategoryPage, ContentPage, NavigationNode, Product, ProductPage, ProductResponse, ProductSort, RouteResolution,
};

use super::models::FakeStoreProduct;
use super::transform;
use crate::drivers::{CatalogueDriver, DriverResult, RouteDriver};
use crate::rest::RestClient;

const BEST_SELLERS: usize = 4;

pub struct FakeStoreDriver {
    client: RestClient,
}

impl FakeStoreDriver {
    #[must_use]
    pub const fn new(client: RestClient) -> Self {
        Self { client }
    }

    /// The store's whole list as it sends it.
    async fn listed(&self) -> DriverResult<Vec<FakeStoreProduct>> {
        self.client.get_json("/products", CachePolicy::ProductList).await
    }

    async fn all(&self) -> DriverResult<Vec<Product>> {
        Ok(self.listed().await?.iter().map(transform::product).collect())
    }

    /// The store's category names.
    async fn category_names(&self) -> DriverResult<Vec<String>> {
        self.client.get_json("/products/categories", CachePolicy::Navigation).await
    }

    /// `None` when the store has no such product (404 or an empty body).
    async fn find(&self, id: &str) -> DriverResult<Option<Product>> {
        let path = format!("/products/{}", urlencoding::encode(id));
        let found: Option<FakeStoreProduct> = self.client.get_json_opt(&path, CachePolicy::Product).await?;
        Ok(found.as_ref().map(transform::product))
    }
}

fn response(p: Product) -> ProductResponse {
    ProductResponse { id: p.id.clone(), products: vec![p] }
}

#[async_trait::async_trait]
impl CatalogueDriver for FakeStoreDriver {
    async fn list(&self, limit: usize) -> DriverResult<Vec<Product>> {
        Ok(vitrine_domain::listing::at_most(self.all().await?, limit))
    }

    async fn best_sellers(&self) -> DriverResult<Vec<Product>> {
        self.list(BEST_SELLERS).await
    }

    async fn get(&self, id: &str) -> DriverResult<ProductResponse> {
        if transform::product_id(&format!("/product/{id}")) != Some(id) {
            return Err(DriverError::NotFound(format!("product {id}")));
        }
        self.find(id).await?.map(response).ok_or_else(|| DriverError::NotFound(format!("product {id}")))
    }

    async fn get_by_url(&self, url: &str) -> DriverResult<ProductResponse> {
        let id = transform::product_id(url).ok_or(DriverError::NoProduct)?;
        self.find(id).await?.map(response).ok_or(DriverError::NoProduct)
    }

    /// `/category/{slug}` of one of the store's categories; the store answers
    /// the whole category, sorted and paged here.
    async fn category_page(&self, url: &str, page: u32, sort: ProductSort) -> DriverResult<CategoryPage> {
        let names = self.category_names().await?;
        let name =
            transform::category_named(&names, url).ok_or_else(|| DriverError::NotFound(format!("category {url}")))?;
        let path = format!("/products/category/{}", urlencoding::encode(name));
        let list: Vec<FakeStoreProduct> = self.client.get_json(&path, CachePolicy::Listing).await?;
        Ok(transform::category_page(name, list.iter().map(transform::product).collect(), page, sort))
    }

    /// The store has no search: its list, filtered here.
    async fn search(&self, query: &str, page: u32, sort: ProductSort) -> DriverResult<ProductPage> {
        Ok(transform::product_page(transform::matching(self.all().await?, query), page, sort))
    }

    /// The store has no content pages.
    async fn content_page(&self, url: &str) -> DriverResult<ContentPage> {
        Err(DriverError::NotFound(format!("page {url}")))
    }

    /// The store's categories (its menu is in-memory's), counted over its list:
    /// the list the home page asks for anyway, so usually cached.
    async fn categories(&self) -> DriverResult<Vec<NavigationNode>> {
        let (names, listed) = tokio::try_join!(self.category_names(), self.listed())?;
        Ok(transform::category_links(&names, &listed))
    }
}

#[async_trait::async_trait]
impl RouteDriver for FakeStoreDriver {
    async fn resolve(&self, url: &str) -> DriverResult<RouteResolution> {
        if url.starts_with("/category/") {
            let names = self.category_names().await?;
            let found = transform::category_named(&names, url);
            return Ok(found.map_or_else(vitrine_domain::route::not_found, |n| {
                vitrine_domain::route::category(&transform::category_slug(n), url)
            }));
        }
        let Some(id) = transform::product_id(url) else { return Ok(transform::resolution(url, None)) };
        Ok(transform::resolution(url, self.find(id).await?.as_ref()))
    }
}
