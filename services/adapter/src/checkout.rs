//! The checkouts of backends Vitrine does not check out on itself, each
//! declared in its backend's folder (`backend.rs`) as carts are:
//!
//! - [`NoCheckout`]: no checkout here: the fake store has none ([`NoCheckout::NONE`]), a
//!   backend whose checkout is not wired yet ([`NoCheckout::NOT_YET`]). `GetCheckout`
//!   answers the kind NONE and the reason; every other call FAILED_PRECONDITION with it.
//! - [`Handoff`]: Shopify completes checkout on its own site, at the cart's
//!   `checkout_url`: `GetCheckout` answers the cart with the kind HANDOFF.
//!
//! Native checkouts live in their backend's folder (`in_memory/checkout.rs`).

use std::sync::Arc;

use vitrine_domain::DriverError;
use vitrine_domain::checkout::{HANDOFF, NO_CHECKOUT, NOT_YET, totals};
use vitrine_proto::v1::{Address, Checkout, CheckoutKind, Order, ShippingOption};

use crate::drivers::{CartDriver, CheckoutDriver, DriverResult};

/// A backend without checkout here, and why in the shopper's words.
pub struct NoCheckout(pub &'static str);

impl NoCheckout {
    /// The backend has no checkout at all (the fake store).
    pub const NONE: Self = Self(NO_CHECKOUT);
    /// Vitrine does not run this backend's checkout yet.
    pub const NOT_YET: Self = Self(NOT_YET);
}

/// Every step past reading: refused, saying why.
fn refused<T>(why: &str) -> DriverResult<T> {
    Err(DriverError::NoCheckout(why.to_owned()))
}

#[async_trait::async_trait]
impl CheckoutDriver for NoCheckout {
    async fn checkout(&self, _: &str) -> DriverResult<Checkout> {
        Ok(Checkout { kind: CheckoutKind::None.into(), notice: self.0.to_owned(), ..Checkout::default() })
    }
    async fn set_address(&self, _: &str, _: &str, _: &Address, _: Option<&Address>) -> DriverResult<Checkout> {
        refused(self.0)
    }
    async fn shipping_options(&self, _: &str) -> DriverResult<Vec<ShippingOption>> {
        refused(self.0)
    }
    async fn set_shipping(&self, _: &str, _: &str) -> DriverResult<Checkout> {
        refused(self.0)
    }
    async fn place(&self, _: &str) -> DriverResult<Order> {
        refused(self.0)
    }
}

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
    async fn shipping_options(&self, _: &str) -> DriverResult<Vec<ShippingOption>> {
        refused(HANDOFF)
    }
    async fn set_shipping(&self, _: &str, _: &str) -> DriverResult<Checkout> {
        refused(HANDOFF)
    }
    async fn place(&self, _: &str) -> DriverResult<Order> {
        refused(HANDOFF)
    }
}
