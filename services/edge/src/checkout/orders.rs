//! What the edge keeps of placed orders, in its store:
//!
//! - one lock per cart while its order is placed ([`Lock`]): of two submits at once, one
//!   asks the backend, the other is told the order is being placed;
//! - per session, each order's summary by number ([`summary`]): `/order/{number}` answers
//!   only the session that placed it (numbers are guessable), and some backends cannot
//!   read a guest order back, so the summary is taken when placing;
//! - per session and cart, the summary of the order that cart became ([`placed`]): a
//!   retry after the order was placed (a lost answer, a stale cookie still naming the
//!   cart) answers that order instead of asking the backend to place a gone cart.
//!
//! A summary holds no email, name or address (`dto::checkout::Order`): the store is not a
//! place for personal data.

use std::time::Duration;

use vitrine_common::{SharedStore, StoreError};
use vitrine_domain::Backend;

/// How long a lock holds when its holder never lets go (a process gone mid-order): longer
/// than a placing can take (the adapters' upstream timeouts are seconds).
const LOCK: Duration = Duration::from_secs(60);
/// How long a session can look at its order again.
pub(crate) const KEPT: Duration = Duration::from_secs(7 * 24 * 60 * 60);
/// The longest order number looked up: backends' are far shorter (nine-digit increment
/// ids, small display ids, the mock's `M-100001`).
const MAX_NUMBER_CHARS: usize = 64;

