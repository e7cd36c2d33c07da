//! The sitemap is gathered once however many crawlers ask at once, and then served from
//! its cache: the services count one navigation tree and one product list. Alone in its
//! test binary, since those counts are the process's (as in `vitrine all`).

#[path = "support/metrics.rs"]
mod metrics;

use metrics::count;
use vitrine_testkit::TestApp;

const TREE: &str = "vitrine_grpc_server_requests_total{code=\"Ok\",method=\"/vitrine.v1.Navigation/GetTree\"} ";
const LIST: &str = "vitrine_grpc_server_requests_total{code=\"Ok\",method=\"/vitrine.v1.Catalogue/ListProducts\"} ";

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_first_requests_share_one_build_and_later_ones_none() {
    let app = TestApp::builder().start().await;
    let c = reqwest::Client::new();
    assert_eq!((count(&c, &app, TREE).await, count(&c, &app, LIST).await), (0, 0), "nothing asked yet");

    let asks = (0..8).map(|i| {
        let path = if i % 2 == 0 { "/sitemap.xml" } else { "/sitemap-1.xml" };
        c.get(app.url(path)).send()
    });
    for res in futures_util::future::join_all(asks).await {
        assert_eq!(res.expect("sitemap").status().as_u16(), 200);
    }
    assert_eq!((count(&c, &app, TREE).await, count(&c, &app, LIST).await), (1, 1), "one build for eight requests");

    for path in ["/sitemap.xml", "/sitemap-1.xml"] {
        assert_eq!(c.get(app.url(path)).send().await.expect(path).status().as_u16(), 200);
    }
    assert_eq!((count(&c, &app, TREE).await, count(&c, &app, LIST).await), (1, 1), "served from the cache");
}
