//! Checkout: `GET /api/checkout`, `PUT /api/checkout/address`,
//! `GET /api/checkout/shipping-options`, `PUT /api/checkout/shipping`,
//! `POST /api/checkout/order`, and `GET /api/orders/{number}`.
//!
//! - It is the visitor's cart on their driver's backend (`session::Kept`), as for the
//!   cart: a visitor never names a cart. Without one there is nothing to check out (404).
//! - The rules are the cart service's (fields checked before any backend call, the
//!   backend's refusals as the shopper's texts, steps before placing); a step refused
//!   field by field answers 400 `invalid_fields` with each field's text.
//! - Every step must come from this site and counts against the cart's change limits.
//!   The two `PUT` steps are idempotent by themselves (the same body sets the same
//!   thing), so they remember no answer: theirs hold what was typed, which the store never
//!   keeps. Placing takes an `Idempotency-Key` as cart changes do, and is idempotent in
//!   Vitrine without one ([`orders`]: one lock per cart, and the order a cart became).
//! - An order answers only the session that placed it; its summary is kept for it.
//! - Nothing here is cached (`Cache-Control: no-store`), and nothing typed is logged.

mod orders;

use actix_web::cookie::Cookie;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;
use vitrine_common::clock::unix_ms;
use vitrine_domain::Driver;
use vitrine_domain::error::CHECKOUT_GONE;
use vitrine_proto::v1::{CartRequest, CheckoutAddressRequest, PlaceOrderRequest, ShippingOptionRequest};

use crate::dto::checkout::{AddressStep, Checkout, Order, ShippingChoice, ShippingOptions};
use crate::error::ApiError;
use crate::error::responses::{ChangeErrors, InputError, ServiceErrors};
use crate::session::Record;
use crate::visitor_write::{Session, guarded, parse_within, respond, within_limits};
use crate::{AppState, session, visitor_write};

type ApiResult = Result<HttpResponse, ApiError>;

/// The longest step body read: an email and two addresses of bounded fields, with room
/// for JSON's escapes of non-ASCII letters.
const MAX_BODY_BYTES: usize = 16 * 1024;

fn json(value: &impl Serialize) -> Result<String, ApiError> {
    serde_json::to_string(value).map_err(|_| ApiError::EncodingFailed)
}

/// What a step works on: the visitor's driver and their cart id on its backend.
struct Visitor {
    carried: session::Carried,
    driver: Driver,
    cart: String,
}

/// The visitor's cart on their driver's backend; none is nothing to check out.
async fn visitor(req: &HttpRequest, state: &AppState) -> Result<Visitor, ApiError> {
    let carried = session::current(req, state).await.map_err(|_| ApiError::CartNotSaved)?;
    let driver = carried.kept.choice.driver;
    let cart = carried.kept.carts.get(&driver.backend()).cloned();
    let cart = cart.ok_or_else(|| ApiError::NotFound(CHECKOUT_GONE.to_owned()))?;
    Ok(Visitor { carried, driver, cart })
}

/// GET /api/checkout: the visitor's cart with what is set so far, the countries the
/// backend ships to, its payment for test orders, and how it checks out.
#[utoipa::path(get, path = "/api/checkout", tag = "checkout", operation_id = "get_checkout",
    responses((status = 200, description = "The visitor's checkout; never cached", body = Checkout),
        (status = 409, description = "The backend has no checkout here (code no_checkout)",
            body = crate::dto::ErrorBody),
        crate::error::responses::TooManyReads, ServiceErrors))]
pub(crate) async fn get(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    visitor_write::within_read_limits(&req, &state)?;
    let Visitor { driver, cart, .. } = visitor(&req, &state).await?;
    let request = CartRequest { driver: driver.into(), cart_id: cart };
    let checkout = state.carts.clone().get_checkout(request).await?.into_inner();
    json(&Checkout::from(checkout)).map(respond)
}

/// A `PUT` step: from this site, within the change limits, on the visitor's cart. What
/// was typed is in the body and the answer, so neither is remembered.
async fn step(req: &HttpRequest, state: &AppState) -> Result<Visitor, ApiError> {
    // No session, no cart: nothing to check out (and no shared bucket of the limits for
    // every visitor without one).
    let session = session::id(req, state).ok_or_else(|| ApiError::NotFound(CHECKOUT_GONE.to_owned()))?;
    within_limits(req, state, &session)?;
    visitor(req, state).await
}

/// PUT /api/checkout/address: the email and the shipping address, and the billing
/// address when it is not the same. Every field is checked before the backend is asked.
#[utoipa::path(put, path = "/api/checkout/address", tag = "checkout", request_body = AddressStep,
    responses((status = 200, description = "The checkout with the address set", body = Checkout),
        InputError, ChangeErrors, ServiceErrors))]
pub(crate) async fn set_address(req: HttpRequest, state: web::Data<AppState>, body: web::Bytes) -> ApiResult {
    let Visitor { driver, cart, .. } = step(&req, &state).await?;
    let step: AddressStep = parse_within(&body, MAX_BODY_BYTES)?;
    let request = CheckoutAddressRequest {
        driver: driver.into(),
        cart_id: cart,
        email: step.email,
        shipping: Some(step.shipping.into()),
        billing: step.billing.map(Into::into),
    };
    let checkout = state.carts.clone().set_checkout_address(request).await?.into_inner();
    json(&Checkout::from(checkout)).map(respond)
}

/// GET /api/checkout/shipping-options: the backend's shipping methods for the cart and its
/// address, with their prices.
#[utoipa::path(get, path = "/api/checkout/shipping-options", tag = "checkout",
    responses((status = 200, description = "The shipping methods; never cached", body = ShippingOptions),
        (status = 409, description = "Not yet (the address first: code refused), or no checkout here (code no_checkout)",
            body = crate::dto::ErrorBody),
        crate::error::responses::TooManyReads, ServiceErrors))]
