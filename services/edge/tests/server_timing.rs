//! Issue 24 (a) over real HTTP and gRPC: every answer says what it cost, hop by hop, in
//! `Server-Timing` (the edge, its response cache, each service, the adapter, each
//! upstream call with its cache outcome, the trace), bounded, in the header's syntax,
//! built per response (a cached answer carries its own trace id), and naming no address,
//! key, token or cart.

#[path = "support/page.rs"]
#[allow(dead_code, reason = "only the built SPA is needed here")]
mod page;

use reqwest::header::SET_COOKIE;
use serde_json::{Value, json};
use vitrine_testkit::{TestApp, assert, browser};

/// The names an entry may have.
const NAMES: [&str; 10] = [
    "edge",
    "edge-cache",
    "catalogue",
    "navigation",
    "url-resolution",
    "cart",
    "adapter",
    "upstream",
    "dropped",
    "traceparent",
];

/// One entry as the header carries it.
#[derive(Debug)]
struct Entry {
    name: String,
    dur: Option<f64>,
    desc: String,
}

impl Entry {
    fn words(&self) -> Vec<&str> {
        self.desc.split(' ').collect()
    }
}

/// The entries of `value`, checked against the header's grammar (RFC 9110 tokens,
/// `dur` a number, `desc` a quoted string) and the issue's rules: only `dur` and `desc`,
/// every span's `desc` ending in its start (`@ms`).
fn entries(value: &str) -> Vec<Entry> {
    assert!(value.len() <= 2048, "at most 2 KB: {} bytes", value.len());
    let parsed: Vec<Entry> = value
        .split(", ")
        .map(|text| {
            let mut parts = text.split(';');
            let name = parts.next().expect("name").to_owned();
            assert!(NAMES.contains(&name.as_str()), "a known token: {name} in {value}");
            let (mut dur, mut desc) = (None, None);
            for param in parts {
                match param.split_once('=') {
                    Some(("dur", ms)) => dur = Some(ms.parse::<f64>().unwrap_or_else(|_| panic!("dur {ms}"))),
                    Some(("desc", quoted)) => {
                        let inner = quoted.strip_prefix('"').and_then(|q| q.strip_suffix('"')).expect("quoted desc");
                        assert!(!inner.contains(['"', '\\', ',']), "plain quoted text: {inner}");
                        desc = Some(inner.to_owned());
                    }
                    _ => panic!("only dur and desc: {param} in {text}"),
                }
            }
            let desc = desc.unwrap_or_else(|| panic!("every entry has a desc: {text}"));
            if dur.is_some() {
                let start = desc.rsplit(' ').next().and_then(|w| w.strip_prefix('@')).expect("start offset");
                assert!(start.parse::<f64>().is_ok_and(|s| s >= 0.0), "start in ms: {text}");
            }
            Entry { name, dur, desc }
        })
        .collect();
    assert!(parsed.len() <= 32, "at most 32 entries: {}", parsed.len());
    assert_eq!(parsed.first().map(|e| e.name.as_str()), Some("edge"), "{value}");
    let trace = parsed.last().filter(|e| e.name == "traceparent").expect("the trace last");
    let parts: Vec<usize> = trace.desc.split('-').map(str::len).collect();
    assert_eq!(parts, [2, 32, 16, 2], "a W3C traceparent: {}", trace.desc);
    // Words are tokens: nothing a visitor or a backend wrote (an address, a key, an id).
    for entry in parsed.iter().filter(|e| e.name != "traceparent") {
        for word in entry.words() {
            let plain = word.strip_prefix('@').unwrap_or(word);
            assert!(plain.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b)), "{word} in {value}");
        }
    }
    parsed
}

async fn timings(c: &reqwest::Client, url: &str) -> (u16, String) {
    let res = c.get(url).header("accept-encoding", "gzip, br").send().await.expect(url);
    let header = res.headers().get("server-timing").unwrap_or_else(|| panic!("{url}: no Server-Timing"));
    let header = header.to_str().expect("ascii").to_owned();
    (res.status().as_u16(), header)
}

fn named<'a>(entries: &'a [Entry], name: &str) -> Vec<&'a Entry> {
    entries.iter().filter(|e| e.name == name).collect()
}

