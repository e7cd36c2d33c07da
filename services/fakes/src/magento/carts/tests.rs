use serde_json::{Value, json};

use super::*;
use crate::magento::catalogue;

const S_BLACK: &[&str] = &["Y29uZmlndXJhYmxlLzE0NC8xNjc=", "Y29uZmlndXJhYmxlLzkzLzQ5"];
const M_GRAY: &[&str] = &["Y29uZmlndXJhYmxlLzE0NC8xNjg=", "Y29uZmlndXJhYmxlLzkzLzUy"];
const L_ORANGE: &[&str] = &["Y29uZmlndXJhYmxlLzE0NC8xNjk=", "Y29uZmlndXJhYmxlLzkzLzU2"];
const NONE: &[&str] = &[];

fn args(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(fields) => fields,
        _ => Map::new(),
    }
}

struct Shop {
    carts: Carts,
    catalogue: Value,
}

impl Shop {
    fn new() -> Self {
        Self { carts: Carts::default(), catalogue: catalogue("http://m.test") }
    }

    fn call(&mut self, field: &str, a: Value) -> Value {
        self.carts.resolve(&self.catalogue, field, &args(a))
    }

    fn create(&mut self) -> String {
        self.call("createEmptyCart", json!({})).as_str().unwrap_or_default().to_owned()
    }

    fn add(&mut self, cart: &str, sku: &str, quantity: f64, selected: &[&str]) -> Value {
        let item = json!({ "sku": sku, "quantity": quantity, "selected_options": selected });
        self.call("addProductsToCart", json!({ "cartId": cart, "cartItems": [item] }))
    }

    fn lines(&mut self, cart: &str) -> Vec<(String, f64, f64)> {
        let answer = self.call("cart", json!({ "cart_id": cart }));
        answer["items"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|i| {
                let sku = i["configured_variant"]["sku"].as_str().or(i["product"]["sku"].as_str()).unwrap_or_default();
                (
                    sku.to_owned(),
                    i["quantity"].as_f64().unwrap_or(-1.0),
                    i["prices"]["row_total"]["value"].as_f64().unwrap_or(-1.0),
                )
            })
            .collect()
    }
}

fn codes(answer: &Value) -> Vec<(&str, &str)> {
    answer["user_errors"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| (e["code"].as_str().unwrap_or_default(), e["message"].as_str().unwrap_or_default()))
        .collect()
}

/// The category of a field error, if `answer` is one.
fn category(answer: &Value) -> Option<&str> {
    answer[FIELD_ERROR_KEY]["extensions"]["category"].as_str()
}

const FIELD_ERROR_KEY: &str = "__fake_graphql_field_error";

#[test]
fn masked_ids_are_32_characters_and_differ() {
    let mut shop = Shop::new();
    let (a, b) = (shop.create(), shop.create());
    assert_eq!((a.len(), b.len()), (32, 32));
    assert_ne!(a, b);
    assert_eq!(
        shop.call("createEmptyCart", json!({ "input": { "cart_id": a } }))[FIELD_ERROR_KEY]["extensions"]["category"],
        "graphql-already-exists"
    );
    assert_eq!(
        category(&shop.call("createEmptyCart", json!({ "input": { "cart_id": "short" } }))),
        Some("graphql-input")
    );
    let chosen = "x".repeat(32);
    assert_eq!(shop.call("createEmptyCart", json!({ "input": { "cart_id": chosen } })), json!(chosen));
}

