use serde_json::json;

use super::*;
use crate::magento::models::MagentoProduct;
use crate::magento::models::cart::{MagentoCartItemPrices, MagentoCartProduct};
use crate::magento::models::{MagentoImage, MagentoMoney};

fn response(json: &str) -> Response {
    serde_json::from_str(json).expect("testdata parses")
}

/// A line as `(id, variant, name, product url, quantity, unit price, line total)`.
type Row<'a> = (&'a str, &'a str, &'a str, &'a str, u32, Option<i64>, Option<i64>);

fn recorded_cart() -> MagentoCart {
    match answer::<MagentoCart>("MagentoGetCart", "cart", response(include_str!("../../testdata/cart.json"))) {
        Ok(Answer::Done(c)) => c,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_recorded_cart_becomes_its_lines_and_subtotal() {
    let c = cart(&recorded_cart());
    assert_eq!(c.id, "dYPMx0HmRBPDLwF7BNRzLpqWPnVvTrFk");
    let lines: Vec<Row<'_>> = c
        .lines
        .iter()
        .map(|l| {
            (
                l.id.as_str(),
                l.variant.as_str(),
                l.name.as_str(),
                l.product_url.as_str(),
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
                "MTk=",
                "MH01:MH01-S-Gray:Y29uZmlndXJhYmxlLzE0NC8xNjc%3D,Y29uZmlndXJhYmxlLzkzLzUy",
                "Chaz Kangeroo Hoodie",
                "/chaz-kangeroo-hoodie.html",
                1,
                Some(4160),
                Some(4160)
            ),
            ("MjA=", "24-MB01", "Joust Duffle Bag", "/joust-duffle-bag.html", 2, Some(3400), Some(6800)),
        ],
        "the null item is left out"
    );
    let options: Vec<(&str, &str)> = c.lines[0].options.iter().map(|o| (o.name.as_str(), o.value.as_str())).collect();
    assert_eq!(options, [("Size", "S"), ("Color", "Gray")], "the parent's option order, not the item's");
    assert!(c.lines[1].options.is_empty());
    let images: Vec<Option<&str>> = c.lines.iter().map(|l| l.image.as_ref().map(|i| i.url.as_str())).collect();
    assert_eq!(
        images,
        [
            Some("https://shop.test/media/catalog/product/cache/7a1/m/h/mh01-gray_main_1.jpg"),
            Some("https://shop.test/media/catalog/product/cache/7a1/m/b/mb01-blue-0.jpg")
        ],
        "a child showing Magento's placeholder shows its parent's picture"
    );
    assert_eq!((c.subtotal, c.currency.as_deref(), c.checkout_url.as_deref()), (Some(10960), Some("USD"), None));
    assert_eq!(c.notices, ["Joust Duffle Bag: the shop no longer has this quantity in stock."]);
}

/// The SPA matches lines to the product page's variants by id: the same child, recorded
/// on the product page and in the cart, has the same id.
#[test]
fn a_line_s_variant_is_the_one_its_product_page_lists() {
    let page: MagentoProduct =
        serde_json::from_str(include_str!("../../testdata/configurable_product.json")).expect("testdata parses");
    let product = crate::magento::transform::product(&page, "https://shop.test/media/");
    let listed = product.variants.iter().find(|v| v.sku.as_deref() == Some("MH01-S-Gray")).map(|v| v.id.clone());
    assert_eq!(listed.as_deref(), Some(cart(&recorded_cart()).lines[0].variant.as_str()));
}

#[test]
fn a_child_s_own_picture_comes_first_and_a_line_without_uid_is_none() {
    let image = |url: &str| Some(MagentoImage { url: Some(url.into()), label: Some(String::new()) });
    let item = MagentoCartItem {
        uid: Some("MQ==".into()),
        quantity: Some(2.4),
        product: Some(MagentoCartProduct {
            sku: Some("P".into()),
            thumbnail: image("https://s/p.jpg"),
            ..Default::default()
        }),
        configured_variant: Some(MagentoCartProduct {
            sku: Some("C".into()),
            thumbnail: image("https://s/c.jpg"),
            ..Default::default()
        }),
        prices: Some(MagentoCartItemPrices {
            price: Some(MagentoMoney { value: Some(5.0), currency: Some("EUR".into()) }),
            row_total: None,
        }),
        ..Default::default()
    };
    let c = cart(&MagentoCart {
        id: None,
        items: Some(vec![Some(item.clone()), Some(MagentoCartItem { uid: None, ..item })]),
        prices: None,
    });
    assert_eq!(c.lines.len(), 1, "nothing could change a line without a uid");
    let line = &c.lines[0];
    assert_eq!(
        (line.variant.as_str(), line.image.as_ref().map(|i| i.url.as_str()), line.quantity, line.product_url.as_str()),
        ("P:C:", Some("https://s/c.jpg"), 2, ""),
        "no url key, no link"
    );
    assert_eq!((c.subtotal, c.currency.as_deref()), (None, Some("EUR")), "the lines' currency without a subtotal");
}

#[test]
fn every_user_error_code_has_its_text() {
    for (code, expected) in [
        ("PRODUCT_NOT_FOUND", DriverError::Refused(NOT_SOLD.into())),
        ("NOT_SALABLE", DriverError::Refused(NOT_SALABLE.into())),
        ("INSUFFICIENT_STOCK", DriverError::Refused(NOT_ENOUGH_STOCK.into())),
        ("UNDEFINED", DriverError::Refused(NOT_ADDED.into())),
        ("PERMISSION_DENIED", DriverError::Refused(NOT_ADDED.into())),
        ("", DriverError::Refused(NOT_ADDED.into())),
        ("COULD_NOT_FIND_CART", DriverError::CartGone),
    ] {
        assert_eq!(refusal(code), expected, "{code}");
    }
    assert_eq!(refusal("INSUFFICIENT_STOCK").user_text(), "Not enough of this item is in stock.");
}

#[test]
fn an_answer_with_user_errors_is_a_refusal_not_a_success() {
    let recorded = response(include_str!("../../testdata/cart_add_refused.json"));
    let Ok(Answer::Done(added_answer)) = answer::<MagentoAddToCart>("MagentoAddToCart", "addProductsToCart", recorded)
    else {
        panic!("the answer reads")
    };
    assert_eq!(added(&added_answer), Err(DriverError::Refused(NOT_ENOUGH_STOCK.into())));
    let fine = MagentoAddToCart { user_errors: Vec::new(), ..added_answer };
    assert_eq!(added(&fine).map(|c| c.lines.len()), Ok(0));
    let without_cart = MagentoAddToCart::default();
    assert!(matches!(added(&without_cart), Err(DriverError::Undecodable(_))));
}

#[test]
fn errors_are_read_by_their_category_never_their_message() {
    let gone = response(include_str!("../../testdata/cart_not_found.json"));
    assert_eq!(answer::<MagentoCart>("MagentoGetCart", "cart", gone), Ok(Answer::Failed(Failure::NoSuchEntity)));
    for (extensions, expected) in [
        (Some(json!({ "category": "graphql-no-such-entity" })), Failure::NoSuchEntity),
        (Some(json!({ "category": "graphql-authorization" })), Failure::NotYours),
        (Some(json!({ "category": "graphql-input" })), Failure::Input),
        (Some(json!({ "category": "graphql" })), Failure::Other("graphql".into())),
        (Some(json!({})), Failure::Other("none".into())),
        (None, Failure::Other("none".into())),
    ] {
        let errors =
            [GraphQlError { message: "names the cart".into(), extensions: extensions.clone(), ..Default::default() }];
        assert_eq!(failure(&errors), Some(expected), "{extensions:?}");
    }
    assert_eq!(failure(&[]), None);
    for (data, expected) in [
        (json!({ "cart": null }), "MagentoGetCart: no cart"),
        (json!({}), "MagentoGetCart: no cart"),
        (json!({ "cart": { "id": 7 } }), "MagentoGetCart: cart of another shape (Data)"),
    ] {
        let r = Response { data: Some(data), errors: Vec::new() };
        assert_eq!(answer::<MagentoCart>("MagentoGetCart", "cart", r), Err(DriverError::Undecodable(expected.into())));
    }
}

#[test]
fn a_refused_line_change_is_told_apart_by_the_cart_as_it_is() {
    let now = Cart { lines: vec![CartLine { id: "MQ==".into(), ..CartLine::default() }], ..Cart::default() };
    for (failure, line, update, expected) in [
        (Failure::NoSuchEntity, "Mg==", true, LINE_GONE),
        (Failure::Input, "not base64", true, LINE_GONE),
        (Failure::NoSuchEntity, "Mg==", false, LINE_GONE),
        (Failure::Input, "MQ==", true, QUANTITY_REFUSED),
        (Failure::NoSuchEntity, "MQ==", true, LINE_NOT_CHANGED),
        (Failure::Input, "MQ==", false, LINE_NOT_CHANGED),
    ] {
        assert_eq!(
            line_refusal(&failure, &now, line, update),
            DriverError::Refused(expected.into()),
            "{failure:?} {line} {update}"
        );
    }
}