/// The trace id of an answer.
fn trace(entries: &[Entry]) -> String {
    named(entries, "traceparent")[0].desc.split('-').nth(1).expect("trace id").to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn every_answer_says_what_it_cost_hop_by_hop() {
    let spa = page::built_spa();
    let app = TestApp::builder().static_dir(spa.path()).warm_pages(0).start().await;
    let c = browser();

    // A product page, cold: the edge, its cache's miss, every hop and the upstream calls.
    let (status, header) = timings(&c, &app.url("/1003")).await;
    assert_eq!(status, 200);
    let cold = entries(&header);
    for hop in ["url-resolution", "catalogue", "adapter", "upstream"] {
        assert!(!named(&cold, hop).is_empty(), "{hop} in {header}");
    }
    assert!(named(&cold, "edge-cache").iter().any(|e| e.desc.starts_with("miss page ")), "{header}");
    for call in named(&cold, "upstream") {
        let words = call.words();
        assert_eq!(words[0], "in-memory", "the driver: {header}");
        assert!(["hit", "stale", "miss", "coalesced"].contains(&words[2]), "the cache outcome: {header}");
    }
    let edge = named(&cold, "edge")[0].dur.expect("the edge's time");
    assert!(cold.iter().filter_map(|e| e.dur).all(|d| d >= 0.0) && edge > 0.0, "{header}");

    // Again: the kept page, a hit, with a trace of its own (never the stored answer's).
    let (_, again) = timings(&c, &app.url("/1003")).await;
    let warm = entries(&again);
    assert!(named(&warm, "edge-cache").iter().any(|e| e.desc.starts_with("hit page ")), "{again}");
    assert!(named(&warm, "upstream").is_empty(), "a warm page asks no backend: {again}");
    assert_ne!(trace(&warm), trace(&cold), "each answer its own trace id");

    // The API: a miss, then a hit of the response cache.
    let api = app.url("/api/page?url=%2F1005");
    let (_, first) = timings(&c, &api).await;
    let first = entries(&first);
    assert!(named(&first, "edge-cache").iter().any(|e| e.desc.starts_with("miss page-data ")));
    assert!(named(&first, "upstream").iter().any(|e| e.desc.starts_with("in-memory product ")), "{first:?}");
    let (_, second) = timings(&c, &api).await;
    let second = entries(&second);
    assert!(named(&second, "edge-cache").iter().any(|e| e.desc.starts_with("hit page-data ")), "{second:?}");
    assert_ne!(trace(&first), trace(&second));

    // HEAD is GET without the body (`curl -I`): the same status and timings.
    let head = c.head(&api).send().await.expect("head");
    let length = head.headers().get("content-length").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    assert_eq!((head.status().as_u16(), length.parse::<usize>().is_ok_and(|n| n > 0)), (200, true), "{head:?}");
    let header = head.headers().get("server-timing").and_then(|v| v.to_str().ok()).expect("HEAD's timings").to_owned();
    assert!(named(&entries(&header), "edge-cache").iter().any(|e| e.desc.starts_with("hit page-data ")), "{header}");
    assert!(head.bytes().await.expect("body").is_empty(), "no body");

    // The menu: its own hop when the page read it, the page's cached read after.
    assert!(!named(&cold, "navigation").is_empty(), "{header}");
    let (_, menu) = timings(&c, &app.url("/api/navigation")).await;
    assert!(named(&entries(&menu), "edge-cache").iter().any(|e| e.desc.starts_with("hit navigation ")), "{menu}");
    // An error answer says what it cost too.
    let (status, missing) = timings(&c, &app.url("/api/products/nope")).await;
    assert_eq!(status, 404);
    assert!(!named(&entries(&missing), "catalogue").is_empty(), "{missing}");
}

#[tokio::test(flavor = "multi_thread")]
async fn no_address_session_or_cart_in_any_entry() {
    let app = TestApp::builder().warm_pages(0).start().await;
    let c = browser();
    let res = c
        .post(app.url("/api/cart/lines"))
        .header("origin", app.url(""))
        .json(&json!({"variant": "1001-L-Black", "quantity": 1}))
        .send()
        .await
        .expect("add");
    let cookie = res.headers().get(SET_COOKIE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let header = res.headers().get("server-timing").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let cart: Value = assert::ok_json(res).await;
    let line = cart["lines"][0]["id"].as_str().expect("line id").to_owned();
    let session = cookie.split(';').next().and_then(|c| c.split_once('=')).map(|(_, v)| v.to_owned()).expect("session");
    for (url, secret) in [
        ("/api/cart".to_owned(), session.clone()),
        ("/api/cart".to_owned(), line.clone()),
        ("/api/products/by-url?url=%2F1001%3Fsecret".to_owned(), "secret".to_owned()),
    ] {
        let (_, value) = timings(&c, &app.url(&url)).await;
        let parsed = entries(&value);
        assert!(!named(&parsed, "cart").is_empty() || !url.contains("cart"), "{url}: the cart's hop: {value}");
        assert!(!value.contains(&secret) && !value.contains('/'), "{url}: {value}");
    }
    let parsed = entries(&header);
    assert!(!named(&parsed, "cart").is_empty() && !header.contains(&line), "{header}");
}
