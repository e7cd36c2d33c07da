//! One guard for every write of a visitor (a cart change, a checkout step), which the
//! cart's and the checkout's handlers both go through without reaching into each other:
//! the session (made when the visitor has none), the session's and the address's limits,
//! the `Idempotency-Key` ([`idempotency`]), then the change; its answer is never stored
//! by anyone. The same-site check comes before, in the route table's guard.

mod idempotency;

use actix_web::cookie::Cookie;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};

use self::idempotency::Decision;
use crate::error::ApiError;
use crate::{AppState, client_address, session};

type ApiResult = Result<HttpResponse, ApiError>;

const IDEMPOTENCY_KEY: &str = "idempotency-key";

/// `answer` as the browser gets it, never stored by anyone.
pub(crate) fn respond(json: String) -> HttpResponse {
    let mut res = HttpResponse::Ok().content_type("application/json").body(json);
    res.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// `body` as a `T`, when it is at most `max` bytes of the JSON `T` takes.
pub(crate) fn parse_within<T: serde::de::DeserializeOwned>(body: &[u8], max: usize) -> Result<T, ApiError> {
    if body.len() > max {
        return Err(ApiError::InvalidBody);
    }
    serde_json::from_slice(body).map_err(|_| ApiError::InvalidBody)
}

fn header(req: &HttpRequest, name: impl actix_web::http::header::AsHeaderName) -> Option<&str> {
    req.headers().get(name).and_then(|v| v.to_str().ok())
}

/// The new session a change made: its id, and the cookie that carries it (none when the
/// visitor had one).
pub(crate) type Session = (String, Option<Cookie<'static>>);

/// A read no cache answers counts against the session's and the address's read limits
/// (a visitor without a session is counted by address alone).
///
/// # Errors
/// [`ApiError::TooManyReads`] over either.
pub(crate) fn within_read_limits(req: &HttpRequest, state: &AppState) -> Result<(), ApiError> {
    let address = client_address::of(req, state);
    let session = session::id(req, state).unwrap_or_else(|| format!("address {address}"));
    if state.read_limiter.allow(&session, &address) { Ok(()) } else { Err(ApiError::TooManyReads) }
}

/// A cart or checkout change counts against the session's and the
/// address's limits.
pub(crate) fn within_limits(req: &HttpRequest, state: &AppState, session: &str) -> Result<(), ApiError> {
    let address = client_address::of(req, state);
    if state.cart_limiter.allow(session, &address) { Ok(()) } else { Err(ApiError::TooManyCartChanges) }
}

/// A change of the visitor's cart or checkout, from this site (checked
/// before): the session and address limits, then the `Idempotency-Key`, then `work`
/// with the visitor's session, which answers the JSON and the cookies to send.
pub(crate) async fn guarded<F, Fut>(req: &HttpRequest, state: &AppState, body: &[u8], work: F) -> ApiResult
where
    F: FnOnce(Session) -> Fut,
    Fut: Future<Output = Result<(String, Vec<Cookie<'static>>), ApiError>>,
{
    let (session, issued) = session::id_or_new(req, state);
    within_limits(req, state, &session)?;
    let key = match header(req, IDEMPOTENCY_KEY) {
        Some(key) if idempotency::valid_key(key) => Some(key.to_owned()),
        Some(_) => return Err(ApiError::IdempotencyKeyInvalid),
        None => None,
    };
    let fingerprint = idempotency::fingerprint(req.method().as_str(), req.path(), body);
    if let Some(key) = &key {
        match idempotency::begin(&state.store, &session, key, &fingerprint).await {
            Ok(Decision::Run) => {}
            // The first answer's cookie may never have arrived (that is why the visitor
            // asks again): the store's record of the session says what it keeps now.
            Ok(Decision::Replay(answer)) => {
                let cookies = session::restored(req, state, &session).await;
                return Ok(with_cookies(respond(answer), &cookies));
            }
            Ok(Decision::InFlight) => return Err(ApiError::IdempotencyInFlight),
            Ok(Decision::Reused) => return Err(ApiError::IdempotencyKeyReused),
            Err(_) => return Err(ApiError::CartNotSaved),
        }
    }
    let result = work((session.clone(), issued)).await;
    if let Some(key) = &key {
        let answer = result.as_ref().ok().map(|(json, _)| json.as_str());
        idempotency::finish(&state.store, &session, key, &fingerprint, answer).await;
    }
    let (json, cookies) = result?;
    Ok(with_cookies(respond(json), &cookies))
}

pub(crate) fn with_cookies(mut res: HttpResponse, cookies: &[Cookie<'static>]) -> HttpResponse {
    for cookie in cookies {
        // Only an invalid cookie fails to be written; ours are valid.
        let _ = res.add_cookie(cookie);
    }
    res
}
