//! issue 24: the generator against a real edge (the test kit's suite, every service in
//! this process): it ends by itself within its bounds, never starts more requests than
//! its bucket allows, gets an answer to every one, and reports a row per enabled backend.
//! No timing is asserted beyond "it ended".

use std::time::Duration;

use serde_json::Value;
use tokio::time::Instant;
use vitrine_common::Shutdown;
use vitrine_loadgen::{Config, REQUEST_TIMEOUT, bounds, run};
use vitrine_testkit::TestApp;

/// A built SPA's `index.html`, so that pages answer as in the image (not 404s).
fn built_spa() -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix("vitrine-loadgen-").tempdir().expect("temp dir");
    let index = "<!doctype html><html lang=\"en\"><head><title>Vitrine</title></head><body><div id=\"root\"></div></body></html>";
    std::fs::write(dir.path().join("index.html"), index).expect("index.html");
    dir
}

async fn enabled_backends(app: &TestApp) -> Vec<String> {
    let info: Value = reqwest::get(app.url("/api/driver")).await.expect("GET /api/driver").json().await.expect("json");
    info["options"]
        .as_array()
        .expect("options")
        .iter()
        .filter(|o| o["enabled"] == true)
        .filter_map(|o| o["value"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bounded_run_ends_by_itself_with_every_request_answered_and_a_row_per_backend() {
    let spa = built_spa();
    let app = TestApp::builder().static_dir(spa.path()).demo_shops().start().await;
    let backends = enabled_backends(&app).await;
    assert!(backends.len() >= 5, "every backend, with its demo shop: {backends:?}");
    let config = Config {
        target: app.edge_url.clone(),
        // One visitor per backend, so each has a row with requests.
        visitors: u32::try_from(backends.len()).expect("a few"),
        rate: 20,
        duration: Duration::from_secs(2),
        report_every: Some(Duration::from_secs(1)),
    };
    let mut reports = 0;
    let started = Instant::now();
    let report = tokio::time::timeout(
        config.duration + REQUEST_TIMEOUT + Duration::from_secs(10),
        run(&config, &Shutdown::new(), |_| reports += 1),
    )
    .await
    .expect("it stops by itself")
    .expect("it runs");
    assert!(started.elapsed() <= config.duration + REQUEST_TIMEOUT, "ended {:?} after it started", started.elapsed());
    println!("{}", report.table());

    let bound = u64::from(config.rate) * config.duration.as_secs() + u64::from(bounds::burst(config.rate));
    assert!(report.requests <= bound, "{} requests, at most {bound}", report.requests);
    let names: Vec<&str> = report.rows.iter().map(|(b, _)| b.as_str()).collect();
    assert_eq!(names, backends, "a row per enabled backend, in the edge's order");
    let mut answered = 1; // finding the backends
    for (backend, row) in &report.rows {
        assert!(row.requests > 0, "{backend}: visited");
        assert_eq!((row.failed, row.server_errors), (0, 0), "{backend}: every request answered, none failing");
        answered += row.requests;
    }
    assert_eq!(answered, report.requests, "every request sent is in a row");
    let table = report.table();
    for backend in &backends {
        assert!(table.lines().any(|l| l.starts_with(&format!("{backend} "))), "{backend}'s row in\n{table}");
    }
    assert!(reports >= 1, "a report while it ran");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_signal_ends_the_run_early_with_the_figures_so_far() {
    let app = TestApp::builder().start().await;
    let config =
        Config { target: app.edge_url.clone(), duration: Duration::from_secs(3600), rate: 5, ..Config::default() };
    let shutdown = Shutdown::new();
    let stop = shutdown.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(1500)).await;
        stop.cancel();
    });
    let report = tokio::time::timeout(Duration::from_secs(30), run(&config, &shutdown, |_| {}))
        .await
        .expect("it stops on the signal")
        .expect("it runs");
    assert!(report.requests > 1, "it visited before the signal: {}", report.table());
    assert!(report.requests <= 5 * 2 + 1, "{} requests in about 1.5 s at 5/s", report.requests);
}

#[tokio::test]
async fn out_of_bounds_or_nobody_there_is_an_error_not_a_hang() {
    let nobody =
        Config { target: "http://127.0.0.1:9".to_owned(), duration: Duration::from_secs(1), ..Config::default() };
    let error = run(&nobody, &Shutdown::new(), |_| {}).await.expect_err("nobody answers");
    assert!(error.to_string().contains("/api/driver"), "{error}");
    for config in [
        Config { visitors: bounds::MAX_VISITORS + 1, ..Config::default() },
        Config { rate: 0, ..Config::default() },
        Config { duration: bounds::MAX_DURATION * 2, ..Config::default() },
    ] {
        assert!(run(&config, &Shutdown::new(), |_| {}).await.is_err(), "{config:?}");
    }
}
