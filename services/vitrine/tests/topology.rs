//! The `vitrine` binary end to end: `vitrine all` (the one-command demo), and every
//! service as its own process with a real Redis (the production topology).

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};
use vitrine_testkit::otlp::{OtlpReceiver, ReceivedSpan};
use vitrine_testkit::process::ServiceProcess;
use vitrine_testkit::{RedisServer, assert, browser, eventually, free_port};

const BIN: &str = env!("CARGO_BIN_EXE_vitrine");

fn depth(node: &Value) -> usize {
    node["children"].as_array().into_iter().flatten().map(|c| 1 + depth(c)).max().unwrap_or(0)
}

async fn wait_ready(base: &str) {
    let http = reqwest::Client::new();
    let url = format!("{base}/readyz");
    let ready = eventually(Duration::from_secs(30), || {
        let (http, url) = (http.clone(), url.clone());
        async move { http.get(&url).send().await.is_ok_and(|r| r.status().is_success()) }
    })
    .await;
    assert!(ready, "{base} did not become ready");
}

/// The answers issue #2 names, through every hop.
async fn check_storefront(client: &reqwest::Client, base: &str) {
    let get = |path: &str| client.get(format!("{base}{path}")).send();
    let tree = assert::ok_json(get("/api/navigation").await.expect("nav")).await;
    assert_eq!(depth(&tree), 3);
    let best = assert::ok_json(get("/api/products/best-sellers").await.expect("best")).await;
    assert_eq!(best.as_array().map(Vec::len), Some(4));
    let by_url = assert::ok_json(get("/api/products/by-url?url=/1001").await.expect("by-url")).await;
    assert_eq!((&by_url["id"], &by_url["products"][0]["id"]), (&json!("1001"), &json!("1001")));
    let found = assert::ok_json(get("/api/resolve?url=/1001").await.expect("resolve")).await;
    assert_eq!((&found["type"], &found["code"]), (&json!("PRODUCT"), &json!(200)));
    let missing = assert::ok_json(get("/api/resolve?url=/no-such-thing").await.expect("resolve")).await;
    assert_eq!(missing["code"], 404);
}

async fn put_driver(client: &reqwest::Client, base: &str, driver: &str) -> Value {
    let res = client.put(format!("{base}/api/driver")).json(&json!({ "driver": driver })).send().await.expect("put");
    assert::ok_json(res).await
}

#[tokio::test(flavor = "multi_thread")]
async fn vitrine_all_serves_the_storefront_from_one_process() {
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let env = vec![
        ("VITRINE_HTTP_ADDR".to_owned(), format!("127.0.0.1:{port}")),
        ("VITRINE_MOCK_DELAY_MS".to_owned(), "0".to_owned()),
    ];
    let mut all = ServiceProcess::spawn(Path::new(BIN), "all", &["all"], &env);
    wait_ready(&base).await;
    check_storefront(&browser(), &base).await;
    assert!(all.terminate().success(), "SIGTERM drains and exits cleanly");
}

struct Topology {
    redis: RedisServer,
    env: Vec<(String, String)>,
    base: String,
    edge_addr: String,
    adapter_addr: String,
}

impl Topology {
    fn new() -> Self {
        let redis = RedisServer::start();
        let port = |_: &str| format!("127.0.0.1:{}", free_port());
        let (mock, adapter, catalogue, navigation, resolution, edge) =
            (port("mock"), port("adapter"), port("catalogue"), port("navigation"), port("resolution"), port("edge"));
        let env = vec![
            ("VITRINE_REDIS_URL", redis.url()),
            ("VITRINE_MOCK_DELAY_MS", "0".to_owned()),
            ("VITRINE_MOCK_DATA_ADDR", mock.clone()),
            ("VITRINE_MOCK_DATA_URL", format!("http://{mock}")),
            ("VITRINE_ADAPTER_IN_MEMORY_URL", format!("http://{adapter}")),
            ("VITRINE_CATALOGUE_ADDR", catalogue.clone()),
            ("VITRINE_CATALOGUE_URL", format!("http://{catalogue}")),
            ("VITRINE_NAVIGATION_ADDR", navigation.clone()),
            ("VITRINE_NAVIGATION_URL", format!("http://{navigation}")),
            ("VITRINE_URL_RESOLUTION_ADDR", resolution.clone()),
            ("VITRINE_URL_RESOLUTION_URL", format!("http://{resolution}")),
            ("VITRINE_HTTP_ADDR", edge.clone()),
        ];
        let env = env.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        Self { redis, env, base: format!("http://{edge}"), edge_addr: edge, adapter_addr: adapter }
    }

