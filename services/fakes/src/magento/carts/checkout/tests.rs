use serde_json::{Value, json};

use super::super::Carts;
use super::*;
use crate::magento::catalogue;

struct Shop {
    carts: Carts,
    catalogue: Value,
}

/// A failed field's message (`crate::graphql::field_error`'s marker).
fn message(v: &Value) -> String {
    v["__fake_graphql_field_error"]["message"].as_str().unwrap_or_default().to_owned()
}

impl Shop {
    fn new() -> Self {
        Self { carts: Carts::default(), catalogue: catalogue("http://m.test") }
    }

    fn call(&mut self, field: &str, a: Value) -> Value {
        let Value::Object(args) = a else { return Value::Null };
        self.carts.resolve(&self.catalogue, field, &args)
    }

    fn cart_with_a_bag(&mut self) -> String {
        let id = self.call("createEmptyCart", json!({})).as_str().unwrap_or_default().to_owned();
        let item = json!({ "sku": "24-MB01", "quantity": 2 });
        self.call("addProductsToCart", json!({ "cartId": id, "cartItems": [item] }));
        id
    }

    fn step(&mut self, field: &str, id: &str, input: Value) -> Value {
        let mut input = input;
        input["cart_id"] = json!(id);
        self.call(field, json!({ "input": input }))
    }
}

fn address(country: &str, region: Option<&str>) -> Value {
    json!({
        "firstname": "Ada", "lastname": "L", "street": ["1 Main St"], "city": "Austin", "postcode": "73301",
        "country_code": country, "region": region, "telephone": "5125550100",
    })
}

#[test]
fn addresses_are_checked_by_country_and_region() {
    for (country, region, expected) in [
        ("US", Some("TX"), None),
        ("us", Some("texas"), None),
        ("GB", None, None),
        ("GB", Some("anything"), None),
        ("FR", None, Some("Country is not available")),
        ("US", None, Some("\"regionId\" is required. Enter and try again.")),
        ("US", Some("ZZ"), Some("\"regionId\" is required. Enter and try again.")),
    ] {
        let got = checked(&address(country, region)).err().map(|e| message(&e));
        assert_eq!(got.as_deref(), expected, "{country} {region:?}");
    }
    let mut missing = address("DE", None);
    missing["telephone"] = json!("");
    assert!(checked(&missing).is_err(), "the telephone is required, as Magento's default");
}

#[test]
fn a_cart_goes_from_address_to_an_order_and_is_then_inactive() {
    let mut shop = Shop::new();
    let id = shop.cart_with_a_bag();
    let placed = shop.step("placeOrder", &id, json!({}));
    assert!(message(&placed).contains("Guest email"), "{placed}");
    shop.step("setGuestEmailOnCart", &id, json!({ "email": "a@example.com" }));
    let shipped = shop.step(
        "setShippingAddressesOnCart",
        &id,
        json!({ "shipping_addresses": [{ "address": address("US", Some("TX")) }] }),
    );
    let methods = &shipped["cart"]["shipping_addresses"][0]["available_shipping_methods"];
    assert_eq!(methods.as_array().map(Vec::len), Some(2));
    // Flat rate: 5.00 per item; two bags.
    assert_eq!(methods[0]["amount"]["value"], json!(10.0));
    shop.step("setBillingAddressOnCart", &id, json!({ "billing_address": { "same_as_shipping": true } }));
    let refused = shop.step(
        "setShippingMethodsOnCart",
        &id,
        json!({ "shipping_methods": [{ "carrier_code": "ups", "method_code": "x" }] }),
    );
    assert!(message(&refused).starts_with("Carrier with such method not found"));
    shop.step("setPaymentMethodOnCart", &id, json!({ "payment_method": { "code": "checkmo" } }));
    let placed = shop.step("placeOrder", &id, json!({}));
    assert!(message(&placed).contains("shipping method is missing"), "{placed}");
    let chosen = shop.step(
        "setShippingMethodsOnCart",
        &id,
        json!({ "shipping_methods": [{ "carrier_code": "tablerate", "method_code": "bestway" }] }),
    );
    let prices = &chosen["cart"]["prices"];
    let minor = |money: &Value| money::from_major(money["value"].as_f64().unwrap_or_default(), Some("USD"));
    let subtotal = minor(&prices["subtotal_excluding_tax"]).unwrap_or_default();
    let tax = money::rate_of(subtotal, 0.0825);
    assert_eq!(minor(&prices["applied_taxes"][0]["amount"]), Some(tax));
    assert_eq!(minor(&prices["grand_total"]), Some(subtotal + 1500 + tax));
    let placed = shop.step("placeOrder", &id, json!({}));
    assert_eq!(placed["order"]["order_number"], "000000001");
    assert_eq!(shop.carts.order("000000001").map(|o| o["email"].clone()), Some(json!("a@example.com")));
    let again = shop.step("placeOrder", &id, json!({}));
    assert_eq!(message(&again), "The cart isn't active.");
    assert_eq!(message(&shop.call("cart", json!({ "cart_id": id }))), "The cart isn't active.");
    let next = shop.cart_with_a_bag();
    for (field, input) in [
        ("setGuestEmailOnCart", json!({ "email": "b@example.com" })),
        ("setShippingAddressesOnCart", json!({ "shipping_addresses": [{ "address": address("GB", None) }] })),
        (
            "setShippingMethodsOnCart",
            json!({ "shipping_methods": [{ "carrier_code": "flatrate", "method_code": "flatrate" }] }),
        ),
        ("setPaymentMethodOnCart", json!({ "payment_method": { "code": "checkmo" } })),
    ] {
        shop.step(field, &next, input);
    }
    assert_eq!(shop.step("placeOrder", &next, json!({}))["order"]["order_number"], "000000002", "numbers count up");
    assert_eq!(shop.carts.order_count(), 2);
}

#[test]
fn steps_before_the_address_and_unknown_payments_are_refused() {
    let mut shop = Shop::new();
    let id = shop.cart_with_a_bag();
    let missing = "The shipping address is missing. Set the address and try again.";
    let method = json!({ "shipping_methods": [{ "carrier_code": "flatrate", "method_code": "flatrate" }] });
    assert_eq!(message(&shop.step("setShippingMethodsOnCart", &id, method)), missing);
    assert_eq!(
        message(&shop.step("setPaymentMethodOnCart", &id, json!({ "payment_method": { "code": "checkmo" } }))),
        missing
    );
    assert_eq!(
        message(&shop.step("setBillingAddressOnCart", &id, json!({ "billing_address": { "same_as_shipping": true } }))),
        missing
    );
    shop.step("setShippingAddressesOnCart", &id, json!({ "shipping_addresses": [{ "address": address("DE", None) }] }));
    let refused = shop.step("setPaymentMethodOnCart", &id, json!({ "payment_method": { "code": "free" } }));
    assert_eq!(message(&refused), "The requested Payment Method is not available.");
    assert_eq!(message(&shop.step("setGuestEmailOnCart", &id, json!({ "email": "nope" }))), "Invalid email format");
    assert!(message(&shop.step("placeOrder", "unknown", json!({}))).starts_with("Could not find a cart"));
}
