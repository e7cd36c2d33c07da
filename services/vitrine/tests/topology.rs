//! The `vitrine` binary end to end: `vitrine all` (the one-command demo), and every
//! service as its own process with a real Redis (the production topology).

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};
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

    fn spawn(&self, name: &str, args: &[&str]) -> ServiceProcess {
        let mut env = self.env.clone();
        if name == "adapter" {
            env.push(("VITRINE_ADAPTER_ADDR".to_owned(), self.adapter_addr.clone()));
        }
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
