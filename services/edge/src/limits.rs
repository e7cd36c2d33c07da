//! Rate limits per session and per client address ([`crate::client_address`]), in
//! fixed one-minute windows, each kind of work with its own [`Limiter`]:
//! - driver switches: cheap (one store write), but a loop of them still publishes events
//!   and, for Magento and Shopify, sends that visitor's next reads past every cache;
//! - cart and checkout changes, each a backend write;
//! - reads no cache answers: the visitor's cart, checkout and shipping options, and every
//!   request of a visitor whose fault setting sends their reads past the caches. Those
//!   limits are generous to a shopper and bound what one client makes the backends do.
//!
//! Over a limit, the answer is 429 with `Retry-After` (the window).
//!
//! Counters live in this edge's memory, in caches bounded by entry count whose entries
//! expire a window after they were created, so memory stays bounded whatever the
//! clients do. With several edges the limit is per edge (documented, and enough: the
//! point is bounding the load, not an exact count).

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use moka::sync::Cache;

/// How many requests of one kind a window allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub per_session: u32,
    pub per_address: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self { per_session: 30, per_address: 120 }
    }
}

/// The window the limits count in.
pub(crate) const WINDOW: Duration = Duration::from_secs(60);
/// Clients tracked at once, per kind; beyond it the least recent are forgotten.
const TRACKED: u64 = 100_000;

pub(crate) struct Limiter {
    limits: Limits,
    sessions: Cache<String, Arc<AtomicU32>>,
    addresses: Cache<String, Arc<AtomicU32>>,
}

impl Limiter {
    pub(crate) fn new(limits: Limits, window: Duration) -> Self {
        let counters = || Cache::builder().max_capacity(TRACKED).time_to_live(window).build();
        Self { limits, sessions: counters(), addresses: counters() }
    }

    /// Counts one request by `session` from `address`; `false` once either is past its
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_session_and_each_address_has_its_own_count() {
        let limiter = Limiter::new(Limits { per_session: 2, per_address: 3 }, WINDOW);
        let allowed: Vec<bool> = [("a", "1"), ("a", "1"), ("a", "1"), ("b", "1"), ("c", "1"), ("d", "2")]
            .iter()
            .map(|(s, a)| limiter.allow(s, a))
            .collect();
        // a's third is over the session limit; b is the address's third; c its fourth.
        assert_eq!(allowed, [true, true, false, false, false, true]);
    }
}
