//! Issue 12, item 5, over HTTP with every service real: robots.txt names the sitemap and
//! keeps crawlers off the API and images; the sitemap index and its pages validate
//! against the protocol's own XSDs (`tests/fixtures/sitemaps`, by xmllint), list the
//! default driver's home, categories and products once each, page at
//! `sitemap_page_urls`, and answer 404 past the last page and 503 when the backend fails.

#[path = "support/sitemaps.rs"]
mod sitemaps;

use std::collections::HashSet;

use serde_json::{Value, json};
use sitemaps::{crawl, text};
use vitrine_common::Shutdown;
use vitrine_testkit::{TestApp, assert, browser};

#[tokio::test(flavor = "multi_thread")]
async fn robots_names_the_sitemap_and_keeps_crawlers_off_the_api_and_images() {
    let app = TestApp::builder().start().await;
    let c = browser();
    let robots = text(&c, &app.url("/robots.txt"), "text/plain; charset=utf-8").await;
    let expected = format!("User-agent: *\nDisallow: /api/\nDisallow: /img\n\nSitemap: {}/sitemap.xml\n", app.edge_url);
    assert_eq!(robots, expected);

    // A host that is not a plain host[:port] is not repeated into the file.
    let hostile = c.get(app.url("/robots.txt")).header("host", "evil\"<x>").send().await.expect("robots");
    assert!(hostile.text().await.expect("body").ends_with("Sitemap: http://localhost/sitemap.xml\n"));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_sitemap_is_valid_and_lists_the_default_drivers_pages_once() {
    let app = TestApp::builder().start().await;
    let c = browser();
    // The visitor's session is on another driver (one without a backend here): the
    // sitemap is still the default driver's, in-memory.
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": "magento" })).send().await.expect("put");
    assert_eq!(assert::ok_json(res).await["driver"], "magento");

    let pages = crawl(&c, &app.edge_url, &app.edge_url).await;
    assert_eq!(pages.len(), 1, "a few dozen urls fit one page");
    let listed: Vec<&str> = pages[0].iter().map(|u| u.strip_prefix(&app.edge_url).expect("absolute")).collect();
    let unique: HashSet<&str> = listed.iter().copied().collect();
    assert_eq!(unique.len(), listed.len(), "each url once: {listed:?}");
    assert_eq!(listed.first(), Some(&"/"), "home first");
    for path in ["/computers", "/computers/movies", "/computers/movies/games", "/computers/movies/beauty", "/1001"] {
        assert!(unique.contains(path), "{path} listed: {listed:?}");
    }

    // Every product of the default driver, as its catalogue lists them (mock-data's 35).
    let other = reqwest::Client::new();
    let products: Value =
        assert::ok_json(other.get(app.url("/api/products?limit=100")).send().await.expect("products")).await;
    let urls: Vec<&str> = products.as_array().expect("a list").iter().filter_map(|p| p["url"].as_str()).collect();
    assert_eq!(urls.len(), 35);
    for url in &urls {
        assert!(unique.contains(url), "product {url} listed");
    }
    // Every category of the menu, and nothing else: home + categories + products.
    let tree: Value = assert::ok_json(other.get(app.url("/api/navigation")).send().await.expect("menu")).await;
    let mut categories = Vec::new();
    let mut stack = vec![&tree];
    while let Some(node) = stack.pop() {
        for child in node["children"].as_array().into_iter().flatten() {
            categories.push(child["url"].as_str().expect("url"));
            stack.push(child);
        }
    }
    assert!(categories.iter().all(|c| unique.contains(c)), "every category listed: {categories:?}");
    assert_eq!(listed.len(), 1 + categories.len() + urls.len(), "nothing else: {listed:?}");

    for missing in ["/sitemap-2.xml", "/sitemap-0.xml", "/sitemap-01.xml", "/sitemap-x.xml"] {
        assert::json_error(c.get(app.url(missing)).send().await.expect(missing), 404, "not_found").await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn small_pages_split_the_sitemap_and_the_configured_origin_names_it() {
    let app = TestApp::builder().start().await;
    let c = reqwest::Client::new();
    let whole = crawl(&c, &app.edge_url, &app.edge_url).await.concat();

    let shutdown = Shutdown::new();
    let paged = app
        .another_edge(
            app.store.clone(),
            |config| {
                config.sitemap_page_urls = 10;
                config.public_url = Some("https://shop.example/".to_owned());
            },
            &shutdown,
        )
        .await;
    let pages = crawl(&c, &paged, "https://shop.example").await;
    assert_eq!(pages.len(), whole.len().div_ceil(10), "{} urls in pages of 10", whole.len());
    assert!(pages.len() >= 3, "several pages: {}", pages.len());
    assert!(pages.iter().all(|p| (1..=10).contains(&p.len())), "at most 10 a page");
    assert!(pages[..pages.len() - 1].iter().all(|p| p.len() == 10), "every page but the last full");
    // The same urls, each exactly once across the pages, in the same order.
    let on_shop: Vec<String> = whole.iter().map(|u| u.replacen(&app.edge_url, "https://shop.example", 1)).collect();
    assert_eq!(pages.concat(), on_shop);
    let robots = text(&c, &format!("{paged}/robots.txt"), "text/plain; charset=utf-8").await;
    assert!(robots.ends_with("Sitemap: https://shop.example/sitemap.xml\n"), "{robots}");
    let past = pages.len() + 1;
    let res = c.get(format!("{paged}/sitemap-{past}.xml")).send().await.expect("past the end");
    assert::json_error(res, 404, "not_found").await;
    shutdown.cancel();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_backend_failure_is_a_503() {
    let mut app = TestApp::builder().start().await;
    app.mock.stop();
    let _ = app.mock.stopped().await; // returns once mock-data has stopped
    let c = reqwest::Client::new();
    for path in ["/sitemap.xml", "/sitemap-1.xml", "/sitemap.xml"] {
        let message = assert::json_error(c.get(app.url(path)).send().await.expect(path), 503, "unavailable").await;
        assert!(!message.contains("127.0.0.1"), "{message}");
    }
}
