//! A short-lived in-process cache of the edge's successful JSON answers, per driver.
//!
//! Why: a cached answer then costs one session lookup instead of two gRPC hops, a store
//! read, a decode and a sanitise; it is what lets the edge's cached path keep up with a
//! bare HTTP server. Consistency: entries live seconds (below every upstream cache
//! policy), errors are never cached, and an entry written before a visitor's switch is
//! not used for that visitor (`fresh_after_ms`), while everyone else keeps
//! using it: a switch freshens one visitor's view and costs nobody else anything.
//! Bounded by bytes (keys and bodies), not entries: answers vary from 2 bytes to a
//! category page's tens of kilobytes.
//!
//! An entry holds the answer twice over, both made once: the typed value (behind an
//! `Arc`, for the pages the edge writes, which read it without parsing JSON again) and
//! its JSON bytes (for the API, which answers them without serialising again), those in
//! every coding with their `ETag` (`crate::encoded`: compressed once, on entry).
//! The bound counts every form.

use std::any::Any;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use moka::sync::Cache;
use vitrine_domain::Driver;

use crate::encoded::Encoded;

/// What a key reads, as the request's timings name it: never the key itself,
/// which holds the address.
fn read_name(key: &str) -> &'static str {
    let first = key.split(['\n', '?']).next().unwrap_or_default();
    match first.strip_prefix("/api/").map(|path| path.split('/').next().unwrap_or_default()) {
        Some("navigation") => "navigation",
        Some("products") => "products",
        Some("categories") => "categories",
        Some("resolve") => "resolve",
        Some("page") => "page-data",
        Some("pages") => "content",
        Some(_) => "api",
        None => match first {
            "written" => "page",
            "page" => "page-data",
            "category" => "category",
            "search" => "search",
            _ => "read",
        },
    }
}

/// How long an answer is reused.
const TTL: Duration = Duration::from_secs(10);

/// One read's answer: the value, and the JSON the API answers for it (compressed and
/// tagged once it is cached; an answer that is not kept has no `encoded`).
pub(crate) struct Answer<T> {
    pub(crate) value: Arc<T>,
    pub(crate) body: Bytes,
    pub(crate) encoded: Option<Arc<Encoded>>,
    /// When it was read from the services, ms since the Unix epoch: what it is as fresh as.
    pub(crate) read_at_ms: u64,
}

impl<T> Answer<T> {
    /// A value just read, with its JSON.
    pub(crate) fn read(value: T, body: Bytes, read_at_ms: u64) -> Self {
        Self { value: Arc::new(value), body, encoded: None, read_at_ms }
    }
}

impl<T> Clone for Answer<T> {
    fn clone(&self) -> Self {
        Self {
            value: self.value.clone(),
            body: self.body.clone(),
            encoded: self.encoded.clone(),
            read_at_ms: self.read_at_ms,
        }
    }
}

#[derive(Clone)]
struct Entry {
    value: Arc<dyn Any + Send + Sync>,
    encoded: Arc<Encoded>,
    /// When what it holds was read, ms since the Unix epoch (for an answer made of other
    /// answers, a written page, the oldest of theirs).
    read_at_ms: u64,
}

/// An entry lives [`TTL`] from when what it holds was read, not from when it was put: a
/// page written from answers read 8 s ago goes when they go.
struct UntilStale;

impl UntilStale {
    fn left(entry: &Entry) -> Option<Duration> {
        let age = Duration::from_millis(vitrine_common::clock::unix_ms().saturating_sub(entry.read_at_ms));
        Some(TTL.saturating_sub(age))
    }
}

impl moka::Expiry<(Driver, String), Entry> for UntilStale {
    fn expire_after_create(&self, _: &(Driver, String), entry: &Entry, _: std::time::Instant) -> Option<Duration> {
        Self::left(entry)
    }

