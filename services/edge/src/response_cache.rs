//! A short-lived in-process cache of the edge's successful JSON answers, per driver.
//!
//! Why: a cached answer then costs one session lookup instead of two gRPC hops, a store
//! read, a decode and a sanitise; it is what lets the edge's cached path keep up with a
//! bare HTTP server. Consistency: entries are fresh for seconds (below every upstream
//! cache policy), errors are never cached, and an entry written before a visitor's switch
//! is not used for that visitor (`fresh_after_ms`), while everyone else keeps
//! using it: a switch freshens one visitor's view and costs nobody else anything.
//!
//! Past its freshness an entry is kept [`STALE_FOR_FRESH`] times as long again, stale: a
//! read of it is answered with it at once, and one refresh of its key starts in the
//! background ([`ResponseCache::claim`]; at most [`MAX_REFRESHES`] at once), as
//! `stale-while-revalidate` does for a CDN. So the moment an entry goes stale costs no
//! request a wait, and the refreshes of many keys expiring together do not queue for
//! the services the visitors' misses need.
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

/// What a look-up of a read found, as the request's timings say it (`hit page`): the
/// words for each outcome, made at compile time rather than on every look-up.
#[derive(Debug, PartialEq, Eq)]
struct Named {
    name: &'static str,
    hit: &'static str,
    stale: &'static str,
    miss: &'static str,
}

macro_rules! named {
    ($name:literal) => {
        Named {
            name: $name,
            hit: concat!("hit ", $name),
            stale: concat!("stale ", $name),
            miss: concat!("miss ", $name),
        }
    };
}

/// What a key reads, as the request's timings name it: never the key itself,
/// which holds the address.
fn read_name(key: &str) -> Named {
    let first = key.split(['\n', '?']).next().unwrap_or_default();
    match first.strip_prefix("/api/").map(|path| path.split('/').next().unwrap_or_default()) {
        Some("navigation") => named!("navigation"),
        Some("products") => named!("products"),
        Some("categories") => named!("categories"),
        Some("resolve") => named!("resolve"),
        Some("page") => named!("page-data"),
        Some("pages") => named!("content"),
        Some(_) => named!("api"),
        None => match first {
            "written" => named!("page"),
            "page" => named!("page-data"),
            "category" => named!("category"),
            "search" => named!("search"),
            _ => named!("read"),
        },
    }
}

/// How long an answer is fresh, unless the settings say otherwise.
pub(crate) const FRESH: Duration = Duration::from_secs(10);

/// How many times its freshness a stale answer is still served while it is refreshed:
/// past that, it is gone and the next read waits for the services.
pub(crate) const STALE_FOR_FRESH: u32 = 3;

/// Refreshes running at once per edge; a stale entry past them is served as it is, and
/// refreshed by a later read.
pub(crate) const MAX_REFRESHES: usize = 8;

/// Whether an answer found is fresh, or stale (served while it is refreshed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Freshness {
    Fresh,
    /// Fresh, but past half its freshness: a background refresh reads it again with the
    /// stale reads beside it, so the answer it keeps is as old as its newest reads and
    /// goes stale once, not once for each moment its reads were read at.
    Ageing,
    Stale,
}

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

/// An entry's key: the driver, and the key of the read.
#[derive(Clone, PartialEq, Eq)]
struct Key(Driver, String);

/// A key's parts, borrowed. A look-up finds an entry by what its key borrows as; a
/// `Key` holds no `(Driver, &str)` to lend, so both lend themselves as this trait
/// object, hashed and compared by their parts: a look-up copies no key.
trait Parts {
    fn parts(&self) -> (Driver, &str);
}

impl Parts for Key {
    fn parts(&self) -> (Driver, &str) {
        (self.0, &self.1)
    }
}

impl Parts for (Driver, &str) {
    fn parts(&self) -> (Driver, &str) {
        *self
    }
}

impl<'a> std::borrow::Borrow<dyn Parts + 'a> for Key {
    fn borrow(&self) -> &(dyn Parts + 'a) {
        self
    }
}

impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.parts().hash(state);
    }
}

impl std::hash::Hash for dyn Parts + '_ {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.parts().hash(state);
    }
}

impl PartialEq for dyn Parts + '_ {
    fn eq(&self, other: &Self) -> bool {
        self.parts() == other.parts()
    }
}

impl Eq for dyn Parts + '_ {}

#[derive(Clone)]
struct Entry {
    value: Arc<dyn Any + Send + Sync>,
    encoded: Arc<Encoded>,
    /// When what it holds was read, ms since the Unix epoch (for an answer made of other
    /// answers, a written page, the oldest of theirs).
    read_at_ms: u64,
}

/// An entry lives its freshness and its stale time from when what it holds was read, not
/// from when it was put: a page written from answers read 8 s ago goes when they go.
struct Lifetime {
    kept: Duration,
}

impl Lifetime {
    fn left(&self, entry: &Entry) -> Option<Duration> {
        let age = Duration::from_millis(vitrine_common::clock::unix_ms().saturating_sub(entry.read_at_ms));
        Some(self.kept.saturating_sub(age))
    }
}

