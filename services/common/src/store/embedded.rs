//! In-process store for the single-process demo: a map with expiry and a broadcast bus.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use tokio::sync::broadcast;
use tokio_stream::wrappers::BroadcastStream;

use super::{Store, StoreError};

/// Value and optional expiry, by key.
type Entries = HashMap<String, (Vec<u8>, Option<Instant>)>;

pub struct EmbeddedStore {
    entries: Mutex<Entries>,
    bus: broadcast::Sender<(String, String)>,
}

impl Default for EmbeddedStore {
    fn default() -> Self {
        Self { entries: Mutex::new(HashMap::new()), bus: broadcast::channel(256).0 }
    }
}

impl EmbeddedStore {
    fn entries(&self) -> std::sync::MutexGuard<'_, Entries> {
        // A panic while holding the lock cannot leave the map half-written (every
        // operation is a single insert/remove), so a poisoned lock is still usable.
        self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[async_trait::async_trait]
impl Store for EmbeddedStore {
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let mut entries = self.entries();
        match entries.get(key) {
            Some((_, Some(expiry))) if *expiry <= Instant::now() => {
                entries.remove(key);
                Ok(None)
            }
            Some((value, _)) => Ok(Some(value.clone())),
            None => Ok(None),
        }
    }

    async fn set(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> Result<(), StoreError> {
        let expiry = ttl.map(|t| Instant::now() + t);
        self.entries().insert(key.to_owned(), (value.to_vec(), expiry));
        Ok(())
    }

    async fn delete(&self, key: &str) -> Result<(), StoreError> {
        self.entries().remove(key);
        Ok(())
    }

    async fn delete_prefix(&self, prefix: &str) -> Result<u64, StoreError> {
        let mut entries = self.entries();
        let before = entries.len();
        entries.retain(|k, _| !k.starts_with(prefix));
        Ok((before - entries.len()) as u64)
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
