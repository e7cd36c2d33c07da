use std::collections::BTreeMap;

use vitrine_domain::{Backend, Driver};

use super::*;
use crate::session::kept::Choice;

const A: &str = "key-a-thirty-two-bytes-at-the-very-least";
const B: &str = "key-b-thirty-two-bytes-at-the-very-least";
const NOW: u64 = 1_800_000_000;
/// The session the values are written for.
const S: &str = "0123456789abcdef0123456789abcdef";

fn keys(list: &[&str]) -> CookieKeys {
    CookieKeys::new(list).expect("keys")
}

fn carried() -> Carried {
    let carts = BTreeMap::from([
        (Backend::Shopify, "gid://shopify/Cart/c1?key=a|b;c=d".to_owned()),
        (Backend::InMemory, "9f2c".to_owned()),
    ]);
    Carried {
        issued_s: NOW - 60,
        kept: Kept { choice: Choice::switched(Driver::Magento, 1_799_999_940_123), carts, orders: Vec::new() },
        faults: Some((Faults::parse("magento~800~0~0").expect("faults"), NOW + 600)),
    }
}

/// `prefix` (`version.id.payload`) with a valid MAC under `key`'s signing key for the
/// session [`S`]: a value only the key's holder could have made.
fn signed_by(key: &CookieKeys, prefix: &str) -> String {
    let mac = super::mac(&key.signing, prefix, S).finalize().into_bytes();
    format!("{prefix}.{}", URL_SAFE_NO_PAD.encode(mac))
}

/// `value` with the byte at `at` changed to another base64url character.
fn flip(value: &str, at: usize) -> String {
    let mut bytes = value.as_bytes().to_vec();
    bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
    String::from_utf8(bytes).expect("ascii")
}

#[test]
fn a_sealed_value_opens_to_what_was_sealed() {
    let (a, carried) = (keys(&[A]), carried());
    let value = seal(&a, S, &carried).expect("fits");
    assert!(value.starts_with(&format!("2.{}.", a.signing_id())), "{value}");
    assert!(value.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)), "cookie-safe: {value}");
    assert_eq!(open(&a, &value, S, NOW), Ok(Opened { carried: carried.clone(), by_previous_key: false }));
    // Nothing but a choice is a short value.
    let plain = Carried { issued_s: NOW, kept: Kept::fresh(Driver::InMemory), faults: None };
    let short = seal(&a, S, &plain).expect("fits");
    assert!(short.len() < 100, "{} bytes: {short}", short.len());
    assert_eq!(open(&a, &short, S, NOW).map(|o| o.carried), Ok(plain));
}

#[test]
fn every_changed_truncated_or_foreign_value_is_refused() {
    let (a, b) = (keys(&[A]), keys(&[B]));
    let value = seal(&a, S, &carried()).expect("fits");
    let (prefix, mac) = value.rsplit_once('.').expect("a mac");
    let payload_at = value.len() - mac.len() - 10;
    let payload = prefix.rsplit('.').next().expect("payload");
    let version = |v: &str| format!("{v}{}", &value[1..]);
    let other_payload = URL_SAFE_NO_PAD.encode(format!("{NOW}|fake@0|"));
    for (what, tampered, refused) in [
        ("a payload byte changed", flip(&value, payload_at), Refused::Signature),
        ("a MAC byte changed", flip(&value, value.len() - 5), Refused::Signature),
        ("the driver swapped", value.replace(payload, &other_payload), Refused::Signature),
        ("the MAC of another key", signed_by(&b, prefix), Refused::Signature),
        ("the key id of another key", value.replace(a.signing_id(), b.signing_id()), Refused::UnknownKey),
        ("cut short", value[..value.len() - 1].to_owned(), Refused::Malformed),
        ("cut in half", value[..value.len() / 2].to_owned(), Refused::Malformed),
        ("without its MAC", prefix.to_owned(), Refused::Malformed),
        ("an empty MAC", format!("{prefix}."), Refused::Malformed),
        ("an earlier version (bound to no session)", version("1"), Refused::Version),
        ("a later version", version("3"), Refused::Version),
        ("no version", version(""), Refused::Version),
        ("a part too many", format!("x.{value}"), Refused::Malformed),
        ("empty", String::new(), Refused::Malformed),
        ("garbage", "not a cookie at all".to_owned(), Refused::Malformed),
        ("a session id", "0123456789abcdef0123456789abcdef".to_owned(), Refused::Malformed),
        ("dots only", "...".to_owned(), Refused::Version),
        ("over-long", format!("{value}{}", "A".repeat(MAX_LEN)), Refused::TooLong),
        ("over-long garbage", "x".repeat(MAX_LEN + 1), Refused::TooLong),
    ] {
        assert_eq!(open(&a, &tampered, S, NOW), Err(refused), "{what}: {tampered}");
    }
}

