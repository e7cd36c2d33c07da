//! The sitemap of an edge whose default driver is each other backend (against the local
//! shops): valid against the protocol's XSDs, listing home, every category of that
//! driver's menu and every product of its list, each once.

#[path = "support/sitemaps.rs"]
mod sitemaps;

use std::collections::HashSet;

use serde_json::{Value, json};
use vitrine_common::Shutdown;
use vitrine_domain::Driver;
use vitrine_testkit::{TestApp, assert, browser, fake_store, magento, shopify};

/// Every url of the menu under `node`, depth first.
fn menu_urls(node: &Value, out: &mut Vec<String>) {
    for child in node["children"].as_array().into_iter().flatten() {
        out.extend(child["url"].as_str().map(str::to_owned));
        menu_urls(child, out);
    }
}

/// An edge in front of `app` whose default driver is `driver`: its sitemap lists what a
/// visitor on `driver` sees in the menu and the product list.
async fn lists_the_drivers_pages(app: &TestApp, driver: Driver) {
    let shutdown = Shutdown::new();
    let edge = app.another_edge(app.store.clone(), |config| config.default_driver = driver, &shutdown).await;
    let visitor = browser();
    let res = visitor.put(app.url("/api/driver")).json(&json!({ "driver": driver.as_str() })).send().await;
    assert_eq!(assert::ok_json(res.expect("put")).await["driver"], driver.as_str());
    let get = |path: &str| visitor.get(app.url(path)).send();
    let tree = assert::ok_json(get("/api/navigation").await.expect("menu")).await;
    let products = assert::ok_json(get("/api/products?limit=100").await.expect("products")).await;

    let pages = sitemaps::crawl(&reqwest::Client::new(), &edge, &edge).await;
    let listed: Vec<String> =
        pages.concat().iter().map(|u| u.strip_prefix(&edge).expect("absolute").to_owned()).collect();
    let unique: HashSet<&str> = listed.iter().map(String::as_str).collect();
    assert_eq!(unique.len(), listed.len(), "{driver}: each url once: {listed:?}");
    assert_eq!(listed.first().map(String::as_str), Some("/"), "{driver}: home first");
    let mut categories = Vec::new();
    menu_urls(&tree, &mut categories);
    assert!(!categories.is_empty(), "{driver}: a menu");
    assert!(categories.iter().all(|c| unique.contains(c.as_str())), "{driver}: {categories:?} in {listed:?}");
    let products: Vec<&str> = products
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|p| p["canonicalUrl"].as_str().or_else(|| p["url"].as_str()))
        .collect();
    assert!(!products.is_empty(), "{driver}: products");
    assert!(products.iter().all(|p| unique.contains(p)), "{driver}: {products:?} in {listed:?}");
    shutdown.cancel();
}

#[tokio::test(flavor = "multi_thread")]
async fn the_fake_stores_sitemap() {
    let api = fake_store::start();
    let app = TestApp::builder().fake_store(&api.url).start().await;
    lists_the_drivers_pages(&app, Driver::Fake).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn magentos_sitemap() {
    let shop = magento::start();
    let app = TestApp::builder().magento(&shop.url).start().await;
    lists_the_drivers_pages(&app, Driver::Magento).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn shopifys_sitemap() {
    let shop = shopify::start("shpat_sitemap_token");
    let app = TestApp::builder().shopify(&shop.url, "shpat_sitemap_token").start().await;
    lists_the_drivers_pages(&app, Driver::Shopify).await;
}
