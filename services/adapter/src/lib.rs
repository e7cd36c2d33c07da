//! The adapter: one gRPC `Adapter` service per backend ("driver"), speaking the backend's
//! protocol and returning the normalised model.
//!
//! - [`BACKENDS`]: every backend's descriptor ([`backend`]), one entry each.
//! - [`drivers`]: the domain traits every backend implements (reads, carts, checkout).
//! - [`checkout`]: the checkouts of backends Vitrine does not check out on.
//! - [`registry`]: which implementation serves which backend (its descriptor's).
//! - [`rest`]: a cached JSON-over-HTTP client for REST upstreams.
//! - [`bounded_http`]: every backend's HTTP client: concurrency, body size, no redirects.
//! - `coalesce`: identical calls in flight share one request (REST and GraphQL).
//! - [`cache_entry`]: an upstream answer as the store keeps it (written, fresh until).
//! - [`sanitize`]: backend HTML made safe for a page, applied to every driver's output.
//! - [`links`]: backend links kept only when they are paths on this site, likewise.
//! - [`service`]: the gRPC service over those traits.
//! - [`graphql`]: the GraphQL client (batching, coalescing, caching) of the GraphQL backends.
//! - one folder per backend (STYLE habit 4), each with its `backend.rs` descriptor.

pub mod backend;
pub mod bounded_http;
pub mod cache_entry;
pub mod checkout;
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
pub mod vendure;

use tokio::net::TcpListener;
use vitrine_common::{SharedStore, Shutdown, grpc};
use vitrine_proto::v1::adapter_server::AdapterServer;

pub use backend::{BackendDescriptor, Settings, descriptor};
pub use config::Config;

/// Every backend, in the order the debug bar lists them: adding a backend is its folder,
/// its `mod` line above and its entry here (and its identity in `vitrine_domain::driver`
/// and the proto `Driver` enum).
pub static BACKENDS: &[&BackendDescriptor] = &[
    &in_memory::backend::DESCRIPTOR,
    &fake_store::backend::DESCRIPTOR,
    &magento::backend::DESCRIPTOR,
    &shopify::backend::DESCRIPTOR,
    &medusa::backend::DESCRIPTOR,
    &vendure::backend::DESCRIPTOR,
];

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
