//! Medusa's checkout answers and refusals, table by table.

use serde_json::json;

use super::*;

fn cart(value: serde_json::Value) -> Option<MedusaCart> {
    serde_json::from_value(value).expect("a cart")
}

fn countries_of(codes: &[&str]) -> Vec<Country> {
    codes.iter().map(|c| Country { code: (*c).to_owned(), name: (*c).to_owned(), ..Country::default() }).collect()
}

fn in_country(country: &str) -> Address {
    Address { country: country.to_owned(), ..Address::default() }
}

#[test]
fn countries_are_the_regions_upper_cased_without_regions() {
    let list: Vec<MedusaCountry> = serde_json::from_value(json!([
        { "iso_2": "de", "display_name": "Germany" },
        { "iso_2": "gb" },
        { "iso_2": "" },
        { "iso_2": "deu", "display_name": "not a code" },
        { "display_name": "no code" },
    ]))
    .expect("countries");
    let found: Vec<(String, String, bool)> =
        countries(&list).into_iter().map(|c| (c.code, c.name, c.region_required || !c.regions.is_empty())).collect();
    assert_eq!(found, [("DE".into(), "Germany".into(), false), ("GB".into(), "GB".into(), false)]);
}

#[test]
fn both_addresses_must_be_in_the_regions_countries() {
    let region = countries_of(&["DE", "GB"]);
    let no = Err(Refusal::NoShippingTo.error());
    for (shipping, billing, expected) in [
        ("DE", None, Ok(())),
        ("de", Some("GB"), Ok(())),
        (" gb ", Some("de"), Ok(())),
        ("US", None, no.clone()),
        ("DE", Some("FR"), no.clone()),
        ("", None, no.clone()),
    ] {
        let billing = billing.map(in_country);
        assert_eq!(ships_to(&region, &in_country(shipping), billing.as_ref()), expected, "{shipping} {billing:?}");
    }
    assert_eq!(ships_to(&[], &in_country("DE"), None), no, "a region without countries ships nowhere");
}

#[test]
fn addresses_go_to_medusa_and_back() {
    let typed = Address {
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        street: "1 Main St".into(),
        city: "Berlin".into(),
        postal_code: "10115".into(),
        country: "DE".into(),
        region: String::new(),
        telephone: "+49 30 1234567".into(),
    };
    let sent = address_input(&typed);
    assert_eq!(
        sent,
        json!({ "first_name": "Ada", "last_name": "Lovelace", "address_1": "1 Main St", "city": "Berlin",
                "postal_code": "10115", "country_code": "de", "phone": "+49 30 1234567" })
    );
    let with_province = address_input(&Address { region: " Bavaria ".into(), ..typed.clone() });
    assert_eq!(with_province["province"], "Bavaria");

    let kept: MedusaAddress = serde_json::from_value(sent).expect("an address");
    assert_eq!(address(&kept), Some(typed));
    assert_eq!(address(&MedusaAddress { country_code: Some(" ".into()), ..MedusaAddress::default() }), None);
    assert_eq!(address(&MedusaAddress::default()), None, "no country: not set");
}

