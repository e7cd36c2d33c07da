//! The visitor's session and what they keep, in two HttpOnly cookies.
//!
//! - `vitrine_session` names the session: what switch events (the other tabs), rate
//!   limits and idempotency keys are kept under.
//! - `vitrine_state` carries what the visitor keeps, signed for the session cookie beside
//!   it: their driver and when they chose it, their cart id on each backend, the debug
//!   tools' setting ([`kept`], [`signed`], [`keys`]). A page's request reads it with no
//!   store read, so a page from the response cache costs no Redis round trip. Replayed
//!   beside another session cookie, or none, it does not open.
//! - "Forget me" ([`forget`]) ends the session: its store key goes, a mark that it was
//!   forgotten stays for as long as its cookies could, and the cookies are removed. A
//!   copy of both cookies, taken before, then names no cart and no checkout: every
//!   cart, checkout and switch reads the mark ([`current`]). A page read does not (it
//!   would cost every page a store read); a forgotten copy still shows its driver's
//!   catalogue, which is everyone's.
//! - The session's store key ([`store`]) holds the same choice and carts, written with
//!   every change, read only when a request has a session and no state cookie (a
//!   visitor from before it, or one whose cookie was removed): that answer then sets the
//!   state cookie.
//! - A state cookie that does not open (changed, signed with a retired key, expired,
//!   malformed) is ignored: the answer is the default driver's, with no store read, and
//!   removes it; a change then starts from nothing kept.
//!
//! Cookies are set only when there is something to keep: a switch, a cart
//!  or a fault setting. A visitor without one sees the default
//! driver, and what they are answered is the same for everyone, so shared caches (a CDN)
//! may keep it ([`Visitor::sharing`]). Cookies last as long as there is something to
//! keep: a switch back to the default with no cart, or a read naming a session the
//! store no longer holds (without a state cookie), removes them.

mod kept;
mod keys;
mod signed;
mod store;

use std::time::Duration;

use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::header::HeaderValue;
use actix_web::{HttpMessage as _, HttpRequest};
use vitrine_common::StoreError;
use vitrine_domain::faults::Faults;

pub(crate) use self::kept::{Choice, Kept};
pub use self::keys::{CookieKeys, KeyError, MAX_KEYS, MIN_KEY_BYTES};
pub(crate) use self::signed::Carried;
use self::signed::{FAULTS_LIFETIME_S, Opened};
use self::store::{SESSION_TTL, Stored};
use crate::AppState;

/// A cookie's two names: the plain one, and the one behind TLS (`secure_cookies`):
/// browsers keep a `__Host-` cookie only when it is `Secure`, `Path=/` and has no
/// `Domain`, so no sibling host can plant one. With secure cookies only that name is
/// read: a plain cookie planted by a sibling subdomain or over http (which any host of
/// the site, or a man in the middle, can set) would give the visitor someone else's
/// state, and the visitor would fill the planter's cart.
#[derive(Clone, Copy)]
struct Name {
    plain: &'static str,
    secure: &'static str,
}

const SESSION: Name = Name { plain: "vitrine_session", secure: "__Host-vitrine_session" };
const STATE: Name = Name { plain: "vitrine_state", secure: "__Host-vitrine_state" };

impl Name {
    /// The request's cookie of this name: the `__Host-` one with secure cookies, the
    /// plain one without.
    fn value(self, req: &HttpRequest, secure: bool) -> Option<String> {
        // Most requests carry no cookie at all: their `Cookie` header is not parsed.
        if !req.headers().contains_key(actix_web::http::header::COOKIE) {
            return None;
        }
        Some(req.cookie(if secure { self.secure } else { self.plain })?.value().to_owned())
    }

    /// This cookie carrying `value` for `max_age` (zero: the cookie that removes it).
    fn cookie(self, secure: bool, value: String, max_age: Duration) -> Cookie<'static> {
        Cookie::build(if secure { self.secure } else { self.plain }, value)
            .path("/")
            .http_only(true)
            .same_site(SameSite::Lax)
            .secure(secure)
            .max_age(actix_web::cookie::time::Duration::seconds(max_age.as_secs().cast_signed()))
            .finish()
    }

    /// The cookies that remove the request's (whichever name it came under).
    fn removal(self, req: &HttpRequest) -> Vec<Cookie<'static>> {
        [(self.plain, false), (self.secure, true)]
            .into_iter()
            .filter(|(name, _)| req.cookie(name).is_some())
            .map(|(name, secure)| {
                let mut gone = self.cookie(secure, String::new(), Duration::ZERO);
                gone.set_name(name);
                gone
            })
            .collect()
    }
}

