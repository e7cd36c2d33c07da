//! Magento's guest checkout: each step one or more operations on the write
//! path ([`GraphQlClient::mutate`]: no cache, no coalescing, no batching), then the
//! pure transform ([`transform::checkout`]). As carts: the checkout lives in the shop.
//!
//! - the checkout: the cart with its email, addresses, methods and prices, and the
//!   store's countries, in one query;
//! - the address: `setGuestEmailOnCart`, `setShippingAddressesOnCart`,
//!   `setBillingAddressOnCart` (`same_as_shipping` without a billing address), then the
//!   checkout as it now is;
//! - the shipping methods: the shipping address's; the choice: `setShippingMethodsOnCart`;
//! - placing: the checkout read first (the order's summary: 2.4.6 cannot read a guest
//!   order back), `setPaymentMethodOnCart` (Check / Money order), `placeOrder`. Magento
//!   then makes the cart inactive, so a second call answers the cart gone.
//!
//! Magento's error messages may repeat what was typed: they become Vitrine's refusals
//! ([`transform::refusal`]) and are never logged; a failure Vitrine cannot word is logged
//! by operation and category only.

use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use vitrine_domain::DriverError;
use vitrine_domain::checkout::Refusal;
use vitrine_proto::v1::{Address, Checkout, Order, ShippingOptions};

use super::models::checkout::{MagentoCheckoutData, MagentoPlaceOrder};
use super::operations as ops;
use super::transform::checkout::{self as transform, Step};
use crate::drivers::{CheckoutDriver, DriverResult};
use crate::graphql::wire::Response;
use crate::graphql::{GraphQlClient, Operation};

pub struct MagentoCheckout {
    client: GraphQlClient,
}

/// A failure no checkout rule words: named for the logs by operation and category only.
fn shop_error(op: Operation, response: &Response) -> DriverError {
    let category = response
        .errors
        .first()
        .and_then(|e| e.extensions.as_ref()?.get("category")?.as_str())
        .unwrap_or("none")
        .chars()
        .take(64)
        .collect::<String>();
    tracing::warn!(operation = op.name, category, "Magento refused a checkout call");
    DriverError::GraphQl(format!("{}: {category}", op.name))
}

impl MagentoCheckout {
    #[must_use]
    pub const fn new(client: GraphQlClient) -> Self {
        Self { client }
    }

    /// Sends `op` (a `step`) and reads its whole `data`.
    async fn call<T: DeserializeOwned>(&self, op: Operation, step: Step, variables: Value) -> DriverResult<T> {
        let response = self.client.mutate(op, variables).await?;
        if !response.errors.is_empty() {
            return Err(transform::refusal(step, &response.errors).unwrap_or_else(|| shop_error(op, &response)));
        }
        let data = response
            .data
            .filter(|d| !d.is_null())
            .ok_or_else(|| DriverError::Undecodable(format!("{}: no data", op.name)))?;
        serde_json::from_value(data)
            .map_err(|e| DriverError::Undecodable(format!("{}: data of another shape ({:?})", op.name, e.classify())))
    }

    /// A step whose answer is read no further (`cart { id }`).
    async fn step(&self, op: Operation, step: Step, variables: Value) -> DriverResult<()> {
        self.call::<Value>(op, step, variables).await.map(drop)
    }

    async fn read(&self, cart: &str) -> DriverResult<MagentoCheckoutData> {
        let data: MagentoCheckoutData = self.call(ops::GET_CHECKOUT, Step::Read, json!({ "cartId": cart })).await?;
        // A cart Magento answers null for is one it no longer has.
        if data.cart.is_none() {
            return Err(DriverError::CartGone);
        }
        Ok(data)
    }
}

/// The checkout of `data`, named by the id asked for when Magento leaves it out.
fn named(data: &MagentoCheckoutData, id: &str) -> Checkout {
    let cart = data.cart.clone().unwrap_or_default();
    let mut checkout = transform::checkout(&cart, data.countries.as_deref().unwrap_or_default());
    if let Some(c) = checkout.cart.as_mut().filter(|c| c.id.is_empty()) {
        id.clone_into(&mut c.id);
    }
    checkout
}

#[async_trait::async_trait]
impl CheckoutDriver for MagentoCheckout {
    async fn checkout(&self, cart: &str) -> DriverResult<Checkout> {
        Ok(named(&self.read(cart).await?, cart))
    }

    async fn set_address(
        &self,
        cart: &str,
        email: &str,
        shipping: &Address,
        billing: Option<&Address>,
    ) -> DriverResult<Checkout> {
        self.step(ops::SET_GUEST_EMAIL, Step::Email, json!({ "cartId": cart, "email": email })).await?;
        let address = transform::address_input(shipping);
        self.step(ops::SET_SHIPPING_ADDRESS, Step::ShippingAddress, json!({ "cartId": cart, "address": address }))
            .await?;
        let billing = billing
            .map_or_else(|| json!({ "same_as_shipping": true }), |b| json!({ "address": transform::address_input(b) }));
        self.step(ops::SET_BILLING_ADDRESS, Step::BillingAddress, json!({ "cartId": cart, "billing": billing }))
            .await?;
        self.checkout(cart).await
    }

    async fn shipping_options(&self, cart: &str) -> DriverResult<ShippingOptions> {
        let data = self.read(cart).await?;
        transform::shipping_options(&data.cart.unwrap_or_default())
    }

    async fn set_shipping(&self, cart: &str, option: &str) -> DriverResult<Checkout> {
        let (carrier, method) =
            transform::split_option(option).ok_or_else(|| Refusal::UnknownShippingOption.error())?;
        let variables = json!({ "cartId": cart, "carrier": carrier, "method": method });
        self.step(ops::SET_SHIPPING_METHOD, Step::ShippingMethod, variables).await?;
        self.checkout(cart).await
    }

    async fn place(&self, cart: &str) -> DriverResult<Order> {
        let before = self.checkout(cart).await?;
        self.step(ops::SET_PAYMENT_METHOD, Step::Payment, json!({ "cartId": cart, "code": transform::PAYMENT }))
            .await?;
        let placed: Value = self.call(ops::PLACE_ORDER, Step::Place, json!({ "cartId": cart })).await?;
        let placed: MagentoPlaceOrder = serde_json::from_value(placed["placeOrder"].clone())
            .map_err(|e| DriverError::Undecodable(format!("placeOrder: another shape ({:?})", e.classify())))?;
        let number = placed
            .order
            .and_then(|o| o.order_number)
            .filter(|n| !n.is_empty())
            .ok_or_else(|| DriverError::Undecodable("placeOrder: no order number".into()))?;
        Ok(transform::order(number, &before))
    }
}
