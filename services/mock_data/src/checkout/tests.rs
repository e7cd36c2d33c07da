use serde_json::{Value, json};

use super::*;
// The checkout through the carts that hold it, as the routes reach it.
use crate::carts::Carts;

fn products() -> Vec<Value> {
    vec![json!({
        "id": "1001", "url": "/1001", "name": "Chair",
        "variants": [{"id": "1001-S", "price": 4000, "in_stock": true}],
    })]
}

fn address(country: &str, region: &str) -> Address {
    Address {
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        street: "1 Main St".into(),
        city: "Springfield".into(),
        postal_code: "12345".into(),
        country: country.into(),
        region: region.into(),
        telephone: "555 0100 00".into(),
    }
}

fn set(country: &str, region: &str) -> SetAddress {
    SetAddress { email: "a@b.io".into(), shipping: Some(address(country, region)), billing: None }
}

fn cart_with_a_line() -> Carts {
    let mut carts = Carts::default();
    carts.create("c".into());
    carts.add("c", &products(), "1001-S", 1).expect("added");
    carts
}

#[test]
fn a_checkout_goes_address_shipping_order() {
    let mut carts = cart_with_a_line();
    let fresh = carts.checkout("c").expect("checkout");
    assert_eq!((fresh.kind(), fresh.payment_method.as_str()), (CheckoutKind::Native, PAYMENT));
    let t = fresh.totals.clone().unwrap_or_default();
    assert_eq!((t.subtotal, t.tax, t.shipping, t.total), (Some(4000), Some(400), None, None));
    assert_eq!(
        fresh.countries.iter().map(|c| c.code.as_str()).collect::<Vec<_>>(),
        ["US", "CA", "GB", "DE", "FR", "NL"]
    );

    assert_eq!(carts.shipping_options("c"), Err(MockError::AddressFirst));
    assert_eq!(carts.set_shipping("c", &SetShipping { option: "standard".into() }), Err(MockError::AddressFirst));
    let addressed = carts.set_address("c", set("US", "CA")).expect("address");
    assert_eq!(addressed.email, "a@b.io");
    let options = carts.shipping_options("c").expect("options").options;
    assert_eq!(
        options.iter().map(|o| (o.id.as_str(), o.price)).collect::<Vec<_>>(),
        [("standard", Some(500)), ("express", Some(1500))]
    );
    assert_eq!(carts.place("c"), Err(MockError::ShippingFirst));
    let shipped = carts.set_shipping("c", &SetShipping { option: "express".into() }).expect("shipping");
    let t = shipped.totals.unwrap_or_default();
    assert_eq!((t.shipping, t.total, t.currency.as_deref()), (Some(1500), Some(5900), Some("USD")));

    let order = carts.place("c").expect("placed");
    assert_eq!((order.number.as_str(), order.lines.len()), ("M-100001", 1));
    assert_eq!(carts.get("c"), Err(MockError::CartNotFound("c".into())), "the cart is gone once ordered");
    assert_eq!(carts.place("c"), Err(MockError::CartNotFound("c".into())));
    assert_eq!(carts.checkout.order("M-100001"), Ok(order));
}

#[test]
fn refusals() {
    let mut carts = cart_with_a_line();
    for (asked, expected) in [
        (set("US", ""), MockError::RegionRequired),
        (set("US", "ZZ"), MockError::RegionRequired),
        (set("GB", "Kent"), MockError::RegionRequired),
        (set("BR", ""), MockError::NoShippingTo),
        (SetAddress { email: "nope".into(), ..set("GB", "") }, MockError::AddressIncomplete),
        (SetAddress { shipping: None, ..set("GB", "") }, MockError::AddressIncomplete),
        (SetAddress { billing: Some(address("JP", "")), ..set("GB", "") }, MockError::NoShippingTo),
        (
            SetAddress { shipping: Some(Address { street: " ".into(), ..address("GB", "") }), ..set("GB", "") },
            MockError::AddressIncomplete,
        ),
    ] {
        assert_eq!(carts.set_address("c", asked).map(|_| ()), Err(expected.clone()), "{expected:?}");
    }
    carts.set_address("c", set("GB", "")).expect("address");
    assert_eq!(
        carts.set_shipping("c", &SetShipping { option: "teleport".into() }),
        Err(MockError::UnknownShippingOption)
    );
    assert_eq!(carts.set_address("gone", set("GB", "")).map(|_| ()), Err(MockError::CartNotFound("gone".into())));

    // An empty cart is not placed, whatever else is set.
    let line = carts.get("c").expect("cart").lines[0].id.clone();
    carts.set_shipping("c", &SetShipping { option: "standard".into() }).expect("shipping");
    carts.remove("c", &line).expect("emptied");
    assert_eq!(carts.place("c"), Err(MockError::EmptyCart));
}

#[test]
fn numbers_count_up_across_a_reset_and_orders_are_bounded() {
    let mut carts = Carts::default();
    let place = |carts: &mut Carts, id: &str| {
        carts.create(id.into());
        carts.add(id, &products(), "1001-S", 1).expect("added");
        carts.set_address(id, set("NL", "")).expect("address");
        carts.set_shipping(id, &SetShipping { option: "standard".into() }).expect("shipping");
        carts.place(id).expect("placed").number
    };
    assert_eq!(place(&mut carts, "a"), "M-100001");
    assert_eq!(place(&mut carts, "b"), "M-100002");
    carts.clear();
    assert_eq!(place(&mut carts, "c"), "M-100003", "a number never names two orders");
    assert!(carts.checkout.order("M-100001").is_err(), "a reset forgets the orders");
    for i in 0..MAX_ORDERS {
        carts.checkout.keep(Order { number: format!("X-{i}"), ..Order::default() });
    }
    assert_eq!(carts.checkout.orders.len(), MAX_ORDERS);
    assert!(carts.checkout.order("M-100003").is_err() && carts.checkout.order("X-0").is_ok());
}
