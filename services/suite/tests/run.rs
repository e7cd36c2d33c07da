//! `Suite::run`, as `vitrine all` uses it: the suite lives until a service stops, and
//! then nothing of it is left running.

use std::sync::Arc;
use std::time::Duration;

use vitrine_common::Shutdown;
use vitrine_common::store::EmbeddedStore;
use vitrine_domain::Backend;

/// A guard against a hang, not a timing claim.
const HANG_GUARD: Duration = Duration::from_secs(60);

async fn start(config: vitrine_suite::Config, shutdown: &Shutdown) -> vitrine_suite::Suite {
    let edge = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    edge.set_nonblocking(true).expect("nonblocking");
    vitrine_suite::start(config, Arc::new(EmbeddedStore::default()), edge, shutdown).await.expect("start")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cancelled_suite_returns_once_every_service_has_stopped() {
    let shutdown = Shutdown::new();
    let suite = start(vitrine_suite::Config::for_test(), &shutdown).await;
    let edge = suite.edge.url.clone();
    assert!(reqwest::get(format!("{edge}/healthz")).await.expect("the edge answers").status().is_success());
    shutdown.cancel();
    let result = tokio::time::timeout(HANG_GUARD, suite.run()).await.expect("the suite stops");
    assert!(result.is_ok(), "{result:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn one_service_failing_takes_the_others_down() {
    let shutdown = Shutdown::new();
    let mut config = vitrine_suite::Config::for_test();
    // The domain services cannot start with an adapter address that is not a URL.
    config.adapter_overrides.push((Backend::Magento, "not a url".to_owned()));
    let suite = start(config, &shutdown).await;
    let result = tokio::time::timeout(HANG_GUARD, suite.run()).await.expect("the suite stops by itself");
    assert!(result.is_err(), "the failure is reported");
    assert!(shutdown.is_cancelled(), "and the other services were told to stop");
}
