//! The SPA's JSON API. Handlers read the session's driver, call one service, and answer
//! one of the public shapes of [`crate::dto`]; every failure is an [`ApiError`] variant.
//! The `#[utoipa::path]` beside each handler is its entry in `/api/openapi.json`.

use std::future::Future;

use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use serde::Deserialize;
use utoipa::IntoParams;
use vitrine_common::clock::unix_ms;
use vitrine_domain::{Driver, listing};
use vitrine_proto::v1::{
    CategoryRequest, DriverRequest, ProductRequest, ProductSort, ProductsRequest, SearchRequest, UrlRequest,
};

use crate::dto::{self, DriverChange, DriverInfo, NavigationNode, Product, ProductResponse, Resolution, RouteKind};
use crate::error::ApiError;
use crate::openapi::{InputError, ServiceErrors, SwitchFailed, TooManySwitches};
use crate::sse::{CHANNEL, SwitchEvent};
use crate::{AppState, session, switch_limit};

/// Longest path accepted for a lookup; longer is a bad request, not an upstream call.
pub(crate) const MAX_URL_LEN: usize = 2048;
/// Largest product list a client may ask for (and the sitemap asks for).
pub(crate) const MAX_LIMIT: u32 = 100;

type ApiResult = Result<HttpResponse, ApiError>;

fn with_cookie(
    mut res: actix_web::HttpResponseBuilder,
    cookie: Option<actix_web::cookie::Cookie<'static>>,
) -> actix_web::HttpResponseBuilder {
    if let Some(cookie) = cookie {
        res.cookie(cookie);
    }
    res
}

/// The debug bar's answer: `driver` and every option, enabled as available here.
pub(crate) fn driver_info(state: &AppState, choice: session::Choice, notice: Option<String>) -> DriverInfo {
    DriverInfo::new(choice.driver, choice.switched_at_ms, notice, |d| state.availability.enabled(d))
}

/// GET /api/driver: the session's driver and every option of the debug bar.
#[utoipa::path(get, path = "/api/driver", tag = "driver",
    responses((status = 200, description = "The session's driver and every option", body = DriverInfo)))]
pub(crate) async fn get_driver(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let (session, cookie) = session::id_or_new(&req, &state);
    let choice = session::choice(&state, Some(&session)).await;
    with_cookie(HttpResponse::Ok(), cookie).json(driver_info(&state, choice, None))
}

/// PUT /api/driver: spec §4. Unknown values are ignored and medusa is refused where it is
/// not available (issue 13; both
/// answer the unchanged driver with a notice saying why). A switch is one store write
/// (the driver and when; issue 11): from then on this visitor's reads skip whatever was
/// cached before it, on every layer, while everyone else's caches stay as they are. It
/// is published for the session's other tabs, and rate-limited per session and address.
#[utoipa::path(put, path = "/api/driver", tag = "driver", request_body = DriverChange,
    responses((status = 200, description = "The session's driver after the change, with a notice when it was refused",
        body = DriverInfo), InputError, TooManySwitches, SwitchFailed))]
