//! `GET /api/debug` (issue 24): the debug bar's Timings panel links a trace to the Jaeger
//! UI the deployment names (`VITRINE_JAEGER_UI_URL`), and to nothing without one. Never
//! stored, as every API answer.

use reqwest::header::CACHE_CONTROL;
use serde_json::{Value, json};
use vitrine_common::Shutdown;
use vitrine_testkit::{TestApp, assert};

async fn debug(edge: &str) -> Value {
    let res = reqwest::get(format!("{edge}/api/debug")).await.expect("get");
    assert_eq!(res.headers().get(CACHE_CONTROL).and_then(|v| v.to_str().ok()), Some("no-store"), "{edge}");
    assert::ok_json(res).await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_jaeger_ui_is_named_only_where_it_is_configured() {
    let app = TestApp::builder().start().await;
    let shutdown = Shutdown::new();
    let with_jaeger = app
        .another_edge(app.store.clone(), |c| c.jaeger_ui_url = Some("http://localhost:16686".to_owned()), &shutdown)
        .await;

    assert_eq!(debug(&app.edge_url).await, json!({ "jaegerUrl": null }), "the default: no address");
    assert_eq!(debug(&with_jaeger).await, json!({ "jaegerUrl": "http://localhost:16686" }));
    shutdown.cancel();
}
