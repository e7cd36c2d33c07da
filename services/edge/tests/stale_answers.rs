//! A kept answer past its freshness is served stale while one refresh runs in the
//! background: no request waits for the refresh, however many arrive
//! while it runs, and they start one refresh between them. The menu's calls are held by
//! the test (a scripted adapter taking a permit per call), so a request that waited for
//! the refresh would not be answered at all until the test lets the refresh go.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;
use vitrine_domain::Backend;
use vitrine_proto::v1::NavigationNode;
use vitrine_testkit::scripted::{Script, ScriptedAdapter};
use vitrine_testkit::{TestApp, assert, eventually};

fn menu(name: &str) -> NavigationNode {
    NavigationNode { id: "root".into(), name: name.into(), url: "/".into(), ..NavigationNode::default() }
}

/// The menu as the edge answers it, with its `Server-Timing` cache entry.
async fn menu_read(app: &TestApp) -> (String, String) {
    let res = reqwest::get(app.url("/api/navigation")).await.expect("an answer");
    let timing = res.headers().get("server-timing").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let cache = timing.split(',').find(|e| e.trim_start().starts_with("edge-cache")).unwrap_or_default().to_owned();
    (assert::ok_json(res).await["name"].as_str().unwrap_or_default().to_owned(), cache)
}

fn menu_calls(adapter: &ScriptedAdapter) -> usize {
    adapter.calls().iter().filter(|c| c.starts_with("get_navigation")).count()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stale_answer_is_served_at_once_while_one_refresh_runs() {
    let permits = Arc::new(Semaphore::new(1));
    let script = Script {
        configured: true,
        navigation: Some(Ok(menu("Menu"))),
        navigation_permits: Some(permits.clone()),
        ..Script::default()
    };
    let adapter = ScriptedAdapter::start(script).await;
    let fresh = Duration::from_millis(200);
    let app = TestApp::builder()
        .adapter(Backend::InMemory, &adapter.url)
        .warm_pages(0)
        .edge(move |c| c.response_fresh = fresh)
        .start()
        .await;

    let (name, cache) = menu_read(&app).await;
    assert_eq!((name.as_str(), menu_calls(&adapter)), ("Menu", 1), "the first read asks: {cache}");
    assert!(cache.contains("miss navigation"), "{cache}");
    // Past its freshness: the menu's calls are held now (no permit left).
    tokio::time::sleep(fresh * 2).await;
    let reads = (0..20).map(|_| menu_read(&app));
    let answered = tokio::time::timeout(Duration::from_secs(30), futures_util::future::join_all(reads)).await;
    let answered = answered.expect("every stale read is answered while the refresh is held");
    for (name, cache) in &answered {
        assert_eq!(name, "Menu");
        assert!(cache.contains("stale navigation"), "{cache}");
    }
    assert!(eventually(Duration::from_secs(10), || async { menu_calls(&adapter) == 2 }).await);
    assert_eq!(menu_calls(&adapter), 2, "twenty stale reads started one refresh");
    // The refresh let go: it keeps a fresh answer, which the next read is.
    permits.add_permits(1);
    let refreshed =
        eventually(Duration::from_secs(10), || async { menu_read(&app).await.1.contains("hit navigation") });
    assert!(refreshed.await, "the refresh kept a fresh answer");
    assert_eq!(menu_calls(&adapter), 2);
}
