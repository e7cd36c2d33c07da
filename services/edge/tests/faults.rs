//! Over real HTTP and gRPC: latency and faults a visitor injects into one
//! backend's upstream calls act on that visitor's requests only (another visitor's
//! timings and answers are unchanged while they run), show in the visitor's
//! `Server-Timing`, turn into the spec's error answers, and a known crawler still gets a
//! slow page written, with its own title and status.

#[path = "support/page.rs"]
#[allow(dead_code, reason = "the page's title is all that is read here")]
mod page;

use std::time::Duration;

use serde_json::{Value, json};
use vitrine_testkit::{TestApp, assert, browser};

const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async fn app() -> TestApp {
    TestApp::builder().warm_pages(0).edge(|edge| edge.debug_faults = true).start().await
}

/// Sets `faults` for the visitor of `c`, as the debug bar does.
async fn inject(c: &reqwest::Client, app: &TestApp, faults: Value) -> Value {
    let res =
        c.put(app.url("/api/debug/faults")).header("origin", app.url("")).json(&faults).send().await.expect("put");
    assert::ok_json(res).await
}

/// The answer's status, body and `Server-Timing`.
async fn get(c: &reqwest::Client, url: &str) -> (u16, Value, String) {
    let res = c.get(url).send().await.expect(url);
    let timing = res.headers().get("server-timing").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null), timing)
}

