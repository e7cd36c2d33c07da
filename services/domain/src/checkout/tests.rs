use super::*;
use crate::model::{Cart, CartLine, CheckoutKind, Region, ShippingOption};

fn address() -> Address {
    Address {
        first_name: " Ada ".into(),
        last_name: "Lovelace".into(),
        street: "12 St James's Square".into(),
        city: "London".into(),
        postal_code: "SW1Y 4JH".into(),
        country: "gb".into(),
        region: String::new(),
        telephone: "+44 20 7946-0000".into(),
    }
}

fn request(email: &str, shipping: Address, billing: Option<Address>) -> CheckoutAddressRequest {
    CheckoutAddressRequest { driver: 1, cart_id: "c1".into(), email: email.into(), shipping: Some(shipping), billing }
}

/// The refused fields of `result`, by name.
fn fields<T>(result: Result<T, DriverError>) -> Vec<(String, Problem)> {
    match result {
        Err(DriverError::InvalidFields(errors)) => errors.iter().map(|e| (e.name(), e.problem)).collect(),
        Err(other) => panic!("not a field error: {other:?}"),
        Ok(_) => Vec::new(),
    }
}

fn countries() -> Vec<Country> {
    let region = |code: &str, name: &str| Region { code: code.into(), name: name.into() };
    vec![
        Country { code: "GB".into(), name: "United Kingdom".into(), ..Country::default() },
        Country {
            code: "US".into(),
            name: "United States".into(),
            regions: vec![region("CA", "California"), region("NY", "New York")],
            region_required: true,
        },
        Country {
            code: "ES".into(),
            name: "Spain".into(),
            regions: vec![region("M", "Madrid")],
            region_required: false,
        },
    ]
}

#[test]
fn emails_are_simple_but_sane() {
    for (email, ok) in [
        ("name@example.com", true),
        ("first.last+tag@mail.example.co.uk", true),
        ("o'brien@example.ie", true),
        ("a@b.io", true),
        ("", false),
        ("name", false),
        ("name@", false),
        ("@example.com", false),
        ("name@example", false),
        ("name@example.c", false),
        ("name@example.123", false),
        ("na me@example.com", false),
        ("name@exa mple.com", false),
        ("name@@example.com", false),
        ("name@-example.com", false),
        ("name@example-.com", false),
        ("name@example..com", false),
        (".name@example.com", false),
        ("na..me@example.com", false),
        ("name.@example.com", false),
        ("<script>@example.com", false),
    ] {
        assert_eq!(is_email(email), ok, "{email:?}");
    }
    let long_local = format!("{}@example.com", "a".repeat(65));
    assert!(!is_email(&long_local));
}

