//! catalogue: the product calls of the storefront, routed to the adapter of the visitor's
//! driver (mageos → magento), with the backend-independent product rules, and which
//! drivers can be chosen (some only where their adapter has a shop).

use std::time::Duration;

use tokio::net::TcpListener;
use tonic::{Request, Response, Status};
use vitrine_common::adapters::{AdapterDirectory, Purpose};
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::{Shutdown, grpc};
use vitrine_domain::{Backend, Driver, DriverError, listing, paths};
use vitrine_proto::v1::DescribeRequest;
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::catalogue_server::{Catalogue, CatalogueServer};
use vitrine_proto::v1::{
    AvailableDrivers, AvailableDriversRequest, CategoryList, CategoryPage, CategoryRequest, ContentPage, DriverRequest,
    ProductList, ProductPage, ProductRequest, ProductResponse, ProductsRequest, SearchRequest, UrlRequest,
};

/// Where each backend's adapter listens.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub adapters: Vec<(Backend, String)>,
}

pub struct CatalogueService {
    adapters: AdapterDirectory,
}

/// The tonic router: `Catalogue` plus gRPC health.
///
/// # Errors
/// When an adapter URL is not a valid URI.
pub async fn app(config: &Config) -> anyhow::Result<grpc::GrpcRouter> {
    let adapters = AdapterDirectory::new(config.adapters.iter().map(|(b, u)| (*b, u.as_str())))?;
    Ok(grpc::server()
        .add_service(grpc::health_service("vitrine.v1.Catalogue").await)
        .add_service(CatalogueServer::new(CatalogueService { adapters })))
}

/// # Errors
/// When the configuration is invalid or the transport fails.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    tracing::info!(addr = %listener.local_addr()?, "catalogue listening");
    grpc::serve(app(&config).await?, listener, shutdown).await
}

/// How long an adapter may take to say whether it is configured: an adapter that does
/// not answer in time is not offered, and the edge asks again later.
const DESCRIBE_TIMEOUT: Duration = Duration::from_secs(2);

impl CatalogueService {
    /// Whether `driver` can be chosen: always, or (not [`Driver::always_enabled`]) when its
    /// adapter is reachable and has its backend's settings.
    async fn available(&self, driver: Driver) -> bool {
        if driver.always_enabled() {
            return true;
        }
        let Ok(mut adapter) = self.adapters.client(driver.backend()) else { return false };
        match tokio::time::timeout(DESCRIBE_TIMEOUT, adapter.describe(DescribeRequest {})).await {
            Ok(Ok(answer)) => answer.into_inner().configured,
            Ok(Err(status)) => {
                tracing::debug!(%driver, code = ?status.code(), "adapter did not describe itself");
                false
            }
            Err(_) => false,
        }
    }

    /// The adapter of the request's driver (its proto number, checked here).
    fn adapter(&self, driver: i32) -> Result<AdapterClient<GrpcChannel>, Status> {
        Ok(self.adapters.route(Driver::try_from(driver)?, Purpose::Catalogue)?)
    }
}

#[tonic::async_trait]
impl Catalogue for CatalogueService {
    async fn list_products(&self, req: Request<ProductsRequest>) -> Result<Response<ProductList>, Status> {
        let req = req.into_inner();
        self.adapter(req.driver)?.list_products(req).await
    }

    async fn best_sellers(&self, req: Request<DriverRequest>) -> Result<Response<ProductList>, Status> {
        let req = req.into_inner();
        self.adapter(req.driver)?.best_sellers(req).await
    }

    async fn get_product(&self, req: Request<ProductRequest>) -> Result<Response<ProductResponse>, Status> {
        let req = req.into_inner();
        if req.id.trim().is_empty() {
            return Err(DriverError::BadInput("a product id is required".into()).into());
        }
        self.adapter(req.driver)?.get_product(req).await
    }

    /// The product is looked up by the joined path segments ('/' when empty),
    /// normalised here, once, for every hop below; in the spec's words, a lookup that yields no product is 'The platform did not respond with a product.'
    async fn get_product_by_url(&self, req: Request<UrlRequest>) -> Result<Response<ProductResponse>, Status> {
        let mut req = req.into_inner();
        req.url = paths::join_segments(&req.url);
        let response = self.adapter(req.driver)?.get_product_by_url(req).await?;
        if response.get_ref().products.is_empty() {
            return Err(DriverError::NoProduct.into());
        }
        Ok(response)
    }

    /// The path is normalised here, once, as for products; the page is bounded.
    async fn get_category_page(&self, req: Request<CategoryRequest>) -> Result<Response<CategoryPage>, Status> {
        let mut req = req.into_inner();
        req.url = paths::join_segments(&req.url);
        req.page = listing::page(req.page)?;
        self.adapter(req.driver)?.get_category_page(req).await
    }

    async fn search(&self, req: Request<SearchRequest>) -> Result<Response<ProductPage>, Status> {
        let mut req = req.into_inner();
        req.query = listing::query(&req.query)?;
        req.page = listing::page(req.page)?;
        self.adapter(req.driver)?.search(req).await
    }

    async fn get_content_page(&self, req: Request<UrlRequest>) -> Result<Response<ContentPage>, Status> {
        let mut req = req.into_inner();
        req.url = paths::join_segments(&req.url);
        self.adapter(req.driver)?.get_content_page(req).await
    }

    /// The home page's categories, from the catalogue backend of the driver
    /// (the fake store's own, though its menu is in-memory's).
    async fn list_categories(&self, req: Request<DriverRequest>) -> Result<Response<CategoryList>, Status> {
        let req = req.into_inner();
        self.adapter(req.driver)?.list_categories(req).await
    }

    async fn available_drivers(
        &self,
        _: Request<AvailableDriversRequest>,
    ) -> Result<Response<AvailableDrivers>, Status> {
        // One adapter call per driver offered only where configured; the others are always available.
        let mut drivers = Vec::with_capacity(Driver::ALL.len());
        for driver in Driver::ALL {
            if self.available(driver).await {
                drivers.push(i32::from(driver));
            }
        }
        Ok(Response::new(AvailableDrivers { drivers }))
    }
}
