//! The edge's one route table (DESIGN.md "The edge's HTTP API").
//!
//! Shaped for the pages' sake (issue 21): a page's address is compared with every route
//! before it falls through to [`fallback`], and a route with a parameter is a regular
//! expression run on it. So the API is one scope (a prefix compared once), its one
//! parameterised route comes last inside it, the build's assets are a scope too, and the
//! sitemap's pages are told apart in [`fallback`] rather than by a pattern.

use actix_web::http::Method;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::{AppState, api, cart, compare, faults, health, image, openapi, page, sitemap, spa, sse};

/// `static_dir`: the built SPA, served for every path no route above claims.
/// `public_metrics`: whether `/metrics` is answered here; when the metrics have a port of
/// their own it is not (issue 11: visitors don't read the figures).
pub(crate) fn routes(cfg: &mut web::ServiceConfig, static_dir: Option<&std::path::Path>, public_metrics: bool) {
    cfg.service(
        web::scope("/api")
            .route("/driver", web::get().to(api::get_driver))
            .route("/driver", web::put().to(api::put_driver))
            .route("/driver/events", web::get().to(sse::events))
            .route("/navigation", web::get().to(api::navigation))
            .route("/resolve", web::get().to(api::resolve))
            .route("/page", web::get().to(api::page))
            .route("/head/home", web::get().to(api::home_head))
            .route("/head/cart", web::get().to(api::cart_head))
            .route("/head/compare", web::get().to(api::compare_head))
            .route("/head/search", web::get().to(api::search_head))
            .route("/products", web::get().to(api::products))
            .route("/products/best-sellers", web::get().to(api::best_sellers))
            .route("/products/by-url", web::get().to(api::product_by_url))
            .route("/categories", web::get().to(api::categories))
            .route("/categories/by-url", web::get().to(api::category_by_url))
            .route("/search", web::get().to(api::search))
            .route("/pages/by-url", web::get().to(api::content_by_url))
            .route("/openapi.json", web::get().to(openapi::openapi_json))
            // issue 24: the debug bar's Timings panel.
            .route("/debug", web::get().to(api::debug))
            // issue 23: the visitor's cart (never cached).
            .route("/cart", web::get().to(cart::get))
            .route("/cart/lines", web::post().to(cart::add))
            .route("/cart/lines/{line}", web::patch().to(cart::update))
            .route("/cart/lines/{line}", web::delete().to(cart::remove))
            // issue 24: the debug tools.
            .route("/debug/faults", web::get().to(faults::get_faults))
            .route("/debug/faults", web::put().to(faults::put_faults))
            .route("/debug/faults", web::delete().to(faults::delete_faults))
            .route("/debug/compare", web::post().to(compare::compare))
            // After the fixed product paths, which it would otherwise take.
            .route("/products/{id}", web::get().to(api::product))
            .default_service(web::to(api::unknown)),
    )
    .route("/healthz", web::get().to(health::healthz))
    .route("/readyz", web::get().to(health::readyz))
    .route("/img", web::get().to(image::serve))
    // Before the SPA's fallback, which would answer them with the app's HTML.
    .route("/robots.txt", web::get().to(sitemap::robots))
    .route("/sitemap.xml", web::get().to(sitemap::index));
    if public_metrics {
        cfg.route("/metrics", web::get().to(health::metrics));
    }
    if let Some(dir) = static_dir {
        cfg.app_data(web::Data::new(spa::StaticDir(dir.to_owned())))
            .service(web::scope("/assets").default_service(web::to(spa::asset)))
            .service(spa::files(dir));
    }
    cfg.default_service(web::to(fallback));
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
