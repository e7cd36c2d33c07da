//! Pages: for a storefront address the edge answers the SPA's HTML with the
//! page's own head (title, description, canonical link, link-preview tags, structured
//! data), the data the SPA would fetch first written into it, and the page's real
//! status: 404 for an address the backend does not know, 301/302 with `Location` for
//! a redirect, 503 when the lookup failed. A backend slower than the budget
//! (`Config::head_budget`) gets the plain shell, and the SPA fetches as it always did;
//! the reads go on in the background and warm the caches for that fetch.
//!
//! A page stands on the edge's reads (`crate::reads`), as the API does: it writes their
//! typed values and inlines their JSON, and its head is `crate::head`'s.
//!
//! The SPA's own pages (cart, comparison, checkout, an order's; `crate::spa_routes`) are,
//! as the search page is, the SPA's: no backend is asked about them; their first paint
//! is everyone's (the SPA fetches the visitor's cart), they are not to be indexed where
//! the address table says so (their head and `X-Robots-Tag`), and they are written per
//! request, never kept. The keys a page's data is filed under are the address table's
//! (`crate::spa_addresses`), which the SPA reads too.
//!
//! - [`request`]: what the address asks for, read as the SPA reads it.
//! - [`build`]: the built SPA: its `index.html` and the names of its files.
//! - [`crawler`]: known crawlers, whose pages wait for their data.
//! - [`shell`]: `index.html` with the head, React's markup (`crate::ssr`) and the data written in.
//! - [`warm`]: the default driver's pages read at start, so first visitors get them written.

pub(crate) mod build;
pub(crate) mod crawler;
pub(crate) mod request;
pub(crate) mod shell;
pub(crate) mod warm;

pub(crate) use request::Own;

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderName, HeaderValue, LOCATION, VARY};
use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use tokio::task::JoinHandle;
use vitrine_common::clock::unix_ms;

use self::request::PageRequest;
use self::shell::Shell;
use crate::dto::{Outcome, PageData, PageHead};
use crate::encoded::{self, Encoded};
use crate::headers::cache_control;
use crate::reads::{self, Answer, Freshness, Read};
use crate::spa_addresses::table;
use crate::{AppState, head, session};

/// What a page's reads came to: its status, where a redirect goes, its head, the
/// answers the SPA starts with, and, when every one of those answers is kept in the
/// response cache, when the oldest was read (the page may be kept as long as they are).
struct Written {
    status: StatusCode,
    location: Option<String>,
    head: PageHead,
    data: Vec<(String, Bytes)>,
    read_at_ms: Option<u64>,
}

/// A page ready to go out: its reads, the data object it inlines, and React's markup of
/// it from that very object (built once, for both).
struct Page {
    written: Written,
    inlined: String,
    paint: Option<Arc<str>>,
}

/// A written page as the response cache keeps it (a page is written once per
/// entry of its data, not per request); its HTML is the entry's body, compressed once.
/// Nothing in it is the visitor's: pages are kept per driver and address only.
pub(crate) struct Kept {
    status: StatusCode,
    location: Option<String>,
    /// The `index.html` it was written into: a rebuild's pages are written again.
    shell: Arc<Shell>,
}

/// The address as the browser has it (the SPA's `useLocation`): React renders the page
/// at it, so the markup is the browser's first render, which hydrates it.
struct Here {
    path: String,
    query: String,
}

impl Here {
    /// Path and query, as the router reads them.
    fn url(&self) -> String {
        if self.query.is_empty() { self.path.clone() } else { format!("{}?{}", self.path, self.query) }
    }
}

