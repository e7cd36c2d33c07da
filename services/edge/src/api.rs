//! The SPA's JSON API: handlers only. Each checks its inputs, reads through
//! [`crate::reads`] (which the pages the edge writes stand on too) and answers one of the
//! public shapes of [`crate::dto`] as the read's JSON; every failure is an [`ApiError`]
//! variant. The `#[utoipa::path]` beside each handler is its entry in `/api/openapi.json`.

use std::future::Future;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use utoipa::IntoParams;
use vitrine_common::clock::unix_ms;
use vitrine_domain::{Driver, listing};

use crate::dto::{self, DebugInfo, DriverChange, DriverInfo, NavigationNode, Product, ProductResponse, Resolution};
use crate::error::ApiError;
use crate::error::responses::{CrossSite, ForgetFailed, InputError, ServiceErrors, SwitchFailed, TooManySwitches};
use crate::reads::{self, Reader, driver_info, keys};
use crate::session::Record;
use crate::sse::{CHANNEL, SwitchEvent};
use crate::{AppState, client_address, head, session};

mod params;

params::from_query!(UrlQuery { url });
params::from_query!(CategoryListing(CategoryQuery { url }, ListingQuery { page, sort }));
params::from_query!(SearchListing(SearchQuery { q }, ListingQuery { page, sort }));

/// The API's media type, as a header value made once.
const JSON: actix_web::http::header::HeaderValue =
    actix_web::http::header::HeaderValue::from_static("application/json");

/// Longest path accepted for a lookup; longer is a bad request, not an upstream call.
pub(crate) const MAX_URL_LEN: usize = 2048;
/// Largest product list a client may ask for (and the sitemap asks for).
pub(crate) use vitrine_domain::listing::MAX_LIMIT;

type ApiResult = Result<HttpResponse, ApiError>;

/// GET /api/driver: the session's driver and every option of the debug bar.
///
/// It issues no session: a visitor has one from their first switch.
#[utoipa::path(get, path = "/api/driver", tag = "driver",
    responses((status = 200, description = "The session's driver and every option", body = DriverInfo)))]
pub(crate) async fn get_driver(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let visitor = session::Visitor::of(&req, &state).await;
    let mut res = HttpResponse::Ok().json(driver_info(&state, visitor.choice, None));
    visitor.finish(&mut res);
    res
}

/// PUT /api/driver: the spec's driver switch. Unknown values are ignored, and a driver is refused where its
/// adapter has no shop; both answer the unchanged driver with a notice saying
/// why. A switch is one store write (the driver and when) and the visitor's
/// state cookie signed again: from then on this visitor's reads skip whatever
/// was cached before it, on every layer, while everyone else's caches stay as they are.
/// It is published for the session's other tabs, and rate-limited per session and address.
#[utoipa::path(put, path = "/api/driver", tag = "driver", request_body = DriverChange,
    responses((status = 200, description = "The session's driver after the change, with a notice when it was refused",
        body = DriverInfo), InputError, CrossSite, TooManySwitches, SwitchFailed))]
pub(crate) async fn put_driver(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<DriverChange>,
) -> ApiResult {
    // A session whose store key cannot be read keeps its switch; its carts are what
    // cannot be read.
    let current = session::current(&req, &state).await.unwrap_or_else(|_| session::nothing_kept(&state));
    let Some(next) = Driver::parse(&body.driver) else {
        let notice = format!("Unknown driver '{}' ignored.", body.driver.chars().take(64).collect::<String>());
        return Ok(HttpResponse::Ok().json(driver_info(&state, current.kept.choice, Some(notice))));
    };
    if !state.availability.enabled(next) {
        let notice = format!("The {next} driver is coming soon; it cannot be selected yet.");
        return Ok(HttpResponse::Ok().json(driver_info(&state, current.kept.choice, Some(notice))));
    }
    // A refused change keeps nothing, so only a switch issues a session.
    let (session, issued) = session::id_or_new(&req, &state);
    let address = client_address::of(&req, &state);
    if !state.switch_limiter.allow(&session, &address) {
        state.metrics.switches_refused.with_label_values(&["rate_limited"]).inc();
        return Err(ApiError::TooManySwitches);
    }
    let choice = session::Choice::switched(next, unix_ms());
    let mut kept = current;
    kept.kept.choice = choice;
    // A choice that keeps nothing (back on the default, no cart) removes the cookies:
    // the visitor's answers are shared ones again.
    let cookies = session::save(&req, &state, (&session, issued), kept, Record::StoreAndCookie).await.map_err(|e| {
        tracing::warn!(error = %e, "the switch was not saved");
        ApiError::DriverNotSaved
    })?;
    state.metrics.switches.with_label_values(&[next.as_str()]).inc();
    let event = SwitchEvent {
        session,
        driver: next.as_str().to_owned(),
        switched_at_ms: choice.switched_at_ms,
        origin: state.edge_id.clone(),
    };
    let event = serde_json::to_string(&event).unwrap_or_default();
    if let Err(e) = state.store.publish(CHANNEL, &event).await {
        tracing::warn!(error = %e, "switch event not published; other tabs will not follow");
    }
    let mut res = HttpResponse::Ok();
    for cookie in cookies {
        res.cookie(cookie);
    }
    Ok(res.json(driver_info(&state, choice, None)))
}

