//! issue 24: the dashboards ask only for what the code exports. Every `expr` of
//! deploy/grafana/dashboards/*.json is read for its metric names (PromQL identifiers that
//! are not functions, keywords, grouping labels or Grafana variables), and each must be
//! a series of a real suite's `/metrics` after a little traffic (a histogram's `_bucket`,
//! `_sum` and `_count`); every panel names the provisioned data source by its uid.

use std::collections::BTreeSet;
use std::time::Duration;

use serde_json::Value;
use vitrine_testkit::TestApp;

const DEPLOY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy");

/// The metric names an expression reads.
fn metric_names(expr: &str) -> BTreeSet<String> {
    // Grouping clauses first (`sum by (le) (…)`): their lists name labels, and the
    // aggregation before them is still a function of what follows.
    let mut tokens = tokens(&outside_brackets(expr)).into_iter().peekable();
    let mut kept = Vec::new();
    while let Some(token) = tokens.next() {
        if ["by", "without", "on", "ignoring", "group_left", "group_right"].contains(&token.as_str()) {
            if tokens.next_if(|t| t == "(").is_some() {
                tokens.by_ref().find(|t| t == ")");
            }
        } else {
            kept.push(token);
        }
    }
    let keywords = ["bool", "and", "or", "unless", "offset", "atan2", "inf", "nan"];
    kept.iter()
        .enumerate()
        .filter(|(i, t)| {
            is_identifier(t) && !keywords.contains(&t.as_str()) && kept.get(i + 1).is_none_or(|n| n != "(")
        })
        .map(|(_, t)| t.clone())
        .collect()
}

/// `expr` without its strings, label matchers (`{…}`) and ranges (`[…]`, where Grafana's
/// `$__rate_interval` goes): none names a metric.
fn outside_brackets(expr: &str) -> String {
    let (mut out, mut string, mut skip) = (String::new(), None, None);
    for c in expr.chars() {
        if let Some(quote) = string {
            string = (c != quote).then_some(quote);
        } else if matches!(c, '"' | '\'' | '`') {
            string = Some(c);
        } else if let Some(end) = skip {
            skip = (c != end).then_some(end);
        } else if let Some(end) = [('{', '}'), ('[', ']')].iter().find(|(open, _)| *open == c).map(|(_, e)| *e) {
            skip = Some(end);
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// Words (identifiers, numbers, `$variables`) and single punctuation characters.
fn tokens(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '$') {
            word.push(c);
            continue;
        }
        out.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
        if !c.is_whitespace() {
            out.push(c.to_string());
        }
    }
    out.extend((!word.is_empty()).then_some(word));
    out
}

fn is_identifier(token: &str) -> bool {
    token.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == ':')
        && token.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
}

/// The series names of a Prometheus text exposition: each `# TYPE`, a histogram's as
/// its `_bucket`, `_sum` and `_count`.
fn exported(exposition: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in exposition.lines() {
        let Some(rest) = line.strip_prefix("# TYPE ") else { continue };
        let Some((name, kind)) = rest.split_once(' ') else { continue };
        match kind.trim() {
            "histogram" => names.extend(["_bucket", "_sum", "_count"].map(|s| format!("{name}{s}"))),
            "summary" => names.extend([String::new(), "_sum".into(), "_count".into()].map(|s| format!("{name}{s}"))),
            _ => {
                names.insert(name.to_owned());
            }
        }
    }
    names
}

/// Every `expr` and every data source uid in `json`, wherever they are (panels, rows'
/// panels, targets).
fn walk<'a>(json: &'a Value, exprs: &mut Vec<&'a str>, sources: &mut Vec<&'a str>) {
    match json {
        Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("expr", Value::String(expr)) => exprs.push(expr),
                    ("datasource", source) => sources.extend(source["uid"].as_str()),
                    _ => walk(value, exprs, sources),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| walk(v, exprs, sources)),
        _ => {}
    }
}

