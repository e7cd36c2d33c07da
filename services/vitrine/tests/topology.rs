//! The `vitrine` binary end to end: `vitrine all` (the one-command demo), and every
//! service as its own process with a real Redis (the production topology).

use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use serde_json::{Value, json};
use vitrine_testkit::gate::TcpGate;
use vitrine_testkit::otlp::{OtlpReceiver, ReceivedSpan};
use vitrine_testkit::process::{Serves, ServiceProcess};
use vitrine_testkit::{RedisServer, assert, browser, eventually};

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
    let env = vec![
        ("VITRINE_HTTP_ADDR".to_owned(), ANY_PORT.to_owned()),
        ("VITRINE_MOCK_DELAY_MS".to_owned(), "0".to_owned()),
    ];
    let mut all = ServiceProcess::start(Path::new(BIN), "all", &["all"], &env, &[Serves::Http]);
    let base = all.url(Serves::Http);
    wait_ready(&base).await;
    check_storefront(&browser(), &base).await;
    assert!(all.terminate().success(), "SIGTERM drains and exits cleanly");
}

/// Every service binds this and reports the port it got (no port is picked by the test).
const ANY_PORT: &str = "127.0.0.1:0";

/// The in-memory path, one process per service, started in dependency order: each
/// service learns the addresses its dependencies reported.
struct Topology {
    _redis: RedisServer,
    /// Variables every process gets.
    env: Vec<(String, String)>,
    mock: Option<ServiceProcess>,
    /// The domain services call the adapter through this, so a restarted adapter (on a
    /// new port) is found again.
    adapter_gate: Option<TcpGate>,
    adapter: Option<ServiceProcess>,
    domain: Vec<ServiceProcess>,
    edge: Option<ServiceProcess>,
}

/// The variables every process of a topology gets.
fn topology_env(redis: &RedisServer) -> Vec<(String, String)> {
    vec![
        ("VITRINE_REDIS_URL".to_owned(), redis.url()),
        ("VITRINE_MOCK_DELAY_MS".to_owned(), "0".to_owned()),
        // No warming at start: the tests count the calls one page view makes.
        ("VITRINE_WARM_PAGES".to_owned(), "0".to_owned()),
        // issue 25: a restarted edge opens the cookies its predecessor signed.
        ("VITRINE_COOKIE_KEYS".to_owned(), "topology-test-only-cookie-key-0123456789".to_owned()),
        // Served over plain http here, where a Secure cookie would not come back.
        ("VITRINE_SECURE_COOKIES".to_owned(), "false".to_owned()),
    ]
}

impl Topology {
    fn new() -> Self {
        let redis = RedisServer::start();
        let env = topology_env(&redis);
        Self { _redis: redis, env, mock: None, adapter_gate: None, adapter: None, domain: Vec::new(), edge: None }
    }

    /// Starts every service; the adapter also serves its metrics port.
    async fn start_all(&mut self) {
        let mock = self.start(
            "mock-data",
            &["mock-data"],
            &[("VITRINE_MOCK_DATA_ADDR", ANY_PORT.to_owned())],
            &[Serves::Http],
        );
        self.mock = Some(mock);
        self.start_adapter();
        let gate = TcpGate::start(self.adapter.as_ref().map(|a| a.addr(Serves::Grpc))).await;
        let adapter_url = ("VITRINE_ADAPTER_IN_MEMORY_URL", gate.url());
        self.adapter_gate = Some(gate);
        for (name, addr_var, url_var) in [
            ("catalogue", "VITRINE_CATALOGUE_ADDR", "VITRINE_CATALOGUE_URL"),
            ("navigation", "VITRINE_NAVIGATION_ADDR", "VITRINE_NAVIGATION_URL"),
            ("url-resolution", "VITRINE_URL_RESOLUTION_ADDR", "VITRINE_URL_RESOLUTION_URL"),
            ("cart", "VITRINE_CART_ADDR", "VITRINE_CART_URL"),
        ] {
            let service =
                self.start(name, &[name], &[(addr_var, ANY_PORT.to_owned()), adapter_url.clone()], &[Serves::Grpc]);
            self.env.push((url_var.to_owned(), service.url(Serves::Grpc)));
            self.domain.push(service);
        }
        self.restart_edge();
    }