#[test]
fn every_field_is_bounded_and_checked() {
    let with = |f: fn(&mut Address)| {
        let mut a = address();
        f(&mut a);
        a
    };
    let s = |field: &str, problem| vec![(format!("shipping.{field}"), problem)];
    let cases: Vec<(CheckoutAddressRequest, Vec<(String, Problem)>)> = vec![
        (request("name@example.com", address(), None), vec![]),
        (request(" name@example.com ", address(), None), vec![]),
        (request("", address(), None), vec![("email".into(), Problem::Missing)]),
        (request("name@example", address(), None), vec![("email".into(), Problem::Malformed)]),
        (
            request(&format!("{}@example.com", "a".repeat(250)), address(), None),
            vec![("email".into(), Problem::TooLong)],
        ),
        (request("a@b.io", with(|a| a.first_name = "  ".into()), None), s("first_name", Problem::Missing)),
        (request("a@b.io", with(|a| a.last_name = "x".repeat(51)), None), s("last_name", Problem::TooLong)),
        (request("a@b.io", with(|a| a.last_name = "Love\tlace".into()), None), s("last_name", Problem::Malformed)),
        (request("a@b.io", with(|a| a.street = "x".repeat(101)), None), s("street", Problem::TooLong)),
        (request("a@b.io", with(|a| a.street = "1 Road\nLine 2".into()), None), s("street", Problem::Malformed)),
        (request("a@b.io", with(|a| a.city = String::new()), None), s("city", Problem::Missing)),
        (request("a@b.io", with(|a| a.postal_code = String::new()), None), s("postal_code", Problem::Missing)),
        (request("a@b.io", with(|a| a.postal_code = "12345-6789".into()), None), vec![]),
        (request("a@b.io", with(|a| a.postal_code = "SW1Y_4JH".into()), None), s("postal_code", Problem::Malformed)),
        (request("a@b.io", with(|a| a.postal_code = "1".into()), None), s("postal_code", Problem::Malformed)),
        (
            request("a@b.io", with(|a| a.postal_code = "1234567890123".into()), None),
            s("postal_code", Problem::Malformed),
        ),
        (request("a@b.io", with(|a| a.postal_code = "--".into()), None), s("postal_code", Problem::Malformed)),
        (request("a@b.io", with(|a| a.country = String::new()), None), s("country", Problem::Missing)),
        (request("a@b.io", with(|a| a.country = "GBR".into()), None), s("country", Problem::Unknown)),
        (request("a@b.io", with(|a| a.country = "G1".into()), None), s("country", Problem::Unknown)),
        (request("a@b.io", with(|a| a.region = "x".repeat(51)), None), s("region", Problem::Unknown)),
        (request("a@b.io", with(|a| a.telephone = String::new()), None), s("telephone", Problem::Missing)),
        (request("a@b.io", with(|a| a.telephone = "+1 (555) 0100".into()), None), s("telephone", Problem::Malformed)),
        (request("a@b.io", with(|a| a.telephone = "12-34".into()), None), s("telephone", Problem::Malformed)),
        (request("a@b.io", with(|a| a.telephone = "1".repeat(21)), None), s("telephone", Problem::Malformed)),
        (request("a@b.io", with(|a| a.telephone = "555 0100 ext".into()), None), s("telephone", Problem::Malformed)),
        // A billing address is checked as the shipping one, under its own name.
        (
            request("a@b.io", address(), Some(with(|a| a.city = String::new()))),
            vec![("billing.city".into(), Problem::Missing)],
        ),
        // Every refused field at once, for the form to show them all.
        (
            request("nope", with(|a| *a = Address::default()), None),
            vec![
                ("email".into(), Problem::Malformed),
                ("shipping.first_name".into(), Problem::Missing),
                ("shipping.last_name".into(), Problem::Missing),
                ("shipping.street".into(), Problem::Missing),
                ("shipping.city".into(), Problem::Missing),
                ("shipping.postal_code".into(), Problem::Missing),
                ("shipping.country".into(), Problem::Missing),
                ("shipping.telephone".into(), Problem::Missing),
            ],
        ),
    ];
    for (request, expected) in cases {
        let shown = format!("{request:?}");
        assert_eq!(fields(address_request(request)), expected, "{shown}");
    }
    // No shipping address at all is every one of its fields missing.
    let mut none = request("a@b.io", address(), None);
    none.shipping = None;
    assert_eq!(fields(address_request(none)).len(), 7);
    // A request without a cart is no form's fault.
    let mut no_cart = request("a@b.io", address(), None);
    no_cart.cart_id.clear();
    assert!(matches!(address_request(no_cart), Err(DriverError::BadInput(_))));
}

#[test]
fn a_checked_request_is_trimmed() {
    let checked = address_request(request(" name@example.com ", address(), None)).expect("valid");
    let shipping = checked.shipping.expect("shipping");
    assert_eq!((checked.email.as_str(), shipping.first_name.as_str()), ("name@example.com", "Ada"));
    assert_eq!(shipping.country, "GB");
}

#[test]
fn countries_and_regions_are_the_backends() {
    let in_ = |country: &str, region: &str| {
        let a = Address { country: country.into(), region: region.into(), ..address() };
        ships_to(request("a@b.io", a, None), &countries())
    };
    for (country, region, expected, kept) in [
        ("GB", "", vec![], Some(("GB", ""))),
        ("gb", "", vec![], Some(("GB", ""))),
        // A region where the country has none is dropped, not refused.
        ("GB", "Kent", vec![], Some(("GB", ""))),
        ("US", "CA", vec![], Some(("US", "CA"))),
        ("US", "ny", vec![], Some(("US", "NY"))),
        ("US", "new york", vec![], Some(("US", "NY"))),
        ("US", "", vec![("shipping.region".to_owned(), Problem::Missing)], None),
        ("US", "ZZ", vec![("shipping.region".to_owned(), Problem::Unknown)], None),
        ("ES", "", vec![], Some(("ES", ""))),
        ("ES", "Madrid", vec![], Some(("ES", "M"))),
        ("FR", "", vec![("shipping.country".to_owned(), Problem::Unknown)], None),
    ] {
        let result = in_(country, region);
        let got = result.as_ref().ok().and_then(|r| r.shipping.clone()).map(|a| (a.country, a.region));
        assert_eq!(got.as_ref().map(|(c, r)| (c.as_str(), r.as_str())), kept, "{country} {region}");
        assert_eq!(fields(result), expected, "{country} {region}");
    }
    let billing = Address { country: "FR".into(), ..address() };
    assert_eq!(
        fields(ships_to(request("a@b.io", address(), Some(billing)), &countries())),
        [("billing.country".to_owned(), Problem::Unknown)]
    );
}

