//! The visitor's session: an HttpOnly cookie naming a session whose driver the store
//! holds, so one visitor's switch never changes another's store front.
//!
//! A cookie is set only when there is something to keep (issue 21): a switch, or a cart
//! (issue 23). A visitor without one sees the default driver, and what they are answered
//! is the same for everyone, so shared caches (a CDN) may keep it ([`Visitor::sharing`]).
//! A cookie lives as long as its session holds something: a switch back to the default
//! with no cart, or a read naming a session the store no longer holds, drops it.
//!
//! The session is one store key ([`Kept`]): the driver and when it was chosen, and the
//! visitor's cart id on each backend (so switching back finds the earlier cart). One key
//! keeps a page view to one store read.

use std::collections::BTreeMap;
use std::time::Duration;

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite};
use vitrine_domain::{Backend, Driver};

use crate::AppState;

pub(crate) const COOKIE: &str = "vitrine_session";
/// Its name when served over TLS (`secure_cookies`): browsers keep a `__Host-` cookie only
/// when it is `Secure`, `Path=/` and has no `Domain`, so no sibling host can plant one.
pub(crate) const SECURE_COOKIE: &str = "__Host-vitrine_session";
/// A chosen driver is remembered this long after the last switch.
const SESSION_TTL: Duration = Duration::from_secs(30 * 24 * 3600);

/// The session id of the request's cookie, if it is one we could have issued. Either
/// name is read, so turning `secure_cookies` on or off keeps every visitor's session.
pub(crate) fn id(req: &HttpRequest) -> Option<String> {
    let value = req.cookie(SECURE_COOKIE).or_else(|| req.cookie(COOKIE))?.value().to_owned();
    (value.len() == 32 && value.bytes().all(|b| b.is_ascii_hexdigit())).then_some(value)
}

/// The request's session id, or a new one with the cookie that carries it.
pub(crate) fn id_or_new(req: &HttpRequest, state: &AppState) -> (String, Option<Cookie<'static>>) {
    if let Some(id) = id(req) {
        return (id, None);
    }
    let id = uuid::Uuid::new_v4().simple().to_string();
    let cookie = cookie(state.secure_cookies, id.clone(), SESSION_TTL);
    (id, Some(cookie))
}

/// The session cookie carrying `value` for `max_age` (zero: the cookie that removes it).
fn cookie(secure: bool, value: String, max_age: Duration) -> Cookie<'static> {
    let name = if secure { SECURE_COOKIE } else { COOKIE };
    Cookie::build(name, value)
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(actix_web::cookie::time::Duration::seconds(max_age.as_secs().cast_signed()))
        .finish()
}

/// The cookies that remove the request's session cookie (whichever name it came under).
pub(crate) fn removal(req: &HttpRequest) -> Vec<Cookie<'static>> {
    [(COOKIE, false), (SECURE_COOKIE, true)]
        .into_iter()
        .filter(|(name, _)| req.cookie(name).is_some())
        .map(|(name, secure)| {
            let mut gone = cookie(secure, String::new(), Duration::ZERO);
            gone.set_name(name);
            gone
        })
        .collect()
}

/// Who may keep an answer: everyone's caches, or only the visitor's browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sharing {
    /// No session: the default driver's answer, the same for every such visitor.
    Shared,
    /// A session's answer.
    Private,
}

impl Sharing {
    /// Its `Cache-Control`.
    pub(crate) const fn cache_control(self) -> &'static str {
        match self {
            Self::Shared => crate::headers::cache_control::SHARED,
            Self::Private => crate::headers::cache_control::PRIVATE_REVALIDATE,
        }
    }
}

/// A request's visitor, as reads and caches see it.
pub(crate) struct Visitor {
    /// The driver they read, and when they chose it.
    pub(crate) choice: Choice,
    /// Whether their answers may be shared.
    pub(crate) sharing: Sharing,
    /// Their cookie names a session the store does not hold (it expired, or the store
    /// was emptied): the answer removes it, so their next requests are shared ones.
    pub(crate) drop_cookie: bool,
}

