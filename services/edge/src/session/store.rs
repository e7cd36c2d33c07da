//! The session's store key: what the session keeps ([`Kept`]), written with every change
//! as the durable record beside the signed cookie, and read only for a
//! visitor whose request carries no state cookie (one from before it, or one whose
//! cookie was removed) and after an answer replayed from the store.

use std::time::Duration;

use vitrine_common::StoreError;

use super::kept::Kept;
use crate::AppState;

/// A session is remembered this long after its last change (as long as its cookies).
pub(super) const SESSION_TTL: Duration = Duration::from_secs(super::signed::LIFETIME_S);

fn key(session: &str) -> String {
    format!("vitrine:session:{session}:driver")
}

/// The mark of a session its visitor asked to forget.
fn forgotten_key(session: &str) -> String {
    format!("vitrine:session:{session}:forgotten")
}

/// What the store holds for a session.
pub(super) enum Stored {
    Kept(Kept),
    /// No key: the session keeps nothing.
    Nothing,
    /// The store could not answer, or holds what this edge cannot read (a newer edge's
    /// form): the session may well hold something, so its cookie stays.
    Unknown,
}

pub(super) async fn lookup(state: &AppState, session: &str) -> Stored {
    match state.store.get(&key(session)).await {
        Ok(Some(bytes)) => std::str::from_utf8(&bytes).ok().and_then(Kept::parse).map_or(Stored::Unknown, Stored::Kept),
        Ok(None) => Stored::Nothing,
        Err(e) => {
            tracing::warn!(error = %e, "session store read failed; using the default driver");
            Stored::Unknown
        }
    }
}

/// Writes `kept` for `session`, or forgets the session when it keeps nothing. Answers
/// whether the session is kept (else its cookie has nothing to name).
///
/// # Errors
/// When the store cannot be written.
pub(super) async fn write(state: &AppState, session: &str, kept: &Kept) -> Result<bool, StoreError> {
    if kept.worth_keeping(state.default_driver) {
        // Kept: the cart ids in it cannot be fetched again.
        state.store.set_kept(&key(session), kept.encode().as_bytes(), SESSION_TTL).await?;
        Ok(true)
    } else {
        state.store.delete(&key(session)).await?;
        Ok(false)
    }
}

/// Forgets `session`: its key goes, and a mark stays as long as its cookies could open.
///
/// # Errors
/// When the store cannot be written.
pub(super) async fn forget(state: &AppState, session: &str) -> Result<(), StoreError> {
    state.store.set_kept(&forgotten_key(session), b"1", SESSION_TTL).await?;
    state.store.delete(&key(session)).await
}

/// Whether `session` was forgotten; not when the store cannot say.
pub(super) async fn forgotten(state: &AppState, session: &str) -> bool {
    match state.store.get(&forgotten_key(session)).await {
        Ok(mark) => mark.is_some(),
        Err(e) => {
            tracing::warn!(error = %e, "whether a session was forgotten cannot be read; its cookie is taken");
            false
        }
    }
}
