//! What every handler shares: gRPC clients, the store, the local event fan-out, metrics.

use tokio::sync::broadcast;
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::{SharedStore, Shutdown, grpc};
use vitrine_domain::Driver;
use vitrine_proto::v1::carts_client::CartsClient;
use vitrine_proto::v1::catalogue_client::CatalogueClient;
use vitrine_proto::v1::navigation_client::NavigationClient;
use vitrine_proto::v1::url_resolution_client::UrlResolutionClient;

use crate::Config;
use crate::limits::Limiter;
use crate::metrics::Metrics;
use crate::response_cache::ResponseCache;
use crate::stream_slots::StreamSlots;

pub struct AppState {
    pub(crate) catalogue: CatalogueClient<GrpcChannel>,
    pub(crate) navigation: NavigationClient<GrpcChannel>,
    pub(crate) url_resolution: UrlResolutionClient<GrpcChannel>,
    /// The cart service.
    pub(crate) carts: CartsClient<GrpcChannel>,
    pub(crate) channels: Vec<(&'static str, GrpcChannel)>,
    pub(crate) store: SharedStore,
    pub(crate) default_driver: Driver,
    pub(crate) secure_cookies: bool,
    /// What signs and verifies the visitor's state cookie.
    pub(crate) cookie_keys: crate::CookieKeys,
    /// Driver switches of every session, as published on the store; SSE streams filter.
    pub(crate) events: broadcast::Sender<crate::sse::Switch>,
    /// This edge's id, the `origin` of the switch events it publishes (for logs and
    /// anyone following the channel).
    pub(crate) edge_id: String,
    pub(crate) metrics: std::sync::Arc<Metrics>,
    /// Whether the public port answers `/metrics` (no metrics port of its own).
    pub(crate) public_metrics: bool,
    /// Recent successful answers, per driver.
    pub(crate) responses: ResponseCache,
    /// Counts driver switches per session and client address.
    pub(crate) switch_limiter: Limiter,
    /// Counts cart changes per session and client address.
    pub(crate) cart_limiter: Limiter,
    pub(crate) trusted_proxies: crate::TrustedProxies,
    pub(crate) read_limiter: Limiter,
    /// Open driver-event streams, per session and in total.
    pub(crate) streams: std::sync::Arc<StreamSlots>,
    /// How often a stream sends a comment: keeps proxies from closing it, and is when a
    /// stream whose client left finds out (a write fails) and gives its slot back.
    pub(crate) sse_keep_alive: std::time::Duration,
    pub(crate) shutdown: Shutdown,
    pub(crate) static_dir: Option<std::path::PathBuf>,
    /// The built SPA: its `index.html`, which pages are written into, and
    /// the names of its files.
    pub(crate) build: Option<crate::page::build::Build>,
    pub(crate) head_budget: std::time::Duration,
    /// How long a known crawler's page waits for its data.
    pub(crate) crawler_head_budget: std::time::Duration,
    /// Whether visitors may inject faults and compare backends.
    pub(crate) debug_faults: bool,
    /// The backend comparisons running, and how many each visitor started.
    pub(crate) comparisons: crate::compare::Comparisons,
    /// React's server render of pages; renders nothing without a bundle.
    pub(crate) ssr: crate::ssr::Renderer,
    /// `/img`: its allow-list, HTTP client and permits.
    pub(crate) images: crate::image::ImageService,
    /// The configured public origin, if any (`crate::origin`).
    pub(crate) public_url: Option<String>,
    /// The sitemap's paths, per driver, for minutes.
    pub(crate) sitemap: crate::sitemap::SitemapCache,
    /// Which drivers can be chosen (some only where configured), refreshed in the background.
    pub(crate) availability: std::sync::Arc<crate::availability::Availability>,
    /// Where the debug bar links traces, if anywhere.
    pub(crate) jaeger_ui_url: Option<String>,
}

impl AppState {
    /// Connects lazily to the services and starts relaying the store's driver events.
    ///
    /// # Errors
    /// When a service URL is not a valid URI.
    pub async fn new(config: &Config, store: SharedStore, shutdown: Shutdown) -> anyhow::Result<Self> {
        // The SPA's address table, compiled in: read now, so a malformed one stops the
        // start instead of failing a visitor's request.
        crate::spa_addresses::check().map_err(anyhow::Error::msg)?;
        let catalogue = grpc::lazy_channel(&config.catalogue_url)?;
        let navigation = grpc::lazy_channel(&config.navigation_url)?;
        let url_resolution = grpc::lazy_channel(&config.url_resolution_url)?;
        let carts = grpc::lazy_channel(&config.cart_url)?;
        let metrics = std::sync::Arc::new(match &config.metrics_registry {
            Some(registry) => Metrics::in_registry(registry.clone())?,
            None => Metrics::new(),
        });
        let responses = ResponseCache::new(config.response_cache_bytes, config.response_fresh);
        let edge_id = uuid::Uuid::new_v4().simple().to_string();
        let events = crate::sse::relay(store.clone(), shutdown.clone()).await;
        let catalogue_client = CatalogueClient::new(catalogue.clone());
        // The first answer before any visitor asks (bounded by its own timeout), then in the background.
        let availability = std::sync::Arc::new(crate::availability::Availability::default());
        availability.refresh(&catalogue_client).await;
        tokio::spawn(availability.clone().keep_fresh(catalogue_client.clone(), shutdown.clone()));
        // Evaluates the bundle on each renderer thread (tens of ms, at start only).
        let bounds = crate::ssr::Bounds::for_workers(config.workers);
        let ssr = crate::ssr::Renderer::start(config.ssr_bundle.as_deref(), bounds, metrics.clone());
        Ok(Self {
            catalogue: catalogue_client,
            navigation: NavigationClient::new(navigation.clone()),
            url_resolution: UrlResolutionClient::new(url_resolution.clone()),
            carts: CartsClient::new(carts.clone()),
            channels: vec![
                ("vitrine.v1.Catalogue", catalogue),
                ("vitrine.v1.Navigation", navigation),
                ("vitrine.v1.UrlResolution", url_resolution),
                ("vitrine.v1.Carts", carts),
            ],
            store,
            default_driver: config.default_driver,
            secure_cookies: config.secure_cookies,
            cookie_keys: config.cookie_keys.clone(),
            events,
            edge_id,
            metrics,
            public_metrics: config.metrics_registry.is_none(),
            responses,
            switch_limiter: Limiter::new(config.switch_limits, crate::limits::WINDOW),
            cart_limiter: Limiter::new(config.cart_limits, crate::limits::WINDOW),
            trusted_proxies: config.trusted_proxies.clone(),
            read_limiter: Limiter::new(config.read_limits, crate::limits::WINDOW),
            streams: StreamSlots::new(config.stream_limits),
            sse_keep_alive: config.sse_keep_alive,
            shutdown,
            static_dir: config.static_dir.clone(),
            build: config.static_dir.as_deref().map(crate::page::build::Build::new),
            head_budget: config.head_budget,
            crawler_head_budget: config.crawler_head_budget,
            debug_faults: config.debug_faults,
            comparisons: crate::compare::Comparisons::default(),
            ssr,
            images: crate::image::ImageService::new(config)?,
            public_url: config.public_url.clone(),
            sitemap: crate::sitemap::SitemapCache::new(config.sitemap_page_urls, config.sitemap_ttl),
            availability,
            jaeger_ui_url: config.jaeger_ui_url.clone(),
        })
    }
}
