//! What every call to a commerce backend shares, whatever its protocol:
//!
//! - the store cache in front of it ([`cache_read`], [`cache_write`]), counted as hits,
//!   stale hits and misses per driver. Each entry carries when it was written, and a call
//!   made for a visitor who switched to this backend at `fresh_after_ms` ([`fresh_after`],
//!   set by the service per call) takes no entry written before that (a switch
//!   freshens one visitor's view instead of deleting everyone's cache). An entry past its
//!   fresh time still answers, and [`Refreshes`] fetches it again in the background;
//! - one client span per call ([`span`], [`observe`]): the driver latency, with the
//!   driver, the operation, the outcome and the duration as attributes (OpenTelemetry
//!   HTTP client conventions where they exist, `vitrine.*` for the rest), and the
//!   `vitrine_upstream_duration_seconds` histogram;
//! - the request's timings ([`timed`]): each call of the request the adapter
//!   is answering, with its cache outcome (hit, stale, miss, coalesced) and, when it
//!   failed, its error kind. A background refresh runs in its own task, outside any
//!   request, and records nothing.

use std::future::Future;
use std::time::Instant;

use serde::de::DeserializeOwned;
use tracing::Instrument;
use tracing::field::Empty;
use vitrine_common::SharedStore;
use vitrine_common::metrics::{UPSTREAM_CACHE, UPSTREAM_DURATION};
use vitrine_domain::cache::Lifetime;
use vitrine_domain::{Backend, DriverError};

use crate::cache_entry;

tokio::task_local! {
    /// The current call's `fresh_after_ms` (ms since the Unix epoch; 0 takes any entry).
    static FRESH_AFTER_MS: u64;
}

/// Runs `call` for a visitor whose answers must have been written after `fresh_after_ms`.
pub(crate) async fn fresh_after<F: Future>(fresh_after_ms: u64, call: F) -> F::Output {
    FRESH_AFTER_MS.scope(fresh_after_ms, call).await
}

/// Whether an entry written at `written_at_ms` may answer a call that must be fresh
/// after `fresh_after_ms`.
const fn fresh_enough(written_at_ms: u64, fresh_after_ms: u64) -> bool {
    fresh_after_ms == 0 || written_at_ms > fresh_after_ms
}

/// A cached answer, and whether it is past its fresh time (the caller answers with it and
/// refreshes it in the background).
pub(crate) struct Cached<T> {
    pub(crate) value: T,
    pub(crate) stale: bool,
}

