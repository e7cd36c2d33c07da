//! A count read from the edge's `/metrics`, for tests alone in their binary (the counts
//! are the process's).

use vitrine_testkit::TestApp;

/// The value of the metric line starting with `prefix` (0 when absent).
pub(crate) async fn count(c: &reqwest::Client, app: &TestApp, prefix: &str) -> u64 {
    let metrics = c.get(app.url("/metrics")).send().await.expect("metrics").text().await.expect("text");
    metrics.lines().find_map(|l| l.strip_prefix(prefix)).map_or(0, |n| n.trim().parse().expect("a count"))
}
