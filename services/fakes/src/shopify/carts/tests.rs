use super::*;

fn shop() -> Carts {
    let price = json!({ "amount": "29.95", "currencyCode": "CAD" });
    Carts::new(&[json!({
        "id": "gid://shopify/Product/1", "title": "Wax", "handle": "wax",
        "variants": { "nodes": [
            { "id": "gid://shopify/ProductVariant/11", "availableForSale": true, "price": price,
              "selectedOptions": [{ "name": "Scent", "value": "Pine" }] },
            { "id": "gid://shopify/ProductVariant/12", "availableForSale": false, "price": price,
              "selectedOptions": [{ "name": "Scent", "value": "Tar" }] },
        ] },
    })])
}

fn args(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(fields) => fields,
        _ => Map::new(),
    }
}

fn call(carts: &Carts, field: &str, a: Value) -> Value {
    carts.resolve(field, &args(a), "http://shop.test").unwrap_or(Value::Null)
}

fn add(carts: &Carts, cart: &str, variant: &str, quantity: i64) -> Value {
    let lines = json!([{ "merchandiseId": format!("gid://shopify/ProductVariant/{variant}"), "quantity": quantity }]);
    call(carts, "cartLinesAdd", json!({ "cartId": cart, "lines": lines }))
}

fn codes(payload: &Value, key: &str) -> Vec<String> {
    payload[key].as_array().into_iter().flatten().map(|e| e["code"].as_str().unwrap_or_default().to_owned()).collect()
}

#[test]
fn adding_merges_and_stock_reduces_with_a_warning() {
    let carts = shop();
    let created = call(&carts, "cartCreate", json!({ "input": {} }));
    let id = created["cart"]["id"].as_str().unwrap_or_default().to_owned();
    assert!(id.starts_with(CART_GID) && id.contains("?key="), "{id}");
    let token = id.trim_start_matches(CART_GID).split('?').next().unwrap_or_default();
    assert!(
        created["cart"]["checkoutUrl"]
            .as_str()
            .is_some_and(|u| u.starts_with(&format!("http://shop.test/cart/c/{token}?key=")))
    );

    let once = add(&carts, &id, "11", 2);
    let twice = add(&carts, &id, "11", 2);
    assert_eq!(twice["cart"]["lines"]["nodes"].as_array().map(Vec::len), Some(1), "merged");
    assert_eq!(twice["cart"]["lines"]["nodes"][0]["id"], once["cart"]["lines"]["nodes"][0]["id"]);
    assert_eq!(twice["cart"]["lines"]["nodes"][0]["quantity"], 4);
    assert_eq!(twice["cart"]["cost"]["subtotalAmount"], json!({ "amount": "119.8", "currencyCode": "CAD" }));

    let more = add(&carts, &id, "11", 3);
    assert_eq!(
        (codes(&more, "warnings"), more["cart"]["totalQuantity"].clone()),
        (vec!["MERCHANDISE_NOT_ENOUGH_STOCK".to_owned()], json!(STOCK))
    );
    assert_eq!(more["warnings"][0]["target"], more["cart"]["lines"]["nodes"][0]["id"]);
    let none = add(&carts, &id, "12", 1);
    assert_eq!(codes(&none, "warnings"), ["MERCHANDISE_OUT_OF_STOCK"]);
    assert_eq!(none["warnings"][0]["target"], "gid://shopify/ProductVariant/12");
    assert_eq!(none["cart"]["lines"]["nodes"].as_array().map(Vec::len), Some(1), "not added");
}

#[test]
fn unknown_carts_variants_and_lines_are_user_errors_that_change_nothing() {
    let carts = shop();
    let id = call(&carts, "cartCreate", json!({}))["cart"]["id"].as_str().unwrap_or_default().to_owned();
    let line = add(&carts, &id, "11", 1)["cart"]["lines"]["nodes"][0]["id"].as_str().unwrap_or_default().to_owned();

    let unknown = add(&carts, &id, "99", 1);
    assert_eq!(
        (codes(&unknown, "userErrors"), unknown["userErrors"][0]["field"].clone()),
        (vec!["INVALID".to_owned()], json!(["lines", "0", "merchandiseId"]))
    );
    assert_eq!(unknown["cart"]["totalQuantity"], 1);
    let wrong_key = id.replace("?key=", "?key=0");
    for payload in [add(&carts, &wrong_key, "11", 1), add(&carts, "gid://shopify/Cart/nope?key=x", "11", 1)] {
        assert_eq!(
            (payload["cart"].clone(), payload["userErrors"][0]["field"].clone()),
            (Value::Null, json!(["cartId"]))
        );
    }
    assert_eq!(call(&carts, "cart", json!({ "id": wrong_key })), Value::Null);

    let update = call(
        &carts,
        "cartLinesUpdate",
        json!({ "cartId": id, "lines": [{ "id": "gid://shopify/CartLine/x", "quantity": 2 }] }),
    );
    assert_eq!(update["userErrors"][0]["field"], json!(["lines", "0", "id"]));
    let remove = call(&carts, "cartLinesRemove", json!({ "cartId": id, "lineIds": ["gid://shopify/CartLine/x"] }));
    assert_eq!(remove["userErrors"][0]["field"], json!(["lineIds", "0"]));

    let updated = call(&carts, "cartLinesUpdate", json!({ "cartId": id, "lines": [{ "id": line, "quantity": 3 }] }));
    assert_eq!(updated["cart"]["lines"]["nodes"][0]["cost"]["totalAmount"]["amount"], "89.85");
    let removed = call(&carts, "cartLinesRemove", json!({ "cartId": id, "lineIds": [line] }));
    assert_eq!(
        (removed["cart"]["totalQuantity"].clone(), codes(&removed, "userErrors")),
        (json!(0), Vec::<String>::new())
    );

    carts.forget();
    assert_eq!(call(&carts, "cart", json!({ "id": id })), Value::Null, "forgotten");
}

#[test]
fn the_shop_keeps_a_bounded_number_of_carts_dropping_the_oldest() {
    let carts = shop();
    let ids: Vec<String> = (0..=MAX_CARTS)
        .map(|_| call(&carts, "cartCreate", json!({}))["cart"]["id"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(call(&carts, "cart", json!({ "id": ids[0] })), Value::Null, "the oldest went");
    assert_eq!(call(&carts, "cart", json!({ "id": ids[1] }))["totalQuantity"], 0);
    let mut distinct = ids.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), ids.len());
}

#[test]
fn amounts_are_written_as_shopify_writes_decimals() {
    for (cents, text) in [(120_000, "1200.0"), (2995, "29.95"), (2950, "29.5"), (5, "0.05"), (0, "0.0")] {
        assert_eq!(decimal(cents), text);
    }
    assert_eq!(super::cents(&json!("600.0")), 60_000);
}