fn now_s() -> u64 {
    vitrine_common::clock::unix_ms() / 1000
}

/// The session id of the request's cookie, if it is one we could have issued.
pub(crate) fn id(req: &HttpRequest, state: &AppState) -> Option<String> {
    SESSION.value(req, state.secure_cookies).filter(|v| v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The request's session id, or a new one with the cookie that carries it.
pub(crate) fn id_or_new(req: &HttpRequest, state: &AppState) -> (String, Option<Cookie<'static>>) {
    if let Some(id) = id(req, state) {
        return (id, None);
    }
    let id = uuid::Uuid::new_v4().simple().to_string();
    let cookie = SESSION.cookie(state.secure_cookies, id.clone(), SESSION_TTL);
    (id, Some(cookie))
}

/// The request's state cookie, opened.
#[derive(Debug, Clone)]
enum Signed {
    /// No state cookie.
    Absent,
    /// One of another version of the format (an earlier edge's, bound to no session):
    /// read as none, so the session's store key stands in for it.
    OtherVersion,
    Valid(Opened),
    /// One that does not open: ignored.
    Refused,
}

/// The request's state cookie, opened once per request (the faults middleware and the
/// handler both ask) and kept in the request's extensions. Opens that are not the
/// everyday case are counted (a retired key's cookies still arriving, forgeries).
fn open(req: &HttpRequest, state: &AppState) -> Signed {
    let Some(value) = STATE.value(req, state.secure_cookies) else { return Signed::Absent };
    if let Some(opened) = req.extensions().get::<Signed>() {
        return opened.clone();
    }
    // Without a session cookie it opens for no session: the value was written for one.
    let session = id(req, state).unwrap_or_default();
    let opened = match signed::open(&state.cookie_keys, &value, &session, now_s()) {
        Ok(opened) => {
            if opened.by_previous_key {
                state.metrics.state_cookies.with_label_values(&["previous_key"]).inc();
            }
            Signed::Valid(opened)
        }
        Err(refused) => {
            state.metrics.state_cookies.with_label_values(&[refused.as_str()]).inc();
            tracing::debug!(reason = refused.as_str(), "a state cookie was refused; ignored");
            if refused == signed::Refused::Version { Signed::OtherVersion } else { Signed::Refused }
        }
    };
    req.extensions_mut().insert(opened.clone());
    opened
}

/// The fault setting the request's visitor made, if it is still in force.
pub(crate) fn faults(req: &HttpRequest, state: &AppState) -> Option<Faults> {
    match open(req, state) {
        Signed::Valid(opened) => opened.carried.faults_at(now_s()),
        Signed::Absent | Signed::OtherVersion | Signed::Refused => None,
    }
}

/// Who may keep an answer: everyone's caches, or only the visitor's browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sharing {
    /// No cookie of ours: the default driver's answer, the same for every such visitor.
    Shared,
    /// A visitor's own answer.
    Private,
}

impl Sharing {
    /// Its `Cache-Control`, as a header value made at compile time, not per answer.
    pub(crate) const fn cache_control(self) -> HeaderValue {
        const SHARED: HeaderValue = HeaderValue::from_static(crate::headers::cache_control::SHARED);
        const PRIVATE: HeaderValue = HeaderValue::from_static(crate::headers::cache_control::PRIVATE_REVALIDATE);
        match self {
            Self::Shared => SHARED,
            Self::Private => PRIVATE,
        }
    }
}

/// A request's visitor, as reads and caches see it.
pub(crate) struct Visitor {
    /// The driver they read, and when they chose it.
    pub(crate) choice: Choice,
    /// Whether their answers may be shared.
    pub(crate) sharing: Sharing,
    /// What the answer sets: the state cookie signed again (it was signed with the
    /// previous key, or read from the store), or the removal of a state cookie that
    /// did not open or of a session cookie naming a session the store does not hold.
    cookies: Vec<Cookie<'static>>,
}

impl Visitor {
    /// The visitor of `req`: no store read with a state cookie, or without any cookie;
    /// one for a session cookie alone.
    pub(crate) async fn of(req: &HttpRequest, state: &AppState) -> Self {
        let default = Choice::default_for(state.default_driver);
        let (choice, cookies, ours) = match open(req, state) {
            Signed::Valid(Opened { carried, by_previous_key }) => {
                // It opened, so the session cookie it was written for is there.
                let session = id(req, state).unwrap_or_default();
                let again = if by_previous_key {
                    state_cookies(req, state, &session, &carried).unwrap_or_default()
                } else {
                    vec![]
                };
                (carried.kept.choice, again, true)
            }
            Signed::Refused => (default, STATE.removal(req), true),
            signed @ (Signed::Absent | Signed::OtherVersion) => match id(req, state) {
                None if matches!(signed, Signed::Absent) => (default, Vec::new(), false),
                None => (default, STATE.removal(req), true),
                Some(session) => match store::lookup(state, &session).await {
                    Stored::Kept(kept) => {
                        let carried = Carried { issued_s: now_s(), kept, faults: None };
                        (carried.kept.choice, state_cookies(req, state, &session, &carried).unwrap_or_default(), true)
                    }
                    Stored::Nothing => (default, [SESSION.removal(req), STATE.removal(req)].concat(), true),
                    Stored::Unknown => (default, Vec::new(), true),
                },
            },
        };
        let choice = choice.faulted();
        // A faulted visitor's answers are theirs alone.
        let sharing = if ours || choice.uncached_before_ms > 0 { Sharing::Private } else { Sharing::Shared };
        Self { choice, sharing, cookies }
    }

    /// Finishes `res` for this visitor: the cookies its request calls for.
    pub(crate) fn finish(&self, res: &mut actix_web::HttpResponse) {
        for cookie in &self.cookies {
            // Only an invalid cookie fails to be written; ours are valid.
            let _ = res.add_cookie(cookie);
        }
    }
}

/// What the visitor keeps, as a change starts from it: the state cookie's, unless its
/// session was forgotten; nothing when it does not open; else the store's for a session
/// cookie alone.
///
/// # Errors
/// When that store read fails, or the store holds what this edge cannot read: each
/// caller says what it does then (a cart change fails rather than start a second cart).
pub(crate) async fn current(req: &HttpRequest, state: &AppState) -> Result<Carried, StoreError> {
    let fresh = nothing_kept(state);
    match open(req, state) {
        Signed::Valid(opened) => {
            // A state that keeps only a fault setting names nothing of the visitor's.
            if !opened.carried.kept.worth_keeping(state.default_driver) {
                return Ok(opened.carried);
            }
            let session = id(req, state).unwrap_or_default();
            // When the store cannot say, the signed cookie is taken at its word: an
            // outage of the store does not lose every visitor's cart.
            if store::forgotten(state, &session).await { Ok(fresh) } else { Ok(opened.carried) }
        }
        Signed::Refused => Ok(fresh),
        Signed::Absent | Signed::OtherVersion => {
            let Some(session) = id(req, state) else { return Ok(fresh) };
            match store::lookup(state, &session).await {
                Stored::Kept(kept) => Ok(Carried { kept, ..fresh }),
                Stored::Nothing => Ok(fresh),
                Stored::Unknown => Err(StoreError::Unavailable("the session cannot be read".to_owned())),
            }
        }
    }
}

/// What a visitor who has kept nothing keeps: the default driver, no cart, no setting.
pub(crate) fn nothing_kept(state: &AppState) -> Carried {
    Carried { issued_s: now_s(), kept: Kept::fresh(state.default_driver), faults: None }
}

/// The visitor's choice; the default when none was made or it cannot be read (a store
/// outage degrades to the default store front rather than failing pages).
pub(crate) async fn choice(req: &HttpRequest, state: &AppState) -> Choice {
    current(req, state).await.map_or(Choice::default_for(state.default_driver), |c| c.kept.choice)
}

/// Why a change of what the visitor keeps was not kept.
#[derive(Debug)]
pub(crate) enum NotSaved {
    /// The store could not be written.
    Store(StoreError),
    /// It would not fit in a cookie.
    TooLong,
}

impl std::fmt::Display for NotSaved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Store(e) => write!(f, "{e}"),
            Self::TooLong => write!(f, "the visitor's state does not fit in a cookie"),
        }
    }
}

