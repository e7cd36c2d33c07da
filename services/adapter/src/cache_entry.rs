//! One upstream answer as the store keeps it: a header line with when it was written and
//! until when it is fresh (ms since the Unix epoch), then the answer's bytes.
//!
//! - The write time lets a visitor who switched backends take only later entries.
//! - The fresh time lets a read tell a fresh entry from a stale one: the store keeps an
//!   entry for its whole [`Lifetime`](vitrine_domain::cache::Lifetime), fresh and stale,
//!   so the deadline between the two has to travel with the entry.
//!
//! Public so the adapter's tests can age an entry in a real store instead of waiting
//! minutes for it.

/// A stored entry, opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry<'a> {
    pub written_at_ms: u64,
    pub fresh_until_ms: u64,
    pub bytes: &'a [u8],
}

impl Entry<'_> {
    /// Whether the entry is past its fresh time at `now_ms`.
    #[must_use]
    pub const fn is_stale(&self, now_ms: u64) -> bool {
        now_ms >= self.fresh_until_ms
    }
}

/// `"{written_at_ms} {fresh_until_ms}\n"` followed by `bytes`.
#[must_use]
pub fn seal(written_at_ms: u64, fresh_until_ms: u64, bytes: &[u8]) -> Vec<u8> {
    let mut sealed = format!("{written_at_ms} {fresh_until_ms}\n").into_bytes();
    sealed.extend_from_slice(bytes);
    sealed
}

/// Reads a stored entry. Older shapes stay readable: `"{written_at_ms}\n…"` (before
/// stale-while-revalidate) is fresh until the store drops it, and an entry without a
/// header reads as written at 0.
#[must_use]
pub fn open(sealed: &[u8]) -> Entry<'_> {
    let whole = Entry { written_at_ms: 0, fresh_until_ms: u64::MAX, bytes: sealed };
    let Some(newline) = sealed.iter().position(|b| *b == b'\n') else { return whole };
    let Ok(header) = std::str::from_utf8(&sealed[..newline]) else { return whole };
    let times: Option<(u64, u64)> = match header.split_once(' ') {
        Some((written, fresh)) => written.parse().ok().zip(fresh.parse().ok()),
        None => header.parse().ok().map(|written| (written, u64::MAX)),
    };
    times.map_or(whole, |(written_at_ms, fresh_until_ms)| Entry {
        written_at_ms,
        fresh_until_ms,
        bytes: &sealed[newline + 1..],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(written_at_ms: u64, fresh_until_ms: u64, bytes: &[u8]) -> Entry<'_> {
        Entry { written_at_ms, fresh_until_ms, bytes }
    }

    #[test]
    fn an_entry_carries_its_write_and_fresh_times() {
        let sealed = seal(1_700_000_000_123, 1_700_000_300_123, br#"{"a":1}"#);
        assert_eq!(open(&sealed), entry(1_700_000_000_123, 1_700_000_300_123, br#"{"a":1}"#));
    }

    #[test]
    fn older_and_foreign_shapes_stay_readable() {
        for (stored, expected) in [
            (&b"12\n[]"[..], entry(12, u64::MAX, b"[]")),
            (br#"{"a":1}"#, entry(0, u64::MAX, br#"{"a":1}"#)),
            (b"soon\n[]", entry(0, u64::MAX, b"soon\n[]")),
            (b"12 later\n[]", entry(0, u64::MAX, b"12 later\n[]")),
            (b"1 2 3\n[]", entry(0, u64::MAX, b"1 2 3\n[]")),
            (b"", entry(0, u64::MAX, b"")),
            (b"12 20\n", entry(12, 20, b"")),
        ] {
            assert_eq!(open(stored), expected, "{:?}", String::from_utf8_lossy(stored));
        }
    }

    #[test]
    fn an_entry_is_stale_from_its_fresh_time_on() {
        for (fresh_until, now, stale) in [(100, 99, false), (100, 100, true), (100, 101, true), (u64::MAX, 5, false)] {
            assert_eq!(entry(0, fresh_until, b"").is_stale(now), stale, "fresh until {fresh_until}, now {now}");
        }
    }
}