/// DELETE /api/session: "forget me". The visitor's session ends: what it kept (driver,
/// carts, the orders it may show) is no longer theirs, a copy of its cookies taken
/// before opens nothing, and the answer removes the cookies. The carts themselves stay
/// with their backends, which keep or expire them as they do any abandoned cart.
#[utoipa::path(delete, path = "/api/session", tag = "driver",
    responses((status = 204, description = "Forgotten: the cookies are removed"), CrossSite, ForgetFailed))]
pub(crate) async fn forget_session(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    let cookies = session::forget(&req, &state).await.map_err(|e| {
        tracing::warn!(error = %e, "a session was not forgotten");
        ApiError::SessionNotForgotten
    })?;
    let mut res = HttpResponse::NoContent();
    for cookie in cookies {
        res.cookie(cookie);
    }
    Ok(res.finish())
}

/// A read for the request's session under `key`, answered as its JSON (made once, when
/// it was read), compressed and tagged once when it is cached.
async fn answer<T, F, Fut>(req: &HttpRequest, state: &web::Data<AppState>, key: String, load: F) -> ApiResult
where
    T: serde::Serialize + Send + Sync + 'static,
    F: FnOnce(web::Data<AppState>, Reader) -> Fut + Send + 'static,
    Fut: Future<Output = Result<(T, bool), ApiError>> + Send + 'static,
{
    let visitor = session::Visitor::of(req, state).await;
    let read = reads::cached(state, visitor.choice, key, load).await?;
    let mut res = match &read.encoded {
        Some(encoded) => crate::encoded::respond(req, encoded, StatusCode::OK, JSON, visitor.sharing),
        None => HttpResponse::Ok().content_type("application/json").body(read.body),
    };
    visitor.finish(&mut res);
    Ok(res)
}

/// GET /api/navigation
#[utoipa::path(get, path = "/api/navigation", tag = "catalogue",
    responses((status = 200, description = "The menu tree", body = NavigationNode), ServiceErrors))]
pub(crate) async fn navigation(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    answer(&req, &state, keys::request(&req), move |s, r| async move { reads::navigation(&s, r).await }).await
}

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct UrlQuery {
    /// The storefront path to look up, e.g. `/1001` (a leading slash is added if missing).
    #[param(required = true)]
    url: Option<String>,
}

/// The `url` query parameter as given: the service that receives it normalises it
/// (`vitrine_domain::paths::join_segments`); here it is only bounded.
fn lookup_url(url: Option<&str>) -> Result<String, ApiError> {
    let url = url.filter(|u| !u.is_empty()).ok_or(ApiError::UrlMissing)?;
    if url.len() > MAX_URL_LEN {
        return Err(ApiError::UrlTooLong);
    }
    Ok(url.to_owned())
}

/// GET /api/resolve?url=/path: the resolution `{id,url,type,code,data}` plus what the
/// browser should do with it (`outcome`, `error_code`, `location`). A failed lookup is
/// not cached: the backend may be back on the next try.
#[utoipa::path(get, path = "/api/resolve", tag = "routing", params(UrlQuery),
    responses((status = 200, description = "The resolution and what to do with it", body = Resolution),
        InputError, ServiceErrors))]
pub(crate) async fn resolve(req: HttpRequest, state: web::Data<AppState>, query: UrlQuery) -> ApiResult {
    let url = lookup_url(query.url.as_deref())?;
    answer(&req, &state, keys::request(&req), move |s, r| async move { reads::resolution(&s, r, url).await }).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ListQuery {
    /// How many products; 0 or absent means the backend's default.
    limit: Option<u32>,
}

/// GET /api/products?limit=N
#[utoipa::path(get, path = "/api/products", tag = "catalogue", params(ListQuery),
    responses((status = 200, description = "Products", body = Vec<Product>), InputError, ServiceErrors))]