impl moka::Expiry<Key, Entry> for Lifetime {
    fn expire_after_create(&self, _: &Key, entry: &Entry, _: std::time::Instant) -> Option<Duration> {
        self.left(entry)
    }

    fn expire_after_update(
        &self,
        _: &Key,
        entry: &Entry,
        _: std::time::Instant,
        _: Option<Duration>,
    ) -> Option<Duration> {
        self.left(entry)
    }
}

/// The keys being refreshed now.
type Refreshing = Arc<std::sync::Mutex<std::collections::HashSet<Key>>>;

pub(crate) struct ResponseCache {
    entries: Cache<Key, Entry>,
    fresh_ms: u64,
    refreshing: Refreshing,
}

/// The one refresh of a key: the key is free to be refreshed again when it is dropped.
pub(crate) struct Claim {
    refreshing: Refreshing,
    key: Key,
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.refreshing.lock().unwrap_or_else(std::sync::PoisonError::into_inner).remove(&self.key);
    }
}

impl ResponseCache {
    /// A cache holding at most `max_bytes` of keys and bodies (the least used go first),
    /// its answers fresh for `fresh`, then stale for [`STALE_FOR_FRESH`] times as long.
    pub(crate) fn new(max_bytes: u64, fresh: Duration) -> Self {
        let entries = Cache::builder()
            .max_capacity(max_bytes)
            .weigher(|Key(_, key): &Key, entry: &Entry| {
                u32::try_from(key.len() + entry.encoded.weight()).unwrap_or(u32::MAX)
            })
            .expire_after(Lifetime { kept: fresh.saturating_mul(1 + STALE_FOR_FRESH) })
            .build();
        let fresh_ms = u64::try_from(fresh.as_millis()).unwrap_or(u64::MAX);
        Self { entries, fresh_ms, refreshing: Refreshing::default() }
    }

