//! The visitor's kept state as one signed cookie value: read on every request
//! with no store read, so a cached page costs no Redis round trip. Pure: the keys and the
//! time are given.
//!
//! The value is `2.<key id>.<payload>.<mac>`, all of it cookie-safe:
//! - `2`: the format's version; another is refused before any work (a later edge's
//!   cookie is ignored by an older one, not misread; an earlier one's, unbound, is
//!   refused as such, and the session's store key stands in for it).
//! - the key id ([`super::keys`]): the key it was signed with, so one MAC is computed,
//!   and a cookie of a retired key is refused as such.
//! - the payload: base64url (no padding) of `issued_s|kept|faults`: when the state was
//!   last written (seconds since the Unix epoch), [`Kept::encode`]'s text, and the
//!   debug tools' setting with when it ends (`faults@until_s`) or nothing.
//! - the MAC: base64url of HMAC-SHA256 under that key over everything before it and the
//!   session id it was written for, checked in constant time before the payload is
//!   decoded. The session id is not in the value: it is the session cookie's, so a value
//!   replayed beside another session, or none, does not open (a copied state cookie alone
//!   names no cart).
//!
//! Signed, not encrypted: it holds nothing its visitor may not know (their own choice
//! and cart ids; HttpOnly keeps it from scripts). The signature is what keeps a visitor
//! from naming another's cart, a driver this site does not offer, a switch time in the
//! future (which would send every read of theirs past every cache) or a fault setting
//! out of bounds. A value is refused when it is longer than [`MAX_LEN`] (before any
//! other work), or [`LIFETIME_S`] after it was written (a copy cannot be replayed for
//! ever).

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::Mac as _;
use vitrine_domain::faults::Faults;

use super::kept::Kept;
use super::keys::{CookieKeys, HmacSha256, Key};

/// The only version written and read.
const VERSION: &str = "2";

/// The longest value written or read: a cookie (name, value and attributes) must stay
/// under the 4 KB browsers keep, with room for the session cookie beside it. The longest
/// real one (a choice and five carts) is a few hundred bytes.
pub(crate) const MAX_LEN: usize = 3072;

/// How long a value is good for after it was written: as long as the session's store
/// key (30 days from the last change).
pub(crate) const LIFETIME_S: u64 = 30 * 24 * 3600;

/// How long a fault setting lasts: long enough to look around, not a trap for
/// tomorrow.
pub(crate) const FAULTS_LIFETIME_S: u64 = 3600;

/// The MAC's length in bytes (HMAC-SHA256).
const MAC_BYTES: usize = 32;

/// Everything the cookie carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Carried {
    /// When it was last written (seconds since the Unix epoch).
    pub(crate) issued_s: u64,
    pub(crate) kept: Kept,
    /// The debug tools' setting, and until when (seconds since the epoch).
    pub(crate) faults: Option<(Faults, u64)>,
}

impl Carried {
    /// The faults still in force at `now_s`.
    pub(crate) fn faults_at(&self, now_s: u64) -> Option<Faults> {
        self.faults.filter(|(_, until)| now_s < *until).map(|(faults, _)| faults)
    }
}

/// A value that was opened, and whether it was signed with the previous key (its answer
/// then signs it again with the current one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Opened {
    pub(crate) carried: Carried,
    pub(crate) by_previous_key: bool,
}

/// Why a value is refused: each is ignored alike, and told apart in the metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Longer than [`MAX_LEN`].
    TooLong,
    /// Not four dot-separated parts of base64url, or a MAC of the wrong length.
    Malformed,
    /// Another version of the format.
    Version,
    /// Signed with a key this edge does not hold (retired, or never ours).
    UnknownKey,
    /// The MAC does not match: changed since it was signed, or signed for another
    /// session.
    Signature,
    /// Signed, but not a payload this edge reads.
    Payload,
    /// Written more than [`LIFETIME_S`] ago.
    Expired,
}