pub(crate) async fn products(req: HttpRequest, state: web::Data<AppState>, query: web::Query<ListQuery>) -> ApiResult {
    let limit = query.limit.unwrap_or(0);
    if limit > MAX_LIMIT {
        return Err(ApiError::LimitTooLarge { max: MAX_LIMIT });
    }
    answer(&req, &state, keys::request(&req), move |s, r| async move { reads::products(&s, r, limit).await }).await
}

/// GET /api/products/best-sellers
#[utoipa::path(get, path = "/api/products/best-sellers", tag = "catalogue",
    responses((status = 200, description = "The home page's best sellers", body = Vec<Product>), ServiceErrors))]
pub(crate) async fn best_sellers(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    answer(&req, &state, keys::request(&req), move |s, r| async move { reads::best_sellers(&s, r).await }).await
}

/// GET /api/products/by-url?url=/path → `{id, products}`
#[utoipa::path(get, path = "/api/products/by-url", tag = "catalogue", params(UrlQuery),
    responses((status = 200, description = "The product at a storefront path", body = ProductResponse),
        InputError, ServiceErrors))]
pub(crate) async fn product_by_url(req: HttpRequest, state: web::Data<AppState>, query: UrlQuery) -> ApiResult {
    let url = lookup_url(query.url.as_deref())?;
    answer(&req, &state, keys::request(&req), move |s, r| async move { reads::product_by_url(&s, r, url).await }).await
}

/// GET /api/products/{id} → `{id, products}`
#[utoipa::path(get, path = "/api/products/{id}", tag = "catalogue",
    params(("id" = String, Path, description = "The backend's product id")),
    responses((status = 200, description = "One product", body = ProductResponse), ServiceErrors))]
pub(crate) async fn product(req: HttpRequest, state: web::Data<AppState>, id: web::Path<String>) -> ApiResult {
    let id = id.into_inner();
    answer(&req, &state, keys::request(&req), move |s, r| async move { reads::product(&s, r, id).await }).await
}

// Category pages, search and content pages.

/// The listing parameters a category page and a search share.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ListingQuery {
    /// From `minimum` to `maximum`; absent, or anything else (not a whole number, out of
    /// range, more digits than `maximum` has), means 1, as a page's address reads it.
    #[param(value_type = Option<u32>)]
    page: Option<String>,
    /// position (the backend's order; relevance for search), name, price_asc or price_desc;
    /// absent or any other word means position.
    #[param(value_type = Option<dto::Sort>)]
    sort: Option<String>,
}

/// `page` and `sort` as a page's address reads them (`listing::page_number`,
/// [`dto::Sort::read`]): what cannot be read is page 1, in position order.
fn listing_params(page: Option<&str>, sort: Option<&str>) -> (u32, dto::Sort) {
    (listing::page_number(page.unwrap_or_default()), dto::Sort::read(sort.unwrap_or_default()))
}

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct CategoryQuery {
    /// The category's storefront path, e.g. `/computers`.
    #[param(required = true)]
    url: Option<String>,
}

/// GET /api/categories/by-url?url=/path&page=N&sort=S → the category and one page of it.
#[utoipa::path(get, path = "/api/categories/by-url", tag = "catalogue", params(CategoryQuery, ListingQuery),
    responses((status = 200, description = "The category at a storefront path and one page of its products",
        body = dto::CategoryPage), InputError, ServiceErrors))]
pub(crate) async fn category_by_url(
    req: HttpRequest,
    state: web::Data<AppState>,
    CategoryListing(query, listing): CategoryListing,
) -> ApiResult {
    let url = lookup_url(query.url.as_deref())?;
    let (page, sort) = listing_params(listing.page.as_deref(), listing.sort.as_deref());
    let key = keys::category(&url, page, sort);
    answer(&req, &state, key, move |s, r| async move { reads::category(&s, r, url, page, sort).await }).await
}

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct SearchQuery {
    /// The words to look for, surrounding spaces ignored; words longer than `maxLength`
    /// characters are cut there, as a search page's address reads them.
    #[param(required = true)]
    q: Option<String>,
}

/// `q` as a search page's address reads it (`listing::search_words`: trimmed, cut to
/// [`listing::MAX_QUERY_CHARS`] characters); there must be some.
fn search_words(q: Option<&str>) -> Result<String, ApiError> {
    listing::search_words(q.unwrap_or_default()).ok_or(ApiError::SearchQueryMissing)
}

