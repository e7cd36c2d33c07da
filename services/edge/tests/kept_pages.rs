//! Over real HTTP: a written page is kept per driver and address, compressed
//! once, and sent again as kept (a 304 to a browser that holds it); a visitor without a
//! session gets it with no cookie and a policy shared caches may follow, a session's
//! visitor privately; a visitor who switched gets no page written before their switch;
//! and a kept page gone stale is still sent while one rewrite runs in the background,
//! which reads again what would go stale soon, so the page goes stale once an expiry.

#[path = "support/coding.rs"]
mod coding;
// Shared with pages.rs, which reads more of a page than this file does.
#[allow(dead_code)]
#[path = "support/page.rs"]
mod page;

use std::time::Duration;

use page::{Page, built_spa, page_heads};
use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, ETAG, IF_NONE_MATCH, SET_COOKIE, VARY};
use serde_json::json;
use vitrine_testkit::{TestApp, assert, browser, eventually, magento};

/// `(written, reused)` so far.
async fn counts(app: &TestApp) -> (u64, u64) {
    (page_heads(app, "written").await, page_heads(app, "reused").await)
}

/// `res`'s body decoded, as text, and its size on the wire.
async fn decoded(res: reqwest::Response) -> (String, usize) {
    let (_, plain, size) = coding::decoded(res).await;
    (String::from_utf8(plain).expect("utf-8"), size)
}

