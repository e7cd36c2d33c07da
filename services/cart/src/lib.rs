//! cart: the visitor's cart on the visitor's driver (mageos → magento), with
//! the rules every backend shares, between the edge and the adapters:
//!
//! - bounds: a quantity of 1 to 99, ids of bounded length, at most 50 lines, a merged
//!   line at most 99 (`vitrine_domain::cart`; an add that goes past them is undone);
//! - a cart the backend no longer knows (expired, completed, deleted) is replaced: a read
//!   answers an empty cart, an add starts a new one, and the answer says so (`replaced`);
//! - nothing is cached, coalesced or batched: each call is one visitor's.
//!
//! The edge keeps which cart is the visitor's (the session); this service never sees a
//! visitor, only the cart id the edge sends.
//!
//! [`checkout`]: the cart's checkout, with its own rules.

mod checkout;

use tokio::net::TcpListener;
use tonic::{Code, Request, Response, Status};
use vitrine_common::adapters::{AdapterDirectory, Purpose};
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::{Shutdown, grpc};
use vitrine_domain::cart::{self, Undo};
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::carts_server::{Carts, CartsServer};
use vitrine_proto::v1::{
    AddToCartRequest, Cart, CartAnswer, CartRequest, Checkout, CheckoutAddressRequest, DriverRequest, Order,
    PlaceOrderRequest, RemoveCartLineRequest, ShippingOptionRequest, ShippingOptions, UpdateCartLineRequest,
};

/// Where each backend's adapter listens.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub adapters: Vec<(Backend, String)>,
}

pub struct CartService {
    adapters: AdapterDirectory,
}

/// The tonic router: `Carts` plus gRPC health.
///
/// # Errors
/// When an adapter URL is not a valid URI.
pub async fn app(config: &Config) -> anyhow::Result<grpc::GrpcRouter> {
    let adapters = AdapterDirectory::new(config.adapters.iter().map(|(b, u)| (*b, u.as_str())))?;
    Ok(grpc::server()
        .add_service(grpc::health_service("vitrine.v1.Carts").await)
        .add_service(CartsServer::new(CartService { adapters })))
}

/// # Errors
/// When the configuration is invalid or the transport fails.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    tracing::info!(addr = %listener.local_addr()?, "cart listening");
    grpc::serve(app(&config).await?, listener, shutdown).await
}

/// An answer of `cart`.
fn answer(cart: Cart, replaced: bool) -> Response<CartAnswer> {
    Response::new(CartAnswer { cart: Some(cart), replaced })
}

/// Whether an adapter's answer says the cart is gone (NOT_FOUND is nothing else on a
/// cart call: `CartDriver`'s contract).
fn gone(status: &Status) -> bool {
    status.code() == Code::NotFound
}

impl CartService {
    fn adapter(&self, driver: i32) -> Result<(Driver, AdapterClient<GrpcChannel>), Status> {
        let driver = Driver::try_from(driver)?;
        Ok((driver, self.adapters.route(driver, Purpose::Catalogue)?))
    }

    /// A new cart on `driver`'s backend.
    async fn create(&self, adapter: &mut AdapterClient<GrpcChannel>, driver: Driver) -> Result<Cart, Status> {
        let request = DriverRequest { driver: driver.into(), ..DriverRequest::default() };
        Ok(adapter.create_cart(request).await?.into_inner())
    }

    /// Adds to the cart `cart_id` and undoes an add past the bounds.
    async fn add_within_bounds(
        &self,
        adapter: &mut AdapterClient<GrpcChannel>,
        mut request: AddToCartRequest,
        cart_id: String,
    ) -> Result<Cart, Status> {
        request.cart_id = cart_id;
        let (driver, cart_id, variant, added) =
            (request.driver, request.cart_id.clone(), request.variant.clone(), request.quantity);
        let after = adapter.add_to_cart(request).await?.into_inner();
        let Some((undo, why)) = cart::past_bounds(&after, &variant, added) else { return Ok(after) };
        match undo {
            Undo::Remove { line } => {
                adapter.remove_cart_line(RemoveCartLineRequest { driver, cart_id, line }).await?;
            }
            Undo::SetQuantity { line, quantity } => {
                adapter.update_cart_line(UpdateCartLineRequest { driver, cart_id, line, quantity }).await?;
            }
        }
        Err(why.into())
    }
}

