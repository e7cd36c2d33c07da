//! Pages (issue 12): for a storefront address the edge answers the SPA's HTML with the
//! page's own head (title, description, canonical link, link-preview tags, structured
//! data), the data the SPA would fetch first written into it, and the page's real
//! status: 404 for an address the backend does not know, 301/302 with `Location` for
//! a redirect, 503 when the lookup failed. A backend slower than the budget
//! (`Config::head_budget`) gets the plain shell, and the SPA fetches as it always did;
//! the reads go on in the background and warm the caches for that fetch.
//!
//! - [`request`]: what the address asks for, and the SPA's keys of its data.
//! - [`head`]: what the head says, from the data.
//! - [`jsonld`]: schema.org structured data, the one builder.
//! - [`shell`]: `index.html` with the head and the data written in.

pub(crate) mod head;
pub(crate) mod jsonld;
pub(crate) mod request;
pub(crate) mod shell;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, LOCATION, VARY};
use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use serde::Deserialize;

use self::request::{PageRequest, keys};
use self::shell::Shell;
use crate::api::{self, Reader};
use crate::dto::{self, Outcome, PageHead};
use crate::error::ApiError;
use crate::{AppState, session};

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
    // Spawned: past the budget the reads still finish and fill the caches the SPA's own
    // requests will find.
    let reads = tokio::spawn(write(state.clone(), choice, origin, asked));
    let written = match tokio::time::timeout(state.head_budget, reads).await {
        Ok(Ok(written)) => Some(written),
        Ok(Err(e)) => {
            tracing::error!(error = %e, "page reads panicked");
            None
        }
        Err(_) => {
            state.metrics.page_heads.with_label_values(&["late"]).inc();
            None
        }
    };
    let mut res = HttpResponse::build(written.as_ref().map_or(StatusCode::OK, |w| w.status));
    res.insert_header((CACHE_CONTROL, "private, no-cache")).insert_header((VARY, "Cookie"));
    if let Some(cookie) = cookie {
        res.cookie(cookie);
    }
    let Some(written) = written else {
        return res.insert_header((CONTENT_TYPE, "text/html; charset=utf-8")).body(shell.plain());
    };
    state.metrics.page_heads.with_label_values(&["written"]).inc();
    if let Some(location) = written.location {
        return res.insert_header((LOCATION, location)).finish();
    }
    res.insert_header((CONTENT_TYPE, "text/html; charset=utf-8")).body(shell.render(&written.head, &written.data))
}

/// The reads a page needs, and what they say about it.
async fn write(state: web::Data<AppState>, choice: session::Choice, origin: String, asked: PageRequest) -> Written {
    let driver = dto::DriverInfo::new(choice.driver, None);
    let driver = Bytes::from(serde_json::to_vec(&driver).unwrap_or_default());
    let navigation = api::cached_body(&state, choice, keys::NAVIGATION.to_owned(), |r| api::read_navigation(&state, r));
    let mut data = vec![(keys::DRIVER.to_owned(), driver)];
    let mut keep = |key: &str, body: Result<Bytes, ApiError>| {
        if let Ok(body) = body {
            data.push((key.to_owned(), body));
        }
    };
    match asked {
        PageRequest::Home => {
            let (menu, best, categories) = tokio::join!(
                navigation,
                api::cached_body(&state, choice, keys::BEST_SELLERS.to_owned(), |r| api::read_best_sellers(&state, r)),
                api::cached_body(&state, choice, keys::CATEGORIES.to_owned(), |r| api::read_categories(&state, r)),
            );
            keep(keys::NAVIGATION, menu);
            keep(keys::BEST_SELLERS, best);
            keep(keys::CATEGORIES, categories);
            Written { status: StatusCode::OK, location: None, head: head::home(&origin), data }
        }
        PageRequest::Search { words, page, sort } => {
            let head = head::search(&origin, words.as_deref(), page);
            let Some(words) = words else {
                keep(keys::NAVIGATION, navigation.await);
                return Written { status: StatusCode::OK, location: None, head, data };
            };
            let key = keys::search(&words, page, sort);
            let found = api::cached_body(&state, choice, api::search_key(&words, page, sort), |r| {
                api::read_search(&state, r, words, page, sort)
            });
            let (menu, found) = tokio::join!(navigation, found);
            keep(keys::NAVIGATION, menu);
            keep(&key, found);
            Written { status: StatusCode::OK, location: None, head, data }
        }
        PageRequest::Path { path, page, sort } => {
            let key = keys::page(&path, page, sort);
            let cache_key = api::page_key(&origin, &path, page, sort);
            let read = |r: Reader| api::read_page(&state, r, &origin, path.clone(), page, sort);
            let (menu, answer) = tokio::join!(navigation, api::cached_body(&state, choice, cache_key, read));
            keep(keys::NAVIGATION, menu);
            let Ok(body) = answer else {
                // The lookup itself failed: the SPA asks again and shows what it shows.
                return Written {
                    status: StatusCode::SERVICE_UNAVAILABLE,
                    location: None,
                    head: head::failed(&origin, &path),
                    data,
                };
            };
            let verdict = serde_json::from_slice::<Verdict>(&body).ok();
            keep(&key, Ok(body));
            match verdict {
                Some(v) => Written { status: v.status(), location: v.location(), head: v.head, data },
                None => Written { status: StatusCode::OK, location: None, head: head::failed(&origin, &path), data },
            }
        }
    }
}

/// The parts of an `/api/page` answer that decide the page's status.
#[derive(Deserialize)]
struct Verdict {
    resolution: VerdictResolution,
    head: PageHead,
    failure: Option<serde::de::IgnoredAny>,
    product: Option<serde::de::IgnoredAny>,
    category: Option<serde::de::IgnoredAny>,
    content: Option<serde::de::IgnoredAny>,
}

#[derive(Deserialize)]
struct VerdictResolution {
    outcome: Outcome,
    code: i32,
    location: Option<String>,
}

impl Verdict {
    /// spec §4: a redirect keeps its code; nothing there, or a page whose data the
    /// backend did not find after all, is 404; a failed lookup or fetch is 503.
    fn status(&self) -> StatusCode {
        match self.resolution.outcome {
            Outcome::Redirect if self.location().is_none() => StatusCode::NOT_FOUND,
            Outcome::Redirect if self.resolution.code == 302 => StatusCode::FOUND,
            Outcome::Redirect => StatusCode::MOVED_PERMANENTLY,
            Outcome::NotFound => StatusCode::NOT_FOUND,
            Outcome::Failed => StatusCode::SERVICE_UNAVAILABLE,
            Outcome::Match if self.failure.is_some() => StatusCode::SERVICE_UNAVAILABLE,
            Outcome::Match if self.product.is_none() && self.category.is_none() && self.content.is_none() => {
                StatusCode::NOT_FOUND
            }
            Outcome::Match => StatusCode::OK,
        }
    }

    /// A redirect's target: a path on this site (the adapters check the links they
    /// pass on; a target that is not one is served as the page instead).
    fn location(&self) -> Option<String> {
        if self.resolution.outcome != Outcome::Redirect {
            return None;
        }
        self.resolution.location.clone().filter(|l| l.starts_with('/') && !l.starts_with("//") && !l.contains('\\'))
    }
}
