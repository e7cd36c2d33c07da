//! issue 11: every upstream call is bounded. The adapter over real gRPC against a local
//! upstream that misbehaves on purpose (`testkit::misbehaving`): REST (in-memory) and
//! GraphQL (Magento, Shopify) alike.

use std::sync::Arc;
use std::time::Duration;

use tonic::Code;
use vitrine_adapter::Config;
use vitrine_adapter::magento::backend as magento;
use vitrine_adapter::shopify::backend as shopify_settings;
use vitrine_common::Shutdown;
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::store::EmbeddedStore;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::ProductRequest;
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_testkit::misbehaving::{Behaviour, Misbehaving};
use vitrine_testkit::shopify;

/// Long enough for a loaded machine; a bound, never a measured time.
const WITHIN: Duration = Duration::from_secs(20);

struct Adapter {
    client: AdapterClient<GrpcChannel>,
    driver: Driver,
    shutdown: Shutdown,
}

impl Drop for Adapter {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

impl Adapter {
    /// The adapter of `backend` with its upstream at `upstream`; `tune` sets the limits.
    async fn start(backend: Backend, upstream: &str, tune: impl FnOnce(&mut Config)) -> Self {
        let mut config = Config::new(backend);
        let driver = match backend {
            Backend::InMemory => {
                config.set(backend, vitrine_adapter::in_memory::MOCK_DATA_URL, upstream);
                Driver::InMemory
            }
            Backend::Magento => {
                config.set(backend, magento::BASE_URL, upstream);
                Driver::Magento
            }
            Backend::Shopify => {
                config.set(backend, shopify_settings::ENDPOINT, upstream);
                config.set(backend, shopify_settings::ACCESS_TOKEN, "the-token");
                Driver::Shopify
            }
            Backend::Fake | Backend::Medusa => unreachable!("REST like in-memory"),
            Backend::Vendure => unreachable!("GraphQL like Shopify"),
        };
        tune(&mut config);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("addr"));
        let shutdown = Shutdown::new();
        tokio::spawn(vitrine_adapter::serve(config, Arc::new(EmbeddedStore::default()), listener, shutdown.clone()));
        let client = AdapterClient::new(vitrine_common::grpc::lazy_channel(&url).expect("url"));
        Self { client, driver, shutdown }
    }

    async fn product(&self, id: &str) -> Result<(), tonic::Status> {
        let request = ProductRequest { driver: self.driver.into(), id: id.into(), fresh_after_ms: 0 };
        self.client.clone().get_product(request).await.map(drop)
    }

    /// A product call running in its own task, as a visitor's request would.
    fn spawn_product(&self, id: &str) -> tokio::task::JoinHandle<Result<(), tonic::Status>> {
        let (client, driver, id) = (self.client.clone(), self.driver, id.to_owned());
        tokio::spawn(async move {
            client.clone().get_product(ProductRequest { driver: driver.into(), id, fresh_after_ms: 0 }).await.map(drop)
        })
    }
}

/// A caller that goes away takes its in-flight entry with it: the upstream request is
/// cancelled (the server sees the hang-up) and the next identical call goes out anew
/// instead of joining the abandoned one.
#[tokio::test(flavor = "multi_thread")]
async fn a_cancelled_call_leaves_nothing_in_flight() {
    for backend in [Backend::InMemory, Backend::Magento] {
        let upstream = Misbehaving::start(Behaviour::Silent).await;
        let adapter = Adapter::start(backend, &upstream.url, |c| c.upstream_timeout = Duration::from_secs(60)).await;
        let first = adapter.spawn_product("1001");
        assert!(upstream.wait_until(WITHIN, |u| u.requests() == 1).await, "{backend}: the call went out");
        first.abort();
        assert!(upstream.wait_until(WITHIN, |u| u.hung_up() == 1).await, "{backend}: the request was cancelled");
        let second = adapter.spawn_product("1001");
        assert!(upstream.wait_until(WITHIN, |u| u.requests() == 2).await, "{backend}: a new request went out");
        second.abort();
    }
}

/// 100 callers asking different things: the backend never sees more than the limit at
/// once, and every caller is answered (404 here) rather than refused.
#[tokio::test(flavor = "multi_thread")]
async fn concurrency_to_a_backend_is_limited() {
    let upstream = Misbehaving::start(Behaviour::status(404, Duration::from_millis(20))).await;
    let adapter = Adapter::start(Backend::InMemory, &upstream.url, |c| {
        c.upstream_concurrency = 4;
        c.upstream_timeout = Duration::from_secs(30);
    })
    .await;
    let calls: Vec<_> = (0..100).map(|i| adapter.spawn_product(&format!("{}", 2000 + i))).collect();
    for call in calls {
        let status = call.await.expect("task").expect_err("unknown ids");
        assert_eq!(status.code(), Code::NotFound, "{status:?}");
    }
    assert_eq!(upstream.requests(), 100);
    assert!(upstream.max_in_flight() <= 4, "{} in flight at once", upstream.max_in_flight());
}

