//! issue 26 over the edge's HTTP API, through every hop (edge → cart → adapter → the
//! backend): checkout on in-memory (mock-data places the order) and Magento (its demo
//! shop), the fields refused beside their names, a double submit making one order, a
//! retry answering it, order ownership, and the backends without checkout here.

use reqwest::header::{ORIGIN, SET_COOKIE};
use serde_json::{Value, json};
use vitrine_testkit::{TestApp, assert, browser, fake_store, magento, medusa, shopify};

/// A valid address in `country` (`region` where the country needs one).
fn address(country: &str, region: &str) -> Value {
    json!({
        "first_name": "Ada", "last_name": "Lovelace", "street": "1 Main St", "city": "Austin",
        "postal_code": "78701", "country": country, "region": region, "telephone": "+1 512-555-0100",
    })
}

/// A visitor with two of `variant` in their cart on the edge's driver.
async fn with_cart(app: &TestApp, variant: &str) -> reqwest::Client {
    let c = browser();
    let res = c.post(app.url("/api/cart/lines")).json(&json!({"variant": variant, "quantity": 2})).send().await;
    assert::ok_json(res.expect("add")).await;
    c
}

async fn switch(app: &TestApp, c: &reqwest::Client, driver: &str) {
    let res = c.put(app.url("/api/driver")).json(&json!({"driver": driver})).send().await.expect("switch");
    assert_eq!(assert::ok_json(res).await["driver"], driver);
}

/// The address and shipping steps, answering the checkout after them.
async fn address_and_shipping(app: &TestApp, c: &reqwest::Client, address: Value, option: &str) -> Value {
    let step = json!({"email": "ada@example.com", "shipping": address});
    let res = c.put(app.url("/api/checkout/address")).json(&step).send().await.expect("address");
    assert_eq!(res.headers()["cache-control"], "no-store");
    let checkout = assert::ok_json(res).await;
    assert_eq!(checkout["email"], "ada@example.com");
    let res = c.put(app.url("/api/checkout/shipping")).json(&json!({"option": option})).send().await.expect("ship");
    assert::ok_json(res).await
}

