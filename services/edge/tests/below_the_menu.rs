//! A catalogue deeper than its menu, as a large shop's is: the menu is read three levels
//! deep; a category below it opens at its own address (found by its listing, which its
//! view shares: one upstream call, as the page's Server-Timing tells), and the sitemap
//! lists it, found from its parent's page.

#[allow(dead_code, reason = "a written page's status is all that is read here")]
#[path = "support/page.rs"]
mod page;
#[path = "support/sitemaps.rs"]
mod sitemaps;

use std::collections::HashSet;

use page::{Page, built_spa};
use serde_json::Value;
use vitrine_testkit::{TestApp, assert, browser};

/// 600 products, at most 3 children a category: four levels of 3, 9, 27 and 81.
const PRODUCTS: u32 = 600;
const BREADTH: u32 = 3;

async fn get(c: &reqwest::Client, app: &TestApp, path: &str) -> Value {
    assert::ok_json(c.get(app.url(path)).send().await.expect(path)).await
}

/// The answer at `path` and the upstream listing reads its Server-Timing names, each as
/// its outcome (`miss`: a request to the backend; `coalesced`: a share of one in flight).
async fn with_listings(c: &reqwest::Client, app: &TestApp, path: &str) -> (Value, Vec<String>) {
    let res = c.get(app.url(path)).send().await.expect(path);
    let timing = res.headers().get("server-timing").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let reads = timing
        .split(',')
        .filter_map(|entry| entry.split("desc=\"in-memory listing ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next().map(str::to_owned))
        .collect();
    (assert::ok_json(res).await, reads)
}

/// Each node's url by its depth below the root.
fn by_depth(node: &Value, depth: usize, out: &mut Vec<Vec<String>>) {
    for child in node["children"].as_array().into_iter().flatten() {
        if out.len() <= depth {
            out.push(Vec::new());
        }
        out[depth].push(child["url"].as_str().expect("a url").to_owned());
        by_depth(child, depth + 1, out);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_category_below_the_menu_opens_and_is_in_the_sitemap() {
    let spa = built_spa();
    let app = TestApp::builder().static_dir(spa.path()).mock_products(PRODUCTS).mock_max_breadth(BREADTH).start().await;
    let c = browser();

    let menu = get(&c, &app, "/api/navigation").await;
    let mut levels = Vec::new();
    by_depth(&menu, 0, &mut levels);
    let sizes: Vec<usize> = levels.iter().map(Vec::len).collect();
    assert_eq!(sizes, [3 + 1, 9, 27], "three levels, the large category on top");
    let third = &menu["children"][0]["children"][0]["children"][0];
    assert_eq!((third["children_count"].as_u64(), third["children"].as_array().map(Vec::len)), (Some(3), Some(0)));

    // Its parent's page names the fourth level; the first opens cold with one listing read.
    let parent = get(&c, &app, &format!("/api/page?url={}", third["url"].as_str().expect("a url"))).await;
    let fourth: Vec<String> = parent["category"]["category"]["children"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["url"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(fourth.len(), 3, "{parent}");
    let (page, reads) = with_listings(&c, &app, &format!("/api/page?url={}", fourth[0])).await;
    assert_eq!(
        (&page["resolution"]["type"], &page["category"]["category"]["url"]),
        (&"CATEGORY".into(), &fourth[0].clone().into())
    );
    assert!(!page["category"]["listing"]["products"].as_array().expect("products").is_empty(), "{page}");
    assert_eq!(reads.iter().filter(|r| *r == "miss").count(), 1, "one request for the look-up and the view: {reads:?}");
    assert!(reads.iter().all(|r| ["miss", "coalesced", "hit"].contains(&r.as_str())), "{reads:?}");
    let written = Page::get(&c, &app.url(&fourth[1])).await;
    assert_eq!(written.status, 200, "{} as a page: {}", fourth[1], written.html);
    let missing = get(&c, &app, &format!("/api/page?url={}/no-such-aisle", fourth[0])).await;
    assert_eq!(missing["resolution"]["outcome"], "not_found");
    let beside = get(&c, &app, &format!("/api/page?url={}/no-such-aisle", third["url"].as_str().expect("a url"))).await;
    assert_eq!(beside["resolution"]["outcome"], "not_found");

    // The sitemap lists every category at every level and every product, each once.
    let listed: Vec<String> = sitemaps::crawl(&c, &app.edge_url, &app.edge_url)
        .await
        .concat()
        .iter()
        .map(|u| u.strip_prefix(&app.edge_url).expect("absolute").to_owned())
        .collect();
    let unique: HashSet<&str> = listed.iter().map(String::as_str).collect();
    assert_eq!(unique.len(), listed.len(), "each url once");
    for url in levels.iter().flatten().chain(&fourth) {
        assert!(unique.contains(url.as_str()), "{url} listed");
    }
    let deepest = listed.iter().filter(|u| u.matches('/').count() == 4).count();
    assert_eq!(deepest, 81, "the fourth level, every category of it");
    for id in 1001..1001 + PRODUCTS {
        assert!(unique.contains(format!("/{id}").as_str()), "product {id} listed");
    }
}
