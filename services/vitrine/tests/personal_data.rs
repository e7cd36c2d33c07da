//! What a shopper types at checkout reaches no log line, span, metric,
//! Server-Timing header or store entry of Vitrine's processes; nor does any
//! id that opens a visitor's things (the session id, the state cookie, a cart id, a
//! Shopify cart's token and key, and so an order's key, which holds the session id) reach
//! a log line, span, metric or Server-Timing header (the store holds them: that is
//! what it is for).
//!
//! Every service runs as its own process (as deployed), logging at `debug` and
//! exporting spans to an OTLP receiver, on Redis highly available (a primary, a replica
//! and three Sentinels) whose replica hangs, so that every write the store wants
//! confirmed runs out its time and says so in the log. A shopper checks out on
//! in-memory (mock-data places the order), on Magento and on Medusa (their demo shops,
//! in this test's process: a shop's own record is the backend's data), with a marker
//! email, name, street, city and telephone, through every step: a refused address, the
//! address, the shipping methods, placing, and the order's summary; another fills and
//! changes a Shopify cart (Shopify checks out on its own site). Then the run's output is
//! searched: each process's log, every span's name and attributes, each `/metrics`, each
//! Server-Timing header, and (for what the shopper typed) every key and value in Redis.

use std::path::{Path, PathBuf};
use std::time::Duration;

use base64::Engine as _;
use serde_json::{Value, json};
use vitrine_testkit::otlp::OtlpReceiver;
use vitrine_testkit::process::{Serves, ServiceProcess};
use vitrine_testkit::{RedisSentinelCluster, assert, eventually, magento, medusa, sentinel, shopify};

const BIN: &str = env!("CARGO_BIN_EXE_vitrine");
const ANY_PORT: &str = "127.0.0.1:0";

/// What the shopper types; none of it may appear anywhere. Each is unusual enough that
/// no other text holds it by chance.
const MARKERS: [&str; 6] =
    ["leakmarker7@example.com", "Zyxleakfirst", "Qwvleaklast", "Leakmarker Road", "Leakmarkerville", "555-0199"];

fn address(country: &str, region: &str) -> Value {
    json!({
        "first_name": "Zyxleakfirst", "last_name": "Qwvleaklast", "street": "77 Leakmarker Road",
        "city": "Leakmarkerville", "postal_code": "78701", "country": country, "region": region,
        "telephone": "+1 512-555-0199",
    })
}

/// The services, each its own process, with what every one of them gets.
struct Run {
    env: Vec<(String, String)>,
    processes: Vec<ServiceProcess>,
    logs: Vec<PathBuf>,
}

impl Run {
    fn start(&mut self, name: &str, args: &[&str], extra: &[(&str, String)], expect: &[Serves]) -> usize {
        let mut env = self.env.clone();
        env.extend(extra.iter().map(|(k, v)| ((*k).to_owned(), v.clone())));
        env.push(("VITRINE_METRICS_ADDR".to_owned(), ANY_PORT.to_owned()));
        let mut expect = expect.to_vec();
        expect.push(Serves::Metrics);
        self.processes.push(ServiceProcess::start(Path::new(BIN), name, args, &env, &expect));
        let logs = Path::new(BIN).parent().map(|p| p.join("test-logs")).unwrap_or_default();
        self.logs.push(logs.join(format!("{name}.log")));
        self.processes.len() - 1
    }

    fn url(&self, index: usize, kind: Serves) -> String {
        self.processes[index].url(kind)
    }
}

/// Every key and value in Redis, as text.
async fn redis_contents(url: &str) -> String {
    let client = redis::Client::open(url).expect("redis url");
    let mut c = client.get_multiplexed_async_connection().await.expect("redis");
    let keys: Vec<String> = redis::cmd("KEYS").arg("*").query_async(&mut c).await.expect("keys");
    let mut out = String::new();
    for key in keys {
        let kind: String = redis::cmd("TYPE").arg(&key).query_async(&mut c).await.unwrap_or_default();
        let value: Vec<Vec<u8>> = match kind.as_str() {
            "string" => redis::cmd("GET").arg(&key).query_async(&mut c).await.map(|v: Vec<u8>| vec![v]),
            "hash" => redis::cmd("HGETALL").arg(&key).query_async(&mut c).await,
            "list" => redis::cmd("LRANGE").arg(&key).arg(0).arg(-1).query_async(&mut c).await,
            "set" => redis::cmd("SMEMBERS").arg(&key).query_async(&mut c).await,
            other => panic!("{key}: a {other} this test cannot read"),
        }
        .unwrap_or_default();
        out.push_str(&key);
        for v in value {
            out.push(' ');
            out.push_str(&String::from_utf8_lossy(&v));
        }
        out.push('\n');
    }
    out
}

