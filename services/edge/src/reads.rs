//! The edge's reads, below both the API (`crate::api`) and the pages it writes
//! (`crate::page`), which stand on them and never on each other:
//!
//! - [`Reader`]: who a read is for, as every service request carries it.
//! - [`keys`]: the response cache's keys.
//! - [`cached`]: a read through the response cache, as a typed [`Answer`]: its value
//!   for the pages, its JSON bytes (made once) for the API; a stale one answered at once
//!   while one refresh runs in the background ([`refreshing`]).
//! - the reads themselves, each one service call (the page's, several at once) shaped
//!   into the public types of [`crate::dto`], with whether the answer may be reused.

use std::future::Future;

use actix_web::web;
use bytes::Bytes;
use vitrine_common::clock::unix_ms;
use vitrine_proto::v1::{
    CategoryRequest, DriverRequest, ProductRequest, ProductSort, ProductsRequest, SearchRequest, UrlRequest,
};

use crate::dto::{self, DriverInfo, NavigationNode, Product, ProductResponse, Resolution, RouteKind};
use crate::error::ApiError;
pub(crate) use crate::response_cache::{Answer, Freshness};
use crate::{AppState, head, session};

/// A read's result: its answer, or the error the API answers for it.
pub(crate) type Read<T> = Result<Answer<T>, ApiError>;

/// A read's own result, before the cache: the value and whether it may be reused.
type Loaded<T> = Result<(T, bool), ApiError>;

/// The debug bar's answer: `driver` and every option, enabled as available here.
pub(crate) fn driver_info(state: &AppState, choice: session::Choice, notice: Option<String>) -> DriverInfo {
    DriverInfo::new(choice.driver, choice.switched_at_ms, notice, |d| state.availability.enabled(d))
}

/// Who a read is for, as every service request carries it: the session's driver, and
/// the instant before which no cached answer may be used for it (its switch).
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

/// The response cache's keys. A route without inputs of its own to validate is keyed
/// by its request's path and query, which for the menu, the best sellers and the home
/// page's categories is the SPA's key of that answer too (the address table's `keys`,
/// `crate::spa_addresses`): a written page reads them under those. The others are keyed
/// by their read inputs, so that spellings of the same request (`page=02`, parameters
/// reordered, extra ones) share one entry.
pub(crate) mod keys {
    use crate::dto::Sort;

    /// A request's path and query.
    pub(crate) fn request(req: &actix_web::HttpRequest) -> String {
        asked(req).to_owned()
    }

    /// A request's path and query, borrowed (for a key of which it is a part).
    pub(crate) fn asked(req: &actix_web::HttpRequest) -> &str {
        req.uri().path_and_query().map_or_else(|| req.path(), actix_web::http::uri::PathAndQuery::as_str)
    }

    pub(crate) fn category(url: &str, page: u32, sort: Sort) -> String {
        lines(&["category", url, itoa::Buffer::new().format(page), sort.as_str()])
    }

    pub(crate) fn search(words: &str, page: u32, sort: Sort) -> String {
        lines(&["search", words, itoa::Buffer::new().format(page), sort.as_str()])
    }

    /// A written page (`crate::page`): the origin its urls are written with, and the
    /// address exactly as asked (React renders the page at it).
    pub(crate) fn written(origin: &str, path_and_query: &str) -> String {
        lines(&["written", origin, path_and_query])
    }

    /// A page, with the origin its head's urls are written with.
    pub(crate) fn page(origin: &str, url: &str, page: u32, sort: Sort) -> String {
        lines(&["page", origin, url, itoa::Buffer::new().format(page), sort.as_str()])
    }

    /// `parts`, one a line, in one allocation: every warm answer makes its key, and
    /// `format!`'s machinery cost more than the rest of the look-up.
    fn lines(parts: &[&str]) -> String {
        let mut key = String::with_capacity(parts.iter().map(|p| p.len() + 1).sum());
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                key.push('\n');
            }
            key.push_str(part);
        }
        key
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn a_key_is_its_parts_one_a_line() {
            for (key, expected) in [
                (category("/computers", 2, Sort::Position), "category\n/computers\n2\nposition"),
                (search("red shirt", 10, Sort::PriceDesc), "search\nred shirt\n10\nprice_desc"),
                (written("http://o", "/1001?x=1"), "written\nhttp://o\n/1001?x=1"),
                (page("http://o", "/1001", 1, Sort::Name), "page\nhttp://o\n/1001\n1\nname"),
            ] {
                assert_eq!(key, expected);
            }
        }
    }
}

tokio::task_local! {
    /// Set in a background refresh: its reads load what is stale rather than answer it,
    /// so what it keeps is fresh.
    static REFRESHING: ();
}