    /// Every service of the in-memory path as its own process.
    /// The adapter serves its metrics port at `adapter_metrics`.
    fn spawn_all(&self, adapter_metrics: &str) -> Vec<ServiceProcess> {
        let metrics = [("VITRINE_METRICS_ADDR", adapter_metrics)];
        vec![
            self.spawn("mock-data", &["mock-data"]),
            self.spawn_with("adapter", &["adapter", "--driver", "in-memory"], &metrics),
            self.spawn("catalogue", &["catalogue"]),
            self.spawn("navigation", &["navigation"]),
            self.spawn("url-resolution", &["url-resolution"]),
            self.spawn("edge", &["edge"]),
        ]
    }

    fn spawn(&self, name: &str, args: &[&str]) -> ServiceProcess {
        self.spawn_with(name, args, &[])
    }

    /// With `extra` variables on top of the topology's.
    fn spawn_with(&self, name: &str, args: &[&str], extra: &[(&str, &str)]) -> ServiceProcess {
        let mut env = self.env.clone();
        if name == "adapter" {
            env.push(("VITRINE_ADAPTER_ADDR".to_owned(), self.adapter_addr.clone()));
        }
        env.extend(extra.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())));
        ServiceProcess::spawn(Path::new(BIN), name, args, &env)
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_service_as_its_own_process_with_redis() {
    let t = Topology::new();
    let _mock = t.spawn("mock-data", &["mock-data"]);
    let mut adapter = t.spawn("adapter", &["adapter", "--driver", "in-memory"]);
    let _catalogue = t.spawn("catalogue", &["catalogue"]);
    let _navigation = t.spawn("navigation", &["navigation"]);
    let _resolution = t.spawn("url-resolution", &["url-resolution"]);
    let mut edge = t.spawn("edge", &["edge"]);
    wait_ready(&t.base).await;

    let (alice, bob) = (browser(), browser());
    check_storefront(&alice, &t.base).await;
    assert_eq!(put_driver(&alice, &t.base, "fake").await["driver"], "fake");
    assert_eq!(put_driver(&bob, &t.base, "shopify").await["driver"], "shopify");

    // The driver lives in Redis: a crashed and restarted edge still knows it.
    edge.kill();
    let _edge = t.spawn("edge", &["edge"]);
    wait_ready(&t.base).await;
    let driver = |c: &reqwest::Client| c.get(format!("{}/api/driver", t.base)).send();
    assert_eq!(assert::ok_json(driver(&alice).await.expect("get")).await["driver"], "fake");
    assert_eq!(assert::ok_json(driver(&bob).await.expect("get")).await["driver"], "shopify");

    // A killed adapter is a clean 502; restarted alone, the others reconnect to it.
    put_driver(&alice, &t.base, "in-memory").await;
    adapter.kill();
    let res = alice.get(format!("{}/api/products/1005", t.base)).send().await.expect("get");
    assert::json_error(res, 502, "upstream_unavailable").await;
    let _adapter = t.spawn("adapter", &["adapter", "--driver", "in-memory"]);
    let recovered = eventually(Duration::from_secs(20), || {
        let req = alice.get(format!("{}/api/products/1005", t.base)).send();
        async move { req.await.is_ok_and(|r| r.status().is_success()) }
    })
    .await;
    assert!(recovered, "the catalogue reconnects to the restarted adapter");
    check_storefront(&alice, &t.base).await;
    assert!(!t.edge_addr.is_empty() && t.redis.port() > 0);
}

