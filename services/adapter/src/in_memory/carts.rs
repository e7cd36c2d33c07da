//! The in-memory backend's carts: mock-data's cart API, one call per change,
//! each answering the whole cart in the normalised shape. The mock's statuses say which
//! refusal it is: 404 no such cart, 422 a variant it does not sell or a line not in the
//! cart, 409 out of stock, 400 a bound.

use reqwest::Method;
use serde_json::json;
use vitrine_domain::DriverError;
use vitrine_proto::v1::Cart;

use crate::drivers::{CartDriver, DriverResult};
use crate::rest::RestClient;

pub struct InMemoryCarts {
    client: RestClient,
}

impl InMemoryCarts {
    #[must_use]
    pub const fn new(client: RestClient) -> Self {
        Self { client }
    }

    async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<serde_json::Value>,
        operation: &'static str,
    ) -> DriverResult<Cart> {
        let (status, bytes) = self.client.write(method, path, body.as_ref(), operation).await?;
        match refusal(operation, status) {
            Some(e) => Err(e),
            None => serde_json::from_slice(&bytes).map_err(|e| DriverError::Undecodable(e.to_string())),
        }
    }
}

/// What a non-success status of the mock's cart API means for `operation`.
fn refusal(operation: &str, status: u16) -> Option<DriverError> {
    let refused = |text: &str| Some(DriverError::Refused(text.to_owned()));
    match (operation, status) {
        (_, 200..=299) => None,
        (_, 404) => Some(DriverError::CartGone),
        ("add_to_cart", 422) => refused("This shop does not sell that variant."),
        ("add_to_cart", 409) => refused("That variant is out of stock."),
        (_, 422) => refused("That line is not in the cart."),
        (_, 400) => Some(DriverError::BadInput("the mock refused the quantity".to_owned())),
        (_, other) => Some(DriverError::UpstreamStatus(other)),
    }
}

fn path(cart: &str) -> String {
    format!("/api/carts/{}", urlencoding::encode(cart))
}

fn line_path(cart: &str, line: &str) -> String {
    format!("{}/lines/{}", path(cart), urlencoding::encode(line))
}

#[async_trait::async_trait]
impl CartDriver for InMemoryCarts {
    async fn create(&self) -> DriverResult<Cart> {
        self.call(Method::POST, "/api/carts", None, "create_cart").await
    }

    async fn get(&self, cart: &str) -> DriverResult<Cart> {
        self.call(Method::GET, &path(cart), None, "get_cart").await
    }

    async fn add(&self, cart: &str, variant: &str, quantity: u32) -> DriverResult<Cart> {
        let body = json!({ "variant": variant, "quantity": quantity });
        self.call(Method::POST, &format!("{}/lines", path(cart)), Some(body), "add_to_cart").await
    }

    async fn update(&self, cart: &str, line: &str, quantity: u32) -> DriverResult<Cart> {
        self.call(Method::PUT, &line_path(cart, line), Some(json!({ "quantity": quantity })), "update_cart_line").await
    }

    async fn remove(&self, cart: &str, line: &str) -> DriverResult<Cart> {
        self.call(Method::DELETE, &line_path(cart, line), None, "remove_cart_line").await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mocks_statuses_are_the_cart_cases() {
        let gone = Some(DriverError::CartGone);
        let refused = |t: &str| Some(DriverError::Refused(t.to_owned()));
        for (operation, status, expected) in [
            ("get_cart", 200, None),
            ("create_cart", 201, None),
            ("get_cart", 404, gone.clone()),
            ("add_to_cart", 404, gone),
            ("add_to_cart", 422, refused("This shop does not sell that variant.")),
            ("add_to_cart", 409, refused("That variant is out of stock.")),
            ("update_cart_line", 422, refused("That line is not in the cart.")),
            ("remove_cart_line", 422, refused("That line is not in the cart.")),
            ("update_cart_line", 500, Some(DriverError::UpstreamStatus(500))),
        ] {
            assert_eq!(refusal(operation, status), expected, "{operation} {status}");
        }
    }
}
