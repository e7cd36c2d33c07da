//! Vendure's carts: the session's active order. Vendure keeps one active order per
//! session, and hands a session's token out in the `vendure-auth-token` header of the
//! first call that needs one (the server's `authOptions.tokenMethod` must include
//! `bearer`). That token is the cart's id in Vitrine: sent back as a bearer token on the
//! write path only (`GraphQlClient::mutate_in_session`: no cache, no coalescing, no
//! batching with another visitor's call), never logged, never part of a cache key.

use std::sync::Arc;

use reqwest::header::HeaderName;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use vitrine_domain::DriverError;
use vitrine_proto::v1::Cart;

use super::VendureDriver;
use super::models::{ActiveOrderData, OrderChange};
use super::operations as ops;
use super::transform::cart::{self as transform, Change};
use crate::drivers::{CartDriver, DriverResult};
use crate::graphql::Operation;

/// Vendure's default `authOptions.authTokenHeaderKey`.
const TOKEN_HEADER: HeaderName = HeaderName::from_static("vendure-auth-token");
/// What is wrong with a server that gives no session token.
const NO_BEARER: &str = "Vendure gave no session token: its authOptions.tokenMethod must include 'bearer'";
/// The code of the GraphQL error Vendure throws for an id it does not know.
const NOT_FOUND: &str = "ENTITY_NOT_FOUND";

pub struct VendureCarts {
    driver: Arc<VendureDriver>,
}

/// What a call with an id Vendure does not know means: a refusal in the shopper's words.
#[derive(Clone, Copy)]
pub(super) enum Unknown {
    Variant,
    Line,
}

impl Unknown {
    fn refusal(self) -> DriverError {
        DriverError::Refused(
            match self {
                Self::Variant => transform::UNKNOWN_VARIANT,
                Self::Line => transform::NOT_IN_CART,
            }
            .to_owned(),
        )
    }
}

/// `data` of `operation`'s answer as `T`. Neither GraphQL errors' messages nor serde's
/// text (which quotes the value it choked on) is kept: either can name an order.
pub(super) fn decode<T: DeserializeOwned>(operation: Operation, data: Value) -> DriverResult<T> {
    serde_json::from_value(data).map_err(|e| {
        let at = format!("{}: {:?} at {}:{}", operation.name, e.classify(), e.line(), e.column());
        tracing::warn!(operation = operation.name, at, "undecodable Vendure order answer");
        DriverError::Undecodable(at)
    })
}

/// A session token as the cart's id: anything a header can carry; any other is no
/// session of this server's.
fn session(cart: &str) -> DriverResult<&str> {
    let fits = !cart.is_empty() && cart.bytes().all(|b| b.is_ascii_graphic());
    if fits { Ok(cart) } else { Err(DriverError::CartGone) }
}

impl VendureCarts {
    #[must_use]
    pub const fn new(driver: Arc<VendureDriver>) -> Self {
        Self { driver }
    }

    /// Sends `operation` in the session `cart` (`None`: a new one) and answers its `data`
    /// and the token the answer set, if any. A GraphQL error for an id Vendure does not
    /// know is `unknown`'s refusal; any other is logged by its codes only.
    async fn send(
        &self,
        operation: Operation,
        variables: Value,
        cart: Option<&str>,
        unknown: Option<Unknown>,
    ) -> DriverResult<(Value, Option<String>)> {
        let (response, token) =
            self.driver.client().mutate_in_session(operation, variables, cart, &TOKEN_HEADER).await?;
        if !response.errors.is_empty() {
            let codes = response.error_codes();
            if let Some(unknown) = unknown
                && codes.iter().any(|c| c == NOT_FOUND || c == "USER_INPUT_ERROR")
            {
                return Err(unknown.refusal());
            }
            tracing::warn!(operation = operation.name, ?codes, "Vendure answered an order call with GraphQL errors");
            return Err(DriverError::GraphQl(format!("{}: {}", operation.name, codes.join(", "))));
        }
        let data = response
            .data
            .filter(|d| !d.is_null())
            .ok_or_else(|| DriverError::Undecodable(format!("{}: no data", operation.name)))?;
        Ok((data, token))
    }

    /// `operation` in the session `cart`, which must still be the one Vendure knows: a
    /// token in the answer means it did not know it (it sets an empty one, then starts a
    /// session of its own), so the cart is gone.
    pub(super) async fn in_session(
        &self,
        operation: Operation,
        variables: Value,
        cart: &str,
        unknown: Option<Unknown>,
    ) -> DriverResult<Value> {
        let (data, token) = self.send(operation, variables, Some(session(cart)?), unknown).await?;
        match token {
            Some(token) if token != cart => Err(DriverError::CartGone),
            _ => Ok(data),
        }
    }

    /// A change of the order (under the root field `field`), as the cart after it.
    async fn change(
        &self,
        operation: Operation,
        field: &str,
        variables: Value,
        cart: &str,
        change: (Change, Unknown),
    ) -> DriverResult<Cart> {
        let (kind, unknown) = change;
        let mut data = self.in_session(operation, variables, cart, Some(unknown)).await?;
        let answer: OrderChange = decode(operation, data.get_mut(field).map(Value::take).unwrap_or_default())?;
        transform::changed(cart, &answer, self.driver.channel().await?, kind)
    }
}

#[async_trait::async_trait]
impl CartDriver for VendureCarts {
    /// A new session with an empty active order: `removeAllOrderLines` is the Shop API's
    /// one call that makes an order and changes nothing in it. The answer carries the
    /// session's token, the cart's id.
    async fn create(&self) -> DriverResult<Cart> {
        let (mut data, token) = self.send(ops::REMOVE_ALL_LINES, json!({}), None, None).await?;
        let Some(token) = token.filter(|t| !t.is_empty()) else {
            tracing::warn!("{NO_BEARER}");
            return Err(DriverError::GraphQl(NO_BEARER.to_owned()));
        };
        let answer: OrderChange =
            decode(ops::REMOVE_ALL_LINES, data.get_mut("removeAllOrderLines").map(Value::take).unwrap_or_default())?;
        transform::changed(&token, &answer, self.driver.channel().await?, Change::Adjust)
    }

    /// The session's active order. None is a cart gone: Vendure unsets it once the order
    /// is placed (or cancelled), and every cart Vitrine makes has one from the start.
    async fn get(&self, cart: &str) -> DriverResult<Cart> {
        let data = self.in_session(ops::ACTIVE_ORDER, json!({}), cart, None).await?;
        let found: ActiveOrderData = decode(ops::ACTIVE_ORDER, data)?;
        let order = found.active_order.ok_or(DriverError::CartGone)?;
        Ok(transform::cart(cart, &order, self.driver.channel().await?))
    }

    /// Vendure merges the variant into its line and, short of stock, adds what it has.
    async fn add(&self, cart: &str, variant: &str, quantity: u32) -> DriverResult<Cart> {
        let variables = json!({ "variant": variant, "quantity": quantity });
        self.change(ops::ADD_ITEM, "addItemToOrder", variables, cart, (Change::Add, Unknown::Variant)).await
    }

    async fn update(&self, cart: &str, line: &str, quantity: u32) -> DriverResult<Cart> {
        let variables = json!({ "line": line, "quantity": quantity });
        self.change(ops::ADJUST_LINE, "adjustOrderLine", variables, cart, (Change::Adjust, Unknown::Line)).await
    }

    async fn remove(&self, cart: &str, line: &str) -> DriverResult<Cart> {
        let variables = json!({ "line": line });
        self.change(ops::REMOVE_LINE, "removeOrderLine", variables, cart, (Change::Adjust, Unknown::Line)).await
    }
}
