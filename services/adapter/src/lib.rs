//! The adapter: one gRPC `Adapter` service per backend ("driver"), speaking the backend's
//! protocol and returning the normalised model.
//!
//! - [`drivers`]: the three domain traits every backend implements.
//! - [`registry`]: which implementation serves which backend.
//! - [`rest`]: a cached JSON-over-HTTP client for REST upstreams.
//! - [`bounded_http`]: every backend's HTTP client: concurrency, body size, no redirects.
//! - `coalesce`: identical calls in flight share one request (REST and GraphQL).
//! - [`cache_entry`]: an upstream answer as the store keeps it (written, fresh until).
//! - [`sanitize`]: backend HTML made safe for a page, applied to every driver's output.
//! - [`links`]: backend links kept only when they are paths on this site, likewise.
//! - [`service`]: the gRPC service over those traits.
//! - [`graphql`]: the GraphQL client (batching, coalescing, caching) of the GraphQL backends.
//! - [`in_memory`]: the mock-data backend.
//! - [`fake_store`]: the fake-store REST backend.
//! - [`magento`]: Magento / Mage-OS.
//! - [`shopify`]: Shopify Storefront.
//! - [`medusa`]: Medusa 2's Store API.

pub mod bounded_http;
pub mod cache_entry;
mod coalesce;
pub mod config;
pub mod drivers;
pub mod fake_store;
pub mod graphql;
pub mod in_memory;
pub mod links;
pub mod magento;
pub mod medusa;
pub mod registry;
pub mod rest;
pub mod sanitize;
mod service;
pub mod shopify;
mod upstream;

use tokio::net::TcpListener;
use vitrine_common::{SharedStore, Shutdown, grpc};
use vitrine_proto::v1::adapter_server::AdapterServer;

pub use config::Config;

/// The tonic router of one adapter: the `Adapter` service plus gRPC health.
pub async fn app(config: &Config, store: SharedStore) -> grpc::GrpcRouter {
    let drivers = registry::build(config, store.clone());
    let service = service::AdapterService::new(config.backend, drivers, store);
    grpc::server()
        .add_service(grpc::health_service("vitrine.v1.Adapter").await)
        .add_service(AdapterServer::new(service))
}

/// Serves the adapter of `config.backend` on `listener` until `shutdown`.
///
/// # Errors
/// When the transport fails.
pub async fn serve(
    config: Config,
    store: SharedStore,
    listener: TcpListener,
    shutdown: Shutdown,
) -> anyhow::Result<()> {
    tracing::info!(backend = %config.backend, addr = %listener.local_addr()?, "adapter listening");
    grpc::serve(app(&config, store).await, listener, shutdown).await
}