/// Issue #6: one page view is one trace. The test plays the browser with its own
/// `traceparent`; every process exports to an in-process OTLP receiver, as it would to
/// Jaeger. The trace must hold the edge, the catalogue, the adapter and the upstream
/// call (with driver, operation, outcome and duration), and mock-data's end of it, each
/// the child of the hop before.
#[tokio::test(flavor = "multi_thread")]
async fn one_page_view_is_one_trace_across_every_process() {
    let receiver = OtlpReceiver::start().await;
    let mut t = Topology::new();
    t.env.push(("OTEL_EXPORTER_OTLP_ENDPOINT".to_owned(), receiver.endpoint.clone()));
    t.env.push(("OTEL_BSP_SCHEDULE_DELAY".to_owned(), "100".to_owned()));
    let adapter_metrics = format!("127.0.0.1:{}", free_port());
    let _services = t.spawn_all(&adapter_metrics);
    wait_ready(&t.base).await;

    let (trace_id, browser_span) = ("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7");
    let res = browser()
        .get(format!("{}/api/products/by-url?url=/1007", t.base))
        .header("traceparent", format!("00-{trace_id}-{browser_span}-01"))
        .send()
        .await
        .expect("get");
    assert_eq!(assert::ok_json(res).await["id"], "1007");

    let services = ["vitrine-edge", "vitrine-catalogue", "vitrine-adapter-in-memory", "vitrine-mock-data"];
    let complete = |spans: &[ReceivedSpan]| {
        services.iter().all(|s| spans.iter().any(|span| span.service == *s))
            && spans.iter().any(|s| s.name.contains("in-memory product"))
    };
    let arrived = eventually(Duration::from_secs(30), || {
        let done = complete(&receiver.trace(trace_id));
        async move { done }
    })
    .await;
    let spans = receiver.trace(trace_id);
    let seen: Vec<(&str, &str)> = spans.iter().map(|s| (s.service.as_str(), s.name.as_str())).collect();
    assert!(arrived, "the trace lacks a hop: {seen:?}");

    let by_service = |service: &'static str| spans.iter().filter(move |s| s.service == service);
    let parent_of = |span: &ReceivedSpan| spans.iter().find(|p| p.span_id == span.parent_span_id);
    // browser → edge: the edge's request span continues the browser's context.
    assert!(by_service("vitrine-edge").any(|s| s.parent_span_id == browser_span), "{seen:?}");
    // edge → catalogue → adapter: each gRPC server span is the child of a span of the hop before.
    for (service, caller) in [("vitrine-catalogue", "vitrine-edge"), ("vitrine-adapter-in-memory", "vitrine-catalogue")]
    {
        let server = by_service(service).find(|s| s.attr("rpc.system") == Some("grpc")).expect("grpc span");
        assert_eq!(parent_of(server).map(|p| p.service.as_str()), Some(caller), "{service}: {seen:?}");
    }
    // adapter → upstream: the driver latency span, with its attributes.
    let upstream =
        by_service("vitrine-adapter-in-memory").find(|s| s.name == "in-memory product").expect("upstream span");
    assert_eq!(upstream.attr("vitrine.driver"), Some("in-memory"));
    assert_eq!(upstream.attr("vitrine.operation"), Some("product"));
    assert_eq!(upstream.attr("vitrine.outcome"), Some("ok"));
    assert_eq!(upstream.attr("http.response.status_code"), Some("200"));
    let millis: f64 = upstream.attr("vitrine.duration_ms").and_then(|d| d.parse().ok()).expect("duration");
    assert!(millis > 0.0 && upstream.duration > Duration::ZERO, "{upstream:?}");
    // upstream HTTP → mock-data: the backend's request span is the child of the call.
    let backend = by_service("vitrine-mock-data").next().expect("mock-data span");
    assert_eq!(backend.parent_span_id, upstream.span_id, "{seen:?}");

    // The same call in the adapter's metrics: served, timed per driver and operation, cached.
    let metrics = reqwest::get(format!("http://{adapter_metrics}/metrics")).await.expect("metrics");
    let text = metrics.text().await.expect("text");
    for line in [
        r#"vitrine_grpc_server_requests_total{code="Ok",method="/vitrine.v1.Adapter/GetProductByUrl"} 1"#,
        r#"vitrine_upstream_duration_seconds_count{driver="in-memory",operation="product",outcome="ok"} 1"#,
        r#"vitrine_upstream_cache_requests_total{driver="in-memory",result="miss"} 1"#,
    ] {
        assert!(text.lines().any(|l| l == line), "missing `{line}` in:\n{text}");
    }
}
