//! Issue 11, item 1: a switch affects only the visitor who makes it. Two edges share one
//! Redis and a Magento shop; a visitor's switch makes that visitor's next reads skip
//! every answer cached before it (the edges' response caches and the shared upstream
//! cache), while another visitor's reads stay hits on both. Switching is rate-limited
//! per session and per client address, with a clear 429.

use serde_json::{Value, json};
use vitrine_common::{Shutdown, store};
use vitrine_edge::Limits;
use vitrine_testkit::{TestApp, assert, browser, magento};

/// A second edge in front of `app`'s services and Redis, on its own port.
async fn second_edge(app: &TestApp, shutdown: &Shutdown) -> String {
    let redis = app.redis.as_ref().expect("the app runs redis-server");
    let store = store::connect(Some(&redis.url())).await.expect("store");
    app.another_edge(store, |_| {}, shutdown).await
}

async fn switch(c: &reqwest::Client, base: &str, driver: &str) -> reqwest::Response {
    c.put(format!("{base}/api/driver")).json(&json!({ "driver": driver })).send().await.expect("put")
}

async fn menu(c: &reqwest::Client, base: &str) -> Value {
    assert::ok_json(c.get(format!("{base}/api/navigation")).send().await.expect("nav")).await
}

/// Requests the Magento shop has received so far.
fn asked(shop: &vitrine_testkit::graphql::FakeGraphQl) -> usize {
    shop.received().len()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_switch_freshens_the_switching_visitor_only_on_every_edge() {
    let shop = magento::start();
    let app = TestApp::builder().with_redis().magento(&shop.url).start().await;
    let shutdown = Shutdown::new();
    let (one, two) = (app.edge_url.clone(), second_edge(&app, &shutdown).await);
    let (a, b) = (browser(), browser());
    assert::ok_json(switch(&a, &one, "magento").await).await;
    assert::ok_json(switch(&b, &one, "magento").await).await;

    let before = asked(&shop);
    let tree = menu(&a, &one).await;
    let cold = asked(&shop) - before;
    assert!(cold > 0, "the first read asks the shop");
    assert_eq!(menu(&b, &two).await, tree);
    assert_eq!(asked(&shop) - before, cold, "B, who switched before it was cached, reads the shared cache");

    // B switches again (on edge two): B's next read, on edge one, skips edge one's
    // response cache and the shared cache, both written before B's switch.
    assert::ok_json(switch(&b, &two, "magento").await).await;
    assert_eq!(menu(&b, &one).await, tree);
    assert_eq!(asked(&shop) - before, 2 * cold, "B's read after B's switch asked the shop again");
    // A did not switch: A's reads stay hits on both edges, and nothing was deleted.
    assert_eq!(menu(&a, &one).await, tree);
    assert_eq!(menu(&a, &two).await, tree);
    assert_eq!(asked(&shop) - before, 2 * cold, "A's reads cost the shop nothing");
    shutdown.cancel();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_switch_loop_is_limited_and_leaves_other_visitors_hits() {
    let shop = magento::start();
    let limits = Limits { per_session: 5, per_address: 8 };
    let app = TestApp::builder().with_redis().magento(&shop.url).switch_limits(limits).start().await;
    let base = app.edge_url.clone();
    let (a, looper) = (browser(), browser());
    assert::ok_json(switch(&a, &base, "magento").await).await;
    let tree = menu(&a, &base).await;
    let before = asked(&shop);

    let mut answers = Vec::new();
    for i in 0..8 {
        let res = switch(&looper, &base, if i % 2 == 0 { "mageos" } else { "magento" }).await;
        answers.push(res.status().as_u16());
        if res.status() == 429 {
            assert_eq!(res.headers()["retry-after"], "60");
            let text = assert::json_error(res, 429, "too_many_requests").await;
            assert_eq!(text, "Too many driver switches; wait a minute, then try again.");
        }
        assert_eq!(menu(&a, &base).await, tree, "A's reads go on");
    }
    assert_eq!(answers, [200, 200, 200, 200, 200, 429, 429, 429], "five per session per minute");
    assert_eq!(asked(&shop), before, "the loop cost the shop nothing for A");

    // The address's limit counts every session from it: A (1 switch) and the looper (8)
    // have used 9 of its 8.
    let fresh = browser();
    let res = switch(&fresh, &base, "magento").await;
    assert::json_error(res, 429, "too_many_requests").await;
    let metrics = a.get(format!("{base}/metrics")).send().await.expect("metrics").text().await.expect("text");
    assert!(metrics.contains("vitrine_driver_switches_refused_total{reason=\"rate_limited\"} 4"), "{metrics}");
}
