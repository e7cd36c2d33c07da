//! [`TestApp`]: the suite as `vitrine all` wires it ([`vitrine_suite`]: mock-data, one
//! adapter per backend, catalogue, navigation, url-resolution and the edge), in-process on
//! loopback port 0, talking real gRPC and HTTP, with the embedded store, a real
//! `redis-server`, or a real primary with replicas behind Sentinels.

use std::time::Duration;

use vitrine_common::{SharedStore, Shutdown, store};
use vitrine_domain::Backend;
use vitrine_fakes::DemoShop;
use vitrine_suite::{Service, Suite};

use crate::{RedisSentinelCluster, RedisServer};

/// A change to the edge's config ([`TestAppBuilder::edge`]).
type EdgeChange = Box<dyn FnOnce(&mut vitrine_edge::Config) + Send>;

pub struct TestAppBuilder {
    redis: bool,
    /// Replicas of a Sentinel-watched primary, when the store is one (issue 25).
    sentinel_replicas: Option<usize>,
    failed_path: String,
    mock_delay: Duration,
    mock_products: u32,
    mock_max_breadth: u32,
    adapter_overrides: Vec<(Backend, String)>,
    image_sources: Vec<vitrine_edge::ImageSource>,
    image_concurrency: Option<(usize, usize)>,
    static_dir: Option<std::path::PathBuf>,
    /// Backends' settings (flags as their descriptors name them).
    settings: Vec<(Backend, &'static str, String)>,
    switch_limits: Option<vitrine_edge::Limits>,
    cart_limits: Option<vitrine_edge::Limits>,
    head_budget: Duration,
    warm_pages: usize,
    /// Changes to the edge's config beyond the ones above.
    edge: Vec<EdgeChange>,
    demo_shops: Vec<DemoShop>,
}

pub struct TestApp {
    pub edge_url: String,
    /// mock-data; `stop()` takes the in-memory backend away.
    pub mock: Service,
    pub catalogue_url: String,
    pub navigation_url: String,
    pub url_resolution_url: String,
    pub cart_url: String,
    /// The adapter each backend's calls go to.
    pub adapters: Vec<(Backend, String)>,
    pub store: SharedStore,
    pub redis: Option<RedisServer>,
    /// The Sentinel set the store connects through ([`TestAppBuilder::with_redis_sentinel`]).
    pub sentinel: Option<RedisSentinelCluster>,
    /// The edge's port, held for the app's lifetime: every edge serves a duplicate of
    /// this socket, so a restarted edge comes back on the same address without the port
    /// ever being free for someone else to take.
    edge_listener: std::net::TcpListener,
    edge: Service,
    edge_config: vitrine_edge::Config,
    shutdown: Shutdown,
    /// The shops [`TestAppBuilder::demo_shops`] started, serving for the app's lifetime
    /// (behind a lock only so that the app stays `Sync`).
    _demo_shops: std::sync::Mutex<Vec<DemoShop>>,
}

impl Default for TestAppBuilder {
    fn default() -> Self {
        Self {
            redis: false,
            sentinel_replicas: None,
            failed_path: "/".to_owned(),
            mock_delay: Duration::ZERO,
            mock_products: vitrine_mock_data::data::PRODUCT_COUNT,
            mock_max_breadth: vitrine_mock_data::data::scaled::MAX_BREADTH,
            adapter_overrides: Vec::new(),
            image_sources: Vec::new(),
            image_concurrency: None,
            static_dir: None,
            settings: Vec::new(),
            switch_limits: None,
            cart_limits: None,
            // Long: a test reads a written page, however busy the machine (issue 12's
            // 300 ms is for visitors, and `head_budget` tests the plain shell).
            head_budget: Duration::from_secs(30),
            warm_pages: 0,
            edge: Vec::new(),
            demo_shops: Vec::new(),
        }
    }
}

impl TestAppBuilder {
    /// Use a real `redis-server` (started for this app) instead of the embedded store.
    #[must_use]
    pub const fn with_redis(mut self) -> Self {
        self.redis = true;
        self
    }

    /// Use a primary with `replicas` replicas and three Sentinels (real processes, started
    /// for this app), found through the Sentinels as `VITRINE_REDIS_SENTINELS` does.
    #[must_use]
    pub const fn with_redis_sentinel(mut self, replicas: usize) -> Self {
        self.sentinel_replicas = Some(replicas);
        self
    }

    #[must_use]
    pub fn failed_resolution_path(mut self, path: &str) -> Self {
        path.clone_into(&mut self.failed_path);
        self
    }

    #[must_use]
    pub const fn mock_delay(mut self, delay: Duration) -> Self {
        self.mock_delay = delay;
        self
    }

    /// A mock-data catalogue of `count` products (the spec's 35 by default).
    #[must_use]
    pub const fn mock_products(mut self, count: u32) -> Self {
        self.mock_products = count;
        self
    }

