//! Medusa 2's guest checkout, kept by Medusa, over the write path (as carts:
//! no cache, no coalescing, nothing of a cart in a key or a log line). Each step reads
//! the cart first (with `transform::checkout::fields`), so a cart Medusa no longer has,
//! or has completed, is [`DriverError::CartGone`] before anything is sent, and a step out
//! of order is refused in Vitrine's words without asking Medusa to refuse it:
//!
//! - the checkout: `GET /store/carts/{id}`, the region's countries included;
//! - the address: the countries checked (Medusa checks the shipping address only), then
//!   `POST /store/carts/{id} {email, shipping_address, billing_address}` (billing: the
//!   shipping address unless given);
//! - the shipping options: `GET /store/shipping-options?cart_id=`; the choice: `POST
//!   /store/carts/{id}/shipping-methods {option_id}`;
//! - placing: `POST /store/payment-collections {cart_id}` (Medusa answers the cart's
//!   collection if it has one), `POST /store/payment-collections/{id}/payment-sessions
//!   {provider_id}` with the system provider, then `POST /store/carts/{id}/complete`,
//!   whose 200 is an order, or the cart with the payment's error (a refusal). Medusa's
//!   completion is idempotent (completing again answers the same order): the read first
//!   makes placing twice the cart gone, never the first order again.
//!
//! Medusa's error messages may repeat what was typed: they become Vitrine's refusals
//! (`transform::checkout::failure`) and are never logged; a failure Vitrine cannot word
//! is logged by operation and status only.

use std::sync::Arc;

use reqwest::Method;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use vitrine_domain::checkout::{Refusal, ready_to_place};
use vitrine_domain::{Backend, DriverError};
use vitrine_proto::v1::{Address, Checkout, Order, ShippingOptions};

use super::MedusaDriver;
use super::models::{CartAnswer, Completion, PaymentCollectionAnswer, ShippingOptionList};
use super::transform::cart::decode;
use super::transform::checkout::{self as transform, Failure, Step};
use crate::drivers::{CheckoutDriver, DriverResult};

pub struct MedusaCheckout {
    shop: Arc<MedusaDriver>,
}

impl MedusaCheckout {
    /// The checkout of the store `shop` reads (its client and key).
    #[must_use]
    pub const fn new(shop: Arc<MedusaDriver>) -> Self {
        Self { shop }
    }
}

fn cart_path(cart: &str, rest: &str) -> String {
    format!("/store/carts/{}{rest}?fields={}", urlencoding::encode(cart), urlencoding::encode(&transform::fields()))
}

/// A store failure, logged by the operation and status only (the path names the cart).
fn failed(operation: &'static str, status: u16) -> DriverError {
    tracing::warn!(backend = %Backend::Medusa, operation, status, "checkout call failed");
    DriverError::UpstreamStatus(status)
}

impl MedusaCheckout {
    /// Sends one step and reads its answer as `T`; a failure as the step's meaning.
    async fn call<T: DeserializeOwned>(
        &self,
        step: Step,
        method: Method,
        path: &str,
        body: Option<&Value>,
        operation: &'static str,
    ) -> DriverResult<T> {
        let (status, answer) = self.shop.client().write(method, path, body, operation).await?;
        if (200..300).contains(&status) {
            return decode(&answer);
        }
        Err(match transform::failure(step, status, &answer) {
            Failure::Gone => DriverError::CartGone,
            Failure::Refused(refusal) => refusal.error(),
            Failure::Failed(status) => failed(operation, status),
        })
    }

    /// The checkout as Medusa holds it now.
    async fn read(&self, cart: &str) -> DriverResult<Checkout> {
        let (status, answer) =
            self.shop.client().write(Method::GET, &cart_path(cart, ""), None, "checkout_get").await?;
        match status {
            404 => Err(DriverError::CartGone),
            200..=299 => transform::checkout(decode::<CartAnswer>(&answer)?.cart),
            status => Err(failed("checkout_get", status)),
        }
    }
}

#[async_trait::async_trait]
impl CheckoutDriver for MedusaCheckout {
    async fn checkout(&self, cart: &str) -> DriverResult<Checkout> {
        self.read(cart).await
    }

    async fn set_address(
        &self,
        cart: &str,
        email: &str,
        shipping: &Address,
        billing: Option<&Address>,
    ) -> DriverResult<Checkout> {
        let current = self.read(cart).await?;
        transform::ships_to(&current.countries, shipping, billing)?;
        let body = json!({
            "email": email,
            "shipping_address": transform::address_input(shipping),
            "billing_address": transform::address_input(billing.unwrap_or(shipping)),
        });
        let path = cart_path(cart, "");
        let answer: CartAnswer =
            self.call(Step::Address, Method::POST, &path, Some(&body), "checkout_set_address").await?;
        transform::checkout(answer.cart)
    }

    async fn shipping_options(&self, cart: &str) -> DriverResult<ShippingOptions> {
        let checkout = self.read(cart).await?;
        if checkout.shipping_address.is_none() {
            return Err(Refusal::AddressFirst.error());
        }
        let path = format!(
            "/store/shipping-options?cart_id={}&fields={}",
            urlencoding::encode(cart),
            transform::SHIPPING_OPTION_FIELDS
        );
        let list: ShippingOptionList =
            self.call(Step::ShippingOptions, Method::GET, &path, None, "checkout_shipping_options").await?;
        Ok(transform::shipping_options(&list.shipping_options, checkout.cart.and_then(|c| c.currency)))
    }

    async fn set_shipping(&self, cart: &str, option: &str) -> DriverResult<Checkout> {
        if self.read(cart).await?.shipping_address.is_none() {
            return Err(Refusal::AddressFirst.error());
        }
        let body = json!({ "option_id": option });
        let path = cart_path(cart, "/shipping-methods");
        let answer: CartAnswer =
            self.call(Step::ShippingMethod, Method::POST, &path, Some(&body), "checkout_set_shipping").await?;
        transform::checkout(answer.cart)
    }

    async fn place(&self, cart: &str) -> DriverResult<Order> {
        let before = self.read(cart).await?;
        ready_to_place(&before)?;
        let body = json!({ "cart_id": cart });
        let collection: PaymentCollectionAnswer = self
            .call(
                Step::PaymentCollection,
                Method::POST,
                "/store/payment-collections",
                Some(&body),
                "checkout_payment_collection",
            )
            .await?;
        let collection = collection
            .payment_collection
            .map(|c| c.id)
            .filter(|id| !id.is_empty())
            .ok_or_else(|| DriverError::Undecodable("payment collection: no id".into()))?;
        let path = format!("/store/payment-collections/{}/payment-sessions", urlencoding::encode(&collection));
        let body = json!({ "provider_id": transform::PAYMENT });
        self.call::<Value>(Step::PaymentSession, Method::POST, &path, Some(&body), "checkout_payment_session").await?;
        let path = format!("/store/carts/{}/complete", urlencoding::encode(cart));
        let answer: Completion = self.call(Step::Complete, Method::POST, &path, None, "checkout_complete").await?;
        let number = transform::completion(&answer)?;
        Ok(transform::order(number, &answer, &before))
    }
}
