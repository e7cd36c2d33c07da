//! Through the edge with the driver switched to magento (and mageos) against a local
//! Magento GraphQL server: navigation, product by url, resolve and redirects.

use serde_json::{Value, json};
use vitrine_testkit::{TestApp, assert, browser, magento};

#[tokio::test(flavor = "multi_thread")]
async fn the_storefront_api_on_magento() {
    let shop = magento::start();
    let app = TestApp::builder().with_redis().magento(&shop.url).start().await;
    let c = browser();
    let get = |path: &str| c.get(app.url(path)).send();
    for driver in ["magento", "mageos"] {
        let res = c.put(app.url("/api/driver")).json(&json!({ "driver": driver })).send().await.expect("put");
        assert_eq!(assert::ok_json(res).await["driver"], driver);

        let tree = assert::ok_json(get("/api/navigation").await.expect("nav")).await;
        let top: Vec<&str> =
            tree["children"].as_array().into_iter().flatten().filter_map(|c| c["name"].as_str()).collect();
        assert_eq!(top, ["Men", "Gear"], "{driver}");

        let product = assert::ok_json(get("/api/products/by-url?url=/joust-duffle-bag.html").await.expect("p")).await;
        assert_eq!(product["id"], "24-MB01");
        assert_eq!(product["products"][0]["currency"], "USD");

        let found = assert::ok_json(get("/api/resolve?url=/joust-duffle-bag.html").await.expect("r")).await;
        assert_eq!(
            (&found["outcome"], &found["type"], &found["code"]),
            (&json!("match"), &json!("PRODUCT"), &json!(200))
        );
        assert_eq!(found["data"]["title"], "Joust Duffle Bag | Luma");

        let moved = assert::ok_json(get("/api/resolve?url=/old-duffle.html").await.expect("r")).await;
        assert_eq!(
            (&moved["outcome"], &moved["code"], &moved["error_code"]),
            (&json!("redirect"), &json!(301), &json!("302_PERMANENT_REDIRECT"))
        );
        assert_eq!(moved["location"], "/joust-duffle-bag.html");
        let temporary = assert::ok_json(get("/api/resolve?url=/summer-bag.html").await.expect("r")).await;
        assert_eq!(
            (&temporary["code"], &temporary["error_code"], &temporary["location"]),
            (&json!(302), &json!("TEMPORARY_REDIRECT"), &json!("/gear/bags.html"))
        );
        let unknown = assert::ok_json(get("/api/resolve?url=/nope.html").await.expect("r")).await;
        assert_eq!((&unknown["outcome"], &unknown["code"]), (&json!("not_found"), &json!(404)));
        let page = assert::ok_json(get("/api/resolve?url=/about-us").await.expect("r")).await;
        assert_eq!((&page["type"], &page["id"]), (&json!("CMS_PAGE"), &json!("about-us")));

        let message =
            assert::json_error(get("/api/products/by-url?url=/gear.html").await.expect("p"), 404, "not_found").await;
        assert_eq!(message, "The platform did not respond with a product.");
    }
    // The second round's switch made its reads skip what the first had cached: it asked
    // the shop again (issue 11: a switch freshens the visitor's view, deleting nothing).
    let navs =
        shop.received().iter().flat_map(|r| r.operations.clone()).filter(|o| o == "MagentoGetCategoryTree").count();
    assert_eq!(navs, 2);
    let stored =
        app.store.get("vitrine:cache:magento:navigation:MagentoNavigationGetRootCategoryId:{}").await.expect("store");
    // Stored as "<written at ms>\n<answer>".
    let answer = stored.as_deref().and_then(|v| v.splitn(2, |b| *b == b'\n').nth(1)).unwrap_or_default();
    assert!(serde_json::from_slice::<Value>(answer).is_ok(), "answers cached in the store: {stored:?}");
}