    /// At most `breadth` children a category of a benchmark-sized catalogue: a small one
    /// then has levels below the menu's, as a large shop has.
    #[must_use]
    pub const fn mock_max_breadth(mut self, breadth: u32) -> Self {
        self.mock_max_breadth = breadth;
        self
    }

    /// Send `backend`'s calls to the adapter at `url` (e.g. a scripted one) instead of
    /// the real adapter this app starts.
    #[must_use]
    pub fn adapter(mut self, backend: Backend, url: &str) -> Self {
        self.adapter_overrides.push((backend, url.to_owned()));
        self
    }

    /// Let the image service fetch from `source` (`host:port/path/`) too.
    ///
    /// # Panics
    /// When `source` is not `host[:port]/path/`.
    #[must_use]
    pub fn image_source(mut self, source: &str) -> Self {
        self.image_sources.push(source.parse().expect("an image source"));
        self
    }

    /// At most `decodes` image renders at once and `queue` waiting (the edge's defaults otherwise).
    #[must_use]
    pub const fn image_concurrency(mut self, decodes: usize, queue: usize) -> Self {
        self.image_concurrency = Some((decodes, queue));
        self
    }

    /// Set one of `backend`'s settings (`flag` as its descriptor in
    /// `vitrine_adapter::BACKENDS` names it).
    #[must_use]
    pub fn setting(mut self, backend: Backend, flag: &'static str, value: &str) -> Self {
        self.settings.push((backend, flag, value.to_owned()));
        self
    }

    /// Point the magento adapter at a shop (e.g. `testkit::magento::start()`).
    #[must_use]
    pub fn magento(self, base_url: &str) -> Self {
        self.setting(Backend::Magento, vitrine_adapter::magento::backend::BASE_URL, base_url)
    }

    /// Point the fake adapter at a fake-store API (e.g. `testkit::fake_store::start()`).
    #[must_use]
    pub fn fake_store(self, base_url: &str) -> Self {
        self.setting(Backend::Fake, vitrine_adapter::fake_store::backend::URL, base_url)
    }

    /// Point the shopify adapter at a shop with its storefront token.
    #[must_use]
    pub fn shopify(self, endpoint: &str, token: &str) -> Self {
        use vitrine_adapter::shopify::backend::{ACCESS_TOKEN, ENDPOINT};
        self.setting(Backend::Shopify, ENDPOINT, endpoint).setting(Backend::Shopify, ACCESS_TOKEN, token)
    }

    /// Point the medusa adapter at a store with its publishable key (issue 13).
    #[must_use]
    pub fn medusa(self, url: &str, key: &str) -> Self {
        use vitrine_adapter::medusa::backend::{PUBLISHABLE_KEY, URL};
        self.setting(Backend::Medusa, URL, url).setting(Backend::Medusa, PUBLISHABLE_KEY, key)
    }

    /// The edge's driver-switch limits (by default, high enough for any test).
    #[must_use]
    pub const fn switch_limits(mut self, limits: vitrine_edge::Limits) -> Self {
        self.switch_limits = Some(limits);
        self
    }

    /// The edge's cart-change limits (issue 23; by default the deployment's).
    #[must_use]
    pub const fn cart_limits(mut self, limits: vitrine_edge::Limits) -> Self {
        self.cart_limits = Some(limits);
        self
    }

    /// How long pages wait for their data (the default here is long; see `Default`).
    #[must_use]
    pub const fn head_budget(mut self, budget: Duration) -> Self {
        self.head_budget = budget;
        self
    }

    /// Read the default driver's first `pages` pages at start (none by default).
    #[must_use]
    pub const fn warm_pages(mut self, pages: usize) -> Self {
        self.warm_pages = pages;
        self
    }

    /// Changes the edge's config (after the builder's own settings).
    #[must_use]
    pub fn edge(mut self, change: impl FnOnce(&mut vitrine_edge::Config) + Send + 'static) -> Self {
        self.edge.push(Box::new(change));
        self
    }

    /// Point every backend that has a demo shop at its own, started now, as `vitrine all`
    /// does: every driver enabled and answering.
    #[must_use]
    pub fn demo_shops(mut self) -> Self {
        for d in vitrine_adapter::BACKENDS {
            let Some(start) = vitrine_fakes::demo_shop(d.backend) else { continue };
            let shop = start();
            for s in d.settings {
                if let Some(value) = shop.settings.get(s.flag) {
                    self.settings.push((d.backend, s.flag, value.to_owned()));
                }
            }
            self.demo_shops.push(shop);
        }
        self
    }

    /// Serve a built SPA from `dir`.
    #[must_use]
    pub fn static_dir(mut self, dir: &std::path::Path) -> Self {
        self.static_dir = Some(dir.to_owned());
        self
    }

