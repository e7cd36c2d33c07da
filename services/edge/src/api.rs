//! The SPA's JSON API. Handlers read the session's driver, call one service, and shape
//! JSON; every failure goes through `ApiError`.

use std::future::Future;

use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use serde::Deserialize;
use serde_json::{Value, json};
use vitrine_domain::{Driver, cache};
use vitrine_proto::v1::{DriverRequest, ProductRequest, ProductsRequest, UrlRequest};

use crate::error::ApiError;
use crate::sse::{CHANNEL, SwitchEvent};
use crate::{AppState, session};

/// Longest path accepted for a lookup; longer is a bad request, not an upstream call.
const MAX_URL_LEN: usize = 2048;
/// Largest product list a client may ask for.
const MAX_LIMIT: u32 = 100;

type ApiResult = Result<HttpResponse, ApiError>;

fn driver_body(driver: Driver, notice: Option<String>) -> Value {
    let options: Vec<Value> = Driver::ALL
        .iter()
        .map(|d| json!({ "value": d.as_str(), "label": d.label(), "enabled": d.enabled() }))
        .collect();
    let mut body = json!({ "driver": driver.as_str(), "options": options });
    if let Some(notice) = notice {
        body["notice"] = json!(notice);
    }
    body
}

fn with_cookie(
    mut res: actix_web::HttpResponseBuilder,
    cookie: Option<actix_web::cookie::Cookie<'static>>,
) -> actix_web::HttpResponseBuilder {
    if let Some(cookie) = cookie {
        res.cookie(cookie);
    }
    res
}

/// GET /api/driver: the session's driver and every option of the debug bar.
pub(crate) async fn get_driver(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let (session, cookie) = session::id_or_new(&req, &state);
    let driver = session::driver(&state, Some(&session)).await;
    with_cookie(HttpResponse::Ok(), cookie).json(driver_body(driver, None))
}

#[derive(Deserialize)]
pub(crate) struct DriverChange {
    driver: String,
}

/// PUT /api/driver: spec §4. Unknown values are ignored and medusa is disabled (both
/// answer the unchanged driver with a notice saying why). Magento and Shopify clear
/// their upstream cache first; then the session's driver is swapped and the switch is
/// published for the session's other tabs.
pub(crate) async fn put_driver(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<DriverChange>,
) -> ApiResult {
    let (session, cookie) = session::id_or_new(&req, &state);
    let current = session::driver(&state, Some(&session)).await;
    let Some(next) = Driver::parse(&body.driver) else {
        let notice = format!("Unknown driver '{}' ignored.", body.driver.chars().take(64).collect::<String>());
        return Ok(with_cookie(HttpResponse::Ok(), cookie).json(driver_body(current, Some(notice))));
    };
    if !next.enabled() {
        let notice = format!("The {next} driver is coming soon; it cannot be selected yet.");
        return Ok(with_cookie(HttpResponse::Ok(), cookie).json(driver_body(current, Some(notice))));
    }
    if next.clears_cache_on_switch() {
        let backend = next.backend().map_err(|e| ApiError::unavailable(e.user_text()))?;
        let removed = state.store.delete_prefix(&cache::backend_prefix(backend)).await.map_err(|e| {
            tracing::warn!(error = %e, "cache clear failed");
            ApiError::unavailable("The driver's cache could not be cleared; nothing was switched.")
        })?;
        state.responses.clear_backend(backend);
        tracing::info!(%backend, removed, "cleared upstream cache before switch");
    }
    session::set_driver(&state, &session, next).await.map_err(|e| {
        tracing::warn!(error = %e, "session store write failed");
        ApiError::unavailable("The driver could not be saved; nothing was switched.")
    })?;
    state.metrics.switches.with_label_values(&[next.as_str()]).inc();
    let event = serde_json::to_string(&SwitchEvent { session, driver: next.as_str().to_owned() }).unwrap_or_default();
    if let Err(e) = state.store.publish(CHANNEL, &event).await {
        tracing::warn!(error = %e, "switch event not published; other tabs will not follow");
    }
    Ok(with_cookie(HttpResponse::Ok(), cookie).json(driver_body(next, None)))
}

/// The cache key of a read: its path and query.
fn cache_key(req: &HttpRequest) -> String {
    req.uri().path_and_query().map_or_else(|| req.path().to_owned(), |pq| pq.as_str().to_owned())
}

fn json_body(body: Bytes) -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(body)
}

