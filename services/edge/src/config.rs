//! The edge's settings. Only the binary reads the environment.

use vitrine_domain::Driver;

use crate::ImageSource;

/// Where the cart service listens unless told otherwise (`VITRINE_CART_URL`).
pub const DEFAULT_CART_URL: &str = "http://127.0.0.1:50054";

/// A shopper changes a cart a few times a minute; a script hammering a backend through
/// one session, or many sessions from one address, is stopped well before the backend.
pub const CART_LIMITS: crate::Limits = crate::Limits { per_session: 60, per_address: 600 };

/// Reads no cache answers (a cart, a checkout, shipping options, a faulted visitor's
/// every request): a shopper's page makes a few, a checkout a dozen; a script looping
/// them is stopped well before the backend.
pub const READ_LIMITS: crate::Limits = crate::Limits { per_session: 300, per_address: 3000 };

#[derive(Debug, Clone)]
pub struct Config {
    pub catalogue_url: String,
    pub navigation_url: String,
    pub url_resolution_url: String,
    /// The cart service.
    pub cart_url: String,
    /// The driver of a visitor who has not chosen one (in-memory).
    pub default_driver: Driver,
    /// Mark the cookies `Secure` and name them `__Host-…` (behind TLS).
    pub secure_cookies: bool,
    /// The keys that sign the visitor's state cookie: the first signs, a
    /// second still verifies (a rotation). Every replica must hold the same ones.
    /// `Config::new`: a random key of this process's own.
    pub cookie_keys: crate::CookieKeys,
    /// Where the edge's Prometheus figures go. `None`: a registry of its own, answered at
    /// `/metrics` on the public port (the one-command demo, tests). `Some`: this registry,
    /// which the internal metrics port (`VITRINE_METRICS_ADDR`) serves; the public port
    /// then answers `/metrics` as any unknown path, so visitors cannot read them. One edge
    /// per registry: a second one registering the same figures fails to start.
    pub metrics_registry: Option<prometheus::Registry>,
    /// actix worker threads.
    pub workers: usize,
    /// The built SPA (`frontend/dist`); `None` serves the API only.
    pub static_dir: Option<std::path::PathBuf>,
    /// The SPA's server build (`frontend/dist-ssr/entry-server.js`), read at start: pages
    /// then carry React's own markup. `None` (or no such file): pages carry none.
    pub ssr_bundle: Option<std::path::PathBuf>,
    /// Where `/img` may fetch from: host (and port) + path prefix, one per backend's
    /// image path (as each backend's descriptor derives them).
    pub image_sources: Vec<ImageSource>,
    /// Image renders (fetch + decode) running at once; each holds up to the source cap
    /// (15 MiB) and the decode cap (64 MiB).
    pub image_decodes: usize,
    /// Image renders waiting for one of those; beyond, `/img` answers 503 at once.
    pub image_queue: usize,
    /// The response cache's bound, in bytes of keys and bodies.
    pub response_cache_bytes: u64,
    /// How long a kept answer or page is fresh (then served stale while it is refreshed).
    pub response_fresh: std::time::Duration,
    /// Driver switches allowed per minute.
    pub switch_limits: crate::Limits,
    /// Cart changes allowed per minute, per session and per address.
    pub cart_limits: crate::Limits,
    /// Reads no cache answers, per session and address.
    pub read_limits: crate::Limits,
    /// Open driver-event streams allowed.
    pub stream_limits: crate::StreamLimits,
    /// How often an idle driver-event stream sends a comment (and so notices a client
    /// that left).
    pub sse_keep_alive: std::time::Duration,
    /// The proxies in front of the edge whose `X-Forwarded-For` entries are read (none:
    /// the peer's address is the client's; otherwise clients could pick their own).
    pub trusted_proxies: crate::TrustedProxies,
    /// The site's absolute origin (`https://shop.example`) for canonical links, link
    /// previews, structured data and the sitemap; `None`: the origin each request came to.
    pub public_url: Option<String>,
    /// How long a page waits for its data before the edge sends the plain shell and
    /// leaves the fetching to the SPA (300 ms).
    pub head_budget: std::time::Duration,
    /// How many of the default driver's pages to read at start, so that their first
    /// visitors get them written; 0: none.
    pub warm_pages: usize,
    /// Visitors may inject latency and faults into their own upstream calls,
    /// and compare backends (`VITRINE_DEBUG_FAULTS`: the demo, compose and the local
    /// overlay; off in the k8s base).
    pub debug_faults: bool,
    /// How long a known crawler's page waits for its data: a crawler runs no
    /// script, so the plain shell is an empty page to it. The adapters' upstream
    /// timeout (5 s) and the hops.
    pub crawler_head_budget: std::time::Duration,
    /// URLs per sitemap page (the protocol's most, 50 000; tests set a few to see paging).
    pub sitemap_page_urls: usize,
    /// How long a sitemap's plan is used before the next is made (10 minutes; tests set
    /// less to see it made again).
    pub sitemap_ttl: std::time::Duration,
    /// The Jaeger UI's base address, without a trailing slash: the debug bar's
    /// Timings panel links a trace to `{it}/trace/{trace id}`. `None`: no link.
    pub jaeger_ui_url: Option<String>,
}

impl Config {
    #[must_use]
    pub fn new(catalogue_url: &str, navigation_url: &str, url_resolution_url: &str) -> Self {
        Self {
            catalogue_url: catalogue_url.to_owned(),
            navigation_url: navigation_url.to_owned(),
            url_resolution_url: url_resolution_url.to_owned(),
            cart_url: DEFAULT_CART_URL.to_owned(),
            default_driver: Driver::DEFAULT,
            secure_cookies: false,
            cookie_keys: crate::CookieKeys::ephemeral(),
            metrics_registry: None,
            workers: 2,
            static_dir: None,
            ssr_bundle: None,
            image_sources: Vec::new(),
            image_decodes: 2,
            image_queue: 32,
            response_cache_bytes: 32 * 1024 * 1024,
            response_fresh: crate::response_cache::FRESH,
            switch_limits: crate::Limits::default(),
            cart_limits: CART_LIMITS,
            read_limits: READ_LIMITS,
            stream_limits: crate::StreamLimits::default(),
            sse_keep_alive: std::time::Duration::from_secs(15),
            trusted_proxies: crate::TrustedProxies::default(),
            public_url: None,
            head_budget: std::time::Duration::from_millis(300),
            warm_pages: 0,
            debug_faults: false,
            crawler_head_budget: std::time::Duration::from_secs(6),
            sitemap_page_urls: crate::sitemap::PROTOCOL_PAGE_URLS,
            sitemap_ttl: crate::sitemap::TTL,
            jaeger_ui_url: None,
        }
    }
}
