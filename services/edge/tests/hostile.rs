//! Issue 11, item 6: a corpus of hostile input against the edge (paths, queries, headers,
//! JSON bodies, image URLs), built from a few lists crossed with each other. Every answer
//! must be designed: no 500 (a panic in a handler answers 500), no 5xx but the 502/503/504
//! the error table names, an error body with a clear text, and the edge still serving.

use serde_json::Value;
use vitrine_testkit::{TestApp, browser};

const HOSTILE: &[&str] = &[
    "",
    " ",
    "/",
    "//",
    "..",
    "../../etc/passwd",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "%00",
    "a%00b",
    "%0d%0aSet-Cookie:%20x=1",
    "%ff%fe",
    "%",
    "%zz",
    "<script>alert(1)</script>",
    "'%20OR%201=1--",
    "${jndi:ldap://x}",
    "{{7*7}}",
    "\u{202e}evil",
    "emoji-🛒",
    "-1",
    "0",
    "1e309",
    "18446744073709551616",
    "NaN",
    "null",
    "[]",
    "{}",
    "http://169.254.169.254/latest/meta-data/",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "//evil.example/x",
    "/\\evil.example",
];

/// Route templates; `{}` takes each hostile value (URL-encoded or raw, as written).
const ROUTES: &[&str] = &[
    "/api/resolve?url={}",
    "/api/products/by-url?url={}",
    "/api/products/{}",
    "/api/products?limit={}",
    "/api/categories/by-url?url={}",
    "/api/categories/by-url?url=/computers&page={}",
    "/api/categories/by-url?url=/computers&sort={}",
    "/api/search?q={}",
    "/api/search?q=shirt&page={}&sort={}",
    "/api/pages/by-url?url={}",
    "/img?src={}",
    "/img?src=http://127.0.0.1:1/x.png&w={}",
    "/{}",
    "/api/{}",
    "/assets/{}",
];

/// Statuses an answer may have: success, redirects, the client errors the error table
/// names, and the upstream failures it designs.
fn designed(status: u16) -> bool {
    matches!(status, 200..=399 | 400 | 403 | 404 | 405 | 413 | 414 | 429 | 431 | 502 | 503 | 504)
}

async fn check(res: Result<reqwest::Response, reqwest::Error>, what: &str) -> u16 {
    let res = res.unwrap_or_else(|e| panic!("{what}: no answer: {e}"));
    let status = res.status().as_u16();
    assert!(designed(status), "{what}: status {status}");
    let is_json = res.headers().get("content-type").is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    let body = res.bytes().await.unwrap_or_default();
    if status >= 400 && is_json {
        let error: Value = serde_json::from_slice(&body).unwrap_or_else(|_| panic!("{what}: undecodable error body"));
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{what}: an error without a text: {error}");
        for leak in ["127.0.0.1", "panicked", "src/", "tonic", "reqwest", "serde"] {
            assert!(!message.contains(leak), "{what}: leaks {leak:?}: {message}");
        }
    }
    status
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hostile_corpus_gets_designed_answers_only() {
    let app = TestApp::builder().with_redis().start().await;
    let c = browser();
    let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
    let mut tally = |status: u16| *statuses.entry(status).or_default() += 1;

    for route in ROUTES {
        for value in HOSTILE {
            let path = route.replace("{}", value);
            let what = format!("GET {path}");
            let status = check(c.get(app.url(&path)).send().await, &what).await;
            tally(status);
        }
    }
    let long = "a".repeat(20_000);
    for path in [format!("/api/resolve?url=/{long}"), format!("/api/search?q={long}"), format!("/{long}")] {
        tally(check(c.get(app.url(&path)).send().await, "a 20 000-character request").await);
    }

    // Headers: cookies of every shape, odd accepts and forwarded-for values.
    for value in HOSTILE.iter().chain(&["x".repeat(8_000).as_str()]) {
        let cookie = format!("vitrine_session={value}");
        // issue 25: the signed state cookie, under both its names, and a forged one of
        // the right shape.
        let state = format!("vitrine_state={value}; __Host-vitrine_state=1.00000000.{value}.{value}");
        let header_safe = |v: &str| v.chars().all(|c| c.is_ascii_graphic() || c == ' ');
        if !header_safe(value) {
            continue;
        }
        for (name, header) in
            [("cookie", cookie.as_str()), ("cookie", state.as_str()), ("accept", value), ("x-forwarded-for", value)]
        {
            let what = format!("{name}: {value}");
            let status = check(c.get(app.url("/api/driver")).header(name, header).send().await, &what).await;
            tally(status);
        }
    }

    // Bodies for the one route that takes one.
    let deep = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
    let big = format!(r#"{{"driver":"{}"}}"#, "m".repeat(300_000));
    let bodies: Vec<String> = [
        "",
        "{",
        "null",
        "[]",
        r#"{"driver":1}"#,
        r#"{"driver":null}"#,
        r#"{"driver":"magento","extra":true}"#,
        r#"{"driver":"MAGENTO"}"#,
        r#"{"driver":"medusa"}"#,
        r#"{"driver":"in-memory\u0000"}"#,
        r#"{"driver":"<script>"}"#,
    ]
    .iter()
    .map(|b| (*b).to_owned())
    .chain([deep, big])
    .collect();
    for body in &bodies {
        let what = format!("PUT /api/driver {}", body.chars().take(40).collect::<String>());
        let req = c.put(app.url("/api/driver")).header("content-type", "application/json").body(body.clone());
        tally(check(req.send().await, &what).await);
    }
    for method in [reqwest::Method::POST, reqwest::Method::DELETE, reqwest::Method::PATCH] {
        let status = check(c.request(method.clone(), app.url("/api/driver")).send().await, method.as_str()).await;
        tally(status);
    }

    // Still serving, and the corpus was what it claims.
    let health = c.get(app.url("/healthz")).send().await.expect("healthz");
    assert_eq!(health.status(), 200, "the edge still serves");
    let sent: usize = statuses.values().sum();
    assert!(sent > 500, "corpus of {sent} requests");
    assert!(statuses.keys().any(|s| *s == 400) && statuses.keys().any(|s| *s == 404), "{statuses:?}");
    println!("hostile corpus: {sent} requests, all answered as designed; by status {statuses:?}");
}