/// GET (or HEAD) of any address that is not an API route or a file of the build: the
/// page as kept, or written now (and kept when everything in it is).
pub(crate) async fn serve(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let Some(shell) = state.build.as_ref().and_then(build::Build::shell) else {
        return HttpResponse::NotFound().finish();
    };
    let visitor = session::Visitor::of(&req, &state).await;
    let choice = visitor.choice;
    let origin = crate::origin::public_origin(&req, state.public_url.as_deref());
    let key = reads::keys::written(&origin, reads::keys::asked(&req));
    let kept = state.responses.get::<Kept>(choice.driver, &key, choice.fresh_after_ms());
    let mut res = match kept.filter(|(page, _)| Arc::ptr_eq(&page.value.shell, &shell)) {
        Some((page, freshness)) => {
            state.metrics.page_heads.with_label_values(&["reused"]).inc();
            if freshness == Freshness::Stale {
                rewrite_in_background(&req, &state, choice, origin, key, shell);
            }
            send(&req, &page, visitor.sharing)
        }
        None => {
            let asked = PageRequest::parse(req.path(), req.query_string());
            let noindex = matches!(asked, PageRequest::Own(own) if own.noindex());
            let here = Here { path: req.path().to_owned(), query: req.query_string().to_owned() };
            let page = write(&state, choice, origin, asked, here, budget(&req, &state)).await;
            let mut res = match page {
                Some(page) => keep(&req, &state, &visitor, shell, key, page),
                None => private(StatusCode::OK).content_type(HTML).body(shell.plain()),
            };
            // The SPA's own pages are not indexed, even when they go out as the plain
            // shell (whose head cannot say so). They are never kept, so they always
            // come here.
            if noindex {
                res.headers_mut().insert(X_ROBOTS_TAG, HeaderValue::from_static("noindex"));
            }
            res
        }
    };
    visitor.finish(&mut res);
    res
}

/// How long the page may wait for its data: the head budget, or for a known crawler,
/// which reads no script, as long as the data may take.
fn budget(req: &HttpRequest, state: &AppState) -> std::time::Duration {
    let agent = req.headers().get(actix_web::http::header::USER_AGENT).and_then(|v| v.to_str().ok());
    if agent.is_some_and(crawler::is_crawler) { state.crawler_head_budget } else { state.head_budget }
}

const HTML: &str = "text/html; charset=utf-8";
const HTML_VALUE: HeaderValue = HeaderValue::from_static(HTML);
const X_ROBOTS_TAG: HeaderName = HeaderName::from_static("x-robots-tag");

/// A kept page gone stale is served as it is while it is written again in the background,
/// once (its key's one refresh), from fresh reads, with as long as its reads may take.
fn rewrite_in_background(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    choice: session::Choice,
    origin: String,
    key: String,
    shell: Arc<Shell>,
) {
    let Some(claim) = state.responses.claim(choice.driver, &key) else { return };
    let asked = PageRequest::parse(req.path(), req.query_string());
    let here = Here { path: req.path().to_owned(), query: req.query_string().to_owned() };
    let state = state.clone();
    reads::refresh_in_background(claim, async move {
        let budget = state.crawler_head_budget;
        if let Some(page) = write(&state, choice, origin, asked, here, budget).await {
            let (kept, html, read_at_ms) = rendered(&state, shell, page);
            if let Some(read_at_ms) = read_at_ms {
                state.responses.put(choice.driver, key, Answer::read(kept, html, read_at_ms));
                state.metrics.page_heads.with_label_values(&["rewritten"]).inc();
            }
        }
    });
}

/// A page written now, as kept: its status, its markup, and when its reads were read if
/// everything in it may be kept (its reads, and React's markup: a page whose render was
/// refused is written again next time).
fn rendered(state: &AppState, shell: Arc<Shell>, page: Page) -> (Kept, Bytes, Option<u64>) {
    let Page { written, inlined, paint } = page;
    let html = match written.location {
        Some(_) => Bytes::new(),
        None => Bytes::from(shell.render(&written.head, paint.as_deref().unwrap_or_default(), &inlined)),
    };
    let complete = paint.is_some() || written.location.is_some() || !state.ssr.renders();
    let kept = Kept { status: written.status, location: written.location, shell };
    (kept, html, written.read_at_ms.filter(|_| complete))
}