#[tokio::test(flavor = "multi_thread")]
async fn in_memory_checkout_to_an_order_only_its_session_sees() {
    let app = TestApp::builder().start().await;
    let c = with_cart(&app, "1001-L-Black").await;

    // What is set so far: nothing but the cart, the countries, the mock's payment.
    let res = c.get(app.url("/api/checkout")).send().await.expect("checkout");
    assert_eq!(res.headers()["cache-control"], "no-store");
    let checkout = assert::ok_json(res).await;
    assert_eq!(
        (&checkout["kind"], &checkout["email"], &checkout["shipping_option"]),
        (&json!("native"), &Value::Null, &Value::Null)
    );
    assert_eq!(checkout["cart"]["count"], 2);
    assert!(checkout["payment_method"].as_str().is_some_and(|p| p.starts_with("Mock payment")), "{checkout}");
    let us = checkout["countries"].as_array().into_iter().flatten().find(|c| c["code"] == "US").expect("US");
    assert_eq!(us["region_required"], true);

    // Every refused field at once, each with its text; nothing was set.
    let bad = json!({"email": "not-an-email", "shipping": {
        "first_name": "", "last_name": "Lovelace", "street": "1 Main St", "city": "Austin",
        "postal_code": "!", "country": "US", "region": "", "telephone": "12"}});
    let res = c.put(app.url("/api/checkout/address")).json(&bad).send().await.expect("address");
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap_or_default();
    assert_eq!(body["error"]["code"], "invalid_fields");
    let fields: Vec<&str> =
        body["error"]["fields"].as_array().into_iter().flatten().filter_map(|f| f["field"].as_str()).collect();
    assert_eq!(fields, ["email", "shipping.first_name", "shipping.postal_code", "shipping.telephone"], "{body}");
    assert!(!body.to_string().contains("not-an-email"), "a text never repeats what was typed: {body}");
    // Against the shop's list: a country it does not ship to, a region it needs.
    for (country, region, field) in
        [("JP", "", "shipping.country"), ("US", "", "shipping.region"), ("US", "ZZ", "shipping.region")]
    {
        let step = json!({"email": "ada@example.com", "shipping": address(country, region)});
        let res = c.put(app.url("/api/checkout/address")).json(&step).send().await.expect("address");
        let body: Value = res.json().await.unwrap_or_default();
        assert_eq!(body["error"]["fields"][0]["field"], field, "{country} {region}: {body}");
    }
    // Placing before the steps is refused by the rules, before the backend.
    let res = c.post(app.url("/api/checkout/order")).json(&json!({})).send().await.expect("place");
    assert_eq!(res.status(), 409, "{}", res.text().await.unwrap_or_default());

    // The shipping methods with their prices, then the whole summary.
    let step = json!({"email": "ada@example.com", "shipping": address("US", "TX")});
    assert::ok_json(c.put(app.url("/api/checkout/address")).json(&step).send().await.expect("a")).await;
    let res = c.get(app.url("/api/checkout/shipping-options")).send().await.expect("options");
    let options = assert::ok_json(res).await;
    assert_eq!(options["options"][1], json!({"id": "express", "label": "Express (next working day)", "price": 15.0}));
    let res = c.put(app.url("/api/checkout/shipping")).json(&json!({"option": "nope"})).send().await.expect("s");
    assert_eq!(res.status(), 409);
    let ready = address_and_shipping(&app, &c, address("US", "TX"), "express").await;
    let totals = &ready["totals"];
    let subtotal = totals["subtotal"].as_f64().unwrap_or_default();
    assert!(subtotal > 0.0, "{ready}");
    assert_eq!(totals["shipping"], 15.0);
    let tax = (subtotal * 0.10 * 100.0).round() / 100.0;
    assert_eq!(totals["tax"].as_f64(), Some(tax));
    assert_eq!(totals["total"].as_f64(), Some(((subtotal + 15.0 + tax) * 100.0).round() / 100.0));

    // A double submit: two at once, one order. The other is told it is being placed, or
    // (when it came second) answered the same order.
    let place = || c.post(app.url("/api/checkout/order")).json(&json!({})).send();
    let (a, b) = tokio::join!(place(), place());
    let (a, b) = (a.expect("a"), b.expect("b"));
    let statuses = [a.status().as_u16(), b.status().as_u16()];
    let bodies = [a.json::<Value>().await.unwrap_or_default(), b.json::<Value>().await.unwrap_or_default()];
    assert!(statuses.contains(&200), "{statuses:?} {bodies:?}");
    for (status, body) in statuses.iter().zip(&bodies) {
        match status {
            200 => assert_eq!(body["number"], "M-100001", "{body}"),
            409 => assert_eq!(body["error"]["code"], "order_in_flight", "{body}"),
            other => panic!("{other}: {body}"),
        }
    }
    let order = bodies.iter().find(|b| b["number"].is_string()).cloned().unwrap_or_default();
    assert_eq!((&order["driver"], &order["totals"]["total"]), (&json!("in-memory"), &totals["total"]));
    assert_eq!(order["lines"][0]["variant"], "1001-L-Black");
    assert!(!order.to_string().contains("ada@example.com"), "a summary holds nothing personal: {order}");
    // The backend's own record holds the order, and only one.
    let mock = reqwest::Client::new();
    let kept = mock.get(format!("{}/api/orders/M-100001", app.mock.url)).send().await.expect("mock");
    assert_eq!(kept.status(), 200);
    let none = mock.get(format!("{}/api/orders/M-100002", app.mock.url)).send().await.expect("mock");
    assert_eq!(none.status(), 404, "a double submit made one order");

    // A fresh, empty cart; the checkout is gone.
    let cart = assert::ok_json(c.get(app.url("/api/cart")).send().await.expect("cart")).await;
    assert_eq!(cart["count"], 0);
    let res = c.get(app.url("/api/checkout")).send().await.expect("checkout");
    assert::json_error(res, 404, "not_found").await;

    // The order is this session's: its page's data answers here, nowhere else.
    let res = c.get(app.url("/api/orders/M-100001")).send().await.expect("order");
    assert_eq!(res.headers()["cache-control"], "no-store");
    assert_eq!(assert::ok_json(res).await, order);
    let other = browser();
    for number in ["M-100001", "M-100002", "..%2F", "x".repeat(65).as_str()] {
        let res = other.get(app.url(&format!("/api/orders/{number}"))).send().await.expect("theirs");
        assert_eq!(assert::json_error(res, 404, "not_found").await, "There is no such order in this session.");
    }
    let with_cart = with_cart(&app, "1001-L-Black").await;
    let res = with_cart.get(app.url("/api/orders/M-100001")).send().await.expect("theirs");
    assert_eq!(res.status(), 404, "another session with a session cookie of its own");
}

