//! Vendure's guest checkout of the session's active order, on the write path as carts
//! (`VendureCarts`: the session's token as a bearer token; no cache, no coalescing,
//! nothing of it in a key or a log line). Each step reads the order first, so an order
//! no longer active (placed, or gone with its session) is [`DriverError::CartGone`]
//! before anything is sent, and a step out of order is refused in Vitrine's words:
//!
//! - the checkout: `activeOrder`, `availableCountries`, `eligiblePaymentMethods`;
//! - the address: the countries checked, then `setCustomerForOrder` (a guest),
//!   `setOrderShippingAddress` and `setOrderBillingAddress` in one request;
//! - the shipping options: `eligibleShippingMethods`; the choice: `setOrderShippingMethod`;
//! - placing: `transitionOrderToState("ArrangingPayment")`, then `addPaymentToOrder` with
//!   the first eligible method. The order's `code` is its number. A payment refused moves
//!   the order back to `AddingItems`, so the cart can change again.

use std::sync::Arc;

use serde_json::{Value, json};
use vitrine_domain::DriverError;
use vitrine_domain::checkout::{Refusal, in_countries, ready_to_place};
use vitrine_proto::v1::{Address, Checkout, Order, ShippingOptions};

use super::carts::{VendureCarts, decode};
use super::models::{CheckoutChange, CheckoutData, CheckoutOrder, SetAddressData, ShippingMethodsData, StepOutcome};
use super::operations as ops;
use super::transform::checkout as transform;
use crate::drivers::{CheckoutDriver, DriverResult};
use crate::graphql::Operation;

pub struct VendureCheckout {
    carts: Arc<VendureCarts>,
}

impl VendureCheckout {
    #[must_use]
    pub const fn new(carts: Arc<VendureCarts>) -> Self {
        Self { carts }
    }

    /// The session's checkout as Vendure holds it now, with its order.
    async fn read(&self, cart: &str) -> DriverResult<(CheckoutData, CheckoutOrder)> {
        let data = self.carts.in_session(ops::CHECKOUT, json!({}), cart, None).await?;
        let mut read: CheckoutData = decode(ops::CHECKOUT, data)?;
        let order = read.active_order.take().ok_or(DriverError::CartGone)?;
        Ok((read, order))
    }

    /// A step under the root field `field`, answered as the order after it.
    async fn step(
        &self,
        operation: Operation,
        field: &str,
        variables: Value,
        cart: &str,
    ) -> DriverResult<CheckoutOrder> {
        let mut data = self.carts.in_session(operation, variables, cart, None).await?;
        let answer: CheckoutChange = decode(operation, data.get_mut(field).map(Value::take).unwrap_or_default())?;
        match answer {
            CheckoutChange::Order(order) => Ok(*order),
            CheckoutChange::Refused(error) => Err(transform::refusal(&error.error_code)),
        }
    }

    fn answer(cart: &str, read: &CheckoutData, order: &CheckoutOrder) -> Checkout {
        let countries = transform::countries(&read.available_countries);
        transform::checkout(cart, order, countries, &read.eligible_payment_methods, read.active_channel)
    }
}

fn outcome(step: &StepOutcome) -> DriverResult<()> {
    step.error_code.as_deref().map_or(Ok(()), |code| Err(transform::refusal(code)))
}

#[async_trait::async_trait]
impl CheckoutDriver for VendureCheckout {
    async fn checkout(&self, cart: &str) -> DriverResult<Checkout> {
        let (read, order) = self.read(cart).await?;
        Ok(Self::answer(cart, &read, &order))
    }

    async fn set_address(
        &self,
        cart: &str,
        email: &str,
        shipping: &Address,
        billing: Option<&Address>,
    ) -> DriverResult<Checkout> {
        let (read, _) = self.read(cart).await?;
        in_countries(&transform::countries(&read.available_countries), shipping, billing)?;
        let variables = json!({
            "customer": transform::customer_input(email, shipping),
            "shipping": transform::address_input(shipping),
            "billing": transform::address_input(billing.unwrap_or(shipping)),
        });
        let data = self.carts.in_session(ops::SET_ADDRESS, variables, cart, None).await?;
        let set: SetAddressData = decode(ops::SET_ADDRESS, data)?;
        outcome(&set.set_customer_for_order)?;
        outcome(&set.set_order_shipping_address)?;
        match set.set_order_billing_address {
            CheckoutChange::Order(order) => Ok(Self::answer(cart, &read, &order)),
            CheckoutChange::Refused(error) => Err(transform::refusal(&error.error_code)),
        }
    }

    async fn shipping_options(&self, cart: &str) -> DriverResult<ShippingOptions> {
        let (read, order) = self.read(cart).await?;
        if Self::answer(cart, &read, &order).shipping_address.is_none() {
            return Err(Refusal::AddressFirst.error());
        }
        let data = self.carts.in_session(ops::SHIPPING_METHODS, json!({}), cart, None).await?;
        let methods: ShippingMethodsData = decode(ops::SHIPPING_METHODS, data)?;
        let currency = &order.order.currency_code;
        Ok(transform::shipping_options(&methods.eligible_shipping_methods, read.active_channel, currency))
    }

    async fn set_shipping(&self, cart: &str, option: &str) -> DriverResult<Checkout> {
        let (read, order) = self.read(cart).await?;
        if Self::answer(cart, &read, &order).shipping_address.is_none() {
            return Err(Refusal::AddressFirst.error());
        }
        let variables = json!({ "method": [option] });
        let order = self.step(ops::SET_SHIPPING_METHOD, "setOrderShippingMethod", variables, cart).await?;
        Ok(Self::answer(cart, &read, &order))
    }

    async fn place(&self, cart: &str) -> DriverResult<Order> {
        let (read, order) = self.read(cart).await?;
        ready_to_place(&Self::answer(cart, &read, &order))?;
        let method = transform::payment_method(&read.eligible_payment_methods)
            .ok_or_else(|| Refusal::PaymentDeclined.error())?
            .to_owned();
        if order.order.state != "ArrangingPayment" {
            let data =
                self.carts.in_session(ops::TRANSITION, json!({ "state": "ArrangingPayment" }), cart, None).await?;
            let moved: Value = data.get("transitionOrderToState").cloned().unwrap_or_default();
            if let Some(code) = moved.get("errorCode").and_then(Value::as_str) {
                return Err(transform::refusal(code));
            }
        }
        match self.step(ops::ADD_PAYMENT, "addPaymentToOrder", json!({ "method": method }), cart).await {
            Ok(placed) => Ok(transform::order(&placed, read.active_channel)),
            Err(refused) => {
                // Back to a cart that can change; a failure here leaves it to the next place.
                let back = json!({ "state": "AddingItems" });
                if self.carts.in_session(ops::TRANSITION, back, cart, None).await.is_err() {
                    tracing::warn!("a Vendure order stayed in ArrangingPayment after a refused payment");
                }
                Err(refused)
            }
        }
    }
}
