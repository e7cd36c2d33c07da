//! The in-memory driver: sends to the mock-data REST API, then transforms.

use vitrine_domain::cache::CachePolicy;
use vitrine_domain::{DriverError, navigation};
use vitrine_proto::v1::{
    CategoryPage, ContentPage, NavigationNode, Product, ProductPage, ProductResponse, ProductSort, RouteResolution,
};

use super::models::MockListing;
use super::transform;
use crate::drivers::{CatalogueDriver, DriverResult, NavigationDriver, RouteDriver};
use crate::rest::RestClient;

pub struct InMemoryDriver {
    client: RestClient,
}

impl InMemoryDriver {
    #[must_use]
    pub const fn new(client: RestClient) -> Self {
        Self { client }
    }

    async fn all(&self) -> DriverResult<Vec<Product>> {
        self.client.get_json("/api/products", CachePolicy::ProductList).await
    }

    /// The product the mock finds at `url` (by id or url), none when there is none.
    async fn product_at(&self, url: &str) -> DriverResult<Vec<Product>> {
        let Some(path) = transform::product_by_url_path(url) else { return Ok(Vec::new()) };
        match self.client.get_json::<ProductResponse>(&path, CachePolicy::Product).await {
            Ok(found) => Ok(found.products),
            Err(DriverError::NotFound(_)) => Ok(Vec::new()),
            Err(other) => Err(other),
        }
    }

    /// A category below the menu, found by its listing's first page in the default
    /// order: the page the category's view then reads, so the look-up costs it no call.
    async fn listed_category(&self, url: &str) -> DriverResult<RouteResolution> {
        let Some(path) = transform::category_path(url, 1, ProductSort::Position) else {
            return Ok(vitrine_domain::route::not_found());
        };
        match self.client.get_json::<MockListing>(&path, CachePolicy::Listing).await {
            Ok(listing) => Ok(transform::listed_category(Some(&listing), url)),
            Err(DriverError::NotFound(_)) => Ok(transform::listed_category(None, url)),
            Err(other) => Err(other),
        }
    }

    /// The mock's content page at `url` (`/pages/{slug}`), `None` when it has none there.
    async fn page(&self, url: &str) -> DriverResult<Option<ContentPage>> {
        let Some(path) = transform::page_path(url) else { return Ok(None) };
        match self.client.get_json(&path, CachePolicy::Content).await {
            Ok(page) => Ok(Some(page)),
            Err(DriverError::NotFound(_)) => Ok(None),
            Err(other) => Err(other),
        }
    }
}

#[async_trait::async_trait]
impl CatalogueDriver for InMemoryDriver {
    /// A limit a page can hold is the first page of the root category, which holds
    /// every product in list order: a benchmark's catalogue of hundreds of thousands is
    /// not read whole for a hundred.
    async fn list(&self, limit: usize) -> DriverResult<Vec<Product>> {
        if let Some(path) = transform::first_products_path(limit) {
            let listing: MockListing = self.client.get_json(&path, CachePolicy::ProductList).await?;
            return Ok(listing.products);
        }
        Ok(vitrine_domain::listing::at_most(self.all().await?, limit))
    }

    async fn best_sellers(&self) -> DriverResult<Vec<Product>> {
        self.client.get_json("/api/products/best-sellers", CachePolicy::ProductList).await
    }

    async fn get(&self, id: &str) -> DriverResult<ProductResponse> {
        if id.is_empty() || id.contains('/') {
            return Err(DriverError::NotFound(format!("product {id}")));
        }
        let path = format!("/api/products/{}", urlencoding::encode(id));
        self.client.get_json(&path, CachePolicy::Product).await.map_err(|e| match e {
            DriverError::NotFound(_) => DriverError::NotFound(format!("product {id}")),
            other => other,
        })
    }

    async fn get_by_url(&self, url: &str) -> DriverResult<ProductResponse> {
        let path = transform::product_by_url_path(url).ok_or(DriverError::NoProduct)?;
        let response: ProductResponse =
            self.client.get_json(&path, CachePolicy::Product).await.map_err(|e| match e {
                // Missing product on url lookup.
                DriverError::NotFound(_) => DriverError::NoProduct,
                other => other,
            })?;
        if response.products.is_empty() {
            return Err(DriverError::NoProduct);
        }
        Ok(response)
    }

    async fn category_page(&self, url: &str, page: u32, sort: ProductSort) -> DriverResult<CategoryPage> {
        let not_found = || DriverError::NotFound(format!("category {url}"));
        let path = transform::category_path(url, page, sort).ok_or_else(not_found)?;
        let listing: MockListing = self.client.get_json(&path, CachePolicy::Listing).await.map_err(|e| match e {
            DriverError::NotFound(_) => not_found(),
            other => other,
        })?;
        Ok(transform::category_page(listing))
    }

    async fn search(&self, query: &str, page: u32, sort: ProductSort) -> DriverResult<ProductPage> {
        let listing: MockListing =
            self.client.get_json(&transform::search_path(query, page, sort), CachePolicy::Listing).await?;
        Ok(transform::product_page(listing))
    }

    /// The mock's pages at `/pages/{slug}`.
    async fn content_page(&self, url: &str) -> DriverResult<ContentPage> {
        self.page(url).await?.ok_or_else(|| DriverError::NotFound(format!("page {url}")))
    }

    async fn categories(&self) -> DriverResult<Vec<NavigationNode>> {
        Ok(navigation::top_level(self.tree().await?))
    }
}

#[async_trait::async_trait]
impl NavigationDriver for InMemoryDriver {
    async fn tree(&self) -> DriverResult<NavigationNode> {
        self.client.get_json(&transform::menu_path(), CachePolicy::Navigation).await
    }
}

#[async_trait::async_trait]
impl RouteDriver for InMemoryDriver {
    async fn resolve(&self, url: &str) -> DriverResult<RouteResolution> {
        if transform::page_path(url).is_some() {
            return Ok(transform::page_resolution(url, self.page(url).await?.as_ref()));
        }
        // The one product the mock finds at this url, not the whole catalogue: a
        // benchmark's would be read for every address.
        let (product, menu) = tokio::try_join!(self.product_at(url), self.tree())?;
        if product.is_empty() && transform::below_the_menu(&menu, url) {
            return self.listed_category(url).await;
        }
        Ok(transform::resolve(&product, &menu, url))
    }
}
