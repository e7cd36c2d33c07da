//! Settings a deployment turns on, each beside the default that the
//! one-command demo and the tests run with: the edge's figures on the internal metrics
//! port only (`VITRINE_METRICS_ADDR`), and the session and state cookies `Secure` under
//! the `__Host-` prefix (`VITRINE_SECURE_COOKIES`).

use reqwest::header::{COOKIE, SET_COOKIE};
use serde_json::json;
use vitrine_common::Shutdown;
use vitrine_common::metrics::Registry;
use vitrine_testkit::TestApp;

/// A request counter the edge's middleware keeps: proof that the figures are the edge's.
const EDGE_FIGURE: &str = "vitrine_http_requests_total";

async fn get(base: &str, path: &str) -> (u16, String) {
    let res = reqwest::get(format!("{base}{path}")).await.expect("get");
    (res.status().as_u16(), res.text().await.expect("body"))
}

#[tokio::test(flavor = "multi_thread")]
async fn without_a_metrics_port_the_public_port_answers_metrics() {
    let app = TestApp::builder().start().await;
    get(&app.edge_url, "/api/navigation").await;
    let (status, body) = get(&app.edge_url, "/metrics").await;
    assert_eq!(status, 200);
    assert!(body.contains(EDGE_FIGURE), "the edge's figures on its own port: {body}");
}

#[tokio::test(flavor = "multi_thread")]
async fn with_a_metrics_port_the_figures_are_there_and_the_public_port_does_not_know_the_path() {
    let app = TestApp::builder().start().await;
    let shutdown = Shutdown::new();
    let registry = Registry::new();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind loopback");
    let metrics_port = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(vitrine_common::metrics::serve(listener, registry.clone(), shutdown.clone()));
    let edge = app.another_edge(app.store.clone(), |c| c.metrics_registry = Some(registry), &shutdown).await;

    assert_eq!(get(&edge, "/api/navigation").await.0, 200);
    let unknown = get(&edge, "/no-such-path").await;
    assert_eq!(unknown.0, 404);
    assert_eq!(get(&edge, "/metrics").await, unknown, "/metrics answers as any unknown path");
    let (status, body) = get(&metrics_port, "/metrics").await;
    assert_eq!(status, 200);
    assert!(body.contains(EDGE_FIGURE) && body.contains("/api/navigation"), "the edge's figures: {body}");
    shutdown.cancel();
}

/// A new session's `Set-Cookie` lines, from a switch on `edge`: the session's, then
/// the signed state's (issue 25).
async fn new_session_cookies(edge: &str) -> Vec<String> {
    let res = reqwest::Client::new()
        .put(format!("{edge}/api/driver"))
        .json(&json!({ "driver": "fake" }))
        .send()
        .await
        .expect("put");
    assert_eq!(res.status(), 200);
    res.headers().get_all(SET_COOKIE).iter().filter_map(|v| v.to_str().ok()).map(str::to_owned).collect()
}

/// `name=value` of a `Set-Cookie` line, and its attributes in lower case.
fn split(set_cookie: &str) -> (&str, Vec<String>) {
    let mut parts = set_cookie.split(';').map(str::trim);
    let pair = parts.next().unwrap_or_default();
    (pair, parts.map(str::to_ascii_lowercase).collect())
}

async fn driver_with_cookie(edge: &str, cookie: &str) -> String {
    let res = reqwest::Client::new().get(format!("{edge}/api/driver")).header(COOKIE, cookie).send().await;
    let body: serde_json::Value = res.expect("get").json().await.expect("json");
    body["driver"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_cookies_are_secure_with_the_host_prefix_when_asked_and_a_planted_plain_cookie_is_ignored() {
    let app = TestApp::builder().start().await;
    let shutdown = Shutdown::new();
    let secure = app.another_edge(app.store.clone(), |c| c.secure_cookies = true, &shutdown).await;

    let plain = new_session_cookies(&app.edge_url).await;
    let names: Vec<&str> = plain.iter().map(|c| split(c).0.split('=').next().unwrap_or_default()).collect();
    assert_eq!(names, ["vitrine_session", "vitrine_state"], "{plain:?}");
    for cookie in &plain {
        let (_, attributes) = split(cookie);
        assert!(!attributes.contains(&"secure".to_owned()), "not Secure by default: {cookie}");
        assert!(attributes.contains(&"httponly".to_owned()), "HttpOnly: {cookie}");
    }

    let tls = new_session_cookies(&secure).await;
    let mut pairs = Vec::new();
    for (cookie, name) in tls.iter().zip(["__Host-vitrine_session", "__Host-vitrine_state"]) {
        let (pair, attributes) = split(cookie);
        let value = pair.strip_prefix(&format!("{name}=")).unwrap_or_else(|| panic!("the __Host- name: {cookie}"));
        pairs.push(value.to_owned());
        for attribute in ["secure", "httponly", "path=/", "samesite=lax"] {
            assert!(attributes.contains(&attribute.to_owned()), "{attribute}: {cookie}");
        }
        // A __Host- cookie with a Domain is one browsers refuse.
        assert!(!attributes.iter().any(|a| a.starts_with("domain")), "no Domain: {cookie}");
    }
    let [id, state] = [&pairs[0], &pairs[1]];

    // Both edges share the store and the keys. The secure edge reads the `__Host-` names
    // only: the same session and state under the plain names, as a sibling subdomain or a
    // man in the middle on http could plant them, give nothing. The plain edge reads the
    // plain names only.
    // (The state cookie opens only beside its session's, so the pair is sent; the session
    // alone is read from the store.)
    for (edge, read, ignored) in [(&secure, "__Host-", ""), (&app.edge_url, "", "__Host-")] {
        for with_state in [true, false] {
            let cookies = |prefix: &str| {
                let state = if with_state { format!("; {prefix}vitrine_state={state}") } else { String::new() };
                format!("{prefix}vitrine_session={id}{state}")
            };
            assert_eq!(driver_with_cookie(edge, &cookies(read)).await, "fake", "{}", cookies(read));
            let planted = driver_with_cookie(edge, &cookies(ignored)).await;
            assert_eq!(planted, "in-memory", "{} on {edge} is ignored", cookies(ignored));
        }
    }
    assert_eq!(driver_with_cookie(&secure, "other_cookie=x").await, "in-memory", "no session: the default");
    shutdown.cancel();
}
