//! The edge through every hop: edge → catalogue / navigation / url-resolution (gRPC) →
//! adapter (in-memory) → mock-data (HTTP), with a real Redis.

use std::time::Duration;

use serde_json::{Value, json};
use vitrine_domain::Backend;
use vitrine_testkit::scripted::{Script, ScriptedAdapter};
use vitrine_testkit::{TestApp, assert, browser};

async fn get(client: &reqwest::Client, app: &TestApp, path: &str) -> reqwest::Response {
    client.get(app.url(path)).send().await.expect(path)
}

async fn put_driver(client: &reqwest::Client, app: &TestApp, driver: &str) -> Value {
    let res = client.put(app.url("/api/driver")).json(&json!({ "driver": driver })).send().await.expect("put");
    assert::ok_json(res).await
}

fn depth(node: &Value) -> usize {
    node["children"].as_array().into_iter().flatten().map(|c| 1 + depth(c)).max().unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread")]
async fn every_read_endpoint_answers_through_every_hop() {
    let app = TestApp::builder().with_redis().start().await;
    let c = browser();
    let tree = assert::ok_json(get(&c, &app, "/api/navigation").await).await;
    assert_eq!(depth(&tree), 3, "a 3-deep tree");

    let best = assert::ok_json(get(&c, &app, "/api/products/best-sellers").await).await;
    assert_eq!(best.as_array().map(Vec::len), Some(4));

    let by_url = assert::ok_json(get(&c, &app, "/api/products/by-url?url=/1001").await).await;
    assert_eq!(by_url["id"], "1001");
    assert_eq!(by_url["products"][0]["id"], "1001");
    assert!(by_url["products"][0]["canonicalUrl"].is_string(), "spec §3 camelCase canonicalUrl");

    let one = assert::ok_json(get(&c, &app, "/api/products/1002").await).await;
    assert_eq!(one["products"][0]["id"], "1002");
    let list = assert::ok_json(get(&c, &app, "/api/products?limit=10").await).await;
    assert_eq!(list.as_array().map(Vec::len), Some(10));

    let found = assert::ok_json(get(&c, &app, "/api/resolve?url=/1001").await).await;
    assert_eq!((&found["type"], &found["code"], &found["outcome"]), (&json!("PRODUCT"), &json!(200), &json!("match")));
    let missing = assert::ok_json(get(&c, &app, "/api/resolve?url=/no-such-thing").await).await;
    assert_eq!(missing["code"], 404);
    assert_eq!((&missing["id"], &missing["url"], &missing["type"]), (&Value::Null, &Value::Null, &Value::Null));
    assert_eq!(missing["error_code"], "404_NOT_FOUND");

    let driver = assert::ok_json(get(&c, &app, "/api/driver").await).await;
    assert_eq!(driver["driver"], "in-memory");
    let options: Vec<(&str, bool)> = driver["options"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| (o["value"].as_str().unwrap_or_default(), o["enabled"].as_bool().unwrap_or_default()))
        .collect();
    assert_eq!(
        options,
        [
            ("in-memory", true),
            ("fake", true),
            ("magento", true),
            ("mageos", true),
            ("shopify", true),
            ("medusa", false),
            ("vendure", false)
        ]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn sessions_keep_their_own_driver_across_an_edge_restart() {
    let mut app = TestApp::builder().with_redis().start().await;
    let (alice, bob) = (browser(), browser());
    assert_eq!(put_driver(&alice, &app, "fake").await["driver"], "fake");
    assert_eq!(put_driver(&bob, &app, "mageos").await["driver"], "mageos");
    app.restart_edge().await;
    assert_eq!(assert::ok_json(get(&alice, &app, "/api/driver").await).await["driver"], "fake");
    assert_eq!(assert::ok_json(get(&bob, &app, "/api/driver").await).await["driver"], "mageos");
    let stranger = browser();
    assert_eq!(assert::ok_json(get(&stranger, &app, "/api/driver").await).await["driver"], "in-memory");

    // Reading issues no session (issue 21); a switch does, and scripts never see its id.
    let newcomer = browser();
    assert!(get(&newcomer, &app, "/api/driver").await.headers().get("set-cookie").is_none(), "nothing to keep");
    let res = newcomer.put(app.url("/api/driver")).json(&json!({ "driver": "fake" })).send().await.expect("put");
    let cookies: Vec<&str> = res.headers().get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()).collect();
    assert_eq!(cookies.len(), 2, "the session and its signed state: {cookies:?}");
    assert!(cookies[0].starts_with("vitrine_session=") && cookies[0].contains("HttpOnly"), "{cookies:?}");
    assert!(cookies[1].starts_with("vitrine_state=") && cookies[1].contains("HttpOnly"), "{cookies:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_and_disabled_drivers_change_nothing_and_say_why() {
    let app = TestApp::builder().start().await;
    let c = browser();
    put_driver(&c, &app, "fake").await;
    let unknown = put_driver(&c, &app, "woocommerce").await;
    assert_eq!(unknown["driver"], "fake");
    assert_eq!(unknown["notice"], "Unknown driver 'woocommerce' ignored.");
    let medusa = put_driver(&c, &app, "medusa").await;
    assert_eq!(medusa["driver"], "fake");
    assert_eq!(medusa["notice"], "The medusa driver is coming soon; it cannot be selected yet.");
}

/// issue 13: where Medusa's adapter has a shop, the debug bar offers it and a switch to it
/// reaches that adapter; the label loses its "coming soon".
#[tokio::test(flavor = "multi_thread")]
async fn medusa_is_offered_and_selectable_where_its_adapter_has_a_shop() {
    let products =
        vec![vitrine_proto::v1::Product { id: "prod_1".into(), name: "Hoodie".into(), ..Default::default() }];
    let medusa =
        ScriptedAdapter::start(Script { configured: true, products: Some(Ok(products)), ..Script::default() }).await;
    let app = TestApp::builder().adapter(Backend::Medusa, &medusa.url).start().await;
    let c = browser();
    let info = assert::ok_json(get(&c, &app, "/api/driver").await).await;
    let option = info["options"].as_array().into_iter().flatten().find(|o| o["value"] == "medusa").cloned();
    assert_eq!(option, Some(json!({ "value": "medusa", "label": "Medusa", "enabled": true })));
    let switched = put_driver(&c, &app, "medusa").await;
    assert_eq!((&switched["driver"], &switched["notice"]), (&json!("medusa"), &Value::Null));
    let best = assert::ok_json(get(&c, &app, "/api/products/best-sellers").await).await;
    assert_eq!(best[0]["name"], "Hoodie");
    assert!(medusa.calls().contains(&"best_sellers medusa".to_owned()), "{:?}", medusa.calls());
}

/// The store key of the session whose cookie `res` set.
fn session_key(res: &reqwest::Response) -> String {
    let cookie = res.cookies().find(|c| c.name() == "vitrine_session").expect("a session cookie");
    format!("vitrine:session:{}:driver", cookie.value())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_switch_deletes_nothing_and_only_a_real_choice_is_kept() {
    let app = TestApp::builder().with_redis().start().await;
    for key in ["vitrine:cache:magento:product:x", "vitrine:cache:shopify:product:x"] {
        app.store.set(key, b"cached", None).await.expect("seed");
    }
    let c = browser();
    // The default with nothing to freshen: nothing kept, so no session at all.
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": "in-memory" })).send().await.expect("put");
    assert!(res.headers().get("set-cookie").is_none(), "no session for nothing");
    for refused in ["woocommerce", "medusa"] {
        let res = c.put(app.url("/api/driver")).json(&json!({ "driver": refused })).send().await.expect("put");
        assert!(res.headers().get("set-cookie").is_none(), "{refused}: a refused change keeps nothing");
    }
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": "fake" })).send().await.expect("put");
    let key = session_key(&res);
    assert::ok_json(res).await;
    for driver in ["mageos", "shopify", "fake"] {
        put_driver(&c, &app, driver).await;
        let kept = app.store.get(&key).await.expect("get").unwrap_or_default();
        let kept = String::from_utf8_lossy(&kept).into_owned();
        assert!(kept.starts_with(&format!("{driver}@")), "{driver}: the choice and its time: {kept}");
    }
    for key in ["vitrine:cache:magento:product:x", "vitrine:cache:shopify:product:x"] {
        assert!(app.store.get(key).await.expect("get").is_some(), "{key} is still there");
    }
    let back = c.put(app.url("/api/driver")).json(&json!({ "driver": "in-memory" })).send().await.expect("put");
    for name in ["vitrine_session", "vitrine_state"] {
        let gone = back.cookies().find(|c| c.name() == name).map(|c| (c.value().to_owned(), c.max_age()));
        assert_eq!(gone, Some((String::new(), Some(Duration::ZERO))), "back on the default: {name} goes");
    }
    assert_eq!(app.store.get(&key).await.expect("get"), None, "and so does the key");
    assert!(get(&c, &app, "/api/navigation").await.headers().get("set-cookie").is_none(), "and stays gone");
}

/// A session cookie alone (a visitor from before the signed state cookie, issue 25)
/// naming a session the store no longer holds (it expired, or the store was emptied) is
/// dropped by the next answer, which is then shared again (a store that cannot answer
/// drops nothing: `redis_outage.rs`). While the store holds it, the answer signs its
/// state into the state cookie.
#[tokio::test(flavor = "multi_thread")]
async fn a_session_cookie_alone_naming_nothing_is_dropped() {
    let app = TestApp::builder().with_redis().start().await;
    let res = browser().put(app.url("/api/driver")).json(&json!({ "driver": "fake" })).send().await.expect("put");
    let key = session_key(&res);
    let session = res.cookies().find(|c| c.name() == "vitrine_session").map(|c| c.value().to_owned());
    assert::ok_json(res).await;
    let earlier = reqwest::Client::new();
    let get = |path: &str| {
        let cookie = format!("vitrine_session={}", session.as_deref().unwrap_or_default());
        earlier.get(app.url(path)).header("cookie", cookie).send()
    };
    let kept = get("/api/navigation").await.expect("nav");
    assert_eq!(kept.headers()["cache-control"], "private, no-cache", "a session's answer");
    let signed = kept.cookies().find(|c| c.name() == "vitrine_state").map(|c| c.value().is_empty());
    assert_eq!(signed, Some(false), "the store's state, signed into its cookie");
    app.store.delete(&key).await.expect("the session expires");
    let res = get("/api/products/1001").await.expect("product");
    let dropped = res.cookies().find(|c| c.name() == "vitrine_session").map(|c| c.max_age());
    assert_eq!(dropped, Some(Some(Duration::ZERO)), "the cookie is removed");
    let shared = reqwest::Client::new().get(app.url("/api/products/1001")).send().await.expect("product");
    assert!(shared.headers()["cache-control"].to_str().unwrap_or_default().starts_with("public"), "shared again");
}

/// Reads SSE chunks until one contains `needle` or `within` passes.
async fn read_until(res: &mut reqwest::Response, needle: &str, within: Duration) -> String {
    let mut seen = String::new();
    let _ = tokio::time::timeout(within, async {
        while let Ok(Some(chunk)) = res.chunk().await {
            seen.push_str(&String::from_utf8_lossy(&chunk));
            if seen.contains(needle) {
                break;
            }
        }
    })
    .await;
    seen
}

#[tokio::test(flavor = "multi_thread")]
async fn a_switch_reaches_the_sessions_other_tabs_and_no_one_else() {
    let app = TestApp::builder().with_redis().start().await;
    let (tab, other_visitor) = (browser(), browser());
    // A session comes with its first switch.
    let mageos = put_driver(&tab, &app, "mageos").await["switched_at_ms"].as_u64().unwrap_or_default();
    let mut same = get(&tab, &app, "/api/driver/events").await;
    let mut other = get(&other_visitor, &app, "/api/driver/events").await;
    assert_eq!(same.headers()["content-type"], "text/event-stream");
    let first = read_until(&mut same, "mageos", Duration::from_secs(5)).await;
    // The connection's first frame: the choice then, with its stamp.
    let frame = format!("event: driver\ndata: {{\"driver\":\"mageos\",\"switched_at_ms\":{mageos}}}");
    assert!(first.contains(&frame), "{first}");
    // A visitor without a session: the default, never switched (stamp 0).
    let theirs = read_until(&mut other, "in-memory", Duration::from_secs(5)).await;
    assert!(theirs.contains("data: {\"driver\":\"in-memory\",\"switched_at_ms\":0}"), "{theirs}");

    let switched = put_driver(&tab, &app, "fake").await;
    let at = switched["switched_at_ms"].as_u64().expect("the switch's stamp");
    assert!(at > 0, "{switched}");
    let seen = read_until(&mut same, "\"fake\"", Duration::from_secs(5)).await;
    assert!(seen.contains(&format!("data: {{\"driver\":\"fake\",\"switched_at_ms\":{at}}}")), "{seen}");
    // A stream opened now starts from that choice, with its stamp: a tab that already
    // knows it can tell it is not a newer one.
    let mut later = get(&tab, &app, "/api/driver/events").await;
    let first = read_until(&mut later, "fake", Duration::from_secs(5)).await;
    assert!(first.contains(&format!("\"switched_at_ms\":{at}")), "{first}");
    let known = assert::ok_json(get(&tab, &app, "/api/driver").await).await;
    assert_eq!(known["switched_at_ms"].as_u64(), Some(at), "GET tells the same stamp");
    let leaked = read_until(&mut other, "\"fake\"", Duration::from_millis(500)).await;
    assert!(!leaked.contains("fake"), "another visitor's stream stays quiet: {leaked}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_keeps_a_bounded_number_of_event_streams() {
    let app = TestApp::builder().start().await;
    let tab = browser();
    put_driver(&tab, &app, "fake").await;
    let mut open = Vec::new();
    for _ in 0..8 {
        let mut res = get(&tab, &app, "/api/driver/events").await;
        assert_eq!(res.status(), 200);
        assert!(read_until(&mut res, "fake", Duration::from_secs(5)).await.contains("event: driver"));
        open.push(res);
    }
    let refused = get(&tab, &app, "/api/driver/events").await;
    let text = assert::json_error(refused, 429, "too_many_requests").await;
    assert_eq!(text, "Too many open event streams for this session; close a tab, then reload.");
    assert_eq!(get(&browser(), &app, "/api/driver/events").await.status(), 200, "another visitor has its own share");
    // A tab closes: its slot comes back once the edge notices the stream is gone.
    drop(open.pop());
    let back = vitrine_testkit::eventually(Duration::from_secs(10), || {
        let res = tab.get(app.url("/api/driver/events")).send();
        async move { res.await.is_ok_and(|r| r.status() == 200) }
    })
    .await;
    assert!(back, "a closed stream's slot is given back");
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_input_and_faults_get_clear_errors_never_a_500() {
    let mut app = TestApp::builder().with_redis().start().await;
    let c = browser();
    let cases: Vec<(&str, u16, &str)> = vec![
        ("/api/products/9999", 404, "not_found"),
        ("/api/products/by-url?url=/no/such/product", 404, "not_found"),
        ("/api/products/by-url", 400, "bad_request"),
        ("/api/resolve", 400, "bad_request"),
        ("/api/products?limit=1000", 400, "bad_request"),
        ("/api/products?limit=-1", 400, "bad_request"),
        ("/api/nothing/here", 404, "not_found"),
        ("/api/products/%2e%2e%2fcommands", 404, "not_found"),
    ];
    for (path, status, code) in cases {
        assert::json_error(get(&c, &app, path).await, status, code).await;
    }
    let long = format!("/api/resolve?url=/{}", "a".repeat(3000));
    assert::json_error(get(&c, &app, &long).await, 400, "bad_request").await;
    let res = c
        .put(app.url("/api/driver"))
        .header("content-type", "application/json")
        .body("{nope")
        .send()
        .await
        .expect("put");
    assert::json_error(res, 400, "bad_request").await;

    // A driver whose backend has no client: 503 with the spec's text.
    put_driver(&c, &app, "magento").await;
    let message = assert::json_error(get(&c, &app, "/api/navigation").await, 503, "driver_unavailable").await;
    assert!(message.starts_with("Client has not been defined yet"), "{message}");
    // A failed lookup sends the visitor to the failed-resolution path.
    let failed = assert::ok_json(get(&c, &app, "/api/resolve?url=/1001").await).await;
    assert_eq!((&failed["outcome"], &failed["location"]), (&json!("failed"), &json!("/")));

    // The backend going away: 502, and the message names no internals.
    put_driver(&c, &app, "in-memory").await;
    app.mock.stop();
    let _ = app.mock.stopped().await; // returns once mock-data has stopped
    let message = assert::json_error(get(&c, &app, "/api/products/1030").await, 502, "upstream_unavailable").await;
    assert!(!message.contains("127.0.0.1"), "{message}");
}

#[tokio::test(flavor = "multi_thread")]
async fn health_readiness_and_metrics() {
    let app = TestApp::builder().start().await;
    let c = browser();
    assert::ok_json(get(&c, &app, "/healthz").await).await;
    let ready = assert::ok_json(get(&c, &app, "/readyz").await).await;
    assert_eq!(ready["ready"], true);
    put_driver(&c, &app, "fake").await;
    for _ in 0..2 {
        assert::ok_json(get(&c, &app, "/api/navigation").await).await;
    }
    let metrics = get(&c, &app, "/metrics").await.text().await.expect("metrics");
    assert!(metrics.contains("vitrine_driver_switches_total{driver=\"fake\"} 1"), "{metrics}");
    // The second read came from the edge's response cache.
    for result in ["miss", "hit"] {
        let line = format!("vitrine_edge_response_cache_requests_total{{driver=\"fake\",result=\"{result}\"}} 1");
        assert!(metrics.contains(&line), "{line} in {metrics}");
    }
    // In one process (as in `vitrine all`) the services' own figures are there too.
    assert!(
        metrics.contains("vitrine_grpc_server_requests_total{code=\"Ok\",method=\"/vitrine.v1.Navigation/GetTree\"}")
    );
    assert!(metrics.contains(
        "vitrine_upstream_duration_seconds_count{driver=\"in-memory\",operation=\"navigation\",outcome=\"ok\"}"
    ));
    assert!(
        metrics.contains("vitrine_http_requests_total{method=\"GET\",route=\"/readyz\",status=\"200\"} 1"),
        "{metrics}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_repeated_read_is_answered_by_the_edge_for_a_few_seconds() {
    let mut app = TestApp::builder().with_redis().start().await;
    let c = browser();
    let first = assert::ok_json(get(&c, &app, "/api/products/best-sellers").await).await;
    // Take the backend away and drop its upstream cache: only the edge still knows.
    app.mock.stop();
    let _ = app.mock.stopped().await; // returns once mock-data has stopped
    app.store.delete_prefix("vitrine:cache:").await.expect("clear");
    let again = assert::ok_json(get(&c, &app, "/api/products/best-sellers").await).await;
    assert_eq!(first, again);
    // Errors are never cached: an uncached read fails now, and keeps failing.
    assert::json_error(get(&c, &app, "/api/products/1033").await, 502, "upstream_unavailable").await;
    assert::json_error(get(&c, &app, "/api/products/1033").await, 502, "upstream_unavailable").await;
}
