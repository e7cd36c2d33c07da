//! Latency and faults a visitor injects into one backend's upstream calls, for their own
//! requests only, when the debug tools are on (`Config::debug_faults`).
//!
//! - The setting travels with the visitor, in their signed state cookie
//!   (`session`, an hour; no store read), and on from the edge in each service call's
//!   metadata (`vitrine_common::hop`): [`of_request`] opens it for the request. The adapter
//!   applies it after coalescing, outside the upstream concurrency limit and never in a
//!   background refresh (`adapter/src/upstream.rs`), so nobody else's request is slowed
//!   or failed.
//! - The visitor's reads of the affected backend skip the caches, as after a switch
//!   (`session::Visitor::of`): an injected latency is paid on every read, not hidden by
//!   a cached answer.
//! - `GET`, `PUT`, `DELETE /api/debug/faults`: what is set, set it, clear it.

use actix_web::http::Method;
use actix_web::{HttpRequest, HttpResponse, web};
use vitrine_domain::Backend;
use vitrine_domain::faults::Faults;

use crate::dto::{BackendOption, FaultsSetting, FaultsState};
use crate::error::ApiError;
use crate::error::responses::InputError;
use crate::session::Record;
use crate::{AppState, session, visitor_write};

/// The faults the visitor of `req` injects, for every service call it makes (none when
/// the debug tools are off).
///
/// # Errors
/// Too many reads: a faulted visitor's reads skip every cache, so each is counted
/// against the read limits (a write has its own).
pub(crate) fn of_request(req: &HttpRequest, state: &AppState) -> Result<Option<Faults>, ApiError> {
    let faults = if state.debug_faults { session::faults(req, state) } else { None };
    if faults.is_some() && matches!(*req.method(), Method::GET | Method::HEAD) {
        visitor_write::within_read_limits(req, state)?;
    }
    Ok(faults)
}

/// `call` with `faults` injected into its service calls. Most visitors inject nothing:
/// outside a scope the request's faults are none too, so theirs runs without one.
pub(crate) async fn within<F: Future>(faults: Option<Faults>, call: F) -> F::Output {
    match faults {
        Some(_) => vitrine_common::hop::with_faults(faults, call).await,
        None => call.await,
    }
}

fn state_of(state: &AppState, faults: Option<Faults>) -> FaultsState {
    FaultsState { enabled: state.debug_faults, backends: BackendOption::all(), faults: faults.map(FaultsSetting::from) }
}

fn enabled(state: &AppState) -> Result<(), ApiError> {
    if state.debug_faults { Ok(()) } else { Err(ApiError::DebugToolsOff) }
}

/// Keeps `faults` (`None`: no setting) with what else the visitor keeps, and answers the
/// setting now with the cookie that carries it. A visitor from before the signed cookie
/// whose session the store cannot read now starts from nothing kept: this is a debug
/// tool, and the setting ends within the hour.
async fn set(req: &HttpRequest, state: &AppState, faults: Option<Faults>) -> Result<HttpResponse, ApiError> {
    let carried = session::current(req, state).await.unwrap_or_else(|_| session::nothing_kept(state));
    let (session, issued) = session::id_or_new(req, state);
    let carried = session::with_faults(carried, faults);
    let cookies = session::save(req, state, (&session, issued), carried, Record::CookieOnly).await.map_err(|e| {
        tracing::warn!(error = %e, "the fault setting was not kept");
        ApiError::EncodingFailed
    })?;
    let mut res = HttpResponse::Ok().json(state_of(state, faults));
    for cookie in &cookies {
        // Only an invalid cookie fails to be written; ours are valid.
        let _ = res.add_cookie(cookie);
    }
    Ok(res)
}

/// GET /api/debug/faults: whether the tools are on, and this visitor's setting.
#[utoipa::path(get, path = "/api/debug/faults", tag = "debug",
    responses((status = 200, description = "Whether faults can be injected here, and this visitor's setting",
        body = FaultsState)))]
pub(crate) async fn get_faults(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let faults = if state.debug_faults { session::faults(&req, &state) } else { None };
    HttpResponse::Ok().json(state_of(&state, faults))
}

/// PUT /api/debug/faults: inject `latency_ms`, an `error_percent` or timeouts into
/// `backend`'s upstream calls, for this visitor's requests only (a cookie, an hour). A
/// setting that changes nothing clears it.
#[utoipa::path(put, path = "/api/debug/faults", tag = "debug", request_body = FaultsSetting,
    responses((status = 200, description = "The setting now", body = FaultsState), InputError,
        crate::error::responses::DebugToolErrors))]
pub(crate) async fn put_faults(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<FaultsSetting>,
) -> Result<HttpResponse, ApiError> {
    enabled(&state)?;
    let faults = Faults::try_from(body.into_inner())?;
    set(&req, &state, (!faults.is_idle()).then_some(faults)).await
}

/// DELETE /api/debug/faults: no more injected faults for this visitor.
#[utoipa::path(delete, path = "/api/debug/faults", tag = "debug",
    responses((status = 200, description = "The setting now (none)", body = FaultsState),
        crate::error::responses::DebugToolErrors))]
pub(crate) async fn delete_faults(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    enabled(&state)?;
    set(&req, &state, None).await
}

impl TryFrom<FaultsSetting> for Faults {
    type Error = ApiError;

    fn try_from(s: FaultsSetting) -> Result<Self, ApiError> {
        let backend = Backend::parse(&s.backend).ok_or(ApiError::FaultsInvalid)?;
        let faults = Self { backend, latency_ms: s.latency_ms, error_percent: s.error_percent, timeout: s.timeout };
        // The one check of the bounds: what the cookie's reader accepts.
        if faults.is_idle() || Self::parse(&faults.encode()) == Some(faults) {
            Ok(faults)
        } else {
            Err(ApiError::FaultsInvalid)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_is_taken_only_within_its_bounds() {
        let setting = |backend: &str, latency_ms, error_percent, timeout| FaultsSetting {
            backend: backend.to_owned(),
            latency_ms,
            error_percent,
            timeout,
        };
        for (body, ok) in [
            (setting("magento", 800, 0, false), true),
            (setting("medusa", 0, 100, true), true),
            (setting("fake", 0, 0, false), true),
            (setting("magento", 5001, 0, false), false),
            (setting("magento", 0, 101, false), false),
            (setting("mageos", 10, 0, false), false),
            (setting("nope", 10, 0, false), false),
        ] {
            let text = format!("{body:?}");
            assert_eq!(Faults::try_from(body).is_ok(), ok, "{text}");
        }
    }
}