pub(crate) async fn put_driver(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<DriverChange>,
) -> ApiResult {
    let (session, cookie) = session::id_or_new(&req, &state);
    let current = session::choice(&state, Some(&session)).await;
    let Some(next) = Driver::parse(&body.driver) else {
        let notice = format!("Unknown driver '{}' ignored.", body.driver.chars().take(64).collect::<String>());
        return Ok(with_cookie(HttpResponse::Ok(), cookie).json(driver_info(&state, current, Some(notice))));
    };
    if !state.availability.enabled(next) {
        let notice = format!("The {next} driver is coming soon; it cannot be selected yet.");
        return Ok(with_cookie(HttpResponse::Ok(), cookie).json(driver_info(&state, current, Some(notice))));
    }
    let address = switch_limit::client_address(&req, state.trust_forwarded_for);
    if !state.switch_limiter.allow(&session, &address) {
        state.metrics.switches_refused.with_label_values(&["rate_limited"]).inc();
        return Err(ApiError::TooManySwitches);
    }
    let choice = session::Choice { driver: next, switched_at_ms: unix_ms() };
    session::save(&state, &session, choice).await.map_err(|e| {
        tracing::warn!(error = %e, "session store write failed");
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
    Ok(with_cookie(HttpResponse::Ok(), cookie).json(driver_info(&state, choice, None)))
}

/// The cache key of a read: its path and query.
fn cache_key(req: &HttpRequest) -> String {
    req.uri().path_and_query().map_or_else(|| req.path().to_owned(), |pq| pq.as_str().to_owned())
}

fn json_body(body: Bytes) -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(body)
}

/// Who a read is for, as every service request carries it: the session's driver, and
/// the instant before which no cached answer may be used for it (its switch, issue 11).
#[derive(Clone, Copy)]
pub(crate) struct Reader {
    driver: i32,
    fresh_after_ms: u64,
}

/// The service requests of a read, each carrying the reader's driver and freshness.
impl Reader {
    pub(crate) fn of(choice: session::Choice) -> Self {
        Self { driver: choice.driver.into(), fresh_after_ms: choice.fresh_after_ms() }
    }

    const fn driver(self) -> DriverRequest {
        DriverRequest { driver: self.driver, fresh_after_ms: self.fresh_after_ms }
    }

    const fn url(self, url: String) -> UrlRequest {
        UrlRequest { driver: self.driver, url, fresh_after_ms: self.fresh_after_ms }
    }

    fn category(self, url: String, page: u32, sort: dto::Sort) -> CategoryRequest {
        let sort = ProductSort::from(sort).into();
        CategoryRequest { driver: self.driver, url, page, sort, fresh_after_ms: self.fresh_after_ms }
    }

    fn search(self, query: String, page: u32, sort: dto::Sort) -> SearchRequest {
        let sort = ProductSort::from(sort).into();
        SearchRequest { driver: self.driver, query, page, sort, fresh_after_ms: self.fresh_after_ms }
    }
}

/// A read through the response cache: answers a cached body for the session's driver,
/// or runs `load`, whose `(value, cacheable)` says whether the answer may be reused.
async fn cached<T, F, Fut>(req: &HttpRequest, state: &web::Data<AppState>, load: F) -> ApiResult
where
    T: serde::Serialize,
    F: FnOnce(Reader) -> Fut,
    Fut: Future<Output = Result<(T, bool), ApiError>>,
{
    cached_as(req, state, cache_key(req), load).await
}

/// [`cached`] under a key the route builds from its validated inputs, so that spellings
/// of the same request (`page=02`, parameters reordered, extra ones) share one entry.
async fn cached_as<T, F, Fut>(req: &HttpRequest, state: &web::Data<AppState>, key: String, load: F) -> ApiResult
where
    T: serde::Serialize,
    F: FnOnce(Reader) -> Fut,
    Fut: Future<Output = Result<(T, bool), ApiError>>,
{
    let choice = session::request_choice(req, state).await;
    cached_body(state, choice, key, load).await.map(json_body)
}

/// The JSON body of a read for `choice` under `key`: the response cache's, or `load`'s
/// (kept when it says the answer may be reused). The API's handlers and the pages the
/// edge writes (`crate::page`) read through here, so one warms the other.
pub(crate) async fn cached_body<T, F, Fut>(
    state: &AppState,
    choice: session::Choice,
    key: String,
    load: F,
) -> Result<Bytes, ApiError>
where
    T: serde::Serialize,
    F: FnOnce(Reader) -> Fut,
    Fut: Future<Output = Result<(T, bool), ApiError>>,
{
    let (driver, fresh_after_ms) = (choice.driver, choice.fresh_after_ms());
    if let Some(body) = state.responses.get(driver, &key, fresh_after_ms) {
        state.metrics.response_cache.with_label_values(&[driver.as_str(), "hit"]).inc();
        return Ok(body);
    }
    state.metrics.response_cache.with_label_values(&[driver.as_str(), "miss"]).inc();
    let (value, cacheable) = load(Reader::of(choice)).await?;
    let body = Bytes::from(serde_json::to_vec(&value).map_err(|e| {
        tracing::error!(error = %e, "response serialisation failed");
        ApiError::EncodingFailed
    })?);
    if cacheable {
        state.responses.put(driver, key, body.clone(), unix_ms());
    }
    Ok(body)
}

/// GET /api/navigation
#[utoipa::path(get, path = "/api/navigation", tag = "catalogue",
    responses((status = 200, description = "The menu tree", body = NavigationNode), ServiceErrors))]
pub(crate) async fn navigation(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    cached(&req, &state, |r| read_navigation(&state, r)).await
}

/// The menu tree.
pub(crate) async fn read_navigation(state: &AppState, r: Reader) -> Result<(NavigationNode, bool), ApiError> {
    let tree = state.navigation.clone().get_tree(r.driver()).await?;
    Ok((NavigationNode::from(tree.into_inner()), true))
}

