//! `Idempotency-Key` on cart changes: a retry of a change (a flaky network, a
//! double click sent twice) answers the first result instead of changing the cart again.
//!
//! - The first request with a key claims it in the store (one atomic write, so of two
//!   identical requests at once one runs), with what it asks (method, path, body).
//! - A repeat with the same request answers the stored result, once there is one; while
//!   the first still runs, 409. The same key with another request is 422.
//! - Only a success is remembered ([`REMEMBERED`]); a failure frees the key for a retry.
//!
//! Keys are per session, so one visitor's keys never meet another's.

use std::time::Duration;

use vitrine_common::SharedStore;

/// How long a success answers its repeats.
pub(crate) const REMEMBERED: Duration = Duration::from_secs(5 * 60);
/// How long a claim holds while its request runs (a request that never finishes frees it).
const CLAIM: Duration = Duration::from_secs(60);
/// The longest key accepted.
pub(crate) const MAX_KEY_CHARS: usize = 128;

/// A usable key: 1 to [`MAX_KEY_CHARS`] visible ASCII characters.
pub(crate) fn valid_key(key: &str) -> bool {
    (1..=MAX_KEY_CHARS).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic())
}

fn store_key(session: &str, key: &str) -> String {
    format!("vitrine:idempotency:{session}:{key}")
}

/// What the store holds for a key: `running\n{request}` or `done\n{request}\n{answer}`.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Held<'a> {
    Running { request: &'a str },
    Done { request: &'a str, answer: &'a str },
}

fn parse(text: &str) -> Option<Held<'_>> {
    let (state, rest) = text.split_once('\n')?;
    match state {
        "running" => Some(Held::Running { request: rest }),
        "done" => rest.split_once('\n').map(|(request, answer)| Held::Done { request, answer }),
        _ => None,
    }
}

/// What to do with a request that carries a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Decision {
    /// Run it; it holds the key.
    Run,
    /// Answer this (the first request's answer, as JSON).
    Replay(String),
    /// The first request with this key still runs.
    InFlight,
    /// The key was used for another request.
    Reused,
}

/// The decision for `request` given what the store holds for its key (after a claim
/// failed): pure.
fn decide(held: Option<&str>, request: &str) -> Decision {
    match held.and_then(parse) {
        Some(Held::Done { request: first, answer }) if first == request => Decision::Replay(answer.to_owned()),
        Some(Held::Running { request: first }) if first == request => Decision::InFlight,
        Some(_) => Decision::Reused,
        // Gone between the claim and the read (expired, freed): run it.
        None => Decision::Run,
    }
}

/// The request's fingerprint: what it asks, on one line. The body only as its SHA-256: a
/// body can hold what a shopper typed, which the store never keeps.
pub(crate) fn fingerprint(method: &str, path: &str, body: &[u8]) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(body);
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("{method} {path} {hex}")
}

/// Claims `key` for `request`, or says what to answer instead.
///
/// # Errors
/// When the store fails: the change is not made (the caller answers an error).
pub(crate) async fn begin(
    store: &SharedStore,
    session: &str,
    key: &str,
    request: &str,
) -> Result<Decision, vitrine_common::StoreError> {
    let stored = store_key(session, key);
    if store.set_if_absent(&stored, format!("running\n{request}").as_bytes(), CLAIM).await? {
        return Ok(Decision::Run);
    }
    let held = store.get(&stored).await?;
    let decision = decide(held.as_deref().and_then(|b| std::str::from_utf8(b).ok()), request);
    if decision == Decision::Run {
        // Freed meanwhile: claim it again (a second loser of that race is told to wait).
        let claimed = store.set_if_absent(&stored, format!("running\n{request}").as_bytes(), CLAIM).await?;
        return Ok(if claimed { Decision::Run } else { Decision::InFlight });
    }
    Ok(decision)
}

/// Records the answer of the request holding `key` (a success), or frees the key (a
/// failure: a retry may run). A store failure here is logged: the change was made.
pub(crate) async fn finish(store: &SharedStore, session: &str, key: &str, request: &str, answer: Option<&str>) {
    let stored = store_key(session, key);
    let result = match answer {
        Some(answer) => store.set_kept(&stored, format!("done\n{request}\n{answer}").as_bytes(), REMEMBERED).await,
        None => store.delete(&stored).await,
    };
    if let Err(e) = result {
        tracing::warn!(error = %e, "idempotency record not written");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_replay_wait_or_are_refused() {
        let add = fingerprint("POST", "/api/cart/lines", br#"{"variant":"1001-S","quantity":1}"#);
        let other = fingerprint("POST", "/api/cart/lines", br#"{"variant":"1001-M","quantity":1}"#);
        let done = format!("done\n{add}\n{{\"count\":1}}");
        let running = format!("running\n{add}");
        for (held, request, expected) in [
            (Some(done.as_str()), &add, Decision::Replay("{\"count\":1}".into())),
            (Some(done.as_str()), &other, Decision::Reused),
            (Some(running.as_str()), &add, Decision::InFlight),
            (Some(running.as_str()), &other, Decision::Reused),
            (None, &add, Decision::Run),
            (Some("garbage"), &add, Decision::Run),
        ] {
            assert_eq!(decide(held, request), expected, "{held:?}");
        }
    }

    #[test]
    fn keys_are_short_and_visible() {
        let long = "k".repeat(MAX_KEY_CHARS + 1);
        for (key, ok) in [("a1-b2", true), ("", false), ("with space", false), ("tab\t", false), (long.as_str(), false)]
        {
            assert_eq!(valid_key(key), ok, "{key:?}");
        }
        assert_eq!(
            fingerprint("DELETE", "/api/cart/lines/l1", b""),
            "DELETE /api/cart/lines/l1 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert!(!fingerprint("PUT", "/x", b"marker@example.com").contains("marker"));
    }
}