/// Whether this task is a background refresh.
pub(crate) fn refreshing() -> bool {
    REFRESHING.try_with(|()| ()).is_ok()
}

/// `vitrine_common::hop::spawn`, the task still a refresh when this one is: a page
/// written again in the background reads afresh what its tasks read, and keeps it fresh.
pub(crate) fn spawn<F>(task: F) -> tokio::task::JoinHandle<F::Output>
where
    F: Future + Send + 'static,
    F::Output: Send + 'static,
{
    if refreshing() { vitrine_common::hop::spawn(REFRESHING.scope((), task)) } else { vitrine_common::hop::spawn(task) }
}

/// Runs `refresh` in the background as a refresh (see [`refreshing`]), holding `claim`
/// (the key's one refresh) until it ends. It carries none of the request's injected
/// faults or timings: it is nobody's request.
pub(crate) fn refresh_in_background<C: Send + 'static>(claim: C, refresh: impl Future<Output = ()> + Send + 'static) {
    tokio::spawn(REFRESHING.scope((), async move {
        refresh.await;
        drop(claim);
    }));
}

/// The read for `choice` under `key`: the response cache's answer, or `load`'s (kept
/// when it says the answer may be reused). The API and the pages read through here, so
/// one warms the other. A stale answer is answered at once, and `load` runs in the
/// background (unless this key's refresh is running, or as many as may be).
pub(crate) async fn cached<T, F, Fut>(
    state: &web::Data<AppState>,
    choice: session::Choice,
    key: String,
    load: F,
) -> Read<T>
where
    T: serde::Serialize + Send + Sync + 'static,
    F: FnOnce(web::Data<AppState>, Reader) -> Fut + Send + 'static,
    Fut: Future<Output = Loaded<T>> + Send + 'static,
{
    let (driver, fresh_after_ms) = (choice.driver, choice.fresh_after_ms());
    match state.responses.get(driver, &key, fresh_after_ms) {
        // A refresh reads an ageing answer again too (see `Freshness::Ageing`).
        Some((answer, freshness))
            if freshness == Freshness::Fresh || (freshness == Freshness::Ageing && !refreshing()) =>
        {
            state.metrics.response_cache.with_label_values(&[driver.as_str(), "hit"]).inc();
            return Ok(answer);
        }
        Some((answer, Freshness::Stale)) if !refreshing() => {
            state.metrics.response_cache.with_label_values(&[driver.as_str(), "stale"]).inc();
            if let Some(claim) = state.responses.claim(driver, &key) {
                let state = state.clone();
                refresh_in_background(claim, async move {
                    // A failed refresh leaves the stale answer to be served until it goes.
                    let _ = load_and_keep(&state, choice, key, load).await;
                });
            }
            return Ok(answer);
        }
        _ => {}
    }
    state.metrics.response_cache.with_label_values(&[driver.as_str(), "miss"]).inc();
    load_and_keep(state, choice, key, load).await
}

/// `load`'s answer, kept under `key` when it may be reused.
async fn load_and_keep<T, F, Fut>(state: &web::Data<AppState>, choice: session::Choice, key: String, load: F) -> Read<T>
where
    T: serde::Serialize + Send + Sync + 'static,
    F: FnOnce(web::Data<AppState>, Reader) -> Fut,
    Fut: Future<Output = Loaded<T>>,
{
    let driver = choice.driver;
    let (value, cacheable) = load(state.clone(), Reader::of(choice)).await?;
    let body = Bytes::from(serde_json::to_vec(&value).map_err(|e| {
        tracing::error!(error = %e, "response serialisation failed");
        ApiError::EncodingFailed
    })?);
    let answer = Answer::read(value, body, unix_ms());
    if cacheable {
        return Ok(state.responses.put(driver, key, answer));
    }
    Ok(answer)
}

/// The menu tree.
pub(crate) async fn navigation(state: &AppState, r: Reader) -> Loaded<NavigationNode> {
    let tree = state.navigation.clone().get_tree(r.driver()).await?;
    Ok((NavigationNode::from(tree.into_inner()), true))
}

/// The resolution of `url`. A failed lookup is not kept: the backend may be back on the
/// next try.
pub(crate) async fn resolution(state: &AppState, r: Reader, url: String) -> Loaded<Resolution> {
    let outcome = state.url_resolution.clone().resolve(r.url(url)).await?.into_inner();
    let body = Resolution::from(outcome);
    let cacheable = body.outcome != dto::Outcome::Failed;
    Ok((body, cacheable))
}

