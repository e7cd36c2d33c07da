//! Medusa's carts, kept by Medusa, over the write path (`RestClient::write`:
//! no cache, no coalescing, nothing of a cart in a key or a log line). Each call asks
//! only for the fields the transform reads (`transform::cart::FIELDS`) and answers the
//! whole cart after the change:
//!
//! - create: `POST /store/carts {region_id}` in the driver's region;
//! - get: `GET /store/carts/{id}`;
//! - add: `POST /store/carts/{id}/line-items {variant_id, quantity}` (Medusa adds to the
//!   variant's line when the cart has one);
//! - update: `POST /store/carts/{id}/line-items/{line} {quantity}` (Medusa has no PATCH);
//! - remove: a look at the cart, then `DELETE /store/carts/{id}/line-items/{line}`. The
//!   look is there because Medusa 2.0 deletes a line by its id alone, whichever cart it
//!   is in, and answers a line it does not hold with the cart unchanged: Vitrine deletes
//!   only a line of the visitor's own cart, and says when it is not there.
//!
//! A change Medusa refuses in words that may mean "no such cart" is followed by a look
//! at the cart, which tells [`DriverError::CartGone`] from the refusal.

use std::sync::Arc;

use reqwest::Method;
use serde_json::json;
use vitrine_domain::{Backend, DriverError};
use vitrine_proto::v1::Cart;

use super::MedusaDriver;
use super::models::{CartAnswer, LineDeleted, MedusaCart};
use super::transform::cart::{self as transform, CHECK_FIELDS, Change, FIELDS, Failure, Refusal};
use crate::drivers::{CartDriver, DriverResult};

pub struct MedusaCarts {
    shop: Arc<MedusaDriver>,
}

impl MedusaCarts {
    /// The carts of the store `shop` reads (its client, key and region).
    #[must_use]
    pub const fn new(shop: Arc<MedusaDriver>) -> Self {
        Self { shop }
    }
}

/// `/store/carts/{cart}{rest}?fields=…`, the ids encoded.
fn path(cart: &str, rest: &str, fields: &str) -> String {
    format!("/store/carts/{}{rest}?fields={}", urlencoding::encode(cart), urlencoding::encode(fields))
}

fn line_path(cart: &str, line: &str) -> String {
    path(cart, &format!("/line-items/{}", urlencoding::encode(line)), FIELDS)
}

const fn success(status: u16) -> bool {
    matches!(status, 200..=299)
}

impl MedusaCarts {
    /// The cart with `fields`, `None` when Medusa does not hold it (a 404; 2.0's `{}`).
    async fn look(&self, cart: &str, fields: &str, operation: &'static str) -> DriverResult<Option<MedusaCart>> {
        let (status, body) = self.shop.client().write(Method::GET, &path(cart, "", fields), None, operation).await?;
        match status {
            404 => Ok(None),
            status if success(status) => Ok(transform::decode::<CartAnswer>(&body)?.cart),
            status => Err(failed(operation, status)),
        }
    }

    /// What a refusal that may mean "no such cart" means: a look at the cart tells.
    async fn gone_or(&self, cart: &str, refusal: Refusal) -> DriverError {
        match self.look(cart, CHECK_FIELDS, "cart_check").await.and_then(transform::open) {
            Ok(_) => refusal.into(),
            Err(e) => e,
        }
    }

    /// Sends one change of `cart` and reads Medusa's answer.
    async fn change(
        &self,
        change: Change,
        cart: &str,
        method: Method,
        path: &str,
        body: Option<&serde_json::Value>,
        operation: &'static str,
    ) -> DriverResult<Cart> {
        let (status, answer) = self.shop.client().write(method, path, body, operation).await?;
        if success(status) {
            let cart = if change == Change::Remove {
                transform::decode::<LineDeleted>(&answer)?.parent
            } else {
                transform::decode::<CartAnswer>(&answer)?.cart
            };
            return transform::cart(cart);
        }
        match transform::failure(change, status, &answer) {
            Failure::Refused(refusal) => Err(refusal.into()),
            Failure::GoneOr(refusal) => Err(self.gone_or(cart, refusal).await),
            Failure::Failed(status) => Err(failed(operation, status)),
        }
    }
}

/// A store failure, logged by the operation and status only (the path names the cart).
fn failed(operation: &'static str, status: u16) -> DriverError {
    tracing::warn!(backend = %Backend::Medusa, operation, status, "cart call failed");
    DriverError::UpstreamStatus(status)
}

#[async_trait::async_trait]
impl CartDriver for MedusaCarts {
    async fn create(&self) -> DriverResult<Cart> {
        let body = json!({ "region_id": self.shop.region().await? });
        let path = format!("/store/carts?fields={}", urlencoding::encode(FIELDS));
        let client = self.shop.client();
        let (status, answer) = client.write(Method::POST, &path, Some(&body), "cart_create").await?;
        if !success(status) {
            return Err(failed("cart_create", status));
        }
        // A new cart answered without its cart is not an answer (not a gone cart).
        let created = transform::decode::<CartAnswer>(&answer)?.cart;
        transform::cart(Some(created.ok_or_else(|| DriverError::Undecodable("no cart in the answer".into()))?))
    }

    async fn get(&self, cart: &str) -> DriverResult<Cart> {
        transform::cart(self.look(cart, FIELDS, "cart_get").await?)
    }

    async fn add(&self, cart: &str, variant: &str, quantity: u32) -> DriverResult<Cart> {
        let body = json!({ "variant_id": variant, "quantity": quantity });
        let path = path(cart, "/line-items", FIELDS);
        self.change(Change::Add, cart, Method::POST, &path, Some(&body), "cart_add").await
    }

    async fn update(&self, cart: &str, line: &str, quantity: u32) -> DriverResult<Cart> {
        let body = json!({ "quantity": quantity });
        self.change(Change::Update, cart, Method::POST, &line_path(cart, line), Some(&body), "cart_update").await
    }

    async fn remove(&self, cart: &str, line: &str) -> DriverResult<Cart> {
        let held = transform::open(self.look(cart, CHECK_FIELDS, "cart_check").await?)?;
        if !held.items.iter().any(|item| item.id == line) {
            return Err(Refusal::LineNotInCart.into());
        }
        self.change(Change::Remove, cart, Method::DELETE, &line_path(cart, line), None, "cart_remove").await
    }
}
