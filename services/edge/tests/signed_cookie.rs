//! Issue 25, part 3, over real HTTP: what a visitor keeps (driver and switch stamp, cart
//! ids, the debug setting) travels in a signed cookie, `vitrine_state`, beside
//! `vitrine_session`.
//! - A visitor who switched is answered from the caches with no store read at all
//!   (counted by a store that notes every read); a session cookie alone (a visitor from
//!   before the signed cookie) costs one read and is given the signed cookie.
//! - A tampered cookie is ignored: the default driver, no store read, no error, and the
//!   answer removes it.
//! - Rotation: an edge holding `[B, A]` opens A's cookies and signs them again with B; an
//!   edge holding `[B]` alone ignores A's.
//! - A cart change replayed by its idempotency key gives back the cookie its lost first
//!   answer carried.
//!
//! Cookies are kept by hand here, so each test says exactly what a request carries.

#[path = "support/page.rs"]
#[allow(dead_code, reason = "only the built SPA is used here")]
mod page;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use reqwest::header::{CACHE_CONTROL, COOKIE, SET_COOKIE};
use serde_json::{Value, json};
use vitrine_common::Shutdown;
use vitrine_domain::Driver;
use vitrine_edge::CookieKeys;
use vitrine_testkit::watched_store::WatchedStore;
use vitrine_testkit::{TestApp, assert, fake_store};

const STATE: &str = "vitrine_state";
const SESSION: &str = "vitrine_session";
const A: &str = "signed-cookie-test-key-a-0123456789abcdef";
const B: &str = "signed-cookie-test-key-b-0123456789abcdef";

fn keys(list: &str) -> CookieKeys {
    CookieKeys::parse(list).expect("keys")
}

/// One visitor's browser, its cookies kept by hand.
#[derive(Default, Clone)]
struct Visitor {
    jar: BTreeMap<String, String>,
}

impl Visitor {
    fn with(cookies: &[(&str, &str)]) -> Self {
        Self { jar: cookies.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect() }
    }

    fn cookie(&self, name: &str) -> String {
        self.jar.get(name).cloned().unwrap_or_default()
    }

    /// Sends `req` with the jar's cookies and keeps what the answer sets (an empty value
    /// or `Max-Age=0` removes).
    async fn send(&mut self, req: reqwest::RequestBuilder) -> reqwest::Response {
        let header: Vec<String> = self.jar.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let req = if header.is_empty() { req } else { req.header(COOKIE, header.join("; ")) };
        let res = req.send().await.expect("an answer");
        for (name, value) in set_cookies(&res) {
            match value {
                Some(value) => self.jar.insert(name, value),
                None => self.jar.remove(&name),
            };
        }
        res
    }

    async fn get(&mut self, url: &str) -> reqwest::Response {
        self.send(reqwest::Client::new().get(url)).await
    }

    async fn switch(&mut self, base: &str, driver: &str) -> Value {
        let put = reqwest::Client::new().put(format!("{base}/api/driver")).json(&json!({ "driver": driver }));
        assert::ok_json(self.send(put).await).await
    }

    async fn driver(&mut self, base: &str) -> (String, reqwest::header::HeaderMap) {
        let res = self.get(&format!("{base}/api/driver")).await;
        let headers = res.headers().clone();
        let body = assert::ok_json(res).await;
        (body["driver"].as_str().unwrap_or_default().to_owned(), headers)
    }
}

/// What `res` sets, by name: the value, or `None` for a removal.
fn set_cookies(res: &reqwest::Response) -> Vec<(String, Option<String>)> {
    res.cookies()
        .map(|c| {
            let gone = c.value().is_empty() || c.max_age() == Some(Duration::ZERO);
            (c.name().to_owned(), (!gone).then(|| c.value().to_owned()))
        })
        .collect()
}

fn sets(res: &reqwest::Response, name: &str) -> Option<Option<String>> {
    set_cookies(res).into_iter().find(|(n, _)| n == name).map(|(_, v)| v)
}

