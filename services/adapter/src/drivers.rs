//! One trait per domain (STYLE habit 3): what pages need, nothing more. Every backend
//! implements all three; the service holds them as `Arc<dyn …>`.

use std::sync::Arc;

use vitrine_domain::DriverError;
use vitrine_proto::v1::{
    CategoryPage, ContentPage, NavigationNode, Product, ProductPage, ProductResponse, ProductSort, RouteResolution,
};

pub type DriverResult<T> = Result<T, DriverError>;

#[async_trait::async_trait]
pub trait CatalogueDriver: Send + Sync {
    /// `limit` 0 means the backend's default length.
    async fn list(&self, limit: usize) -> DriverResult<Vec<Product>>;
    async fn best_sellers(&self) -> DriverResult<Vec<Product>>;
    async fn get(&self, id: &str) -> DriverResult<ProductResponse>;
    /// `url` is a normalised path with a leading slash.
    async fn get_by_url(&self, url: &str) -> DriverResult<ProductResponse>;

    // issue 10. `page` is 1-based and bounded (`vitrine_domain::listing`); a page holds
    // `listing::PAGE_SIZE` products and lists the sorts this backend can do.

    /// The category at `url` (normalised, leading slash) with one page of its products.
    async fn category_page(&self, url: &str, page: u32, sort: ProductSort) -> DriverResult<CategoryPage>;
    /// Products matching `query` (trimmed, non-empty, bounded).
    async fn search(&self, query: &str, page: u32, sort: ProductSort) -> DriverResult<ProductPage>;
    /// The content (CMS) page at `url`; backends without content pages answer not found.
    async fn content_page(&self, url: &str) -> DriverResult<ContentPage>;
    /// The categories a home page links to, in the backend's order, without children:
    /// the top level of the backend's own menu, or its categories where the menu is
    /// another backend's (the fake store's, spec §4).
    async fn categories(&self) -> DriverResult<Vec<NavigationNode>>;
}

#[async_trait::async_trait]
pub trait NavigationDriver: Send + Sync {
    async fn tree(&self) -> DriverResult<NavigationNode>;
}

#[async_trait::async_trait]
pub trait RouteDriver: Send + Sync {
    /// The backend's resolution of `url` (a path with a leading slash). Unknown routes are
    /// the not-found result, not an error.
    async fn resolve(&self, url: &str) -> DriverResult<RouteResolution>;
}

/// The three domain implementations of one backend.
#[derive(Clone)]
pub struct Drivers {
    pub catalogue: Arc<dyn CatalogueDriver>,
    pub navigation: Arc<dyn NavigationDriver>,
    pub routes: Arc<dyn RouteDriver>,
    /// False when these stand in for a backend without settings ([`Unconfigured`]).
    pub configured: bool,
}

impl Drivers {
    /// One implementation serving all three domains.
    pub fn all_three<D: CatalogueDriver + NavigationDriver + RouteDriver + 'static>(driver: Arc<D>) -> Self {
        Self { catalogue: driver.clone(), navigation: driver.clone(), routes: driver, configured: true }
    }
}

/// Stands in for a backend whose client was not configured: every call says so
/// (spec §8 'Client has not been defined yet') instead of the adapter failing to start.
/// A backend offered only where configured is spec §1's "coming soon" instead (issue 13).
pub struct Unconfigured(pub vitrine_domain::Backend);

impl Unconfigured {
    fn err<T>(&self) -> DriverResult<T> {
        Err(if self.0.always_enabled() {
            DriverError::NotConfigured(self.0)
        } else {
            DriverError::Disabled(self.0.driver())
        })
    }

    #[must_use]
    pub fn drivers(backend: vitrine_domain::Backend) -> Drivers {
        let this = Arc::new(Self(backend));
        Drivers { catalogue: this.clone(), navigation: this.clone(), routes: this, configured: false }
    }
}

#[async_trait::async_trait]
impl CatalogueDriver for Unconfigured {
    async fn list(&self, _: usize) -> DriverResult<Vec<Product>> {
        self.err()
    }
    async fn best_sellers(&self) -> DriverResult<Vec<Product>> {
        self.err()
    }
    async fn get(&self, _: &str) -> DriverResult<ProductResponse> {
        self.err()
    }
    async fn get_by_url(&self, _: &str) -> DriverResult<ProductResponse> {
        self.err()
    }
    async fn category_page(&self, _: &str, _: u32, _: ProductSort) -> DriverResult<CategoryPage> {
        self.err()
    }
    async fn search(&self, _: &str, _: u32, _: ProductSort) -> DriverResult<ProductPage> {
        self.err()
    }
    async fn content_page(&self, _: &str) -> DriverResult<ContentPage> {
        self.err()
    }
    async fn categories(&self) -> DriverResult<Vec<NavigationNode>> {
        self.err()
    }
}

#[async_trait::async_trait]
impl NavigationDriver for Unconfigured {
    async fn tree(&self) -> DriverResult<NavigationNode> {
        self.err()
    }
}

#[async_trait::async_trait]
impl RouteDriver for Unconfigured {
    async fn resolve(&self, _: &str) -> DriverResult<RouteResolution> {
        self.err()
    }
}