impl Visitor {
    /// The visitor of `req`: one store read when it carries a session cookie, none without.
    pub(crate) async fn of(req: &HttpRequest, state: &AppState) -> Self {
        let default = Choice::default_for(state.default_driver);
        let Some(session) = id(req) else {
            let choice = default.faulted();
            // A faulted visitor's answers are theirs alone (issue 24).
            let sharing = if choice.uncached_before_ms > 0 { Sharing::Private } else { Sharing::Shared };
            return Self { choice, sharing, drop_cookie: false };
        };
        let (choice, drop_cookie) = match lookup(state, &session).await {
            Stored::Kept(kept) => (kept.choice, false),
            Stored::Nothing => (default, true),
            Stored::Unknown => (default, false),
        };
        Self { choice: choice.faulted(), sharing: Sharing::Private, drop_cookie }
    }

    /// Finishes `res` for this visitor: removes a cookie that names nothing.
    pub(crate) fn finish(&self, req: &HttpRequest, res: &mut actix_web::HttpResponse) {
        if self.drop_cookie {
            for gone in removal(req) {
                // Only an invalid cookie fails to be written; ours are valid.
                let _ = res.add_cookie(&gone);
            }
        }
    }
}

fn key(session: &str) -> String {
    format!("vitrine:session:{session}:driver")
}

/// Everything a session keeps, in its one key: `driver@ms`, then `;backend=cart-id` per
/// backend with a cart (the id percent-encoded, so no id can end the field early).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Kept {
    pub(crate) choice: Choice,
    pub(crate) carts: BTreeMap<Backend, String>,
}

impl Kept {
    fn parse(text: &str) -> Option<Self> {
        let mut fields = text.split(';');
        let choice = Choice::parse(fields.next()?)?;
        let mut carts = BTreeMap::new();
        for field in fields {
            let (backend, id) = field.split_once('=')?;
            carts.insert(Backend::parse(backend)?, urlencoding::decode(id).ok()?.into_owned());
        }
        Some(Self { choice, carts })
    }

    fn encode(&self) -> String {
        let mut text = self.choice.encode();
        for (backend, id) in &self.carts {
            text.push_str(&format!(";{}={}", backend.as_str(), urlencoding::encode(id)));
        }
        text
    }

    /// Whether the store needs to keep it: a choice worth keeping, or a cart.
    fn worth_keeping(&self, default: Driver) -> bool {
        self.choice.worth_keeping(default) || !self.carts.is_empty()
    }

    /// A session that has kept nothing yet.
    const fn fresh(default: Driver) -> Self {
        Self { choice: Choice::default_for(default), carts: BTreeMap::new() }
    }
}

/// What the store keeps for a session: the driver it chose and when (ms since the Unix
/// epoch). The time is what makes a switch freshen this visitor's view alone (issue 11):
/// reads send it as `fresh_after_ms`, and no cache layer answers them with an entry
/// written before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Choice {
    pub(crate) driver: Driver,
    pub(crate) switched_at_ms: u64,
    /// No cached answer read before it is used, as after a switch (0: none; never
    /// stored): set when this request's visitor has faults injected into the driver's
    /// backend, so the injected latency is paid on every read, and for the cold reads
    /// of a comparison (issue 24).
    pub(crate) uncached_before_ms: u64,
}

impl Choice {
    /// A session that never chose: the default driver, nothing to freshen.
    pub(crate) const fn default_for(driver: Driver) -> Self {
        Self { driver, switched_at_ms: 0, uncached_before_ms: 0 }
    }

    /// `driver`, read past every cache (issue 24: a comparison's cold reads).
    pub(crate) fn uncached(driver: Driver) -> Self {
        Self { uncached_before_ms: vitrine_common::clock::unix_ms(), ..Self::default_for(driver) }
    }

    /// A switch to `driver` at `switched_at_ms`.
    pub(crate) const fn switched(driver: Driver, switched_at_ms: u64) -> Self {
        Self { driver, switched_at_ms, uncached_before_ms: 0 }
    }

    /// The stored form `driver@ms`; a bare driver (written before issue 11) reads as a
    /// switch at 0. Anything else is `None`.
    fn parse(text: &str) -> Option<Self> {
        let (driver, at) = text.split_once('@').unwrap_or((text, "0"));
        Some(Self::switched(Driver::parse(driver)?, at.parse().ok()?))
    }

