//! What every call to a commerce backend shares, whatever its protocol:
//!
//! - the store cache in front of it ([`cache_read`], [`cache_write`]), counted as hits
//!   and misses per driver;
//! - one client span per call ([`span`], [`observe`]): the driver latency, with the
//!   driver, the operation, the outcome and the duration as attributes (OpenTelemetry
//!   HTTP client conventions where they exist, `vitrine.*` for the rest), and the
//!   `vitrine_upstream_duration_seconds` histogram.

use std::future::Future;
use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use tracing::Instrument;
use tracing::field::Empty;
use vitrine_common::SharedStore;
use vitrine_common::metrics::{UPSTREAM_CACHE, UPSTREAM_DURATION};
use vitrine_domain::{Backend, DriverError};

/// A cached upstream answer under `key`, if there is a readable one. A store outage or
/// an undecodable entry is a miss: the cache is an optimisation, never a failure.
pub(crate) async fn cache_read<T: DeserializeOwned>(store: &SharedStore, backend: Backend, key: &str) -> Option<T> {
    let hit = match store.get(key).await {
        Ok(Some(bytes)) => {
            serde_json::from_slice(&bytes).map_err(|_| tracing::warn!(%key, "dropping undecodable cache entry")).ok()
        }
        Ok(None) => None,
        Err(e) => {
            tracing::warn!(error = %e, "cache read failed");
            None
        }
    };
    let result = if hit.is_some() { "hit" } else { "miss" };
    UPSTREAM_CACHE.with_label_values(&[backend.as_str(), result]).inc();
    hit
}

/// Keeps a successful answer for `ttl`; a failed write is logged and forgotten.
pub(crate) async fn cache_write(store: &SharedStore, key: &str, bytes: &[u8], ttl: Duration) {
    if let Err(e) = store.set(key, bytes, Some(ttl)).await {
        tracing::warn!(error = %e, "cache write failed");
    }
}

/// The client span of one upstream call. `url` is the endpoint, never with credentials
/// (tokens travel in headers, which are not recorded).
pub(crate) fn span(backend: Backend, operation: &str, method: &'static str, url: &str) -> tracing::Span {
    tracing::info_span!(
        "upstream",
        otel.name = %format!("{backend} {operation}"),
        otel.kind = "client",
        otel.status_code = Empty,
        vitrine.driver = backend.as_str(),
        vitrine.operation = operation,
        vitrine.outcome = Empty,
        vitrine.duration_ms = Empty,
        http.request.method = method,
        url.full = url,
        http.response.status_code = Empty,
    )
}

/// Runs `call` inside `span` and records its outcome and duration on the span and in the
/// latency histogram.
pub(crate) async fn observe<T>(
    backend: Backend,
    operation: &str,
    span: tracing::Span,
    call: impl Future<Output = Result<T, DriverError>>,
) -> Result<T, DriverError> {
    let started = Instant::now();
    let result = call.instrument(span.clone()).await;
    let elapsed = started.elapsed();
    let outcome = result.as_ref().map_or_else(DriverError::kind, |_| "ok");
    span.record("vitrine.outcome", outcome);
    span.record("vitrine.duration_ms", elapsed.as_secs_f64() * 1000.0);
    if !matches!(outcome, "ok" | "not_found") {
        span.record("otel.status_code", "ERROR");
    }
    UPSTREAM_DURATION.with_label_values(&[backend.as_str(), operation, outcome]).observe(elapsed.as_secs_f64());
    result
}

/// Headers carrying the current span's trace context to the backend.
pub(crate) fn trace_headers() -> reqwest::header::HeaderMap {
    let mut headers = reqwest::header::HeaderMap::new();
    vitrine_common::telemetry::inject(&mut headers);
    headers
}