#[test]
fn adding_again_merges_into_the_line_whatever_the_order_of_the_values() {
    let mut shop = Shop::new();
    let cart = shop.create();
    assert!(codes(&shop.add(&cart, "MH01", 1.0, S_BLACK)).is_empty());
    let answer = shop.add(&cart, "MH01", 2.0, &[S_BLACK[1], S_BLACK[0]]);
    assert!(codes(&answer).is_empty());
    assert!(codes(&shop.add(&cart, "24-MB01", 1.0, NONE)).is_empty());
    assert_eq!(shop.lines(&cart), [("MH01-S-Black".to_owned(), 3.0, 156.0), ("24-MB01".to_owned(), 1.0, 34.0)]);
    let item = &answer["cart"]["items"][0];
    assert_eq!(
        (item["__typename"].as_str(), item["uid"].as_str(), item["id"].as_str()),
        (Some("ConfigurableCartItem"), Some("MQ=="), Some("1"))
    );
    let chosen: Vec<(&str, &str, &str)> = item["configurable_options"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| {
            (
                o["option_label"].as_str().unwrap_or_default(),
                o["value_label"].as_str().unwrap_or_default(),
                o["configurable_product_option_value_uid"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(chosen, [("Size", "S", S_BLACK[0]), ("Color", "Black", S_BLACK[1])], "the parent's option order");
    assert_eq!(
        (item["configurable_options"][0]["id"].as_i64(), item["configurable_options"][0]["value_id"].as_i64()),
        (Some(144), Some(167))
    );
    assert_eq!(item["configurable_options"][0]["configurable_product_option_uid"], "Y29uZmlndXJhYmxlLzE0NA==");
    assert_eq!(
        item["configured_variant"]["thumbnail"]["url"],
        "http://m.test/media/catalog/product/m/h/mh01-black_main.png"
    );
    let subtotal = shop.call("cart", json!({ "cart_id": cart }))["prices"]["subtotal_excluding_tax"].clone();
    assert_eq!(subtotal, json!({ "value": 190.0, "currency": "USD" }));
}

#[test]
fn refusals_are_user_errors_and_leave_the_cart_as_it_was() {
    let mut shop = Shop::new();
    let cart = shop.create();
    assert!(codes(&shop.add(&cart, "24-MB01", 6.0, NONE)).is_empty());
    for (sku, quantity, selected, expected) in [
        ("NOPE", 1.0, NONE, ("PRODUCT_NOT_FOUND", "Could not find a product with SKU \"NOPE\"")),
        ("MT12", 1.0, NONE, ("NOT_SALABLE", "Product that you are trying to add is not available.")),
        ("MH01", 1.0, M_GRAY, ("INSUFFICIENT_STOCK", "This product is out of stock.")),
        ("MH01", 11.0, S_BLACK, ("INSUFFICIENT_STOCK", "The requested qty is not available")),
        ("24-MB01", 5.0, NONE, ("INSUFFICIENT_STOCK", "The requested qty is not available")),
        ("MH01", 1.0, L_ORANGE, ("UNDEFINED", "You need to choose options for your item.")),
        ("MH01", 1.0, NONE, ("UNDEFINED", "You need to choose options for your item.")),
        ("24-WG080", 1.0, NONE, ("UNDEFINED", "Please specify product option(s).")),
        ("24-MB01", 0.0, NONE, ("UNDEFINED", "The product quantity should be greater than 0")),
    ] {
        let answer = shop.add(&cart, sku, quantity, selected);
        assert_eq!(codes(&answer), [expected], "{sku} × {quantity}");
        assert_eq!(answer["user_errors"][0]["path"], json!([0]));
    }
    assert_eq!(shop.lines(&cart), [("24-MB01".to_owned(), 6.0, 204.0)]);
}

#[test]
fn updates_and_removals_name_their_line() {
    let mut shop = Shop::new();
    let cart = shop.create();
    shop.add(&cart, "24-MB01", 1.0, NONE);
    shop.add(&cart, "MH01", 1.0, S_BLACK);
    let update = |shop: &mut Shop, uid: &str, quantity: f64| {
        shop.call(
            "updateCartItems",
            json!({ "input": { "cart_id": cart, "cart_items": [{ "cart_item_uid": uid, "quantity": quantity }] } }),
        )
    };
    assert_eq!(update(&mut shop, "MQ==", 4.0)["cart"]["items"][0]["quantity"], 4.0);
    assert_eq!(category(&update(&mut shop, "MQ==", 11.0)), Some("graphql-input"), "more than the shop has");
    assert_eq!(category(&update(&mut shop, "OTk=", 1.0)), Some("graphql-no-such-entity"), "item 99 is in no cart");
    assert_eq!(category(&update(&mut shop, "not base64!", 1.0)), Some("graphql-input"));
    assert_eq!(update(&mut shop, "Mg==", 0.0)["cart"]["items"].as_array().map(Vec::len), Some(1), "0 removes");
    let remove = |shop: &mut Shop, uid: &str| {
        shop.call("removeItemFromCart", json!({ "input": { "cart_id": cart, "cart_item_uid": uid } }))
    };
    assert_eq!(category(&remove(&mut shop, "Mg==")), Some("graphql-no-such-entity"), "already gone");
    assert_eq!(remove(&mut shop, "MQ==")["cart"]["items"], json!([]));
    assert_eq!(shop.lines(&cart), []);
}

#[test]
fn an_unknown_cart_is_no_such_entity_in_every_call() {
    let mut shop = Shop::new();
    let id = "0".repeat(32);
    for (field, a) in [
        ("cart", json!({ "cart_id": id })),
        ("addProductsToCart", json!({ "cartId": id, "cartItems": [{ "sku": "24-MB01", "quantity": 1 }] })),
        (
            "updateCartItems",
            json!({ "input": { "cart_id": id, "cart_items": [{ "cart_item_uid": "MQ==", "quantity": 1 }] } }),
        ),
        ("removeItemFromCart", json!({ "input": { "cart_id": id, "cart_item_uid": "MQ==" } })),
    ] {
        let answer = shop.call(field, a);
        assert_eq!(category(&answer), Some("graphql-no-such-entity"), "{field}");
        assert_eq!(answer[FIELD_ERROR_KEY]["message"], format!("Could not find a cart with ID \"{id}\""), "{field}");
    }
    let cart = shop.create();
    shop.carts.forget();
    assert_eq!(category(&shop.call("cart", json!({ "cart_id": cart }))), Some("graphql-no-such-entity"), "forgotten");
}

#[test]
fn the_shop_keeps_a_bounded_number_of_carts_and_lines() {
    let mut shop = Shop::new();
    let first = shop.create();
    for _ in 0..MAX_CARTS {
        shop.create();
    }
    assert_eq!(shop.carts.len(), MAX_CARTS);
    assert_eq!(
        category(&shop.call("cart", json!({ "cart_id": first }))),
        Some("graphql-no-such-entity"),
        "the oldest went"
    );

    let products: Vec<Value> = (0..=MAX_LINES)
        .map(|i| {
            let price = json!({ "final_price": { "value": 1.0, "currency": "USD" } });
            json!({ "__typename": "SimpleProduct", "sku": format!("P{i}"), "stock_status": "IN_STOCK",
                    "price_range": { "minimum_price": price } })
        })
        .collect();
    let mut small = Shop { carts: Carts::default(), catalogue: json!({ "products": products }) };
    let cart = small.create();
    for i in 0..MAX_LINES {
        assert!(codes(&small.add(&cart, &format!("P{i}"), 1.0, NONE)).is_empty(), "line {i}");
    }
    let over = small.add(&cart, &format!("P{MAX_LINES}"), 1.0, NONE);
    assert_eq!(codes(&over), [("UNDEFINED", "This demo shop's carts hold at most 50 lines.")]);
    assert!(codes(&small.add(&cart, "P0", 1.0, NONE)).is_empty(), "merging needs no new line");
}

#[test]
fn uids_are_base64_as_magento_makes_them() {
    for (text, encoded) in
        [("1", "MQ=="), ("12", "MTI="), ("123", "MTIz"), ("configurable/144/167", "Y29uZmlndXJhYmxlLzE0NC8xNjc=")]
    {
        assert_eq!(base64::encode(text.as_bytes()), encoded);
        assert_eq!(base64::decode(encoded).as_deref(), Some(text));
    }
    for bad in ["MQ", "M===", "not base64!", "////"] {
        assert!(base64::decode(bad).is_none_or(|t| t.parse::<u64>().is_err()), "{bad}");
    }
}
