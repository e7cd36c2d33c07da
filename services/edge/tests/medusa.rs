//! Through the edge with the driver switched to medusa against the Medusa demo shop
//! (issue 13): the debug bar offers it, the menu, routes, prices and images follow, and a
//! wrong key is a clear text that never shows the key.

use serde_json::{Value, json};
use vitrine_testkit::medusa::{self, DEMO_KEY};
use vitrine_testkit::{TestApp, assert, browser};

async fn switch_to_medusa(c: &reqwest::Client, app: &TestApp) -> Value {
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": "medusa" })).send().await.expect("put");
    assert::ok_json(res).await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_store_api_on_medusa() {
    let shop = medusa::start(DEMO_KEY);
    let app = TestApp::builder().medusa(&shop.url, DEMO_KEY).start().await;
    let c = browser();
    let info = switch_to_medusa(&c, &app).await;
    assert_eq!(info["driver"], "medusa");
    let option = info["options"].as_array().into_iter().flatten().find(|o| o["value"] == "medusa").cloned();
    assert_eq!(option, Some(json!({ "value": "medusa", "label": "Medusa", "enabled": true })));

    let menu = assert::ok_json(c.get(app.url("/api/navigation")).send().await.expect("menu")).await;
    let top: Vec<&str> = menu["children"].as_array().into_iter().flatten().filter_map(|n| n["name"].as_str()).collect();
    assert_eq!(top, ["Clothing", "Accessories", "Home"], "the store's top categories in rank order");

    let resolved =
        assert::ok_json(c.get(app.url("/api/resolve?url=/products/medusa-hoodie")).send().await.expect("resolve"))
            .await;
    assert_eq!((&resolved["type"], &resolved["code"]), (&json!("PRODUCT"), &json!(200)));
    let category =
        assert::ok_json(c.get(app.url("/api/resolve?url=/categories/clothing/tops")).send().await.expect("resolve"))
            .await;
    assert_eq!(category["type"], "CATEGORY");

    let found = c.get(app.url("/api/products/by-url?url=/products/medusa-hoodie")).send().await.expect("product");
    let hoodie = assert::ok_json(found).await["products"][0].clone();
    assert_eq!((&hoodie["price"], &hoodie["currency"]), (&json!(60.0), &json!("EUR")), "{hoodie}");
    assert_eq!(hoodie["discount"], json!({ "amount": 15.0, "percent": 25.0 }));
    // The page's structured data offers it at the price the page shows: €45.00 paid (a
    // ProductGroup: it comes in sizes, issue 22).
    let page =
        assert::ok_json(c.get(app.url("/api/page?url=/products/medusa-hoodie")).send().await.expect("page")).await;
    let group = page["head"]["json_ld"].as_array().into_iter().flatten().find(|d| d["@type"] == "ProductGroup");
    assert_eq!(group.map(|g| &g["productGroupID"]), Some(&json!("prod_01HOODIE")), "not a variant's SKU");
    let offer = group.map(|d| {
        (d["hasVariant"][0]["offers"]["price"].clone(), d["hasVariant"][0]["offers"]["priceCurrency"].clone())
    });
    assert_eq!(offer, Some((json!(45.0), json!("EUR"))), "{}", page["head"]);

    // The product photos come from the store's /static/ path, which /img allows.
    let photo = hoodie["images"][0]["url"].as_str().expect("an image").to_owned();
    let img = c.get(app.url(&format!("/img?src={}&w=256", urlencoding::encode(&photo)))).send().await.expect("img");
    assert_eq!(img.status(), 200, "{photo}");
    assert!(shop.invalid().is_empty(), "{:?}", shop.invalid());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_key_gives_the_clear_text() {
    let shop = medusa::start(DEMO_KEY);
    let wrong = "pk_not_the_store_key_77";
    let app = TestApp::builder().medusa(&shop.url, wrong).start().await;
    let c = browser();
    assert_eq!(switch_to_medusa(&c, &app).await["driver"], "medusa", "its settings are given: it can be chosen");
    for path in ["/api/products/best-sellers", "/api/search?q=hoodie", "/api/navigation"] {
        let res = c.get(app.url(path)).send().await.expect(path);
        let message = assert::json_error(res, 503, "driver_unavailable").await;
        assert_eq!(
            message,
            "The medusa backend refused this site's key: check VITRINE_MEDUSA_PUBLISHABLE_KEY (the value is never \
             shown or logged).",
            "{path}"
        );
        assert!(!message.contains(wrong));
    }
}