async fn switch(c: &reqwest::Client, app: &TestApp, driver: &str) -> reqwest::Response {
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": driver })).send().await.expect("put");
    assert_eq!(res.status(), 200, "{driver}");
    res
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_is_written_once_then_sent_as_kept_compressed_and_tagged() {
    let spa = built_spa();
    let app = TestApp::builder().static_dir(spa.path()).start().await;
    let c = browser();
    let ask = |accept: &'static str| c.get(app.url("/1001")).header(ACCEPT_ENCODING, accept).send();

    let first = ask("").await.expect("first");
    assert_eq!(first.status(), 200);
    let header = |res: &reqwest::Response, name| {
        res.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()
    };
    assert!(first.headers().get(SET_COOKIE).is_none(), "no session for a page view");
    assert_eq!(header(&first, CACHE_CONTROL), "public, max-age=0, s-maxage=10, stale-while-revalidate=30");
    assert_eq!(header(&first, VARY), "Accept-Encoding, Cookie");
    let tag = header(&first, ETAG);
    assert!(tag.starts_with("W/\""), "{tag}");
    let (html, plain_size) = decoded(first).await;
    assert!(html.contains("data-head"), "a written page");
    let before = counts(&app).await;

    let mut sizes = Vec::new();
    for (accept, coding) in [("gzip", "gzip"), ("gzip, deflate, br, zstd", "br")] {
        let res = ask(accept).await.expect(accept);
        assert_eq!((header(&res, CONTENT_ENCODING), header(&res, ETAG)), (coding.to_owned(), tag.clone()));
        let (same, size) = decoded(res).await;
        assert_eq!(same, html, "{accept}: the very page");
        sizes.push(size);
    }
    assert!(
        sizes[1] < sizes[0] && sizes[0] < plain_size / 2,
        "br {} < gzip {} < html {plain_size}",
        sizes[1],
        sizes[0]
    );
    let (written, reused) = counts(&app).await;
    assert_eq!((written, reused), (before.0, before.1 + 2), "written once, then reused");

    let held = c.get(app.url("/1001")).header(IF_NONE_MATCH, &tag).header(ACCEPT_ENCODING, "br").send().await;
    let held = held.expect("conditional");
    assert_eq!(held.status(), 304);
    assert!(held.bytes().await.expect("body").is_empty());

    // Another address is another page.
    let other = c.get(app.url("/1002")).header(IF_NONE_MATCH, &tag).send().await.expect("1002");
    assert_eq!(other.status(), 200);
    assert_ne!(header(&other, ETAG), tag);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_s_pages_are_private_and_its_own_driver_s() {
    let spa = built_spa();
    let app = TestApp::builder().static_dir(spa.path()).start().await;
    let (c, stranger) = (browser(), browser());
    let shared = Page::get(&c, &app.url("/1001")).await;
    assert_eq!(shared.data().expect("data")["/api/driver"]["driver"], "in-memory");

    assert!(switch(&c, &app, "fake").await.headers().get(SET_COOKIE).is_some(), "a switch issues the session");
    let res = c.get(app.url("/1001")).send().await.expect("page");
    assert_eq!(res.headers()[CACHE_CONTROL], "private, no-cache");
    assert!(res.headers().get(SET_COOKIE).is_none());
    let page = Page { status: res.status().as_u16(), html: res.text().await.expect("html") };
    let driver = &page.data().expect("data")["/api/driver"];
    assert_eq!(driver["driver"], "fake");
    assert_eq!(driver["switched_at_ms"], 0, "nothing of the visitor's own is in a kept page");

    // Everyone else still gets the default driver's page.
    let theirs = stranger.get(app.url("/1001")).send().await.expect("page");
    assert!(theirs.headers()[CACHE_CONTROL].to_str().unwrap_or_default().starts_with("public"));
    let theirs = Page { status: 200, html: theirs.text().await.expect("html") };
    assert_eq!(theirs.data().expect("data")["/api/driver"]["driver"], "in-memory");
}

/// Magento's answers must be fresh after a switch to it (spec §4): a page kept before a
/// visitor's switch is written again for them, and what is written then serves those who
/// switched earlier.
#[tokio::test(flavor = "multi_thread")]
async fn a_page_kept_before_a_visitor_s_switch_is_not_theirs() {
    let shop = magento::start();
    let spa = built_spa();
    let app = TestApp::builder().static_dir(spa.path()).magento(&shop.url).start().await;
    let (early, late) = (browser(), browser());
    let path = "/joust-duffle-bag.html";
    switch(&early, &app, "magento").await;
    assert_eq!(early.get(app.url(path)).send().await.expect("page").status(), 200);
    let (written, reused) = counts(&app).await;
    assert_eq!(early.get(app.url(path)).send().await.expect("page").status(), 200);
    assert_eq!(counts(&app).await, (written, reused + 1), "the early visitor's page is kept");

    switch(&late, &app, "magento").await;
    assert_eq!(late.get(app.url(path)).send().await.expect("page").status(), 200);
    assert_eq!(counts(&app).await, (written + 1, reused + 1), "written again for the later switch");
    let res = early.get(app.url(path)).send().await.expect("page");
    assert_eq!(counts(&app).await, (written + 1, reused + 2), "which serves the early visitor too");
    let page = Page { status: res.status().as_u16(), html: res.text().await.expect("html") };
    assert_eq!(page.title(), "Joust Duffle Bag | Luma");
    assert::ok_json(early.get(app.url("/api/driver")).send().await.expect("driver")).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stale_page_is_sent_as_kept_while_one_rewrite_runs() {
    let spa = built_spa();
    // Stale for three times as long once past it: a slow machine's requests still come
    // while the page may be sent stale.
    let fresh = Duration::from_secs(1);
    let app = TestApp::builder().static_dir(spa.path()).edge(move |c| c.response_fresh = fresh).start().await;
    let c = browser();
    let first = c.get(app.url("/1001")).send().await.expect("first");
    assert_eq!(first.status(), 200);
    let (written, reused) = counts(&app).await;
    assert_eq!(page_heads(&app, "rewritten").await, 0);

    tokio::time::sleep(fresh * 3 / 2).await;
    let stale = (0..10).map(|_| async { c.get(app.url("/1001")).send().await.expect("stale").status() });
    let statuses = futures_util::future::join_all(stale).await;
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    assert_eq!(counts(&app).await, (written, reused + 10), "every one sent as kept, none written in its request");
    let rewritten = eventually(Duration::from_secs(10), || async { page_heads(&app, "rewritten").await == 1 });
    assert!(rewritten.await, "ten stale sends started a rewrite in the background");
    // The rewrite read afresh, so the page it kept is fresh: nothing starts another.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(page_heads(&app, "rewritten").await, 1, "one rewrite");
}

/// A page is as old as its oldest read. Its rewrite reads again, beside what is stale,
/// what is past half its freshness, so the page it keeps is as old as one moment and goes
/// stale once for each expiry, not once for each moment its reads were read at.
#[tokio::test(flavor = "multi_thread")]
async fn a_rewrite_reads_again_what_goes_stale_soon_so_a_page_expires_once() {
    let spa = built_spa();
    let fresh = Duration::from_secs(4);
    let app = TestApp::builder().static_dir(spa.path()).edge(move |c| c.response_fresh = fresh).start().await;
    let c = browser();
    let ask = || async { c.get(app.url("/1001")).send().await.expect("page").status() };
    let start = tokio::time::Instant::now();
    // The menu read now (if the start did not read it before), the product a quarter of
    // the freshness later.
    assert_eq!(c.get(app.url("/api/navigation")).send().await.expect("menu").status(), 200);
    tokio::time::sleep(fresh / 4).await;
    assert_eq!(ask().await, 200);
    assert_eq!(page_heads(&app, "rewritten").await, 0);

    // Stale by the menu's read: sent as kept, and written again in the background.
    tokio::time::sleep_until(start + fresh + fresh / 8).await;
    assert_eq!(ask().await, 200);
    let rewritten = eventually(Duration::from_secs(10), || async { page_heads(&app, "rewritten").await == 1 });
    assert!(rewritten.await, "the stale page was written again");

    // Past the product's first read's freshness: the rewrite read the product again
    // (it was past half its freshness), so the page is fresh and nothing is written.
    tokio::time::sleep_until(start + fresh * 5 / 4 + fresh / 8).await;
    assert_eq!(ask().await, 200);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(page_heads(&app, "rewritten").await, 1, "one rewrite for one expiry");
}