/// GET /api/search?q=words&page=N&sort=S → one page of matching products.
#[utoipa::path(get, path = "/api/search", tag = "catalogue", params(SearchQuery, ListingQuery),
    responses((status = 200, description = "One page of the products matching q", body = dto::ProductPage),
        InputError, ServiceErrors))]
pub(crate) async fn search(
    req: HttpRequest,
    state: web::Data<AppState>,
    SearchListing(query, listing): SearchListing,
) -> ApiResult {
    let words = search_words(query.q.as_deref())?;
    let (page, sort) = listing_params(listing.page.as_deref(), listing.sort.as_deref());
    answer(&req, &state, keys::search(&words, page, sort), move |s, r| async move {
        reads::search(&s, r, words, page, sort).await
    })
    .await
}

/// GET /api/page?url=/path[&page=N&sort=S] → the resolution and the page's data in one
/// answer, so a page costs the browser one round trip whatever its type. The lookup
/// and every kind of page data are asked for at once (a backend that batches, Magento,
/// answers them in one upstream request); the answer keeps what the resolution names.
/// Asking for the kinds the path turns out not to be costs cached "nothing there"
/// answers, and keeps the browser from logging a 404 for every page that is not a product.
#[utoipa::path(get, path = "/api/page", tag = "routing", params(CategoryQuery, ListingQuery),
    responses((status = 200, description = "The resolution and the data of the page it names", body = dto::PageData),
        InputError, ServiceErrors))]
pub(crate) async fn page(
    req: HttpRequest,
    state: web::Data<AppState>,
    CategoryListing(query, listing): CategoryListing,
) -> ApiResult {
    let url = lookup_url(query.url.as_deref())?;
    let (page, sort) = listing_params(listing.page.as_deref(), listing.sort.as_deref());
    let origin = crate::origin::public_origin(&req, state.public_url.as_deref());
    let key = keys::page(&origin, &url, page, sort);
    answer(&req, &state, key, move |s, r| async move { reads::page(&s, r, &origin, url, page, sort).await }).await
}

/// GET /api/categories → the categories a home page offers: the fake store's own (its
/// menu is in-memory's), every other backend's top menu level.
#[utoipa::path(get, path = "/api/categories", tag = "catalogue",
    responses((status = 200, description = "Links to the backend's main categories", body = Vec<dto::CategoryLink>),
        ServiceErrors))]
pub(crate) async fn categories(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    answer(&req, &state, keys::request(&req), move |s, r| async move { reads::categories(&s, r).await }).await
}

/// GET /api/pages/by-url?url=/path → a content (CMS) page.
#[utoipa::path(get, path = "/api/pages/by-url", tag = "catalogue", params(UrlQuery),
    responses((status = 200, description = "The content page at a storefront path", body = dto::ContentPage),
        InputError, ServiceErrors))]
pub(crate) async fn content_by_url(req: HttpRequest, state: web::Data<AppState>, query: UrlQuery) -> ApiResult {
    let url = lookup_url(query.url.as_deref())?;
    answer(&req, &state, keys::request(&req), move |s, r| async move { reads::content(&s, r, url).await }).await
}

/// GET /api/head/home: the home page's head, for the SPA to apply after a client-side
/// navigation (the edge writes the same into the page it serves).
#[utoipa::path(get, path = "/api/head/home", tag = "routing",
    responses((status = 200, description = "The home page's head", body = dto::HeadAnswer)))]
pub(crate) async fn home_head(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let origin = crate::origin::public_origin(&req, state.public_url.as_deref());
    HttpResponse::Ok().json(head::answer(head::home(&origin)))
}

/// GET /api/head/cart: the cart page's head (titled, and not to be indexed),
/// for the SPA to apply after a client-side navigation.
#[utoipa::path(get, path = "/api/head/cart", tag = "routing",
    responses((status = 200, description = "The cart page's head", body = dto::HeadAnswer)))]
pub(crate) async fn cart_head(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    own_head(&req, &state, crate::spa_routes::Own::Cart)
}

/// GET /api/head/compare: the backends comparison's head (titled, and not to
/// be indexed), for the SPA to apply after a client-side navigation.
#[utoipa::path(get, path = "/api/head/compare", tag = "routing",
    responses((status = 200, description = "The comparison page's head", body = dto::HeadAnswer)))]
