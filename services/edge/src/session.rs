//! The visitor's session: an HttpOnly cookie naming a session whose driver the store
//! holds, so one visitor's switch never changes another's store front.

use std::time::Duration;

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite};
use vitrine_domain::Driver;

use crate::AppState;

pub(crate) const COOKIE: &str = "vitrine_session";
/// A chosen driver is remembered this long after the last switch.
const SESSION_TTL: Duration = Duration::from_secs(30 * 24 * 3600);

/// The session id of the request's cookie, if it is one we could have issued.
pub(crate) fn id(req: &HttpRequest) -> Option<String> {
    let value = req.cookie(COOKIE)?.value().to_owned();
    (value.len() == 32 && value.bytes().all(|b| b.is_ascii_hexdigit())).then_some(value)
}

/// The request's session id, or a new one with the cookie that carries it.
pub(crate) fn id_or_new(req: &HttpRequest, state: &AppState) -> (String, Option<Cookie<'static>>) {
    if let Some(id) = id(req) {
        return (id, None);
    }
    let id = uuid::Uuid::new_v4().simple().to_string();
    let cookie = Cookie::build(COOKIE, id.clone())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(state.secure_cookies)
        .max_age(actix_web::cookie::time::Duration::seconds(SESSION_TTL.as_secs().cast_signed()))
        .finish();
    (id, Some(cookie))
}

fn key(session: &str) -> String {
    format!("vitrine:session:{session}:driver")
}

/// The session's driver; the default when none was chosen or the store cannot answer
/// (a store outage degrades to the default store front rather than failing pages).
pub(crate) async fn driver(state: &AppState, session: Option<&str>) -> Driver {
    let Some(session) = session else { return state.default_driver };
    match state.store.get(&key(session)).await {
        Ok(Some(bytes)) => std::str::from_utf8(&bytes).ok().and_then(Driver::parse).unwrap_or(state.default_driver),
        Ok(None) => state.default_driver,
        Err(e) => {
            tracing::warn!(error = %e, "session store read failed; using the default driver");
            state.default_driver
        }
    }
}

/// Remembers `driver` for `session`.
///
/// # Errors
/// When the store cannot be written.
pub(crate) async fn set_driver(
    state: &AppState,
    session: &str,
    driver: Driver,
) -> Result<(), vitrine_common::StoreError> {
    state.store.set(&key(session), driver.as_str().as_bytes(), Some(SESSION_TTL)).await
}

/// The driver a request runs with.
pub(crate) async fn request_driver(req: &HttpRequest, state: &AppState) -> Driver {
    driver(state, id(req).as_deref()).await
}