    fn expire_after_update(
        &self,
        _: &(Driver, String),
        entry: &Entry,
        _: std::time::Instant,
        _: Option<Duration>,
    ) -> Option<Duration> {
        Self::left(entry)
    }
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
                u32::try_from(key.len() + entry.encoded.weight()).unwrap_or(u32::MAX)
            })
            .expire_after(UntilStale)
            .build();
        Self { entries }
    }

    /// The answer under `key` for `driver`, unless it was read at or before
    /// `fresh_after_ms` (the visitor's switch; 0 takes any). An entry of another type is
    /// none (a key names one read, so it does not happen).
    pub(crate) fn get<T: Send + Sync + 'static>(
        &self,
        driver: Driver,
        key: &str,
        fresh_after_ms: u64,
    ) -> Option<Answer<T>> {
        let began = std::time::Instant::now();
        let found = self.entries.get(&(driver, key.to_owned())).and_then(|entry| {
            if entry.read_at_ms <= fresh_after_ms && fresh_after_ms != 0 {
                return None;
            }
            let value = entry.value.downcast::<T>().ok()?;
            let body = entry.encoded.body(crate::encoded::Coding::Identity);
            Some(Answer { value, body, encoded: Some(entry.encoded), read_at_ms: entry.read_at_ms })
        });
        let outcome = if found.is_some() { "hit " } else { "miss " };
        vitrine_common::timing::record("edge-cache", &(outcome.to_owned() + read_name(key)), began);
        found
    }

    /// Keeps `answer` under `key`, compressed and tagged now (once), and answers it so.
    pub(crate) fn put<T: Send + Sync + 'static>(&self, driver: Driver, key: String, answer: Answer<T>) -> Answer<T> {
        let encoded = answer.encoded.unwrap_or_else(|| Arc::new(Encoded::new(answer.body.clone())));
        let read_at_ms = answer.read_at_ms;
        let entry = Entry { value: answer.value.clone(), encoded: encoded.clone(), read_at_ms };
        self.entries.insert((driver, key), entry);
        Answer { value: answer.value, body: answer.body, encoded: Some(encoded), read_at_ms }
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
    fn reads_are_named_without_their_address() {
        use crate::reads::keys;
        for (key, name) in [
            (keys::written("http://o", "/1001?x=1"), "page"),
            (keys::page("http://o", "/1001", 1, crate::dto::Sort::Position), "page-data"),
            (keys::category("/computers", 2, crate::dto::Sort::Position), "category"),
            (keys::search("shirt", 1, crate::dto::Sort::Position), "search"),
            (crate::spa_addresses::table().keys.navigation.clone(), "navigation"),
            (crate::spa_addresses::table().keys.best_sellers.clone(), "products"),
            (crate::spa_addresses::table().keys.categories.clone(), "categories"),
            ("/api/products/by-url?url=/1001".to_owned(), "products"),
            ("/api/resolve?url=/a".to_owned(), "resolve"),
            ("/api/pages/by-url?url=/about".to_owned(), "content"),
            ("/api/other".to_owned(), "api"),
            ("odd".to_owned(), "read"),
        ] {
            assert_eq!(read_name(&key), name, "{key:?}");
        }
    }

    use vitrine_common::clock::unix_ms;

    /// An answer whose value is its text, read at `read_at_ms`.
    fn answer(text: &str, read_at_ms: u64) -> Answer<String> {
        Answer::read(text.to_owned(), Bytes::from(text.to_owned()), read_at_ms)
    }

    #[test]
    fn answers_are_per_driver_and_fresh_for_whoever_switched_after_them() {
        let cache = ResponseCache::new(1 << 20);
        let at = unix_ms();
        for d in Driver::ALL {
            cache.put(d, "/api/navigation".into(), answer(d.as_str(), at));
        }
        let body = |d, fresh_after| cache.get::<String>(d, "/api/navigation", fresh_after).map(|a| a.body);
        assert_eq!(body(Driver::Fake, 0), Some(Bytes::from("fake")));
        for (fresh_after, expected) in [(0, true), (at - 1, true), (at, false), (at + 5_000, false)] {
            let hit = body(Driver::Magento, fresh_after).is_some();
            assert_eq!(hit, expected, "read at {at}, fresh after {fresh_after}");
        }
        assert_eq!(body(Driver::Shopify, 0), Some(Bytes::from("shopify")), "untouched");
    }

    #[test]
    fn the_cache_holds_at_most_its_bytes() {
        let cache = ResponseCache::new(64 * 1024);
        for i in 0..1_000 {
            let body = Bytes::from(vec![b'x'; 1024]);
            cache.put(Driver::InMemory, format!("/api/products/{i}"), Answer::read((), body, unix_ms()));
        }
        let held = cache.weighted_size();
        assert!(held <= 64 * 1024, "{held} bytes held");
        assert!(held > 32 * 1024, "and it is used: {held} bytes");
    }

    #[test]
    fn an_entry_lives_from_when_it_was_read_not_from_when_it_was_put() {
        let cache = ResponseCache::new(1 << 20);
        let now = unix_ms();
        let ttl = u64::try_from(TTL.as_millis()).unwrap_or(u64::MAX);
        cache.put(Driver::InMemory, "fresh".into(), answer("a", now));
        cache.put(Driver::InMemory, "stale".into(), answer("b", now - ttl - 1));
        cache.entries.run_pending_tasks();
        assert!(cache.get::<String>(Driver::InMemory, "fresh", 0).is_some());
        assert!(cache.get::<String>(Driver::InMemory, "stale", 0).is_none(), "read longer ago than it may live");
    }
}
