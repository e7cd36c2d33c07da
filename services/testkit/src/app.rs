//! [`TestApp`]: mock-data, one adapter per backend, catalogue, navigation, url-resolution
//! and the edge, in-process on free loopback ports, talking real gRPC and HTTP, with the
//! embedded store or a real `redis-server`.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::task::JoinHandle;
use vitrine_common::{SharedStore, Shutdown, store};
use vitrine_domain::Backend;

use crate::RedisServer;
use crate::mock::MockDataServer;

pub struct TestAppBuilder {
    redis: bool,
    failed_path: String,
    mock_delay: Duration,
    adapter_overrides: Vec<(Backend, String)>,
    image_hosts: Vec<String>,
    static_dir: Option<std::path::PathBuf>,
    magento_url: Option<String>,
    fake_store_url: Option<String>,
    shopify: Option<(String, String)>,
}

pub struct TestApp {
    pub edge_url: String,
    pub mock: MockDataServer,
    pub catalogue_url: String,
    pub navigation_url: String,
    pub url_resolution_url: String,
    /// The adapter each backend's calls go to.
    pub adapters: Vec<(Backend, String)>,
    pub store: SharedStore,
    pub redis: Option<RedisServer>,
    edge_addr: SocketAddr,
    image_hosts: Vec<String>,
    static_dir: Option<std::path::PathBuf>,
    edge: Option<(Shutdown, JoinHandle<anyhow::Result<()>>)>,
    shutdown: Shutdown,
}

fn url(addr: SocketAddr) -> String {
    format!("http://{addr}")
}

async fn tokio_listener() -> (tokio::net::TcpListener, String) {
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind loopback");
    let u = url(l.local_addr().expect("local addr"));
    (l, u)
}

fn std_listener(addr: SocketAddr) -> std::net::TcpListener {
    let l = std::net::TcpListener::bind(addr).expect("bind loopback");
    l.set_nonblocking(true).expect("nonblocking");
    l
}

impl Default for TestAppBuilder {
    fn default() -> Self {
        Self {
            redis: false,
            failed_path: "/".to_owned(),
            mock_delay: Duration::ZERO,
            adapter_overrides: Vec::new(),
            image_hosts: Vec::new(),
            static_dir: None,
            magento_url: None,
            fake_store_url: None,
            shopify: None,
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

    /// Send `backend`'s calls to the adapter at `url` (e.g. a scripted one) instead of
    /// the real adapter this app starts.
    #[must_use]
    pub fn adapter(mut self, backend: Backend, url: &str) -> Self {
        self.adapter_overrides.push((backend, url.to_owned()));
        self
    }

    /// Let the image service fetch from `authority` (`host:port`) too.
    #[must_use]
    pub fn image_host(mut self, authority: &str) -> Self {
        self.image_hosts.push(authority.to_owned());
        self
    }

    /// Point the magento adapter at a shop (e.g. `testkit::magento::start()`).
    #[must_use]
    pub fn magento(mut self, base_url: &str) -> Self {
        self.magento_url = Some(base_url.to_owned());
        self
    }

    /// Point the fake adapter at a fake-store API (e.g. `testkit::fake_store::start()`).
    #[must_use]
    pub fn fake_store(mut self, base_url: &str) -> Self {
        self.fake_store_url = Some(base_url.to_owned());
        self
    }

    /// Point the shopify adapter at a shop with its storefront token.
    #[must_use]
    pub fn shopify(mut self, endpoint: &str, token: &str) -> Self {
        self.shopify = Some((endpoint.to_owned(), token.to_owned()));
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
    #[allow(clippy::too_many_lines)]
    pub async fn start(self) -> TestApp {
        let redis = self.redis.then(RedisServer::start);
        let store = store::connect(redis.as_ref().map(RedisServer::url).as_deref()).await.expect("store");
        let shutdown = Shutdown::new();

        let mock = MockDataServer::start(vitrine_mock_data::Config { delay: self.mock_delay, public_url: None }).await;

        let mut adapters = Vec::new();
        for backend in Backend::ALL {
            if let Some((_, u)) = self.adapter_overrides.iter().find(|(b, _)| *b == backend) {
                adapters.push((backend, u.clone()));
                continue;
            }
            let (l, u) = tokio_listener().await;
            let mut config = vitrine_adapter::Config::for_test(backend, &mock.url);
            config.magento = self.magento_url.as_deref().map(vitrine_adapter::magento::MagentoConfig::new);
            config.fake_store_url.clone_from(&self.fake_store_url);
            config.shopify = self.shopify.as_ref().map(|(e, t)| vitrine_adapter::shopify::ShopifyConfig::new(e, t));
            tokio::spawn(vitrine_adapter::serve(config, store.clone(), l, shutdown.clone()));
            adapters.push((backend, u));
        }

        let (l, catalogue_url) = tokio_listener().await;
        let config = vitrine_catalogue::Config { adapters: adapters.clone() };
        tokio::spawn(vitrine_catalogue::serve(config, l, shutdown.clone()));

        let (l, navigation_url) = tokio_listener().await;
        let config = vitrine_navigation::Config { adapters: adapters.clone() };
        tokio::spawn(vitrine_navigation::serve(config, l, shutdown.clone()));

        let (l, url_resolution_url) = tokio_listener().await;
        let config = vitrine_url_resolution::Config {
            adapters: adapters.clone(),
            failed_resolution_path: self.failed_path.clone(),
        };
        tokio::spawn(vitrine_url_resolution::serve(config, l, shutdown.clone()));

        let edge_addr: SocketAddr = format!("127.0.0.1:{}", crate::free_port()).parse().expect("addr");
        let mut image_hosts = self.image_hosts;
        image_hosts.push(mock.url.trim_start_matches("http://").to_owned());
        let mut app = TestApp {
            edge_url: url(edge_addr),
            mock,
            catalogue_url,
            navigation_url,
            url_resolution_url,
            adapters,
            store,
            redis,
            edge_addr,
            image_hosts,
            static_dir: self.static_dir,
            edge: None,
            shutdown,
        };
        app.start_edge().await;
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

    async fn start_edge(&mut self) {
        let mut config = vitrine_edge::Config::new(&self.catalogue_url, &self.navigation_url, &self.url_resolution_url);
        config.image_hosts.clone_from(&self.image_hosts);
        config.static_dir.clone_from(&self.static_dir);
        let edge_shutdown = self.shutdown.child_token();
        let listener = std_listener(self.edge_addr);
        let handle = tokio::spawn(vitrine_edge::serve(config, self.store.clone(), listener, edge_shutdown.clone()));
        self.edge = Some((edge_shutdown, handle));
        let client = reqwest::Client::new();
        let health = self.url("/healthz");
        let up = crate::eventually(Duration::from_secs(10), || {
            let client = client.clone();
            let health = health.clone();
            async move { client.get(&health).send().await.is_ok_and(|r| r.status().is_success()) }
        })
        .await;
        assert!(up, "edge did not come up on {}", self.edge_url);
    }

    /// Stops the edge (as a process restart would) and starts a fresh one on the same
    /// address. With Redis, the new edge gets its own store connection.
    ///
    /// # Panics
    /// When the edge cannot be restarted.
    pub async fn restart_edge(&mut self) {
        if let Some((stop, handle)) = self.edge.take() {
            stop.cancel();
            let _ = handle.await;
        }
        if let Some(redis) = &self.redis {
            self.store = store::connect(Some(&redis.url())).await.expect("reconnect store");
        }
        self.start_edge().await;
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}