    /// Starts every service and waits until the edge answers.
    ///
    /// # Panics
    /// When a service cannot start.
    pub async fn start(self) -> TestApp {
        let redis = self.redis.then(RedisServer::start);
        let sentinel = self.sentinel_replicas.map(RedisSentinelCluster::start);
        let store_config = match (&redis, &sentinel) {
            (_, Some(sentinel)) => store::StoreConfig::Sentinel(sentinel.config()),
            (Some(redis), None) => store::StoreConfig::Redis(redis.url()),
            (None, None) => store::StoreConfig::Embedded,
        };
        let store = store::connect_to(&store_config).await.expect("store");
        let shutdown = Shutdown::new();

        let mut config = vitrine_suite::Config::for_test();
        config.mock.delay = self.mock_delay;
        config.mock.products = self.mock_products;
        config.mock.max_breadth = self.mock_max_breadth;
        for (backend, flag, value) in self.settings {
            config.adapter.set(backend, flag, value);
        }
        config.adapter_overrides = self.adapter_overrides;
        config.failed_resolution_path = self.failed_path;
        config.edge.image_sources = self.image_sources;
        if let Some((decodes, queue)) = self.image_concurrency {
            config.edge.image_decodes = decodes;
            config.edge.image_queue = queue;
        }
        config.edge.static_dir = self.static_dir;
        config.edge.head_budget = self.head_budget;
        config.edge.warm_pages = self.warm_pages;
        if let Some(limits) = self.cart_limits {
            config.edge.cart_limits = limits;
        }
        if let Some(limits) = self.switch_limits {
            config.edge.switch_limits = limits;
        }
        for change in self.edge {
            change(&mut config.edge);
        }

        let edge_listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        edge_listener.set_nonblocking(true).expect("nonblocking");
        let socket = edge_listener.try_clone().expect("duplicate the edge's socket");
        let Suite { mock, adapters, catalogue, navigation, url_resolution, cart, edge, edge_config, .. } =
            vitrine_suite::start(config, store.clone(), socket, &shutdown).await.expect("start the suite");
        let app = TestApp {
            edge_url: edge.url.clone(),
            mock,
            catalogue_url: catalogue.url,
            navigation_url: navigation.url,
            url_resolution_url: url_resolution.url,
            cart_url: cart.url,
            adapters,
            store,
            redis,
            sentinel,
            edge_listener,
            edge,
            edge_config,
            shutdown,
            _demo_shops: std::sync::Mutex::new(self.demo_shops),
        };
        app.wait_for_edge().await;
        app
    }
}

impl TestApp {
    #[must_use]
    pub fn builder() -> TestAppBuilder {
        TestAppBuilder::default()
    }

    /// The edge's URL for `path`.
    #[must_use]
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.edge_url)
    }

    async fn wait_for_edge(&self) {
        wait_for_edge(&self.edge_url).await;
    }

    /// Another edge in front of this app's services, on its own port, with `store` and
    /// a default edge config (with this app's cookie keys, as replicas share theirs) that
    /// `adjust` changes (e.g. a deployment's settings); its URL once it answers. It stops
    /// with `shutdown`.
    ///
    /// # Panics
    /// When the edge cannot bind or does not come up.
    pub async fn another_edge(
        &self,
        store: SharedStore,
        adjust: impl FnOnce(&mut vitrine_edge::Config),
        shutdown: &Shutdown,
    ) -> String {
        let mut config = vitrine_edge::Config {
            cart_url: self.cart_url.clone(),
            cookie_keys: self.edge_config.cookie_keys.clone(),
            ..vitrine_edge::Config::new(&self.catalogue_url, &self.navigation_url, &self.url_resolution_url)
        };
        adjust(&mut config);
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        listener.set_nonblocking(true).expect("nonblocking");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        tokio::spawn(vitrine_edge::serve(config, store, listener, shutdown.clone()));
        wait_for_edge(&base).await;
        base
    }

    /// Stops the edge (as a process restart would) and starts a fresh one on the same
    /// address. With Redis, the new edge gets its own store connection.
    ///
    /// # Panics
    /// When the edge cannot be restarted.
    pub async fn restart_edge(&mut self) {
        self.edge.stop();
        self.edge.stopped().await.expect("the edge stopped cleanly");
        if let Some(redis) = &self.redis {
            self.store = store::connect(Some(&redis.url())).await.expect("reconnect store");
        }
        if let Some(sentinel) = &self.sentinel {
            let config = store::StoreConfig::Sentinel(sentinel.config());
            self.store = store::connect_to(&config).await.expect("reconnect store");
        }
        let listener = self.edge_listener.try_clone().expect("duplicate the edge's socket");
        self.edge = vitrine_suite::serve_edge(&self.edge_config, self.store.clone(), listener, &self.shutdown)
            .expect("serve the edge");
        self.wait_for_edge().await;
    }
}

/// Waits until the edge at `base` answers `/healthz`.
async fn wait_for_edge(base: &str) {
    let client = reqwest::Client::new();
    let health = format!("{base}/healthz");
    let up = crate::eventually(Duration::from_secs(10), || {
        let client = client.clone();
        let health = health.clone();
        async move { client.get(&health).send().await.is_ok_and(|r| r.status().is_success()) }
    })
    .await;
    assert!(up, "edge did not come up on {base}");
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}