#[derive(Deserialize, IntoParams)]
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
pub(crate) async fn resolve(req: HttpRequest, state: web::Data<AppState>, query: web::Query<UrlQuery>) -> ApiResult {
    let url = lookup_url(query.url.as_deref())?;
    let mut client = state.url_resolution.clone();
    cached(&req, &state, |r| async move {
        let outcome = client.resolve(r.url(url)).await?.into_inner();
        let body = Resolution::from(outcome);
        let cacheable = body.outcome != dto::Outcome::Failed;
        Ok((body, cacheable))
    })
    .await
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
    let mut client = state.catalogue.clone();
    cached(&req, &state, |r| async move {
        let list =
            client.list_products(ProductsRequest { driver: r.driver, limit, fresh_after_ms: r.fresh_after_ms }).await?;
        Ok((dto::products(list.into_inner()), true))
    })
    .await
}

/// GET /api/products/best-sellers
#[utoipa::path(get, path = "/api/products/best-sellers", tag = "catalogue",
    responses((status = 200, description = "The home page's best sellers", body = Vec<Product>), ServiceErrors))]
pub(crate) async fn best_sellers(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    cached(&req, &state, |r| read_best_sellers(&state, r)).await
}

/// The home page's best sellers.
pub(crate) async fn read_best_sellers(state: &AppState, r: Reader) -> Result<(Vec<Product>, bool), ApiError> {
    let list = state.catalogue.clone().best_sellers(r.driver()).await?;
    Ok((dto::products(list.into_inner()), true))
}

/// GET /api/products/by-url?url=/path → `{id, products}`
#[utoipa::path(get, path = "/api/products/by-url", tag = "catalogue", params(UrlQuery),
    responses((status = 200, description = "The product at a storefront path", body = ProductResponse),
        InputError, ServiceErrors))]
pub(crate) async fn product_by_url(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<UrlQuery>,
) -> ApiResult {
    let url = lookup_url(query.url.as_deref())?;
    let mut client = state.catalogue.clone();
    cached(&req, &state, |r| async move {
        let response = client.get_product_by_url(r.url(url)).await?;
        Ok((ProductResponse::from(response.into_inner()), true))
    })
    .await
}

/// GET /api/products/{id} → `{id, products}`
#[utoipa::path(get, path = "/api/products/{id}", tag = "catalogue",
    params(("id" = String, Path, description = "The backend's product id")),
    responses((status = 200, description = "One product", body = ProductResponse), ServiceErrors))]
pub(crate) async fn product(req: HttpRequest, state: web::Data<AppState>, id: web::Path<String>) -> ApiResult {
    let mut client = state.catalogue.clone();
    let id = id.into_inner();
    cached(&req, &state, |r| async move {
        let response =
            client.get_product(ProductRequest { driver: r.driver, id, fresh_after_ms: r.fresh_after_ms }).await?;
        Ok((ProductResponse::from(response.into_inner()), true))
    })
    .await
}

// issue 10: category pages, search and content pages.

/// The listing parameters a category page and a search share.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ListingQuery {
    /// From `minimum` to `maximum`; absent means 1.
    #[param(value_type = Option<u32>)]
    page: Option<String>,
    /// position (the backend's order; relevance for search), name, price_asc or price_desc;
    /// absent means position.
    #[param(value_type = Option<dto::Sort>)]
    sort: Option<String>,
}

/// `page` and `sort` checked: a page from 1 to [`listing::MAX_PAGE`] (absent or empty is
/// 1), a sort from the closed list (absent or empty is position).
fn listing_params(page: Option<&str>, sort: Option<&str>) -> Result<(u32, dto::Sort), ApiError> {
    let page = match page.filter(|p| !p.is_empty()) {
        None => 1,
        Some(p) => p.parse().ok().filter(|p| (1..=listing::MAX_PAGE).contains(p)).ok_or(ApiError::PageInvalid)?,
    };
    let sort = match sort.filter(|s| !s.is_empty()) {
        None => dto::Sort::Position,
        Some(s) => dto::Sort::parse(s).ok_or(ApiError::SortInvalid)?,
    };
    Ok((page, sort))
}

