//! One switch, one response-cache clear per edge: the switching edge clears at once and
//! skips its own event; another edge sharing the Redis clears when the event reaches it.

use std::time::Duration;

use serde_json::json;
use vitrine_common::{Shutdown, store};
use vitrine_testkit::{TestApp, assert, browser, eventually};

/// The `vitrine_edge_response_cache_clears_total` count for `backend` on the edge at `base`.
async fn clears(client: &reqwest::Client, base: &str, backend: &str) -> Option<u64> {
    let text = client.get(format!("{base}/metrics")).send().await.ok()?.text().await.ok()?;
    let prefix = format!("vitrine_edge_response_cache_clears_total{{backend=\"{backend}\"}} ");
    text.lines().find_map(|l| l.strip_prefix(&prefix)).and_then(|n| n.trim().parse().ok())
}

/// A second edge in front of `app`'s services and Redis, on its own port.
async fn second_edge(app: &TestApp, shutdown: &Shutdown) -> String {
    let redis = app.redis.as_ref().expect("the app runs redis-server");
    let store = store::connect(Some(&redis.url())).await.expect("store");
    let config = vitrine_edge::Config::new(&app.catalogue_url, &app.navigation_url, &app.url_resolution_url);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind loopback");
    listener.set_nonblocking(true).expect("nonblocking");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(vitrine_edge::serve(config, store, listener, shutdown.clone()));
    let client = reqwest::Client::new();
    let up = eventually(Duration::from_secs(10), || {
        let res = client.get(format!("{base}/healthz")).send();
        async move { res.await.is_ok_and(|r| r.status().is_success()) }
    })
    .await;
    assert!(up, "the second edge did not come up on {base}");
    base
}

#[tokio::test(flavor = "multi_thread")]
async fn a_switch_clears_each_edges_response_cache_once() {
    let app = TestApp::builder().with_redis().start().await;
    let shutdown = Shutdown::new();
    let other = second_edge(&app, &shutdown).await;
    let tab = browser();
    assert::ok_json(tab.get(app.url("/api/driver")).send().await.expect("get")).await;
    // The switching edge's relay clears (or not) before it forwards the event to this
    // stream, so once the stream shows the switch, its own event has been handled.
    let mut events = tab.get(app.url("/api/driver/events")).send().await.expect("events");
    let _current = events.chunk().await.expect("first frame");

    let res = tab.put(app.url("/api/driver")).json(&json!({ "driver": "magento" })).send().await.expect("put");
    assert_eq!(assert::ok_json(res).await["driver"], "magento");
    let mut seen = String::new();
    while !seen.contains("\"magento\"") {
        let chunk = events.chunk().await.expect("stream").expect("the switch event");
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    let c = reqwest::Client::new();
    let remote = eventually(Duration::from_secs(10), || async { clears(&c, &other, "magento").await == Some(1) }).await;
    assert!(remote, "the other edge cleared once: {:?}", clears(&c, &other, "magento").await);
    assert_eq!(clears(&c, &app.edge_url, "magento").await, Some(1), "the switching edge cleared once");
    assert_eq!(clears(&c, &other, "magento").await, Some(1), "and the other edge still once");
    shutdown.cancel();
}
