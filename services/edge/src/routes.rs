//! The edge's one route table (DESIGN.md "The edge's HTTP API").
//!
//! Shaped for the pages' sake: a page's address is compared with every route
//! before it falls through to [`fallback`], and a route with a parameter is a regular
//! expression run on it. So the API is one scope (a prefix compared once), its one
//! parameterised route comes last inside it, the build's assets are a scope too, and the
//! sitemap's pages are told apart in [`fallback`] rather than by a pattern.

use actix_web::http::Method;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::{AppState, api, cart, checkout, compare, faults, health, image, openapi, page, sitemap, spa, sse};

/// `static_dir`: the built SPA, served for every path no route above claims.
/// `public_metrics`: whether `/metrics` is answered here; when the metrics have a port of
/// their own it is not (visitors don't read the figures).
pub(crate) fn routes(cfg: &mut web::ServiceConfig, static_dir: Option<&std::path::Path>, public_metrics: bool) {
    cfg.service(
        web::scope("/api")
            // The reads every page view makes come first: a request is compared with each
            // route in turn until one matches (about 200 instructions a route).
            .route("/page", read().to(api::page))
            .route("/products/by-url", read().to(api::product_by_url))
            .route("/categories/by-url", read().to(api::category_by_url))
            .route("/navigation", read().to(api::navigation))
            .route("/search", read().to(api::search))
            .route("/products", read().to(api::products))
            .route("/products/best-sellers", read().to(api::best_sellers))
            .route("/categories", read().to(api::categories))
            .route("/pages/by-url", read().to(api::content_by_url))
            .route("/resolve", read().to(api::resolve))
            .route("/head/home", read().to(api::home_head))
            .route("/head/cart", read().to(api::cart_head))
            .route("/head/compare", read().to(api::compare_head))
            .route("/head/checkout", read().to(api::checkout_head))
            .route("/head/order", read().to(api::order_head))
            .route("/head/search", read().to(api::search_head))
            .route("/driver", read().to(api::get_driver))
            .route("/driver", web::put().to(api::put_driver))
            .route("/session", web::delete().to(api::forget_session))
            .route("/driver/events", read().to(sse::events))
            .route("/openapi.json", read().to(openapi::openapi_json))
            // The debug bar's Timings panel.
            .route("/debug", read().to(api::debug))
            // The visitor's cart (never cached).
            .route("/cart", read().to(cart::get))
            .route("/cart/lines", web::post().to(cart::add))
            .route("/cart/lines/{line}", web::patch().to(cart::update))
            .route("/cart/lines/{line}", web::delete().to(cart::remove))
            // Checkout, and the orders this session placed (never cached).
            .route("/checkout", read().to(checkout::get))
            .route("/checkout/address", web::put().to(checkout::set_address))
            .route("/checkout/shipping-options", read().to(checkout::shipping_options))
            .route("/checkout/shipping", web::put().to(checkout::set_shipping))
            .route("/checkout/order", web::post().to(checkout::place))
            .route("/orders/{number}", read().to(checkout::order))
            // The debug tools.
            .route("/debug/faults", read().to(faults::get_faults))
            .route("/debug/faults", web::put().to(faults::put_faults))
            .route("/debug/faults", web::delete().to(faults::delete_faults))
            .route("/debug/compare", web::post().to(compare::compare))
            // After the fixed product paths, which it would otherwise take.
            .route("/products/{id}", read().to(api::product))
            .default_service(web::to(api::unknown)),
    )
    .route("/healthz", read().to(health::healthz))
    .route("/readyz", read().to(health::readyz))
    .route("/img", read().to(image::serve))
    // Before the SPA's fallback, which would answer them with the app's HTML.
    .route("/robots.txt", read().to(sitemap::robots))
    .route("/sitemap.xml", read().to(sitemap::index));
    if public_metrics {
        cfg.route("/metrics", read().to(health::metrics));
    }
    if let Some(dir) = static_dir {
        cfg.app_data(web::Data::new(spa::StaticDir(dir.to_owned())))
            .service(web::scope("/assets").default_service(web::to(spa::asset)))
            .service(spa::files(dir));
    }
    cfg.default_service(web::to(fallback));
}

/// A route answering GET and HEAD alike (RFC 9110 §9.3.2: HEAD is GET without the body;
/// actix-web writes no body for it), so `curl -I` sees the same headers as a browser.
///
/// A guard of its own: actix's method guards note their method in the request's
/// extensions on every check (for a resource's `Allow`, which no route here reaches: an
/// unknown method on a route is the API's 404 or the pages' 405 with its own `Allow`),
/// an allocation and a map write on every read.
fn read() -> actix_web::Route {
    web::route().guard(actix_web::guard::fn_guard(|ctx| matches!(ctx.head().method, Method::GET | Method::HEAD)))
}

/// Every address no route claims: a sitemap page, else (GET or HEAD) a page.
async fn fallback(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return HttpResponse::MethodNotAllowed().insert_header(("allow", "GET, HEAD")).finish();
    }
    if sitemap::page_of(req.path()).is_some() {
        return sitemap::page(req, state).await.unwrap_or_else(|e| actix_web::ResponseError::error_response(&e));
    }
    page::serve(req, state).await
}
