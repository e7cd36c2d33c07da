//! issue 22 through every hop (edge → catalogue → adapter → the backend's server): a
//! product's own answer carries its options and variants as the backend has them; a
//! listing's cards carry neither. In-memory and the fake store so far.

use serde_json::{Value, json};
use vitrine_testkit::{TestApp, assert, browser, fake_store};

fn names(values: &Value) -> Vec<String> {
    values.as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_owned)).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn in_memory_products_have_the_mock_s_options_and_variants() {
    let app = TestApp::builder().start().await;
    let c = browser();
    let get = |path: &str| c.get(app.url(path)).send();
    let page = assert::ok_json(get("/api/page?url=/1001").await.expect("page")).await;
    let product = &page["product"]["products"][0];
    let options: Vec<(String, Vec<String>)> = product["options"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| (o["name"].as_str().unwrap_or_default().to_owned(), names(&o["values"])))
        .collect();
    assert_eq!(
        options,
        [
            ("Size".to_owned(), names(&json!(["S", "M", "L"]))),
            ("Color".to_owned(), names(&json!(["Black", "Navy", "Sand"])))
        ]
    );
    let variants = product["variants"].as_array().cloned().unwrap_or_default();
    assert_eq!(variants.len(), 8, "3 × 3 but the one not made: {variants:?}");
    let first = &variants[0];
    assert_eq!(first["id"], "1001-S-Black");
    assert_eq!(first["selected"], json!([{"name": "Size", "value": "S"}, {"name": "Color", "value": "Black"}]));
    assert_eq!((&first["price"], &first["in_stock"]), (&product["price"], &json!(true)), "the product is its first");
    assert!(variants.iter().all(|v| v["price"].as_f64().is_some() && v["sku"].is_string()));
    // The same product by url, and a product sold as it is: one variant, itself.
    let by_url = assert::ok_json(get("/api/products/by-url?url=/1001").await.expect("p")).await;
    assert_eq!(by_url["products"][0]["variants"], product["variants"]);
    let plain = assert::ok_json(get("/api/products/1002").await.expect("p")).await;
    assert_eq!(plain["products"][0].get("options"), None);
    assert_eq!(plain["products"][0]["variants"][0]["id"], "1002");

    // Cards carry neither.
    let best = assert::ok_json(get("/api/products/best-sellers").await.expect("best")).await;
    let category = assert::ok_json(get("/api/navigation").await.expect("nav")).await["children"][0]["url"].clone();
    let listing =
        assert::ok_json(get(&format!("/api/page?url={}", category.as_str().unwrap_or("/"))).await.expect("c")).await;
    let listed = listing["category"]["listing"]["products"].as_array().cloned().unwrap_or_default();
    assert!(!listed.is_empty(), "a category's cards: {listing}");
    for card in best.as_array().into_iter().flatten().chain(&listed) {
        assert!(card.get("variants").is_none() && card.get("options").is_none(), "{card}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_fake_store_sells_each_product_as_it_is() {
    let api = fake_store::start();
    let app = TestApp::builder().fake_store(&api.url).start().await;
    let c = browser();
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": "fake" })).send().await.expect("put");
    assert::ok_json(res).await;
    let product = assert::ok_json(c.get(app.url("/api/products/by-url?url=/product/1")).send().await.expect("p")).await;
    let product = &product["products"][0];
    assert_eq!(product.get("options"), None);
    assert_eq!(
        product["variants"],
        json!([{"id": "1", "sku": null, "selected": [], "price": product["price"], "discount": null,
            "in_stock": true, "image": null}])
    );
}
