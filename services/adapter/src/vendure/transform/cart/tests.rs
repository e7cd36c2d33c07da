//! The order → cart rules, over orders shaped as Vendure 3.7.3 answers them.

use serde_json::json;

use super::*;
use crate::vendure::models::ErrorAnswer;

const EXCLUDING_TAX: ActiveChannel = ActiveChannel { prices_include_tax: false };
const INCLUDING_TAX: ActiveChannel = ActiveChannel { prices_include_tax: true };

fn order_json(quantity: u32) -> serde_json::Value {
    json!({
        "id": "7", "code": "ABCDEFGH23456789", "state": "AddingItems", "active": true, "currencyCode": "USD",
        "subTotal": 1500 * quantity, "subTotalWithTax": 1650 * quantity,
        "lines": [{
            "id": "11", "quantity": quantity, "unitPrice": 1500, "unitPriceWithTax": 1650,
            "linePrice": 1500 * quantity, "linePriceWithTax": 1650 * quantity,
            "featuredAsset": { "id": "1", "preview": "https://vendure.test/assets/tee-black__preview.png" },
            "productVariant": {
                "id": "1", "sku": "TEE-S-BLACK", "name": "Vitrine Tee S Black",
                "product": { "name": "Vitrine Tee", "slug": "vitrine-tee" },
                "options": [
                    { "name": "S", "group": { "name": "Size" } },
                    { "name": "Black", "group": { "name": "Color" } }
                ]
            }
        }]
    })
}

fn order(quantity: u32) -> VendureOrder {
    serde_json::from_value(order_json(quantity)).expect("an order")
}

fn refused(code: &str) -> OrderChange {
    OrderChange::Refused(ErrorAnswer { typename: "SomeError".into(), error_code: code.into() })
}

#[test]
fn an_order_as_its_cart_at_the_channel_s_prices() {
    let c = cart("token", &order(2), EXCLUDING_TAX);
    assert_eq!((c.id.as_str(), c.subtotal, c.currency.as_deref()), ("token", Some(3000), Some("USD")));
    let line = &c.lines[0];
    assert_eq!((line.id.as_str(), line.variant.as_str(), line.name.as_str()), ("11", "1", "Vitrine Tee"));
    assert_eq!((line.quantity, line.unit_price, line.line_total), (2, Some(1500), Some(3000)));
    assert_eq!(line.product_url, "/products/vitrine-tee");
    let options: Vec<(&str, &str)> = line.options.iter().map(|o| (o.name.as_str(), o.value.as_str())).collect();
    assert_eq!(options, [("Size", "S"), ("Color", "Black")]);
    assert!(line.image.as_ref().is_some_and(|i| i.label == "Vitrine Tee"));
    let with_tax = cart("token", &order(2), INCLUDING_TAX);
    assert_eq!((with_tax.subtotal, with_tax.lines[0].unit_price), (Some(3300), Some(1650)));
}

#[test]
fn each_answer_of_a_change_as_the_shopper_meets_it() {
    let out_of_stock = Err(DriverError::Refused(OUT_OF_STOCK.to_owned()));
    let short = |n| OrderChange::InsufficientStockError { quantity_available: n, order: order(5) };
    assert_eq!(changed("t", &short(0), EXCLUDING_TAX, Change::Add), out_of_stock, "an add that added none");
    let notice = |answer: &OrderChange, change| {
        changed("t", answer, EXCLUDING_TAX, change).map(|c| (c.lines[0].quantity, c.notices)).expect("a cart")
    };
    assert_eq!(
        notice(&short(2), Change::Add),
        (5, vec!["Only 2 more could be added: that is all the shop has in stock.".to_owned()])
    );
    assert_eq!(notice(&short(5), Change::Adjust), (5, vec!["Only 5 are in stock: the cart holds 5.".to_owned()]));
    assert_eq!(
        notice(&short(0), Change::Adjust),
        (5, vec!["That item is out of stock: it was taken out of the cart.".to_owned()])
    );
    assert_eq!(changed("t", &OrderChange::Order(order(1)), EXCLUDING_TAX, Change::Add).map(|c| c.lines.len()), Ok(1));
    for (code, text) in [
        ("ORDER_LIMIT_ERROR", QUANTITY_REFUSED),
        ("NEGATIVE_QUANTITY_ERROR", QUANTITY_REFUSED),
        ("ORDER_MODIFICATION_ERROR", NOT_CHANGEABLE),
        ("ORDER_INTERCEPTOR_ERROR", REFUSED),
    ] {
        assert_eq!(changed("t", &refused(code), EXCLUDING_TAX, Change::Add), Err(DriverError::Refused(text.into())));
    }
}

#[test]
fn a_change_s_union_decodes_by_its_typename() {
    let cases = [
        (json!({ "__typename": "OrderLimitError", "errorCode": "ORDER_LIMIT_ERROR" }), refused("ORDER_LIMIT_ERROR")),
        (
            json!({ "__typename": "InsufficientStockError", "errorCode": "INSUFFICIENT_STOCK_ERROR",
                    "quantityAvailable": 0, "order": order_json(5) }),
            OrderChange::InsufficientStockError { quantity_available: 0, order: order(5) },
        ),
    ];
    for (answer, expected) in cases {
        let decoded: OrderChange = serde_json::from_value(answer.clone()).expect("decodes");
        match (&decoded, &expected) {
            (OrderChange::Refused(a), OrderChange::Refused(b)) => assert_eq!(a.error_code, b.error_code),
            _ => assert_eq!(decoded, expected, "{answer}"),
        }
    }
}
