//! issue 20: the default driver is checked against what is configured, so a driver offered
//! only where configured (Medusa) can be the default where `vitrine all` serves its demo
//! shop, and a visitor without a cookie gets its pages.

use std::path::Path;

use vitrine_testkit::process::{Serves, ServiceProcess};

const BIN: &str = env!("CARGO_BIN_EXE_vitrine");

#[tokio::test]
async fn vitrine_all_serves_a_default_driver_that_is_offered_where_configured() {
    let env: Vec<(String, String)> = [
        ("VITRINE_DEFAULT_DRIVER", "medusa"),
        ("VITRINE_HTTP_ADDR", "127.0.0.1:0"),
        ("VITRINE_WARM_PAGES", "0"),
        ("VITRINE_MOCK_DELAY_MS", "0"),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();
    let mut all = ServiceProcess::start(Path::new(BIN), "all-medusa-default", &["all"], &env, &[Serves::Http]);
    let edge = all.url(Serves::Http);
    let client = reqwest::Client::new();

    let driver: serde_json::Value =
        client.get(format!("{edge}/api/driver")).send().await.expect("GET /api/driver").json().await.expect("json");
    assert_eq!(driver["driver"], "medusa", "{driver}");

    let menu = client.get(format!("{edge}/api/navigation")).send().await.expect("GET /api/navigation");
    assert_eq!(menu.status(), 200);
    assert!(menu.headers().get("set-cookie").is_none(), "the default driver needs no session");
    let menu: serde_json::Value = menu.json().await.expect("json");
    let top: Vec<(&str, &str)> = menu["children"]
        .as_array()
        .expect("children")
        .iter()
        .map(|c| (c["name"].as_str().unwrap_or_default(), c["url"].as_str().unwrap_or_default()))
        .collect();
    // The Medusa demo shop's top-level categories, at Medusa's category urls.
    assert!(top.contains(&("Clothing", "/categories/clothing")), "{top:?}");
    assert!(top.iter().all(|(_, url)| url.starts_with("/categories/")), "{top:?}");
    all.terminate();
}
