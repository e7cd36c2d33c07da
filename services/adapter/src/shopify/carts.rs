//! Shopify's carts: the Cart API's mutations and `cart(id:)` on the write path
//! (`GraphQlClient::mutate`: no cache, no coalescing, no batching with another
//! visitor's call), then the pure transform (`transform::cart`). The cart lives in
//! Shopify; its id (`gid://shopify/Cart/{token}?key={key}`) is Shopify's, passed through
//! whole and never logged. Its lines are named by handles: their ids without the cart's
//! token (`transform::line_handle`), so no path of Vitrine's carries the token.

use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use vitrine_domain::DriverError;
use vitrine_proto::v1::Cart;

use super::config::CheckoutHosts;
use super::models::{CartData, ShopifyCartPayload};
use super::operations as ops;
use super::transform::cart as transform;
use crate::drivers::{CartDriver, DriverResult};
use crate::graphql::{GraphQlClient, Operation};

pub struct ShopifyCarts {
    client: GraphQlClient,
    /// Where a cart's checkout address may send the shopper.
    checkout: CheckoutHosts,
}

/// `data` of `operation`'s answer as `T`. Neither GraphQL errors' messages nor serde's
/// text (which quotes the value it choked on) is kept: either can name a cart.
fn decode<T: DeserializeOwned>(operation: Operation, data: Value) -> DriverResult<T> {
    serde_json::from_value(data).map_err(|e| {
        let at = format!("{}: {:?} at {}:{}", operation.name, e.classify(), e.line(), e.column());
        tracing::warn!(operation = operation.name, at, "undecodable Shopify cart answer");
        DriverError::Undecodable(at)
    })
}

impl ShopifyCarts {
    #[must_use]
    pub const fn new(client: GraphQlClient, checkout: CheckoutHosts) -> Self {
        Self { client, checkout }
    }

    /// `cart` as this adapter answers it: its checkout address only where the shop's
    /// hosts allow, every cart of the shop's passing here.
    fn offered(&self, mut cart: Cart) -> Cart {
        cart.checkout_url = cart.checkout_url.filter(|url| self.checkout.allows(url));
        cart
    }

    /// Sends `operation` and answers its `data`; a GraphQL error (a throttled or refused
    /// call, not a refused change: those are `userErrors`) is logged by its codes only.
    async fn send(&self, operation: Operation, variables: Value) -> DriverResult<Value> {
        let response = self.client.mutate(operation, variables).await?;
        if !response.errors.is_empty() {
            let codes = response.error_codes();
            tracing::warn!(operation = operation.name, ?codes, "Shopify answered a cart call with GraphQL errors");
            return Err(DriverError::GraphQl(format!("{}: {}", operation.name, codes.join(", "))));
        }
        response
            .data
            .filter(|d| !d.is_null())
            .ok_or_else(|| DriverError::Undecodable(format!("{}: no data", operation.name)))
    }

    /// A mutation's payload (under its root field `field`).
    async fn mutation(&self, operation: Operation, field: &str, variables: Value) -> DriverResult<ShopifyCartPayload> {
        let mut data = self.send(operation, variables).await?;
        decode(operation, data.get_mut(field).map(Value::take).unwrap_or_default())
    }

    /// A mutation of the cart `cart`, answered as its cart (with notices) or refusal.
    async fn change(&self, operation: Operation, field: &str, variables: Value) -> DriverResult<Cart> {
        transform::outcome(&self.mutation(operation, field, variables).await?).map(|cart| self.offered(cart))
    }
}

/// `cart`, when it can be a Shopify cart's id: any other is no cart of this shop's.
fn cart_id(cart: &str) -> DriverResult<&str> {
    if transform::is_cart_id(cart) { Ok(cart) } else { Err(DriverError::CartGone) }
}

/// Shopify's id of the line `line` names in `cart` (`transform::line_handle`): any other
/// handle is in no cart.
fn line_id(line: &str, cart: &str) -> DriverResult<String> {
    transform::line_id(line, cart).ok_or_else(|| DriverError::Refused(transform::NOT_IN_CART.to_owned()))
}

#[async_trait::async_trait]
impl CartDriver for ShopifyCarts {
    async fn create(&self) -> DriverResult<Cart> {
        self.change(ops::CART_CREATE, "cartCreate", json!({})).await
    }

    /// `cart(id:)` is null for a cart Shopify does not know (expired, completed).
    async fn get(&self, cart: &str) -> DriverResult<Cart> {
        let data = self.send(ops::GET_CART, json!({ "cartId": cart_id(cart)? })).await?;
        let found: CartData = decode(ops::GET_CART, data)?;
        found.cart.as_ref().map(|c| self.offered(transform::cart(c))).ok_or(DriverError::CartGone)
    }

    /// Shopify merges the variant into its line and, short of stock, adds what there is
    /// with a warning. Whether such an add added anything needs what the line held
    /// before: the cart is read first (the one extra round trip of a cart call), so "the
    /// cart already holds all there is" is a refusal and "only 3 were added" a notice.
    async fn add(&self, cart: &str, variant: &str, quantity: u32) -> DriverResult<Cart> {
        let merchandise = transform::merchandise_id(variant)
            .ok_or_else(|| DriverError::Refused(transform::UNKNOWN_VARIANT.into()))?;
        let before = self.get(cart).await?;
        let lines = json!([{ "merchandiseId": merchandise, "quantity": quantity }]);
        let payload =
            self.mutation(ops::CART_LINES_ADD, "cartLinesAdd", json!({ "cartId": cart, "lines": lines })).await?;
        let after = transform::outcome(&payload)?;
        transform::added(&before, self.offered(after), variant, transform::warns_of_stock(&payload))
    }

    async fn update(&self, cart: &str, line: &str, quantity: u32) -> DriverResult<Cart> {
        let cart = cart_id(cart)?;
        let lines = json!([{ "id": line_id(line, cart)?, "quantity": quantity }]);
        self.change(ops::CART_LINES_UPDATE, "cartLinesUpdate", json!({ "cartId": cart, "lines": lines })).await
    }

    async fn remove(&self, cart: &str, line: &str) -> DriverResult<Cart> {
        let variables = json!({ "cartId": cart_id(cart)?, "lineIds": [line_id(line, cart)?] });
        self.change(ops::CART_LINES_REMOVE, "cartLinesRemove", variables).await
    }
}
