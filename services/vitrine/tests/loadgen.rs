//! issue 24: `vitrine loadgen` as compose runs it: bounded on the command line, it ends by
//! itself and prints the table, a row per enabled backend.

use std::process::Command;
use std::time::Duration;

use vitrine_testkit::TestApp;

const BIN: &str = env!("CARGO_BIN_EXE_vitrine");

#[tokio::test(flavor = "multi_thread")]
async fn loadgen_ends_by_itself_and_prints_a_row_per_enabled_backend() {
    let app = TestApp::builder().demo_shops().start().await;
    let info: serde_json::Value =
        reqwest::get(app.url("/api/driver")).await.expect("driver").json().await.expect("json");
    let enabled: Vec<&str> = info["options"]
        .as_array()
        .expect("options")
        .iter()
        .filter(|o| o["enabled"] == true)
        .filter_map(|o| o["value"].as_str())
        .collect();
    let target = app.edge_url.clone();
    let run = tokio::task::spawn_blocking(move || {
        Command::new(BIN)
            .args(["loadgen", "--target", &target, "--duration", "2", "--rate", "10", "--visitors", "2"])
            .env("RUST_LOG", "warn")
            .output()
            .expect("vitrine loadgen")
    });
    let out = tokio::time::timeout(Duration::from_secs(30), run).await.expect("it ends by itself").expect("joined");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let header = stdout.lines().position(|l| l.starts_with("backend ")).expect("a header");
    assert!(stdout.lines().nth(header).is_some_and(|l| l.contains("p50 ms") && l.ends_with("max ms")), "{stdout}");
    let rows: Vec<&str> = stdout.lines().skip(header + 1).filter_map(|l| l.split_whitespace().next()).collect();
    assert_eq!(rows, enabled, "{stdout}");
}

#[test]
fn loadgen_refuses_what_is_past_its_bounds() {
    for args in [["--visitors", "65"], ["--rate", "201"], ["--duration", "3601"], ["--rate", "0"]] {
        let out = Command::new(BIN).arg("loadgen").args(args).output().expect("vitrine loadgen");
        assert_eq!(out.status.code(), Some(2), "{args:?}: a usage error, nothing sent");
    }
}
