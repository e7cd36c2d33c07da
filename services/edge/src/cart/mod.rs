//! The visitor's cart: `GET /api/cart`, `POST /api/cart/lines`,
//! `PATCH` and `DELETE /api/cart/lines/{line}`, each answering the whole cart.
//!
//! - The cart is the visitor's, on their driver's backend: they keep one cart id per
//!   backend (`session::Kept`, in their signed cookie and the session's store key), so
//!   switching back finds the earlier cart. A visitor never names a cart: only what the
//!   edge signed does, so no one reaches another's cart by its id, and a line id only
//!   means something inside the visitor's own cart.
//! - Reading creates nothing: a visitor without a session, or without a cart on this
//!   backend, is answered an empty cart, and no session or backend cart is made.
//! - A change must come from this site, may carry an `Idempotency-Key`, and is limited
//!   per session and address (`crate::visitor_write`, which checkout's changes go through
//!   too). The rules themselves (bounds, a gone cart replaced) are the cart service's.
//! - Nothing here is cached: every answer is `Cache-Control: no-store`.

use actix_web::cookie::Cookie;
use actix_web::{HttpRequest, HttpResponse, web};
use tonic::Status;
use vitrine_domain::Driver;
use vitrine_proto::v1::carts_client::CartsClient;
use vitrine_proto::v1::{AddToCartRequest, CartAnswer, CartRequest, RemoveCartLineRequest, UpdateCartLineRequest};

use crate::dto::{AddLine, Cart, LineQuantity};
use crate::error::ApiError;
use crate::error::responses::{ChangeErrors, InputError, ServiceErrors};
use crate::session::Record;
use crate::visitor_write::{Session, guarded, parse_within, respond};
use crate::{AppState, session, visitor_write};

type ApiResult = Result<HttpResponse, ApiError>;
type Carts = CartsClient<vitrine_common::grpc::GrpcChannel>;

/// The longest change body read: a variant id and a quantity.
const MAX_BODY_BYTES: usize = 2048;

fn json(answer: CartAnswer) -> Result<String, ApiError> {
    serde_json::to_string(&Cart::from_answer(answer)).map_err(|_| ApiError::EncodingFailed)
}

/// GET /api/cart: the visitor's cart on their driver's backend; an empty one when they
/// have none (nothing is created). A cart the backend no longer knows is forgotten.
#[utoipa::path(get, path = "/api/cart", tag = "cart",
    responses((status = 200, description = "The visitor's cart (empty when there is none); never cached",
        body = Cart), crate::error::responses::TooManyReads, ServiceErrors))]
pub(crate) async fn get(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    visitor_write::within_read_limits(&req, &state)?;
    let carried = session::current(&req, &state).await.map_err(|_| ApiError::CartNotSaved)?;
    let driver = carried.kept.choice.driver;
    let Some(cart_id) = carried.kept.carts.get(&driver.backend()).cloned() else {
        return json(empty()).map(respond);
    };
    let request = CartRequest { driver: driver.into(), cart_id };
    let answer = state.carts.clone().get_cart(request).await?.into_inner();
    let replaced = answer.replaced;
    let mut res = json(answer).map(respond)?;
    if replaced {
        for cookie in forget(&req, &state, carried).await {
            // Only an invalid cookie fails to be written; ours are valid.
            let _ = res.add_cookie(&cookie);
        }
    }
    Ok(res)
}

fn empty() -> CartAnswer {
    CartAnswer { cart: Some(vitrine_domain::cart::empty()), replaced: false }
}

/// Drops the visitor's cart on their driver's backend (it is gone): the cookies that say
/// so. A failure only means the next read asks the backend again.
async fn forget(req: &HttpRequest, state: &AppState, mut carried: session::Carried) -> Vec<Cookie<'static>> {
    carried.kept.carts.remove(&carried.kept.choice.driver.backend());
    let (session, issued) = session::id_or_new(req, state);
    session::save(req, state, (&session, issued), carried, Record::StoreAndCookie).await.unwrap_or_else(|e| {
        tracing::warn!(error = %e, "a gone cart stays with the visitor");
        Vec::new()
    })
}

/// POST /api/cart/lines: adds a variant (merged into its line when the cart has it);
/// the first add makes the cart (and the session, when there is none).
#[utoipa::path(post, path = "/api/cart/lines", tag = "cart", request_body = AddLine,
    params(("Idempotency-Key" = Option<String>, Header,
        description = "A retry with the same key and body answers the first result without adding again")),
    responses((status = 200, description = "The cart after the add", body = Cart),
        InputError, ChangeErrors, ServiceErrors))]
