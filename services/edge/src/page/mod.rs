//! Pages (issue 12): for a storefront address the edge answers the SPA's HTML with the
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
//! - [`request`]: what the address asks for, and the SPA's keys of its data.
//! - [`cards`]: the first product's image, which the head preloads.
//! - [`shell`]: `index.html` with the head, React's markup (`crate::ssr`) and the data written in.
//! - [`warm`]: the default driver's pages read at start, so first visitors get them written.

pub(crate) mod cards;
pub(crate) mod request;
pub(crate) mod shell;
pub(crate) mod warm;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, LOCATION, VARY};
use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use tokio::task::JoinHandle;

use self::request::{PageRequest, keys};
use self::shell::Shell;
use crate::dto::{Outcome, PageData, PageHead};
use crate::headers::cache_control;
use crate::reads::{self, Answer, Read};
use crate::{AppState, head, session};

/// The SPA's `index.html`, read again when the build replaces it (a rebuild while the
/// demo runs must not serve pages naming assets that are gone).
pub(crate) struct ShellFile {
    path: PathBuf,
    read: Mutex<Option<(SystemTime, std::sync::Arc<Shell>)>>,
}

impl ShellFile {
    pub(crate) fn new(dir: &Path) -> Self {
        Self { path: dir.join("index.html"), read: Mutex::new(None) }
    }

    /// The shell as the file now is; `None` without a file.
    fn current(&self) -> Option<std::sync::Arc<Shell>> {
        let modified = std::fs::metadata(&self.path).and_then(|m| m.modified()).ok()?;
        let mut read = self.read.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, shell)) = read.as_ref().filter(|(at, _)| *at == modified) {
            return Some(shell.clone());
        }
        let shell = std::sync::Arc::new(Shell::new(&std::fs::read_to_string(&self.path).ok()?));
        *read = Some((modified, shell.clone()));
        Some(shell)
    }
}

/// What a page's reads came to: its status, where a redirect goes, its head, and the
/// answers the SPA starts with.
struct Written {
    status: StatusCode,
    location: Option<String>,
    head: PageHead,
    data: Vec<(String, Bytes)>,
}

