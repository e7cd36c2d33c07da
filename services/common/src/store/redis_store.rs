//! Redis-backed store: a multiplexed, auto-reconnecting connection for commands and a
//! dedicated connection per subscription.
//!
//! Redis is optional at run time: the first connection is made lazily, so a
//! service starts while Redis is down, and after any connection failure calls fail at
//! once for [`BREAK`] instead of each waiting out a timeout. Callers already degrade on a
//! store error (a cache miss, the default driver), so with Redis down the storefront
//! serves, slower and without shared state, and recovers by itself when Redis is back.
//!
//! With Sentinels ([`super::sentinel`]) each connection goes to the primary
//! they name at that moment, and writes that cannot be fetched again ([`Store::set_kept`],
//! [`Store::set_if_absent`]) wait for one replica's acknowledgement ([`REPLICATED`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use redis::AsyncCommands;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use tokio::sync::Mutex;

use super::sentinel::{SentinelConfig, Target};
use super::{Store, StoreError};

/// Keys per SCAN round trip when deleting by prefix.
const SCAN_BATCH: usize = 500;
/// How long a connection attempt or a command may take.
const TIMEOUT: Duration = Duration::from_secs(2);
/// After a connection failure, how long calls fail without trying.
const BREAK: Duration = Duration::from_secs(1);
/// With Sentinels, how long a write that cannot be fetched again waits for a replica to
/// acknowledge it (`WAIT 1 …`): bounded, so a primary left without replicas still
/// answers (the write is then kept by the primary alone, and a warning logged).
const REPLICATED: Duration = Duration::from_millis(500);