pub(crate) async fn shipping_options(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    visitor_write::within_read_limits(&req, &state)?;
    let Visitor { driver, cart, .. } = visitor(&req, &state).await?;
    let request = CartRequest { driver: driver.into(), cart_id: cart };
    let options = state.carts.clone().list_shipping_options(request).await?.into_inner();
    json(&ShippingOptions::from(options)).map(respond)
}

/// PUT /api/checkout/shipping: the shipping method, one of the listed options.
#[utoipa::path(put, path = "/api/checkout/shipping", tag = "checkout", request_body = ShippingChoice,
    responses((status = 200, description = "The checkout with the method set", body = Checkout),
        InputError, ChangeErrors, ServiceErrors))]
pub(crate) async fn set_shipping(req: HttpRequest, state: web::Data<AppState>, body: web::Bytes) -> ApiResult {
    let Visitor { driver, cart, .. } = step(&req, &state).await?;
    let choice: ShippingChoice = parse_within(&body, MAX_BODY_BYTES)?;
    let request = ShippingOptionRequest { driver: driver.into(), cart_id: cart, option: choice.option };
    let checkout = state.carts.clone().set_shipping_option(request).await?.into_inner();
    json(&Checkout::from(checkout)).map(respond)
}

/// POST /api/checkout/order: places the order (no body). A double submit or a retry
/// makes one order; the visitor's cart on this backend is then a fresh, empty one.
#[utoipa::path(post, path = "/api/checkout/order", tag = "checkout", operation_id = "place_order",
    params(("Idempotency-Key" = Option<String>, Header,
        description = "A retry with the same key answers the first result; without one, a retry of a placed \
                       cart answers its order too")),
    responses((status = 200, description = "The order placed", body = Order),
        InputError, ChangeErrors, ServiceErrors))]
pub(crate) async fn place(req: HttpRequest, state: web::Data<AppState>, body: web::Bytes) -> ApiResult {
    if body.len() > MAX_BODY_BYTES {
        return Err(ApiError::InvalidBody);
    }
    guarded(&req, &state, &body, |session| place_once(&req, &state, session)).await
}

/// The placing itself, under the cart's lock: the order the cart already became, else
/// the backend's new one; either way the visitor keeps no cart on this backend after it.
async fn place_once(
    req: &HttpRequest,
    state: &AppState,
    (session, issued): Session,
) -> Result<(String, Vec<Cookie<'static>>), ApiError> {
    let Visitor { mut carried, driver, cart } = visitor(req, state).await?;
    let backend = driver.backend();
    let lock = orders::Lock::take(&state.store, backend, &cart).await.map_err(|_| ApiError::CartNotSaved)?;
    let Some(lock) = lock else { return Err(ApiError::OrderInFlight) };
    let summary = summary_of(state, &session, driver, &cart).await;
    lock.release().await;
    let (number, summary) = summary?;
    carried.kept.carts.remove(&backend);
    // What keeps the session, under which the summary is kept, once the cart is gone.
    carried.kept.placed(backend, &number);
    let cookies =
        session::save(req, state, (&session, issued), carried, Record::StoreAndCookie).await.unwrap_or_else(|e| {
            // The order is placed; the next cart read finds the cart gone and forgets it.
            tracing::warn!(error = %e, "a placed cart stays with the visitor");
            Vec::new()
        });
    Ok((summary, cookies))
}

/// The number and summary (JSON) of the order `cart` became: kept from an earlier
/// placing, or placed now and kept.
async fn summary_of(state: &AppState, session: &str, driver: Driver, cart: &str) -> Result<(String, String), ApiError> {
    let backend = driver.backend();
    let kept = orders::placed(&state.store, session, backend, cart).await.map_err(|_| ApiError::CartNotSaved)?;
    if let Some(kept) = kept {
        return Ok(kept);
    }
    let request = PlaceOrderRequest { driver: driver.into(), cart_id: cart.to_owned() };
    let order = state.carts.clone().place_order(request).await?.into_inner();
    let summary = Order::placed(order, driver, unix_ms());
    let text = json(&summary)?;
    orders::keep(&state.store, session, backend, cart, &summary.number, &text).await;
    Ok((summary.number, text))
}

/// GET /api/orders/{number}: an order this session placed. Any other number, or another
/// session's order, is not found: numbers are guessable.
#[utoipa::path(get, path = "/api/orders/{number}", tag = "checkout", operation_id = "get_order",
    params(("number" = String, Path, description = "The backend's order number")),
    responses((status = 200, description = "The order's summary; never cached", body = Order),
        (status = 404, description = "No such order in this session (code not_found)", body = crate::dto::ErrorBody),
        (status = 503, description = "The store cannot be reached (code unavailable)", body = crate::dto::ErrorBody)))]
pub(crate) async fn order(req: HttpRequest, state: web::Data<AppState>, number: web::Path<String>) -> ApiResult {
    let Some(session) = session::id(&req, &state) else { return Err(ApiError::NoSuchOrder) };
    // Which backend's order it is: the visitor's list of the orders they placed says.
    let carried = session::current(&req, &state).await.map_err(|_| ApiError::CartNotSaved)?;
    let placed = carried.kept.orders.iter().rev().find(|(_, n)| *n == *number).map(|(backend, _)| *backend);
    let Some(backend) = placed else { return Err(ApiError::NoSuchOrder) };
    let kept = orders::summary(&state.store, &session, backend, &number).await.map_err(|_| ApiError::CartNotSaved)?;
    kept.map(respond).ok_or(ApiError::NoSuchOrder)
}
