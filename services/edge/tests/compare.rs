//! Issue 24 (b): comparing backends over real HTTP and gRPC, every backend served by its
//! demo shop: each enabled backend's home, first category, first product and a search,
//! cold and warm, with each one's median and 95th percentile; one comparison at a time
//! per visitor, limited per address; off where the debug tools are off; its page
//! reserved and not to be indexed.

#[path = "support/page.rs"]
#[allow(dead_code, reason = "the page's title is all that is read here")]
mod page;

use serde_json::{Value, json};
use vitrine_testkit::{TestApp, assert, browser, fake_store, magento, medusa, shopify};

const TOKEN: &str = "shpat_compare";

#[tokio::test(flavor = "multi_thread")]
async fn every_enabled_backend_is_compared_page_kind_by_page_kind() {
    let (fake, magento, shopify, medusa) =
        (fake_store::start(), magento::start_shop(), shopify::start_demo(TOKEN), medusa::start(medusa::DEMO_KEY));
    let app = TestApp::builder()
        .fake_store(&fake.url)
        .magento(&magento.url)
        .shopify(&shopify.url, TOKEN)
        .medusa(&medusa.url, medusa::DEMO_KEY)
        .edge(|edge| edge.debug_faults = true)
        .start()
        .await;
    let c = browser();
    let res = c.post(app.url("/api/debug/compare")).header("origin", app.url("")).send().await.expect("compare");
    let comparison = assert::ok_json(res).await;
    let runs = comparison["runs"].as_u64().expect("runs");
    let backends = comparison["backends"].as_array().expect("backends");
    let drivers: Vec<&str> = backends.iter().filter_map(|b| b["driver"].as_str()).collect();
    assert_eq!(drivers, ["in-memory", "fake", "magento", "shopify", "medusa"], "one per backend: {comparison}");
    for backend in backends {
        let driver = &backend["driver"];
        assert_eq!(backend["error"], Value::Null, "{backend}");
        let kinds: Vec<&str> =
            backend["kinds"].as_array().expect("kinds").iter().filter_map(|k| k["kind"].as_str()).collect();
        assert_eq!(kinds, ["home", "category", "product", "search"], "{driver}: {backend}");
        for kind in backend["kinds"].as_array().into_iter().flatten() {
            assert_eq!(kind["errors"], 0, "{driver}: {kind}");
            for figure in ["cold_ms", "median_ms", "p95_ms"] {
                assert!(kind[figure].as_f64().is_some_and(|ms| ms >= 0.0), "{driver} {figure}: {kind}");
            }
            assert!(kind["median_ms"].as_f64() <= kind["p95_ms"].as_f64(), "{driver}: {kind}");
        }
        let (median, p95) = (backend["median_ms"].as_f64(), backend["p95_ms"].as_f64());
        assert!(median.is_some() && median <= p95, "{driver}: {backend}");
        assert!(runs >= 3, "a few warm reads: {runs}");
    }
    let search = &backends[0]["kinds"][3]["path"];
    assert!(search.as_str().is_some_and(|p| p.starts_with("/search?q=")), "{search}");

    // The page is reserved for the SPA and not to be indexed.
    let spa = page::built_spa();
    let with_pages = TestApp::builder().static_dir(spa.path()).edge(|edge| edge.debug_faults = true).start().await;
    let res = browser().get(with_pages.url("/debug/compare")).send().await.expect("page");
    assert_eq!((res.status().as_u16(), res.headers()["x-robots-tag"].to_str().ok()), (200, Some("noindex")));
    let html = res.text().await.expect("html");
    assert_eq!(page::Page { status: 200, html }.title(), "Compare backends");
}

#[tokio::test(flavor = "multi_thread")]
async fn one_comparison_at_a_time_a_few_a_minute_and_none_where_the_tools_are_off() {
    let app = TestApp::builder().edge(|edge| edge.debug_faults = true).start().await;
    let a = browser();
    // Every read of in-memory by this visitor skips the caches and waits 200 ms more.
    let slow = json!({"backend": "in-memory", "latency_ms": 200, "error_percent": 0, "timeout": false});
    let res = a.put(app.url("/api/debug/faults")).header("origin", app.url("")).json(&slow).send().await.expect("put");
    assert_eq!(res.status().as_u16(), 200);
    let compare = |c: &reqwest::Client| c.post(app.url("/api/debug/compare")).header("origin", app.url("")).send();
    // Two at once from the same visitor (the same address, no session): a comparison
    // here lasts seconds (two dozen reads of 200 ms and more), so they overlap, and one of
    // them is refused. (Which one comes first is the network's business.)
    let (x, y) = tokio::join!(compare(&a), compare(&a));
    let (x, y) = (x.expect("one"), y.expect("other"));
    let mut statuses = [x.status().as_u16(), y.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "one runs, one is refused");
    let refused = if x.status().as_u16() == 409 { x } else { y };
    assert::json_error(refused, 409, "comparison_running").await;

    // Past the limit per address: 429.
    let mut statuses = Vec::new();
    for _ in 0..14 {
        statuses.push(compare(&browser()).await.expect("compare").status().as_u16());
    }
    assert!(statuses.contains(&429), "{statuses:?}");

    // Cross-site, or where the tools are off: refused.
    let res = browser().post(app.url("/api/debug/compare")).header("origin", "https://evil.example").send();
    assert::json_error(res.await.expect("cross"), 403, "forbidden").await;
    let off = TestApp::builder().start().await;
    let res = browser().post(off.url("/api/debug/compare")).header("origin", off.url("")).send();
    assert::json_error(res.await.expect("off"), 404, "not_found").await;
}