    fn encode(self) -> String {
        format!("{}@{}", self.driver.as_str(), self.switched_at_ms)
    }

    /// What a read sends as `fresh_after_ms`: the switch time for a driver whose answers
    /// must be fresh after a switch to it (spec §4: Magento and Shopify), else 0.
    /// Later for a visitor with faults injected into the driver's backend (issue 24).
    pub(crate) const fn fresh_after_ms(self) -> u64 {
        let switched = self.fresh_after_switch_ms();
        if self.uncached_before_ms > switched { self.uncached_before_ms } else { switched }
    }

    const fn fresh_after_switch_ms(self) -> u64 {
        if self.driver.clears_cache_on_switch() { self.switched_at_ms } else { 0 }
    }

    /// Whether the store needs to remember it: a session on the default driver with
    /// nothing to freshen is a session with no key (issue 11: no key per drive-by PUT).
    fn worth_keeping(self, default: Driver) -> bool {
        self.driver != default || self.fresh_after_switch_ms() > 0
    }

    /// This choice for a request whose visitor injected faults (`hop::faults`): when they
    /// are on its driver's backend, nothing cached before now answers it.
    pub(crate) fn faulted(mut self) -> Self {
        if vitrine_common::hop::faults().is_some_and(|f| f.backend == self.driver.backend()) {
            self.uncached_before_ms = vitrine_common::clock::unix_ms();
        }
        self
    }
}

/// What the store holds for a session.
enum Stored {
    Kept(Kept),
    /// No key: the session keeps nothing.
    Nothing,
    /// The store could not answer, or holds what this edge cannot read (a newer edge's
    /// form): the session may well hold something, so its cookie stays.
    Unknown,
}

async fn lookup(state: &AppState, session: &str) -> Stored {
    match state.store.get(&key(session)).await {
        Ok(Some(bytes)) => std::str::from_utf8(&bytes).ok().and_then(Kept::parse).map_or(Stored::Unknown, Stored::Kept),
        Ok(None) => Stored::Nothing,
        Err(e) => {
            tracing::warn!(error = %e, "session store read failed; using the default driver");
            Stored::Unknown
        }
    }
}

/// The session's choice; the default when none was made or the store cannot answer (a
/// store outage degrades to the default store front rather than failing pages).
pub(crate) async fn choice(state: &AppState, session: Option<&str>) -> Choice {
    let default = Choice::default_for(state.default_driver);
    let Some(session) = session else { return default };
    match lookup(state, session).await {
        Stored::Kept(kept) => kept.choice,
        Stored::Nothing | Stored::Unknown => default,
    }
}

/// Everything the session keeps (a session that kept nothing: the default and no carts).
///
/// # Errors
/// When the store cannot be read, or holds what this edge cannot read: a cart call then
/// fails rather than start the visitor a second cart.
pub(crate) async fn kept(state: &AppState, session: &str) -> Result<Kept, vitrine_common::StoreError> {
    match lookup(state, session).await {
        Stored::Kept(kept) => Ok(kept),
        Stored::Nothing => Ok(Kept::fresh(state.default_driver)),
        Stored::Unknown => Err(vitrine_common::StoreError::Unavailable("the session cannot be read".to_owned())),
    }
}

/// Writes `kept` for `session`, or forgets the session when it keeps nothing. Answers
/// whether the session is kept (else its cookie has nothing to name).
async fn write(state: &AppState, session: &str, kept: &Kept) -> Result<bool, vitrine_common::StoreError> {
    if kept.worth_keeping(state.default_driver) {
        // Kept: the cart ids in it cannot be fetched again (issue 25).
        state.store.set_kept(&key(session), kept.encode().as_bytes(), SESSION_TTL).await?;
        Ok(true)
    } else {
        state.store.delete(&key(session)).await?;
        Ok(false)
    }
}

/// Remembers the visitor's cart `id` on `backend` (`None`: it has none there any more).
/// The session's other fields are read first and kept (a read-modify-write: the
/// visitor's own two changes at once can race; two visitors never share a session).
///
/// # Errors
/// When the store cannot be read or written.
pub(crate) async fn set_cart(
    state: &AppState,
    session: &str,
    backend: Backend,
    id: Option<String>,
) -> Result<bool, vitrine_common::StoreError> {
    let mut kept = kept(state, session).await?;
    match id {
        Some(id) => kept.carts.insert(backend, id),
        None => kept.carts.remove(&backend),
    };
    write(state, session, &kept).await
}

