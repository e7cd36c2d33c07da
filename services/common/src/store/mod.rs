//! The one key-value + pub/sub store every service shares.
//!
//! Redis when `VITRINE_REDIS_URL` is set (services in separate processes), the primary
//! Redis Sentinels name when `VITRINE_REDIS_SENTINELS` is (highly available),
//! otherwise an embedded in-process store with the same semantics (the one-command demo).

mod embedded;
mod redis_store;
mod sentinel;

use std::sync::Arc;
use std::time::Duration;

use futures_util::stream::BoxStream;

pub use embedded::EmbeddedStore;
pub use redis_store::RedisStore;
pub use sentinel::SentinelConfig;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("store unavailable: {0}")]
    Unavailable(String),
}

impl From<redis::RedisError> for StoreError {
    fn from(e: redis::RedisError) -> Self {
        Self::Unavailable(e.to_string())
    }
}

#[async_trait::async_trait]
pub trait Store: Send + Sync + 'static {
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError>;
    /// Writes `value`; with `ttl` the key expires after it.
    async fn set(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> Result<(), StoreError>;
    /// Removes `key` (absent is not an error).
    async fn delete(&self, key: &str) -> Result<(), StoreError>;
    /// Writes `value` with `ttl` where it survives a failover as far as the store can
    /// make it: for what cannot be fetched again (a session, the fake store's carts, an
    /// idempotency record), never for caches. With Sentinels, answered once a replica
    /// holds it (bounded wait); otherwise a plain [`set`](Self::set).
    async fn set_kept(&self, key: &str, value: &[u8], ttl: Duration) -> Result<(), StoreError> {
        self.set(key, value, Some(ttl)).await
    }
    /// Writes `value` with `ttl` only when `key` holds nothing; answers whether it wrote
    /// (one atomic operation: of two callers at once, one wins): an
    /// `Idempotency-Key` claimed by the first of two identical requests; kept as
    /// [`set_kept`](Self::set_kept) keeps.
    async fn set_if_absent(&self, key: &str, value: &[u8], ttl: Duration) -> Result<bool, StoreError>;
    /// Removes every key starting with `prefix`; returns how many went. An O(keys)
    /// operation (SCAN on Redis): for operators' tools (the adapters' `ClearCache`), never
    /// on a visitor's request path.
    async fn delete_prefix(&self, prefix: &str) -> Result<u64, StoreError>;
    async fn publish(&self, channel: &str, message: &str) -> Result<(), StoreError>;
    /// Messages published on `channel` from now on. The stream ends if the store connection
    /// is lost; callers that need to stay subscribed resubscribe.
    async fn subscribe(&self, channel: &str) -> Result<BoxStream<'static, String>, StoreError>;
    async fn ping(&self) -> Result<(), StoreError>;
}

pub type SharedStore = Arc<dyn Store>;

/// Which store a process uses.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum StoreConfig {
    /// A fresh in-process store (the one-command demo).
    #[default]
    Embedded,
    /// Redis at this URL (`VITRINE_REDIS_URL`).
    Redis(String),
    /// The primary these Sentinels name (`VITRINE_REDIS_SENTINELS`).
    Sentinel(SentinelConfig),
}

impl StoreConfig {
    /// What logs call it.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::Embedded => "embedded",
            Self::Redis(_) => "redis",
            Self::Sentinel(_) => "redis-sentinel",
        }
    }
}

/// Redis at `redis_url` when given, else a fresh embedded store.
///
/// # Errors
/// When the URL is malformed (an unreachable Redis is not an error: see [`RedisStore`]).
pub async fn connect(redis_url: Option<&str>) -> Result<SharedStore, StoreError> {
    match redis_url {
        Some(url) => connect_to(&StoreConfig::Redis(url.to_owned())).await,
        None => connect_to(&StoreConfig::Embedded).await,
    }
}

/// The store `config` names.
///
/// # Errors
/// When the configuration is unusable (a malformed URL, no Sentinel).
pub async fn connect_to(config: &StoreConfig) -> Result<SharedStore, StoreError> {
    match config {
        StoreConfig::Embedded => Ok(Arc::new(EmbeddedStore::default())),
        StoreConfig::Redis(url) => Ok(Arc::new(RedisStore::connect(url).await?)),
        StoreConfig::Sentinel(sentinels) => Ok(Arc::new(RedisStore::connect_sentinel(sentinels).await?)),
    }
}

// The contract test that runs against both implementations lives in
// services/testkit/tests/store_contract.rs, beside the redis-server harness.
