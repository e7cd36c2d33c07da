//! The limits behind a proxy, over real HTTP:
//! - behind a trusted proxy (`Config::trusted_proxies`), twenty visitors whose requests
//!   all come from the proxy's address each get their own cart and read limits;
//! - with no proxy trusted (compose, the k8s base, its NodePort), a client that writes
//!   `X-Forwarded-For` itself shares its own address's limit whatever it writes;
//! - the reads no cache answers (a cart, a checkout, shipping options, a faulted
//!   visitor's every read) are limited too, and the limit answers 429 with
//!   `Retry-After`.

use reqwest::StatusCode;
use reqwest::header::{COOKIE, RETRY_AFTER};
use serde_json::json;
use vitrine_edge::{Limits, TrustedProxies};
use vitrine_testkit::TestApp;

/// Small limits, so that a test reaches them: three of each per address.
const LIMITS: Limits = Limits { per_session: 1000, per_address: 3 };

async fn app(trusted: &str) -> TestApp {
    let trusted = TrustedProxies::parse(trusted).expect("a list");
    TestApp::builder()
        .warm_pages(0)
        .edge(move |c| {
            c.trusted_proxies = trusted;
            c.cart_limits = LIMITS;
            c.read_limits = LIMITS;
            c.debug_faults = true;
        })
        .start()
        .await
}

/// `GET path` as the visitor behind `forwarded` (`X-Forwarded-For`, as a proxy appends
/// it), with `cookie`.
async fn get(app: &TestApp, path: &str, forwarded: &str, cookie: &str) -> reqwest::Response {
    let req = reqwest::Client::new().get(app.url(path)).header("x-forwarded-for", forwarded);
    let req = if cookie.is_empty() { req } else { req.header(COOKIE, cookie) };
    req.send().await.expect("an answer")
}

async fn add(app: &TestApp, forwarded: &str) -> StatusCode {
    let req = reqwest::Client::new()
        .post(app.url("/api/cart/lines"))
        .header("x-forwarded-for", forwarded)
        .json(&json!({"variant": "1001-L-Black", "quantity": 1}));
    req.send().await.expect("an answer").status()
}

fn refused(res: &reqwest::Response, what: &str) {
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS, "{what}");
    assert_eq!(res.headers().get(RETRY_AFTER).and_then(|v| v.to_str().ok()), Some("60"), "{what}");
}

#[tokio::test(flavor = "multi_thread")]
async fn twenty_visitors_behind_one_trusted_proxy_each_get_their_own_limit() {
    // The tests' requests all come from 127.0.0.1: here, the proxy.
    let app = app("127.0.0.1").await;
    // The proxy appends the address it was sent by after what the client wrote.
    let visitor = |i: u32| format!("6.6.6.6, 198.51.100.{i}");
    for i in 1..=20 {
        for n in 1..=3 {
            assert_eq!(add(&app, &visitor(i)).await, StatusCode::OK, "visitor {i}'s change {n}");
        }
    }
    for i in 1..=20 {
        for n in 1..=3 {
            let res = get(&app, "/api/cart", &visitor(i), "").await;
            assert_eq!(res.status(), StatusCode::OK, "visitor {i}'s cart read {n}");
        }
        refused(&get(&app, "/api/cart", &visitor(i), "").await, &format!("visitor {i}'s fourth read"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_reaches_the_edge_directly_cannot_choose_its_address() {
    let app = app("").await;
    // Each request names another address; all of them are the peer's.
    let codes: Vec<u16> = five_changes_each_naming_another_address(&app).await;
    assert_eq!(codes, [200, 200, 200, 429, 429], "changes counted by the peer's address");
    for i in 1..=3 {
        assert_eq!(get(&app, "/api/checkout", &format!("203.0.113.{i}"), "").await.status(), StatusCode::NOT_FOUND);
    }
    refused(&get(&app, "/api/checkout", "203.0.113.99", "").await, "the fourth checkout read");
    refused(&get(&app, "/api/checkout/shipping-options", "203.0.113.98", "").await, "shipping options");
    refused(&get(&app, "/api/cart", "203.0.113.97", "").await, "the cart");
}

async fn five_changes_each_naming_another_address(app: &TestApp) -> Vec<u16> {
    let mut codes = Vec::new();
    for i in 1..=5 {
        codes.push(add(app, &format!("198.51.100.{i}")).await.as_u16());
    }
    codes
}

#[tokio::test(flavor = "multi_thread")]
async fn a_faulted_visitor_s_reads_past_the_caches_are_limited_and_others_are_not() {
    let app = app("").await;
    let setting = json!({"backend": "in-memory", "latency_ms": 1, "error_percent": 0, "timeout": false});
    let res = reqwest::Client::new().put(app.url("/api/debug/faults")).json(&setting).send().await.expect("put");
    assert_eq!(res.status(), StatusCode::OK);
    let cookie: Vec<String> = res.cookies().map(|c| format!("{}={}", c.name(), c.value())).collect();
    let cookie = cookie.join("; ");
    for n in 1..=3 {
        assert_eq!(get(&app, "/api/navigation", "", &cookie).await.status(), StatusCode::OK, "faulted read {n}");
    }
    refused(&get(&app, "/api/navigation", "", &cookie).await, "the faulted visitor's fourth read");
    refused(&get(&app, "/1001", "", &cookie).await, "a page of theirs");
    // Anyone else's reads come from the caches, uncounted.
    for n in 1..=10 {
        assert_eq!(get(&app, "/api/navigation", "", "").await.status(), StatusCode::OK, "another's read {n}");
    }
    // The setting can still be cleared (a write, not counted as a read).
    let clear = reqwest::Client::new().delete(app.url("/api/debug/faults")).header(COOKIE, &cookie);
    let res = clear.header("sec-fetch-site", "same-origin").send().await.expect("delete");
    assert_eq!(res.status(), StatusCode::OK);
}