/// A page written now: kept and sent as kept when everything in it is kept; else sent
/// as it is, to this visitor only.
fn keep(
    req: &HttpRequest,
    state: &AppState,
    visitor: &session::Visitor,
    shell: Arc<Shell>,
    key: String,
    page: Page,
) -> HttpResponse {
    state.metrics.page_heads.with_label_values(&["written"]).inc();
    let (kept, html, read_at_ms) = rendered(state, shell, page);
    match read_at_ms {
        Some(read_at_ms) => {
            let page = state.responses.put(visitor.choice.driver, key, Answer::read(kept, html, read_at_ms));
            send(req, &page, visitor.sharing)
        }
        None => {
            let mut res = private(kept.status);
            if let Some(location) = kept.location {
                res.insert_header((LOCATION, location));
            }
            res.content_type(HTML).body(html)
        }
    }
}

/// A page that is not kept: the visitor's browser alone may keep it.
fn private(status: StatusCode) -> actix_web::HttpResponseBuilder {
    let mut res = HttpResponse::build(status);
    res.insert_header((CACHE_CONTROL, cache_control::PRIVATE_REVALIDATE)).insert_header((VARY, "Cookie"));
    res
}

/// A kept page, compressed as the request accepts, or 304.
fn send(req: &HttpRequest, page: &Answer<Kept>, sharing: session::Sharing) -> HttpResponse {
    let encoded = page.encoded.clone().unwrap_or_else(|| Arc::new(Encoded::new(page.body.clone())));
    let mut res = encoded::respond(req, &encoded, page.value.status, HTML_VALUE, sharing);
    if let Some(location) = page.value.location.as_deref().and_then(|l| HeaderValue::from_str(l).ok()) {
        res.headers_mut().insert(LOCATION, location);
    }
    res
}

/// A read the page can do without (the menu, the home page's category links): started
/// with the page's own reads and inlined if it is done within the budget; a late one
/// never turns a written page into the plain shell (the SPA fetches what is missing),
/// and it finishes anyway, warming the caches.
fn side<T, Fut>(
    state: &web::Data<AppState>,
    choice: session::Choice,
    key: &'static str,
    read: fn(web::Data<AppState>, reads::Reader) -> Fut,
) -> JoinHandle<Read<T>>
where
    T: serde::Serialize + Send + Sync + 'static,
    Fut: std::future::Future<Output = Result<(T, bool), crate::error::ApiError>> + Send + 'static,
{
    let state = state.clone();
    reads::spawn(async move { reads::cached(&state, choice, key.to_owned(), read).await })
}

/// A side read's answer, if it is done by `deadline`.
async fn by<T>(deadline: tokio::time::Instant, task: JoinHandle<Read<T>>) -> Option<Answer<T>> {
    tokio::time::timeout_at(deadline, task).await.ok()?.ok()?.ok()
}

/// When the older of a page's reads so far (`so_far`) and `answer` was read; `None`
/// when either is missing or not kept in the response cache (the page is then not kept).
fn oldest<T>(so_far: Option<u64>, answer: Option<&Answer<T>>) -> Option<u64> {
    let kept = answer.filter(|a| a.encoded.is_some()).map(|a| a.read_at_ms);
    Some(so_far?.min(kept?))
}

/// The JSON of `value`, as the API answers it.
fn json(value: &impl serde::Serialize) -> Bytes {
    Bytes::from(serde_json::to_vec(value).unwrap_or_default())
}

