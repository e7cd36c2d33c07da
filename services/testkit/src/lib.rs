//! Test kit shared by every service's tests (STYLE habits 11, 12). Real parts only:
//! a real `redis-server`, real gRPC over loopback, real HTTP.
//!
//! - [`redis`]: starts `redis-server` on a unix socket for one test.
//! - [`sentinel`]: a primary, replicas and three Sentinels for one test (issue 25).
//! - [`app`]: [`TestApp`], the whole suite in-process on free ports.
//! - [`adapter`]: one adapter service on a free port, and its gRPC client.
//! - [`scripted`]: an `Adapter` gRPC server that answers what a test scripts.
//! - [`process`]: child processes of the `vitrine` binary on port 0, reporting their
//!   addresses; each a process group, killed on drop or failed start.
//! - [`assert`]: HTTP assertion helpers.
//! - [`gate`]: a fixed address in front of a service that a test restarts.
//! - [`fake_store`]: the demo's fake-store REST server plus broken routes for error paths.
//! - [`graphql`], [`introspection`], [`magento`], [`medusa`], [`openapi`], [`shopify`], [`upstream`]: the demo
//!   shops and their servers, re-exported from `vitrine-fakes`.
//! - [`mock`]: the mock-data service alone.
//! - [`misbehaving`]: an upstream that never answers, holds requests, redirects or streams
//!   without end, recording what it saw (issue 11's bounds).
//! - [`otlp`]: an OTLP trace receiver (what Jaeger is to the services).
//! - [`vendure`]: the Vendure demo shop and the conformance fixture it shares with the
//!   real server.

pub mod adapter;
pub mod app;
pub mod assert;
pub mod checkout;
pub mod conformance;
pub mod fake_store;
pub mod gate;
pub mod misbehaving;
pub mod mock;
pub mod otlp;
pub mod process;
pub mod real_medusa;
pub mod real_server;
pub mod real_vendure;
pub mod redis;
pub mod scripted;
pub mod sentinel;
pub mod shape;
pub mod shared_documents;
pub mod vendure;
pub mod watched_store;

pub use vitrine_fakes::medusa::openapi;
pub use vitrine_fakes::{graphql, introspection, magento, medusa, shopify, upstream};

pub use app::{TestApp, TestAppBuilder};
pub use redis::RedisServer;
pub use sentinel::RedisSentinelCluster;

/// A reqwest client that keeps cookies, like a browser tab.
///
/// # Panics
/// When the client cannot be built (no TLS backend).
#[must_use]
#[allow(clippy::unwrap_used)]
pub fn browser() -> reqwest::Client {
    reqwest::Client::builder().cookie_store(true).timeout(std::time::Duration::from_secs(20)).build().unwrap()
}

/// Polls `probe` every 50 ms until it returns true or `within` passes.
pub async fn eventually<F, Fut>(within: std::time::Duration, mut probe: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + within;
    loop {
        if probe().await {
            return true;
        }
        if tokio::time::Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
