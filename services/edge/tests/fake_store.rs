//! Through the edge with the driver switched to fake against a local fake-store API:
//! products and routes from the store, navigation from in-memory (spec §4).

use serde_json::json;
use vitrine_testkit::{TestApp, assert, browser, fake_store};

#[tokio::test(flavor = "multi_thread")]
async fn the_storefront_api_on_the_fake_store() {
    let api = fake_store::start();
    let app = TestApp::builder().fake_store(&api.url).start().await;
    let c = browser();
    let get = |path: &str| c.get(app.url(path)).send();
    let in_memory_menu = assert::ok_json(get("/api/navigation").await.expect("nav")).await;
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": "fake" })).send().await.expect("put");
    assert_eq!(assert::ok_json(res).await["driver"], "fake");

    assert_eq!(assert::ok_json(get("/api/navigation").await.expect("nav")).await, in_memory_menu);
    let product = assert::ok_json(get("/api/products/by-url?url=/product/1").await.expect("p")).await;
    assert_eq!(product["products"][0]["name"], "Fjallraven Foldsack No. 1 Backpack");
    let found = assert::ok_json(get("/api/resolve?url=/product/1").await.expect("r")).await;
    assert_eq!((&found["outcome"], &found["type"]), (&json!("match"), &json!("PRODUCT")));
    let in_memory_url = assert::ok_json(get("/api/resolve?url=/1001").await.expect("r")).await;
    assert_eq!(in_memory_url["outcome"], "not_found", "the fake store knows nothing of /1001");
    assert::json_error(get("/api/products/by-url?url=/product/404").await.expect("p"), 404, "not_found").await;

    // issue 10: the home page's chips are the store's own categories, and each is a page.
    let chips = assert::ok_json(get("/api/categories").await.expect("categories")).await;
    let first = chips[0]["url"].as_str().expect("a category").to_owned();
    assert!(first.starts_with("/category/"), "{chips}");
    let resolved = assert::ok_json(get(&format!("/api/resolve?url={first}")).await.expect("r")).await;
    assert_eq!((&resolved["outcome"], &resolved["type"]), (&json!("match"), &json!("CATEGORY")));
    let page = assert::ok_json(get(&format!("/api/categories/by-url?url={first}")).await.expect("c")).await;
    assert!(page["listing"]["total_count"].as_u64().is_some_and(|n| n > 0), "{page}");
    let found = assert::ok_json(get("/api/search?q=backpack").await.expect("s")).await;
    assert_eq!(found["products"][0]["name"], "Fjallraven Foldsack No. 1 Backpack");
}
