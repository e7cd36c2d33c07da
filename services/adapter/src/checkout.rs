//! The checkout of a backend that checks out on its own site: [`Handoff`] (Shopify
//! completes checkout at the cart's `checkout_url`: `GetCheckout` answers the cart with
//! the kind HANDOFF). A backend without checkout here is `drivers::NoCheckout`; native
//! checkouts live in their backend's folder (`in_memory/checkout.rs`).

use std::sync::Arc;

use vitrine_domain::checkout::{HANDOFF, totals};
use vitrine_proto::v1::{Address, Checkout, CheckoutKind, Order, ShippingOptions};

use crate::drivers::{CartDriver, CheckoutDriver, DriverResult, refused};

/// Shopify's hand-off: the backend's own checkout at the cart's link.
pub struct Handoff {
    carts: Arc<dyn CartDriver>,
}

impl Handoff {
    #[must_use]
    pub fn new(carts: Arc<dyn CartDriver>) -> Self {
        Self { carts }
    }
}

#[async_trait::async_trait]
impl CheckoutDriver for Handoff {
    /// The cart (a gone one is `CartGone`, as everywhere) with its `checkout_url`.
    async fn checkout(&self, cart: &str) -> DriverResult<Checkout> {
        let cart = self.carts.get(cart).await?;
        Ok(Checkout {
            totals: Some(totals(cart.subtotal, None, None, cart.currency.clone())),
            cart: Some(cart),
            kind: CheckoutKind::Handoff.into(),
            notice: HANDOFF.to_owned(),
            ..Checkout::default()
        })
    }
    async fn set_address(&self, _: &str, _: &str, _: &Address, _: Option<&Address>) -> DriverResult<Checkout> {
        refused(HANDOFF)
    }
    async fn shipping_options(&self, _: &str) -> DriverResult<ShippingOptions> {
        refused(HANDOFF)
    }
    async fn set_shipping(&self, _: &str, _: &str) -> DriverResult<Checkout> {
        refused(HANDOFF)
    }
    async fn place(&self, _: &str) -> DriverResult<Order> {
        refused(HANDOFF)
    }
}
