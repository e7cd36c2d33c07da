//! url-resolution: resolves a path with the visitor's driver and says what the browser
//! does with it (the spec's "Route matching"): show it, redirect, not found, or go to the
//! failed-resolution path.

use tokio::net::TcpListener;
use tonic::{Code, Request, Response, Status};
use vitrine_common::adapters::{AdapterDirectory, Purpose};
use vitrine_common::{Shutdown, grpc};
use vitrine_domain::{Backend, Driver, paths, route};
use vitrine_proto::v1::url_resolution_server::{UrlResolution, UrlResolutionServer};
use vitrine_proto::v1::{RouteOutcome, UrlRequest};

#[derive(Debug, Clone)]
pub struct Config {
    /// Where each backend's adapter listens.
    pub adapters: Vec<(Backend, String)>,
    /// Failed-resolution path, default '/'.
    pub failed_resolution_path: String,
}

impl Default for Config {
    fn default() -> Self {
        Self { adapters: Vec::new(), failed_resolution_path: "/".to_owned() }
    }
}

pub struct UrlResolutionService {
    adapters: AdapterDirectory,
    failed_path: String,
}

/// The tonic router: `UrlResolution` plus gRPC health.
///
/// # Errors
/// When an adapter URL is not a valid URI.
pub async fn app(config: &Config) -> anyhow::Result<grpc::GrpcRouter> {
    let adapters = AdapterDirectory::new(config.adapters.iter().map(|(b, u)| (*b, u.as_str())))?;
    let service = UrlResolutionService { adapters, failed_path: config.failed_resolution_path.clone() };
    Ok(grpc::server()
        .add_service(grpc::health_service("vitrine.v1.UrlResolution").await)
        .add_service(UrlResolutionServer::new(service)))
}

/// # Errors
/// When the configuration is invalid or the transport fails.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    tracing::info!(addr = %listener.local_addr()?, "url-resolution listening");
    grpc::serve(app(&config).await?, listener, shutdown).await
}

#[tonic::async_trait]
impl UrlResolution for UrlResolutionService {
    async fn resolve(&self, req: Request<UrlRequest>) -> Result<Response<RouteOutcome>, Status> {
        let mut req = req.into_inner();
        // The joined path segments, normalised here, once, for every hop below.
        req.url = paths::join_segments(&req.url);
        // A request naming no driver is the caller's mistake, not a failed lookup.
        let driver = Driver::try_from(req.driver)?;
        let mut adapter = match self.adapters.route(driver, Purpose::Catalogue) {
            Ok(adapter) => adapter,
            Err(e) => {
                tracing::warn!(%driver, error = %e, "no adapter for route lookup");
                return Ok(Response::new(route::failed(&self.failed_path)));
            }
        };
        let outcome = match adapter.resolve(req.clone()).await {
            Ok(resolution) => route::outcome(resolution.into_inner(), &self.failed_path),
            Err(status) if status.code() == Code::NotFound => route::outcome(route::not_found(), &self.failed_path),
            // Any other error sends the visitor to the failed-resolution path.
            Err(status) => {
                tracing::warn!(%driver, url = req.url, code = ?status.code(), message = status.message(), "route lookup failed");
                route::failed(&self.failed_path)
            }
        };
        Ok(Response::new(outcome))
    }
}