/// Where a change of what the visitor keeps is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Record {
    /// The session's store key and the state cookie.
    StoreAndCookie,
    /// The state cookie alone: the store's copy holds no fault setting, and a visitor
    /// whose store key cannot be read must not have it overwritten with nothing.
    CookieOnly,
}

/// Keeps `carried` as the visitor's state now, for `session` (`issued`: its cookie, when
/// the session is new): in the session's store key when `record` says so, and in the
/// state cookie written for that session; answers the cookies to set. When it keeps
/// nothing, the store key and the cookies go.
///
/// # Errors
/// When it does not fit in a cookie (nothing is written then), or the store write fails.
pub(crate) async fn save(
    req: &HttpRequest,
    state: &AppState,
    (session, issued): (&str, Option<Cookie<'static>>),
    mut carried: Carried,
    record: Record,
) -> Result<Vec<Cookie<'static>>, NotSaved> {
    let now = now_s();
    carried.issued_s = now;
    carried.faults = carried.faults.filter(|(_, until)| now < *until);
    // Sealed first: what does not fit in a cookie is written nowhere.
    let sealed = state_cookies(req, state, session, &carried).map_err(|_| NotSaved::TooLong)?;
    let kept = match record {
        Record::StoreAndCookie => store::write(state, session, &carried.kept).await.map_err(NotSaved::Store)?,
        Record::CookieOnly => carried.kept.worth_keeping(state.default_driver),
    };
    // The state cookie opens only beside its session's: while it carries anything, so
    // does the session cookie.
    let mut cookies =
        if kept || carried.faults.is_some() { issued.into_iter().collect() } else { SESSION.removal(req) };
    cookies.extend(sealed);
    Ok(cookies)
}

