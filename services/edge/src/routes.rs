//! The edge's one route table (DESIGN.md "The edge's HTTP API"). More specific product
//! paths come before `/api/products/{id}`.

use actix_web::web;

use crate::{api, health, image, openapi, page, sitemap, spa, sse};

/// `static_dir`: the built SPA, served for every path no route above claims.
/// `public_metrics`: whether `/metrics` is answered here; when the metrics have a port of
/// their own it is not (issue 11: visitors don't read the figures).
pub(crate) fn routes(cfg: &mut web::ServiceConfig, static_dir: Option<&std::path::Path>, public_metrics: bool) {
    cfg.route("/api/driver", web::get().to(api::get_driver))
        .route("/api/driver", web::put().to(api::put_driver))
        .route("/api/driver/events", web::get().to(sse::events))
        .route("/api/navigation", web::get().to(api::navigation))
        .route("/api/resolve", web::get().to(api::resolve))
        .route("/api/page", web::get().to(api::page))
        .route("/api/head/home", web::get().to(api::home_head))
        .route("/api/head/search", web::get().to(api::search_head))
        .route("/api/products", web::get().to(api::products))
        .route("/api/products/best-sellers", web::get().to(api::best_sellers))
        .route("/api/products/by-url", web::get().to(api::product_by_url))
        .route("/api/products/{id}", web::get().to(api::product))
        .route("/api/categories", web::get().to(api::categories))
        .route("/api/categories/by-url", web::get().to(api::category_by_url))
        .route("/api/search", web::get().to(api::search))
        .route("/api/pages/by-url", web::get().to(api::content_by_url))
        .route("/api/openapi.json", web::get().to(openapi::openapi_json))
        .route("/healthz", web::get().to(health::healthz))
        .route("/readyz", web::get().to(health::readyz))
        .route("/img", web::get().to(image::serve))
        // Before the SPA's fallback, which would answer them with the app's HTML.
        .route("/robots.txt", web::get().to(sitemap::robots))
        .route("/sitemap.xml", web::get().to(sitemap::index))
        .route("/sitemap-{n}.xml", web::get().to(sitemap::page))
        .service(web::scope("/api").default_service(web::to(api::unknown)));
    if public_metrics {
        cfg.route("/metrics", web::get().to(health::metrics));
    }
    if let Some(dir) = static_dir {
        cfg.app_data(web::Data::new(spa::StaticDir(dir.to_owned())))
            .route("/assets/{file}", web::get().to(spa::asset))
            .service(web::resource("/").route(web::get().to(page::serve)).route(web::head().to(page::serve)))
            .service(spa::files(dir));
    }
}