#[test]
fn a_value_opens_only_beside_the_session_it_was_written_for() {
    let a = keys(&[A]);
    let value = seal(&a, S, &carried()).expect("fits");
    assert!(open(&a, &value, S, NOW).is_ok());
    for other in ["fedcba9876543210fedcba9876543210", "", "0123456789abcdef0123456789abcdeF", &S[..31]] {
        assert_eq!(open(&a, &value, other, NOW), Err(Refused::Signature), "beside {other:?}");
    }
}

#[test]
fn the_previous_key_still_opens_and_a_retired_one_does_not() {
    let carried = carried();
    let by_a = seal(&keys(&[A]), S, &carried).expect("fits");
    // Rotated: B signs, A still verifies.
    let rotated = keys(&[B, A]);
    assert_eq!(open(&rotated, &by_a, S, NOW), Ok(Opened { carried: carried.clone(), by_previous_key: true }));
    let by_b = seal(&rotated, S, &carried).expect("fits");
    assert_eq!(open(&rotated, &by_b, S, NOW).map(|o| o.by_previous_key), Ok(false), "signed again with B");
    // Before the rotation reaches this replica, it already accepts B (A signs, B verifies).
    assert_eq!(open(&keys(&[A, B]), &by_b, S, NOW).map(|o| o.by_previous_key), Ok(true));
    // A retired: its cookies are refused.
    assert_eq!(open(&keys(&[B]), &by_a, S, NOW), Err(Refused::UnknownKey));
}

#[test]
fn a_value_lasts_its_lifetime_and_faults_their_hour() {
    let a = keys(&[A]);
    let carried = carried();
    let value = seal(&a, S, &carried).expect("fits");
    let end = carried.issued_s + LIFETIME_S;
    assert!(open(&a, &value, S, end - 1).is_ok());
    assert_eq!(open(&a, &value, S, end), Err(Refused::Expired));
    let (faults, until) = carried.faults.expect("faults");
    assert_eq!(carried.faults_at(until - 1), Some(faults));
    assert_eq!(carried.faults_at(until), None, "an ended setting is no setting");
}

#[test]
fn a_signed_payload_this_edge_cannot_read_is_refused() {
    let a = keys(&[A]);
    for payload in [
        "",
        "soon|fake@0|",
        &format!("{NOW}|oracle@0|"),
        &format!("{NOW}|fake@0"),
        &format!("{NOW}|fake@0||"),
        &format!("{NOW}|fake@0|magento~9999~0~0@{NOW}"),
        &format!("{NOW}|fake@0|magento~10~0~0"),
        &format!("{NOW}|fake@0;oracle=1|"),
    ] {
        let value = signed_by(&a, &format!("2.{}.{}", a.signing_id(), URL_SAFE_NO_PAD.encode(payload)));
        assert_eq!(open(&a, &value, S, NOW), Err(Refused::Payload), "{payload:?}");
    }
    let not_base64 = signed_by(&a, &format!("2.{}.a+b/", a.signing_id()));
    assert_eq!(open(&a, &not_base64, S, NOW), Err(Refused::Payload));
}

#[test]
fn a_state_too_long_for_a_cookie_is_not_sealed() {
    let a = keys(&[A]);
    let mut carried = carried();
    carried.kept.carts.insert(Backend::Fake, "x".repeat(MAX_LEN));
    assert_eq!(seal(&a, S, &carried), Err(TooLong));
    // Five carts of ids longer than any backend's fit.
    for backend in [Backend::InMemory, Backend::Fake, Backend::Magento, Backend::Shopify, Backend::Medusa] {
        carried.kept.carts.insert(backend, format!("gid://{backend:?}/Cart/{}", "c".repeat(200)));
    }
    let value = seal(&a, S, &carried).expect("fits");
    assert!(value.len() <= MAX_LEN, "{}", value.len());
    assert_eq!(open(&a, &value, S, NOW).map(|o| o.carried), Ok(carried));
}
