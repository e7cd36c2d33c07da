//! Carts on payloads in Medusa 2's response shapes (`testdata/cart*.json`), and the
//! reading of its refusals.

use serde_json::json;

use super::*;
use crate::medusa::models::{CartAnswer, LineDeleted};

fn recorded() -> Option<MedusaCart> {
    decode::<CartAnswer>(include_bytes!("../../testdata/cart.json")).expect("cart.json").cart
}

fn answer(value: &serde_json::Value) -> Option<MedusaCart> {
    decode::<CartAnswer>(value.to_string().as_bytes()).expect("a cart answer").cart
}

#[test]
fn a_cart_maps_line_by_line() {
    let cart = cart(recorded()).expect("a cart");
    assert_eq!(cart.id, "cart_01JCV3K9Q4Z8N2M7P5R1T6W0XA");
    assert_eq!(cart.currency.as_deref(), Some("EUR"), "upper-cased");
    assert_eq!(cart.subtotal, Some(10950), "the items' subtotal, not the 11750 that adds shipping");
    assert_eq!((cart.checkout_url, cart.notices.len()), (None, 0));
    // (id, variant, url, name, options, image, quantity, unit, total)
    let rows: Vec<_> = cart
        .lines
        .iter()
        .map(|l| {
            let options: Vec<(&str, &str)> = l.options.iter().map(|o| (o.name.as_str(), o.value.as_str())).collect();
            let image = l.image.as_ref().map(|i| (i.url.as_str(), i.label.as_str()));
            (
                l.id.as_str(),
                l.variant.as_str(),
                l.product_url.as_str(),
                l.name.as_str(),
                options,
                image,
                l.quantity,
                l.unit_price,
                l.line_total,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                "cali_01JCV3M2B7H4K9D3F6G8J1L5NP",
                "variant_01OODIE1",
                "/products/medusa-hoodie",
                "Medusa Hoodie",
                vec![(VARIANT, "M")],
                Some(("http://localhost:9000/static/hoodie-front.png", "Medusa Hoodie")),
                2,
                Some(4500),
                Some(9000),
            ),
            // No thumbnail, no image.
            (
                "cali_01JCV3N8C2Q6R4S9T3V7W5X1YZ",
                "variant_01OTE0",
                "/products/canvas-tote",
                "Canvas Tote",
                vec![(VARIANT, "One size")],
                None,
                1,
                Some(1950),
                Some(1950),
            ),
        ]
    );
}

#[test]
fn a_deleted_lines_answer_carries_the_cart_after() {
    let deleted: LineDeleted = decode(include_bytes!("../../testdata/cart_line_deleted.json")).expect("json");
    let cart = cart(deleted.parent).expect("the parent");
    assert_eq!((cart.lines.len(), cart.subtotal), (1, Some(9000)));
    assert_eq!(cart.lines[0].options[0].value, "M");
}

#[test]
fn what_medusa_leaves_out_is_filled_in_or_left_out() {
    for (payload, expected) in [
        // A line total left out: unit × quantity; the subtotal then their sum.
        (
            json!({ "cart": { "id": "c", "currency_code": "usd", "items": [
                { "id": "l1", "variant_id": "v1", "quantity": 3, "unit_price": "19.99" },
                { "id": "l2", "variant_id": "v2", "quantity": 1, "unit_price": 5, "subtotal": 5 }
            ] } }),
            (vec![Some(5997), Some(500)], Some(6497), Some("USD")),
        ),
        // An empty cart costs nothing; no currency, none shown.
        (json!({ "cart": { "id": "c", "items": [], "item_subtotal": 0 } }), (vec![], Some(0), None)),
        (json!({ "cart": { "id": "c", "items": null } }), (vec![], Some(0), None)),
    ] {
        let cart = cart(answer(&payload)).expect("a cart");
        let totals: Vec<Option<i64>> = cart.lines.iter().map(|l| l.line_total).collect();
        assert_eq!((totals, cart.subtotal, cart.currency.as_deref()), expected, "{payload}");
    }
    // The variant's title, unless it is Medusa's default variant's or repeats the product's.
    for (variant_title, expected) in [
        (json!("M / Black"), vec![(VARIANT, "M / Black")]),
        (json!("Default option value"), vec![]),
        (json!("Default variant"), vec![]),
        (json!("Tee"), vec![]),
        (json!("  "), vec![]),
        (json!(null), vec![]),
    ] {
        let payload = json!({ "cart": { "id": "c", "items": [
            { "id": "l", "product_title": "Tee", "title": "Tee", "variant_title": variant_title }
        ] } });
        let line = &cart(answer(&payload)).expect("a cart").lines[0];
        let options: Vec<(&str, &str)> = line.options.iter().map(|o| (o.name.as_str(), o.value.as_str())).collect();
        assert_eq!(options, expected, "{variant_title}");
        assert_eq!((line.variant.as_str(), line.product_url.as_str()), ("", ""), "no variant, no handle: no link");
    }
}

