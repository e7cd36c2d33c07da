//! In-process store for the single-process demo: a bounded cache with per-key expiry and
//! a broadcast bus.
//!
//! Bounded: visitors decide what gets cached (search words, pages, image
//! sizes), so the store holds at most `max_bytes` of keys and values, dropping the least
//! used first, and expired keys are swept by the cache's own housekeeping rather than
//! only when read again.

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use moka::Expiry;
use moka::sync::Cache;
use tokio::sync::broadcast;
use tokio_stream::wrappers::BroadcastStream;

use super::{Store, StoreError};

/// The default bound: far above the demo's needs, far below a pod's memory.
const DEFAULT_MAX_BYTES: u64 = 64 * 1024 * 1024;

#[derive(Clone)]
struct Value {
    bytes: Vec<u8>,
    ttl: Option<Duration>,
}

/// Each entry lives for its own TTL (none: until evicted or deleted).
struct PerKeyTtl;

impl Expiry<String, Value> for PerKeyTtl {
    fn expire_after_create(&self, _: &String, value: &Value, _: Instant) -> Option<Duration> {
        value.ttl
    }

    fn expire_after_update(&self, _: &String, value: &Value, _: Instant, _: Option<Duration>) -> Option<Duration> {
        value.ttl
    }
}

pub struct EmbeddedStore {
    entries: Cache<String, Value>,
    bus: broadcast::Sender<(String, String)>,
}

impl Default for EmbeddedStore {
    fn default() -> Self {
        Self::with_max_bytes(DEFAULT_MAX_BYTES)
    }
}

impl EmbeddedStore {
    #[must_use]
    pub fn with_max_bytes(max_bytes: u64) -> Self {
        let entries = Cache::builder()
            .max_capacity(max_bytes)
            .weigher(|key: &String, value: &Value| u32::try_from(key.len() + value.bytes.len()).unwrap_or(u32::MAX))
            .expire_after(PerKeyTtl)
            .build();
        Self { entries, bus: broadcast::channel(256).0 }
    }

    /// Bytes held now, after pending housekeeping (evictions, expired keys).
    #[must_use]
    pub fn held_bytes(&self) -> u64 {
        self.entries.run_pending_tasks();
        self.entries.weighted_size()
    }

    /// Keys held now, after pending housekeeping.
    #[must_use]
    pub fn held_keys(&self) -> u64 {
        self.entries.run_pending_tasks();
        self.entries.entry_count()
    }
}

#[async_trait::async_trait]
impl Store for EmbeddedStore {
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.entries.get(key).map(|v| v.bytes))
    }

    async fn set(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> Result<(), StoreError> {
        self.entries.insert(key.to_owned(), Value { bytes: value.to_vec(), ttl });
        Ok(())
    }

    async fn delete(&self, key: &str) -> Result<(), StoreError> {
        self.entries.invalidate(key);
        Ok(())
    }

    async fn set_if_absent(&self, key: &str, value: &[u8], ttl: Duration) -> Result<bool, StoreError> {
        // moka's entry API inserts under the key's lock: one of two callers at once wins.
        let entry =
            self.entries.entry(key.to_owned()).or_insert_with(|| Value { bytes: value.to_vec(), ttl: Some(ttl) });
        Ok(entry.is_fresh())
    }

    async fn delete_prefix(&self, prefix: &str) -> Result<u64, StoreError> {
        let keys: Vec<_> = self.entries.iter().map(|(k, _)| k).filter(|k| k.starts_with(prefix)).collect();
        for key in &keys {
            self.entries.invalidate(key.as_str());
        }
        Ok(keys.len() as u64)
    }

    async fn publish(&self, channel: &str, message: &str) -> Result<(), StoreError> {
        // No subscriber is not an error: Redis PUBLISH to nobody succeeds too.
        let _ = self.bus.send((channel.to_owned(), message.to_owned()));
        Ok(())
    }

    async fn subscribe(&self, channel: &str) -> Result<BoxStream<'static, String>, StoreError> {
        let channel = channel.to_owned();
        let stream = BroadcastStream::new(self.bus.subscribe()).filter_map(move |m| {
            let out = match m {
                Ok((c, msg)) if c == channel => Some(msg),
                _ => None,
            };
            async move { out }
        });
        Ok(stream.boxed())
    }

    async fn ping(&self) -> Result<(), StoreError> {
        Ok(())
    }
}