impl Refused {
    /// Its metrics label.
    pub(crate) const fn as_str(self) -> &'static str {
        match self {
            Self::TooLong => "too_long",
            Self::Malformed => "malformed",
            Self::Version => "version",
            Self::UnknownKey => "unknown_key",
            Self::Signature => "signature",
            Self::Payload => "payload",
            Self::Expired => "expired",
        }
    }
}

/// The state would not fit in a cookie (cart ids of an unusual length).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooLong;

fn payload_text(carried: &Carried) -> String {
    let faults = carried.faults.map(|(f, until)| format!("{}@{until}", f.encode())).unwrap_or_default();
    format!("{}|{}|{faults}", carried.issued_s, carried.kept.encode())
}

fn parse_payload(text: &str) -> Option<Carried> {
    let mut fields = text.split('|');
    let issued_s = fields.next()?.parse().ok()?;
    let kept = Kept::parse(fields.next()?)?;
    let faults = match fields.next()? {
        "" => None,
        setting => {
            let (faults, until) = setting.rsplit_once('@')?;
            Some((Faults::parse(faults)?, until.parse().ok()?))
        }
    };
    if fields.next().is_some() {
        return None;
    }
    Some(Carried { issued_s, kept, faults })
}

/// The MAC of `signed` written for `session`: `|` is in neither base64url nor a session
/// id, so no other pair makes the same input.
fn mac(key: &Key, signed: &str, session: &str) -> HmacSha256 {
    key.mac.clone().chain_update(signed.as_bytes()).chain_update(b"|").chain_update(session.as_bytes())
}

/// `carried` as a cookie value for `session`, signed with the current key.
///
/// # Errors
/// [`TooLong`] when it would be longer than [`MAX_LEN`].
pub(crate) fn seal(keys: &CookieKeys, session: &str, carried: &Carried) -> Result<String, TooLong> {
    let key = &keys.signing;
    let signed = format!("{VERSION}.{}.{}", key.id, URL_SAFE_NO_PAD.encode(payload_text(carried)));
    let mac = mac(key, &signed, session).finalize().into_bytes();
    let value = format!("{signed}.{}", URL_SAFE_NO_PAD.encode(mac));
    if value.len() > MAX_LEN { Err(TooLong) } else { Ok(value) }
}

/// The state `value` carries, if one of `keys` signed it for `session` and it is still
/// good at `now_s`.
///
/// # Errors
/// Why it is refused ([`Refused`]); every refusal is to be treated alike: no state.
pub(crate) fn open(keys: &CookieKeys, value: &str, session: &str, now_s: u64) -> Result<Opened, Refused> {
    if value.len() > MAX_LEN {
        return Err(Refused::TooLong);
    }
    let (signed, mac) = value.rsplit_once('.').ok_or(Refused::Malformed)?;
    let mut parts = signed.split('.');
    let (Some(version), Some(id), Some(payload), None) = (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Refused::Malformed);
    };
    if version != VERSION {
        return Err(Refused::Version);
    }
    let (key, by_previous_key) = keys.find(id).ok_or(Refused::UnknownKey)?;
    let mac = URL_SAFE_NO_PAD.decode(mac).ok().filter(|m| m.len() == MAC_BYTES).ok_or(Refused::Malformed)?;
    // Constant time: `verify_slice` compares without stopping at the first difference.
    self::mac(key, signed, session).verify_slice(&mac).map_err(|_| Refused::Signature)?;
    let payload = URL_SAFE_NO_PAD.decode(payload).map_err(|_| Refused::Payload)?;
    let carried = std::str::from_utf8(&payload).ok().and_then(parse_payload).ok_or(Refused::Payload)?;
    if now_s >= carried.issued_s.saturating_add(LIFETIME_S) {
        return Err(Refused::Expired);
    }
    Ok(Opened { carried, by_previous_key })
}

#[cfg(test)]
#[path = "signed_tests.rs"]
mod tests;
