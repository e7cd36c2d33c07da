//! The checkout rules: names, addresses, totals by the channel's tax rule, refusals.

use serde_json::json;

use super::*;

const EXCLUDING_TAX: ActiveChannel = ActiveChannel { prices_include_tax: false };
const INCLUDING_TAX: ActiveChannel = ActiveChannel { prices_include_tax: true };

fn placed(shipping_chosen: bool) -> CheckoutOrder {
    let lines = if shipping_chosen {
        json!([{ "shippingMethod": { "id": "1", "name": "Standard Shipping" } }])
    } else {
        json!([])
    };
    serde_json::from_value(json!({
        "id": "7", "code": "ABCDEFGH23456789", "state": "PaymentSettled", "active": false, "currencyCode": "USD",
        "subTotal": 3000, "subTotalWithTax": 3300, "lines": [],
        "shipping": 1000, "shippingWithTax": 1000, "total": 4000, "totalWithTax": 4300,
        "customer": { "firstName": "Mary Ann", "lastName": "Smith", "emailAddress": "ann@example.com" },
        "shippingAddress": {
            "fullName": "Mary Ann Smith", "streetLine1": "1 Main St", "city": "New York", "province": "NY",
            "postalCode": "10001", "countryCode": "US", "phoneNumber": "5550100"
        },
        "billingAddress": { "fullName": null, "streetLine1": null, "city": null, "province": null,
                            "postalCode": null, "countryCode": null, "phoneNumber": null },
        "shippingLines": lines
    }))
    .expect("an order")
}

#[test]
fn names_are_the_customer_s_where_the_address_is_theirs() {
    let customer =
        OrderCustomer { first_name: "Mary Ann".into(), last_name: "Smith".into(), email_address: String::new() };
    for (full, with_customer, expected) in [
        ("Mary Ann Smith", true, ("Mary Ann", "Smith")),
        ("Mary Ann Smith", false, ("Mary Ann", "Smith")),
        ("Ludwig van Beethoven", true, ("Ludwig van", "Beethoven")),
        ("Cher", false, ("Cher", "")),
    ] {
        let (first, last) = names(full, with_customer.then_some(&customer));
        assert_eq!((first.as_str(), last.as_str()), expected, "{full}");
    }
}

#[test]
fn a_checkout_and_its_totals_as_the_channel_shows_prices() {
    let o = placed(true);
    let countries = countries(&[VendureCountry { code: "us".into(), name: "United States".into() }]);
    let payments = [PaymentMethod { code: "test-payment".into(), name: "Test Payment".into(), is_eligible: true }];
    let c = checkout("token", &o, countries, &payments, EXCLUDING_TAX);
    assert_eq!((c.email.as_str(), c.payment_method.as_str()), ("ann@example.com", "Test Payment"));
    let shipped = c.shipping_address.as_ref().expect("shipping");
    assert_eq!(
        (shipped.first_name.as_str(), shipped.country.as_str(), shipped.region.as_str()),
        ("Mary Ann", "US", "NY")
    );
    assert_eq!(c.billing_address, None, "an address without a country is none");
    assert_eq!(c.countries[0].code, "US");
    let t = c.totals.expect("totals");
    assert_eq!((t.subtotal, t.shipping, t.tax, t.total), (Some(3000), Some(1000), Some(300), Some(4300)));
    let t = checkout("token", &o, Vec::new(), &[], INCLUDING_TAX).totals.expect("totals");
    assert_eq!((t.subtotal, t.shipping, t.tax, t.total), (Some(3300), Some(1000), None, Some(4300)), "tax included");
    let t = checkout("token", &placed(false), Vec::new(), &[], EXCLUDING_TAX).totals.expect("totals");
    assert_eq!((t.shipping, t.total), (None, None), "no total before a shipping method");
    let number = order(&o, EXCLUDING_TAX);
    assert_eq!((number.number.as_str(), number.email.as_deref()), ("ABCDEFGH23456789", Some("ann@example.com")));
}

#[test]
fn inputs_carry_one_name_line_and_the_country_in_capitals() {
    let a = Address {
        first_name: " Ada ".into(),
        last_name: "Lovelace".into(),
        street: "1 Main St".into(),
        city: "New York".into(),
        postal_code: "10001".into(),
        country: "us".into(),
        region: "NY".into(),
        telephone: String::new(),
    };
    let input = address_input(&a);
    assert_eq!((input["fullName"].as_str(), input["countryCode"].as_str()), (Some("Ada Lovelace"), Some("US")));
    assert_eq!(customer_input("ada@example.com", &a)["firstName"], "Ada");
}

#[test]
fn every_error_code_is_a_refusal_in_the_shopper_s_words() {
    for (code, expected) in [
        ("NO_ACTIVE_ORDER_ERROR", DriverError::CartGone),
        ("EMAIL_ADDRESS_CONFLICT_ERROR", DriverError::Refused(ACCOUNT_EMAIL.into())),
        ("GUEST_CHECKOUT_ERROR", DriverError::Refused(NO_GUESTS.into())),
        ("INELIGIBLE_SHIPPING_METHOD_ERROR", Refusal::UnknownShippingOption.error()),
        ("ORDER_STATE_TRANSITION_ERROR", Refusal::OutOfStock.error()),
        ("PAYMENT_DECLINED_ERROR", Refusal::PaymentDeclined.error()),
        ("PAYMENT_FAILED_ERROR", Refusal::PaymentDeclined.error()),
        ("SOMETHING_NEW", DriverError::Refused(REFUSED.into())),
    ] {
        assert_eq!(refusal(code), expected, "{code}");
    }
}