pub(crate) async fn add(req: HttpRequest, state: web::Data<AppState>, body: web::Bytes) -> ApiResult {
    let line: AddLine = parse(&body)?;
    change(&req, &state, &body, |mut carts, driver, cart_id| async move {
        let request =
            AddToCartRequest { driver: driver.into(), cart_id, variant: line.variant, quantity: line.quantity };
        carts.add_to_cart(request).await.map(tonic::Response::into_inner)
    })
    .await
}

/// PATCH /api/cart/lines/{line}: sets a line's quantity.
#[utoipa::path(patch, path = "/api/cart/lines/{line}", tag = "cart", request_body = LineQuantity,
    params(("line" = String, Path, description = "The line's id, as the cart lists it"),
        ("Idempotency-Key" = Option<String>, Header, description = "As for adding")),
    responses((status = 200, description = "The cart after the change", body = Cart),
        InputError, ChangeErrors, ServiceErrors))]
pub(crate) async fn update(
    req: HttpRequest,
    state: web::Data<AppState>,
    line: web::Path<String>,
    body: web::Bytes,
) -> ApiResult {
    let set: LineQuantity = parse(&body)?;
    let line = line.into_inner();
    change(&req, &state, &body, |mut carts, driver, cart_id| async move {
        let request = UpdateCartLineRequest { driver: driver.into(), cart_id, line, quantity: set.quantity };
        carts.update_cart_line(request).await.map(tonic::Response::into_inner)
    })
    .await
}

/// DELETE /api/cart/lines/{line}: removes a line (no body).
#[utoipa::path(delete, path = "/api/cart/lines/{line}", tag = "cart",
    params(("line" = String, Path, description = "The line's id, as the cart lists it"),
        ("Idempotency-Key" = Option<String>, Header, description = "As for adding")),
    responses((status = 200, description = "The cart after the removal", body = Cart),
        InputError, ChangeErrors, ServiceErrors))]
pub(crate) async fn remove(req: HttpRequest, state: web::Data<AppState>, line: web::Path<String>) -> ApiResult {
    let line = line.into_inner();
    change(&req, &state, &[], |mut carts, driver, cart_id| async move {
        let request = RemoveCartLineRequest { driver: driver.into(), cart_id, line };
        carts.remove_cart_line(request).await.map(tonic::Response::into_inner)
    })
    .await
}

fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    parse_within(body, MAX_BODY_BYTES)
}

/// One change of the visitor's cart (from this site, checked before): the limits, the
/// idempotency key, then `call` with the visitor's driver and their cart id there
/// (empty: none yet), and what they keep updated with the cart the answer names.
async fn change<F, Fut>(req: &HttpRequest, state: &AppState, body: &[u8], call: F) -> ApiResult
where
    F: FnOnce(Carts, Driver, String) -> Fut,
    Fut: Future<Output = Result<CartAnswer, Status>>,
{
    guarded(req, state, body, |session| run(req, state, session, call)).await
}

/// The change itself: the answer's JSON, and the cookies that carry what the visitor
/// keeps after it (none when the cart id did not change).
async fn run<F, Fut>(
    req: &HttpRequest,
    state: &AppState,
    (session, issued): Session,
    call: F,
) -> Result<(String, Vec<Cookie<'static>>), ApiError>
where
    F: FnOnce(Carts, Driver, String) -> Fut,
    Fut: Future<Output = Result<CartAnswer, Status>>,
{
    let mut carried = session::current(req, state).await.map_err(|_| ApiError::CartNotSaved)?;
    let driver = carried.kept.choice.driver;
    let before = carried.kept.carts.get(&driver.backend()).cloned().unwrap_or_default();
    let answer = call(state.carts.clone(), driver, before.clone()).await?;
    let after = answer.cart.as_ref().map(|c| c.id.clone()).unwrap_or_default();
    let mut cookies = Vec::new();
    if after != before {
        match Some(after).filter(|id| !id.is_empty()) {
            Some(id) => carried.kept.carts.insert(driver.backend(), id),
            None => carried.kept.carts.remove(&driver.backend()),
        };
        cookies =
            session::save(req, state, (&session, issued), carried, Record::StoreAndCookie).await.map_err(|e| {
                tracing::warn!(error = %e, "the visitor's cart was not kept");
                ApiError::CartNotSaved
            })?;
    }
    Ok((json(answer)?, cookies))
}