#[derive(Deserialize, IntoParams)]
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
    query: web::Query<CategoryQuery>,
    listing: web::Query<ListingQuery>,
) -> ApiResult {
    let url = lookup_url(query.url.as_deref())?;
    let (page, sort) = listing_params(listing.page.as_deref(), listing.sort.as_deref())?;
    let key = format!("category\n{url}\n{page}\n{sort:?}");
    let mut client = state.catalogue.clone();
    cached_as(&req, &state, key, |r| async move {
        let request = r.category(url, page, sort);
        let answer = client.get_category_page(request).await?;
        Ok((dto::CategoryPage::from(answer.into_inner()), true))
    })
    .await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct SearchQuery {
    /// The words to look for: at most `maxLength` characters, surrounding spaces ignored.
    #[param(required = true)]
    q: Option<String>,
}

/// `q` trimmed: present and at most [`listing::MAX_QUERY_CHARS`] characters.
fn search_words(q: Option<&str>) -> Result<String, ApiError> {
    let q = q.map(str::trim).filter(|q| !q.is_empty()).ok_or(ApiError::SearchQueryMissing)?;
    if q.chars().count() > listing::MAX_QUERY_CHARS {
        return Err(ApiError::SearchQueryTooLong);
    }
    Ok(q.to_owned())
}

/// GET /api/search?q=words&page=N&sort=S → one page of matching products.
#[utoipa::path(get, path = "/api/search", tag = "catalogue", params(SearchQuery, ListingQuery),
    responses((status = 200, description = "One page of the products matching q", body = dto::ProductPage),
        InputError, ServiceErrors))]
pub(crate) async fn search(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<SearchQuery>,
    listing: web::Query<ListingQuery>,
) -> ApiResult {
    let words = search_words(query.q.as_deref())?;
    let (page, sort) = listing_params(listing.page.as_deref(), listing.sort.as_deref())?;
    cached_as(&req, &state, search_key(&words, page, sort), |r| read_search(&state, r, words, page, sort)).await
}

/// The response cache's key of a search: its validated inputs.
pub(crate) fn search_key(words: &str, page: u32, sort: dto::Sort) -> String {
    format!("search\n{words}\n{page}\n{sort:?}")
}

/// One page of the products matching `words`.
pub(crate) async fn read_search(
    state: &AppState,
    r: Reader,
    words: String,
    page: u32,
    sort: dto::Sort,
) -> Result<(dto::ProductPage, bool), ApiError> {
    let answer = state.catalogue.clone().search(r.search(words, page, sort)).await?;
    Ok((dto::ProductPage::from(answer.into_inner()), true))
}

/// A spawned service call's answer; a task that panicked is an internal error.
async fn joined<T>(
    task: tokio::task::JoinHandle<Result<tonic::Response<T>, tonic::Status>>,
) -> Result<tonic::Response<T>, tonic::Status> {
    task.await.unwrap_or_else(|e| Err(tonic::Status::internal(format!("page read failed: {e}"))))
}

/// The data a resolution names: `None` when the service found nothing (the page shows
/// not found), the failure's public detail for any other error.
fn named<T>(answer: Result<tonic::Response<T>, tonic::Status>) -> Result<Option<T>, dto::ErrorDetail> {
    match answer {
        Ok(found) => Ok(Some(found.into_inner())),
        Err(status) if status.code() == tonic::Code::NotFound => Ok(None),
        Err(status) => Err(ApiError::from(status).body().error),
    }
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
    query: web::Query<CategoryQuery>,
    listing: web::Query<ListingQuery>,
) -> ApiResult {
    let url = lookup_url(query.url.as_deref())?;
    let (page, sort) = listing_params(listing.page.as_deref(), listing.sort.as_deref())?;
    let origin = crate::origin::public_origin(&req, state.public_url.as_deref());
    let key = page_key(&origin, &url, page, sort);
    cached_as(&req, &state, key, |r| read_page(&state, r, &origin, url, page, sort)).await
}

/// The response cache's key of a page: its validated inputs, and the origin its head's
/// urls are written with.
pub(crate) fn page_key(origin: &str, url: &str, page: u32, sort: dto::Sort) -> String {
    format!("page\n{origin}\n{url}\n{page}\n{sort:?}")
}