/// The backend's products; `limit` 0 is its default.
pub(crate) async fn products(state: &AppState, r: Reader, limit: u32) -> Loaded<Vec<Product>> {
    let request = ProductsRequest { driver: r.driver, limit, fresh_after_ms: r.fresh_after_ms };
    let list = state.catalogue.clone().list_products(request).await?;
    Ok((dto::products(list.into_inner()), true))
}

/// The home page's best sellers.
pub(crate) async fn best_sellers(state: &AppState, r: Reader) -> Loaded<Vec<Product>> {
    let list = state.catalogue.clone().best_sellers(r.driver()).await?;
    Ok((dto::products(list.into_inner()), true))
}

/// The product at a storefront path.
pub(crate) async fn product_by_url(state: &AppState, r: Reader, url: String) -> Loaded<ProductResponse> {
    let response = state.catalogue.clone().get_product_by_url(r.url(url)).await?;
    Ok((ProductResponse::from(response.into_inner()), true))
}

/// One product by the backend's id.
pub(crate) async fn product(state: &AppState, r: Reader, id: String) -> Loaded<ProductResponse> {
    let request = ProductRequest { driver: r.driver, id, fresh_after_ms: r.fresh_after_ms };
    let response = state.catalogue.clone().get_product(request).await?;
    Ok((ProductResponse::from(response.into_inner()), true))
}

/// The category at a storefront path and one page of its products.
pub(crate) async fn category(
    state: &AppState,
    r: Reader,
    url: String,
    page: u32,
    sort: dto::Sort,
) -> Loaded<dto::CategoryPage> {
    let answer = state.catalogue.clone().get_category_page(r.category(url, page, sort)).await?;
    Ok((dto::CategoryPage::from(answer.into_inner()), true))
}

/// One page of the products matching `words`.
pub(crate) async fn search(
    state: &AppState,
    r: Reader,
    words: String,
    page: u32,
    sort: dto::Sort,
) -> Loaded<dto::ProductPage> {
    let answer = state.catalogue.clone().search(r.search(words, page, sort)).await?;
    Ok((dto::ProductPage::from(answer.into_inner()), true))
}

/// The home page's category links.
pub(crate) async fn categories(state: &AppState, r: Reader) -> Loaded<Vec<dto::CategoryLink>> {
    let list = state.catalogue.clone().list_categories(r.driver()).await?.into_inner();
    Ok((list.categories.into_iter().map(dto::CategoryLink::from).collect(), true))
}

/// The content (CMS) page at a storefront path.
pub(crate) async fn content(state: &AppState, r: Reader, url: String) -> Loaded<dto::ContentPage> {
    let answer = state.catalogue.clone().get_content_page(r.url(url)).await?;
    Ok((dto::ContentPage::from(answer.into_inner()), true))
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

/// The resolution of `url`, the data of the page it names, and that page's head, built
/// and written once (`crate::head`). The lookup and every kind of page data are asked
/// for at once (a backend that batches, Magento, answers them in one upstream request);
/// the answer keeps what the resolution names. A failed lookup or fetch is not kept.
pub(crate) async fn page(
    state: &AppState,
    r: Reader,
    origin: &str,
    url: String,
    page: u32,
    sort: dto::Sort,
) -> Loaded<dto::PageData> {
    let path = vitrine_domain::paths::join_segments(&url);
    let lookup = r.url(url.clone());
    let listing = r.category(url, page, sort);
    let (mut resolver, catalogue) = (state.url_resolution.clone(), state.catalogue.clone());
    // Every kind is asked for now, with the lookup; only the kind the lookup names is
    // waited for. The others finish on their own (their "nothing there" is cached), so a
    // slow answer for a kind the page is not never holds the page up.
    let (mut products, mut categories, mut contents) = (catalogue.clone(), catalogue.clone(), catalogue);
    let lookup_product = lookup.clone();
    use vitrine_common::hop::spawn;
    let product = spawn(async move { products.get_product_by_url(lookup_product).await });
    let category = spawn(async move { categories.get_category_page(listing).await });
    let lookup_content = lookup.clone();
    let content = spawn(async move { contents.get_content_page(lookup_content).await });
    let outcome = resolver.resolve(lookup).await;
    let resolution = Resolution::from(outcome?.into_inner());
    let mut body = dto::PageData {
        resolution,
        product: None,
        category: None,
        content: None,
        failure: None,
        head: dto::PageHead::default(),
        head_html: String::new(),
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
    body.head = head::for_page(&body, origin, &path, page);
    body.head_html = head::tags(&body.head);
    let cacheable = body.resolution.outcome != dto::Outcome::Failed && body.failure.is_none();
    Ok((body, cacheable))
}