/// The dashboards' files and JSON.
fn dashboards() -> Vec<(String, Value)> {
    let dir = format!("{DEPLOY}/grafana/dashboards");
    let mut out: Vec<(String, Value)> = std::fs::read_dir(&dir)
        .expect("deploy/grafana/dashboards")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a dashboard");
            (p.display().to_string(), serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The names the dashboards' expressions read that `exported` lacks, with their file.
fn unknown(dashboards: &[(String, Value)], exported: &BTreeSet<String>) -> Vec<String> {
    let mut missing = Vec::new();
    for (file, json) in dashboards {
        let (mut exprs, mut sources) = (Vec::new(), Vec::new());
        walk(json, &mut exprs, &mut sources);
        for name in exprs.iter().flat_map(|e| metric_names(e)) {
            if !exported.contains(&name) {
                missing.push(format!("{file}: {name}"));
            }
        }
    }
    missing
}

#[test]
fn metric_names_are_what_promql_reads_as_metrics() {
    for (expr, names) in [
        ("up", vec!["up"]),
        (
            "histogram_quantile(0.95, sum by (le, driver) (rate(vitrine_upstream_duration_seconds_bucket[$__rate_interval])))",
            vec!["vitrine_upstream_duration_seconds_bucket"],
        ),
        (
            r#"sum(rate(a_total{status=~"5..", route="/x{y}"}[5m])) by (route) / on (route) group_left sum(b_total offset 1h)"#,
            vec!["a_total", "b_total"],
        ),
        ("sum without (instance) (c_total) > bool 0.5 and d:recorded:rate5m", vec!["c_total", "d:recorded:rate5m"]),
        ("vector(1) * 1e3", vec![]),
    ] {
        let expected: BTreeSet<String> = names.into_iter().map(str::to_owned).collect();
        assert_eq!(metric_names(expr), expected, "{expr}");
    }
    let exposition = "# HELP h Latency\n# TYPE h histogram\nh_bucket{le=\"1\"} 0\n# TYPE c counter\nc 1\n";
    let expected: BTreeSet<String> = ["c", "h_bucket", "h_count", "h_sum"].map(str::to_owned).into();
    assert_eq!(exported(exposition), expected);
}

/// The control: the check fails on a name the code does not export.
#[test]
fn an_invented_metric_name_is_caught() {
    let exported: BTreeSet<String> = ["vitrine_http_requests_total"].map(str::to_owned).into();
    let dashboard = serde_json::json!({"panels": [{"targets": [
        {"expr": "sum(rate(vitrine_http_requests_total[1m]))"},
        {"expr": "sum by (driver) (rate(vitrine_made_up_total{driver=\"magento\"}[1m]))"}
    ]}]});
    assert_eq!(unknown(&[("made-up.json".to_owned(), dashboard)], &exported), ["made-up.json: vitrine_made_up_total"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn every_dashboard_query_reads_metrics_the_code_exports_from_the_provisioned_source() {
    let dashboards = dashboards();
    assert!(!dashboards.is_empty(), "deploy/grafana/dashboards/*.json");

    // The data source every panel names: the provisioned one, by its fixed uid.
    let provisioned = std::fs::read_to_string(format!("{DEPLOY}/grafana/provisioning/datasources/prometheus.yml"))
        .expect("the data source");
    let provisioned: serde_yaml_ng::Value = serde_yaml_ng::from_str(&provisioned).expect("yaml");
    let uid = provisioned["datasources"][0]["uid"].as_str().expect("a fixed uid");
    for (file, json) in &dashboards {
        assert!(json["uid"].as_str().is_some_and(|u| !u.is_empty()), "{file}: a fixed dashboard uid");
        let (mut exprs, mut sources) = (Vec::new(), Vec::new());
        walk(json, &mut exprs, &mut sources);
        assert!(!exprs.is_empty(), "{file}: queries");
        assert!(sources.iter().all(|s| *s == uid), "{file}: every panel and query names {uid}: {sources:?}");
    }

    // A suite with every backend, a few seconds of the generator's traffic (switches,
    // pages, upstream calls and cache look-ups), then its metrics.
    let app = TestApp::builder().demo_shops().start().await;
    let config = vitrine_loadgen::Config {
        target: app.edge_url.clone(),
        visitors: 6,
        rate: 30,
        duration: Duration::from_secs(2),
        report_every: None,
    };
    vitrine_loadgen::run(&config, &vitrine_common::Shutdown::new(), |_| {}).await.expect("traffic");
    let metrics = reqwest::get(app.url("/metrics")).await.expect("GET /metrics").text().await.expect("text");
    let exported = exported(&metrics);
    assert!(exported.contains("vitrine_upstream_duration_seconds_bucket"), "the suite's metrics:\n{metrics}");
    let missing = unknown(&dashboards, &exported);
    assert!(missing.is_empty(), "not exported: {missing:#?}\nexported: {exported:#?}");
}