/// A page ready to go out: its reads, the data object it inlines, and React's markup of
/// it from that very object (built once, for both).
struct Page {
    written: Written,
    inlined: String,
    paint: Option<Arc<str>>,
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

/// GET (or HEAD) of any address that is not an API route or a file of the build.
pub(crate) async fn serve(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let Some(shell) = state.shell.as_ref().and_then(ShellFile::current) else {
        return HttpResponse::NotFound().finish();
    };
    let (session_id, cookie) = session::id_or_new(&req, &state);
    let choice = if cookie.is_some() {
        session::Choice::default_for(state.default_driver)
    } else {
        session::choice(&state, Some(&session_id)).await
    };
    let origin = crate::origin::public_origin(&req, state.public_url.as_deref());
    let asked = PageRequest::parse(req.path(), req.query_string());
    let here = Here { path: req.path().to_owned(), query: req.query_string().to_owned() };
    let page = write(&state, choice, origin, asked, here).await;
    let mut res = HttpResponse::build(page.as_ref().map_or(StatusCode::OK, |p| p.written.status));
    res.insert_header((CACHE_CONTROL, cache_control::PAGE_PRIVATE)).insert_header((VARY, "Cookie"));
    if let Some(cookie) = cookie {
        res.cookie(cookie);
    }
    let Some(Page { written, inlined, paint }) = page else {
        return res.insert_header((CONTENT_TYPE, "text/html; charset=utf-8")).body(shell.plain());
    };
    state.metrics.page_heads.with_label_values(&["written"]).inc();
    if let Some(location) = written.location {
        return res.insert_header((LOCATION, location)).finish();
    }
    res.insert_header((CONTENT_TYPE, "text/html; charset=utf-8")).body(shell.render(
        &written.head,
        paint.as_deref().unwrap_or_default(),
        &inlined,
    ))
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
    tokio::spawn(async move {
        let reading = state.clone();
        reads::cached(&state, choice, key.to_owned(), move |r| read(reading, r)).await
    })
}

/// A side read's answer, if it is done by `deadline`.
async fn by<T>(deadline: tokio::time::Instant, task: JoinHandle<Read<T>>) -> Option<Answer<T>> {
    tokio::time::timeout_at(deadline, task).await.ok()?.ok()?.ok()
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
) -> Option<Page> {
    let deadline = tokio::time::Instant::now() + state.head_budget;
    let navigation =
        side(state, choice, reads::keys::NAVIGATION, |state, r| async move { reads::navigation(&state, r).await });
    let categories = (asked == PageRequest::Home).then(|| {
        side(state, choice, reads::keys::CATEGORIES, |state, r| async move { reads::categories(&state, r).await })
    });
    let own = tokio::spawn(own_reads(state.clone(), choice, origin, asked));
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
    written.data.push((keys::DRIVER.to_owned(), json(&reads::driver_info(state, choice, None))));
    if let Some(menu) = by(deadline, navigation).await {
        written.data.push((keys::NAVIGATION.to_owned(), menu.body));
    }
    if let Some(categories) = categories
        && let Some(categories) = by(deadline, categories).await
    {
        written.data.push((keys::CATEGORIES.to_owned(), categories.body));
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

/// The reads of the page itself, and what they say about it.
async fn own_reads(state: web::Data<AppState>, choice: session::Choice, origin: String, asked: PageRequest) -> Written {
    match asked {
        PageRequest::Home => {
            let key = reads::keys::BEST_SELLERS.to_owned();
            let best = reads::cached(&state, choice, key, |r| reads::best_sellers(&state, r)).await;
            let listed = best.as_ref().map(|b| b.value.as_slice()).unwrap_or_default();
            let mut head = head::home(&origin);
            let mut data = vec![(keys::HOME_HEAD.to_owned(), json(&head::answer(head.clone())))];
            head.lcp_image = listed.first().and_then(cards::image_url);
            if let Ok(best) = best {
                data.insert(0, (keys::BEST_SELLERS.to_owned(), best.body));
            }
            Written { status: StatusCode::OK, location: None, head, data }
        }
        PageRequest::Search { words, page, sort } => {
            let mut head = head::search(&origin, words.as_deref(), page);
            let head_key = keys::search_head(words.as_deref(), page);
            let mut data = vec![(head_key, json(&head::answer(head.clone())))];
            if let Some(words) = words {
                let cache_key = reads::keys::search(&words, page, sort);
                let read = |r| reads::search(&state, r, words.clone(), page, sort);
                if let Ok(found) = reads::cached(&state, choice, cache_key, read).await {
                    head.lcp_image = found.value.products.first().and_then(cards::image_url);
                    data.insert(0, (keys::search(&words, page, sort), found.body));
                }
            }
            Written { status: StatusCode::OK, location: None, head, data }
        }
        PageRequest::Path { path, page, sort } => {
            let cache_key = reads::keys::page(&origin, &path, page, sort);
            let read = |r| reads::page(&state, r, &origin, path.clone(), page, sort);
            let Ok(answer) = reads::cached(&state, choice, cache_key, read).await else {
                // The lookup itself failed: the SPA asks again and shows what it shows.
                let head = head::failed(&origin, &path);
                return Written { status: StatusCode::SERVICE_UNAVAILABLE, location: None, head, data: Vec::new() };
            };
            let found = &answer.value;
            let (status, location, head) = (status(found), location(found), found.head.clone());
            let data = vec![(keys::page(&path, page, sort), answer.body)];
            Written { status, location, head, data }
        }
    }
}

/// spec §4: a redirect keeps its code; nothing there, or a page whose data the backend
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