/// The resolution of `url`, the data of the page it names, and that page's head.
pub(crate) async fn read_page(
    state: &AppState,
    r: Reader,
    origin: &str,
    url: String,
    page: u32,
    sort: dto::Sort,
) -> Result<(dto::PageData, bool), ApiError> {
    let path = vitrine_domain::paths::join_segments(&url);
    let lookup = r.url(url.clone());
    let listing = r.category(url, page, sort);
    let (mut resolver, catalogue) = (state.url_resolution.clone(), state.catalogue.clone());
    // Every kind is asked for now, with the lookup; only the kind the lookup names is
    // waited for. The others finish on their own (their "nothing there" is cached), so a
    // slow answer for a kind the page is not never holds the page up.
    let (mut products, mut categories, mut contents) = (catalogue.clone(), catalogue.clone(), catalogue);
    let lookup_product = lookup.clone();
    let product = tokio::spawn(async move { products.get_product_by_url(lookup_product).await });
    let category = tokio::spawn(async move { categories.get_category_page(listing).await });
    let lookup_content = lookup.clone();
    let content = tokio::spawn(async move { contents.get_content_page(lookup_content).await });
    let outcome = resolver.resolve(lookup).await;
    let resolution = Resolution::from(outcome?.into_inner());
    let mut body = dto::PageData {
        resolution,
        product: None,
        category: None,
        content: None,
        failure: None,
        head: dto::PageHead::default(),
    };
    if body.resolution.outcome == dto::Outcome::Match {
        let fetched = match body.resolution.kind {
            Some(RouteKind::Product) => {
                named(joined(product).await).map(|p| body.product = p.map(ProductResponse::from))
            }
            Some(RouteKind::Category) => {
                named(joined(category).await).map(|c| body.category = c.map(dto::CategoryPage::from))
            }
            Some(RouteKind::CmsPage) => {
                named(joined(content).await).map(|c| body.content = c.map(dto::ContentPage::from))
            }
            None => Ok(()),
        };
        body.failure = fetched.err();
    }
    body.head = crate::page::head::for_page(&body, origin, &path, page);
    let cacheable = body.resolution.outcome != dto::Outcome::Failed && body.failure.is_none();
    Ok((body, cacheable))
}

/// GET /api/categories → the categories a home page offers: the fake store's own (its
/// menu is in-memory's, spec §4), every other backend's top menu level.
#[utoipa::path(get, path = "/api/categories", tag = "catalogue",
    responses((status = 200, description = "Links to the backend's main categories", body = Vec<dto::CategoryLink>),
        ServiceErrors))]
pub(crate) async fn categories(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    cached(&req, &state, |r| read_categories(&state, r)).await
}

/// The home page's category links.
pub(crate) async fn read_categories(state: &AppState, r: Reader) -> Result<(Vec<dto::CategoryLink>, bool), ApiError> {
    let list = state.catalogue.clone().list_categories(r.driver()).await?.into_inner();
    Ok((list.categories.into_iter().map(dto::CategoryLink::from).collect(), true))
}

/// GET /api/pages/by-url?url=/path → a content (CMS) page.
#[utoipa::path(get, path = "/api/pages/by-url", tag = "catalogue", params(UrlQuery),
    responses((status = 200, description = "The content page at a storefront path", body = dto::ContentPage),
        InputError, ServiceErrors))]
pub(crate) async fn content_by_url(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<UrlQuery>,
) -> ApiResult {
    let url = lookup_url(query.url.as_deref())?;
    let mut client = state.catalogue.clone();
    cached(&req, &state, |r| async move {
        let answer = client.get_content_page(r.url(url)).await?;
        Ok((dto::ContentPage::from(answer.into_inner()), true))
    })
    .await
}

/// Any other `/api` path: a JSON 404, never the SPA's HTML.
pub(crate) async fn unknown() -> ApiResult {
    Err(ApiError::NoSuchRoute)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listing_parameters_are_bounded_and_default() {
        use dto::Sort as S;
        for (page, sort, expected) in [
            (None, None, Some((1, S::Position))),
            (Some(""), Some(""), Some((1, S::Position))),
            (Some("2"), Some("price_desc"), Some((2, S::PriceDesc))),
            (Some("1000"), Some("name"), Some((1000, S::Name))),
            (Some("1001"), None, None),
            (Some("0"), None, None),
            (Some("-1"), None, None),
            (Some("two"), None, None),
            (Some("1.5"), None, None),
            (None, Some("price"), None),
            (None, Some("PRICE_ASC"), None),
        ] {
            assert_eq!(listing_params(page, sort).ok(), expected, "page {page:?} sort {sort:?}");
        }
        assert_eq!(listing_params(Some("0"), None), Err(ApiError::PageInvalid));
        assert_eq!(listing_params(None, Some("x")), Err(ApiError::SortInvalid));
    }

    #[test]
    fn search_words_are_trimmed_and_bounded() {
        let longest = "é".repeat(200);
        let too_long = "a".repeat(201);
        for (q, expected) in [
            (Some(" chair "), Ok("chair")),
            (Some(longest.as_str()), Ok(longest.as_str())),
            (None, Err(ApiError::SearchQueryMissing)),
            (Some("   "), Err(ApiError::SearchQueryMissing)),
            (Some(too_long.as_str()), Err(ApiError::SearchQueryTooLong)),
        ] {
            assert_eq!(search_words(q).as_deref().map_err(Clone::clone), expected, "{q:?}");
        }
    }
}
