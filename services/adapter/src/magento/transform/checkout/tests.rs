use serde_json::json;

use super::*;
use crate::magento::models::checkout::MagentoCheckoutData;

fn error(category: Option<&str>, message: &str) -> Vec<GraphQlError> {
    let extensions = category.map(|c| json!({ "category": c }));
    vec![GraphQlError { message: message.to_owned(), extensions, ..GraphQlError::default() }]
}

#[test]
fn a_steps_errors_are_vitrines_refusals() {
    let refused = |r: Refusal| Some(r.error());
    let input = Some("graphql-input");
    for (step, category, message, expected) in [
        (
            Step::Read,
            Some("graphql-no-such-entity"),
            "Could not find a cart with ID \"abc\"",
            Some(DriverError::CartGone),
        ),
        (
            Step::Place,
            Some("graphql-authorization"),
            "The current user cannot perform operations on cart",
            Some(DriverError::CartGone),
        ),
        (Step::Payment, None, "The cart isn't active.", Some(DriverError::CartGone)),
        (Step::ShippingAddress, input, "Country is not available", refused(Refusal::NoShippingTo)),
        (
            Step::ShippingAddress,
            input,
            "\"regionId\" is required. Enter and try again.",
            refused(Refusal::AddressRejected),
        ),
        (Step::Email, input, "Invalid email format", refused(Refusal::AddressRejected)),
        (
            Step::Payment,
            input,
            "The shipping address is missing. Set the address and try again.",
            refused(Refusal::AddressFirst),
        ),
        (Step::Place, input, "Unable to place order: Guest email for cart is missing.", refused(Refusal::AddressFirst)),
        (
            Step::Place,
            input,
            "Unable to place order: The shipping method is missing. Select the shipping method and try again.",
            refused(Refusal::ShippingFirst),
        ),
        (Step::Place, input, "Unable to place order: Cart does not contain products.", refused(Refusal::EmptyCart)),
        (
            Step::Place,
            input,
            "Unable to place order: Some of the products are out of stock.",
            refused(Refusal::OutOfStock),
        ),
        (
            Step::ShippingMethod,
            input,
            "Carrier with such method not found: x, y",
            refused(Refusal::UnknownShippingOption),
        ),
        (Step::ShippingMethod, input, "something new", refused(Refusal::UnknownShippingOption)),
        (Step::Payment, input, "something new", refused(Refusal::PaymentDeclined)),
        (Step::Place, input, "something new", None),
        (Step::Place, Some("graphql"), "Internal server error", None),
        (Step::Read, None, "boom", None),
    ] {
        assert_eq!(refusal(step, &error(category, message)), expected, "{step:?} {message}");
    }
    assert_eq!(refusal(Step::Place, &[]), None);
}

#[test]
fn option_ids_are_carrier_and_method() {
    for (id, expected) in [
        ("flatrate/flatrate", Some(("flatrate", "flatrate"))),
        ("tablerate/bestway", Some(("tablerate", "bestway"))),
        ("flatrate", None),
        ("/x", None),
        ("x/", None),
        ("a/b/c", None),
    ] {
        assert_eq!(split_option(id), expected, "{id}");
    }
    assert_eq!(option_id("flatrate", "flatrate"), "flatrate/flatrate");
}

#[test]
fn methods_become_options() {
    let method = |v: Value| serde_json::from_value::<MagentoShippingMethod>(v).unwrap_or_default();
    for (m, expected) in [
        (
            json!({"carrier_code": "flatrate", "method_code": "flatrate", "carrier_title": "Flat Rate", "method_title": "Fixed", "amount": {"value": 10.0, "currency": "USD"}}),
            Some(("flatrate/flatrate", "Flat Rate – Fixed", Some(1000))),
        ),
        (
            json!({"carrier_code": "freeshipping", "method_code": "freeshipping", "carrier_title": "Free", "method_title": "Free"}),
            Some(("freeshipping/freeshipping", "Free", None)),
        ),
        (json!({"carrier_code": "x", "method_code": "y"}), Some(("x/y", "x/y", None))),
        (json!({"carrier_code": "x", "method_code": null, "carrier_title": "X"}), None),
    ] {
        let got = option(&method(m.clone()));
        let want = expected.map(|(id, label, price)| ShippingOption { id: id.into(), label: label.into(), price });
        assert_eq!(got, want, "{m}");
    }
}

#[test]
fn addresses_go_out_as_cart_address_inputs() {
    let mut a = Address {
        first_name: "Ada".into(),
        last_name: "L".into(),
        street: "1 Main St".into(),
        city: "Austin".into(),
        postal_code: "73301".into(),
        country: "US".into(),
        region: "TX".into(),
        telephone: "5125550100".into(),
    };
    let input = address_input(&a);
    assert_eq!(input["street"], json!(["1 Main St"]));
    assert_eq!(input["country_code"], "US");
    assert_eq!(input["region"], "TX");
    a.region.clear();
    assert!(address_input(&a).get("region").is_none(), "no region where there is none");
}

