//! The keys that sign the visitor's cookie: the current one signs and
//! verifies, a previous one only verifies, so a key can be rotated without every
//! visitor losing their choice at once. Each key is named in the cookie by an id derived
//! from it, so a cookie is checked against one key, and one signed with a key no longer
//! listed is told from a forged one.
//!
//! Rotation, replica by replica (deploy/README.md): `old,new` everywhere first (every
//! replica accepts `new`), then `new,old` (`new` signs; cookies signed with `old` are
//! signed again with `new` as their visitors come back), then `new` alone.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// The shortest key taken, in bytes: HMAC-SHA256's own output length. A shorter key is
/// one an attacker may guess offline from a single cookie.
pub const MIN_KEY_BYTES: usize = 32;

/// Keys accepted at once: the current one and the previous one.
pub const MAX_KEYS: usize = 2;

pub(super) type HmacSha256 = Hmac<Sha256>;

/// One key: its id and its HMAC state with the key already absorbed (cloned per use, so
/// the key schedule is not redone per request).
#[derive(Clone)]
pub(super) struct Key {
    pub(super) id: String,
    pub(super) mac: HmacSha256,
}

impl Key {
    fn new(secret: &[u8]) -> Self {
        // The id names the key without revealing it: a hash of it, apart from the MAC's
        // own use of it by its prefix.
        let digest = Sha256::new().chain_update(b"vitrine cookie key id\0").chain_update(secret).finalize();
        let id = digest[..4].iter().map(|b| format!("{b:02x}")).collect();
        // HMAC takes a key of any length; this cannot fail.
        let mac = HmacSha256::new_from_slice(secret).unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
        Self { id, mac }
    }
}

/// The keys an edge signs and verifies the visitor's cookie with.
#[derive(Clone)]
pub struct CookieKeys {
    pub(super) signing: Key,
    pub(super) previous: Option<Key>,
}

/// Why a key list is refused at start. It never quotes a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyError {
    /// No key at all.
    Missing,
    /// More keys than the current and the previous one.
    TooMany(usize),
    /// The key at this position (from 1) is shorter than [`MIN_KEY_BYTES`].
    TooShort { position: usize, bytes: usize },
    /// The two keys are the same key.
    Repeated,
}

impl std::fmt::Display for KeyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Missing => write!(f, "no cookie key given"),
            Self::TooMany(n) => {
                write!(f, "{n} cookie keys given; at most {MAX_KEYS}: the current one, then the previous one")
            }
            Self::TooShort { position, bytes } => write!(
                f,
                "cookie key {position} is {bytes} bytes; each must be at least {MIN_KEY_BYTES} (e.g. `openssl rand -base64 48`)"
            ),
            Self::Repeated => write!(f, "the two cookie keys are the same key"),
        }
    }
}

impl std::error::Error for KeyError {}

impl CookieKeys {
    /// `keys`, the first signing, the second (if any) verifying only.
    ///
    /// # Errors
    /// No key, more than two, one shorter than [`MIN_KEY_BYTES`], or the same key twice.
    pub fn new<K: AsRef<[u8]>>(keys: &[K]) -> Result<Self, KeyError> {
        if keys.len() > MAX_KEYS {
            return Err(KeyError::TooMany(keys.len()));
        }
        for (i, key) in keys.iter().enumerate() {
            let bytes = key.as_ref().len();
            if bytes < MIN_KEY_BYTES {
                return Err(KeyError::TooShort { position: i + 1, bytes });
            }
        }
        let mut keys = keys.iter().map(|k| Key::new(k.as_ref()));
        let signing = keys.next().ok_or(KeyError::Missing)?;
        let previous = keys.next();
        if previous.as_ref().is_some_and(|p| p.id == signing.id) {
            return Err(KeyError::Repeated);
        }
        Ok(Self { signing, previous })
    }