#[tokio::test(flavor = "multi_thread")]
async fn placing_again_answers_the_one_order() {
    let app = TestApp::builder().start().await;
    let c = with_cart(&app, "1002").await;
    address_and_shipping(&app, &c, address("CA", "ON"), "standard").await;

    // Keyed: a retry with the key answers the first result; the key on another request is refused.
    let keyed = |key: &str| c.post(app.url("/api/checkout/order")).json(&json!({})).header("idempotency-key", key);
    let first = assert::ok_json(keyed("order-1").send().await.expect("place")).await;
    let again = assert::ok_json(keyed("order-1").send().await.expect("again")).await;
    assert_eq!(first, again);
    let res =
        c.put(app.url("/api/checkout/shipping")).header("idempotency-key", "order-1").json(&json!({"option": "x"}));
    assert_eq!(res.send().await.expect("put").status(), 404, "PUT steps remember no answer; the cart is gone");

    // A retry whose first answer never arrived: its cookie still names the placed cart.
    let app2 = TestApp::builder().start().await;
    let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
    let c = reqwest::Client::builder().cookie_provider(jar.clone()).build().expect("client");
    let res = c.post(app2.url("/api/cart/lines")).json(&json!({"variant": "1002", "quantity": 1})).send().await;
    assert::ok_json(res.expect("add")).await;
    address_and_shipping(&app2, &c, address("GB", ""), "standard").await;
    let stale = cookie_header(&jar, &app2);
    let placed = c.post(app2.url("/api/checkout/order")).json(&json!({})).send().await.expect("place");
    assert!(placed.headers().get_all(SET_COOKIE).iter().count() > 0, "the cart is forgotten");
    let placed: Value = placed.json().await.unwrap_or_default();
    let replay = reqwest::Client::new()
        .post(app2.url("/api/checkout/order"))
        .header(reqwest::header::COOKIE, stale)
        .json(&json!({}))
        .send()
        .await
        .expect("replay");
    assert_eq!(assert::ok_json(replay).await, placed, "the same order, not a second one");
    let none = reqwest::get(format!("{}/api/orders/M-100002", app2.mock.url)).await.expect("mock");
    assert_eq!(none.status(), 404);
}

/// The `Cookie` header `jar` sends to `app` now.
fn cookie_header(jar: &reqwest::cookie::Jar, app: &TestApp) -> reqwest::header::HeaderValue {
    use reqwest::cookie::CookieStore;
    jar.cookies(&app.url("/").parse().expect("url")).expect("cookies")
}

