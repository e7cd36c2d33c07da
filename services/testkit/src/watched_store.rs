//! A store that notes the keys its callers read and write, in front of a real one: for
//! tests that show what a call left in the store (a refresh's entries), that it left
//! nothing (a cart call, issue 23), or that it read nothing (a page read with a signed
//! cookie, issue 25), without knowing how a driver spells its keys.

use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use futures_util::stream::BoxStream;
use vitrine_common::SharedStore;
use vitrine_common::store::{Store, StoreError};

pub struct WatchedStore {
    /// The store behind it.
    pub inner: SharedStore,
    read: Mutex<Vec<String>>,
    written: Mutex<Vec<String>>,
}

fn note(keys: &Mutex<Vec<String>>, key: &str) {
    keys.lock().unwrap_or_else(PoisonError::into_inner).push(key.to_owned());
}

fn sorted(keys: &Mutex<Vec<String>>) -> Vec<String> {
    let mut keys = keys.lock().unwrap_or_else(PoisonError::into_inner).clone();
    keys.sort();
    keys.dedup();
    keys
}

impl WatchedStore {
    #[must_use]
    pub fn new(inner: SharedStore) -> Self {
        Self { inner, read: Mutex::default(), written: Mutex::default() }
    }

    /// Every key read, in the order read, as often as read: for tests that count reads
    /// (issue 25: a page with a signed cookie reads nothing).
    #[must_use]
    pub fn reads(&self) -> Vec<String> {
        self.read.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Every key written (set, or claimed), sorted, once each.
    #[must_use]
    pub fn written(&self) -> Vec<String> {
        sorted(&self.written)
    }

    /// Every key read or written, sorted, once each.
    #[must_use]
    pub fn touched(&self) -> Vec<String> {
        let mut keys = [sorted(&self.read), sorted(&self.written)].concat();
        keys.sort();
        keys.dedup();
        keys
    }
}

#[async_trait::async_trait]
impl Store for WatchedStore {
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        note(&self.read, key);
        self.inner.get(key).await
    }
    async fn set(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> Result<(), StoreError> {
        note(&self.written, key);
        self.inner.set(key, value, ttl).await
    }
    async fn set_kept(&self, key: &str, value: &[u8], ttl: Duration) -> Result<(), StoreError> {
        note(&self.written, key);
        self.inner.set_kept(key, value, ttl).await
    }
    async fn delete(&self, key: &str) -> Result<(), StoreError> {
        self.inner.delete(key).await
    }
    async fn set_if_absent(&self, key: &str, value: &[u8], ttl: Duration) -> Result<bool, StoreError> {
        note(&self.written, key);
        self.inner.set_if_absent(key, value, ttl).await
    }
    async fn delete_prefix(&self, prefix: &str) -> Result<u64, StoreError> {
        self.inner.delete_prefix(prefix).await
    }
    async fn publish(&self, channel: &str, message: &str) -> Result<(), StoreError> {
        self.inner.publish(channel, message).await
    }
    async fn subscribe(&self, channel: &str) -> Result<BoxStream<'static, String>, StoreError> {
        self.inner.subscribe(channel).await
    }
    async fn ping(&self) -> Result<(), StoreError> {
        self.inner.ping().await
    }
}