#[tonic::async_trait]
impl Carts for CartService {
    async fn get_cart(&self, req: Request<CartRequest>) -> Result<Response<CartAnswer>, Status> {
        let req = req.into_inner();
        let (_, mut adapter) = self.adapter(req.driver)?;
        if req.cart_id.is_empty() {
            return Ok(answer(cart::empty(), false));
        }
        cart::id("cart", &req.cart_id)?;
        match adapter.get_cart(req).await {
            Ok(found) => Ok(answer(found.into_inner(), false)),
            Err(status) if gone(&status) => Ok(answer(cart::empty(), true)),
            Err(status) => Err(status),
        }
    }

    async fn add_to_cart(&self, req: Request<AddToCartRequest>) -> Result<Response<CartAnswer>, Status> {
        let mut req = req.into_inner();
        let (driver, mut adapter) = self.adapter(req.driver)?;
        req.variant = cart::id("variant", &req.variant)?.to_owned();
        cart::quantity(req.quantity)?;
        let named = std::mem::take(&mut req.cart_id);
        let replacing = !named.is_empty();
        if replacing {
            cart::id("cart", &named)?;
            match self.add_within_bounds(&mut adapter, req.clone(), named).await {
                Err(status) if gone(&status) => {}
                other => return other.map(|cart| answer(cart, false)),
            }
        }
        // No cart yet, or the one named is gone: a new one.
        let created = self.create(&mut adapter, driver).await?;
        let cart = self.add_within_bounds(&mut adapter, req, created.id).await?;
        Ok(answer(cart, replacing))
    }

    async fn update_cart_line(&self, req: Request<UpdateCartLineRequest>) -> Result<Response<CartAnswer>, Status> {
        let req = req.into_inner();
        cart::quantity(req.quantity)?;
        let (driver, cart_id, line) = (req.driver, req.cart_id.clone(), req.line.clone());
        self.line_change(driver, &cart_id, &line, |mut adapter| async move { adapter.update_cart_line(req).await })
            .await
    }

    async fn remove_cart_line(&self, req: Request<RemoveCartLineRequest>) -> Result<Response<CartAnswer>, Status> {
        let req = req.into_inner();
        let (driver, cart_id, line) = (req.driver, req.cart_id.clone(), req.line.clone());
        self.line_change(driver, &cart_id, &line, |mut adapter| async move { adapter.remove_cart_line(req).await })
            .await
    }

    async fn get_checkout(&self, req: Request<CartRequest>) -> Result<Response<Checkout>, Status> {
        self.checkout(req).await
    }

    async fn set_checkout_address(&self, req: Request<CheckoutAddressRequest>) -> Result<Response<Checkout>, Status> {
        self.set_address(req).await
    }

    async fn list_shipping_options(&self, req: Request<CartRequest>) -> Result<Response<ShippingOptions>, Status> {
        self.shipping_options(req).await
    }

    async fn set_shipping_option(&self, req: Request<ShippingOptionRequest>) -> Result<Response<Checkout>, Status> {
        self.set_shipping(req).await
    }

    async fn place_order(&self, req: Request<PlaceOrderRequest>) -> Result<Response<Order>, Status> {
        self.place(req).await
    }
}

impl CartService {
    /// A change of one line of the cart `cart_id`: none named is a refusal (the visitor
    /// has no cart); a cart gone meanwhile took its line with it, so the visitor's cart
    /// is an empty one.
    async fn line_change<F, Fut>(
        &self,
        driver: i32,
        cart_id: &str,
        line: &str,
        call: F,
    ) -> Result<Response<CartAnswer>, Status>
    where
        F: FnOnce(AdapterClient<GrpcChannel>) -> Fut,
        Fut: Future<Output = Result<Response<Cart>, Status>>,
    {
        let (_, adapter) = self.adapter(driver)?;
        cart::id("line", line)?;
        if cart_id.is_empty() {
            return Err(not_in_cart());
        }
        cart::id("cart", cart_id)?;
        match call(adapter).await {
            Ok(cart) => Ok(answer(cart.into_inner(), false)),
            Err(status) if gone(&status) => Ok(answer(cart::empty(), true)),
            Err(status) => Err(status),
        }
    }
}

/// A line named on a visitor without a cart.
fn not_in_cart() -> Status {
    vitrine_domain::DriverError::Refused("That line is not in the cart.".to_owned()).into()
}