/// The page's reads under the budget: `None` when its own data is late (the plain shell
/// goes out). They run in tasks: past the budget they still finish and fill the caches
/// the SPA's own requests will find. The side reads get what is left of the budget.
async fn write(
    state: &web::Data<AppState>,
    choice: session::Choice,
    origin: String,
    asked: PageRequest,
    here: Here,
    budget: std::time::Duration,
) -> Option<Page> {
    let deadline = tokio::time::Instant::now() + budget;
    let keys = &table().keys;
    let navigation =
        side(state, choice, &keys.navigation, |state, r| async move { reads::navigation(&state, r).await });
    let categories = (asked == PageRequest::Home)
        .then(|| side(state, choice, &keys.categories, |state, r| async move { reads::categories(&state, r).await }));
    let own = reads::spawn(own_reads(state.clone(), choice, origin, asked));
    let mut written = match tokio::time::timeout_at(deadline, own).await {
        Ok(Ok(written)) => written,
        Ok(Err(e)) => {
            tracing::error!(error = %e, "page reads panicked");
            return None;
        }
        Err(_) => {
            state.metrics.page_heads.with_label_values(&["late"]).inc();
            return None;
        }
    };
    // The driver, without when this visitor chose it: the page is everyone's on this
    // driver (the SPA reads a stamp of 0 as "older than any switch it hears of").
    let driver = reads::driver_info(state, session::Choice::default_for(choice.driver), None);
    written.data.push((keys.driver.clone(), json(&driver)));
    let menu = by(deadline, navigation).await;
    written.read_at_ms = oldest(written.read_at_ms, menu.as_ref());
    if let Some(menu) = menu {
        written.data.push((keys.navigation.clone(), menu.body));
    }
    if let Some(categories) = categories {
        let categories = by(deadline, categories).await;
        written.read_at_ms = oldest(written.read_at_ms, categories.as_ref());
        if let Some(categories) = categories {
            written.data.push((keys.categories.clone(), categories.body));
        }
    }
    let inlined = shell::data_json(&written.data);
    // From the very data the page inlines: the browser's first render is this one. A
    // redirect has no page to render.
    let paint = match written.location {
        None => state.ssr.render(&here.url(), &inlined).await,
        Some(_) => None,
    };
    Some(Page { written, inlined, paint })
}

/// The backend's url of a product's image, if it has one: the first product's is the
/// page's largest paint, which the head preloads (`shell::head_tags`) in the box the
/// address table gives it.
fn first_image(product: &crate::dto::Product) -> Option<String> {
    product.thumbnail.as_ref().map(|t| t.url.clone()).filter(|u| !u.is_empty())
}