/// "Forget me": ends the request's session (its store key goes, and a mark that it was
/// forgotten stays as long as a copy of its cookies could open), and answers the cookies
/// that remove the visitor's. Without a session there is nothing to end but the cookies.
///
/// # Errors
/// When the store cannot be written: the cookies stay then, as the visitor can try again.
pub(crate) async fn forget(req: &HttpRequest, state: &AppState) -> Result<Vec<Cookie<'static>>, StoreError> {
    if let Some(session) = id(req, state) {
        store::forget(state, &session).await?;
    }
    Ok([SESSION.removal(req), STATE.removal(req)].concat())
}

/// The state cookie as the store has it for `session`: after an answer replayed from the
/// store (the idempotency of cart changes), whose first answer, with its cookie, may never have
/// arrived. Nothing when the store has nothing to say.
pub(crate) async fn restored(req: &HttpRequest, state: &AppState, session: &str) -> Vec<Cookie<'static>> {
    let Stored::Kept(kept) = store::lookup(state, session).await else { return Vec::new() };
    let faults = match open(req, state) {
        Signed::Valid(opened) => opened.carried.faults,
        Signed::Absent | Signed::OtherVersion | Signed::Refused => None,
    };
    state_cookies(req, state, session, &Carried { issued_s: now_s(), kept, faults }).unwrap_or_default()
}

/// `carried` with the debug tools' setting `faults` (`None`: none) for its hour from now,
/// the rest as it was.
pub(crate) fn with_faults(mut carried: Carried, faults: Option<Faults>) -> Carried {
    carried.faults = faults.map(|f| (f, now_s() + FAULTS_LIFETIME_S));
    carried
}

/// The state cookie for `carried`, written for `session` and signed with the current
/// key, living as long as what it keeps (30 days from its last change; a fault setting
/// alone, its hour); or, when it keeps nothing, the removal of the request's.
fn state_cookies(
    req: &HttpRequest,
    state: &AppState,
    session: &str,
    carried: &Carried,
) -> Result<Vec<Cookie<'static>>, signed::TooLong> {
    let now = now_s();
    let until = if carried.kept.worth_keeping(state.default_driver) {
        carried.issued_s.saturating_add(signed::LIFETIME_S)
    } else {
        carried.faults.map_or(0, |(_, until)| until)
    };
    if until <= now {
        return Ok(STATE.removal(req));
    }
    let value = signed::seal(&state.cookie_keys, session, carried)?;
    Ok(vec![STATE.cookie(state.secure_cookies, value, Duration::from_secs(until - now))])
}