    /// (Re)starts the in-memory adapter on a new port; the gate forwards to it.
    fn start_adapter(&mut self) {
        let mock_url = self.mock.as_ref().map(|m| m.url(Serves::Http)).expect("mock-data first");
        let env = [
            ("VITRINE_ADAPTER_ADDR", ANY_PORT.to_owned()),
            ("VITRINE_MOCK_DATA_URL", mock_url),
            ("VITRINE_METRICS_ADDR", ANY_PORT.to_owned()),
        ];
        let adapter =
            self.start("adapter", &["adapter", "--driver", "in-memory"], &env, &[Serves::Grpc, Serves::Metrics]);
        if let Some(gate) = &self.adapter_gate {
            gate.forward_to(adapter.addr(Serves::Grpc));
        }
        self.adapter = Some(adapter);
    }

    /// (Re)starts the edge on a new port, after the old one is gone.
    fn restart_edge(&mut self) {
        self.edge = None;
        self.edge = Some(self.start("edge", &["edge"], &[("VITRINE_HTTP_ADDR", ANY_PORT.to_owned())], &[Serves::Http]));
    }

    fn base(&self) -> String {
        self.edge.as_ref().map(|e| e.url(Serves::Http)).expect("the edge is running")
    }

    fn adapter_metrics(&self) -> String {
        self.adapter.as_ref().map(|a| a.url(Serves::Metrics)).expect("the adapter is running")
    }

