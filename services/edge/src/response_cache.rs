//! A short-lived in-process cache of the edge's successful JSON answers, per driver.
//!
//! Why: a cached answer then costs one session lookup instead of two gRPC hops, a store
//! read, a decode and a sanitise; it is what lets the edge's cached path keep up with a
//! bare HTTP server. Consistency: entries live seconds (below every upstream cache
//! policy), errors are never cached, and an entry written before a visitor's switch is
//! not used for that visitor (`fresh_after_ms`, issue 11), while everyone else keeps
//! using it: a switch freshens one visitor's view and costs nobody else anything.
//! Bounded by bytes (keys and bodies), not entries: answers vary from 2 bytes to a
//! category page's tens of kilobytes.

use std::time::Duration;

use bytes::Bytes;
use moka::sync::Cache;
use vitrine_domain::Driver;

/// How long an answer is reused.
const TTL: Duration = Duration::from_secs(10);

#[derive(Clone)]
struct Entry {
    body: Bytes,
    /// When it was written, ms since the Unix epoch.
    written_at_ms: u64,
}

pub(crate) struct ResponseCache {
    entries: Cache<(Driver, String), Entry>,
}

impl ResponseCache {
    /// A cache holding at most `max_bytes` of keys and bodies; the least used go first.
    pub(crate) fn new(max_bytes: u64) -> Self {
        let entries = Cache::builder()
            .max_capacity(max_bytes)
            .weigher(|(_, key): &(Driver, String), entry: &Entry| {
                u32::try_from(key.len() + entry.body.len()).unwrap_or(u32::MAX)
            })
            .time_to_live(TTL)
            .build();
        Self { entries }
    }

    /// The answer under `key` for `driver`, unless it was written at or before
    /// `fresh_after_ms` (the visitor's switch; 0 takes any).
    pub(crate) fn get(&self, driver: Driver, key: &str, fresh_after_ms: u64) -> Option<Bytes> {
        let entry = self.entries.get(&(driver, key.to_owned()))?;
        (entry.written_at_ms > fresh_after_ms || fresh_after_ms == 0).then_some(entry.body)
    }

    pub(crate) fn put(&self, driver: Driver, key: String, body: Bytes, now_ms: u64) {
        self.entries.insert((driver, key), Entry { body, written_at_ms: now_ms });
    }

    /// Bytes held now (after pending evictions).
    #[cfg(test)]
    fn weighted_size(&self) -> u64 {
        self.entries.run_pending_tasks();
        self.entries.weighted_size()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_per_driver_and_fresh_for_whoever_switched_after_them() {
        let cache = ResponseCache::new(1 << 20);
        for d in Driver::ALL {
            cache.put(d, "/api/navigation".into(), Bytes::from(d.as_str()), 1_000);
        }
        assert_eq!(cache.get(Driver::Fake, "/api/navigation", 0), Some(Bytes::from("fake")));
        for (fresh_after, expected) in [(0, true), (999, true), (1_000, false), (5_000, false)] {
            let hit = cache.get(Driver::Magento, "/api/navigation", fresh_after).is_some();
            assert_eq!(hit, expected, "written at 1000, fresh after {fresh_after}");
        }
        assert_eq!(cache.get(Driver::Shopify, "/api/navigation", 0), Some(Bytes::from("shopify")), "untouched");
    }

    #[test]
    fn the_cache_holds_at_most_its_bytes() {
        let cache = ResponseCache::new(64 * 1024);
        for i in 0..1_000 {
            cache.put(Driver::InMemory, format!("/api/products/{i}"), Bytes::from(vec![b'x'; 1024]), 1);
        }
        let held = cache.weighted_size();
        assert!(held <= 64 * 1024, "{held} bytes held");
        assert!(held > 32 * 1024, "and it is used: {held} bytes");
    }
}
