//! Redis-backed store: a multiplexed, auto-reconnecting connection for commands and a
//! dedicated connection per subscription.

use std::time::Duration;

use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use redis::AsyncCommands;
use redis::aio::ConnectionManager;

use super::{Store, StoreError};

/// Keys per SCAN round trip when deleting by prefix.
const SCAN_BATCH: usize = 500;

pub struct RedisStore {
    client: redis::Client,
    conn: ConnectionManager,
}

impl RedisStore {
    /// # Errors
    /// When the URL is malformed or the server does not answer.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let client = redis::Client::open(url)?;
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Duration::from_secs(2))
            .set_response_timeout(Duration::from_secs(2))
            // Fail fast when Redis is down (at start-up the process exits and is restarted
            // by its supervisor; later, a request falls back instead of hanging).
            .set_number_of_retries(2)
            .set_max_delay(1000);
        let conn = ConnectionManager::new_with_config(client.clone(), config).await?;
        Ok(Self { client, conn })
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
        Ok(self.conn.clone().get(key).await?)
    }

    async fn set(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        match ttl {
            Some(ttl) => {
                let ms = u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX).max(1);
                conn.pset_ex::<_, _, ()>(key, value, ms).await?;
            }
            None => conn.set::<_, _, ()>(key, value).await?,
        }
        Ok(())
    }

    async fn delete(&self, key: &str) -> Result<(), StoreError> {
        self.conn.clone().del::<_, ()>(key).await?;
        Ok(())
    }

    async fn delete_prefix(&self, prefix: &str) -> Result<u64, StoreError> {
        let mut conn = self.conn.clone();
        let pattern = glob_escape(prefix);
        let mut cursor: u64 = 0;
        let mut removed = 0;
        loop {
            let (next, keys): (u64, Vec<String>) = redis::cmd("SCAN")
                .arg(cursor)
                .arg("MATCH")
                .arg(&pattern)
                .arg("COUNT")
                .arg(SCAN_BATCH)
                .query_async(&mut conn)
                .await?;
            if !keys.is_empty() {
                removed += conn.del::<_, u64>(keys).await?;
            }
            if next == 0 {
                return Ok(removed);
            }
            cursor = next;
        }
    }

    async fn publish(&self, channel: &str, message: &str) -> Result<(), StoreError> {
        self.conn.clone().publish::<_, _, ()>(channel, message).await?;
        Ok(())
    }

    async fn subscribe(&self, channel: &str) -> Result<BoxStream<'static, String>, StoreError> {
        let mut pubsub = self.client.get_async_pubsub().await?;
        pubsub.subscribe(channel).await?;
        let stream = pubsub.into_on_message().filter_map(|msg| async move { msg.get_payload::<String>().ok() });
        Ok(stream.boxed())
    }

    async fn ping(&self) -> Result<(), StoreError> {
        redis::cmd("PING").query_async::<String>(&mut self.conn.clone()).await?;
        Ok(())
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
