//! The in-memory backend's checkout: mock-data's checkout API on its carts
//! (`mock_data/src/checkout.rs`), one call per step, each answering the whole checkout in
//! the normalised shape. A refusal's body names it by `code`; its words are never read
//! (a backend's words may repeat what was typed), the shopper's text is Vitrine's
//! (`vitrine_domain::checkout::Refusal`).

use reqwest::Method;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use vitrine_domain::DriverError;
use vitrine_domain::checkout::Refusal;
use vitrine_proto::v1::{Address, Checkout, Order, ShippingOptions};

use crate::drivers::{CheckoutDriver, DriverResult};
use crate::rest::RestClient;

pub struct InMemoryCheckout {
    client: RestClient,
}

impl InMemoryCheckout {
    #[must_use]
    pub const fn new(client: RestClient) -> Self {
        Self { client }
    }

    async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
        operation: &'static str,
    ) -> DriverResult<T> {
        let (status, bytes) = self.client.write(method, path, body.as_ref(), operation).await?;
        match refusal(status, &bytes) {
            Some(e) => Err(e),
            None => serde_json::from_slice(&bytes).map_err(|e| DriverError::Undecodable(e.to_string())),
        }
    }
}

/// What a non-success answer of the mock's checkout API means: its status, then its `code`.
fn refusal(status: u16, body: &[u8]) -> Option<DriverError> {
    if (200..300).contains(&status) {
        return None;
    }
    if status == 404 {
        return Some(DriverError::CartGone);
    }
    let code = serde_json::from_slice::<Value>(body).ok().and_then(|v| v["code"].as_str().map(str::to_owned));
    let refusal = match code.as_deref() {
        Some("no_shipping_to") => Refusal::NoShippingTo,
        Some("address_incomplete" | "region_required") => Refusal::AddressRejected,
        Some("address_first") => Refusal::AddressFirst,
        Some("shipping_first") => Refusal::ShippingFirst,
        Some("unknown_shipping_option") => Refusal::UnknownShippingOption,
        Some("empty_cart") => Refusal::EmptyCart,
        _ => return Some(DriverError::UpstreamStatus(status)),
    };
    Some(refusal.error())
}

fn path(cart: &str, step: &str) -> String {
    format!("/api/carts/{}/{step}", urlencoding::encode(cart))
}

#[async_trait::async_trait]
impl CheckoutDriver for InMemoryCheckout {
    async fn checkout(&self, cart: &str) -> DriverResult<Checkout> {
        self.call(Method::GET, &path(cart, "checkout"), None, "get_checkout").await
    }

    async fn set_address(
        &self,
        cart: &str,
        email: &str,
        shipping: &Address,
        billing: Option<&Address>,
    ) -> DriverResult<Checkout> {
        let body = json!({ "email": email, "shipping": shipping, "billing": billing });
        self.call(Method::PUT, &path(cart, "checkout"), Some(body), "set_checkout_address").await
    }

    async fn shipping_options(&self, cart: &str) -> DriverResult<ShippingOptions> {
        self.call(Method::GET, &path(cart, "shipping-options"), None, "list_shipping_options").await
    }

    async fn set_shipping(&self, cart: &str, option: &str) -> DriverResult<Checkout> {
        self.call(Method::PUT, &path(cart, "shipping"), Some(json!({ "option": option })), "set_shipping_option").await
    }

    async fn place(&self, cart: &str) -> DriverResult<Order> {
        self.call(Method::POST, &path(cart, "order"), None, "place_order").await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mocks_answers_are_the_checkout_cases() {
        let refused = |r: Refusal| Some(r.error());
        let body = |code: &str| format!(r#"{{"error":"words, never read","code":"{code}"}}"#);
        for (status, body, expected) in [
            (200, String::new(), None),
            (201, String::new(), None),
            (404, body("empty_cart"), Some(DriverError::CartGone)),
            (422, body("no_shipping_to"), refused(Refusal::NoShippingTo)),
            (422, body("region_required"), refused(Refusal::AddressRejected)),
            (400, body("address_incomplete"), refused(Refusal::AddressRejected)),
            (409, body("address_first"), refused(Refusal::AddressFirst)),
            (409, body("shipping_first"), refused(Refusal::ShippingFirst)),
            (422, body("unknown_shipping_option"), refused(Refusal::UnknownShippingOption)),
            (409, body("empty_cart"), refused(Refusal::EmptyCart)),
            (409, body("something_new"), Some(DriverError::UpstreamStatus(409))),
            (500, "<html>".to_owned(), Some(DriverError::UpstreamStatus(500))),
        ] {
            assert_eq!(refusal(status, body.as_bytes()), expected, "{status} {body}");
        }
    }
}
