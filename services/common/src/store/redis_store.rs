//! Redis-backed store: a multiplexed, auto-reconnecting connection for commands and a
//! dedicated connection per subscription.
//!
//! Redis is optional at run time (issue 11): the first connection is made lazily, so a
//! service starts while Redis is down, and after any connection failure calls fail at
//! once for [`BREAK`] instead of each waiting out a timeout. Callers already degrade on a
//! store error (a cache miss, the default driver), so with Redis down the storefront
//! serves, slower and without shared state, and recovers by itself when Redis is back.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use redis::AsyncCommands;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use tokio::sync::Mutex;

use super::{Store, StoreError};

/// Keys per SCAN round trip when deleting by prefix.
const SCAN_BATCH: usize = 500;
/// How long a connection attempt or a command may take.
const TIMEOUT: Duration = Duration::from_secs(2);
/// After a connection failure, how long calls fail without trying.
const BREAK: Duration = Duration::from_secs(1);

pub struct RedisStore {
    client: redis::Client,
    /// The command connection, made on first use; it reconnects by itself afterwards.
    conn: Mutex<Option<ConnectionManager>>,
    /// Until when (ms on `clock()`) calls fail at once: Redis failed a moment ago.
    broken_until_ms: AtomicU64,
    started: std::time::Instant,
}

impl RedisStore {
    /// A store for the Redis at `url`, connected now if Redis answers, else on first use.
    ///
    /// # Errors
    /// Only when the URL is malformed: an unreachable Redis is not an error at start.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let store = Self {
            client: redis::Client::open(url)?,
            conn: Mutex::new(None),
            broken_until_ms: AtomicU64::new(0),
            started: std::time::Instant::now(),
        };
        if let Err(e) = store.command_connection().await {
            tracing::warn!(error = %e, "Redis does not answer yet; serving without it until it does");
        }
        Ok(store)
    }

    fn clock(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Fails at once while the breaker is open.
    fn check_breaker(&self) -> Result<(), StoreError> {
        if self.clock() < self.broken_until_ms.load(Ordering::Relaxed) {
            return Err(StoreError::Unavailable("Redis failed a moment ago".into()));
        }
        Ok(())
    }

    /// Opens the breaker if `e` says the connection, not the command, failed.
    fn observe(&self, e: &redis::RedisError) {
        if e.is_io_error() || e.is_timeout() || e.is_connection_dropped() || e.is_connection_refusal() {
            let until = self.clock() + u64::try_from(BREAK.as_millis()).unwrap_or(1000);
            self.broken_until_ms.store(until, Ordering::Relaxed);
        }
    }

    /// The command connection, made now if there is none yet.
    async fn command_connection(&self) -> Result<ConnectionManager, StoreError> {
        self.check_breaker()?;
        let mut slot = self.conn.lock().await;
        if let Some(conn) = slot.as_ref() {
            return Ok(conn.clone());
        }
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(TIMEOUT)
            .set_response_timeout(TIMEOUT)
            .set_number_of_retries(2)
            .set_max_delay(1000);
        match ConnectionManager::new_with_config(self.client.clone(), config).await {
            Ok(conn) => Ok(slot.insert(conn).clone()),
            Err(e) => {
                self.observe(&e);
                Err(e.into())
            }
        }
    }

    /// Runs one command on the command connection, through the breaker.
    async fn run<T, F, Fut>(&self, command: F) -> Result<T, StoreError>
    where
        F: FnOnce(ConnectionManager) -> Fut + Send,
        Fut: std::future::Future<Output = redis::RedisResult<T>> + Send,
    {
        let conn = self.command_connection().await?;
        command(conn).await.map_err(|e| {
            self.observe(&e);
            e.into()
        })
    }
}

/// Escapes the glob characters of a SCAN MATCH pattern so a prefix matches literally.
fn glob_escape(prefix: &str) -> String {
    let mut out = String::with_capacity(prefix.len() + 1);
    for c in prefix.chars() {
        if matches!(c, '*' | '?' | '[' | ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('*');
    out
}

#[async_trait::async_trait]
impl Store for RedisStore {
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.run(|mut c| async move { c.get(key).await }).await
    }

    async fn set(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> Result<(), StoreError> {
        self.run(|mut c| async move {
            match ttl {
                Some(ttl) => {
                    let ms = u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX).max(1);
                    c.pset_ex::<_, _, ()>(key, value, ms).await
                }
                None => c.set::<_, _, ()>(key, value).await,
            }
        })
        .await
    }

    async fn delete(&self, key: &str) -> Result<(), StoreError> {
        self.run(|mut c| async move { c.del::<_, ()>(key).await }).await
    }

    async fn set_if_absent(&self, key: &str, value: &[u8], ttl: Duration) -> Result<bool, StoreError> {
        let ms = u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX).max(1);
        let written: Option<String> = self
            .run(|mut c| async move {
                redis::cmd("SET").arg(key).arg(value).arg("NX").arg("PX").arg(ms).query_async(&mut c).await
            })
            .await?;
        Ok(written.is_some())
    }

    async fn delete_prefix(&self, prefix: &str) -> Result<u64, StoreError> {
        let pattern = glob_escape(prefix);
        self.run(|mut c| async move {
            let mut cursor: u64 = 0;
            let mut removed = 0;
            loop {
                let (next, keys): (u64, Vec<String>) = redis::cmd("SCAN")
                    .arg(cursor)
                    .arg("MATCH")
                    .arg(&pattern)
                    .arg("COUNT")
                    .arg(SCAN_BATCH)
                    .query_async(&mut c)
                    .await?;
                if !keys.is_empty() {
                    removed += c.del::<_, u64>(keys).await?;
                }
                if next == 0 {
                    return Ok(removed);
                }
                cursor = next;
            }
        })
        .await
    }

    async fn publish(&self, channel: &str, message: &str) -> Result<(), StoreError> {
        self.run(|mut c| async move { c.publish::<_, _, ()>(channel, message).await }).await
    }

    /// A dedicated connection, opened within [`TIMEOUT`]. Its stream ends when the
    /// connection is lost; a half-open connection (a peer gone silent) is the caller's to
    /// notice, by a heartbeat on the channel (see the edge's relay).
    async fn subscribe(&self, channel: &str) -> Result<BoxStream<'static, String>, StoreError> {
        self.check_breaker()?;
        let subscribed = tokio::time::timeout(TIMEOUT, async {
            let mut pubsub = self.client.get_async_pubsub().await?;
            pubsub.subscribe(channel).await?;
            Ok::<_, redis::RedisError>(pubsub)
        })
        .await
        .map_err(|_| StoreError::Unavailable("subscribing timed out".into()))?;
        let pubsub = subscribed.map_err(|e| {
            self.observe(&e);
            StoreError::from(e)
        })?;
        let stream = pubsub.into_on_message().filter_map(|msg| async move { msg.get_payload::<String>().ok() });
        Ok(stream.boxed())
    }

    async fn ping(&self) -> Result<(), StoreError> {
        self.run(|mut c| async move { redis::cmd("PING").query_async::<String>(&mut c).await.map(drop) }).await
    }
}

#[cfg(test)]
mod tests {
    use super::glob_escape;

    #[test]
    fn glob_escape_makes_prefix_literal() {
        for (prefix, pattern) in [
            ("vitrine:cache:magento:", "vitrine:cache:magento:*"),
            ("a*b", "a\\*b*"),
            ("q?[x]", "q\\?\\[x\\]*"),
            ("back\\slash", "back\\\\slash*"),
        ] {
            assert_eq!(glob_escape(prefix), pattern, "prefix {prefix}");
        }
    }
}