/// A body over the cap is refused while it streams: a clear error, and the server sees
/// the client stop long before it could have sent what it wanted (it never ends).
#[tokio::test(flavor = "multi_thread")]
async fn endless_bodies_are_cut_at_the_cap() {
    for backend in [Backend::InMemory, Backend::Magento] {
        let upstream = Misbehaving::start(Behaviour::Endless).await;
        let adapter = Adapter::start(backend, &upstream.url, |c| {
            c.upstream_max_body_bytes = 256 * 1024;
            c.upstream_timeout = Duration::from_secs(60);
        })
        .await;
        let status = adapter.product("1001").await.expect_err("too large");
        assert_eq!(
            (status.code(), status.message()),
            (Code::Unavailable, "The backend's answer was larger than allowed."),
            "{backend}"
        );
        assert!(upstream.wait_until(WITHIN, |u| u.hung_up() == 1).await, "{backend}: the client stopped reading");
        // What the kernel's socket buffers took besides the cap; far from endless.
        assert!(upstream.bytes_sent() < 64 * 1024 * 1024, "{backend}: {} bytes sent", upstream.bytes_sent());
    }
}

/// A declared length over the cap is refused before reading.
#[tokio::test(flavor = "multi_thread")]
async fn declared_lengths_over_the_cap_are_refused() {
    let body = vec![b' '; 300 * 1024];
    let behaviour = Behaviour::Answer { status: 200, headers: vec![], body, hold: Duration::ZERO };
    let upstream = Misbehaving::start(behaviour).await;
    let adapter = Adapter::start(Backend::InMemory, &upstream.url, |c| c.upstream_max_body_bytes = 256 * 1024).await;
    let status = adapter.product("1001").await.expect_err("too large");
    assert_eq!((status.code(), status.message()), (Code::Unavailable, "The backend's answer was larger than allowed."));
}

/// issue 11's flood: many requests for one unknown id within the not-found window reach
/// the backend once (concurrent ones share the call, later ones find it cached).
#[tokio::test(flavor = "multi_thread")]
async fn not_found_is_remembered_briefly() {
    // The mock's delay, so the concurrent callers really overlap the one call.
    let upstream = Misbehaving::start(Behaviour::status(404, Duration::from_millis(200))).await;
    let adapter = Adapter::start(Backend::InMemory, &upstream.url, |_| {}).await;
    let flood: Vec<_> = (0..50).map(|_| adapter.spawn_product("9999")).collect();
    for call in flood {
        assert_eq!(call.await.expect("task").expect_err("unknown").code(), Code::NotFound);
    }
    for _ in 0..20 {
        assert_eq!(adapter.product("9999").await.expect_err("unknown").code(), Code::NotFound);
    }
    assert_eq!(upstream.requests(), 1);
    adapter.product("9998").await.expect_err("another unknown id");
    assert_eq!(upstream.requests(), 2, "per id");
}

/// A 3xx is an upstream error, never followed: the Shopify token stays with its host,
/// and a REST backend cannot point the adapter elsewhere.
#[tokio::test(flavor = "multi_thread")]
async fn redirects_are_not_followed() {
    let elsewhere = shopify::start("the-token");
    for (backend, target) in [
        (Backend::Shopify, format!("{}/api/2025-01/graphql.json", elsewhere.url)),
        (Backend::InMemory, format!("{}/api/products/1001", elsewhere.url)),
    ] {
        let location = vec![("location".to_owned(), target)];
        let behaviour = Behaviour::Answer { status: 302, headers: location, body: vec![], hold: Duration::ZERO };
        let upstream = Misbehaving::start(behaviour).await;
        let adapter = Adapter::start(backend, &upstream.url, |_| {}).await;
        let status = adapter.product("1001").await.expect_err("a redirect is an error");
        assert_eq!(
            (status.code(), status.message()),
            (Code::Unavailable, "The backend answered with HTTP status 302."),
            "{backend}"
        );
        assert_eq!(upstream.requests(), 1, "{backend}");
        if backend == Backend::Shopify {
            let sent = upstream.headers().concat();
            assert!(sent.iter().any(|(k, v)| k == "x-shopify-storefront-access-token" && v == "the-token"));
        }
    }
    assert!(elsewhere.received().is_empty(), "the other host never saw a request, nor the token");
}
