//! What every call to a commerce backend shares, whatever its protocol:
//!
//! - the store cache in front of it ([`cache_read`], [`cache_write`]), counted as hits
//!   and misses per driver. Each entry carries when it was written, and a call made for
//!   a visitor who switched to this backend at `fresh_after_ms` ([`fresh_after`], set by
//!   the service per call) takes no entry written before that (issue 11: a switch
//!   freshens one visitor's view instead of deleting everyone's cache);
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

tokio::task_local! {
    /// The current call's `fresh_after_ms` (ms since the Unix epoch; 0 takes any entry).
    static FRESH_AFTER_MS: u64;
}

/// Runs `call` for a visitor whose answers must have been written after `fresh_after_ms`.
pub(crate) async fn fresh_after<F: Future>(fresh_after_ms: u64, call: F) -> F::Output {
    FRESH_AFTER_MS.scope(fresh_after_ms, call).await
}

/// A stored entry: the write time in ms, a newline, the answer's bytes.
fn seal(written_at_ms: u64, bytes: &[u8]) -> Vec<u8> {
    let mut sealed = format!("{written_at_ms}\n").into_bytes();
    sealed.extend_from_slice(bytes);
    sealed
}

/// The write time and bytes of a stored entry; an entry without a time (written before
/// issue 11) reads as written at 0.
fn open(sealed: &[u8]) -> (u64, &[u8]) {
    let Some(newline) = sealed.iter().position(|b| *b == b'\n') else { return (0, sealed) };
    std::str::from_utf8(&sealed[..newline])
        .ok()
        .and_then(|t| t.parse().ok())
        .map_or((0, sealed), |written| (written, &sealed[newline + 1..]))
}

/// Whether an entry written at `written_at_ms` may answer a call that must be fresh
/// after `fresh_after_ms`.
const fn fresh_enough(written_at_ms: u64, fresh_after_ms: u64) -> bool {
    fresh_after_ms == 0 || written_at_ms > fresh_after_ms
}

/// A cached upstream answer under `key`, if there is a readable one fresh enough for
/// this call. A store outage or an undecodable entry is a miss: the cache is an
/// optimisation, never a failure.
pub(crate) async fn cache_read<T: DeserializeOwned>(store: &SharedStore, backend: Backend, key: &str) -> Option<T> {
    let fresh_after_ms = FRESH_AFTER_MS.try_with(|ms| *ms).unwrap_or(0);
    let hit = match store.get(key).await {
        Ok(Some(sealed)) => {
            let (written_at_ms, bytes) = open(&sealed);
            if fresh_enough(written_at_ms, fresh_after_ms) {
                serde_json::from_slice(bytes).map_err(|_| tracing::warn!(%key, "dropping undecodable cache entry")).ok()
            } else {
                None
            }
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
    if let Err(e) = store.set(key, &seal(vitrine_common::clock::unix_ms(), bytes), Some(ttl)).await {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_carry_their_write_time() {
        assert_eq!(open(&seal(1_700_000_000_123, br#"{"a":1}"#)), (1_700_000_000_123, &br#"{"a":1}"#[..]));
        for (stored, expected) in [
            (&br#"{"a":1}"#[..], (0, &br#"{"a":1}"#[..])),
            (b"12\n[]", (12, &b"[]"[..])),
            (b"soon\n[]", (0, &b"soon\n[]"[..])),
            (b"", (0, &b""[..])),
        ] {
            assert_eq!(open(stored), expected, "{:?}", String::from_utf8_lossy(stored));
        }
    }

    #[test]
    fn a_call_fresh_after_a_switch_takes_only_later_entries() {
        for (written, fresh_after, ok) in [(5, 0, true), (0, 0, true), (5, 4, true), (5, 5, false), (5, 9, false)] {
            assert_eq!(fresh_enough(written, fresh_after), ok, "written {written}, fresh after {fresh_after}");
        }
    }
}
