//! `/robots.txt` and the sitemap: `/sitemap.xml` is a sitemap index naming
//! `/sitemap-1.xml`, `/sitemap-2.xml`…, each a `<urlset>` of at most
//! `Config::sitemap_page_urls` paths (50 000, the protocol's limit).
//!
//! - [`collect`]: what the services answer, for the edge's default driver (a crawler
//!   has no session; the visitor's driver plays no part).
//! - [`plan`]: which path is in which file, kept without the products' paths.
//! - `file`: one file's paths, from the pages it covers only.
//! - [`kept`]: the plans, one per driver, kept for [`TTL`] and made again in the
//!   background.
//! - [`xml`]: the two documents.
//!
//! Caching: the plan is kept here, not in the response cache, whose 10 s would mean a
//! full catalogue walk every few crawler hits. Past [`TTL`] it is still served while the
//! next is made, so only the first request waits for a walk. A file is fetched per
//! request (its pages come from the adapter's cache while they are fresh), and its XML
//! written then, since the origin in every `<loc>` may come from the request. A request
//! that finds no plan and whose making fails answers 503, never 500.

pub(crate) mod collect;
mod file;
mod kept;
mod plan;
mod xml;

use std::sync::Arc;
use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, web};

use crate::AppState;
use crate::error::ApiError;
use crate::origin::public_origin;

/// How long a sitemap's plan is used before the next is made: a new product shows
/// within minutes.
pub(crate) const TTL: Duration = Duration::from_secs(10 * 60);

/// The protocol's most URLs per sitemap file (sitemaps.org).
pub(crate) const PROTOCOL_PAGE_URLS: usize = 50_000;

pub(crate) struct SitemapCache {
    plans: kept::Plans,
    page_urls: usize,
}

impl SitemapCache {
    /// `page_urls` per page (at least 1), plans used for `ttl`.
    pub(crate) fn new(page_urls: usize, ttl: Duration) -> Self {
        Self { plans: kept::Plans::new(ttl), page_urls: page_urls.max(1) }
    }

    /// The default driver's plan.
    async fn plan(&self, state: &web::Data<AppState>) -> Result<Arc<plan::Plan>, ApiError> {
        self.plans.get(state, state.default_driver).await.ok_or(ApiError::SitemapUnavailable)
    }
}

/// A service's failure, logged, as the one answer a crawler gets.
fn unavailable(status: &tonic::Status) -> ApiError {
    tracing::warn!(grpc_code = ?status.code(), detail = status.message(), "sitemap not built");
    ApiError::SitemapUnavailable
}

/// `/sitemap-{n}.xml`
fn page_path(n: usize) -> String {
    format!("/sitemap-{n}.xml")
}

/// The `n` of a path shaped `/sitemap-{n}.xml`, as written; `None` for any other path.
pub(crate) fn page_of(path: &str) -> Option<&str> {
    path.strip_prefix("/sitemap-")?.strip_suffix(".xml")
}

/// `n` of `/sitemap-{n}.xml` as written by [`page_path`]: 1, 2…; not `01`, `0` or `+1`,
/// so each page has one URL.
fn page_number(text: &str) -> Option<usize> {
    text.parse().ok().filter(|n: &usize| *n >= 1 && n.to_string() == text)
}

fn xml_response(body: String) -> HttpResponse {
    HttpResponse::Ok().content_type("application/xml; charset=utf-8").body(body)
}

/// GET /robots.txt: everything may be crawled but the API and the image service; the
/// sitemap's absolute address.
pub(crate) async fn robots(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let origin = public_origin(&req, state.public_url.as_deref());
    let body = format!("User-agent: *\nDisallow: /api/\nDisallow: /img\n\nSitemap: {origin}/sitemap.xml\n");
    HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(body)
}

/// GET /sitemap.xml: the index of the pages.
pub(crate) async fn index(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let pages = state.sitemap.plan(&state).await?.files(state.sitemap.page_urls);
    Ok(xml_response(xml::index(&public_origin(&req, state.public_url.as_deref()), pages)))
}

/// GET /sitemap-{n}.xml: page `n`; 404 past the last.
pub(crate) async fn page(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let n = page_of(req.path()).and_then(page_number).ok_or(ApiError::SitemapPageNotFound)?;
    let plan = state.sitemap.plan(&state).await?;
    let span = plan.file(n, state.sitemap.page_urls).ok_or(ApiError::SitemapPageNotFound)?;
    let paths = file::paths(&state, state.default_driver, &plan, span).await.map_err(|s| unavailable(&s))?;
    Ok(xml_response(xml::urlset(&public_origin(&req, state.public_url.as_deref()), &paths)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_has_one_spelling() {
        for (text, expected) in
            [("1", Some(1)), ("12", Some(12)), ("0", None), ("01", None), ("+1", None), ("-1", None), ("x", None)]
        {
            assert_eq!(page_number(text), expected, "{text}");
        }
        assert_eq!(page_of(&page_path(7)).and_then(page_number), Some(7));
        for other in ["/sitemap.xml", "/sitemap-1.xm", "/x/sitemap-1.xml", "/1001"] {
            assert_eq!(page_of(other), None, "{other}");
        }
    }
}