    /// With `extra` variables on top of the topology's.
    fn start(&self, name: &str, args: &[&str], extra: &[(&str, String)], expect: &[Serves]) -> ServiceProcess {
        let mut env = self.env.clone();
        env.extend(extra.iter().map(|(k, v)| ((*k).to_owned(), v.clone())));
        ServiceProcess::start(Path::new(BIN), name, args, &env, expect)
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_service_as_its_own_process_with_redis() {
    let mut t = Topology::new();
    t.start_all().await;
    wait_ready(&t.base()).await;

    let (alice, bob) = (browser(), browser());
    check_storefront(&alice, &t.base()).await;
    assert_eq!(put_driver(&alice, &t.base(), "fake").await["driver"], "fake");
    assert_eq!(put_driver(&bob, &t.base(), "shopify").await["driver"], "shopify");

    // The driver lives in the signed cookie (and Redis): a crashed and restarted edge,
    // holding the same key, still knows it.
    t.edge.as_mut().expect("edge").kill();
    t.restart_edge();
    wait_ready(&t.base()).await;
    let driver = |c: &reqwest::Client| c.get(format!("{}/api/driver", t.base())).send();
    assert_eq!(assert::ok_json(driver(&alice).await.expect("get")).await["driver"], "fake");
    assert_eq!(assert::ok_json(driver(&bob).await.expect("get")).await["driver"], "shopify");

    // A killed adapter is a clean 502; restarted alone, the others reconnect to it.
    put_driver(&alice, &t.base(), "in-memory").await;
    t.adapter.as_mut().expect("adapter").kill();
    let res = alice.get(format!("{}/api/products/1005", t.base())).send().await.expect("get");
    assert::json_error(res, 502, "upstream_unavailable").await;
    t.start_adapter();
    let recovered = eventually(Duration::from_secs(20), || {
        let req = alice.get(format!("{}/api/products/1005", t.base())).send();
        async move { req.await.is_ok_and(|r| r.status().is_success()) }
    })
    .await;
    assert!(recovered, "the catalogue reconnects to the restarted adapter");
    check_storefront(&alice, &t.base()).await;
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
    t.start_all().await;
    wait_ready(&t.base()).await;

    let (trace_id, browser_span) = ("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7");
    let res = browser()
        .get(format!("{}/api/products/by-url?url=/1007", t.base()))
        .header("traceparent", format!("00-{trace_id}-{browser_span}-01"))
        .send()
        .await
        .expect("get");
    // issue 24: the answer says what it cost across the processes, hop by hop, in the
    // metadata each hop sent back, and names the trace Jaeger holds.
    let timing = res.headers().get("server-timing").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    assert_eq!(assert::ok_json(res).await["id"], "1007");
    for entry in ["edge;", "catalogue;", "adapter;", "upstream;"] {
        assert!(timing.contains(entry), "{entry} in {timing}");
    }
    assert!(timing.contains(r#"desc="in-memory product miss @"#), "the upstream call, a miss: {timing}");
    assert!(timing.contains(&format!("traceparent;desc=\"00-{trace_id}-")), "the trace: {timing}");

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
    let metrics = reqwest::get(format!("{}/metrics", t.adapter_metrics())).await.expect("metrics");
    let text = metrics.text().await.expect("text");
    for line in [
        r#"vitrine_grpc_server_requests_total{code="Ok",method="/vitrine.v1.Adapter/GetProductByUrl"} 1"#,
        r#"vitrine_upstream_duration_seconds_count{driver="in-memory",operation="product",outcome="ok"} 1"#,
        r#"vitrine_upstream_cache_requests_total{driver="in-memory",result="miss"} 1"#,
    ] {
        assert!(text.lines().any(|l| l == line), "missing `{line}` in:\n{text}");
    }
}

/// The number a `/metrics` page gives the series whose line starts with `series`.
async fn metric(metrics_url: &str, series: &str) -> u64 {
    let text = reqwest::get(format!("{metrics_url}/metrics")).await.expect("metrics").text().await.expect("text");
    text.lines().filter(|l| l.starts_with(series)).filter_map(|l| l.rsplit(' ').next()?.parse::<u64>().ok()).sum()
}

/// Issue 25: two catalogues and two in-memory adapters, each its own process. Under
/// steady load both replicas of each serve; one of each killed (SIGKILL, no drain) while
/// the load runs, no request fails: the reads that reached them are answered by the
/// others.
#[tokio::test(flavor = "multi_thread")]
async fn replicas_share_the_load_and_a_killed_one_loses_no_request() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    let redis = RedisServer::start();
    let mut env = topology_env(&redis);
    let start = |env: &[(String, String)], name: &str, args: &[&str], extra: &[(&str, String)], serves: &[Serves]| {
        let mut env = env.to_vec();
        env.extend(extra.iter().map(|(k, v)| ((*k).to_owned(), v.clone())));
        ServiceProcess::start(Path::new(BIN), name, args, &env, serves)
    };
    let with_metrics = [Serves::Grpc, Serves::Metrics];
    let mock =
        start(&env, "mock-data", &["mock-data"], &[("VITRINE_MOCK_DATA_ADDR", ANY_PORT.to_owned())], &[Serves::Http]);
    let adapter_env = [
        ("VITRINE_ADAPTER_ADDR", ANY_PORT.to_owned()),
        ("VITRINE_MOCK_DATA_URL", mock.url(Serves::Http)),
        ("VITRINE_METRICS_ADDR", ANY_PORT.to_owned()),
    ];
    let mut adapters: Vec<ServiceProcess> = (0..2)
        .map(|i| {
            start(&env, &format!("adapter-{i}"), &["adapter", "--driver", "in-memory"], &adapter_env, &with_metrics)
        })
        .collect();
    let both = |ps: &[ServiceProcess]| ps.iter().map(|p| p.url(Serves::Grpc)).collect::<Vec<_>>().join(",");
    env.push(("VITRINE_ADAPTER_IN_MEMORY_URL".to_owned(), both(&adapters)));
    let catalogue_env =
        [("VITRINE_CATALOGUE_ADDR", ANY_PORT.to_owned()), ("VITRINE_METRICS_ADDR", ANY_PORT.to_owned())];
    let mut catalogues: Vec<ServiceProcess> =
        (0..2).map(|i| start(&env, &format!("catalogue-{i}"), &["catalogue"], &catalogue_env, &with_metrics)).collect();
    env.push(("VITRINE_CATALOGUE_URL".to_owned(), both(&catalogues)));
    let mut others = Vec::new();
    for (name, addr_var, url_var) in [
        ("navigation", "VITRINE_NAVIGATION_ADDR", "VITRINE_NAVIGATION_URL"),
        ("url-resolution", "VITRINE_URL_RESOLUTION_ADDR", "VITRINE_URL_RESOLUTION_URL"),
        ("cart", "VITRINE_CART_ADDR", "VITRINE_CART_URL"),
    ] {
        let service = start(&env, name, &[name], &[(addr_var, ANY_PORT.to_owned())], &[Serves::Grpc]);
        env.push((url_var.to_owned(), service.url(Serves::Grpc)));
        others.push(service);
    }
    let edge_env = [("VITRINE_HTTP_ADDR", ANY_PORT.to_owned()), ("VITRINE_METRICS_ADDR", ANY_PORT.to_owned())];
    let edge = start(&env, "edge", &["edge"], &edge_env, &[Serves::Http, Serves::Metrics]);
    let base = edge.url(Serves::Http);
    wait_ready(&base).await;

    // Steady load: each request a search no one asked before, so none is answered from a
    // cache and every one crosses the edge, a catalogue and an adapter.
    let stop = Arc::new(AtomicBool::new(false));
    let (done, failed) = (Arc::new(AtomicUsize::new(0)), Arc::new(Mutex::new(Vec::<String>::new())));
    let workers: Vec<_> = (0..6)
        .map(|w| {
            let (stop, done, failed, base) = (stop.clone(), done.clone(), failed.clone(), base.clone());
            tokio::spawn(async move {
                let client = browser();
                let mut i = 0;
                while !stop.load(Ordering::Relaxed) {
                    i += 1;
                    let url = format!("{base}/api/search?q=load-{w}-{i}");
                    match client.get(&url).send().await {
                        Ok(r) if r.status().is_success() => {}
                        Ok(r) => failed.lock().expect("failures").push(format!("{url}: {}", r.status())),
                        Err(e) => failed.lock().expect("failures").push(format!("{url}: {e}")),
                    }
                    done.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    let reached = |n: usize| {
        let done = done.clone();
        eventually(Duration::from_secs(60), move || {
            let d = done.load(Ordering::Relaxed);
            async move { d >= n }
        })
    };
    assert!(reached(600).await, "the load made progress");

    // Both replicas of each answered.
    for (what, ps, series) in [
        (
            "catalogue",
            &catalogues,
            r#"vitrine_grpc_server_requests_total{code="Ok",method="/vitrine.v1.Catalogue/Search"}"#,
        ),
        ("adapter", &adapters, r#"vitrine_grpc_server_requests_total{code="Ok",method="/vitrine.v1.Adapter/Search"}"#),
    ] {
        for (i, p) in ps.iter().enumerate() {
            let served = metric(&p.url(Serves::Metrics), series).await;
            assert!(served >= 20, "{what} {i} served {served} of the load's searches");
        }
    }

    // One of each killed under load.
    catalogues[1].kill();
    adapters[1].kill();
    let at_kill = done.load(Ordering::Relaxed);
    assert!(reached(at_kill + 600).await, "the load went on after the kill");
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        w.await.expect("worker");
    }
    let failed = failed.lock().expect("failures").clone();
    assert!(
        failed.is_empty(),
        "{} of {} requests failed: {:?}",
        failed.len(),
        done.load(Ordering::Relaxed),
        &failed[..failed.len().min(5)]
    );
    // The reads that found a replica gone were sent again, to the other.
    for (what, url) in [("edge", edge.url(Serves::Metrics)), ("catalogue 0", catalogues[0].url(Serves::Metrics))] {
        let retried = metric(&url, "vitrine_grpc_client_retries_total").await;
        eprintln!(
            "{what}: {retried} reads retried; {} requests in all, {at_kill} before the kill",
            done.load(Ordering::Relaxed)
        );
        assert!(retried >= 1, "the {what} retried a read");
    }
    drop((mock, others, redis));
}
