//! Visitor paths as typed: the edge passes `url` on as given (bounded only), the first
//! service normalises it once (`vitrine_domain::paths::join_segments`), and the adapter
//! below trusts it. Through every hop, with a real Redis.

use serde_json::json;
use vitrine_testkit::{TestApp, assert, browser};

async fn get(client: &reqwest::Client, app: &TestApp, path: &str) -> reqwest::Response {
    client.get(app.url(path)).send().await.expect(path)
}

#[tokio::test(flavor = "multi_thread")]
async fn raw_paths_find_the_same_product_and_route() {
    let app = TestApp::builder().with_redis().start().await;
    let c = browser();
    for raw in ["/1003", "1003", "//1003/", "/products/1003.html", "%2F1003%3Fv%3D1"] {
        let by_url = assert::ok_json(get(&c, &app, &format!("/api/products/by-url?url={raw}")).await).await;
        assert_eq!(by_url["products"][0]["id"], "1003", "{raw}");
        let found = assert::ok_json(get(&c, &app, &format!("/api/resolve?url={raw}")).await).await;
        assert_eq!(
            (&found["id"], &found["code"], &found["outcome"]),
            (&json!("1003"), &json!(200), &json!("match")),
            "{raw}"
        );
    }
    // An empty url names nothing: a bad request, not the home page's resolution.
    for path in ["/api/products/by-url?url=", "/api/resolve?url="] {
        assert::json_error(get(&c, &app, path).await, 400, "bad_request").await;
    }
}
