//! issue 23 over the edge's HTTP API, through every hop (edge → cart → adapter → the
//! backend): a visitor's cart on in-memory (kept by mock-data) and the fake store (kept
//! by Vitrine), its bounds, cross-site refusals, idempotency, and isolation between
//! visitors. The mock answers without delay here.

use reqwest::header::{CONTENT_TYPE, ORIGIN, SET_COOKIE};
use serde_json::{Value, json};
use vitrine_testkit::{TestApp, assert, browser, fake_store, magento, medusa, shopify};

/// `(variant, quantity, line total)` of each line.
fn lines(cart: &Value) -> Vec<(String, u64, Option<f64>)> {
    cart["lines"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| {
            (
                l["variant"].as_str().unwrap_or_default().to_owned(),
                l["quantity"].as_u64().unwrap_or(0),
                l["line_total"].as_f64(),
            )
        })
        .collect()
}

fn cents(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[tokio::test(flavor = "multi_thread")]
async fn a_visitors_cart_on_in_memory_add_change_remove_and_keep() {
    let app = TestApp::builder().start().await;
    let c = browser();
    let url = |path: &str| app.url(path);

    // A visitor without a cart: an empty one, and no session made.
    let res = c.get(url("/api/cart")).send().await.expect("get");
    assert!(res.headers().get(SET_COOKIE).is_none(), "reading makes no session");
    assert_eq!(res.headers()["cache-control"], "no-store");
    let empty = assert::ok_json(res).await;
    assert_eq!((lines(&empty).len(), &empty["count"], &empty["subtotal"]), (0, &json!(0), &json!(0.0)));
    assert_eq!((&empty["currency"], &empty["checkout_url"]), (&Value::Null, &Value::Null));

    // Add a variant: one line at that variant's price (what the product page shows as paid).
    let product = assert::ok_json(c.get(url("/api/products/1001")).send().await.expect("p")).await;
    let variant = product["products"][0]["variants"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|v| v["in_stock"] == true && v["id"] == "1001-L-Black")
        .cloned()
        .expect("1001 in L and Black");
    let paid = cents(variant["price"].as_f64().unwrap_or(0.0) - variant["discount"]["amount"].as_f64().unwrap_or(0.0));
    let res = c
        .post(url("/api/cart/lines"))
        .json(&json!({"variant": "1001-L-Black", "quantity": 1}))
        .send()
        .await
        .expect("add");
    assert!(res.headers().get(SET_COOKIE).is_some(), "the first add makes the session");
    let cart = assert::ok_json(res).await;
    assert_eq!(lines(&cart), [("1001-L-Black".to_owned(), 1, Some(paid))]);
    let line = &cart["lines"][0];
    assert_eq!((&line["unit_price"], &line["product_url"], &cart["count"]), (&json!(paid), &json!("/1001"), &json!(1)));
    assert_eq!(line["options"], json!([{"name": "Size", "value": "L"}, {"name": "Color", "value": "Black"}]));
    let line_id = line["id"].as_str().expect("line id").to_owned();

    // Quantity 2 doubles the line and the subtotal.
    let res =
        c.patch(url(&format!("/api/cart/lines/{line_id}"))).json(&json!({"quantity": 2})).send().await.expect("patch");
    let two = assert::ok_json(res).await;
    assert_eq!(
        (lines(&two), &two["subtotal"], &two["count"]),
        (vec![("1001-L-Black".to_owned(), 2, Some(cents(paid * 2.0)))], &json!(cents(paid * 2.0)), &json!(2))
    );

    // A reload keeps it; a second visitor's cart is empty.
    let again = assert::ok_json(c.get(url("/api/cart")).send().await.expect("get")).await;
    assert_eq!(lines(&again), lines(&two));
    let other = browser();
    let theirs = assert::ok_json(other.get(url("/api/cart")).send().await.expect("get")).await;
    assert!(lines(&theirs).is_empty());
    // The other visitor cannot reach this cart's line by its id.
    let res =
        other.patch(url(&format!("/api/cart/lines/{line_id}"))).json(&json!({"quantity": 5})).send().await.expect("p");
    assert_eq!(assert::json_error(res, 409, "refused").await, "That line is not in the cart.");
    let res = other
        .delete(url(&format!("/api/cart/lines/{line_id}")))
        .header("sec-fetch-site", "same-origin")
        .send()
        .await
        .expect("d");
    assert_eq!(res.status(), 409);
    assert_eq!(lines(&assert::ok_json(c.get(url("/api/cart")).send().await.expect("get")).await).len(), 1, "untouched");

    // Remove leaves the empty cart.
    let res = c
        .delete(url(&format!("/api/cart/lines/{line_id}")))
        .header("sec-fetch-site", "same-origin")
        .send()
        .await
        .expect("d");
    let none = assert::ok_json(res).await;
    assert_eq!((lines(&none).len(), &none["count"]), (0, &json!(0)));
}

#[tokio::test(flavor = "multi_thread")]
async fn cart_changes_are_bounded_same_site_and_idempotent() {
    let app = TestApp::builder().start().await;
    let c = browser();
    let add = |body: Value| c.post(app.url("/api/cart/lines")).json(&body);

    for (body, text) in [
        (json!({"variant": "1002", "quantity": 0}), "Bad request: quantity must be between 1 and 99"),
        (json!({"variant": "1002", "quantity": 100}), "Bad request: quantity must be between 1 and 99"),
        (json!({"variant": "", "quantity": 1}), "Bad request: variant is required"),
    ] {
        assert_eq!(assert::json_error(add(body).send().await.expect("add"), 400, "bad_request").await, text);
    }
    let res = add(json!({"variant": "nope", "quantity": 1})).send().await.expect("add");
    assert_eq!(assert::json_error(res, 409, "refused").await, "This shop does not sell that variant.");
    let res = c
        .post(app.url("/api/cart/lines"))
        .header(CONTENT_TYPE, "application/json")
        .body("{not json")
        .send()
        .await
        .expect("add");
    assert_eq!(res.status(), 400);

    // Another site: refused, whatever it sends; nothing is added.
    let res =
        add(json!({"variant": "1002", "quantity": 1})).header(ORIGIN, "https://evil.example").send().await.expect("x");
    assert_eq!(assert::json_error(res, 403, "forbidden").await, "Changes can only be made from this site.");
    let form = c
        .post(app.url("/api/cart/lines"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body("variant=1002&quantity=1")
        .send()
        .await
        .expect("form");
    assert_eq!(form.status(), 403);
    let res = c.delete(app.url("/api/cart/lines/line-1")).send().await.expect("delete without origin or fetch site");
    assert_eq!(res.status(), 403);
    let own = app.url("");
    let res = add(json!({"variant": "1002", "quantity": 1}))
        .header(ORIGIN, own.trim_end_matches('/'))
        .send()
        .await
        .expect("own");
    let first = assert::ok_json(res).await;
    assert_eq!(lines(&first).len(), 1, "this site's own Origin is welcome");

    // One Idempotency-Key: two sends make one change, both answered alike.
    let keyed = |key: &str, body: Value| add(body).header("idempotency-key", key);
    let one = assert::ok_json(keyed("k-1", json!({"variant": "1005", "quantity": 1})).send().await.expect("1")).await;
    let two = assert::ok_json(keyed("k-1", json!({"variant": "1005", "quantity": 1})).send().await.expect("2")).await;
    assert_eq!(one, two);
    let cart = assert::ok_json(c.get(app.url("/api/cart")).send().await.expect("get")).await;
    let of_1005: Vec<u64> = lines(&cart).into_iter().filter(|(v, ..)| v == "1005").map(|(_, q, _)| q).collect();
    assert_eq!(of_1005, [1], "one line of quantity 1");
    let res = keyed("k-1", json!({"variant": "1005", "quantity": 2})).send().await.expect("3");
    assert_eq!(res.status(), 422, "the same key with another body");
    let res = keyed("bad key with spaces", json!({"variant": "1005", "quantity": 1})).send().await.expect("4");
    assert_eq!(res.status(), 400);
    // A failure is not remembered: the key can be used again.
    let res = keyed("k-2", json!({"variant": "nope", "quantity": 1})).send().await.expect("5");
    assert_eq!(res.status(), 409);
    let res = keyed("k-2", json!({"variant": "nope", "quantity": 1})).send().await.expect("6");
    assert_eq!(res.status(), 409, "tried again, not replayed as a success");
}

#[tokio::test(flavor = "multi_thread")]
async fn each_backend_has_its_cart_and_switching_back_finds_it() {
    let api = fake_store::start();
    let app = TestApp::builder().fake_store(&api.url).start().await;
    let c = browser();
    let switch = |driver: &str| c.put(app.url("/api/driver")).json(&json!({ "driver": driver })).send();
    let add =
        |variant: &str| c.post(app.url("/api/cart/lines")).json(&json!({"variant": variant, "quantity": 1})).send();
    let cart = || async { assert::ok_json(c.get(app.url("/api/cart")).send().await.expect("get")).await };

    assert::ok_json(add("1002").await.expect("add")).await;
    assert::ok_json(switch("fake").await.expect("switch")).await;
    assert!(lines(&cart().await).is_empty(), "the fake store's cart is another");
    let fake = assert::ok_json(add("1").await.expect("add")).await;
    assert_eq!((lines(&fake)[0].0.as_str(), &fake["currency"]), ("1", &json!("USD")));
    // Back on in-memory (the default: the session stays, it holds carts), the earlier cart.
    let res = switch("in-memory").await.expect("switch");
    assert!(
        res.headers().get(SET_COOKIE).is_none_or(|c| !c.to_str().unwrap_or_default().contains("Max-Age=0")),
        "kept"
    );
    assert::ok_json(res).await;
    assert_eq!(lines(&cart().await).iter().map(|l| l.0.as_str()).collect::<Vec<_>>(), ["1002"]);
    // And a reload of the fake store's finds its own.
    assert::ok_json(switch("fake").await.expect("switch")).await;
    assert_eq!(lines(&cart().await), lines(&fake));

    // A cart its backend no longer has is replaced by an empty one, without an error.
    let key = app.store.delete_prefix("vitrine:cart:fake:").await.expect("forget");
    assert_eq!(key, 1);
    let gone = cart().await;
    assert_eq!((lines(&gone).len(), &gone["replaced"]), (0, &json!(true)));
    assert_eq!(cart().await["replaced"], json!(false), "then forgotten");
}

/// Adds `variant` on `driver` and checks the one line's price; then quantity 2 doubles
/// line and subtotal; then removes it. Answers the cart as it was at quantity 2.
async fn add_double_remove(app: &TestApp, c: &reqwest::Client, driver: &str, variant: &str, unit: f64) -> Value {
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": driver })).send().await.expect("switch");
    assert_eq!(assert::ok_json(res).await["driver"], driver);
    let res =
        c.post(app.url("/api/cart/lines")).json(&json!({"variant": variant, "quantity": 1})).send().await.expect("add");
    let one = assert::ok_json(res).await;
    assert_eq!(lines(&one), [(variant.to_owned(), 1, Some(unit))], "{driver}: {one}");
    // A line id is the backend's (Shopify's is a gid with `/` and `?`): a path segment
    // carries it percent-encoded, as the SPA sends it.
    let line = urlencoding::encode(one["lines"][0]["id"].as_str().expect("line")).into_owned();
    let res =
        c.patch(app.url(&format!("/api/cart/lines/{line}"))).json(&json!({"quantity": 2})).send().await.expect("2");
    let two = assert::ok_json(res).await;
    assert_eq!(
        (lines(&two), &two["subtotal"]),
        (vec![(variant.to_owned(), 2, Some(cents(unit * 2.0)))], &json!(cents(unit * 2.0))),
        "{driver}"
    );
    let kept = assert::ok_json(c.get(app.url("/api/cart")).send().await.expect("reload")).await;
    assert_eq!(lines(&kept), lines(&two), "{driver}: a reload keeps it");
    let res = c
        .delete(app.url(&format!("/api/cart/lines/{line}")))
        .header("sec-fetch-site", "same-origin")
        .send()
        .await
        .expect("rm");
    assert!(lines(&assert::ok_json(res).await).is_empty(), "{driver}");
    two
}

#[tokio::test(flavor = "multi_thread")]
async fn medusa_keeps_the_cart_in_the_store() {
    let shop = medusa::start(medusa::DEMO_KEY);
    let app = TestApp::builder().medusa(&shop.url, medusa::DEMO_KEY).start().await;
    let c = browser();
    // The hoodie in S: 60 listed, 45 paid in euros.
    let two = add_double_remove(&app, &c, "medusa", "variant_01OODIE0", 45.0).await;
    assert_eq!(
        (&two["currency"], &two["lines"][0]["options"]),
        (&json!("EUR"), &json!([{"name": "Variant", "value": "S"}]))
    );
    // The store's own record shows the changes: a cart made, a line added, changed, removed.
    let calls: Vec<String> = shop
        .received()
        .iter()
        .filter(|r| r.path_and_query.starts_with("/store/carts"))
        .map(|r| format!("{} {}", r.method, r.path_and_query.split('?').next().unwrap_or_default()))
        .collect();
    let cart_id =
        calls.iter().find_map(|c| c.strip_prefix("POST /store/carts/")?.split('/').next()).expect("a cart").to_owned();
    for expected in ["POST /store/carts".to_owned(), format!("POST /store/carts/{cart_id}/line-items")] {
        assert!(calls.contains(&expected), "{expected} in {calls:?}");
    }
    assert!(calls.iter().any(|c| c.starts_with("DELETE /store/carts/")), "{calls:?}");
    // A fresh read from the store matches the page: the line is gone there too.
    let fresh: Value = reqwest::Client::new()
        .get(format!("{}/store/carts/{cart_id}", shop.url))
        .header(medusa::KEY_HEADER, medusa::DEMO_KEY)
        .send()
        .await
        .expect("store")
        .json()
        .await
        .expect("json");
    assert_eq!(fresh["cart"]["items"].as_array().map(Vec::len), Some(0), "{fresh}");
    // Sold out: the shopper is told, nothing is added.
    let res = c
        .post(app.url("/api/cart/lines"))
        .json(&json!({"variant": "variant_01OODIE2", "quantity": 1}))
        .send()
        .await
        .expect("add");
    let text = assert::json_error(res, 409, "refused").await;
    assert!(text.to_lowercase().contains("stock"), "{text}");
    assert!(shop.invalid().is_empty(), "{:?}", shop.invalid());
}

/// The operations a GraphQL demo shop received, in order, from `from` on.
fn operations(received: &[vitrine_testkit::graphql::Received]) -> Vec<String> {
    received.iter().flat_map(|r| r.operations.clone()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn magento_keeps_the_cart_in_the_shop() {
    let shop = magento::start_shop();
    let app = TestApp::builder().magento(&shop.url).start().await;
    let c = browser();
    // The Chaz hoodie in S and Black: its configurable child, added as the parent's SKU
    // with the chosen values (the id carries them).
    let variant = "MH01:MH01-S-Black:Y29uZmlndXJhYmxlLzE0NC8xNjc%3D,Y29uZmlndXJhYmxlLzkzLzQ5";
    let two = add_double_remove(&app, &c, "magento", variant, 52.0).await;
    assert_eq!(
        two["lines"][0]["options"],
        json!([{"name": "Size", "value": "S"}, {"name": "Color", "value": "Black"}])
    );
    assert_eq!(two["currency"], "USD");
    let ops = operations(&shop.received());
    for op in ["MagentoCreateCart", "MagentoAddToCart", "MagentoUpdateCartItem", "MagentoRemoveCartItem"] {
        assert!(ops.iter().any(|o| o == op), "{op} in {ops:?}");
    }
    assert_eq!(shop.cart_count(), 1, "one cart, kept by the shop");
    // M in grey is sold out; the shop forgetting the cart gives the visitor an empty one.
    let sold_out = "MH01:MH01-M-Gray:Y29uZmlndXJhYmxlLzE0NC8xNjg%3D,Y29uZmlndXJhYmxlLzkzLzUy";
    let res = c
        .post(app.url("/api/cart/lines"))
        .json(&json!({"variant": sold_out, "quantity": 1}))
        .send()
        .await
        .expect("add");
    assert_eq!(res.status(), 409);
    shop.forget_carts();
    let gone = assert::ok_json(c.get(app.url("/api/cart")).send().await.expect("get")).await;
    assert_eq!((lines(&gone).len(), &gone["replaced"]), (0, &json!(true)));
}

#[tokio::test(flavor = "multi_thread")]
async fn shopify_keeps_the_cart_and_its_checkout() {
    const TOKEN: &str = "shpat_cart";
    let shop = shopify::start(TOKEN);
    let app = TestApp::builder().shopify(&shop.url, TOKEN).start().await;
    let c = browser();
    // The Hydrogen Snowboard in 151 and Ice.
    let two = add_double_remove(&app, &c, "shopify", "43695710535901", 600.0).await;
    assert_eq!(
        two["lines"][0]["options"],
        json!([{"name": "Size", "value": "151"}, {"name": "Color", "value": "Ice"}])
    );
    let checkout = two["checkout_url"].as_str().unwrap_or_default();
    assert!(checkout.starts_with(&shop.url) && checkout.contains("/cart/c/"), "{checkout}");
    // The line is named without the cart's token (which reads the cart), so no path
    // carries it; Shopify was sent the whole id all the same (the change above worked).
    let line = two["lines"][0]["id"].as_str().unwrap_or_default();
    assert!(line.starts_with("gid://shopify/CartLine/") && !line.contains('?'), "{line}");
    let ops = operations(&shop.received());
    for op in ["ShopifyCartCreate", "ShopifyCartLinesAdd", "ShopifyCartLinesUpdate", "ShopifyCartLinesRemove"] {
        assert!(ops.iter().any(|o| o == op), "{op} in {ops:?}");
    }
    // 155 in ice is sold out: refused with the shopper's text.
    let res = c
        .post(app.url("/api/cart/lines"))
        .json(&json!({"variant": "43695710535902", "quantity": 1}))
        .send()
        .await
        .expect("add");
    assert_eq!(res.status(), 409);
}

#[tokio::test(flavor = "multi_thread")]
async fn cart_changes_are_limited_per_session() {
    let limits = vitrine_edge::Limits { per_session: 3, per_address: 100 };
    let app = TestApp::builder().cart_limits(limits).start().await;
    let c = browser();
    for _ in 0..3 {
        let res = c
            .post(app.url("/api/cart/lines"))
            .json(&json!({"variant": "1002", "quantity": 1}))
            .send()
            .await
            .expect("add");
        assert::ok_json(res).await;
    }
    let res =
        c.post(app.url("/api/cart/lines")).json(&json!({"variant": "1002", "quantity": 1})).send().await.expect("4th");
    assert_eq!(res.headers()["retry-after"], "60");
    assert::json_error(res, 429, "too_many_requests").await;
    // Reading is not a change: still answered.
    let cart = assert::ok_json(c.get(app.url("/api/cart")).send().await.expect("get")).await;
    assert_eq!(lines(&cart), [("1002".to_owned(), 3, lines(&cart)[0].2)]);
    // Another visitor has their own allowance.
    let other = browser();
    let res = other
        .post(app.url("/api/cart/lines"))
        .json(&json!({"variant": "1002", "quantity": 1}))
        .send()
        .await
        .expect("b");
    assert::ok_json(res).await;
}