#[tokio::test(flavor = "multi_thread")]
async fn steps_come_from_this_site_and_are_bounded() {
    let app = TestApp::builder().start().await;
    let c = with_cart(&app, "1002").await;
    let step = json!({"email": "ada@example.com", "shipping": address("US", "TX")});
    for (method, path) in [
        (reqwest::Method::PUT, "/api/checkout/address"),
        (reqwest::Method::PUT, "/api/checkout/shipping"),
        (reqwest::Method::POST, "/api/checkout/order"),
    ] {
        let res = c.request(method, app.url(path)).header(ORIGIN, "https://evil.example").json(&step).send().await;
        let text = assert::json_error(res.expect("cross"), 403, "forbidden").await;
        assert_eq!(text, "Changes can only be made from this site.");
    }
    let huge = json!({"email": "a".repeat(20_000), "shipping": address("US", "TX")});
    let res = c.put(app.url("/api/checkout/address")).json(&huge).send().await.expect("huge");
    assert::json_error(res, 400, "bad_request").await;
    let garbage = c.put(app.url("/api/checkout/address")).header("content-type", "application/json").body("{");
    let res = garbage.send().await.expect("garbage");
    assert::json_error(res, 400, "bad_request").await;
    // Without a cart there is nothing to check out, and nothing is made.
    let res = browser().get(app.url("/api/checkout")).send().await.expect("none");
    assert!(res.headers().get(SET_COOKIE).is_none());
    assert::json_error(res, 404, "not_found").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn magento_checks_out_in_its_shop() {
    let shop = magento::start_shop();
    let app = TestApp::builder().magento(&shop.url).start().await;
    let c = browser();
    switch(&app, &c, "magento").await;
    // The Chaz Kangeroo Hoodie in S and Black.
    let variant = "MH01:MH01-S-Black:Y29uZmlndXJhYmxlLzE0NC8xNjc%3D,Y29uZmlndXJhYmxlLzkzLzQ5";
    let res = c.post(app.url("/api/cart/lines")).json(&json!({"variant": variant, "quantity": 1})).send().await;
    assert::ok_json(res.expect("add")).await;
    let checkout = assert::ok_json(c.get(app.url("/api/checkout")).send().await.expect("checkout")).await;
    assert_eq!(checkout["kind"], "native");
    assert_eq!(checkout["payment_method"], "Check / Money order");
    let res = c.get(app.url("/api/checkout/shipping-options")).send().await.expect("options");
    assert_eq!(assert::json_error(res, 409, "refused").await, "Enter your email and shipping address first.");
    let ready = address_and_shipping(&app, &c, address("US", "TX"), "flatrate/flatrate").await;
    assert_eq!(ready["shipping_option"]["id"], "flatrate/flatrate");
    let order =
        assert::ok_json(c.post(app.url("/api/checkout/order")).json(&json!({})).send().await.expect("place")).await;
    assert_eq!(order["number"], "000000001");
    assert_eq!(order["totals"]["total"], ready["totals"]["total"]);
    assert_eq!(shop.order_count(), 1);
    // The shop's back office shows it as an admin sees it, with what the shopper typed.
    let record = reqwest::get(format!("{}/_demo/orders/000000001", shop.url)).await.expect("back office");
    assert!(record.text().await.unwrap_or_default().contains("ada@example.com"));
    let none = reqwest::get(format!("{}/_demo/orders/000000002", shop.url)).await.expect("back office");
    assert_eq!(none.status(), 404);
    let again = assert::ok_json(c.get(app.url("/api/orders/000000001")).send().await.expect("order")).await;
    assert_eq!(again, order);
}

#[tokio::test(flavor = "multi_thread")]
async fn medusa_checks_out_in_its_store() {
    let shop = medusa::start(medusa::DEMO_KEY);
    let app = TestApp::builder().medusa(&shop.url, medusa::DEMO_KEY).start().await;
    let c = browser();
    switch(&app, &c, "medusa").await;
    // The hoodie in S: 45 paid in euros.
    let res =
        c.post(app.url("/api/cart/lines")).json(&json!({"variant": "variant_01OODIE0", "quantity": 1})).send().await;
    assert::ok_json(res.expect("add")).await;
    let checkout = assert::ok_json(c.get(app.url("/api/checkout")).send().await.expect("checkout")).await;
    assert_eq!(checkout["kind"], "native");
    let codes: Vec<&str> =
        checkout["countries"].as_array().into_iter().flatten().filter_map(|c| c["code"].as_str()).collect();
    assert!(codes.contains(&"DE") && !codes.contains(&"US"), "the region's countries: {codes:?}");
    // A country outside the region is refused beside its field.
    let step = json!({"email": "ada@example.com", "shipping": address("US", "TX")});
    let res = c.put(app.url("/api/checkout/address")).json(&step).send().await.expect("address");
    let body: Value = res.json().await.unwrap_or_default();
    assert_eq!(body["error"]["fields"][0]["field"], "shipping.country", "{body}");
    let ready = address_and_shipping(&app, &c, address("DE", ""), "so_01EXPRESS").await;
    assert_eq!(ready["totals"]["currency"], "EUR");
    let order = assert::ok_json(c.post(app.url("/api/checkout/order")).json(&json!({})).send().await.expect("p")).await;
    assert_eq!(order["number"], "1");
    assert_eq!(order["totals"]["total"], ready["totals"]["total"]);
    assert_eq!(shop.order_count(), 1);
    assert!(shop.order(1).is_some(), "the store's own record");
    let record = reqwest::get(format!("{}/_demo/orders/1", shop.url)).await.expect("back office");
    assert!(record.text().await.unwrap_or_default().contains("ada@example.com"), "its back office shows it");
    let none = reqwest::get(format!("{}/_demo/orders/2", shop.url)).await.expect("back office");
    assert_eq!(none.status(), 404);
    assert!(shop.invalid().is_empty(), "{:?}", shop.invalid());
}

#[tokio::test(flavor = "multi_thread")]
async fn shopify_hands_off_and_the_fake_store_has_none() {
    const TOKEN: &str = "shpat_checkout";
    let shop = shopify::start(TOKEN);
    let store = fake_store::start();
    let app = TestApp::builder().shopify(&shop.url, TOKEN).fake_store(&store.url).start().await;

    let c = browser();
    switch(&app, &c, "shopify").await;
    // The Hydrogen Snowboard in 151 and Ice.
    let res =
        c.post(app.url("/api/cart/lines")).json(&json!({"variant": "43695710535901", "quantity": 1})).send().await;
    let cart = assert::ok_json(res.expect("add")).await;
    let checkout = assert::ok_json(c.get(app.url("/api/checkout")).send().await.expect("checkout")).await;
    assert_eq!(checkout["kind"], "handoff");
    assert!(cart["checkout_url"].is_string(), "{cart}");
    assert_eq!(checkout["cart"]["checkout_url"], cart["checkout_url"], "the link is the cart's checkoutUrl");
    let res = c.post(app.url("/api/checkout/order")).json(&json!({})).send().await.expect("place");
    assert::json_error(res, 409, "no_checkout").await;

    let c = browser();
    switch(&app, &c, "fake").await;
    let res = c.post(app.url("/api/cart/lines")).json(&json!({"variant": "1", "quantity": 1})).send().await;
    assert::ok_json(res.expect("add")).await;
    let checkout = assert::ok_json(c.get(app.url("/api/checkout")).send().await.expect("checkout")).await;
    assert_eq!((&checkout["kind"], &checkout["notice"]), (&json!("none"), &json!("This shop has no checkout.")));
    let step = json!({"email": "ada@example.com", "shipping": address("US", "TX")});
    let res = c.put(app.url("/api/checkout/address")).json(&step).send().await.expect("address");
    assert_eq!(assert::json_error(res, 409, "no_checkout").await, "This shop has no checkout.");
}