#[test]
fn a_cart_is_a_checkout_whose_figures_follow_the_steps() {
    let base = json!({
        "id": "cart_1", "currency_code": "eur", "item_subtotal": 90, "total": 90, "tax_total": 0,
        "shipping_subtotal": 0, "email": null, "shipping_address": null, "shipping_methods": [],
        "region": { "name": "Europe", "countries": [{ "iso_2": "de", "display_name": "Germany" }] },
        "items": [{ "id": "cali_1", "variant_id": "v1", "product_title": "Hoodie", "quantity": 2, "unit_price": 45,
                    "subtotal": 90 }]
    });
    let fresh = checkout(cart(base.clone())).expect("a checkout");
    assert_eq!(
        (fresh.kind(), fresh.payment_method.as_str(), fresh.email.as_str()),
        (CheckoutKind::Native, PAYMENT_TITLE, "")
    );
    assert_eq!(fresh.countries.iter().map(|c| c.code.as_str()).collect::<Vec<_>>(), ["DE"]);
    assert_eq!(fresh.cart.as_ref().map(|c| (c.id.as_str(), c.lines.len())), Some(("cart_1", 1)));
    let t = fresh.totals.clone().unwrap_or_default();
    assert_eq!(
        (t.subtotal, t.shipping, t.tax, t.total, t.currency.as_deref()),
        (Some(9000), None, None, None, Some("EUR")),
        "no tax before the address, no total before shipping"
    );

    let mut addressed = base.clone();
    addressed["email"] = json!("ada@example.com");
    addressed["shipping_address"] = json!({ "country_code": "de", "city": "Berlin", "province": null });
    addressed["tax_total"] = json!(17.1);
    addressed["total"] = json!(107.1);
    let set = checkout(cart(addressed.clone())).expect("a checkout");
    let t = set.totals.clone().unwrap_or_default();
    assert_eq!((set.email.as_str(), t.tax, t.total), ("ada@example.com", Some(1710), None));
    assert_eq!(set.shipping_address.map(|a| (a.country, a.city)), Some(("DE".into(), "Berlin".into())));

    let mut shipped = addressed;
    shipped["shipping_methods"] = json!([{ "shipping_option_id": "so_1", "name": "Express", "amount": 15 }]);
    shipped["shipping_subtotal"] = json!(15);
    shipped["total"] = json!(122.1);
    let chosen = checkout(cart(shipped)).expect("a checkout");
    assert_eq!(
        chosen.shipping_option,
        Some(ShippingOption { id: "so_1".into(), label: "Express".into(), price: Some(1500) })
    );
    let t = chosen.totals.unwrap_or_default();
    assert_eq!((t.subtotal, t.shipping, t.tax, t.total), (Some(9000), Some(1500), Some(1710), Some(12210)));

    // Not there, or an order now: gone.
    assert_eq!(checkout(None), Err(DriverError::CartGone));
    let mut completed = base;
    completed["completed_at"] = json!("2024-11-02T10:00:00.000Z");
    assert_eq!(checkout(cart(completed)), Err(DriverError::CartGone));
}

#[test]
fn shipping_options_are_medusas_by_id() {
    let list: Vec<MedusaShippingOption> = serde_json::from_value(json!([
        { "id": "so_1", "name": "Standard Shipping", "amount": 5 },
        { "id": "so_2", "name": "", "amount": "15.5" },
        { "id": "", "name": "no id", "amount": 1 },
    ]))
    .expect("options");
    assert_eq!(
        shipping_options(&list, Some("USD".to_owned())).options,
        [
            ShippingOption { id: "so_1".into(), label: "Standard Shipping".into(), price: Some(500) },
            ShippingOption { id: "so_2".into(), label: "so_2".into(), price: Some(1550) },
        ]
    );
}

#[test]
fn a_completion_is_an_order_or_a_refused_payment() {
    let answer = |v: serde_json::Value| -> Completion { serde_json::from_value(v).expect("a completion") };
    let undecodable = |e: Result<String, DriverError>| matches!(e, Err(DriverError::Undecodable(_)));
    assert_eq!(completion(&answer(json!({ "type": "order", "order": { "display_id": 7 } }))), Ok("7".into()));
    assert_eq!(
        completion(&answer(
            json!({ "type": "cart", "cart": {}, "error": { "message": "Ada's card", "type": "payment_authorization_error" } })
        )),
        Err(Refusal::PaymentDeclined.error())
    );
    for broken in [
        json!({ "type": "order", "order": {} }),
        json!({ "type": "order", "order": { "display_id": 0 } }),
        json!({ "type": "order", "order": { "display_id": 1.5 } }),
        json!({ "type": "order" }),
        json!({ "order": { "display_id": 1 } }),
    ] {
        assert!(undecodable(completion(&answer(broken.clone()))), "{broken}");
    }

    let before = checkout(cart(json!({
        "id": "cart_1", "currency_code": "eur", "item_subtotal": 90, "email": "ada@example.com",
        "items": [{ "id": "cali_1", "variant_id": "v1", "quantity": 2, "unit_price": 45 }]
    })))
    .expect("a checkout");
    let placed = answer(json!({ "type": "order", "order": {
        "display_id": 1, "email": "ada@example.com", "currency_code": "eur",
        "item_subtotal": 90, "shipping_subtotal": 5, "tax_total": 17.1, "total": 112.1 } }));
    let order = order("1".into(), &placed, &before);
    let t = order.totals.unwrap_or_default();
    assert_eq!((order.number.as_str(), order.lines.len(), order.email.as_deref()), ("1", 1, Some("ada@example.com")));
    assert_eq!(
        (t.subtotal, t.shipping, t.tax, t.total, t.currency.as_deref()),
        (Some(9000), Some(500), Some(1710), Some(11210), Some("EUR"))
    );
}

