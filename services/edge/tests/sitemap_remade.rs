//! A sitemap's plan past its time is still served while the next is made in the
//! background, and the next is served once made. Alone in its test binary, since the
//! counts of navigation trees asked for are the process's (as in `vitrine all`).

#[path = "support/metrics.rs"]
mod metrics;

use std::time::Duration;

use vitrine_testkit::{TestApp, eventually};

const TREE: &str = "vitrine_grpc_server_requests_total{code=\"Ok\",method=\"/vitrine.v1.Navigation/GetTree\"} ";

/// How many navigation trees were asked for: one a plan made.
async fn plans_made(c: &reqwest::Client, app: &TestApp) -> u64 {
    metrics::count(c, app, TREE).await
}

async fn index(c: &reqwest::Client, app: &TestApp) -> String {
    let res = c.get(app.url("/sitemap.xml")).send().await.expect("index");
    assert_eq!(res.status(), 200);
    res.text().await.expect("body")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_plan_past_its_time_is_served_while_the_next_is_made() {
    let ttl = Duration::from_secs(3);
    let app = TestApp::builder().edge(move |c| c.sitemap_ttl = ttl).start().await;
    let c = reqwest::Client::new();
    let first = index(&c, &app).await;
    assert_eq!(plans_made(&c, &app).await, 1);
    assert_eq!(index(&c, &app).await, first);
    assert_eq!(plans_made(&c, &app).await, 1, "in its time, the plan is served as made");

    tokio::time::sleep(ttl + Duration::from_millis(200)).await;
    // Past its time: served, and the next is made in the background.
    assert_eq!(index(&c, &app).await, first);
    let made = eventually(Duration::from_secs(10), || async { plans_made(&c, &app).await == 2 });
    assert!(made.await, "the next plan was made");
    for _ in 0..3 {
        assert_eq!(index(&c, &app).await, first);
    }
    assert_eq!(plans_made(&c, &app).await, 2, "the new plan is served in its time: none made again");
}