/// Remembers `choice` for `session`, keeping its carts (so switching back finds the
/// earlier one), or forgets the session when it keeps nothing. Answers whether the
/// session is kept (else its cookie has nothing to name).
///
/// # Errors
/// When the store cannot be written.
pub(crate) async fn save(state: &AppState, session: &str, choice: Choice) -> Result<bool, vitrine_common::StoreError> {
    // A session the store cannot read keeps its switch; its carts are what cannot be read.
    let carts = match lookup(state, session).await {
        Stored::Kept(kept) => kept.carts,
        Stored::Nothing | Stored::Unknown => BTreeMap::new(),
    };
    write(state, session, &Kept { choice, carts }).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_read_their_stored_form_and_the_old_one() {
        for (text, expected) in [
            ("magento@1700000000123", Some((Driver::Magento, 1_700_000_000_123))),
            ("shopify@0", Some((Driver::Shopify, 0))),
            ("fake", Some((Driver::Fake, 0))),
            ("magento@", None),
            ("magento@soon", None),
            ("oracle@5", None),
            ("", None),
        ] {
            assert_eq!(Choice::parse(text).map(|c| (c.driver, c.switched_at_ms)), expected, "{text:?}");
        }
        let choice = Choice::switched(Driver::MageOs, 42);
        assert_eq!(Choice::parse(&choice.encode()), Some(choice), "round trip");
    }

    #[test]
    fn a_session_keeps_its_choice_and_a_cart_per_backend_in_one_value() {
        let choice = Choice::switched(Driver::Shopify, 42);
        let carts = BTreeMap::from([
            (Backend::Shopify, "gid://shopify/Cart/c1?key=a;b=c".to_owned()),
            (Backend::InMemory, "9f2c".to_owned()),
        ]);
        let kept = Kept { choice, carts };
        assert_eq!(
            kept.encode(),
            "shopify@42;in-memory=9f2c;shopify=gid%3A%2F%2Fshopify%2FCart%2Fc1%3Fkey%3Da%3Bb%3Dc"
        );
        assert_eq!(Kept::parse(&kept.encode()), Some(kept.clone()), "round trip");
        for (text, expected) in [
            ("magento@7", Some((Driver::Magento, 0))),
            ("in-memory@0;fake=abc", Some((Driver::InMemory, 1))),
            ("in-memory@0;oracle=abc", None),
            ("in-memory@0;fake", None),
            ("in-memory@0;fake=%E0%A4%A", None),
        ] {
            assert_eq!(Kept::parse(text).map(|k| (k.choice.driver, k.carts.len())), expected, "{text:?}");
        }
        // A cart alone is worth a session, on the default driver too.
        let cart_only = Kept {
            choice: Choice::default_for(Driver::InMemory),
            carts: BTreeMap::from([(Backend::Fake, "c".into())]),
        };
        assert!(cart_only.worth_keeping(Driver::InMemory));
        assert!(!Kept::fresh(Driver::InMemory).worth_keeping(Driver::InMemory));
    }

    #[test]
    fn only_drivers_that_freshen_on_a_switch_send_its_time() {
        for (driver, fresh) in
            [(Driver::Magento, 7), (Driver::MageOs, 7), (Driver::Shopify, 7), (Driver::InMemory, 0), (Driver::Fake, 0)]
        {
            assert_eq!(Choice::switched(driver, 7).fresh_after_ms(), fresh, "{driver}");
        }
    }

    #[test]
    fn a_session_on_the_default_with_nothing_to_freshen_keeps_no_key() {
        for (driver, at, default, kept) in [
            (Driver::InMemory, 9, Driver::InMemory, false),
            (Driver::Fake, 9, Driver::InMemory, true),
            (Driver::Magento, 9, Driver::InMemory, true),
            (Driver::Magento, 9, Driver::Magento, true),
            (Driver::Magento, 0, Driver::Magento, false),
        ] {
            assert_eq!(Choice::switched(driver, at).worth_keeping(default), kept, "{driver} on {default}");
        }
    }
}
