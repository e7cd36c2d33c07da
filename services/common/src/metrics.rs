//! Prometheus metrics of every service, in the process-wide registry, and the small
//! HTTP server that exposes them on a service's metrics port (`GET /metrics`).
//!
//! One registry per process: in `vitrine all` the edge's `/metrics` shows every
//! service's figures; as separate processes each service has its own port.

use std::sync::LazyLock;

/// A service's own metrics beside the process-wide ones (the edge's, when it has a
/// metrics port: see [`serve`]).
pub use prometheus::Registry;
use prometheus::proto::MetricFamily;
use prometheus::{Encoder, HistogramVec, IntCounterVec, TextEncoder, register_histogram_vec, register_int_counter_vec};
use tokio::net::TcpListener;

use crate::Shutdown;

/// Buckets for calls that cross a process or the network: 1 ms … 10 s.
const LATENCY_BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// gRPC calls served, by full method (`/vitrine.v1.Catalogue/GetProduct`) and status code name.
pub static GRPC_REQUESTS: LazyLock<IntCounterVec> = LazyLock::new(|| {
    register_int_counter_vec!(
        "vitrine_grpc_server_requests_total",
        "gRPC calls served by method and status code",
        &["method", "code"]
    )
    .expect("metric registered once")
});

/// Latency of the gRPC calls served, by full method.
pub static GRPC_DURATION: LazyLock<HistogramVec> = LazyLock::new(|| {
    register_histogram_vec!(
        "vitrine_grpc_server_duration_seconds",
        "Latency of the gRPC calls served, by method",
        &["method"],
        LATENCY_BUCKETS.to_vec()
    )
    .expect("metric registered once")
});

/// Driver latency: one backend call, by driver (backend), operation and outcome.
pub static UPSTREAM_DURATION: LazyLock<HistogramVec> = LazyLock::new(|| {
    register_histogram_vec!(
        "vitrine_upstream_duration_seconds",
        "Latency of the calls to a commerce backend, by driver, operation and outcome",
        &["driver", "operation", "outcome"],
        LATENCY_BUCKETS.to_vec()
    )
    .expect("metric registered once")
});

/// The adapters' upstream cache (in the store), by driver and `hit` / `miss`.
pub static UPSTREAM_CACHE: LazyLock<IntCounterVec> = LazyLock::new(|| {
    register_int_counter_vec!(
        "vitrine_upstream_cache_requests_total",
        "Upstream cache look-ups by driver and result (hit, miss)",
        &["driver", "result"]
    )
    .expect("metric registered once")
});

/// Reads sent once more to another address of their target after the first attempt
/// failed in transport, by full method.
pub static GRPC_CLIENT_RETRIES: LazyLock<IntCounterVec> = LazyLock::new(|| {
    register_int_counter_vec!(
        "vitrine_grpc_client_retries_total",
        "gRPC reads retried on another address after a transport failure, by method",
        &["method"]
    )
    .expect("metric registered once")
});

/// The Prometheus text exposition of the process-wide registry, after `local` (a
/// registry of its own, like the edge's; empty for the other services).
#[must_use]
pub fn render(local: &[MetricFamily]) -> String {
    let families = [local, &prometheus::gather()].concat();
    let mut out = Vec::new();
    // Encoding into a Vec cannot fail on I/O; a metric family error would be a bug.
    if let Err(e) = TextEncoder::new().encode(&families, &mut out) {
        tracing::error!(error = %e, "metrics encoding failed");
    }
    String::from_utf8(out).unwrap_or_default()
}

/// Serves `GET /metrics` on `listener` until `shutdown`: `local`'s figures, then the
/// process's.
///
/// # Errors
/// When the listener fails.
pub async fn serve(listener: TcpListener, local: Registry, shutdown: Shutdown) -> anyhow::Result<()> {
    let app = axum::Router::new().route(
        "/metrics",
        axum::routing::get(move || async move {
            ([(http::header::CONTENT_TYPE, "text/plain; version=0.0.4")], render(&local.gather()))
        }),
    );
    tracing::info!(addr = %listener.local_addr()?, "metrics listening");
    axum::serve(listener, app).with_graceful_shutdown(shutdown.cancelled_owned()).await?;
    Ok(())
}
