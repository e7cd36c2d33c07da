//! An upstream answer past its fresh time still answers at once, and one background
//! refresh brings it up to date: over REST (the Medusa demo shop) and GraphQL (the
//! Magento one), with a real Redis as the cache.
//!
//! Entries are aged in the store (their fresh time moved into the past, `cache_entry`)
//! rather than waited for: the policies keep answers fresh for minutes.

use std::sync::Arc;
use std::time::Duration;

use vitrine_adapter::cache_entry;
use vitrine_adapter::medusa::backend as medusa_settings;
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::metrics::UPSTREAM_CACHE;
use vitrine_common::store;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::DriverRequest;
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::watched_store::WatchedStore;
use vitrine_testkit::{RedisServer, eventually, magento, medusa};

/// A real store that remembers the keys written through it, so a test can age the
/// entries a call left without knowing how the driver spells its requests.
struct Recording {
    watched: Arc<WatchedStore>,
}

impl Recording {
    async fn start(redis: &RedisServer) -> Self {
        let inner = store::connect(Some(&redis.url())).await.expect("redis");
        Self { watched: Arc::new(WatchedStore::new(inner)) }
    }

    fn keys(&self) -> Vec<String> {
        self.watched.written()
    }

    /// Moves every written entry's fresh time into the past, keeping its bytes, its write
    /// time and its place in the store.
    async fn age_all(&self) {
        for key in self.keys() {
            let sealed = self.watched.inner.get(&key).await.expect("get").expect("the entry is there");
            let entry = cache_entry::open(&sealed);
            assert!(!entry.is_stale(vitrine_common::clock::unix_ms()), "{key} was fresh");
            let aged = cache_entry::seal(entry.written_at_ms, 1, entry.bytes);
            self.watched.inner.set(&key, &aged, Some(Duration::from_secs(60))).await.expect("set");
        }
    }

    /// Whether every written entry is fresh now.
    async fn all_fresh(&self) -> bool {
        let now = vitrine_common::clock::unix_ms();
        for key in self.keys() {
            let fresh =
                self.watched.inner.get(&key).await.ok().flatten().is_some_and(|s| !cache_entry::open(&s).is_stale(now));
            if !fresh {
                return false;
            }
        }
        true
    }
}

fn menu_request(driver: Driver) -> DriverRequest {
    DriverRequest { driver: driver.into(), fresh_after_ms: 0 }
}

/// How many reads of `backend`'s cache found a fresh entry, a stale one, or none (each
/// test file is its own process, and each test here has its own backend).
fn reads(backend: Backend, result: &str) -> u64 {
    UPSTREAM_CACHE.with_label_values(&[backend.as_str(), result]).get()
}

/// Reads the menu until the background refresh has renewed every entry (each read of a
/// stale entry starts a refresh unless one is running).
async fn renewed(mut c: AdapterClient<GrpcChannel>, driver: Driver, store: &Recording) -> bool {
    eventually(Duration::from_secs(10), || {
        let mut c = c.clone();
        async move {
            let _ = c.get_navigation(menu_request(driver)).await;
            store.all_fresh().await
        }
    })
    .await
        && {
            // Fresh now: a read is a plain hit, which never asks the backend.
            let backend = driver.backend();
            let (hits, stale) = (reads(backend, "hit"), reads(backend, "stale"));
            c.get_navigation(menu_request(driver)).await.is_ok()
                && reads(backend, "hit") > hits
                && reads(backend, "stale") == stale
        }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stale_rest_answer_answers_while_the_backend_cannot_and_a_refresh_renews_it() {
    let redis = RedisServer::start();
    let store = Recording::start(&redis).await;
    let shop = medusa::start(medusa::DEMO_KEY);
    let mut config = vitrine_adapter::Config::new(Backend::Medusa);
    config.set(Backend::Medusa, medusa_settings::URL, shop.url.clone());
    config.set(Backend::Medusa, medusa_settings::PUBLISHABLE_KEY, medusa::DEMO_KEY);
    config.set(Backend::Medusa, medusa_settings::REGION_ID, medusa::REGION_ID);
    config.upstream_timeout = Duration::from_millis(300);
    let adapter = RunningAdapter::start_with_store(config, store.watched.clone()).await;
    let mut c = adapter.client();

    let first = c.get_navigation(menu_request(Driver::Medusa)).await.expect("menu").into_inner();
    assert_eq!((shop.received().len(), store.keys().len()), (1, 1), "one request, one entry");

    // Stale, and the shop now slower than the adapter's timeout: a read that waited for
    // the shop would time out; the stale entry answers as it was.
    store.age_all().await;
    shop.delay(Duration::from_secs(2));
    let stale_reads = reads(Backend::Medusa, "stale");
    let stale = c.get_navigation(menu_request(Driver::Medusa)).await.expect("stale menu").into_inner();
    assert_eq!((stale, reads(Backend::Medusa, "stale")), (first.clone(), stale_reads + 1));
    assert!(eventually(Duration::from_secs(10), || async { shop.received().len() >= 2 }).await, "a refresh went out");

    // Refreshes that fail leave the entry, stale: a failing shop still has a menu.
    shop.delay(Duration::ZERO);
    shop.fail_with(Some(500));
    for _ in 0..3 {
        let again = c.get_navigation(menu_request(Driver::Medusa)).await.expect("still the stale menu");
        assert_eq!(again.into_inner(), first);
    }
    assert!(!store.all_fresh().await, "failed refreshes leave the entry stale");

    shop.fail_with(None);
    assert!(renewed(c, Driver::Medusa, &store).await, "a refresh renewed the entry");
    assert!(shop.invalid().is_empty(), "{:?}", shop.invalid());
}

#[tokio::test(flavor = "multi_thread")]
async fn stale_graphql_answers_serve_every_reader_while_the_backend_cannot() {
    let redis = RedisServer::start();
    let store = Recording::start(&redis).await;
    let shop = magento::start();
    let mut config = vitrine_adapter::Config::new(Backend::Magento);
    config.set(Backend::Magento, vitrine_adapter::magento::backend::BASE_URL, shop.url.clone());
    config.upstream_timeout = Duration::from_millis(300);
    let adapter = RunningAdapter::start_with_store(config, store.watched.clone()).await;
    let c = adapter.client();

    let first = c.clone().get_navigation(menu_request(Driver::Magento)).await.expect("menu").into_inner();
    assert!(!store.keys().is_empty(), "the menu was kept");

    // Twenty readers of the stale menu while the shop is slower than the timeout: every
    // one is answered from the entry.
    store.age_all().await;
    shop.delay(Duration::from_secs(2));
    let readers: Vec<_> = (0..20)
        .map(|_| {
            let mut c = c.clone();
            tokio::spawn(async move {
                c.get_navigation(menu_request(Driver::Magento)).await.map(tonic::Response::into_inner)
            })
        })
        .collect();
    for reader in readers {
        assert_eq!(reader.await.expect("joined").expect("stale menu"), first);
    }

    shop.delay(Duration::ZERO);
    assert!(renewed(c, Driver::Magento, &store).await, "a refresh renewed the entries");
}