pub(crate) async fn compare_head(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    own_head(&req, &state, crate::spa_routes::Own::Compare)
}

/// GET /api/head/checkout: the checkout page's head (titled, not to be
/// indexed), for the SPA to apply after a client-side navigation.
#[utoipa::path(get, path = "/api/head/checkout", tag = "routing",
    responses((status = 200, description = "The checkout page's head", body = dto::HeadAnswer)))]
pub(crate) async fn checkout_head(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    own_head(&req, &state, crate::spa_routes::Own::Checkout)
}

/// GET /api/head/order: the head of an order's page, `/order/{number}` (titled,
/// not to be indexed), the same for every number.
#[utoipa::path(get, path = "/api/head/order", tag = "routing",
    responses((status = 200, description = "An order confirmation page's head", body = dto::HeadAnswer)))]
pub(crate) async fn order_head(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    own_head(&req, &state, crate::spa_routes::Own::Order)
}

fn own_head(req: &HttpRequest, state: &AppState, page: crate::spa_routes::Own) -> HttpResponse {
    let origin = crate::origin::public_origin(req, state.public_url.as_deref());
    HttpResponse::Ok().json(head::answer(head::own(page, &origin)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct SearchHeadQuery {
    /// The words searched for; absent or blank is the search page without a search.
    /// Surrounding spaces are ignored, and words longer than `maxLength` characters are cut there.
    q: Option<String>,
    /// From `minimum` to `maximum`; absent, or anything else, means 1.
    #[param(value_type = Option<u32>)]
    page: Option<String>,
}

/// GET /api/head/search?q=words&page=N: the search page's head (its title is the one
/// the written page has), for the SPA to apply after a client-side navigation. Its words
/// and page are read as the search page's address reads them.
#[utoipa::path(get, path = "/api/head/search", tag = "routing", params(SearchHeadQuery),
    responses((status = 200, description = "The search page's head", body = dto::HeadAnswer)))]
pub(crate) async fn search_head(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<SearchHeadQuery>,
) -> HttpResponse {
    let page = listing::page_number(query.page.as_deref().unwrap_or_default());
    let words = listing::search_words(query.q.as_deref().unwrap_or_default());
    let origin = crate::origin::public_origin(&req, state.public_url.as_deref());
    HttpResponse::Ok().json(head::answer(head::search(&origin, words.as_deref(), page)))
}

/// GET /api/debug: the debug bar's settings: the Jaeger UI the Timings panel
/// links a trace to, when the deployment names one. The same for every visitor.
#[utoipa::path(get, path = "/api/debug", tag = "debug",
    responses((status = 200, description = "The debug bar's settings", body = DebugInfo)))]
pub(crate) async fn debug(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(DebugInfo { jaeger_url: state.jaeger_ui_url.clone() })
}

/// Any other `/api` path: a JSON 404, never the SPA's HTML.
pub(crate) async fn unknown() -> ApiResult {
    Err(ApiError::NoSuchRoute)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listing_parameters_read_as_a_page_s_address_reads_them() {
        use dto::Sort as S;
        for (page, sort, expected) in [
            (None, None, (1, S::Position)),
            (Some(""), Some(""), (1, S::Position)),
            (Some("2"), Some("price_desc"), (2, S::PriceDesc)),
            (Some("02"), Some("name"), (2, S::Name)),
            (Some("1000"), Some("name"), (1000, S::Name)),
            (Some("1001"), None, (1, S::Position)),
            (Some("0"), None, (1, S::Position)),
            (Some("-1"), None, (1, S::Position)),
            (Some("two"), None, (1, S::Position)),
            (Some("1.5"), None, (1, S::Position)),
            (None, Some("price"), (1, S::Position)),
            (None, Some("PRICE_ASC"), (1, S::Position)),
        ] {
            assert_eq!(listing_params(page, sort), expected, "page {page:?} sort {sort:?}");
        }
    }

    #[test]
    fn search_words_are_trimmed_cut_and_required() {
        let longest = "é".repeat(200);
        let too_long = format!("{longest}abc");
        for (q, expected) in [
            (Some(" chair "), Ok("chair")),
            (Some(longest.as_str()), Ok(longest.as_str())),
            (Some(too_long.as_str()), Ok(longest.as_str())),
            (None, Err(ApiError::SearchQueryMissing)),
            (Some("   "), Err(ApiError::SearchQueryMissing)),
        ] {
            assert_eq!(search_words(q).as_deref().map_err(Clone::clone), expected, "{q:?}");
        }
    }
}