#[test]
fn failures_are_read_by_step_type_and_phrase_never_passed_on() {
    use Step::{
        Address as A, Complete as C, PaymentCollection as PC, PaymentSession as P, ShippingMethod as S,
        ShippingOptions as O,
    };
    let body = |kind: &str, code: Option<&str>, message: &str| {
        let mut b = json!({ "type": kind, "message": message });
        if let Some(code) = code {
            b["code"] = json!(code);
        }
        b.to_string()
    };
    let refused = Failure::Refused;
    let invalid = |m: &str| body("invalid_data", None, m);
    for (step, status, answer, expected) in [
        (A, 404, body("not_found", None, "Cart id not found: cart_1"), Failure::Gone),
        (S, 404, body("not_found", None, "Cart id not found: cart_1"), Failure::Gone),
        (C, 404, body("not_found", None, "Cart id not found: cart_1"), Failure::Gone),
        (O, 404, body("not_found", None, "Cart id not found: cart_1"), Failure::Gone),
        (PC, 404, body("not_found", None, "Cart id not found: cart_1"), Failure::Gone),
        (P, 404, body("not_found", None, "Could not find a payment provider"), Failure::Failed(404)),
        (A, 400, invalid("Cart cart_1 is already completed."), Failure::Gone),
        (PC, 400, invalid("Cart cart_1 is already completed."), Failure::Gone),
        (A, 400, invalid("Country with code us is not within region Europe"), refused(Refusal::NoShippingTo)),
        (A, 400, invalid("Invalid request: Field 'email' must be a valid email"), refused(Refusal::AddressRejected)),
        (S, 400, invalid("Shipping Options are invalid for cart."), refused(Refusal::UnknownShippingOption)),
        (
            C,
            400,
            body("not_allowed", Some("insufficient_inventory"), "Some variant does not have the required inventory"),
            refused(Refusal::OutOfStock),
        ),
        (
            C,
            400,
            body("not_allowed", None, "Some variant does not have the required inventory"),
            refused(Refusal::OutOfStock),
        ),
        (C, 400, invalid("No shipping method selected but the cart contains items"), refused(Refusal::ShippingFirst)),
        (C, 400, invalid("Cart has no items"), refused(Refusal::EmptyCart)),
        (C, 400, invalid("Payment sessions are required to complete cart"), refused(Refusal::PaymentDeclined)),
        (C, 400, invalid("Something new"), Failure::Failed(400)),
        (P, 400, invalid("Something new"), Failure::Failed(400)),
        (PC, 400, invalid("Something new"), Failure::Failed(400)),
        (O, 400, invalid("Invalid request: Field 'cart_id' is required"), Failure::Failed(400)),
        (C, 400, body("not_allowed", None, "Not today"), Failure::Failed(400)),
        (C, 500, body("unknown_error", None, "An unknown error occurred."), Failure::Failed(500)),
        (A, 502, "<html>".to_owned(), Failure::Failed(502)),
    ] {
        assert_eq!(failure(step, status, answer.as_bytes()), expected, "{step:?} {status} {answer}");
    }
}