#[tokio::test(flavor = "multi_thread")]
async fn injected_latency_slows_its_visitor_only() {
    let app = app().await;
    let (a, b) = (browser(), browser());
    let set =
        inject(&a, &app, json!({"backend": "in-memory", "latency_ms": 3000, "error_percent": 0, "timeout": false}))
            .await;
    assert_eq!(set["faults"]["latency_ms"], 3000, "{set}");
    let seen = assert::ok_json(a.get(app.url("/api/debug/faults")).send().await.expect("get")).await;
    assert_eq!(seen, set, "the setting travels with the visitor");

    // A asks for a product; while A waits out the injected latency, B asks for the same
    // product and another: B's answers come back first, without an injected entry.
    let url = app.url("/api/products/by-url?url=/1004");
    let slow = tokio::spawn({
        let (a, url) = (a.clone(), url.clone());
        async move { get(&a, &url).await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    for path in ["/api/products/by-url?url=/1004", "/api/products/by-url?url=/1006", "/api/navigation"] {
        let (status, body, timing) = get(&b, &app.url(path)).await;
        assert_eq!(status, 200, "{path}: {body}");
        assert!(!timing.contains("injected"), "{path}: B's timings: {timing}");
    }
    assert!(!slow.is_finished(), "B was answered while A still waited");
    let (status, body, timing) = slow.await.expect("A");
    assert_eq!((status, &body["id"]), (200, &json!("1004")), "A's answer is the product: {body}");
    let injected = timing.split(", ").find(|e| e.contains("in-memory product injected")).expect(&timing);
    let dur: f64 =
        injected.split("dur=").nth(1).and_then(|d| d.split(';').next()).and_then(|d| d.parse().ok()).expect(injected);
    assert!(dur >= 3000.0, "the entry is the injected latency: {injected}");

    // Another backend's calls are not A's affected ones; clearing it ends it.
    let res = a.delete(app.url("/api/debug/faults")).header("origin", app.url("")).send().await.expect("delete");
    assert_eq!(assert::ok_json(res).await["faults"], Value::Null);
    let (_, _, timing) = get(&a, &url).await;
    assert!(!timing.contains("injected"), "{timing}");
}

#[tokio::test(flavor = "multi_thread")]
async fn injected_errors_and_timeouts_are_the_spec_error_answers() {
    let app = app().await;
    let (a, b) = (browser(), browser());
    inject(&a, &app, json!({"backend": "in-memory", "latency_ms": 0, "error_percent": 100, "timeout": false})).await;
    let url = app.url("/api/products/by-url?url=/1002");
    let (status, body, timing) = get(&a, &url).await;
    assert_eq!((status, &body["error"]["code"]), (502, &json!("upstream_unavailable")), "{body}");
    assert!(timing.contains("injected upstream_status"), "{timing}");
    let (status, body, _) = get(&b, &url).await;
    assert_eq!((status, &body["id"]), (200, &json!("1002")), "B is served: {body}");

    inject(&a, &app, json!({"backend": "in-memory", "latency_ms": 0, "error_percent": 0, "timeout": true})).await;
    let (status, body, _) = get(&a, &app.url("/api/products/by-url?url=/1003")).await;
    assert_eq!((status, &body["error"]["code"]), (504, &json!("upstream_timeout")), "{body}");

    // Out of bounds, from another site, or with the tools off: refused.
    for (faults, status) in [
        (json!({"backend": "in-memory", "latency_ms": 5001, "error_percent": 0, "timeout": false}), 400),
        (json!({"backend": "nope", "latency_ms": 10, "error_percent": 0, "timeout": false}), 400),
        (json!({"backend": "in-memory", "latency_ms": 10, "error_percent": 101, "timeout": false}), 400),
    ] {
        let res =
            a.put(app.url("/api/debug/faults")).header("origin", app.url("")).json(&faults).send().await.expect("put");
        assert_eq!(res.status().as_u16(), status, "{faults}");
    }
    let cross = a
        .put(app.url("/api/debug/faults"))
        .header("origin", "https://evil.example")
        .json(&json!({"backend": "in-memory", "latency_ms": 10, "error_percent": 0, "timeout": false}))
        .send()
        .await
        .expect("put");
    assert::json_error(cross, 403, "forbidden").await;
    let off = TestApp::builder().start().await;
    let res = browser()
        .put(off.url("/api/debug/faults"))
        .header("origin", off.url(""))
        .json(&json!({"backend": "in-memory", "latency_ms": 10, "error_percent": 0, "timeout": false}))
        .send()
        .await
        .expect("put");
    assert::json_error(res, 404, "not_found").await;
    let state = assert::ok_json(browser().get(off.url("/api/debug/faults")).send().await.expect("get")).await;
    assert_eq!((&state["enabled"], &state["faults"]), (&json!(false), &json!(null)), "{state}");
    // The backends a setting can name are every backend (the faults panel offers these).
    let listed: Vec<&str> =
        state["backends"].as_array().into_iter().flatten().filter_map(|b| b["value"].as_str()).collect();
    let every: Vec<&str> = vitrine_domain::Backend::ALL.iter().map(|b| b.as_str()).collect();
    assert_eq!(listed, every);
    assert!(state["backends"].as_array().into_iter().flatten().any(|b| b["label"] == "Magento / Mage-OS"), "{state}");
}

/// A failure injected on a change comes before the backend is asked: the visitor who is
/// told the change failed finds it not made (never an order placed, or a line added,
/// behind an error).
#[tokio::test(flavor = "multi_thread")]
async fn a_failure_injected_on_a_change_leaves_the_backend_unchanged() {
    let app = app().await;
    let a = browser();
    let add = || a.post(app.url("/api/cart/lines")).json(&json!({"variant": "1002", "quantity": 1}));
    let cart = assert::ok_json(add().send().await.expect("add")).await;
    assert_eq!(cart["lines"][0]["quantity"], 1, "{cart}");

    inject(&a, &app, json!({"backend": "in-memory", "latency_ms": 0, "error_percent": 100, "timeout": false})).await;
    let res = add().send().await.expect("add");
    assert::json_error(res, 502, "upstream_unavailable").await;
    let cleared = a.delete(app.url("/api/debug/faults")).header("origin", app.url("")).send().await.expect("clear");
    assert::ok_json(cleared).await;

    let cart = assert::ok_json(a.get(app.url("/api/cart")).send().await.expect("cart")).await;
    assert_eq!(cart["lines"][0]["quantity"], 1, "the failed add was not carried out: {cart}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_crawler_waits_for_a_slow_page_and_a_browser_does_not() {
    let spa = page::built_spa();
    let app = TestApp::builder()
        .static_dir(spa.path())
        .head_budget(Duration::from_millis(300))
        .edge(|edge| edge.debug_faults = true)
        .start()
        .await;
    let slow = json!({"backend": "in-memory", "latency_ms": 800, "error_percent": 0, "timeout": false});
    let (crawler, shopper) = (browser(), browser());
    inject(&crawler, &app, slow.clone()).await;
    inject(&shopper, &app, slow).await;

    let res = crawler.get(app.url("/1005")).header("user-agent", GOOGLEBOT).send().await.expect("crawler");
    let timing = res.headers().get("server-timing").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let page = page::Page { status: res.status().as_u16(), html: res.text().await.expect("html") };
    assert_eq!(page.status, 200);
    let product =
        assert::ok_json(browser().get(app.url("/api/products/by-url?url=/1005")).send().await.expect("p")).await;
    let name = product["products"][0]["name"].as_str().expect("name");
    assert!(page.title().starts_with(name), "the page's own title, not the site's: {}", page.title());
    assert!(timing.contains("injected"), "it waited out the injected latency: {timing}");
    let res = crawler.get(app.url("/no-such-page-x")).header("user-agent", GOOGLEBOT).send().await.expect("404");
    assert_eq!(res.status().as_u16(), 404, "a crawler gets the real status");

    // A browser is not kept waiting: the plain shell within the budget, the SPA fetches.
    let res = shopper.get(app.url("/1006")).send().await.expect("browser");
    assert_eq!(res.status().as_u16(), 200);
    let html = res.text().await.expect("html");
    assert!(!html.contains("application/ld+json"), "the plain shell, no head written: {html}");
}

/// issue 25: the setting travels in the visitor's signed state cookie (no cookie of its
/// own any more), for its hour, written for the session made with it (a state cookie
/// opens only beside its session's); a changed copy is no setting.
#[tokio::test(flavor = "multi_thread")]
async fn the_setting_travels_signed_and_a_changed_copy_is_no_setting() {
    let app = app().await;
    let setting = json!({"backend": "in-memory", "latency_ms": 50, "error_percent": 0, "timeout": false});
    let res = reqwest::Client::new()
        .put(app.url("/api/debug/faults"))
        .header("origin", app.url(""))
        .json(&setting)
        .send()
        .await
        .expect("put");
    let cookies: Vec<(String, String, Option<Duration>)> =
        res.cookies().map(|c| (c.name().to_owned(), c.value().to_owned(), c.max_age())).collect();
    let names: Vec<&str> = cookies.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(names, ["vitrine_session", "vitrine_state"], "{cookies:?}");
    let session = format!("vitrine_session={}", cookies[0].1);
    let (_, value, max_age) = cookies[1].clone();
    assert!(max_age.is_some_and(|a| a > Duration::ZERO && a <= Duration::from_secs(3600)), "its hour: {max_age:?}");
    let url = app.url("/api/debug/faults");
    let faults = |cookie: String| {
        let res = reqwest::Client::new().get(&url).header("cookie", cookie).send();
        async move { assert::ok_json(res.await.expect("get")).await["faults"].clone() }
    };
    assert_eq!(faults(format!("{session}; vitrine_state={value}")).await["latency_ms"], 50);
    assert_eq!(faults(format!("vitrine_state={value}")).await, Value::Null, "not without its session");
    // A byte of the payload changed, the signature left as it was: ignored.
    let mut parts: Vec<String> = value.split('.').map(str::to_owned).collect();
    let mut payload = parts[2].clone().into_bytes();
    payload[0] = if payload[0] == b'M' { b'N' } else { b'M' };
    parts[2] = String::from_utf8(payload).expect("ascii");
    assert_eq!(faults(format!("{session}; vitrine_state={}", parts.join("."))).await, Value::Null);
    assert_eq!(faults("vitrine_faults=in-memory~5000~0~0".to_owned()).await, Value::Null, "the old cookie is not read");
}
