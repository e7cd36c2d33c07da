use serde_json::Value;

use super::*;

/// The recorded answer to a `cartLinesAdd` that asked for more than was in stock.
fn recorded() -> ShopifyCartPayload {
    let response: Value = serde_json::from_str(include_str!("../../testdata/cart_lines_add.json")).expect("parses");
    serde_json::from_value(response["data"]["cartLinesAdd"].clone()).expect("a cart payload")
}

/// A line as the tests compare it: variant, link, name, options, quantity, unit price, total.
type LineRow<'a> = (&'a str, &'a str, &'a str, Vec<(&'a str, &'a str)>, u32, Option<i64>, Option<i64>);

fn error(code: Option<&str>, field: &[&str]) -> ShopifyCartUserError {
    ShopifyCartUserError { code: code.map(str::to_owned), field: Some(field.iter().map(|f| (*f).to_owned()).collect()) }
}

#[test]
fn a_recorded_cart_becomes_lines_a_subtotal_a_checkout_url_and_notices() {
    let cart = outcome(&recorded()).expect("a cart");
    assert!(
        cart.id.starts_with("gid://shopify/Cart/Z2Nw") && cart.id.ends_with("?key=4d1f3a5b9c2e7f60a8b1c3d5e7f90a1b")
    );
    assert_eq!((cart.subtotal, cart.currency.as_deref()), (Some(215_990), Some("CAD")));
    assert_eq!(
        cart.checkout_url.as_deref(),
        Some(
            "https://hydrogen-preview.myshopify.com/cart/c/Z2NwLXVzLWVhc3QxOjAxSkQ1WDhRNUc3UFdRUEg0NlJBMEZCWUVN?key=4d1f3a5b9c2e7f60a8b1c3d5e7f90a1b"
        )
    );
    let lines: Vec<LineRow<'_>> = cart
        .lines
        .iter()
        .map(|l| {
            let options = l.options.iter().map(|o| (o.name.as_str(), o.value.as_str())).collect();
            (
                l.variant.as_str(),
                l.product_url.as_str(),
                l.name.as_str(),
                options,
                l.quantity,
                l.unit_price,
                l.line_total,
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            (
                "43695710601494",
                "/products/the-hydrogen-snowboard",
                "The Hydrogen Snowboard",
                vec![("Size", "159"), ("Color", "Sunset")],
                3,
                Some(62995),
                Some(188_985)
            ),
            // "Title: Default Title" is no option; the line's total is Shopify's own
            // (after its line discount), not the unit price times the quantity.
            ("43695711027478", "/products/oxygen-wax", "Oxygen Wax", vec![], 2, Some(13503), Some(27005)),
        ]
    );
    // The line is named without its cart's token; the token is put back from the cart id.
    assert_eq!(cart.lines[0].id, "gid://shopify/CartLine/0b6a3c1e-5d2f-4e8a-9c7b-1f2e3d4c5b6a");
    let whole = line_id(&cart.lines[0].id, &cart.id).expect("a line");
    assert_eq!(
        whole,
        "gid://shopify/CartLine/0b6a3c1e-5d2f-4e8a-9c7b-1f2e3d4c5b6a?cart=Z2NwLXVzLWVhc3QxOjAxSkQ1WDhRNUc3UFdRUEg0NlJBMEZCWUVN"
    );
    let images: Vec<(&str, &str)> =
        cart.lines.iter().filter_map(|l| l.image.as_ref()).map(|i| (i.url.as_str(), i.label.as_str())).collect();
    assert_eq!(
        images,
        [
            (
                "https://cdn.shopify.com/s/files/1/0551/4566/0472/products/snowboard-sunset.jpg?v=1655847767",
                "The Hydrogen Snowboard"
            ),
            ("https://cdn.shopify.com/s/files/1/0551/4566/0472/products/wax.jpg?v=1655847767", "A bar of wax"),
        ]
    );
    assert_eq!(
        cart.notices,
        ["Only 3 of The Hydrogen Snowboard (159, Sunset) were available; the quantity was reduced."]
    );
}

#[test]
fn each_stock_warning_is_one_sentence_about_its_line() {
    let cart = cart(&recorded().cart.expect("cart"));
    let (snowboard, wax) = (cart.lines[0].id.as_str(), cart.lines[1].id.as_str());
    let warn = |code: &str, target: &str| ShopifyCartWarning { code: code.into(), target: Some(target.into()) };
    for (warnings, expected) in [
        (vec![warn(NONE_IN_STOCK, wax)], vec!["Oxygen Wax is out of stock."]),
        (
            vec![warn(NONE_IN_STOCK, "gid://shopify/ProductVariant/1")],
            vec!["An item is out of stock and was not added."],
        ),
        (
            vec![warn(NOT_ENOUGH_STOCK, "gid://shopify/CartLine/gone")],
            vec!["Fewer were available than asked for; the quantity was reduced."],
        ),
        (
            vec![warn(NOT_ENOUGH_STOCK, snowboard), warn(NOT_ENOUGH_STOCK, snowboard), warn(NONE_IN_STOCK, wax)],
            vec![
                "Only 3 of The Hydrogen Snowboard (159, Sunset) were available; the quantity was reduced.",
                "Oxygen Wax is out of stock.",
            ],
        ),
        (vec![warn("PAYMENTS_GIFT_CARDS_UNAVAILABLE", "gid://shopify/Cart/x")], vec![]),
    ] {
        assert_eq!(notices(&warnings, &cart), expected, "{warnings:?}");
    }
    let one = CartLine { quantity: 1, ..cart.lines[1].clone() };
    let single = Cart { lines: vec![one], ..Cart::default() };
    assert_eq!(
        notices(&[warn(NOT_ENOUGH_STOCK, wax)], &single),
        ["Only 1 of Oxygen Wax was available; the quantity was reduced."]
    );
}

#[test]
fn user_errors_are_a_gone_cart_or_a_fixed_refusal() {
    let refused = |text: &str| Some(DriverError::Refused(text.to_owned()));
    for (errors, expected) in [
        (vec![], None),
        (vec![error(Some("INVALID"), &["cartId"])], Some(DriverError::CartGone)),
        (
            vec![error(Some("INVALID"), &["lines", "0", "merchandiseId"]), error(None, &["cartId"])],
            Some(DriverError::CartGone),
        ),
        (vec![error(Some("INVALID"), &["lines", "0", "merchandiseId"])], refused(UNKNOWN_VARIANT)),
        (vec![error(Some("INVALID"), &["lines", "0", "id"])], refused(NOT_IN_CART)),
        (vec![error(Some("INVALID"), &["lineIds", "0"])], refused(NOT_IN_CART)),
        (vec![error(Some("INVALID_MERCHANDISE_LINE"), &["lines"])], refused(NOT_IN_CART)),
        (vec![error(Some("MAXIMUM_EXCEEDED"), &["lines", "0", "quantity"])], refused(QUANTITY_REFUSED)),
        (vec![error(Some("INVALID_INCREMENT"), &[])], refused(QUANTITY_REFUSED)),
        (vec![error(Some("INVALID"), &["lines", "0", "quantity"])], refused(QUANTITY_REFUSED)),
        (vec![error(Some("VALIDATION_CUSTOM"), &[])], refused(REFUSED)),
        (vec![ShopifyCartUserError::default()], refused(REFUSED)),
    ] {
        assert_eq!(refusal(&errors), expected, "{errors:?}");
    }
    let refused_payload = ShopifyCartPayload { user_errors: vec![error(Some("INVALID"), &["cartId"])], ..recorded() };
    assert_eq!(outcome(&refused_payload), Err(DriverError::CartGone), "errors win over the cart beside them");
    assert!(matches!(outcome(&ShopifyCartPayload::default()), Err(DriverError::Undecodable(_))));
}

#[test]
fn an_add_that_added_nothing_is_refused_and_one_that_added_fewer_is_not() {
    let after = cart(&recorded().cart.expect("cart"));
    let snowboard = "43695710601494";
    let before = |quantity: u32| Cart {
        lines: after
            .lines
            .iter()
            .filter(|l| l.variant == snowboard)
            .map(|l| CartLine { quantity, ..l.clone() })
            .collect(),
        ..Cart::default()
    };
    let held_all = "Only 3 of The Hydrogen Snowboard (159, Sunset) are available, and the cart already holds them.";
    for (before, variant, warned, expected) in [
        (Cart::default(), snowboard, true, Ok(())),
        (before(1), snowboard, true, Ok(())),
        (before(3), snowboard, true, Err(held_all.to_owned())),
        (before(3), snowboard, false, Ok(())),
        (Cart::default(), "1", true, Err(OUT_OF_STOCK.to_owned())),
        (Cart::default(), "1", false, Ok(())),
    ] {
        let judged = added(&before, after.clone(), variant, warned).map(|_| ()).map_err(|e| e.user_text());
        assert_eq!(judged, expected, "{variant} warned {warned}, held {:?}", before.lines.first().map(|l| l.quantity));
    }
}

#[test]
fn ids_are_checked_before_they_are_sent() {
    for (variant, expected) in [
        ("43695710601494", Some("gid://shopify/ProductVariant/43695710601494")),
        ("", None),
        ("12a", None),
        ("gid://shopify/ProductVariant/1", None),
        ("1 OR 2", None),
    ] {
        assert_eq!(merchandise_id(variant).as_deref(), expected, "{variant:?}");
    }
    assert!(is_cart_id("gid://shopify/Cart/c1-abc?key=k"));
    assert!(!is_cart_id("c1-abc") && !is_cart_id("gid://shopify/CartLine/x"));
}

#[test]
fn a_line_is_named_without_its_cart_s_token_and_the_token_is_put_back() {
    let cart = "gid://shopify/Cart/c1-abc?key=k9";
    for (id, handle) in [
        // Shopify's form: the token of this cart is left out.
        ("gid://shopify/CartLine/x1?cart=c1-abc", "gid://shopify/CartLine/x1"),
        // Another cart's token, or none, or another form: as it is.
        ("gid://shopify/CartLine/x1?cart=other", "gid://shopify/CartLine/x1?cart=other"),
        ("gid://shopify/CartLine/x1", "gid://shopify/CartLine/x1"),
        ("", ""),
    ] {
        assert_eq!(line_handle(id, cart), handle, "{id:?}");
    }
    for (handle, id) in [
        ("gid://shopify/CartLine/x1", Some("gid://shopify/CartLine/x1?cart=c1-abc")),
        ("gid://shopify/CartLine/x1?cart=other", Some("gid://shopify/CartLine/x1?cart=other")),
        ("gid://shopify/CartLine/", None),
        ("x1", None),
        ("gid://shopify/Cart/c1-abc", None),
        ("", None),
    ] {
        assert_eq!(line_id(handle, cart).as_deref(), id, "{handle:?}");
    }
    // A cart id of another form has no token to put back.
    assert_eq!(line_id("gid://shopify/CartLine/x1", "c1").as_deref(), Some("gid://shopify/CartLine/x1"));
}
