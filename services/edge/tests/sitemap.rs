//! Issue 12, item 5, over HTTP with every service real: robots.txt names the sitemap and
//! keeps crawlers off the API and images; the sitemap index and its pages validate
//! against the protocol's own XSDs (`tests/fixtures/sitemaps`, by xmllint), list the
//! default driver's home, categories and products once each, page at
//! `sitemap_page_urls`, and answer 404 past the last page and 503 when the backend fails.

use std::collections::HashSet;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use vitrine_common::Shutdown;
use vitrine_testkit::{TestApp, assert, browser};

/// One of the protocol's schemas kept in the repo.
fn schema(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sitemaps").join(name)
}

/// Validates `xml` against the protocol's `xsd` with xmllint (libxml2-utils; `scripts/test`
/// installs it), failing the test with xmllint's own report.
fn assert_valid(xml: &str, xsd: &str, what: &str) {
    let mut child = Command::new("xmllint")
        .args(["--noout", "--nonet", "--schema"])
        .arg(schema(xsd))
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xmllint (apt-get install libxml2-utils)");
    child.stdin.take().expect("stdin").write_all(xml.as_bytes()).expect("write to xmllint");
    let out = child.wait_with_output().expect("xmllint ran");
    assert!(out.status.success(), "{what} is not valid against {xsd}: {}\n{xml}", String::from_utf8_lossy(&out.stderr));
}

/// The text of every `<loc>`, unescaped.
fn locs(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</loc>"))
        .map(|(loc, _)| loc.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'"))
        .map(|loc| loc.replace("&amp;", "&"))
        .collect()
}

/// GET `url`: a 200 with `content_type`, and its body.
async fn text(c: &reqwest::Client, url: &str, content_type: &str) -> String {
    let res = c.get(url).send().await.expect(url);
    assert_eq!(res.status().as_u16(), 200, "GET {url}");
    assert_eq!(res.headers()["content-type"], content_type, "GET {url}");
    res.text().await.expect("body")
}

/// The whole sitemap at `base` as `origin` names it: every page's locs, each page valid,
/// the index valid and naming exactly `/sitemap-1.xml`… in order.
async fn crawl(c: &reqwest::Client, base: &str, origin: &str) -> Vec<Vec<String>> {
    let index = text(c, &format!("{base}/sitemap.xml"), "application/xml; charset=utf-8").await;
    assert_valid(&index, "siteindex.xsd", "/sitemap.xml");
    let pages = locs(&index);
    let expected: Vec<String> = (1..=pages.len()).map(|n| format!("{origin}/sitemap-{n}.xml")).collect();
    assert_eq!(pages, expected, "the index names its pages in order");
    let mut listed = Vec::new();
    for n in 1..=pages.len() {
        let page = text(c, &format!("{base}/sitemap-{n}.xml"), "application/xml; charset=utf-8").await;
        assert_valid(&page, "sitemap.xsd", &format!("/sitemap-{n}.xml"));
        listed.push(locs(&page));
    }
    listed
}

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