/// The reads of the page itself, and what they say about it.
async fn own_reads(state: web::Data<AppState>, choice: session::Choice, origin: String, asked: PageRequest) -> Written {
    let table = table();
    match asked {
        PageRequest::Home => {
            let key = table.keys.best_sellers.clone();
            let read = |s: web::Data<AppState>, r| async move { reads::best_sellers(&s, r).await };
            let best = reads::cached(&state, choice, key, read).await;
            let listed = best.as_ref().map(|b| b.value.as_slice()).unwrap_or_default();
            let mut head = head::home(&origin);
            let mut data = vec![(table.keys.home_head.clone(), json(&head::answer(head.clone())))];
            head.lcp_image = listed.first().and_then(first_image);
            let read_at_ms = oldest(Some(unix_ms()), best.as_ref().ok());
            if let Ok(best) = best {
                data.insert(0, (table.keys.best_sellers.clone(), best.body));
            }
            Written { status: StatusCode::OK, location: None, head, data, read_at_ms }
        }
        // Nothing of the backend's: the head, and the menu beside it. The page is never
        // kept (no `read_at_ms`), so a kept page is never what a cart visitor is served.
        PageRequest::Own(own) => {
            let head = head::own(own, &origin);
            let data = vec![(own.head_key().to_owned(), json(&head::answer(head.clone())))];
            // The comparison is not there where the debug tools are off.
            let there = own != Own::Compare || state.debug_faults;
            let status = if there { StatusCode::OK } else { StatusCode::NOT_FOUND };
            Written { status, location: None, head, data, read_at_ms: None }
        }
        PageRequest::Search { words, page, sort } => {
            let mut head = head::search(&origin, words.as_deref(), page);
            let head_key = table.search_head_key(words.as_deref(), page);
            let mut data = vec![(head_key, json(&head::answer(head.clone())))];
            let mut read_at_ms = Some(unix_ms());
            if let Some(words) = words {
                let cache_key = reads::keys::search(&words, page, sort);
                let asked = words.clone();
                let read =
                    move |s: web::Data<AppState>, r| async move { reads::search(&s, r, asked, page, sort).await };
                let found = reads::cached(&state, choice, cache_key, read).await;
                read_at_ms = oldest(read_at_ms, found.as_ref().ok());
                if let Ok(found) = found {
                    head.lcp_image = found.value.products.first().and_then(first_image);
                    data.insert(0, (table.search_key(&words, page, sort), found.body));
                }
            }
            Written { status: StatusCode::OK, location: None, head, data, read_at_ms }
        }
        PageRequest::Path { path, page, sort, variant } => {
            let cache_key = reads::keys::page(&origin, &path, page, sort);
            let (at, asked) = (origin.clone(), path.clone());
            let read = move |s: web::Data<AppState>, r| async move { reads::page(&s, r, &at, asked, page, sort).await };
            let Ok(answer) = reads::cached(&state, choice, cache_key, read).await else {
                // The lookup itself failed: the SPA asks again and shows what it shows.
                let head = head::failed(&origin, &path);
                let status = StatusCode::SERVICE_UNAVAILABLE;
                return Written { status, location: None, head, data: Vec::new(), read_at_ms: None };
            };
            let found = &answer.value;
            let (status, location, mut head) = (status(found), location(found), found.head.clone());
            // The variant the address names shows its own picture first: preload that, and
            // a link to it previews it. Its title and canonical address stay the
            // product's (one page, as the SPA's head is one per product).
            if let Some(picture) = variant.and_then(|id| variant_picture(found, &id)) {
                head.image = Some(head::preview_image(&origin, &picture));
                head.lcp_image = Some(picture);
            }
            let read_at_ms = oldest(Some(unix_ms()), Some(&answer));
            let data = vec![(table.page_key(&path, page, sort), answer.body)];
            Written { status, location, head, data, read_at_ms }
        }
    }
}

/// The picture of the product's variant `id`, when it has one of its own.
fn variant_picture(page: &PageData, id: &str) -> Option<String> {
    let product = page.product.as_ref()?.products.first()?;
    let variant = product.variants.iter().find(|v| v.id == id)?;
    variant.image.as_ref().map(|i| i.url.clone()).filter(|u| !u.is_empty())
}

/// A redirect keeps its code; nothing there, or a page whose data the backend
/// did not find after all, is 404; a failed lookup or fetch is 503.
fn status(page: &PageData) -> StatusCode {
    match page.resolution.outcome {
        Outcome::Redirect if location(page).is_none() => StatusCode::NOT_FOUND,
        Outcome::Redirect if page.resolution.code == 302 => StatusCode::FOUND,
        Outcome::Redirect => StatusCode::MOVED_PERMANENTLY,
        Outcome::NotFound => StatusCode::NOT_FOUND,
        Outcome::Failed => StatusCode::SERVICE_UNAVAILABLE,
        Outcome::Match if page.failure.is_some() => StatusCode::SERVICE_UNAVAILABLE,
        Outcome::Match if page.product.is_none() && page.category.is_none() && page.content.is_none() => {
            StatusCode::NOT_FOUND
        }
        Outcome::Match => StatusCode::OK,
    }
}

/// A redirect's target: a path on this site (the adapters check the links they pass on;
/// a target that is not one is served as the page instead).
fn location(page: &PageData) -> Option<String> {
    if page.resolution.outcome != Outcome::Redirect {
        return None;
    }
    page.resolution.location.clone().filter(|l| l.starts_with('/') && !l.starts_with("//") && !l.contains('\\'))
}
