//! Every change under `/api` is checked as this site's before its body is read: another
//! site's request is refused (403, code forbidden) whatever its body holds, a body that
//! would not even parse included, on every write route, the driver's switch too.

use reqwest::Method;
use reqwest::header::{CONTENT_TYPE, ORIGIN};
use serde_json::json;
use vitrine_testkit::{TestApp, assert, browser};

/// Every route that changes something, with its method.
const WRITES: [(Method, &str); 11] = [
    (Method::PUT, "/api/driver"),
    (Method::POST, "/api/cart/lines"),
    (Method::PATCH, "/api/cart/lines/line-1"),
    (Method::DELETE, "/api/cart/lines/line-1"),
    (Method::PUT, "/api/checkout/address"),
    (Method::PUT, "/api/checkout/shipping"),
    (Method::POST, "/api/checkout/order"),
    (Method::PUT, "/api/debug/faults"),
    (Method::DELETE, "/api/debug/faults"),
    (Method::POST, "/api/debug/compare"),
    (Method::POST, "/api/no-such-route"),
];

#[tokio::test(flavor = "multi_thread")]
async fn another_site_s_change_is_refused_before_its_body_is_read() {
    let app = TestApp::builder().edge(|edge| edge.debug_faults = true).start().await;
    let c = browser();
    for (method, path) in WRITES {
        for body in ["{not json", r#"{"driver": "fake"}"#] {
            let res = c
                .request(method.clone(), app.url(path))
                .header(ORIGIN, "https://evil.example")
                .header(CONTENT_TYPE, "application/json")
                .body(body)
                .send()
                .await
                .expect("send");
            let text = assert::json_error(res, 403, "forbidden").await;
            assert_eq!(text, "Changes can only be made from this site.", "{method} {path} {body}");
        }
    }
    // Nothing was switched: the visitor still has the default driver.
    let driver = assert::ok_json(c.get(app.url("/api/driver")).send().await.expect("get")).await;
    assert_eq!(driver["driver"], "in-memory");
    // The site's own switch still goes through.
    let own = app.url("");
    let res = c
        .put(app.url("/api/driver"))
        .header(ORIGIN, own.trim_end_matches('/'))
        .json(&json!({"driver": "fake"}))
        .send()
        .await
        .expect("put");
    assert_eq!(assert::ok_json(res).await["driver"], "fake");
}
