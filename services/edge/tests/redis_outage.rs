//! Issue 11, item 4: Redis is optional at run time. Redis is killed mid-run: the edge
//! keeps serving (no shared cache), stays ready, and answers switches with a clear 503;
//! a visitor's signed state cookie keeps their driver (issue 25: it needs no store read),
//! and a session cookie alone reads as the default. Redis comes back (with what its last
//! snapshot held, as a Redis with persistence would): with no restart of any service, a
//! session cookie alone is read again, switches work, and another tab hears them (the
//! event relay resubscribed by itself). An edge also starts while Redis is down.

use std::time::Duration;

use serde_json::{Value, json};
use vitrine_common::{Shutdown, store};
use vitrine_testkit::{RedisServer, TestApp, assert, eventually};

/// A visitor's tabs: their cookies, sent by hand so every tab shares them.
struct Visitor {
    http: reqwest::Client,
    cookie: String,
}

impl Visitor {
    /// A session made by switching to `driver`, with both its cookies.
    async fn switched_to(app: &TestApp, driver: &str) -> Self {
        let http = reqwest::Client::new();
        let res = http.put(app.url("/api/driver")).json(&json!({ "driver": driver })).send().await.expect("put");
        let pairs: Vec<String> = res
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok()?.split(';').next().map(str::to_owned))
            .collect();
        assert_eq!(assert::ok_json(res).await["driver"], driver);
        Self { http, cookie: pairs.join("; ") }
    }

    /// The same visitor with their session cookie alone (as before the signed cookie).
    fn session_only(&self) -> Self {
        let session = self.cookie.split("; ").find(|c| c.starts_with("vitrine_session=")).unwrap_or_default();
        Self { http: self.http.clone(), cookie: session.to_owned() }
    }

    async fn get(&self, app: &TestApp, path: &str) -> reqwest::Response {
        self.http.get(app.url(path)).header("cookie", &self.cookie).send().await.expect(path)
    }

    async fn switch(&self, app: &TestApp, driver: &str) -> reqwest::Response {
        let put = self.http.put(app.url("/api/driver")).header("cookie", &self.cookie);
        put.json(&json!({ "driver": driver })).send().await.expect("put")
    }

    async fn driver(&self, app: &TestApp) -> Value {
        assert::ok_json(self.get(app, "/api/driver").await).await["driver"].clone()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_edge_serves_through_a_redis_outage_and_recovers_by_itself() {
    let mut app = TestApp::builder().with_redis().start().await;
    let visitor = Visitor::switched_to(&app, "fake").await;
    let earlier = visitor.session_only();
    app.redis.as_ref().expect("redis").save();
    app.redis.as_mut().expect("redis").kill();

    // Down: pages are served; the signed cookie keeps the driver, a session cookie alone
    // cannot be read (the default); readiness holds; switches say why.
    assert_eq!(visitor.driver(&app).await, "fake", "the signed cookie needs no store");
    assert_eq!(earlier.driver(&app).await, "in-memory", "the session cannot be read: the default");
    for tab in [&visitor, &earlier] {
        let menu = tab.get(&app, "/api/navigation").await;
        assert!(menu.headers().get("set-cookie").is_none(), "an outage drops no session");
        let menu = assert::ok_json(menu).await;
        assert!(menu["children"].as_array().is_some_and(|c| !c.is_empty()), "the menu is served");
    }
    assert::ok_json(earlier.get(&app, "/api/products/by-url?url=/1001").await).await;
    let ready = visitor.get(&app, "/readyz").await;
    assert_eq!(ready.status(), 200, "the store does not decide readiness");
    let ready: Value = ready.json().await.expect("json");
    assert_eq!(ready["checks"]["store"], false, "but it is reported: {ready}");
    let text = assert::json_error(visitor.switch(&app, "magento").await, 503, "unavailable").await;
    assert_eq!(text, "The driver could not be saved; nothing was switched.");

    // Back, with no restart of any service: the session is read again.
    app.redis.as_mut().expect("redis").restart();
    let back = eventually(Duration::from_secs(20), || async { earlier.driver(&app).await == "fake" }).await;
    assert!(back, "the visitor's choice is read again");
    // Another tab of the session hears switches once the relay has resubscribed by
    // itself: switch until the tab hears one (each switch is a new event).
    let mut events = visitor.get(&app, "/api/driver/events").await;
    let mut seen = String::new();
    let heard = tokio::time::timeout(Duration::from_secs(40), async {
        loop {
            assert_eq!(visitor.switch(&app, "magento").await.status(), 200, "switches work again");
            let next = tokio::time::timeout(Duration::from_secs(2), events.chunk()).await;
            if let Ok(Ok(Some(chunk))) = next {
                seen.push_str(&String::from_utf8_lossy(&chunk));
            }
            if seen.contains("\"magento\"") {
                return;
            }
            assert::ok_json(visitor.switch(&app, "fake").await).await;
        }
    })
    .await;
    assert!(heard.is_ok(), "the other tab heard a switch: {seen}");
    assert_eq!(visitor.get(&app, "/readyz").await.status(), 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_edge_starts_while_redis_is_down() {
    let mut redis = RedisServer::start();
    let url = redis.url();
    redis.kill();
    let app = TestApp::builder().start().await;
    let store = store::connect(Some(&url)).await.expect("an unreachable Redis is no start-up error");
    let config = vitrine_edge::Config::new(&app.catalogue_url, &app.navigation_url, &app.url_resolution_url);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind loopback");
    listener.set_nonblocking(true).expect("nonblocking");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let shutdown = Shutdown::new();
    tokio::spawn(vitrine_edge::serve(config, store, listener, shutdown.clone()));
    let c = reqwest::Client::new();
    let serving = eventually(Duration::from_secs(10), || {
        let res = c.get(format!("{base}/api/navigation")).send();
        async move { res.await.is_ok_and(|r| r.status() == 200) }
    })
    .await;
    assert!(serving, "the edge serves the default driver without Redis");
    redis.restart();
    let switched = eventually(Duration::from_secs(20), || {
        let res = c.put(format!("{base}/api/driver")).json(&json!({ "driver": "fake" })).send();
        async move { res.await.is_ok_and(|r| r.status() == 200) }
    })
    .await;
    assert!(switched, "and switches once Redis is up");
    shutdown.cancel();
}