/// The key id a value was signed with (its second part).
fn key_id(value: &str) -> &str {
    value.split('.').nth(1).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_switched_visitor_is_answered_from_the_caches_with_no_store_read() {
    let spa = page::built_spa();
    let shop = fake_store::start();
    let app = TestApp::builder().with_redis().fake_store(&shop.url).start().await;
    let shutdown = Shutdown::new();
    // An edge whose every store call is noted, in front of the app's Redis.
    let watched = Arc::new(WatchedStore::new(app.store.clone()));
    let dir = spa.path().to_owned();
    let edge = app.another_edge(watched.clone(), move |c| c.static_dir = Some(dir), &shutdown).await;

    let mut v = Visitor::default();
    assert_eq!(v.switch(&edge, "fake").await["driver"], "fake");
    assert!(!v.cookie(SESSION).is_empty() && !v.cookie(STATE).is_empty(), "a switch sets both: {:?}", v.jar);
    let best = assert::ok_json(v.get(&format!("{edge}/api/products/best-sellers")).await).await;
    let product = best[0]["url"].as_str().expect("the fake store's first product").to_owned();
    let paths = [
        "/api/navigation".to_owned(),
        "/api/products/best-sellers".to_owned(),
        format!("/api/products/by-url?url={product}"),
        format!("/api/page?url={product}"),
        product.clone(),
        "/api/driver".to_owned(),
    ];
    // Read once (a miss), then again (from the cache: a page is kept once its reads are).
    for _ in 0..2 {
        for path in &paths {
            assert_eq!(v.get(&format!("{edge}{path}")).await.status(), 200, "{path}");
        }
    }

    let (misses, reused) = (metric(&edge, MISSES).await, metric(&edge, REUSED).await);
    let before = watched.reads();
    for _ in 0..3 {
        for path in &paths {
            let res = v.get(&format!("{edge}{path}")).await;
            assert_eq!(res.status(), 200, "{path}");
            // `/api/driver` is never kept anywhere (`no-store`); the rest are this visitor's.
            let policy = if path == "/api/driver" { "no-store" } else { "private, no-cache" };
            assert_eq!(res.headers()[CACHE_CONTROL], policy, "{path}: a visitor's own answer");
            assert!(res.headers().get(SET_COOKIE).is_none(), "{path}: the cookie stands as it is");
        }
    }
    assert_eq!(v.driver(&edge).await.0, "fake");
    assert_eq!(watched.reads(), before, "no store read for 19 answers");
    assert_eq!(metric(&edge, MISSES).await, misses, "every read came from the response cache");
    assert_eq!(metric(&edge, REUSED).await, reused + 3.0, "and the page, as kept");

    // A session cookie alone (a visitor from before the signed cookie): one store read,
    // and the answer gives it the signed cookie, after which it reads nothing either.
    let session = v.cookie(SESSION);
    let mut earlier = Visitor::with(&[(SESSION, &session)]);
    let res = earlier.get(&format!("{edge}/api/navigation")).await;
    assert_eq!(res.status(), 200);
    let key = format!("vitrine:session:{session}:driver");
    assert_eq!(watched.reads()[before.len()..], [key], "the session's key, once");
    assert!(!earlier.cookie(STATE).is_empty(), "signed for it: {:?}", earlier.jar);
    assert_eq!(earlier.driver(&edge).await.0, "fake");
    assert_eq!(watched.reads().len(), before.len() + 1, "and nothing more");
    shutdown.cancel();
}

const MISSES: &str = "vitrine_edge_response_cache_requests_total{driver=\"fake\",result=\"miss\"}";
const REUSED: &str = "vitrine_edge_page_heads_total{result=\"reused\"}";

/// The value of the series `name` (with its labels) on `base`'s `/metrics`; 0 before it
/// was ever counted.
async fn metric(base: &str, name: &str) -> f64 {
    let text = reqwest::get(format!("{base}/metrics")).await.expect("metrics").text().await.expect("text");
    text.lines().find_map(|l| l.strip_prefix(name).and_then(|v| v.trim().parse().ok())).unwrap_or(0.0)
}

/// `value` with its payload's text changed by `change`, the MAC left as it was.
fn rewrite_payload(value: &str, change: impl Fn(&str) -> String) -> String {
    let parts: Vec<&str> = value.split('.').collect();
    let text = String::from_utf8(URL_SAFE_NO_PAD.decode(parts[2]).expect("base64url")).expect("text");
    let changed = change(&text);
    assert_ne!(changed, text, "the test changes something");
    format!("{}.{}.{}.{}", parts[0], parts[1], URL_SAFE_NO_PAD.encode(changed), parts[3])
}

/// The payload `issued|kept|faults` with a cart on the fake store in `kept`.
fn add_cart(text: &str) -> String {
    let (issued, rest) = text.split_once('|').expect("issued|");
    let (kept, faults) = rest.split_once('|').expect("kept|faults");
    format!("{issued}|{kept};fake=42|{faults}")
}

/// `value` with the character at `at` replaced by another base64url one.
fn flip(value: &str, at: usize) -> String {
    let mut bytes = value.as_bytes().to_vec();
    bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
    String::from_utf8(bytes).expect("ascii")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tampered_cookie_is_ignored_with_no_store_read_and_no_error() {
    let spa = page::built_spa();
    let app = TestApp::builder().with_redis().start().await;
    let shutdown = Shutdown::new();
    let watched = Arc::new(WatchedStore::new(app.store.clone()));
    let dir = spa.path().to_owned();
    let edge = app.another_edge(watched.clone(), move |c| c.static_dir = Some(dir), &shutdown).await;
    let mut v = Visitor::default();
    v.switch(&edge, "fake").await;
    let (session, state) = (v.cookie(SESSION), v.cookie(STATE));
    let mac_at = state.rfind('.').expect("a MAC") + 5;
    let payload_at = state.rfind('.').expect("a MAC") - 5;

    let tampered = [
        ("a payload byte changed", flip(&state, payload_at)),
        ("a MAC byte changed", flip(&state, mac_at)),
        ("the driver swapped", rewrite_payload(&state, |t| t.replace("|fake@", "|magento@"))),
        ("a switch stamp from the future", rewrite_payload(&state, |t| t.replacen("@", "@9", 1))),
        ("a cart added", rewrite_payload(&state, add_cart)),
        ("cut short", state[..state.len() - 3].to_owned()),
        ("garbage", "not-a-state-cookie".to_owned()),
        ("over-long", "A".repeat(5000)),
    ];
    let reads = watched.reads().len();
    for (what, value) in &tampered {
        for cookies in [vec![(STATE, value.as_str())], vec![(SESSION, session.as_str()), (STATE, value.as_str())]] {
            let mut forger = Visitor::with(&cookies);
            let (driver, headers) = forger.driver(&edge).await;
            assert_eq!(driver, "in-memory", "{what}: the default driver");
            assert!(!forger.jar.contains_key(STATE), "{what}: the answer removes it: {headers:?}");
            // Pages and reads: the default's, never shared (they remove a cookie), and the
            // cookie removed.
            for path in ["/api/navigation", "/1001"] {
                let res = Visitor::with(&cookies).get(&format!("{edge}{path}")).await;
                assert_eq!(res.status(), 200, "{what}: {path}");
                assert_eq!(res.headers()[CACHE_CONTROL], "private, no-cache", "{what}: {path}");
                assert_eq!(sets(&res, STATE), Some(None), "{what}: {path} removes it");
            }
            // The cart and the debug tools: nothing kept, no error.
            for path in ["/api/cart", "/api/debug/faults"] {
                let res = Visitor::with(&cookies).get(&format!("{edge}{path}")).await;
                assert_eq!(res.status(), 200, "{what}: {path}");
            }
            let cart = assert::ok_json(Visitor::with(&cookies).get(&format!("{edge}/api/cart")).await).await;
            assert_eq!(cart["count"], 0, "{what}: no cart named by a forged cookie: {cart}");
        }
    }
    assert_eq!(watched.reads().len(), reads, "a refused cookie costs no store read");

    // The genuine one still opens beside its session, and a switch made with a tampered
    // one starts afresh.
    assert_eq!(Visitor::with(&[(SESSION, &session), (STATE, &state)]).driver(&edge).await.0, "fake");
    let mut forger = Visitor::with(&[(SESSION, &session), (STATE, &tampered[2].1)]);
    assert_eq!(forger.switch(&edge, "mageos").await["driver"], "mageos");
    assert_eq!(forger.driver(&edge).await.0, "mageos", "a valid cookie again, of the switch");
    shutdown.cancel();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rotated_key_still_opens_and_signs_again_and_a_retired_one_is_ignored() {
    let app = TestApp::builder().edge(|c| c.cookie_keys = keys(A)).start().await;
    let shutdown = Shutdown::new();
    let rotated = app.another_edge(app.store.clone(), |c| c.cookie_keys = keys(&format!("{B},{A}")), &shutdown).await;
    let retired = app.another_edge(app.store.clone(), |c| c.cookie_keys = keys(B), &shutdown).await;
    let (id_a, id_b) = (keys(A).signing_id().to_owned(), keys(B).signing_id().to_owned());

    let mut v = Visitor::default();
    v.switch(&app.edge_url, "fake").await;
    let (session, by_a) = (v.cookie(SESSION), v.cookie(STATE));
    assert_eq!(key_id(&by_a), id_a, "signed with A: {by_a}");

    // [B, A]: A's cookie opens, and the answer signs it again with B.
    let (driver, _) = v.driver(&rotated).await;
    assert_eq!(driver, "fake");
    let by_b = v.cookie(STATE);
    assert_eq!(key_id(&by_b), id_b, "signed again with B: {by_b}");
    let (_, headers) = v.driver(&rotated).await;
    assert!(headers.get(SET_COOKIE).is_none(), "once: B's cookie stands");

    // [B]: B's cookie opens; A's is ignored (the default driver) and removed.
    assert_eq!(Visitor::with(&[(SESSION, &session), (STATE, &by_b)]).driver(&retired).await.0, "fake");
    let mut late = Visitor::with(&[(SESSION, &session), (STATE, &by_a)]);
    assert_eq!(late.driver(&retired).await.0, "in-memory", "a retired key's cookie is ignored");
    assert!(!late.jar.contains_key(STATE), "and removed: {:?}", late.jar);
    // The session's store copy then answers its next request, signed with B.
    assert_eq!(late.driver(&retired).await.0, "fake");
    assert_eq!(key_id(&late.cookie(STATE)), id_b);

    let metrics = |base: String| async move {
        reqwest::get(format!("{base}/metrics")).await.expect("metrics").text().await.expect("text")
    };
    let seen = metrics(rotated.clone()).await;
    assert!(seen.contains("vitrine_edge_state_cookies_total{outcome=\"previous_key\"} 1"), "{seen}");
    let seen = metrics(retired.clone()).await;
    assert!(seen.contains("vitrine_edge_state_cookies_total{outcome=\"unknown_key\"} 1"), "{seen}");
    shutdown.cancel();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_replayed_cart_change_gives_back_the_cookie_its_lost_answer_carried() {
    // The default is the fake store, so a visitor on in-memory has a state cookie without
    // a cart before their first add.
    let app = TestApp::builder().edge(|c| c.default_driver = Driver::Fake).start().await;
    let mut v = Visitor::default();
    v.switch(&app.edge_url, "in-memory").await;
    let before = v.cookie(STATE);
    let add = || {
        reqwest::Client::new()
            .post(app.url("/api/cart/lines"))
            .header("idempotency-key", "replay-test-0001")
            .json(&json!({"variant": "1001-L-Black", "quantity": 1}))
    };
    // The first answer is lost on its way: the visitor keeps the cookie they had.
    let mut lost = v.clone();
    let first = lost.send(add()).await;
    assert_eq!(first.status(), 200);
    assert_ne!(lost.cookie(STATE), before, "the add's answer carried the cart");
    let first = assert::ok_json(first).await;
    // Asked again with the same key: the first answer, and the cookie with the cart.
    let again = v.send(add()).await;
    assert!(sets(&again, STATE).flatten().is_some(), "the cookie comes back");
    assert_eq!(assert::ok_json(again).await, first, "replayed, not added twice");
    let cart = assert::ok_json(v.get(&app.url("/api/cart")).await).await;
    assert_eq!(cart["lines"][0]["variant"], "1001-L-Black", "{cart}");
    assert_eq!(cart["count"], 1, "{cart}");
}

/// A visitor with a cart on in-memory: their cookies, and the cart's first line.
async fn visitor_with_a_cart(app: &TestApp) -> Visitor {
    let mut v = Visitor::default();
    v.switch(&app.edge_url, "in-memory").await;
    let add = reqwest::Client::new()
        .post(app.url("/api/cart/lines"))
        .json(&json!({"variant": "1001-L-Black", "quantity": 1}));
    assert::ok_json(v.send(add).await).await;
    v
}

async fn cart_count(v: &mut Visitor, app: &TestApp) -> Value {
    assert::ok_json(v.get(&app.url("/api/cart")).await).await["count"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_state_cookie_beside_another_session_or_none_names_no_cart() {
    let app = TestApp::builder().edge(|c| c.default_driver = Driver::Fake).start().await;
    let mut owner = visitor_with_a_cart(&app).await;
    assert_eq!(cart_count(&mut owner, &app).await, 1, "the owner's own cookies name the cart");
    let state = owner.cookie(STATE);
    let mut other = Visitor::default();
    other.switch(&app.edge_url, "in-memory").await;
    let other_session = other.cookie(SESSION);
    for (what, jar) in [
        ("beside another session", vec![(STATE, state.as_str()), (SESSION, other_session.as_str())]),
        ("beside none", vec![(STATE, state.as_str())]),
    ] {
        let mut thief = Visitor::with(&jar);
        assert_eq!(cart_count(&mut thief, &app).await, 0, "{what}: no cart is named");
        let driver = thief.driver(&app.edge_url).await.0;
        assert_eq!(driver, "fake", "{what}: not even the driver");
        assert!(!thief.jar.contains_key(STATE), "{what}: the answer removes it");
    }
    // A cookie of the earlier format (bound to no session) is read as none: beside its
    // session, the store's record stands in for it and a bound one is written.
    let earlier = format!("1{}", &state[1..]);
    let mut upgraded = Visitor::with(&[(STATE, earlier.as_str()), (SESSION, owner.cookie(SESSION).as_str())]);
    let res = upgraded.get(&app.url("/api/driver")).await;
    let rewritten = sets(&res, STATE).flatten().expect("a state cookie of the current format");
    assert!(rewritten.starts_with("2."), "{rewritten}");
    assert_eq!(cart_count(&mut upgraded, &app).await, 1, "the store's record kept the cart");
}

#[tokio::test(flavor = "multi_thread")]
async fn forget_me_ends_the_session_and_a_copy_of_its_cookies_opens_nothing() {
    let app = TestApp::builder().edge(|c| c.default_driver = Driver::Fake).start().await;
    let mut owner = visitor_with_a_cart(&app).await;
    let copy = owner.clone();
    let forget = reqwest::Client::new().delete(app.url("/api/session")).header("sec-fetch-site", "same-origin");
    let res = owner.send(forget).await;
    assert_eq!(res.status(), 204);
    assert_eq!(sets(&res, STATE), Some(None), "the state cookie is removed");
    assert_eq!(sets(&res, SESSION), Some(None), "the session cookie is removed");
    assert!(owner.jar.is_empty(), "{:?}", owner.jar);
    assert_eq!(cart_count(&mut owner, &app).await, 0);
    // Both cookies, copied before: no cart, no checkout.
    let mut thief = copy.clone();
    assert_eq!(cart_count(&mut thief, &app).await, 0, "the copy names no cart");
    let checkout = thief.get(&app.url("/api/checkout")).await;
    assert_eq!(checkout.status(), 404, "the copy names no checkout");
    // From another site, it is refused before anything is forgotten.
    let mut other = visitor_with_a_cart(&app).await;
    let cross = reqwest::Client::new().delete(app.url("/api/session")).header("sec-fetch-site", "cross-site");
    assert_eq!(other.send(cross).await.status(), 403);
    assert_eq!(cart_count(&mut other, &app).await, 1);
}
