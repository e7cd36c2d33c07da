//! A short-lived in-process cache of the edge's successful JSON answers, per driver.
//!
//! Why: a cached answer then costs one session lookup instead of two gRPC hops, a store
//! read, a decode and a sanitise; it is what lets the edge's cached path keep up with a
//! bare HTTP server. Consistency: entries live seconds (below every upstream cache
//! policy), errors are never cached, and a switch to a driver that clears its upstream
//! cache (spec §4) clears that backend's entries here too, on this edge at once and on
//! every other edge when the switch event reaches it (the switching edge skips its own
//! event: one clear per edge and switch, counted in `vitrine_edge_response_cache_clears_total`).

use std::collections::HashMap;
use std::time::Duration;

use bytes::Bytes;
use moka::sync::Cache;
use prometheus::IntCounterVec;
use vitrine_domain::{Backend, Driver};

/// How long an answer is reused.
const TTL: Duration = Duration::from_secs(10);
/// Entries per driver; the oldest go first beyond it.
const CAPACITY: u64 = 10_000;

pub(crate) struct ResponseCache {
    by_driver: HashMap<Driver, Cache<String, Bytes>>,
    /// Clears by backend (the metric's `backend` label).
    clears: IntCounterVec,
}

impl ResponseCache {
    pub(crate) fn new(clears: IntCounterVec) -> Self {
        let by_driver = Driver::ALL
            .into_iter()
            .map(|d| (d, Cache::builder().max_capacity(CAPACITY).time_to_live(TTL).build()))
            .collect();
        Self { by_driver, clears }
    }

    pub(crate) fn get(&self, driver: Driver, key: &str) -> Option<Bytes> {
        self.by_driver.get(&driver)?.get(key)
    }

    pub(crate) fn put(&self, driver: Driver, key: String, body: Bytes) {
        if let Some(cache) = self.by_driver.get(&driver) {
            cache.insert(key, body);
        }
    }

    /// Drops every answer of the drivers served by `backend` (magento clears mageos too).
    pub(crate) fn clear_backend(&self, backend: Backend) {
        for (driver, cache) in &self.by_driver {
            let serves = driver.backend().ok() == Some(backend) || driver.navigation_backend().ok() == Some(backend);
            if serves {
                cache.invalidate_all();
            }
        }
        self.clears.with_label_values(&[backend.as_str()]).inc();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_per_driver_and_cleared_per_backend() {
        let clears = crate::metrics::Metrics::new().response_cache_clears;
        let cache = ResponseCache::new(clears.clone());
        for d in Driver::ALL {
            cache.put(d, "/api/navigation".into(), Bytes::from(d.as_str()));
        }
        assert_eq!(cache.get(Driver::Fake, "/api/navigation"), Some(Bytes::from("fake")));
        cache.clear_backend(Backend::Magento);
        let kept: Vec<Driver> =
            Driver::ALL.into_iter().filter(|d| cache.get(*d, "/api/navigation").is_some()).collect();
        assert_eq!(kept, [Driver::InMemory, Driver::Fake, Driver::Shopify, Driver::Medusa]);
        cache.clear_backend(Backend::InMemory);
        assert!(cache.get(Driver::Fake, "/api/navigation").is_none(), "fake's menu is in-memory's");
        let counted: Vec<u64> =
            ["magento", "in-memory", "shopify"].map(|b| clears.with_label_values(&[b]).get()).into();
        assert_eq!(counted, [1, 1, 0], "one clear counted per call, by backend");
    }
}