/// A cached upstream answer under `key`, if there is a readable one fresh enough for
/// this call. A store outage or an undecodable entry is a miss: the cache is an
/// optimisation, never a failure.
pub(crate) async fn cache_read<T: DeserializeOwned>(
    store: &SharedStore,
    backend: Backend,
    operation: &str,
    key: &str,
) -> Option<Cached<T>> {
    let began = Instant::now();
    let fresh_after_ms = FRESH_AFTER_MS.try_with(|ms| *ms).unwrap_or(0);
    let hit = match store.get(key).await {
        Ok(Some(sealed)) => {
            let entry = cache_entry::open(&sealed);
            if fresh_enough(entry.written_at_ms, fresh_after_ms) {
                serde_json::from_slice(entry.bytes)
                    .map_err(|_| tracing::warn!(%key, "dropping undecodable cache entry"))
                    .ok()
                    .map(|value| Cached { value, stale: entry.is_stale(vitrine_common::clock::unix_ms()) })
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
    let result = match &hit {
        Some(Cached { stale: false, .. }) => "hit",
        Some(Cached { stale: true, .. }) => "stale",
        None => "miss",
    };
    UPSTREAM_CACHE.with_label_values(&[backend.as_str(), result]).inc();
    if hit.is_some() {
        timed(backend, operation, result, None, began);
    }
    hit
}

/// Records one upstream call of the current request in its timings: the driver, the
/// operation, the cache outcome and, for a failure, its kind (`DriverError::kind`).
pub(crate) fn timed(backend: Backend, operation: &str, outcome: &str, error: Option<&DriverError>, began: Instant) {
    use vitrine_common::timing::{self, word};
    // Outside a collection (a background refresh, a warm-up) nothing is written.
    let Some(timings) = timing::current() else { return };
    let mut words = format!("{} {} {outcome}", backend.as_str(), word(operation));
    if let Some(error) = error {
        words.push(' ');
        words.push_str(error.kind());
    }
    timings.add("upstream", words, began);
}

/// Keeps a successful answer for its whole `lifetime` (fresh, then stale); a failed write
/// is logged and forgotten.
pub(crate) async fn cache_write(store: &SharedStore, key: &str, bytes: &[u8], lifetime: Lifetime) {
    let now = vitrine_common::clock::unix_ms();
    let fresh_until = now.saturating_add(u64::try_from(lifetime.fresh.as_millis()).unwrap_or(u64::MAX));
    let kept = lifetime.fresh.saturating_add(lifetime.stale);
    if let Err(e) = store.set(key, &cache_entry::seal(now, fresh_until, bytes), Some(kept)).await {
        tracing::warn!(error = %e, "cache write failed");
    }
}

/// The most background refreshes a client runs at once: a quarter of the backend's
/// default 32 request slots, so visitors' misses keep most of them.
const MAX_REFRESHES: usize = 8;

/// The background refreshes of stale entries: at most one per key at a time, whatever
/// the number of visitors reading it meanwhile, and at most [`MAX_REFRESHES`] in all.
/// When many entries go stale together (a cache filled at once expires at once), the
/// rest wait for a later read instead of queueing a task each for a request slot: memory
/// and slots stay bounded however many keys there are.
#[derive(Clone)]
pub(crate) struct Refreshes {
    running: vitrine_common::running::Running,
    max: usize,
}

impl Default for Refreshes {
    fn default() -> Self {
        Self { running: vitrine_common::running::Running::default(), max: MAX_REFRESHES }
    }
}

impl Refreshes {
    /// Runs `refresh` in its own task unless `key` is being refreshed already or the
    /// most are running. Its outcome is its own business: a failed or skipped refresh
    /// leaves the stale entry to answer until the store drops it, and the next stale read
    /// tries again.
    pub(crate) fn spawn(&self, key: &str, refresh: impl Future<Output = ()> + Send + 'static) {
        let Some(held) = self.running.hold(key, self.max) else { return };
        tokio::spawn(async move {
            let _held = held;
            refresh.await;
        });
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

/// One upstream call as the request's timings and injected faults see it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Call<'a> {
    pub(crate) backend: Backend,
    pub(crate) operation: &'a str,
    /// The backend's upstream timeout: what an injected timeout waits out.
    pub(crate) timeout: std::time::Duration,
}

/// [`observe`] for a call of the write path, which has no cache (in the request's
/// timings, every one is a miss), with the visitor's injected faults applied before the
/// backend is asked: an injected failure is one the backend never carried out, so a
/// visitor who sees a failed order or cart change has none placed or made.
pub(crate) async fn observe_uncached<T>(
    call: Call<'_>,
    span: tracing::Span,
    request: impl Future<Output = Result<T, DriverError>>,
) -> Result<T, DriverError> {
    if let Some(failure) = apply(call, roll(call)).await {
        return Err(failure);
    }
    let began = Instant::now();
    let result = observe(call.backend, call.operation, span, request).await;
    timed(call.backend, call.operation, "miss", result.as_ref().err(), began);
    result
}

/// `result` of a read as the visitor's injected faults make it for `call`: later, or a
/// failure, recorded in the request's timings as its own `injected` entry. The callers
/// apply it once the call is done and its answer stored, in the visitor's own task: a
/// caller that joined the same call, or that starts the next one, or finds the answer
/// cached, is neither slowed nor failed, and the upstream request slot is free again. A
/// background refresh runs outside any request, so it has no faults.
pub(crate) async fn injected<T>(call: Call<'_>, result: Result<T, DriverError>) -> Result<T, DriverError> {
    match apply(call, roll(call)).await {
        Some(failure) => Err(failure),
        None => result,
    }
}

/// What the visitor's injected faults do to `call` this time, if they touch it.
fn roll(call: Call<'_>) -> Option<vitrine_domain::faults::Effect> {
    vitrine_common::hop::faults().and_then(|f| f.effect(call.backend, call.timeout, rand::random()))
}

/// Waits out `effect`'s delay and records it in the request's timings as its own
/// `injected` entry; the failure it injects, if any.
async fn apply(call: Call<'_>, effect: Option<vitrine_domain::faults::Effect>) -> Option<DriverError> {
    use vitrine_domain::faults::Effect;
    let (delay, failure) = match effect? {
        Effect::Delay(delay) => (delay, None),
        Effect::Fail(delay, failure) => (delay, Some(failure.error())),
    };
    let began = Instant::now();
    tokio::time::sleep(delay).await;
    timed(call.backend, call.operation, "injected", failure.as_ref(), began);
    failure
}

/// Headers carrying the current span's trace context to the backend.
pub(crate) fn trace_headers() -> reqwest::header::HeaderMap {
    let mut headers = reqwest::header::HeaderMap::new();
    vitrine_common::telemetry::inject(&mut headers);
    headers
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    #[test]
    fn a_call_fresh_after_a_switch_takes_only_later_entries() {
        for (written, fresh_after, ok) in [(5, 0, true), (0, 0, true), (5, 4, true), (5, 5, false), (5, 9, false)] {
            assert_eq!(fresh_enough(written, fresh_after), ok, "written {written}, fresh after {fresh_after}");
        }
    }

    #[tokio::test]
    async fn no_more_than_the_most_refreshes_run_at_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let refreshes = Refreshes { running: vitrine_common::running::Running::default(), max: 2 };
        let started = Arc::new(AtomicUsize::new(0));
        let (release, released) = tokio::sync::watch::channel(false);
        for key in ["a", "b", "c"] {
            let (started, mut released) = (started.clone(), released.clone());
            refreshes.spawn(key, async move {
                started.fetch_add(1, Ordering::SeqCst);
                let _ = released.wait_for(|r| *r).await;
            });
        }
        let running = || refreshes.running.len();
        while started.load(Ordering::SeqCst) < 2 {
            tokio::task::yield_now().await;
        }
        assert_eq!((started.load(Ordering::SeqCst), running()), (2, 2), "c waits for a later read");
        let _ = release.send(true);
        while running() > 0 {
            tokio::task::yield_now().await;
        }
        let again = started.clone();
        refreshes.spawn("c", async move {
            again.fetch_add(1, Ordering::SeqCst);
        });
        while running() > 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(started.load(Ordering::SeqCst), 3, "with room again, c runs");
    }

    #[tokio::test]
    async fn one_refresh_per_key_runs_at_a_time() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let refreshes = Refreshes::default();
        let started = Arc::new(AtomicUsize::new(0));
        let counted = |started: &Arc<AtomicUsize>| {
            let started = started.clone();
            async move {
                started.fetch_add(1, Ordering::SeqCst);
            }
        };
        let (release, released) = tokio::sync::oneshot::channel::<()>();
        let held = started.clone();
        refreshes.spawn("k", async move {
            held.fetch_add(1, Ordering::SeqCst);
            let _ = released.await;
        });
        refreshes.spawn("k", counted(&started));
        refreshes.spawn("other", counted(&started));
        let running = || refreshes.running.len();
        while started.load(Ordering::SeqCst) < 2 || running() > 1 {
            tokio::task::yield_now().await;
        }
        assert_eq!((started.load(Ordering::SeqCst), running()), (2, 1), "k's second refresh did not start");
        let _ = release.send(());
        while running() > 0 {
            tokio::task::yield_now().await;
        }
        refreshes.spawn("k", counted(&started));
        while running() > 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(started.load(Ordering::SeqCst), 3, "once k's refresh ended, the next one ran");
    }
}
