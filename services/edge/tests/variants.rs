//! issue 22 through every hop (edge → catalogue → adapter → the backend's server): a
//! product's own answer carries its options and variants as the backend has them; a
//! listing's cards carry neither. Every backend: in-memory, the fake store, Magento,
//! Shopify and Medusa (each against its demo shop, which checks every document).

use serde_json::{Value, json};
use vitrine_testkit::{TestApp, assert, browser, fake_store, magento, medusa, shopify};

fn names(values: &Value) -> Vec<String> {
    values.as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_owned)).collect()
}

/// A product's options as `(name, values)`.
fn options(product: &Value) -> Vec<(String, Vec<String>)> {
    product["options"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| (o["name"].as_str().unwrap_or_default().to_owned(), names(&o["values"])))
        .collect()
}

/// A variant as `(id, "Name=Value" …, price, in stock)`.
fn variant(v: &Value) -> (String, Vec<String>, Option<f64>, Option<bool>) {
    let selected = v["selected"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| format!("{}={}", s["name"].as_str().unwrap_or_default(), s["value"].as_str().unwrap_or_default()))
        .collect();
    (v["id"].as_str().unwrap_or_default().to_owned(), selected, v["price"].as_f64(), v["in_stock"].as_bool())
}

fn owned(values: &[&str]) -> Vec<String> {
    values.iter().map(|v| (*v).to_owned()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn in_memory_products_have_the_mock_s_options_and_variants() {
    let app = TestApp::builder().start().await;
    let c = browser();
    let get = |path: &str| c.get(app.url(path)).send();
    let page = assert::ok_json(get("/api/page?url=/1001").await.expect("page")).await;
    let product = &page["product"]["products"][0];
    assert_eq!(
        options(product),
        [("Size".to_owned(), owned(&["S", "M", "L"])), ("Color".to_owned(), owned(&["Black", "Navy", "Sand"]))]
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
            "paid_price": product["price"], "in_stock": true, "image": null}])
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn magento_configurable_products_offer_their_children() {
    let shop = magento::start();
    let app = TestApp::builder().magento(&shop.url).start().await;
    let c = browser();
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": "magento" })).send().await.expect("put");
    assert::ok_json(res).await;
    let page =
        assert::ok_json(c.get(app.url("/api/page?url=/chaz-kangeroo-hoodie.html")).send().await.expect("page")).await;
    let product = &page["product"]["products"][0];
    assert_eq!(
        options(product),
        [("Size".to_owned(), owned(&["S", "M", "L"])), ("Color".to_owned(), owned(&["Black", "Gray", "Orange"]))]
    );
    let variants: Vec<_> = product["variants"].as_array().into_iter().flatten().map(variant).collect();
    assert_eq!(variants.len(), 8, "3 × 3 but L in orange, which the shop does not make: {variants:?}");
    // The demo shop's children (fixtures/magento/catalogue.json): L costs more, orange is
    // 20% off, M in grey is sold out; each id is the parent, the child and the values' uids.
    let find = |sku: &str| variants.iter().find(|(id, ..)| id.starts_with(&format!("MH01:{sku}:"))).cloned();
    assert_eq!(
        find("MH01-S-Black"),
        Some((
            "MH01:MH01-S-Black:Y29uZmlndXJhYmxlLzE0NC8xNjc%3D,Y29uZmlndXJhYmxlLzkzLzQ5".to_owned(),
            owned(&["Size=S", "Color=Black"]),
            Some(52.0),
            Some(true)
        ))
    );
    assert_eq!(find("MH01-L-Gray").map(|v| (v.2, v.3)), Some((Some(57.0), Some(true))));
    assert_eq!(find("MH01-M-Gray").map(|v| v.3), Some(Some(false)));
    let orange = product["variants"].as_array().into_iter().flatten().find(|v| v["sku"] == "MH01-S-Orange");
    assert_eq!(orange.map(|v| &v["discount"]), Some(&json!({"amount": 10.4, "percent": 20.0})));
    assert!(
        orange.and_then(|v| v["image"]["url"].as_str()).is_some_and(|u| u.ends_with("mh01-orange_main.png")),
        "{orange:?}"
    );
    // A simple product is its own one variant; a listing's cards carry none.
    let bag =
        assert::ok_json(c.get(app.url("/api/products/by-url?url=/joust-duffle-bag.html")).send().await.expect("p"))
            .await;
    assert_eq!(
        bag["products"][0]["variants"].as_array().map(|v| v.iter().map(variant).collect::<Vec<_>>()),
        Some(vec![("24-MB01".to_owned(), vec![], Some(34.0), Some(true))])
    );
    let men = assert::ok_json(c.get(app.url("/api/page?url=/men.html")).send().await.expect("men")).await;
    let cards = men["category"]["listing"]["products"].as_array().cloned().unwrap_or_default();
    assert!(cards.iter().any(|p| p["id"] == "MH01"), "{men}");
    assert!(cards.iter().all(|p| p.get("variants").is_none() && p.get("options").is_none()));
}

#[tokio::test(flavor = "multi_thread")]
async fn shopify_products_offer_their_variants() {
    const TOKEN: &str = "shpat_variants";
    let shop = shopify::start(TOKEN);
    let app = TestApp::builder().shopify(&shop.url, TOKEN).start().await;
    let c = browser();
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": "shopify" })).send().await.expect("put");
    assert::ok_json(res).await;
    let page =
        assert::ok_json(c.get(app.url("/api/page?url=/products/hydrogen-snowboard")).send().await.expect("page")).await;
    let product = &page["product"]["products"][0];
    assert_eq!(
        options(product),
        [("Size".to_owned(), owned(&["151", "155", "159"])), ("Color".to_owned(), owned(&["Ice", "Sunset"]))]
    );
    // The demo shop's variants (fixtures/shopify/shop.json): 151 in sunset is not made,
    // 155 in ice is sold out, 159 costs more, 159 in sunset is marked down from 640.
    let variants: Vec<_> = product["variants"].as_array().into_iter().flatten().map(variant).collect();
    assert_eq!(
        variants,
        [
            ("43695710535901".to_owned(), owned(&["Size=151", "Color=Ice"]), Some(600.0), Some(true)),
            ("43695710535902".to_owned(), owned(&["Size=155", "Color=Ice"]), Some(600.0), Some(false)),
            ("43695710535903".to_owned(), owned(&["Size=155", "Color=Sunset"]), Some(600.0), Some(true)),
            ("43695710535904".to_owned(), owned(&["Size=159", "Color=Ice"]), Some(640.0), Some(true)),
            ("43695710535905".to_owned(), owned(&["Size=159", "Color=Sunset"]), Some(640.0), Some(true)),
        ]
    );
    assert_eq!(product["variants"][4]["discount"], json!({"amount": 128.0, "percent": 20.0}));
    assert!(
        product["variants"][4]["image"]["url"].as_str().is_some_and(|u| u.ends_with("/s/files/snowboard-sunset.png"))
    );
    assert_eq!(product["images"].as_array().map(Vec::len), Some(2), "the page's gallery: every picture");
    // A product sold as it is: Shopify's "Default Title" is no option, its one variant is it.
    let wax =
        assert::ok_json(c.get(app.url("/api/products/by-url?url=/products/oxygen-wax")).send().await.expect("p")).await;
    assert_eq!(wax["products"][0].get("options"), None);
    assert_eq!(
        wax["products"][0]["variants"].as_array().map(|v| v.iter().map(variant).collect::<Vec<_>>()),
        Some(vec![("79828536199401".to_owned(), vec![], Some(24.95), Some(false))])
    );
    // Cards: one picture, no variants.
    let listing =
        assert::ok_json(c.get(app.url("/api/page?url=/collections/snowboards")).send().await.expect("c")).await;
    let card = &listing["category"]["listing"]["products"][0];
    assert_eq!((card["id"].as_str(), card["images"].as_array().map(Vec::len)), (Some("7982853619939"), Some(1)));
    assert!(card.get("variants").is_none());
}

#[tokio::test(flavor = "multi_thread")]
async fn medusa_products_offer_their_variants_at_the_regions_prices() {
    let shop = medusa::start(medusa::DEMO_KEY);
    let app = TestApp::builder().medusa(&shop.url, medusa::DEMO_KEY).start().await;
    let c = browser();
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": "medusa" })).send().await.expect("put");
    assert::ok_json(res).await;
    let page =
        assert::ok_json(c.get(app.url("/api/page?url=/products/medusa-hoodie")).send().await.expect("page")).await;
    let product = &page["product"]["products"][0];
    assert_eq!(options(product), [("Size".to_owned(), owned(&["S", "M", "L"]))]);
    // The demo shop's hoodie (fixtures/medusa/store.json): every size 25% off in euros,
    // L listed at 64 and sold out.
    let variants: Vec<_> = product["variants"].as_array().into_iter().flatten().map(variant).collect();
    assert_eq!(
        variants,
        [
            ("variant_01OODIE0".to_owned(), owned(&["Size=S"]), Some(60.0), Some(true)),
            ("variant_01OODIE1".to_owned(), owned(&["Size=M"]), Some(60.0), Some(true)),
            ("variant_01OODIE2".to_owned(), owned(&["Size=L"]), Some(64.0), Some(false)),
        ]
    );
    assert_eq!(product["variants"][2]["discount"], json!({"amount": 16.0, "percent": 25.0}));
    assert_eq!(product["currency"], "EUR");
    // Medusa's "Default option" is no choice: the tote is its one variant.
    let tote =
        assert::ok_json(c.get(app.url("/api/products/by-url?url=/products/canvas-tote")).send().await.expect("p"))
            .await;
    assert_eq!(tote["products"][0].get("options"), None);
    assert_eq!(tote["products"][0]["variants"].as_array().map(Vec::len), Some(1));
    assert!(shop.invalid().is_empty(), "{:?}", shop.invalid());
}
