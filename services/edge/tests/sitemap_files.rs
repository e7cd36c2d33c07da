//! A catalogue larger than one sitemap file: every product is listed once, no file holds
//! more than the limit, and writing a file asks only for the category pages it covers (at
//! most one per path it lists, whatever the catalogue's size), counted by the catalogue
//! service's own request metric. Alone in its test binary, since that count is the
//! process's.

#[path = "support/metrics.rs"]
mod metrics;

#[path = "support/sitemaps.rs"]
mod sitemaps;

use std::collections::HashSet;

use metrics::count;
use vitrine_common::Shutdown;
use vitrine_testkit::TestApp;

const PAGES: &str = "vitrine_grpc_server_requests_total{code=\"Ok\",method=\"/vitrine.v1.Catalogue/GetCategoryPage\"} ";
const PER_FILE: usize = 50;
const PRODUCTS: u32 = 600;

#[tokio::test(flavor = "multi_thread")]
async fn a_large_catalogue_is_written_file_by_file_from_the_pages_each_covers() {
    let app = TestApp::builder().mock_products(PRODUCTS).start().await;
    let shutdown = Shutdown::new();
    let edge = app.another_edge(app.store.clone(), |config| config.sitemap_page_urls = PER_FILE, &shutdown).await;
    let c = reqwest::Client::new();

    let before_plan = count(&c, &app, PAGES).await;
    let index = sitemaps::text(&c, &format!("{edge}/sitemap.xml"), "application/xml; charset=utf-8").await;
    let files = index.matches("<sitemap>").count();
    let planned = count(&c, &app, PAGES).await - before_plan;
    assert!(planned >= u64::from(PRODUCTS) / 24, "the plan walks every category page: {planned}");

    let mut listed = Vec::new();
    for n in 1..=files {
        let before = count(&c, &app, PAGES).await;
        let xml = sitemaps::text(&c, &format!("{edge}/sitemap-{n}.xml"), "application/xml; charset=utf-8").await;
        let calls = count(&c, &app, PAGES).await - before;
        let urls: Vec<String> =
            xml.split("<loc>").skip(1).filter_map(|r| r.split_once("</loc>")).map(|(l, _)| l.to_owned()).collect();
        assert!((1..=PER_FILE).contains(&urls.len()), "file {n}: {} urls", urls.len());
        assert!(n == files || urls.len() == PER_FILE, "file {n} of {files} is full");
        let bound = u64::try_from(urls.len()).expect("small");
        assert!(calls <= bound, "file {n}: {calls} calls for {bound} urls");
        listed.extend(urls.into_iter().map(|u| u.strip_prefix(&edge).expect("absolute").to_owned()));
    }
    let unique: HashSet<&str> = listed.iter().map(String::as_str).collect();
    assert_eq!(unique.len(), listed.len(), "each url once");
    for id in 1001..1001 + PRODUCTS {
        assert!(unique.contains(format!("/{id}").as_str()), "product {id} listed");
    }
    assert!(unique.contains("/clearance"), "the large category");
    assert!(files > usize::try_from(PRODUCTS).expect("small") / PER_FILE, "{files} files");
    // The whole sitemap validates as the protocol's, as a crawler reads it.
    assert_eq!(sitemaps::crawl(&c, &edge, &edge).await.concat().len(), listed.len());
    shutdown.cancel();
}