#[test]
fn a_cart_not_there_or_completed_is_gone() {
    for payload in [
        json!({}),
        json!({ "cart": null }),
        json!({ "cart": { "id": "c", "completed_at": "2024-11-02T10:00:00.000Z", "items": [] } }),
    ] {
        assert_eq!(cart(answer(&payload)), Err(DriverError::CartGone), "{payload}");
    }
    assert!(cart(answer(&json!({ "cart": { "id": "c", "completed_at": null } }))).is_ok());
}

#[test]
fn an_undecodable_answer_never_repeats_what_it_held() {
    let body = br#"{"cart": {"id": "cart_SECRET", "items": "cart_SECRET"}}"#;
    let Err(DriverError::Undecodable(why)) = decode::<CartAnswer>(body) else { panic!("undecodable") };
    assert!(!why.contains("SECRET"), "{why}");
    assert!(why.contains("line 1"), "{why}");
}

#[test]
fn refusals_are_read_from_medusas_error_bodies() {
    let body = |kind: &str, code: Option<&str>, message: &str| {
        let mut error = json!({ "type": kind, "message": message });
        if let Some(code) = code {
            error["code"] = code.into();
        }
        error.to_string().into_bytes()
    };
    let stock =
        body("not_allowed", Some("insufficient_inventory"), "Some variant does not have the required inventory");
    let stock_later = body("not_allowed", None, "Variant variant_01 does not have the required inventory");
    let not_found = body("not_found", None, "ProductVariant id not found: variant_nope");
    let no_cart = body("invalid_data", None, "Cart does not exist");
    let other = body("not_allowed", None, "Something else");
    for (change, status, body, expected) in [
        (Change::Add, 400, &stock, Failure::Refused(Refusal::NotEnoughStock)),
        (Change::Add, 400, &stock_later, Failure::Refused(Refusal::NotEnoughStock)),
        (Change::Update, 400, &stock, Failure::Refused(Refusal::NotEnoughStock)),
        // A 404 names the cart or the variant (the line) only in words: a look tells.
        (Change::Add, 404, &not_found, Failure::GoneOr(Refusal::UnknownVariant)),
        (Change::Update, 404, &not_found, Failure::GoneOr(Refusal::LineNotInCart)),
        (Change::Remove, 404, &not_found, Failure::GoneOr(Refusal::LineNotInCart)),
        // 2.0 refuses an add to a cart it does not know as invalid data; with the cart
        // there, a variant without a price in its region.
        (Change::Add, 400, &no_cart, Failure::GoneOr(Refusal::UnknownVariant)),
        (Change::Update, 400, &no_cart, Failure::GoneOr(Refusal::UnknownVariant)),
        (Change::Add, 404, &b"<html>".to_vec(), Failure::GoneOr(Refusal::UnknownVariant)),
        // Anything else is the store failing.
        (Change::Add, 400, &other, Failure::Failed(400)),
        (Change::Remove, 400, &stock, Failure::Failed(400)),
        (Change::Add, 500, &body("unknown_error", None, "An unknown error occurred."), Failure::Failed(500)),
        (Change::Add, 409, &body("conflict", None, "x"), Failure::Failed(409)),
        (Change::Create, 404, &not_found, Failure::Failed(404)),
    ] {
        assert_eq!(failure(change, status, body), expected, "{change:?} {status} {}", String::from_utf8_lossy(body));
    }
}

#[test]
fn each_refusal_has_the_shoppers_own_text() {
    for (refusal, text) in [
        (Refusal::UnknownVariant, "This product option is not for sale in this shop."),
        (Refusal::NotEnoughStock, "Not enough in stock: this option is sold out, or fewer are left than asked for."),
        (Refusal::LineNotInCart, "That line is no longer in the cart."),
    ] {
        let error = DriverError::from(refusal);
        assert_eq!((error.code(), error.user_text()), (tonic::Code::Aborted, text.to_owned()));
    }
}

#[test]
fn the_fields_asked_for_are_the_ones_read() {
    let asked: Vec<&str> = FIELDS.split(',').collect();
    for field in ["item_subtotal", "completed_at", "items.subtotal", "items.unit_price", "items.variant_title"] {
        assert!(asked.contains(&field), "{field}");
    }
    assert!(!asked.contains(&"subtotal"), "the items' subtotal only");
    assert!(asked.iter().all(|f| !f.starts_with(['+', '-', '*'])), "a replacing list, not Medusa's defaults");
    assert_eq!(CHECK_FIELDS, "id,completed_at,items.id");
}