pub struct RedisStore {
    target: Target,
    /// The command connection, made on first use. It reconnects by itself to a fixed
    /// address; with Sentinels it is dropped on a connection failure and made again.
    conn: Mutex<Option<ConnectionManager>>,
    /// With Sentinels, a second one for the writes that wait for a replica: Redis holds a
    /// client's later commands while its `WAIT` blocks, and the reads must not queue.
    kept: Mutex<Option<ConnectionManager>>,
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
        Self::start(Target::fixed(url)?).await
    }

    /// A store for the primary the Sentinels of `config` name, asked again on every
    /// reconnect; connected now if they answer, else on first use.
    ///
    /// # Errors
    /// Only when the configuration is unusable (no Sentinel).
    pub async fn connect_sentinel(config: &SentinelConfig) -> Result<Self, StoreError> {
        Self::start(Target::sentinel(config)?).await
    }

    async fn start(target: Target) -> Result<Self, StoreError> {
        let store = Self {
            target,
            conn: Mutex::new(None),
            kept: Mutex::new(None),
            broken_until_ms: AtomicU64::new(0),
            started: std::time::Instant::now(),
        };
        if let Err(e) = store.connection(&store.conn).await {
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

    /// Opens the breaker if `e` says the connection, not the command, failed. With
    /// Sentinels, that or a replica's `READONLY` (the primary was demoted) also drops the
    /// command connections, so the next call asks them for the primary again.
    async fn observe(&self, e: &redis::RedisError) {
        let lost = e.is_io_error() || e.is_timeout() || e.is_connection_dropped() || e.is_connection_refusal();
        if lost {
            let until = self.clock() + u64::try_from(BREAK.as_millis()).unwrap_or(1000);
            self.broken_until_ms.store(until, Ordering::Relaxed);
        }
        if self.target.is_sentinel() && (lost || e.kind() == redis::ErrorKind::ReadOnly) {
            self.conn.lock().await.take();
            self.kept.lock().await.take();
        }
    }

    /// The connection in `slot`, made now if there is none yet.
    async fn connection(&self, slot: &Mutex<Option<ConnectionManager>>) -> Result<ConnectionManager, StoreError> {
        self.check_breaker()?;
        let mut slot = slot.lock().await;
        if let Some(conn) = slot.as_ref() {
            return Ok(conn.clone());
        }
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(TIMEOUT)
            .set_response_timeout(TIMEOUT)
            .set_number_of_retries(2)
            .set_max_delay(1000);
        let connected = match self.target.client(TIMEOUT).await {
            Ok(client) => ConnectionManager::new_with_config(client, config).await,
            Err(e) => Err(e),
        };
        match connected {
            Ok(conn) => Ok(slot.insert(conn).clone()),
            Err(e) => {
                drop(slot);
                self.observe(&e).await;
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
        self.run_on(&self.conn, command).await
    }

    async fn run_on<T, F, Fut>(&self, slot: &Mutex<Option<ConnectionManager>>, command: F) -> Result<T, StoreError>
    where
        F: FnOnce(ConnectionManager) -> Fut + Send,
        Fut: std::future::Future<Output = redis::RedisResult<T>> + Send,
    {
        let conn = self.connection(slot).await?;
        match command(conn).await {
            Ok(answer) => Ok(answer),
            Err(e) => {
                self.observe(&e).await;
                Err(e.into())
            }
        }
    }

    /// With Sentinels, `write` followed by `WAIT 1` on the same connection (one round
    /// trip): the answer comes once a replica holds the write, or after [`REPLICATED`].
    /// Without, `write` alone (a lone Redis has no replica to wait for).
    async fn write_kept<T>(&self, key: &str, write: redis::Cmd) -> Result<T, StoreError>
    where
        T: redis::FromRedisValue + Send,
    {
        if !self.target.is_sentinel() {
            return self.run(|mut c| async move { write.query_async(&mut c).await }).await;
        }
        let wait_ms = u64::try_from(REPLICATED.as_millis()).unwrap_or(500);
        let (answer, replicas): (T, u64) = self
            .run_on(&self.kept, |mut c| async move {
                redis::pipe().add_command(write).cmd("WAIT").arg(1).arg(wait_ms).query_async(&mut c).await
            })
            .await?;
        if replicas == 0 {
            let kind = key_kind(key);
            tracing::warn!(kind, "no replica acknowledged the write in time: the primary alone holds it");
        }
        Ok(answer)
    }
}

/// What a key is, without whose: its first two segments (`vitrine:session`,
/// `vitrine:cart`, `vitrine:checkout`). The rest names a session, a cart or an order, which
/// no log line may hold: a logged session id used as a cookie is that visitor's carts,
/// checkout and orders.
fn key_kind(key: &str) -> &str {
    let mut ends = key.match_indices(':').map(|(i, _)| i);
    ends.nth(1).map_or_else(|| key.split(':').next().unwrap_or_default(), |end| &key[..end])
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

    async fn set_kept(&self, key: &str, value: &[u8], ttl: Duration) -> Result<(), StoreError> {
        let ms = u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX).max(1);
        let mut write = redis::cmd("SET");
        write.arg(key).arg(value).arg("PX").arg(ms);
        self.write_kept::<()>(key, write).await
    }

    async fn set_if_absent(&self, key: &str, value: &[u8], ttl: Duration) -> Result<bool, StoreError> {
        let ms = u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX).max(1);
        let mut write = redis::cmd("SET");
        write.arg(key).arg(value).arg("NX").arg("PX").arg(ms);
        let written: Option<String> = self.write_kept(key, write).await?;
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
            let mut pubsub = self.target.client(TIMEOUT).await?.get_async_pubsub().await?;
            pubsub.subscribe(channel).await?;
            Ok::<_, redis::RedisError>(pubsub)
        })
        .await
        .map_err(|_| StoreError::Unavailable("subscribing timed out".into()))?;
        let pubsub = match subscribed {
            Ok(pubsub) => pubsub,
            Err(e) => {
                self.observe(&e).await;
                return Err(e.into());
            }
        };
        let stream = pubsub.into_on_message().filter_map(|msg| async move { msg.get_payload::<String>().ok() });
        Ok(stream.boxed())
    }

    async fn ping(&self) -> Result<(), StoreError> {
        self.run(|mut c| async move { redis::cmd("PING").query_async::<String>(&mut c).await.map(drop) }).await
    }
}

#[cfg(test)]
mod tests {
    use super::{glob_escape, key_kind};

    #[test]
    fn a_key_s_kind_names_no_session_cart_or_order() {
        for (key, kind) in [
            ("vitrine:session:3f9a1c:driver", "vitrine:session"),
            ("vitrine:cart:fake:c-81f2", "vitrine:cart"),
            ("vitrine:idempotency:3f9a1c:k1", "vitrine:idempotency"),
            ("vitrine:checkout:order:3f9a1c:magento:000000001", "vitrine:checkout"),
            ("vitrine:img:256:25:http://x/a.jpg", "vitrine:img"),
            ("vitrine:x", "vitrine"),
            ("plain", "plain"),
            ("", ""),
        ] {
            assert_eq!(key_kind(key), kind, "{key}");
        }
    }

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
