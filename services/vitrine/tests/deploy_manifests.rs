//! Static checks of docker-compose.yml against the binary: every service runs a real
//! subcommand, every variable it sets is one that subcommand reads, and every address a
//! service listens on is the one the others use to reach it.

use std::collections::HashMap;
use std::process::Command;

use serde_yaml_ng::Value;

const BIN: &str = env!("CARGO_BIN_EXE_vitrine");

fn compose() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docker-compose.yml");
    let text = std::fs::read_to_string(path).expect("docker-compose.yml");
    let mut value: Value = serde_yaml_ng::from_str(&text).expect("compose parses");
    value.apply_merge().expect("merge keys resolve");
    for (_, service) in value["services"].as_mapping_mut().expect("services").iter_mut() {
        service.apply_merge().expect("service merge keys");
        if let Some(env) = service.get_mut("environment") {
            env.apply_merge().expect("environment merge keys");
        }
    }
    value
}

fn help(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).arg("--help").output().expect("vitrine --help");
    assert!(out.status.success(), "vitrine {args:?} --help failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn port(s: &str) -> Option<&str> {
    s.rsplit(':').next().map(|p| p.trim_end_matches('/'))
}

#[test]
fn compose_services_run_real_subcommands_with_variables_they_read() {
    let compose = compose();
    let services = compose["services"].as_mapping().expect("services");
    let mut listens: HashMap<String, (String, String)> = HashMap::new();
    let mut targets: Vec<(String, String, String)> = Vec::new();
    for (name, service) in services {
        let name = name.as_str().unwrap_or_default().to_owned();
        let Some(command) = service["command"].as_sequence() else { continue };
        let args: Vec<&str> = command.iter().filter_map(Value::as_str).collect();
        let text = help(&args[..1]);
        let env = service["environment"].as_mapping().cloned().unwrap_or_default();
        for (key, value) in &env {
            let key = key.as_str().unwrap_or_default();
            if key == "RUST_LOG" {
                continue;
            }
            assert!(text.contains(&format!("[env: {key}")), "{name}: `vitrine {}` does not read {key}", args[0]);
            let value = value.as_str().unwrap_or_default().to_owned();
            if key.ends_with("_ADDR") && key != "VITRINE_HTTP_ADDR" {
                listens.insert(key.trim_end_matches("_ADDR").to_owned(), (name.clone(), value));
            } else if key.ends_with("_URL") && value.starts_with("http://") {
                targets.push((name.clone(), key.trim_end_matches("_URL").to_owned(), value));
            }
        }
    }
    // Every URL that names a service reaches the port that service listens on.
    for (user, prefix, url) in targets {
        let host = url.trim_start_matches("http://").split(':').next().unwrap_or_default().to_owned();
        let Some(service) = services.get(host.as_str()) else { continue };
        // Each service listens on exactly one configured address.
        let own_addr = service["environment"]
            .as_mapping()
            .into_iter()
            .flatten()
            .find(|(k, _)| k.as_str().is_some_and(|k| k.ends_with("_ADDR")))
            .and_then(|(_, v)| v.as_str().map(str::to_owned))
            .unwrap_or_else(|| panic!("{user}: {prefix}_URL names {host}, which sets no listen address"));
        assert_eq!(port(&url), port(&own_addr), "{user}: {url} vs {host}'s {own_addr}");
    }
    assert!(listens.len() >= 4, "the gRPC services and mock-data listen on configured addresses");
}
