//! `/api/openapi.json`: the public API described as OpenAPI 3.1, generated from the
//! handlers' `#[utoipa::path]` and the shapes of [`crate::dto`]. The document is kept in
//! the repo (`services/edge/openapi.json`); `tests/openapi.rs` fails when the two differ,
//! and the SPA's TypeScript types are generated from the kept file.
//!
//! - [`bounds`]: the parameters' limits and the image widths, from the code's constants.

use std::sync::LazyLock;

use actix_web::HttpResponse;
use utoipa::{IntoResponses, OpenApi};

use crate::dto::ErrorBody;
use crate::{api, cart, checkout, compare, faults, sse};

mod bounds;

use self::bounds::Bounds;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Vitrine edge",
        description = "The storefront's public JSON API (the SPA's only backend). Errors are always \
                       `{\"error\":{\"code\",\"message\"}}`.",
        license(name = "MIT", identifier = "MIT"),
    ),
    paths(
        api::get_driver,
        api::put_driver,
        sse::events,
        api::navigation,
        api::resolve,
        api::page,
        api::home_head,
        api::cart_head,
        api::compare_head,
        api::checkout_head,
        api::order_head,
        api::search_head,
        api::products,
        api::best_sellers,
        api::product_by_url,
        api::product,
        api::categories,
        api::category_by_url,
        api::search,
        api::content_by_url,
        cart::get,
        cart::add,
        cart::update,
        cart::remove,
        checkout::get,
        checkout::set_address,
        checkout::shipping_options,
        checkout::set_shipping,
        checkout::place,
        checkout::order,
        api::debug,
        faults::get_faults,
        faults::put_faults,
        faults::delete_faults,
        compare::compare,
        openapi_json,
    ),
    // Referenced from the error responses only, which do not register their schemas.
    components(schemas(ErrorBody)),
    modifiers(&Bounds),
    tags(
        (name = "driver", description = "The session's catalogue source (the spec's \"Active driver\")"),
        (name = "catalogue", description = "Products and the menu, from the session's driver"),
        (name = "routing", description = "What a storefront path is (the spec's \"Route matching\")"),
        (name = "cart", description = "The visitor's cart on their driver's backend; never cached"),
        (name = "checkout", description = "Checkout to a test order, and the orders this session placed; never cached"),
        (name = "debug", description = "The debug bar's tools: injected faults and the backends compared, where they are on"),
        (name = "meta", description = "This document"),
    )
)]
struct ApiDoc;

/// The document as kept in the repo: pretty-printed, keys in a stable (sorted) order,
/// ending with a newline. The version is the crate's, so it changes with releases only.
#[must_use]
pub fn document() -> String {
    let mut doc = ApiDoc::openapi();
    env!("CARGO_PKG_VERSION").clone_into(&mut doc.info.version);
    let mut text = doc.to_pretty_json().unwrap_or_else(|e| {
        tracing::error!(error = %e, "OpenAPI document could not be encoded");
        String::from("{}")
    });
    text.push('\n');
    text
}

static DOCUMENT: LazyLock<String> = LazyLock::new(document);

/// GET /api/openapi.json
#[utoipa::path(get, path = "/api/openapi.json", tag = "meta",
    responses((status = 200, description = "This document (OpenAPI 3.1)", content_type = "application/json",
        body = Object)))]
pub(crate) async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(DOCUMENT.as_str())
}

// The error answers a route can give, for the document only: handlers answer `ApiError`,
// whose one table (`error.rs`) decides the status; these name the same statuses.

/// A request the edge refuses before calling any service (status 400).
#[derive(IntoResponses)]
#[response(
    status = 400,
    description = "Bad request: a missing or invalid parameter or body (code bad_request), or checkout fields \
                   refused, each with its text in `fields` (code invalid_fields)"
)]
pub(crate) struct InputError(#[allow(dead_code)] ErrorBody);

/// What a service call can answer besides success.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub(crate) enum ServiceErrors {
    #[response(status = 404, description = "Nothing there (code not_found)")]
    NotFound(ErrorBody),
    #[response(status = 502, description = "The backend or a service failed (code upstream_unavailable)")]
    Upstream(ErrorBody),
    #[response(
        status = 503,
        description = "The driver's backend cannot be used: not configured or disabled (code driver_unavailable)"
    )]
    DriverUnavailable(ErrorBody),
    #[response(status = 504, description = "The backend did not answer in time (code upstream_timeout)")]
    Timeout(ErrorBody),
}

/// What a change of the visitor's cart or checkout can answer besides success, a bad
/// body (`InputError`; a checkout step's refused fields too) and the service errors
/// (issues 23, 26).
#[derive(IntoResponses)]
#[allow(dead_code)]
pub(crate) enum ChangeErrors {
    #[response(status = 403, description = "A change from another site (code forbidden)")]
    CrossSite(ErrorBody),
    #[response(
        status = 409,
        description = "The backend refused (out of stock, an unknown variant or line, no shipping there: code \
                       refused), has no checkout here (code no_checkout), this cart's order is being placed (code \
                       order_in_flight), or the first request with this Idempotency-Key still runs (code \
                       idempotency_in_flight)"
    )]
    Refused(ErrorBody),
    #[response(
        status = 422,
        description = "The Idempotency-Key was used for another request (code idempotency_key_reused)"
    )]
    KeyReused(ErrorBody),
    #[response(
        status = 429,
        description = "Too many cart and checkout changes from this session or address (code too_many_requests)"
    )]
    TooMany(ErrorBody),
}

/// What a debug tool's change can answer besides its own: from another site, or
/// where the tools are off.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub(crate) enum DebugToolErrors {
    #[response(status = 403, description = "A change from another site (code forbidden)")]
    CrossSite(ErrorBody),
    #[response(status = 404, description = "The debug tools are off here (code not_found)")]
    Off(ErrorBody),
}

/// A switch the store could not carry out (nothing was switched).
#[derive(IntoResponses)]
#[response(status = 503, description = "The store could not save the driver (code unavailable)")]
pub(crate) struct SwitchFailed(#[allow(dead_code)] ErrorBody);

/// A switch over the per-minute limits; `Retry-After` says when to try again.
#[derive(IntoResponses)]
#[response(status = 429, description = "Too many switches from this session or address (code too_many_requests)")]
pub(crate) struct TooManySwitches(#[allow(dead_code)] ErrorBody);

#[cfg(test)]
mod tests;
