//! The `Store` contract, run against the embedded store and a real redis-server: both
//! implementations must behave the same, since the demo uses one and production the other.

use std::time::Duration;

use futures_util::StreamExt;
use vitrine_common::SharedStore;
use vitrine_common::store::{EmbeddedStore, RedisStore, Store};
use vitrine_testkit::RedisServer;

async fn contract(store: SharedStore) {
    assert_eq!(store.get("k").await.ok(), Some(None));
    store.set("k", b"v1", None).await.expect("set");
    assert_eq!(store.get("k").await.ok(), Some(Some(b"v1".to_vec())));
    store.set("k", b"v2", None).await.expect("overwrite");
    assert_eq!(store.get("k").await.ok(), Some(Some(b"v2".to_vec())));

    store.set("short", b"x", Some(Duration::from_millis(100))).await.expect("set ttl");
    assert_eq!(store.get("short").await.ok(), Some(Some(b"x".to_vec())));
    let expired = vitrine_testkit::eventually(Duration::from_secs(3), || {
        let store = store.clone();
        async move { store.get("short").await.ok() == Some(None) }
    })
    .await;
    assert!(expired, "a key with a TTL expires");

    // One of two claims at once wins; the key then holds the winner's value, and expires.
    let claims = futures_util::future::join_all((0..8).map(|i| {
        let store = store.clone();
        async move { store.set_if_absent("claim", format!("{i}").as_bytes(), Duration::from_millis(200)).await }
    }))
    .await;
    assert_eq!(claims.iter().filter(|c| matches!(c, Ok(true))).count(), 1, "{claims:?}");
    let winner = claims.iter().position(|c| matches!(c, Ok(true))).unwrap_or_default();
    assert_eq!(store.get("claim").await.ok(), Some(Some(winner.to_string().into_bytes())));
    assert_eq!(store.set_if_absent("k", b"other", Duration::from_secs(5)).await.ok(), Some(false), "k holds v2");
    assert_eq!(store.get("k").await.ok(), Some(Some(b"v2".to_vec())));
    let freed = vitrine_testkit::eventually(Duration::from_secs(3), || {
        let store = store.clone();
        async move { store.set_if_absent("claim", b"again", Duration::from_secs(5)).await.ok() == Some(true) }
    })
    .await;
    assert!(freed, "a claim expires with its TTL");

    store.delete("k").await.expect("delete");
    assert_eq!(store.get("k").await.ok(), Some(None), "a deleted key is gone");
    store.delete("k").await.expect("deleting an absent key is no error");

    for key in
        ["vitrine:cache:magento:a", "vitrine:cache:magento:b", "vitrine:cache:shopify:a", "vitrine:cache:magento*x"]
    {
        store.set(key, b"1", None).await.expect("seed");
    }
    assert_eq!(store.delete_prefix("vitrine:cache:magento:").await.ok(), Some(2));
    assert_eq!(store.get("vitrine:cache:magento:a").await.ok(), Some(None));
    assert_eq!(store.get("vitrine:cache:shopify:a").await.ok(), Some(Some(b"1".to_vec())));
    assert_eq!(store.get("vitrine:cache:magento*x").await.ok(), Some(Some(b"1".to_vec())), "prefix is literal");

    let mut sub = store.subscribe("chan").await.expect("subscribe");
    let mut other = store.subscribe("other").await.expect("subscribe other");
    store.publish("chan", "hello").await.expect("publish");
    store.publish("other", "elsewhere").await.expect("publish other");
    let got = tokio::time::timeout(Duration::from_secs(3), sub.next()).await.ok().flatten();
    assert_eq!(got.as_deref(), Some("hello"));
    let got = tokio::time::timeout(Duration::from_secs(3), other.next()).await.ok().flatten();
    assert_eq!(got.as_deref(), Some("elsewhere"), "each subscription sees only its channel");
    store.ping().await.expect("ping");
}

#[tokio::test]
async fn embedded_store_meets_the_contract() {
    contract(std::sync::Arc::new(EmbeddedStore::default())).await;
}

#[tokio::test]
async fn redis_store_meets_the_contract() {
    let redis = RedisServer::start();
    let store = RedisStore::connect(&redis.url()).await.expect("connect");
    contract(std::sync::Arc::new(store)).await;
}

#[tokio::test]
async fn an_unreachable_redis_is_no_start_up_error_but_every_call_says_so() {
    // Port 0 cannot be listened on, so a connection there is always refused: unlike a
    // port picked as free, nothing can start listening on it meanwhile.
    let store = RedisStore::connect("redis://127.0.0.1:0/").await.expect("Redis is optional at start (issue 11)");
    assert!(store.get("k").await.is_err(), "a read says the store is unavailable");
    assert!(store.set("k", b"v", None).await.is_err());
    assert!(store.ping().await.is_err());
    assert!(store.subscribe("chan").await.is_err());
    assert!(RedisStore::connect("not a url").await.is_err(), "a malformed URL still is an error");
}

#[tokio::test]
async fn the_embedded_store_holds_at_most_its_bytes_and_sweeps_expired_keys() {
    let store = EmbeddedStore::with_max_bytes(256 * 1024);
    let value = vec![b'x'; 1024];
    for i in 0..2_000 {
        store.set(&format!("vitrine:cache:in-memory:search:{i}"), &value, None).await.expect("set");
    }
    let held = store.held_bytes();
    assert!(held <= 256 * 1024, "{held} bytes held");
    assert!(held > 128 * 1024, "and used: {held} bytes");

    let sweeping = EmbeddedStore::default();
    for i in 0..1_000 {
        sweeping.set(&format!("k{i}"), b"v", Some(Duration::from_millis(50))).await.expect("set");
    }
    // No read of any key: the cache's own housekeeping removes them once expired.
    let swept = vitrine_testkit::eventually(Duration::from_secs(10), || {
        let held = sweeping.held_keys();
        async move { held == 0 }
    })
    .await;
    assert!(swept, "{} expired keys still held", sweeping.held_keys());
}