/// A browser whose cookies the test can read.
fn browser() -> (reqwest::Client, std::sync::Arc<reqwest::cookie::Jar>) {
    let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
    let client = reqwest::Client::builder().cookie_provider(jar.clone()).timeout(Duration::from_secs(20)).build();
    (client.expect("a client"), jar)
}

/// The ids the visitor's cookies for `base` hold: the session id, the state cookie's
/// value, and each cart id the state carries (its payload is `issued|kept|faults`, kept
/// being `driver@stamp;backend=cart-id;…`, percent-encoded).
fn ids_in_cookies(jar: &reqwest::cookie::Jar, base: &str) -> Vec<String> {
    use reqwest::cookie::CookieStore as _;
    let url = base.parse().expect("a url");
    let header = jar.cookies(&url).map(|v| v.to_str().unwrap_or_default().to_owned()).unwrap_or_default();
    let mut ids = Vec::new();
    for pair in header.split("; ") {
        let Some((name, value)) = pair.split_once('=') else { continue };
        ids.push(value.to_owned());
        if name != "vitrine_state" {
            continue;
        }
        let payload = value.split('.').nth(2).unwrap_or_default();
        let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).expect("the state's payload");
        let text = String::from_utf8(payload).expect("text");
        let kept = text.split('|').nth(1).unwrap_or_default();
        for entry in kept.split(';').skip(1) {
            let (_, id) = entry.split_once('=').unwrap_or_default();
            let id = urlencoding::decode(id).expect("percent-encoded").into_owned();
            // A Shopify cart id's parts: its token and its key each open the cart.
            let parts = id.strip_prefix("gid://shopify/Cart/").map(|rest| rest.split("?key=").map(str::to_owned));
            ids.extend(parts.into_iter().flatten());
            ids.push(id);
        }
    }
    ids
}

/// The places `text` holds one of the visitors' ids.
fn id_leaks(place: &str, text: &str, ids: &[String]) -> Vec<String> {
    ids.iter()
        .filter(|id| id.len() >= 8 && text.contains(id.as_str()))
        .map(|id| {
            let at = text.find(id.as_str()).unwrap_or_default();
            let line = text[..at].rfind('\n').map_or(0, |n| n + 1);
            let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
            format!("{place}: an id {id:?} in {:?}", &text[line..end.min(line + 400)])
        })
        .collect()
}

