//! Through the edge with the driver switched to shopify against a local Storefront
//! GraphQL server: menu, product pages, route resolution; the token never shows.

use serde_json::json;
use vitrine_testkit::{TestApp, assert, browser, shopify};

const TOKEN: &str = "shpat_edge_secret_42";

#[tokio::test(flavor = "multi_thread")]
async fn the_storefront_api_on_shopify() {
    let shop = shopify::start(TOKEN);
    let app = TestApp::builder().with_redis().shopify(&shop.url, TOKEN).start().await;
    let c = browser();
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": "shopify" })).send().await.expect("put");
    assert_eq!(assert::ok_json(res).await["driver"], "shopify");
    let mut bodies = Vec::new();
    for path in [
        "/api/navigation",
        "/api/products/best-sellers",
        "/api/products/by-url?url=/products/hydrogen-snowboard",
        "/api/resolve?url=/products/hydrogen-snowboard",
        "/api/resolve?url=/collections/snowboards",
        "/api/driver",
    ] {
        bodies.push((path, assert::ok_json(c.get(app.url(path)).send().await.expect(path)).await));
    }
    let menu = &bodies[0].1;
    assert_eq!(menu["children"][0]["url"], "/collections/snowboards");
    assert_eq!(bodies[1].1.as_array().map(Vec::len), Some(3), "best sellers: the first products");
    assert_eq!(bodies[2].1["products"][0]["name"], "The Hydrogen Snowboard");
    assert_eq!((&bodies[3].1["type"], &bodies[3].1["outcome"]), (&json!("PRODUCT"), &json!("match")));
    assert_eq!((&bodies[4].1["type"], &bodies[4].1["outcome"]), (&json!("CATEGORY"), &json!("match")));
    let missing = c.get(app.url("/api/products/by-url?url=/products/nope")).send().await.expect("missing");
    let message = assert::json_error(missing, 404, "not_found").await;
    for (path, body) in &bodies {
        assert!(!body.to_string().contains(TOKEN), "{path} leaks the token");
    }
    assert!(!message.contains(TOKEN));
    let metrics = c.get(app.url("/metrics")).send().await.expect("metrics").text().await.unwrap_or_default();
    assert!(!metrics.contains(TOKEN));

    // Shop down: a clean 502, and the menu's error state in the SPA.
    shop.fail_with(503);
    app.store.delete_prefix("vitrine:cache:shopify:").await.expect("clear");
    let res = c.get(app.url("/api/products/by-url?url=/products/helium-bindings")).send().await.expect("down");
    assert::json_error(res, 502, "upstream_unavailable").await;
}
