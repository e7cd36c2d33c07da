//! `/api/openapi.json`: the public API described as OpenAPI 3.1, generated from the
//! handlers' `#[utoipa::path]` and the shapes of [`crate::dto`]. The document is kept in
//! the repo (`services/edge/openapi.json`); `tests/openapi.rs` fails when the two differ,
//! and the SPA's TypeScript types are generated from the kept file.
//!
//! - [`bounds`]: the parameters' limits and the image widths, from the code's constants.

use std::sync::LazyLock;

use actix_web::HttpResponse;
use utoipa::OpenApi;

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
        api::forget_session,
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

#[cfg(test)]
mod tests;
