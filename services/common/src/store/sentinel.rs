//! Where the Redis store connects: one address, or the current primary as the
//! Sentinels name it, asked again on every (re)connect.
//!
//! A plain connection manager reconnects to the address it started with, which after a
//! failover is a dead process or a replica that refuses writes; so in Sentinel mode the
//! store drops its connection on a connection failure (or a `READONLY` answer) and the
//! next call asks the Sentinels again.

use std::time::Duration;

use redis::sentinel::{SentinelClient, SentinelClientBuilder, SentinelServerType};
use redis::{ConnectionAddr, RedisError};
use tokio::sync::Mutex;

use super::StoreError;

/// The Sentinels of one monitored primary, and the passwords.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentinelConfig {
    /// `host:port` of each Sentinel (any one answering is enough).
    pub sentinels: Vec<(String, u16)>,
    /// The name the Sentinels monitor the primary under (`sentinel monitor <name> …`).
    pub master: String,
    /// The Sentinels' own password (their `requirepass`), if any.
    pub sentinel_password: Option<String>,
    /// The primary's and replicas' password (their `requirepass`), if any.
    pub redis_password: Option<String>,
}

impl SentinelConfig {
    /// The Sentinels from a comma-separated `host:port` list (`VITRINE_REDIS_SENTINELS`).
    ///
    /// # Errors
    /// An empty list, or an entry without a host or a port.
    pub fn parse_sentinels(list: &str) -> Result<Vec<(String, u16)>, String> {
        let sentinels = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                let (host, port) = s.rsplit_once(':').ok_or_else(|| format!("{s:?}: expected host:port"))?;
                let port = port.parse().map_err(|_| format!("{s:?}: the port is not a number"))?;
                if host.is_empty() {
                    return Err(format!("{s:?}: no host"));
                }
                Ok((host.trim_matches(['[', ']']).to_owned(), port))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if sentinels.is_empty() {
            return Err("no Sentinel given".into());
        }
        Ok(sentinels)
    }
}

/// Where commands and subscriptions go.
pub(super) enum Target {
    /// One address: the connection manager reconnects to it by itself.
    Fixed(redis::Client),
    /// The Sentinels' current primary, asked for on each connection.
    Sentinel(Mutex<SentinelClient>),
}

impl Target {
    pub(super) fn fixed(url: &str) -> Result<Self, StoreError> {
        Ok(Self::Fixed(redis::Client::open(url)?))
    }

    pub(super) fn sentinel(config: &SentinelConfig) -> Result<Self, StoreError> {
        let addrs = config.sentinels.iter().map(|(host, port)| ConnectionAddr::Tcp(host.clone(), *port));
        let mut builder = SentinelClientBuilder::new(addrs, config.master.clone(), SentinelServerType::Master)?;
        if let Some(password) = &config.sentinel_password {
            builder = builder.set_client_to_sentinel_password(password.clone());
        }
        if let Some(password) = &config.redis_password {
            builder = builder.set_client_to_redis_password(password.clone());
        }
        Ok(Self::Sentinel(Mutex::new(builder.build()?)))
    }

    pub(super) const fn is_sentinel(&self) -> bool {
        matches!(self, Self::Sentinel(_))
    }

    /// A client for the primary: the fixed one, or the one the Sentinels name now (they
    /// are asked in turn; the named primary is checked with `ROLE`), within `timeout`.
    pub(super) async fn client(&self, timeout: Duration) -> Result<redis::Client, RedisError> {
        match self {
            Self::Fixed(client) => Ok(client.clone()),
            Self::Sentinel(sentinels) => {
                let asked = tokio::time::timeout(timeout, async { sentinels.lock().await.async_get_client().await });
                asked.await.unwrap_or_else(|_| {
                    Err(RedisError::from(std::io::Error::new(
                        std::io::ErrorKind::TimedOut,
                        "the Sentinels did not name a primary in time",
                    )))
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SentinelConfig;

    #[test]
    fn sentinels_parse_from_a_list() {
        let parsed = SentinelConfig::parse_sentinels("redis-0.sentinel:26379, 10.0.0.2:26380,[::1]:26381");
        let expected = [("redis-0.sentinel", 26379), ("10.0.0.2", 26380), ("::1", 26381)];
        assert_eq!(parsed, Ok(expected.iter().map(|(h, p)| ((*h).to_owned(), *p)).collect()));
        for bad in ["", " , ", "host", ":26379", "host:port", "host:99999"] {
            assert!(SentinelConfig::parse_sentinels(bad).is_err(), "{bad:?}");
        }
    }
}