/// Whether `number` can be an order number: 1 to 64 letters, digits, `-` or `_`. Anything
/// else is no order, without asking the store.
pub(crate) fn valid_number(number: &str) -> bool {
    (1..=MAX_NUMBER_CHARS).contains(&number.len())
        && number.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A cart id inside a store key: percent-encoded, so no id can reach into another key.
fn id(cart: &str) -> String {
    urlencoding::encode(cart).into_owned()
}

fn lock_key(backend: Backend, cart: &str) -> String {
    format!("vitrine:checkout:placing:{}:{}", backend.as_str(), id(cart))
}

fn placed_key(session: &str, backend: Backend, cart: &str) -> String {
    format!("vitrine:checkout:placed:{session}:{}:{}", backend.as_str(), id(cart))
}

/// An order's key names its backend: two backends may number their orders alike.
fn order_key(session: &str, backend: Backend, number: &str) -> String {
    format!("vitrine:checkout:order:{session}:{}:{number}", backend.as_str())
}

/// The one placing of a cart's order at a time.
pub(crate) struct Lock {
    store: SharedStore,
    key: String,
}

impl Lock {
    /// The cart's lock, or `None` while another request holds it.
    ///
    /// # Errors
    /// When the store fails: nothing is placed.
    pub(crate) async fn take(store: &SharedStore, backend: Backend, cart: &str) -> Result<Option<Self>, StoreError> {
        let key = lock_key(backend, cart);
        let taken = store.set_if_absent(&key, b"placing", LOCK).await?;
        Ok(taken.then(|| Self { store: store.clone(), key }))
    }

    /// Lets the next placing of this cart run. A failure leaves the lock to expire.
    pub(crate) async fn release(self) {
        if let Err(e) = self.store.delete(&self.key).await {
            tracing::warn!(error = %e, "a placing lock is left to expire");
        }
    }
}

/// The number and summary of the order `cart` became for `session`, if it became one.
///
/// # Errors
/// When the store fails.
pub(crate) async fn placed(
    store: &SharedStore,
    session: &str,
    backend: Backend,
    cart: &str,
) -> Result<Option<(String, String)>, StoreError> {
    let held = text(store, &placed_key(session, backend, cart)).await?;
    Ok(held.and_then(|summary| Some((number_of(&summary)?, summary))))
}

/// The `number` of a kept summary.
fn number_of(summary: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Numbered {
        number: String,
    }
    serde_json::from_str::<Numbered>(summary).ok().map(|n| n.number)
}

/// Keeps `summary` (JSON) of order `number`, placed by `session` from `cart`. A store
/// failure is logged: the order is placed, and its answer still goes to the visitor.
pub(crate) async fn keep(
    store: &SharedStore,
    session: &str,
    backend: Backend,
    cart: &str,
    number: &str,
    summary: &str,
) {
    for key in [order_key(session, backend, number), placed_key(session, backend, cart)] {
        if let Err(e) = store.set_kept(&key, summary.as_bytes(), KEPT).await {
            tracing::warn!(error = %e, "a placed order's summary was not kept");
        }
    }
}

/// The summary (JSON) of `backend`'s order `number` when `session` placed it.
///
/// # Errors
/// When the store fails.
pub(crate) async fn summary(
    store: &SharedStore,
    session: &str,
    backend: Backend,
    number: &str,
) -> Result<Option<String>, StoreError> {
    if !valid_number(number) {
        return Ok(None);
    }
    text(store, &order_key(session, backend, number)).await
}

/// What `key` holds, as the text a summary is.
async fn text(store: &SharedStore, key: &str) -> Result<Option<String>, StoreError> {
    Ok(store.get(key).await?.and_then(|b| String::from_utf8(b).ok()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_numbers_are_short_plain_words() {
        let long = "9".repeat(MAX_NUMBER_CHARS + 1);
        for (number, ok) in [
            ("000000001", true),
            ("M-100001", true),
            ("order_7", true),
            ("", false),
            ("1/2", false),
            ("1 2", false),
            ("1:2", false),
            ("é1", false),
            (long.as_str(), false),
        ] {
            assert_eq!(valid_number(number), ok, "{number:?}");
        }
    }

    #[test]
    fn a_cart_id_cannot_reach_into_another_key() {
        assert_eq!(lock_key(Backend::Fake, "cart_01"), "vitrine:checkout:placing:fake:cart_01");
        assert_eq!(placed_key("s1", Backend::InMemory, "a:b/c"), "vitrine:checkout:placed:s1:in-memory:a%3Ab%2Fc");
        assert_eq!(order_key("s1", Backend::Magento, "000000001"), "vitrine:checkout:order:s1:magento:000000001");
    }

    #[tokio::test]
    async fn one_placing_at_a_time_and_orders_are_the_session_s() {
        let store: SharedStore = std::sync::Arc::new(vitrine_common::store::EmbeddedStore::default());
        let lock = Lock::take(&store, Backend::InMemory, "c1").await.ok().flatten();
        assert!(lock.is_some());
        assert!(Lock::take(&store, Backend::InMemory, "c1").await.ok().flatten().is_none(), "held");
        assert!(Lock::take(&store, Backend::InMemory, "c2").await.ok().flatten().is_some(), "another cart");
        if let Some(lock) = lock {
            lock.release().await;
        }
        assert!(Lock::take(&store, Backend::InMemory, "c1").await.ok().flatten().is_some(), "released");

        keep(&store, "s1", Backend::InMemory, "c1", "M-100001", r#"{"number":"M-100001"}"#).await;
        let kept = |session: &'static str, backend, number: &'static str| {
            let store = store.clone();
            async move { summary(&store, session, backend, number).await.ok().flatten() }
        };
        assert_eq!(kept("s1", Backend::InMemory, "M-100001").await.as_deref(), Some(r#"{"number":"M-100001"}"#));
        assert_eq!(kept("s2", Backend::InMemory, "M-100001").await, None, "another session's");
        assert_eq!(kept("s1", Backend::Magento, "M-100001").await, None, "another backend's");
        assert_eq!(kept("s1", Backend::InMemory, "M-100002").await, None);
        let again = placed(&store, "s1", Backend::InMemory, "c1").await.ok().flatten();
        assert_eq!(again.map(|(number, _)| number).as_deref(), Some("M-100001"));
        assert!(placed(&store, "s2", Backend::InMemory, "c1").await.ok().flatten().is_none());
    }

    #[tokio::test]
    async fn the_same_number_from_two_backends_is_two_orders() {
        let store: SharedStore = std::sync::Arc::new(vitrine_common::store::EmbeddedStore::default());
        keep(&store, "s1", Backend::Magento, "c1", "1", r#"{"number":"1","driver":"magento"}"#).await;
        keep(&store, "s1", Backend::Medusa, "c2", "1", r#"{"number":"1","driver":"medusa"}"#).await;
        let magento = summary(&store, "s1", Backend::Magento, "1").await.ok().flatten();
        assert_eq!(magento.as_deref(), Some(r#"{"number":"1","driver":"magento"}"#), "the first is not overwritten");
        let medusa = summary(&store, "s1", Backend::Medusa, "1").await.ok().flatten();
        assert_eq!(medusa.as_deref(), Some(r#"{"number":"1","driver":"medusa"}"#));
    }
}
