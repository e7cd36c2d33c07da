//! Prometheus metrics of the edge: requests by route and status, latency, driver switches,
//! response cache hits and misses, refused switches. Kept in a registry per app (tests build many apps in
//! one process); `/metrics` adds the process-wide registry of `vitrine_common::metrics`,
//! which in `vitrine all` holds every other service's figures.

use std::time::Instant;

use actix_web::http::{Method, StatusCode};
use prometheus::{HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry};

pub(crate) struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    pub(crate) switches: IntCounterVec,
    pub(crate) response_cache: IntCounterVec,
    pub(crate) switches_refused: IntCounterVec,
    /// Pages served with their head written, or plain because the backend was late;
    /// pages read at start to warm the caches; kept pages written again in the
    /// background once stale.
    pub(crate) page_heads: IntCounterVec,
    /// Server renders of pages (`crate::ssr`), by outcome, and the time of each.
    pub(crate) ssr_renders: IntCounterVec,
    pub(crate) ssr_render_seconds: prometheus::Histogram,
    /// State cookies that opened with the previous key, or did not open, by outcome:
    /// when `previous_key` stays at 0, the previous key can be retired.
    pub(crate) state_cookies: IntCounterVec,
}

impl Metrics {
    /// # Panics
    /// Never in practice: metric names and labels are static.
    #[must_use]
    #[allow(clippy::missing_panics_doc)]
    pub(crate) fn new() -> Self {
        Self::in_registry(Registry::new()).expect("a new registry holds no metric yet")
    }

    /// The edge's metrics, registered in `registry` (the one the metrics port serves).
    ///
    /// # Errors
    /// When `registry` already holds them (a second edge on the same registry).
    ///
    /// # Panics
    /// Never in practice: metric names and labels are static.
    #[allow(clippy::unwrap_used, clippy::missing_panics_doc)]
    pub(crate) fn in_registry(registry: Registry) -> prometheus::Result<Self> {
        let requests = IntCounterVec::new(
            Opts::new("vitrine_http_requests_total", "HTTP requests by route pattern, method and status"),
            &["route", "method", "status"],
        )
        .unwrap();
        let latency = HistogramVec::new(
            HistogramOpts::new("vitrine_http_request_duration_seconds", "HTTP request latency by route pattern"),
            &["route"],
        )
        .unwrap();
        let switches = IntCounterVec::new(
            Opts::new("vitrine_driver_switches_total", "Driver switches by target driver"),
            &["driver"],
        )
        .unwrap();
        let response_cache = IntCounterVec::new(
            Opts::new(
                "vitrine_edge_response_cache_requests_total",
                "Edge response cache look-ups by driver and result",
            ),
            &["driver", "result"],
        )
        .unwrap();
        let switches_refused = IntCounterVec::new(
            Opts::new("vitrine_driver_switches_refused_total", "Driver switches refused, by reason"),
            &["reason"],
        )
        .unwrap();
        let page_heads = IntCounterVec::new(
            Opts::new(
                "vitrine_edge_page_heads_total",
                "Pages served written now (written), as kept (reused), or plain (late); pages read at start (warmed); \
                 kept pages written again in the background once stale (rewritten)",
            ),
            &["result"],
        )
        .unwrap();
        let ssr_renders = IntCounterVec::new(
            Opts::new(
                "vitrine_edge_ssr_renders_total",
                "Server renders of pages: rendered, threw, interrupted, out_of_memory, queue_full, late",
            ),
            &["outcome"],
        )
        .unwrap();
        let ssr_render_seconds = prometheus::Histogram::with_opts(
            HistogramOpts::new("vitrine_edge_ssr_render_seconds", "Time of one server render of a page")
                .buckets(vec![0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5]),
        )
        .unwrap();
        let state_cookies = IntCounterVec::new(
            Opts::new(
                "vitrine_edge_state_cookies_total",
                "State cookies signed with the previous key (previous_key) or refused: too_long, malformed, \
                 version, unknown_key, signature, payload, expired",
            ),
            &["outcome"],
        )
        .unwrap();
        registry.register(Box::new(state_cookies.clone()))?;
        registry.register(Box::new(ssr_renders.clone()))?;
        registry.register(Box::new(ssr_render_seconds.clone()))?;
        registry.register(Box::new(page_heads.clone()))?;
        registry.register(Box::new(response_cache.clone()))?;
        registry.register(Box::new(switches_refused.clone()))?;
        registry.register(Box::new(requests.clone()))?;
        registry.register(Box::new(latency.clone()))?;
        registry.register(Box::new(switches.clone()))?;
        Ok(Self {
            registry,
            requests,
            latency,
            switches,
            response_cache,
            switches_refused,
            page_heads,
            ssr_renders,
            ssr_render_seconds,
            state_cookies,
        })
    }

    /// Counts and times a request answered `status`, by its route's pattern
    /// (`vitrine_common::request_span::route_pattern`; never the raw path, which would
    /// make the labels' cardinality unbounded); what no route claims (pages, the
    /// sitemap's pages, the build's files) is `page`.
    pub(crate) fn record(&self, route: Option<&str>, method: &Method, status: StatusCode, started: Instant) {
        let route = route.unwrap_or("page");
        self.requests.with_label_values(&[route, method.as_str(), status.as_str()]).inc();
        self.latency.with_label_values(&[route]).observe(started.elapsed().as_secs_f64());
    }

    /// The Prometheus text exposition of the edge's metrics, then the process's.
    #[must_use]
    pub(crate) fn render(&self) -> String {
        vitrine_common::metrics::render(&self.registry.gather())
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}