    /// `VITRINE_COOKIE_KEYS`: keys separated by commas, each trimmed (a Secret's value
    /// may end in a newline), the first signing.
    ///
    /// # Errors
    /// As [`new`](Self::new); an empty entry is a key of 0 bytes.
    pub fn parse(list: &str) -> Result<Self, KeyError> {
        let keys: Vec<&str> = list.split(',').map(str::trim).collect();
        if keys == [""] {
            return Err(KeyError::Missing);
        }
        Self::new(&keys)
    }

    /// A random key for this process alone: its cookies mean nothing to another process
    /// or after a restart. For the one-process demo and tests.
    #[must_use]
    pub fn ephemeral() -> Self {
        let key: [u8; 32] = rand::random();
        Self { signing: Key::new(&key), previous: None }
    }

    /// The id of the key that signs (logs may name it; it reveals nothing of the key).
    #[must_use]
    pub fn signing_id(&self) -> &str {
        &self.signing.id
    }

    /// The key named `id`, and whether it is the previous one.
    pub(super) fn find(&self, id: &str) -> Option<(&Key, bool)> {
        if self.signing.id == id {
            return Some((&self.signing, false));
        }
        self.previous.as_ref().filter(|p| p.id == id).map(|p| (p, true))
    }
}

/// Names the keys by their ids only: a config printed in a log shows no key.
impl std::fmt::Debug for CookieKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CookieKeys")
            .field("signing", &self.signing.id)
            .field("previous", &self.previous.as_ref().map(|k| &k.id))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "a-key-of-thirty-two-bytes-or-more-0001";
    const B: &str = "b-key-of-thirty-two-bytes-or-more-0002";

    #[test]
    fn one_or_two_long_enough_distinct_keys_are_taken() {
        for (list, expected) in [
            (A.to_owned(), Ok((1, false))),
            (format!("{B},{A}"), Ok((2, true))),
            (format!(" {B} ,\n{A}\n"), Ok((2, true))),
            (String::new(), Err(KeyError::Missing)),
            ("  ".to_owned(), Err(KeyError::Missing)),
            (format!("{A},{B},{A}"), Err(KeyError::TooMany(3))),
            ("short".to_owned(), Err(KeyError::TooShort { position: 1, bytes: 5 })),
            (format!("{A},"), Err(KeyError::TooShort { position: 2, bytes: 0 })),
            (format!("{A},{}", &A[..31]), Err(KeyError::TooShort { position: 2, bytes: 31 })),
            (format!("{A},{A}"), Err(KeyError::Repeated)),
        ] {
            let got = CookieKeys::parse(&list).map(|k| (1 + usize::from(k.previous.is_some()), k.previous.is_some()));
            assert_eq!(got, expected, "{list:?}");
        }
        // 32 bytes exactly is enough.
        assert!(CookieKeys::parse(&"k".repeat(MIN_KEY_BYTES)).is_ok());
    }

    #[test]
    fn keys_are_found_by_their_ids_and_never_printed() {
        let keys = CookieKeys::parse(&format!("{B},{A}")).expect("keys");
        let (a, b) = (CookieKeys::parse(A).expect("a"), CookieKeys::parse(B).expect("b"));
        assert_eq!(keys.signing_id(), b.signing_id(), "the first signs");
        assert_eq!(keys.find(b.signing_id()).map(|(_, previous)| previous), Some(false));
        assert_eq!(keys.find(a.signing_id()).map(|(_, previous)| previous), Some(true));
        assert!(keys.find("00000000").is_none());
        assert_eq!(a.signing_id().len(), 8, "{}", a.signing_id());
        assert_ne!(a.signing_id(), b.signing_id());
        assert_ne!(CookieKeys::ephemeral().signing_id(), CookieKeys::ephemeral().signing_id(), "random");
        let printed = format!("{keys:?} {}", KeyError::TooShort { position: 2, bytes: 3 });
        assert!(!printed.contains(A) && !printed.contains(B), "{printed}");
    }
}