/// A read through the response cache: answers a cached body for the session's driver,
/// or runs `load`, whose `(value, cacheable)` says whether the answer may be reused.
async fn cached<T, F, Fut>(req: &HttpRequest, state: &web::Data<AppState>, load: F) -> ApiResult
where
    T: serde::Serialize,
    F: FnOnce(Driver) -> Fut,
    Fut: Future<Output = Result<(T, bool), ApiError>>,
{
    let driver = session::request_driver(req, state).await;
    let key = cache_key(req);
    if let Some(body) = state.responses.get(driver, &key) {
        state.metrics.response_cache.with_label_values(&[driver.as_str(), "hit"]).inc();
        return Ok(json_body(body));
    }
    state.metrics.response_cache.with_label_values(&[driver.as_str(), "miss"]).inc();
    let (value, cacheable) = load(driver).await?;
    let body = Bytes::from(serde_json::to_vec(&value).map_err(|e| {
        tracing::error!(error = %e, "response serialisation failed");
        ApiError::unavailable("The answer could not be encoded.")
    })?);
    if cacheable {
        state.responses.put(driver, key, body.clone());
    }
    Ok(json_body(body))
}

/// GET /api/navigation
pub(crate) async fn navigation(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    let mut client = state.navigation.clone();
    cached(&req, &state, |driver| async move {
        let tree = client.get_tree(DriverRequest { driver: driver.into() }).await?;
        Ok((tree.into_inner(), true))
    })
    .await
}

#[derive(Deserialize)]
pub(crate) struct UrlQuery {
    url: Option<String>,
}

/// The `url` query parameter as given: the service that receives it normalises it
/// (`vitrine_domain::paths::join_segments`); here it is only bounded.
fn lookup_url(query: &UrlQuery) -> Result<String, ApiError> {
    let url = query.url.as_deref().filter(|u| !u.is_empty());
    let url = url.ok_or_else(|| ApiError::bad_request("The url query parameter is required."))?;
    if url.len() > MAX_URL_LEN {
        return Err(ApiError::bad_request("The url is too long."));
    }
    Ok(url.to_owned())
}

/// GET /api/resolve?url=/path: the resolution `{id,url,type,code,data}` plus what the
/// browser should do with it (`outcome`, `error_code`, `location`). A failed lookup is
/// not cached: the backend may be back on the next try.
pub(crate) async fn resolve(req: HttpRequest, state: web::Data<AppState>, query: web::Query<UrlQuery>) -> ApiResult {
    let url = lookup_url(&query)?;
    let mut client = state.url_resolution.clone();
    cached(&req, &state, |driver| async move {
        let outcome = client.resolve(UrlRequest { driver: driver.into(), url }).await?.into_inner();
        let mut body = outcome.route.map_or_else(|| json!({}), |r| json!(r));
        body["outcome"] = json!(outcome.outcome);
        body["error_code"] = json!(outcome.error_code);
        body["location"] = json!(outcome.location);
        body["failed_resolution_path"] = json!(outcome.failed_resolution_path);
        let cacheable = outcome.outcome != "failed";
        Ok((body, cacheable))
    })
    .await
}

#[derive(Deserialize)]
pub(crate) struct ListQuery {
    limit: Option<u32>,
}

/// GET /api/products?limit=N
pub(crate) async fn products(req: HttpRequest, state: web::Data<AppState>, query: web::Query<ListQuery>) -> ApiResult {
    let limit = query.limit.unwrap_or(0);
    if limit > MAX_LIMIT {
        return Err(ApiError::bad_request(format!("limit may be at most {MAX_LIMIT}.")));
    }
    let mut client = state.catalogue.clone();
    cached(&req, &state, |driver| async move {
        let list = client.list_products(ProductsRequest { driver: driver.into(), limit }).await?;
        Ok((list.into_inner().products, true))
    })
    .await
}

/// GET /api/products/best-sellers
pub(crate) async fn best_sellers(req: HttpRequest, state: web::Data<AppState>) -> ApiResult {
    let mut client = state.catalogue.clone();
    cached(&req, &state, |driver| async move {
        let list = client.best_sellers(DriverRequest { driver: driver.into() }).await?;
        Ok((list.into_inner().products, true))
    })
    .await
}

/// GET /api/products/by-url?url=/path → `{id, products}`
pub(crate) async fn product_by_url(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<UrlQuery>,
) -> ApiResult {
    let url = lookup_url(&query)?;
    let mut client = state.catalogue.clone();
    cached(&req, &state, |driver| async move {
        let response = client.get_product_by_url(UrlRequest { driver: driver.into(), url }).await?;
        Ok((response.into_inner(), true))
    })
    .await
}

/// GET /api/products/{id} → `{id, products}`
pub(crate) async fn product(req: HttpRequest, state: web::Data<AppState>, id: web::Path<String>) -> ApiResult {
    let mut client = state.catalogue.clone();
    let id = id.into_inner();
    cached(&req, &state, |driver| async move {
        let response = client.get_product(ProductRequest { driver: driver.into(), id }).await?;
        Ok((response.into_inner(), true))
    })
    .await
}

/// Any other `/api` path: a JSON 404, never the SPA's HTML.
pub(crate) async fn unknown(req: HttpRequest) -> ApiResult {
    Err(ApiError {
        status: actix_web::http::StatusCode::NOT_FOUND,
        code: "not_found",
        message: format!("No API route {} {}", req.method(), req.path()),
    })
}