/// The places `text` holds a marker, for the failure message.
fn leaks(place: &str, text: &str) -> Vec<String> {
    MARKERS
        .iter()
        .filter(|m| text.to_ascii_lowercase().contains(&m.to_ascii_lowercase()))
        .map(|m| {
            let at = text.to_ascii_lowercase().find(&m.to_ascii_lowercase()).unwrap_or_default();
            let line = text[..at].rfind('\n').map_or(0, |n| n + 1);
            let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
            format!("{place}: {m:?} in {:?}", &text[line..end.min(line + 400)])
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn what_a_shopper_types_and_the_ids_that_open_their_things_reach_no_log_span_or_metric() {
    const SHOPIFY_TOKEN: &str = "shpat_personal_data";
    let mut redis = RedisSentinelCluster::start(1);
    redis.stop_replicas();
    let config = redis.config();
    let sentinels: Vec<String> = config.sentinels.iter().map(|(host, port)| format!("{host}:{port}")).collect();
    let receiver = OtlpReceiver::start().await;
    let shop = magento::start_shop();
    let store = medusa::start(medusa::DEMO_KEY);
    let shopify_shop = shopify::start(SHOPIFY_TOKEN);
    let mut run = Run {
        env: vec![
            ("VITRINE_REDIS_SENTINELS".to_owned(), sentinels.join(",")),
            ("VITRINE_REDIS_SENTINEL_MASTER".to_owned(), sentinel::MASTER.to_owned()),
            ("VITRINE_REDIS_SENTINEL_PASSWORD".to_owned(), sentinel::SENTINEL_PASSWORD.to_owned()),
            ("VITRINE_REDIS_PASSWORD".to_owned(), sentinel::REDIS_PASSWORD.to_owned()),
            ("VITRINE_MOCK_DELAY_MS".to_owned(), "0".to_owned()),
            ("VITRINE_WARM_PAGES".to_owned(), "0".to_owned()),
            ("VITRINE_COOKIE_KEYS".to_owned(), "personal-data-test-only-cookie-key-0123456789".to_owned()),
            // Served over plain http here, where a Secure cookie would not come back.
            ("VITRINE_SECURE_COOKIES".to_owned(), "false".to_owned()),
            ("RUST_LOG".to_owned(), "debug".to_owned()),
            ("OTEL_EXPORTER_OTLP_ENDPOINT".to_owned(), receiver.endpoint.clone()),
            ("OTEL_BSP_SCHEDULE_DELAY".to_owned(), "100".to_owned()),
        ],
        processes: Vec::new(),
        logs: Vec::new(),
    };
    // Its back office holds the whole record of an order; the public answer does not.
    let backoffice = "pii-back-office-token";
    let mock = run.start(
        "pii-mock-data",
        &["mock-data"],
        &[
            ("VITRINE_MOCK_DATA_ADDR", ANY_PORT.to_owned()),
            ("VITRINE_MOCK_DATA_BACKOFFICE_TOKEN", backoffice.to_owned()),
        ],
        &[Serves::Http],
    );
    let mock_url = run.url(mock, Serves::Http);
    let in_memory = run.start(
        "pii-adapter-in-memory",
        &["adapter", "--driver", "in-memory"],
        &[("VITRINE_ADAPTER_ADDR", ANY_PORT.to_owned()), ("VITRINE_MOCK_DATA_URL", mock_url.clone())],
        &[Serves::Grpc],
    );
    let magento = run.start(
        "pii-adapter-magento",
        &["adapter", "--driver", "magento"],
        &[("VITRINE_ADAPTER_ADDR", ANY_PORT.to_owned()), ("VITRINE_MAGENTO_BASE_URL", shop.url.clone())],
        &[Serves::Grpc],
    );
    let medusa_adapter = run.start(
        "pii-adapter-medusa",
        &["adapter", "--driver", "medusa"],
        &[
            ("VITRINE_ADAPTER_ADDR", ANY_PORT.to_owned()),
            ("VITRINE_MEDUSA_URL", store.url.clone()),
            ("VITRINE_MEDUSA_PUBLISHABLE_KEY", medusa::DEMO_KEY.to_owned()),
        ],
        &[Serves::Grpc],
    );
    let shopify_adapter = run.start(
        "pii-adapter-shopify",
        &["adapter", "--driver", "shopify"],
        &[
            ("VITRINE_ADAPTER_ADDR", ANY_PORT.to_owned()),
            ("VITRINE_SHOPIFY_ENDPOINT", shopify_shop.url.clone()),
            ("VITRINE_SHOPIFY_ACCESS_TOKEN", SHOPIFY_TOKEN.to_owned()),
        ],
        &[Serves::Grpc],
    );
    let adapters = [
        ("VITRINE_ADAPTER_IN_MEMORY_URL", run.url(in_memory, Serves::Grpc)),
        ("VITRINE_ADAPTER_MAGENTO_URL", run.url(magento, Serves::Grpc)),
        ("VITRINE_ADAPTER_MEDUSA_URL", run.url(medusa_adapter, Serves::Grpc)),
        ("VITRINE_ADAPTER_SHOPIFY_URL", run.url(shopify_adapter, Serves::Grpc)),
    ];
    for (url_var, url) in &adapters {
        run.env.push(((*url_var).to_owned(), url.clone()));
    }
    for (name, addr_var, url_var) in [
        ("catalogue", "VITRINE_CATALOGUE_ADDR", "VITRINE_CATALOGUE_URL"),
        ("navigation", "VITRINE_NAVIGATION_ADDR", "VITRINE_NAVIGATION_URL"),
        ("url-resolution", "VITRINE_URL_RESOLUTION_ADDR", "VITRINE_URL_RESOLUTION_URL"),
        ("cart", "VITRINE_CART_ADDR", "VITRINE_CART_URL"),
    ] {
        let index = run.start(&format!("pii-{name}"), &[name], &[(addr_var, ANY_PORT.to_owned())], &[Serves::Grpc]);
        let url = run.url(index, Serves::Grpc);
        run.env.push((url_var.to_owned(), url));
    }
    let edge = run.start("pii-edge", &["edge"], &[("VITRINE_HTTP_ADDR", ANY_PORT.to_owned())], &[Serves::Http]);
    let base = run.url(edge, Serves::Http);
    let ready = eventually(Duration::from_secs(30), || {
        let url = format!("{base}/readyz");
        async move { reqwest::get(&url).await.is_ok_and(|r| r.status().is_success()) }
    })
    .await;
    assert!(ready, "the edge did not become ready");

    let mut timings = String::new();
    let mut answers = Vec::new();
    let mut ids = Vec::new();
    for (driver, variant, country, region, option) in [
        ("in-memory", "1001-L-Black", "US", "TX", "standard"),
        (
            "magento",
            "MH01:MH01-S-Black:Y29uZmlndXJhYmxlLzE0NC8xNjc%3D,Y29uZmlndXJhYmxlLzkzLzQ5",
            "US",
            "TX",
            "flatrate/flatrate",
        ),
        ("medusa", "variant_01OODIE0", "DE", "", "so_01STANDARD"),
    ] {
        let (c, jar) = browser();
        let url = |path: &str| format!("{base}{path}");
        let mut send = async |req: reqwest::RequestBuilder| {
            let res = req.send().await.expect("request");
            let timing = res.headers().get_all("server-timing").iter();
            for value in timing {
                timings.push_str(value.to_str().unwrap_or_default());
                timings.push('\n');
            }
            res
        };
        let res = send(c.put(url("/api/driver")).json(&json!({"driver": driver}))).await;
        assert::ok_json(res).await;
        let res = send(c.post(url("/api/cart/lines")).json(&json!({"variant": variant, "quantity": 1}))).await;
        assert::ok_json(res).await;
        ids.extend(ids_in_cookies(&jar, &base));
        // A refused step first: its texts never repeat what was typed.
        let refused = json!({"email": "leakmarker7@example", "shipping": address(country, "")});
        let res = send(c.put(url("/api/checkout/address")).json(&refused)).await;
        assert_eq!(res.status(), 400, "{driver}");
        let body = res.text().await.unwrap_or_default();
        assert!(leaks("a refusal", &body).is_empty(), "{driver}: {body}");
        let step = json!({"email": "leakmarker7@example.com", "shipping": address(country, region)});
        let checkout = assert::ok_json(send(c.put(url("/api/checkout/address")).json(&step)).await).await;
        // The shopper gets back what they typed (never cached), and only they do.
        assert_eq!(checkout["email"], "leakmarker7@example.com", "{driver}");
        assert::ok_json(send(c.get(url("/api/checkout/shipping-options"))).await).await;
        assert::ok_json(send(c.put(url("/api/checkout/shipping")).json(&json!({"option": option}))).await).await;
        assert::ok_json(send(c.get(url("/api/checkout"))).await).await;
        let order = assert::ok_json(send(c.post(url("/api/checkout/order")).json(&json!({}))).await).await;
        let number = order["number"].as_str().expect("number").to_owned();
        assert::ok_json(send(c.get(url(&format!("/api/orders/{number}")))).await).await;
        ids.extend(ids_in_cookies(&jar, &base));
        answers.push((driver, number));
    }
    // A Shopify cart, filled and changed: its lines' paths once carried the cart's token.
    {
        let (c, jar) = browser();
        let url = |path: &str| format!("{base}{path}");
        let res = c.put(url("/api/driver")).json(&json!({"driver": "shopify"})).send().await;
        assert::ok_json(res.expect("switch")).await;
        let add = json!({"variant": "43695710535901", "quantity": 1});
        let cart = assert::ok_json(c.post(url("/api/cart/lines")).json(&add).send().await.expect("add")).await;
        let line = urlencoding::encode(cart["lines"][0]["id"].as_str().expect("a line")).into_owned();
        let res = c.patch(url(&format!("/api/cart/lines/{line}"))).json(&json!({"quantity": 2})).send().await;
        let res = res.expect("change");
        for value in res.headers().get_all("server-timing") {
            timings.push_str(value.to_str().unwrap_or_default());
            timings.push('\n');
        }
        assert_eq!(assert::ok_json(res).await["count"], 2);
        ids.extend(ids_in_cookies(&jar, &base));
    }
    assert!(ids.iter().any(|id| id.starts_with("gid://shopify/Cart/")), "the Shopify cart's id was read: {ids:?}");
    assert!(ids.len() > 10, "{ids:?}");
    // The orders are real: each backend's own record holds its order, with the email.
    let order = format!("{mock_url}/_backoffice/orders/{}", answers[0].1);
    let kept = reqwest::Client::new().get(&order).bearer_auth(backoffice).send().await.expect("mock");
    let record = kept.text().await.unwrap_or_default();
    // The search finds what is there: the backend's own record holds the email.
    assert!(!leaks("mock-data's record", &record).is_empty(), "{record}");
    // Anyone may guess an order's number: mock-data's public answer holds none of it.
    let public = reqwest::get(format!("{mock_url}/api/orders/{}", answers[0].1)).await.expect("mock");
    assert_eq!(public.status(), 200, "the order, without what the shopper typed");
    let public = public.text().await.unwrap_or_default();
    assert!(leaks("mock-data's public answer", &public).is_empty(), "{public}");
    assert!(shop.order(&answers[1].1).is_some(), "the Magento shop's record");
    assert!(store.order_count() == 1 && store.order(1).is_some(), "the Medusa store's record");

    // Every span of the run has arrived once the placing spans have.
    let placed = eventually(Duration::from_secs(30), || {
        let spans = receiver.spans();
        let adapters = ["vitrine-adapter-in-memory", "vitrine-adapter-magento", "vitrine-adapter-medusa"];
        let done = adapters.iter().all(|service| {
            spans.iter().any(|s| s.service == *service && s.name.to_ascii_lowercase().contains("place"))
        });
        async move { done }
    })
    .await;
    let spans = receiver.spans();
    assert!(placed, "no placing span: {:?}", spans.iter().map(|s| (&s.service, &s.name)).collect::<Vec<_>>());

    let mut found = leaks("Server-Timing", &timings);
    found.extend(id_leaks("Server-Timing", &timings, &ids));
    let span_text: String = spans
        .iter()
        .map(|s| {
            let attrs: Vec<String> = s.attributes.iter().map(|(k, v)| format!("{k}={v}")).collect();
            format!("{} {} {}\n", s.service, s.name, attrs.join(" "))
        })
        .collect();
    found.extend(leaks("spans", &span_text));
    found.extend(id_leaks("spans", &span_text, &ids));
    let http = reqwest::Client::new();
    for (index, process) in run.processes.iter().enumerate() {
        let metrics = http.get(format!("{}/metrics", run.url(index, Serves::Metrics))).send().await;
        let metrics = metrics.expect("metrics").text().await.unwrap_or_default();
        // mock-data stands for an outside backend: it keeps no figures of its own.
        assert!(process.name == "pii-mock-data" || metrics.contains("# TYPE"), "{}: {metrics}", process.name);
        found.extend(leaks(&format!("{} /metrics", process.name), &metrics));
        found.extend(id_leaks(&format!("{} /metrics", process.name), &metrics, &ids));
    }
    found.extend(leaks("Redis", &redis_contents(&redis.primary_url()).await));
    for process in &mut run.processes {
        assert!(process.terminate().success(), "{} drains and exits cleanly", process.name);
    }
    let mut logged = 0;
    let mut unconfirmed = 0;
    for log in &run.logs {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        logged += text.lines().count();
        unconfirmed += text.matches("no replica acknowledged the write").count();
        found.extend(leaks(&log.display().to_string(), &text));
        found.extend(id_leaks(&log.display().to_string(), &text, &ids));
    }
    assert!(logged > 100, "the processes logged at debug: {logged} lines");
    // The hung replica confirmed nothing, and each such write said so (by its key's kind).
    assert!(unconfirmed > 5, "unconfirmed writes logged: {unconfirmed}");
    assert!(span_text.lines().count() > 20, "{span_text}");
    assert!(found.is_empty(), "personal data leaked:\n{}", found.join("\n"));
}
