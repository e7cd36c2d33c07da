//! Issue #9: a service that cannot start makes the harness fail fast, naming it with its
//! last log lines, and leaves nothing running.

use std::path::Path;
use std::time::{Duration, Instant};

use vitrine_testkit::process::{Serves, ServiceProcess, is_running};

const BIN: &str = env!("CARGO_BIN_EXE_vitrine");

#[test]
fn a_service_whose_port_is_taken_fails_its_start_with_its_log_and_leaves_nothing() {
    // The test holds this port for its whole length: the service cannot bind it.
    let held = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = held.local_addr().expect("addr").to_string();
    let env = [("VITRINE_MOCK_DATA_ADDR".to_owned(), addr.clone())];

    let started = Instant::now();
    let failure =
        ServiceProcess::try_start(Path::new(BIN), "mock-data-taken-port", &["mock-data"], &env, &[Serves::Http])
            .err()
            .expect("the start fails");
    // A hang guard, not a timing claim: the bound.
    assert!(started.elapsed() < Duration::from_secs(60), "took {:?}", started.elapsed());

    let message = failure.to_string();
    assert!(message.contains("mock-data-taken-port"), "names the service: {message}");
    assert!(message.contains(&format!("binding {addr}")), "carries its log: {message}");
    assert!(!is_running(failure.pid), "process {} is still running", failure.pid);
    drop(held);
}

/// issue 25: `vitrine edge` without cookie keys does not start (each replica would sign
/// with a key of its own and refuse the others' cookies), and says which variable to set.
#[test]
fn an_edge_without_cookie_keys_does_not_start_and_names_the_variable() {
    let env = [("VITRINE_HTTP_ADDR".to_owned(), "127.0.0.1:0".to_owned())];
    let failure = ServiceProcess::try_start(Path::new(BIN), "edge-without-keys", &["edge"], &env, &[Serves::Http])
        .err()
        .expect("the start fails");
    let message = failure.to_string();
    assert!(message.contains("VITRINE_COOKIE_KEYS is required"), "{message}");
    assert!(!is_running(failure.pid), "process {} is still running", failure.pid);

    let env = [env[0].clone(), ("VITRINE_COOKIE_KEYS".to_owned(), "too-short".to_owned())];
    let failure = ServiceProcess::try_start(Path::new(BIN), "edge-short-key", &["edge"], &env, &[Serves::Http])
        .err()
        .expect("the start fails");
    let message = failure.to_string();
    assert!(message.contains("cookie key 1 is 9 bytes"), "{message}");
    assert!(!message.contains("too-short"), "the key is never quoted: {message}");
}
