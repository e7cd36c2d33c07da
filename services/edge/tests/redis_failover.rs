//! Issue 25, part 4: Redis highly available. The store is a primary with two replicas
//! behind three Sentinels (real processes). The primary is killed under a steady read
//! load: no read fails (the store's breaker degrades them to upstream calls and the
//! default driver while no primary answers), and within 10 s a switch and a fake-store
//! cart add succeed on the primary the Sentinels promoted, which the edge found by
//! asking them again. The switch-event relay resubscribes there too.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use serde_json::json;
use vitrine_testkit::{TestApp, assert, browser, fake_store};

/// The bound on a switch after the primary is killed.
const SWITCH_WITHIN: Duration = Duration::from_secs(10);

/// Reads `paths` in turn until `stop` (with the session `cookie`, if given), each answer
/// counted in `served` or, with what went wrong, in `failed`.
async fn read_until(
    app_url: String,
    paths: &'static [&'static str],
    cookie: Option<String>,
    stop: Arc<AtomicBool>,
    served: Arc<AtomicU64>,
    failed: Arc<std::sync::Mutex<Vec<String>>>,
) {
    let c = reqwest::Client::builder().timeout(Duration::from_secs(20)).build().expect("client");
    for path in paths.iter().cycle() {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let mut get = c.get(format!("{app_url}{path}"));
        if let Some(cookie) = &cookie {
            get = get.header("cookie", cookie);
        }
        match get.send().await {
            Ok(res) if res.status().is_success() => {
                served.fetch_add(1, Ordering::Relaxed);
            }
            Ok(res) => failed.lock().expect("lock").push(format!("{path}: {}", res.status())),
            Err(e) => failed.lock().expect("lock").push(format!("{path}: {e}")),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn reads_are_served_through_a_failover_and_writes_go_to_the_new_primary() {
    let api = fake_store::start();
    let mut app = TestApp::builder().with_redis_sentinel(2).fake_store(&api.url).start().await;
    let within = tokio::time::timeout(Duration::from_secs(120), failover(&mut app)).await;
    let logs = app.sentinel.as_ref().map(vitrine_testkit::RedisSentinelCluster::logs).unwrap_or_default();
    assert!(within.is_ok(), "the test did not finish in 2 minutes; logs:\n{logs}");
}

async fn failover(app: &mut TestApp) {
    // A visitor on the fake store, whose session the readers send too.
    let visitor = browser();
    let res = visitor.put(app.url("/api/driver")).json(&json!({"driver": "fake"})).send().await.expect("switch");
    let cookie = res.headers()["set-cookie"].to_str().expect("ascii").split(';').next().unwrap_or_default().to_owned();
    assert::ok_json(res).await;

    let stop = Arc::new(AtomicBool::new(false));
    let served = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(std::sync::Mutex::new(Vec::new()));
    // Visitors without a session read the default driver's products; the one on the
    // fake store reads what every driver has (an outage serves it the default driver).
    let products: &[&str] = &["/api/products/1001", "/api/navigation", "/api/products/by-url?url=/1002"];
    let any_driver: &[&str] = &["/api/navigation", "/api/driver"];
    let readers: Vec<_> = [(products, None), (any_driver, Some(cookie)), (products, None)]
        .into_iter()
        .map(|(paths, cookie)| {
            let (stop, served, failed) = (stop.clone(), served.clone(), failed.clone());
            tokio::spawn(read_until(app.edge_url.clone(), paths, cookie, stop, served, failed))
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(1)).await;

    let sentinel = app.sentinel.as_mut().expect("the Sentinel set");
    let killed = tokio::task::block_in_place(|| sentinel.kill_primary());
    let killed_at = tokio::time::Instant::now();

    // A switch, then a cart add on the fake store (kept in the store), on the new primary.
    let other = browser();
    let switched = loop {
        let res = other.put(app.url("/api/driver")).json(&json!({"driver": "fake"})).send().await;
        if res.is_ok_and(|r| r.status() == 200) {
            break true;
        }
        if killed_at.elapsed() >= SWITCH_WITHIN {
            break false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let logs = app.sentinel.as_ref().map(vitrine_testkit::RedisSentinelCluster::logs).unwrap_or_default();
    assert!(switched, "a switch succeeded within {SWITCH_WITHIN:?} of the kill; logs:\n{logs}");
    let added = loop {
        let add = other.post(app.url("/api/cart/lines")).json(&json!({"variant": "1", "quantity": 1}));
        if add.send().await.is_ok_and(|r| r.status() == 200) {
            break true;
        }
        if killed_at.elapsed() >= SWITCH_WITHIN {
            break false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(added, "a cart add succeeded within {SWITCH_WITHIN:?} of the kill; logs:\n{logs}");
    let sentinel = app.sentinel.as_ref().expect("the Sentinel set");
    let primary = tokio::task::block_in_place(|| sentinel.primary_port());
    assert!(primary.is_some_and(|p| p != killed), "a replica was promoted: {primary:?} (killed {killed})");

    // What was written there reads back: the choice, and the cart.
    let driver = assert::ok_json(other.get(app.url("/api/driver")).send().await.expect("driver")).await;
    assert_eq!(driver["driver"], "fake");
    let cart = assert::ok_json(other.get(app.url("/api/cart")).send().await.expect("cart")).await;
    assert_eq!(cart["count"], 1, "{cart}");

    // The relay listens on the new primary: another tab of the session hears a switch.
    let visitor = other;
    let mut events = visitor.get(app.url("/api/driver/events")).send().await.expect("events");
    let mut seen = String::new();
    let heard = tokio::time::timeout(Duration::from_secs(30), async {
        for driver in ["magento", "fake"].iter().cycle() {
            let res = visitor.put(app.url("/api/driver")).json(&json!({"driver": driver})).send().await;
            assert_eq!(res.expect("switch").status(), 200);
            if let Ok(Ok(Some(chunk))) = tokio::time::timeout(Duration::from_secs(2), events.chunk()).await {
                seen.push_str(&String::from_utf8_lossy(&chunk));
            }
            if seen.contains("\"magento\"") {
                return;
            }
        }
    })
    .await;
    assert!(heard.is_ok(), "the other tab heard a switch: {seen}");

    stop.store(true, Ordering::Relaxed);
    for reader in readers {
        reader.await.expect("reader");
    }
    let failed = failed.lock().expect("lock").clone();
    assert!(failed.is_empty(), "reads failed through the failover: {failed:?}");
    assert!(served.load(Ordering::Relaxed) > 0, "reads were made");
}