#[test]
fn shipping_options_are_bounded_ids() {
    let long = "x".repeat(MAX_OPTION_CHARS + 1);
    for (option, expected) in [
        (" standard ", Ok("standard")),
        ("flatrate_flatrate", Ok("flatrate_flatrate")),
        ("", Err(Problem::Missing)),
        (" ", Err(Problem::Missing)),
        ("a\u{0}b", Err(Problem::Unknown)),
        (long.as_str(), Err(Problem::Unknown)),
    ] {
        let got = shipping_option(option).map_err(|e| match e {
            DriverError::InvalidFields(errors) => errors[0].problem,
            other => panic!("{other:?}"),
        });
        assert_eq!(got, expected, "{option:?}");
    }
}

#[test]
fn placing_needs_every_step() {
    let line = CartLine { id: "l1".into(), quantity: 1, ..CartLine::default() };
    let ready = Checkout {
        cart: Some(Cart { id: "c1".into(), lines: vec![line], ..Cart::default() }),
        email: "a@b.io".into(),
        shipping_address: Some(address()),
        shipping_option: Some(ShippingOption { id: "standard".into(), ..ShippingOption::default() }),
        kind: CheckoutKind::Native.into(),
        ..Checkout::default()
    };
    let with = |f: fn(&mut Checkout)| {
        let mut c = ready.clone();
        f(&mut c);
        c
    };
    for (checkout, expected) in [
        (ready.clone(), Ok(())),
        (with(|c| c.cart = None), Err(Refusal::EmptyCart.error())),
        (with(|c| c.cart.as_mut().expect("cart").lines.clear()), Err(Refusal::EmptyCart.error())),
        (with(|c| c.email.clear()), Err(Refusal::AddressFirst.error())),
        (with(|c| c.shipping_address = None), Err(Refusal::AddressFirst.error())),
        (with(|c| c.shipping_option = None), Err(Refusal::ShippingFirst.error())),
        (with(|c| c.kind = CheckoutKind::None.into()), Err(DriverError::NoCheckout(NO_CHECKOUT.into()))),
        (
            with(|c| {
                c.kind = CheckoutKind::Handoff.into();
                c.notice = HANDOFF.into();
            }),
            Err(DriverError::NoCheckout(HANDOFF.into())),
        ),
    ] {
        assert_eq!(ready_to_place(&checkout), expected, "{checkout:?}");
    }
}

#[test]
fn every_refusal_has_its_text() {
    for (refusal, text) in [
        (Refusal::NoShippingTo, "This shop does not ship to that address; check the country and postal code."),
        (Refusal::AddressRejected, "The shop did not accept this address; check each field and try again."),
        (Refusal::AddressFirst, "Enter your email and shipping address first."),
        (Refusal::ShippingFirst, "Choose a shipping method first."),
        (Refusal::UnknownShippingOption, "That shipping method is not offered for this address; choose another."),
        (Refusal::EmptyCart, "Your cart is empty: add something before placing an order."),
        (Refusal::OutOfStock, "Something in your cart is no longer in stock; check the cart and try again."),
        (Refusal::PaymentDeclined, "The payment was not accepted; nothing was ordered. Try again."),
    ] {
        let status = refusal.error().to_status();
        assert_eq!((status.code(), status.message()), (tonic::Code::Aborted, text), "{refusal:?}");
    }
}

#[test]
fn no_field_text_repeats_what_was_typed() {
    let typed = Address {
        first_name: "Zqxmarker\u{7}".into(),
        street: "Zqxmarker\tRoad".into(),
        postal_code: "Zqxmarker!".into(),
        telephone: "Zqxmarker".into(),
        ..address()
    };
    let error = address_request(request("zqxmarker@", typed, None)).expect_err("refused");
    let status = error.to_status();
    let details = field_errors(&status);
    assert_eq!(details.len(), 5);
    for text in [error.to_string(), status.message().to_owned(), format!("{details:?}"), format!("{error:?}")] {
        assert!(!text.to_lowercase().contains("zqxmarker"), "{text}");
    }
}

#[test]
fn totals_add_up_once_shipping_is_known() {
    let usd = || Some("USD".to_owned());
    for (subtotal, shipping, tax, total) in [
        (Some(3600), Some(500), Some(360), Some(4460)),
        (Some(10), Some(20), None, Some(30)),
        (Some(3600), None, Some(360), None),
        (None, Some(500), None, None),
        (Some(1999), Some(0), Some(0), Some(1999)),
    ] {
        let t = totals(subtotal, shipping, tax, usd());
        assert_eq!((t.total, t.currency.as_deref()), (total, Some("USD")), "{subtotal:?} {shipping:?} {tax:?}");
    }
}
