//! Checkout, with the rules every backend shares (`vitrine_domain::checkout`):
//!
//! - every field is checked before any backend call (INVALID_ARGUMENT, each refused field
//!   in the status's details); the country and region against the backend's own list,
//!   read with the checkout before the address is set (a backend refuses what it cannot
//!   ship to anyway, in its own way: this gives every backend the same answer);
//! - no cart, or one the backend no longer knows, is NOT_FOUND "nothing to check out":
//!   never replaced here, because a checkout of a new, empty cart would hide that an
//!   order was placed or the cart expired;
//! - placing is refused before the backend is asked while a step is missing (an empty
//!   cart, no address, no shipping method); the backend checks again;
//! - a backend without checkout here answers its kind on `GetCheckout` and
//!   FAILED_PRECONDITION on every step.
//!
//! Not here: making a double submit place one order. A second `PlaceOrder` finds the
//! cart gone (NOT_FOUND); the edge keeps placing idempotent with one lock per cart.
//! Nothing personal is logged: this module logs nothing at all.

use tonic::{Request, Response, Status};
use vitrine_common::grpc::GrpcChannel;
use vitrine_domain::{DriverError, cart, checkout};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::{
    CartRequest, Checkout, CheckoutAddressRequest, Order, PlaceOrderRequest, ShippingOptionRequest, ShippingOptions,
};

use crate::{CartService, gone};

/// An adapter's NOT_FOUND on a checkout call: the cart is gone (ordered or expired).
fn gone_is_no_checkout(status: Status) -> Status {
    if gone(&status) { DriverError::CheckoutGone.into() } else { status }
}

/// The cart id of a checkout call: none names nothing to check out.
fn cart_of(cart_id: &str) -> Result<&str, Status> {
    if cart_id.is_empty() {
        return Err(DriverError::CheckoutGone.into());
    }
    Ok(cart::id("cart", cart_id)?)
}

impl CartService {
    /// The checkout of `cart_id` as the backend has it.
    async fn current(adapter: &mut AdapterClient<GrpcChannel>, driver: i32, cart_id: &str) -> Result<Checkout, Status> {
        let request = CartRequest { driver, cart_id: cart_id.to_owned() };
        adapter.get_checkout(request).await.map(Response::into_inner).map_err(gone_is_no_checkout)
    }

    pub(crate) async fn checkout(&self, req: Request<CartRequest>) -> Result<Response<Checkout>, Status> {
        let req = req.into_inner();
        let (_, mut adapter) = self.adapter(req.driver)?;
        let cart_id = cart_of(&req.cart_id)?;
        Ok(Response::new(Self::current(&mut adapter, req.driver, cart_id).await?))
    }

    pub(crate) async fn set_address(&self, req: Request<CheckoutAddressRequest>) -> Result<Response<Checkout>, Status> {
        let req = req.into_inner();
        let (_, mut adapter) = self.adapter(req.driver)?;
        cart_of(&req.cart_id)?;
        let checked = checkout::address_request(req)?;
        let current = Self::current(&mut adapter, checked.driver, &checked.cart_id).await?;
        checkout::native(&current)?;
        let placed = checkout::ships_to(checked, &current.countries)?;
        let answer = adapter.set_checkout_address(placed).await.map_err(gone_is_no_checkout)?;
        Ok(answer)
    }

    pub(crate) async fn shipping_options(
        &self,
        req: Request<CartRequest>,
    ) -> Result<Response<ShippingOptions>, Status> {
        let req = req.into_inner();
        let (_, mut adapter) = self.adapter(req.driver)?;
        cart_of(&req.cart_id)?;
        adapter.list_shipping_options(req).await.map_err(gone_is_no_checkout)
    }

    pub(crate) async fn set_shipping(&self, req: Request<ShippingOptionRequest>) -> Result<Response<Checkout>, Status> {
        let mut req = req.into_inner();
        let (_, mut adapter) = self.adapter(req.driver)?;
        req.option = checkout::shipping_option(&req.option)?.to_owned();
        cart_of(&req.cart_id)?;
        adapter.set_shipping_option(req).await.map_err(gone_is_no_checkout)
    }

    pub(crate) async fn place(&self, req: Request<PlaceOrderRequest>) -> Result<Response<Order>, Status> {
        let req = req.into_inner();
        let (_, mut adapter) = self.adapter(req.driver)?;
        let cart_id = cart_of(&req.cart_id)?;
        checkout::ready_to_place(&Self::current(&mut adapter, req.driver, cart_id).await?)?;
        adapter.place_order(req).await.map_err(gone_is_no_checkout)
    }
}
