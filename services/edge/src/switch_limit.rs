//! Rate limits on driver switches: per session and per client address, in
//! fixed one-minute windows. A switch is cheap now (one store write), but a loop of them
//! still publishes events and, for Magento and Shopify, sends that visitor's next reads
//! past every cache; the limits keep one client from turning that into load.
//!
//! Counters live in this edge's memory, in caches bounded by entry count whose entries
//! expire a window after they were created, so memory stays bounded whatever the
//! clients do. With several edges the limit is per edge (documented, and enough: the
//! point is bounding the load, not an exact count).

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use actix_web::HttpRequest;
use moka::sync::Cache;

/// How many switches a window allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwitchLimits {
    pub per_session: u32,
    pub per_address: u32,
}

impl Default for SwitchLimits {
    fn default() -> Self {
        Self { per_session: 30, per_address: 120 }
    }
}

/// The window the limits count in.
pub(crate) const WINDOW: Duration = Duration::from_secs(60);
/// Clients tracked at once, per kind; beyond it the least recent are forgotten.
const TRACKED: u64 = 100_000;

pub(crate) struct SwitchLimiter {
    limits: SwitchLimits,
    sessions: Cache<String, Arc<AtomicU32>>,
    addresses: Cache<String, Arc<AtomicU32>>,
}

impl SwitchLimiter {
    pub(crate) fn new(limits: SwitchLimits, window: Duration) -> Self {
        let counters = || Cache::builder().max_capacity(TRACKED).time_to_live(window).build();
        Self { limits, sessions: counters(), addresses: counters() }
    }

    /// Counts one switch by `session` from `address`; `false` once either is past its
    /// limit in the current window.
    pub(crate) fn allow(&self, session: &str, address: &str) -> bool {
        let count = |cache: &Cache<String, Arc<AtomicU32>>, key: &str| {
            cache.get_with(key.to_owned(), || Arc::new(AtomicU32::new(0))).fetch_add(1, Ordering::Relaxed) + 1
        };
        let by_session = count(&self.sessions, session);
        let by_address = count(&self.addresses, address);
        by_session <= self.limits.per_session && by_address <= self.limits.per_address
    }
}

/// The client's address: the peer's, or behind a trusted proxy the last address of
/// `X-Forwarded-For` (the one that proxy appended; earlier ones are the client's word).
pub(crate) fn client_address(req: &HttpRequest, trust_forwarded_for: bool) -> String {
    let forwarded = req.headers().get("x-forwarded-for").and_then(|v| v.to_str().ok());
    let peer = req.peer_addr().map(|a| a.ip().to_string());
    pick_address(trust_forwarded_for.then_some(forwarded).flatten(), peer.as_deref())
}

fn pick_address(forwarded: Option<&str>, peer: Option<&str>) -> String {
    let last = forwarded.and_then(|f| f.rsplit(',').map(str::trim).find(|a| !a.is_empty()));
    last.or(peer).unwrap_or("unknown").chars().take(64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_session_and_each_address_has_its_own_count() {
        let limiter = SwitchLimiter::new(SwitchLimits { per_session: 2, per_address: 3 }, WINDOW);
        let allowed: Vec<bool> = [("a", "1"), ("a", "1"), ("a", "1"), ("b", "1"), ("c", "1"), ("d", "2")]
            .iter()
            .map(|(s, a)| limiter.allow(s, a))
            .collect();
        // a's third is over the session limit; b is the address's third; c its fourth.
        assert_eq!(allowed, [true, true, false, false, false, true]);
    }

    #[test]
    fn the_address_is_the_peer_unless_a_trusted_proxy_says() {
        for (forwarded, peer, expected) in [
            (None, Some("10.0.0.9"), "10.0.0.9"),
            (Some("1.1.1.1"), Some("10.0.0.9"), "1.1.1.1"),
            (Some("6.6.6.6, 1.1.1.1"), Some("10.0.0.9"), "1.1.1.1"),
            (Some("6.6.6.6, "), Some("10.0.0.9"), "6.6.6.6"),
            (Some(""), Some("10.0.0.9"), "10.0.0.9"),
            (None, None, "unknown"),
        ] {
            assert_eq!(pick_address(forwarded, peer), expected, "{forwarded:?} via {peer:?}");
        }
    }
}