fn data(v: Value) -> MagentoCheckoutData {
    serde_json::from_value(v).unwrap_or_default()
}

#[test]
fn a_checkout_reads_what_is_set_so_far() {
    let address = json!({
        "firstname": "Ada", "lastname": "L", "street": ["1 Main St", null], "city": "Austin", "postcode": "73301",
        "country": {"code": "US"}, "region": {"code": "TX"}, "telephone": "5125550100",
    });
    let mut shipping = address.clone();
    shipping["available_shipping_methods"] = json!([
        {"carrier_code": "flatrate", "method_code": "flatrate", "carrier_title": "Flat Rate", "method_title": "Fixed", "available": true, "amount": {"value": 5.0, "currency": "USD"}},
        {"carrier_code": "tablerate", "method_code": "bestway", "carrier_title": "Best Way", "method_title": "Table Rate", "available": false, "amount": {"value": 15.0, "currency": "USD"}},
    ]);
    shipping["selected_shipping_method"] = json!({"carrier_code": "flatrate", "method_code": "flatrate", "carrier_title": "Flat Rate", "method_title": "Fixed", "amount": {"value": 5.0, "currency": "USD"}});
    let d = data(json!({
        "cart": {
            "id": "c1", "items": [], "prices": {"subtotal_excluding_tax": {"value": 20.0, "currency": "USD"}},
            "email": "a@example.com",
            "shipping_addresses": [shipping],
            "billing_address": address,
            "available_payment_methods": [{"code": "checkmo", "title": "Check / Money order"}],
            "checkout_prices": {
                "subtotal_excluding_tax": {"value": 20.0, "currency": "USD"},
                "grand_total": {"value": 26.6, "currency": "USD"},
                "applied_taxes": [{"amount": {"value": 1.6, "currency": "USD"}}],
            },
        },
        "countries": [
            {"id": "US", "two_letter_abbreviation": "US", "full_name_english": "United States", "available_regions": [{"code": "TX", "name": "Texas"}]},
            {"id": "GB", "two_letter_abbreviation": "GB", "full_name_english": "United Kingdom", "available_regions": null},
            {"id": "XYZ", "full_name_english": "Not a country code"},
            null,
        ],
    }));
    let cart = d.cart.unwrap_or_default();
    let c = checkout(&cart, d.countries.as_deref().unwrap_or_default());
    assert_eq!(c.kind(), CheckoutKind::Native);
    assert_eq!(c.email, "a@example.com");
    assert_eq!(c.shipping_address.as_ref().map(|a| (a.street.as_str(), a.region.as_str())), Some(("1 Main St", "TX")));
    assert!(c.billing_address.is_some());
    assert_eq!(c.shipping_option.as_ref().map(|o| o.id.as_str()), Some("flatrate/flatrate"));
    assert_eq!(c.payment_method, PAYMENT_TITLE);
    let t = c.totals.clone().unwrap_or_default();
    assert_eq!((t.subtotal, t.shipping, t.tax, t.total), (Some(2000), Some(500), Some(160), Some(2660)));
    assert_eq!(t.currency.as_deref(), Some("USD"));
    let codes: Vec<(&str, bool)> = c.countries.iter().map(|c| (c.code.as_str(), c.region_required)).collect();
    assert_eq!(codes, [("US", true), ("GB", false)]);
    let options = shipping_options(&cart).unwrap_or_default().options;
    assert_eq!(
        options.iter().map(|o| o.id.as_str()).collect::<Vec<_>>(),
        ["flatrate/flatrate"],
        "unavailable ones left out"
    );
    let o = order("000000001".into(), &c);
    assert_eq!((o.number.as_str(), o.email.as_deref()), ("000000001", Some("a@example.com")));
}

#[test]
fn before_an_address_there_is_no_tax_no_total_and_no_options() {
    let d = data(json!({
        "cart": {"id": "c1", "items": [], "email": null, "shipping_addresses": [], "billing_address": null,
                 "checkout_prices": {"subtotal_excluding_tax": {"value": 20.0, "currency": "EUR"}, "grand_total": {"value": 20.0, "currency": "EUR"}, "applied_taxes": []}},
        "countries": [],
    }));
    let cart = d.cart.unwrap_or_default();
    let c = checkout(&cart, &[]);
    assert_eq!(c.email, "");
    assert!(c.shipping_address.is_none() && c.billing_address.is_none() && c.shipping_option.is_none());
    let t = c.totals.unwrap_or_default();
    assert_eq!((t.subtotal, t.tax, t.total, t.currency.as_deref()), (Some(2000), None, None, Some("EUR")));
    assert_eq!(shipping_options(&cart), Err(Refusal::AddressFirst.error()));
}
