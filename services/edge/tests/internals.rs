//! No internals reach the browser from any layer (issue 9, item 7): an upstream's error
//! body, a payload that is not JSON, the upstream's host and paths are logged below the
//! edge, and the edge's JSON carries only the error table's code and text.

use serde_json::json;
use vitrine_testkit::{TestApp, assert, browser, fake_store};

#[tokio::test(flavor = "multi_thread")]
async fn upstream_bodies_hosts_and_paths_stay_out_of_error_answers() {
    let api = fake_store::start();
    let app = TestApp::builder().fake_store(&api.url).start().await;
    let c = browser();
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": "fake" })).send().await.expect("put");
    assert_eq!(assert::ok_json(res).await["driver"], "fake");
    let host = api.url.trim_start_matches("http://").trim_end_matches('/').to_owned();
    // /products/500 answers HTTP 500 "boom"; /products/777 answers an HTML page.
    for (path, internal) in [("/api/products/500", "boom"), ("/api/products/777", "oops")] {
        let res = c.get(app.url(path)).send().await.expect("get");
        let message = assert::json_error(res, 502, "upstream_unavailable").await;
        assert_eq!(message, "The backend is unavailable.", "{path}");
        for leak in [internal, host.as_str(), "/products/", "127.0.0.1"] {
            assert!(!message.contains(leak), "{path}: {leak} in {message}");
        }
    }
    // A malformed body is refused without echoing the parser's detail.
    let res = c
        .put(app.url("/api/driver"))
        .header("content-type", "application/json")
        .body("{\"driver\": tru")
        .send()
        .await
        .expect("put");
    let message = assert::json_error(res, 400, "bad_request").await;
    assert!(!message.contains("line") && !message.contains("column"), "{message}");
}
