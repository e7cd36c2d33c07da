//! `Debug` of the messages holding personal data (email, names, addresses,
//! telephone), written by hand (`build.rs` skips the derived one): what a shopper typed
//! prints as `<redacted>`, so a `{:?}` in a log line, a span field or a panic message
//! cannot carry it. What is not personal (a country, a total, an order number) prints.

use std::fmt::{Debug, Formatter, Result};

use crate::v1::{Address, Checkout, CheckoutAddressRequest, Order};

/// Printed instead of a personal value that is set.
const REDACTED: &str = "<redacted>";

/// `<redacted>` for a value that is set, `""` for an empty one (whether a field was
/// given is useful in a log, never what it was).
fn redacted(value: &str) -> &'static str {
    if value.is_empty() { "" } else { REDACTED }
}

impl Debug for Address {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        let personal =
            [&self.first_name, &self.last_name, &self.street, &self.city, &self.postal_code, &self.telephone];
        let given = if personal.iter().any(|v| !v.is_empty()) { REDACTED } else { "" };
        f.debug_struct("Address")
            .field("country", &self.country)
            .field("region", &self.region)
            .field("personal", &given)
            .finish()
    }
}

impl Debug for CheckoutAddressRequest {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        // The cart id is no personal datum, but Vitrine never logs one either.
        f.debug_struct("CheckoutAddressRequest")
            .field("driver", &self.driver)
            .field("cart_id", &redacted(&self.cart_id))
            .field("email", &redacted(&self.email))
            .field("shipping", &self.shipping)
            .field("billing", &self.billing)
            .finish()
    }
}

impl Debug for Checkout {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        f.debug_struct("Checkout")
            .field("kind", &self.kind)
            .field("lines", &self.cart.as_ref().map_or(0, |c| c.lines.len()))
            .field("email", &redacted(&self.email))
            .field("shipping_address", &self.shipping_address)
            .field("billing_address", &self.billing_address)
            .field("shipping_option", &self.shipping_option)
            .field("totals", &self.totals)
            .field("payment_method", &self.payment_method)
            .field("countries", &self.countries.len())
            .field("notice", &self.notice)
            .finish()
    }
}

impl Debug for Order {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        f.debug_struct("Order")
            .field("number", &self.number)
            .field("lines", &self.lines.len())
            .field("totals", &self.totals)
            .field("email", &self.email.as_deref().map(redacted))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::v1::{Cart, CartLine, Totals};

    const EMAIL: &str = "marker.shopper@example.org";
    const STREET: &str = "17 Markerstreet";

    fn address() -> Address {
        Address {
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            street: STREET.into(),
            city: "Marktown".into(),
            postal_code: "MK1 7QQ".into(),
            country: "GB".into(),
            region: String::new(),
            telephone: "+44 1234 567890".into(),
        }
    }

    fn personal(text: &str) -> Vec<&'static str> {
        [EMAIL, STREET, "Ada", "Lovelace", "Marktown", "MK1 7QQ", "567890", "cart-secret"]
            .into_iter()
            .filter(|p| text.contains(p))
            .collect()
    }

    #[test]
    fn no_debug_of_a_checkout_message_holds_what_was_typed() {
        let request = CheckoutAddressRequest {
            driver: 1,
            cart_id: "cart-secret".into(),
            email: EMAIL.into(),
            shipping: Some(address()),
            billing: Some(address()),
        };
        let checkout = Checkout {
            cart: Some(Cart { lines: vec![CartLine::default()], ..Cart::default() }),
            email: EMAIL.into(),
            shipping_address: Some(address()),
            billing_address: Some(address()),
            ..Checkout::default()
        };
        let order = Order {
            number: "M-100001".into(),
            totals: Some(Totals { total: Some(950), ..Totals::default() }),
            email: Some(EMAIL.into()),
            ..Order::default()
        };
        for text in [
            format!("{:?}", address()),
            format!("{:#?}", address()),
            format!("{request:?}"),
            format!("{request:#?}"),
            format!("{checkout:?}"),
            format!("{order:?}"),
            format!("{:?}", tonic::Request::new(request.clone())),
        ] {
            assert_eq!(personal(&text), Vec::<&str>::new(), "{text}");
            assert!(text.contains(REDACTED), "{text}");
        }
        // What is not personal still prints.
        assert!(format!("{order:?}").contains("M-100001") && format!("{:?}", address()).contains("GB"));
        assert!(!format!("{:?}", Address::default()).contains(REDACTED), "nothing given, nothing redacted");
    }
}