    /// The answer under `key` for `driver`, fresh or stale, unless it was read at or
    /// before `fresh_after_ms` (the visitor's switch; 0 takes any). An entry of another
    /// type is none (a key names one read, so it does not happen).
    pub(crate) fn get<T: Send + Sync + 'static>(
        &self,
        driver: Driver,
        key: &str,
        fresh_after_ms: u64,
    ) -> Option<(Answer<T>, Freshness)> {
        let began = std::time::Instant::now();
        let found = self.entries.get(&(driver, key) as &dyn Parts).and_then(|entry| {
            if entry.read_at_ms <= fresh_after_ms && fresh_after_ms != 0 {
                return None;
            }
            let value = entry.value.downcast::<T>().ok()?;
            let body = entry.encoded.body(crate::encoded::Coding::Identity);
            let freshness = self.freshness(entry.read_at_ms);
            Some((Answer { value, body, encoded: Some(entry.encoded), read_at_ms: entry.read_at_ms }, freshness))
        });
        let named = read_name(key);
        let words = match found.as_ref().map(|(_, f)| *f) {
            Some(Freshness::Fresh | Freshness::Ageing) => named.hit,
            Some(Freshness::Stale) => named.stale,
            None => named.miss,
        };
        vitrine_common::timing::record("edge-cache", words, began);
        found
    }

    /// The refresh of `key` for `driver`, unless one is running already or
    /// [`MAX_REFRESHES`] are.
    pub(crate) fn claim(&self, driver: Driver, key: &str) -> Option<Claim> {
        let mut running = self.refreshing.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let key = Key(driver, key.to_owned());
        if running.len() >= MAX_REFRESHES || !running.insert(key.clone()) {
            return None;
        }
        drop(running);
        let claim = Claim { refreshing: self.refreshing.clone(), key };
        // A refresh that ended since the caller found the entry stale kept a fresh one;
        // a second would read everything again for nothing.
        let fresh =
            self.entries.get(&claim.key).is_some_and(|entry| self.freshness(entry.read_at_ms) != Freshness::Stale);
        (!fresh).then_some(claim)
    }

    fn freshness(&self, read_at_ms: u64) -> Freshness {
        match vitrine_common::clock::unix_ms().saturating_sub(read_at_ms) {
            age if age < self.fresh_ms / 2 => Freshness::Fresh,
            age if age < self.fresh_ms => Freshness::Ageing,
            _ => Freshness::Stale,
        }
    }

    /// Keeps `answer` under `key`, compressed and tagged now (once), and answers it so.
    pub(crate) fn put<T: Send + Sync + 'static>(&self, driver: Driver, key: String, answer: Answer<T>) -> Answer<T> {
        let encoded = answer.encoded.unwrap_or_else(|| Arc::new(Encoded::new(answer.body.clone())));
        let read_at_ms = answer.read_at_ms;
        let entry = Entry { value: answer.value.clone(), encoded: encoded.clone(), read_at_ms };
        self.entries.insert(Key(driver, key), entry);
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
            let named = read_name(&key);
            assert_eq!(named.name, name, "{key:?}");
            assert_eq!(
                [named.hit, named.stale, named.miss],
                [&format!("hit {name}"), &format!("stale {name}"), &format!("miss {name}")]
            );
        }
    }

    use vitrine_common::clock::unix_ms;

    /// An answer whose value is its text, read at `read_at_ms`.
    fn answer(text: &str, read_at_ms: u64) -> Answer<String> {
        Answer::read(text.to_owned(), Bytes::from(text.to_owned()), read_at_ms)
    }

    #[test]
    fn answers_are_per_driver_and_fresh_for_whoever_switched_after_them() {
        let cache = ResponseCache::new(1 << 20, FRESH);
        let at = unix_ms();
        for d in Driver::ALL {
            cache.put(d, "/api/navigation".into(), answer(d.as_str(), at));
        }
        let body = |d, fresh_after| cache.get::<String>(d, "/api/navigation", fresh_after).map(|(a, _)| a.body);
        assert_eq!(body(Driver::Fake, 0), Some(Bytes::from("fake")));
        for (fresh_after, expected) in [(0, true), (at - 1, true), (at, false), (at + 5_000, false)] {
            let hit = body(Driver::Magento, fresh_after).is_some();
            assert_eq!(hit, expected, "read at {at}, fresh after {fresh_after}");
        }
        assert_eq!(body(Driver::Shopify, 0), Some(Bytes::from("shopify")), "untouched");
    }

    #[test]
    fn the_cache_holds_at_most_its_bytes() {
        let cache = ResponseCache::new(64 * 1024, FRESH);
        for i in 0..1_000 {
            let body = Bytes::from(vec![b'x'; 1024]);
            cache.put(Driver::InMemory, format!("/api/products/{i}"), Answer::read((), body, unix_ms()));
        }
        let held = cache.weighted_size();
        assert!(held <= 64 * 1024, "{held} bytes held");
        assert!(held > 32 * 1024, "and it is used: {held} bytes");
    }

    #[test]
    fn an_entry_is_fresh_then_stale_then_gone_from_when_it_was_read() {
        let cache = ResponseCache::new(1 << 20, FRESH);
        let now = unix_ms();
        let fresh = u64::try_from(FRESH.as_millis()).unwrap_or(u64::MAX);
        let kept = fresh * u64::from(1 + STALE_FOR_FRESH);
        for (key, read_at) in [
            ("fresh", now),
            ("ageing", now - fresh / 2 - 1),
            ("stale", now - fresh - 1),
            ("last", now - kept + 2_000),
            ("gone", now - kept - 1),
        ] {
            cache.put(Driver::InMemory, key.into(), answer(key, read_at));
        }
        cache.entries.run_pending_tasks();
        let found = |key| cache.get::<String>(Driver::InMemory, key, 0).map(|(_, freshness)| freshness);
        assert_eq!(found("fresh"), Some(Freshness::Fresh));
        assert_eq!(found("ageing"), Some(Freshness::Ageing), "past half its freshness");
        assert_eq!(found("stale"), Some(Freshness::Stale));
        assert_eq!(found("last"), Some(Freshness::Stale), "stale until its kept time");
        assert_eq!(found("gone"), None, "read longer ago than it may be kept");
    }

    #[test]
    fn one_refresh_per_key_and_a_bounded_number_at_once() {
        let cache = ResponseCache::new(1 << 20, FRESH);
        let first = cache.claim(Driver::InMemory, "a").expect("the first claim");
        assert!(cache.claim(Driver::InMemory, "a").is_none(), "one refresh of a key at a time");
        assert!(cache.claim(Driver::Fake, "a").is_some(), "another driver's key is another key");
        drop(first);
        let again = cache.claim(Driver::InMemory, "a");
        assert!(again.is_some(), "free again when the refresh ends");
        let held: Vec<Claim> =
            (0..MAX_REFRESHES).filter_map(|i| cache.claim(Driver::Magento, &i.to_string())).collect();
        assert_eq!(held.len(), MAX_REFRESHES - 1, "one is already held");
        assert!(cache.claim(Driver::Magento, "one more").is_none(), "at most {MAX_REFRESHES} at once");
    }

    #[test]
    fn no_refresh_of_an_entry_a_refresh_just_kept_fresh() {
        let cache = ResponseCache::new(1 << 20, FRESH);
        let fresh = u64::try_from(FRESH.as_millis()).unwrap_or(u64::MAX);
        cache.put(Driver::InMemory, "a".into(), answer("old", unix_ms() - fresh - 1));
        assert_eq!(cache.get::<String>(Driver::InMemory, "a", 0).map(|(_, f)| f), Some(Freshness::Stale));
        let refresh = cache.claim(Driver::InMemory, "a").expect("a stale entry's refresh");
        cache.put(Driver::InMemory, "a".into(), answer("new", unix_ms()));
        drop(refresh);
        assert!(cache.claim(Driver::InMemory, "a").is_none(), "found stale before that refresh kept it fresh");
        assert!(cache.claim(Driver::InMemory, "b").is_some(), "an entry not kept at all is loaded");
    }
}
