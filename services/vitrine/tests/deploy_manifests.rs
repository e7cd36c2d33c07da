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
    let mut metrics: Vec<(String, String)> = Vec::new();
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
            if key == "VITRINE_METRICS_ADDR" {
                metrics.push((name.clone(), value));
            } else if key.ends_with("_ADDR") && key != "VITRINE_HTTP_ADDR" {
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
            .find(|(k, _)| k.as_str().is_some_and(|k| k.ends_with("_ADDR") && k != "VITRINE_METRICS_ADDR"))
            .and_then(|(_, v)| v.as_str().map(str::to_owned))
            .unwrap_or_else(|| panic!("{user}: {prefix}_URL names {host}, which sets no listen address"));
        assert_eq!(port(&url), port(&own_addr), "{user}: {url} vs {host}'s {own_addr}");
    }
    assert!(listens.len() >= 4, "the gRPC services and mock-data listen on configured addresses");
    // Metrics ports differ, so the same file can run as processes on one host (scripts/topology).
    let mut ports: Vec<&str> = metrics.iter().filter_map(|(_, addr)| port(addr)).collect();
    ports.sort_unstable();
    ports.dedup();
    assert_eq!(ports.len(), metrics.len(), "one metrics port per service: {metrics:?}");
    assert!(metrics.len() >= 8, "every gRPC service and mock-data has a metrics port: {metrics:?}");
}

/// Every service's health check is `vitrine probe` against its own port, and every
/// service exports its traces to the compose file's Jaeger.
#[test]
fn compose_health_checks_probe_each_service_and_traces_go_to_jaeger() {
    let compose = compose();
    let services = compose["services"].as_mapping().expect("services");
    assert!(help(&["probe"]).contains("--grpc"), "`vitrine probe` exists");
    let jaeger = &compose["services"]["jaeger"];
    assert!(jaeger["image"].as_str().is_some_and(|i| i.starts_with("jaegertracing/")), "a Jaeger service");
    assert_eq!(jaeger["environment"]["COLLECTOR_OTLP_ENABLED"].as_str(), Some("true"));
    for (name, service) in services {
        let name = name.as_str().unwrap_or_default();
        if service["command"].as_sequence().is_none() {
            continue;
        }
        let env = service["environment"].as_mapping().cloned().unwrap_or_default();
        let value = |key: &str| env.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
        let own = env
            .iter()
            .filter_map(|(k, v)| Some((k.as_str()?, v.as_str()?)))
            .find(|(k, _)| k.ends_with("_ADDR") && *k != "VITRINE_METRICS_ADDR")
            .map(|(_, v)| v.to_owned())
            .unwrap_or_else(|| panic!("{name}: no listen address"));
        let test: Vec<&str> = service["healthcheck"]["test"]
            .as_sequence()
            .expect("healthcheck")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert_eq!(test[..3], ["CMD", "vitrine", "probe"], "{name}: {test:?}");
        let target = test[4].trim_start_matches("http://").split('/').next().unwrap_or_default();
        assert_eq!(port(target), port(&own), "{name}: probes {target}, listens on {own}");
        assert_eq!(value("OTEL_EXPORTER_OTLP_ENDPOINT"), "http://jaeger:4317", "{name}: traces to Jaeger (OTLP/gRPC)");
    }
}

fn k8s_documents() -> Vec<(String, Value)> {
    let base = concat!(env!("CARGO_MANIFEST_DIR"), "/../../k8s/base");
    let kustomization: Value =
        serde_yaml_ng::from_str(&std::fs::read_to_string(format!("{base}/kustomization.yaml")).expect("kustomization"))
            .expect("kustomization parses");
    let mut docs = Vec::new();
    for file in kustomization["resources"].as_sequence().expect("resources") {
        let file = file.as_str().expect("a file name");
        let text = std::fs::read_to_string(format!("{base}/{file}")).unwrap_or_else(|e| panic!("{file}: {e}"));
        for doc in serde_yaml_ng::Deserializer::from_str(&text) {
            let value = Value::deserialize(doc).unwrap_or_else(|e| panic!("{file}: {e}"));
            docs.push((file.to_owned(), value));
        }
    }
    docs
}

use serde::Deserialize as _;

#[test]
fn kubernetes_deployments_run_real_subcommands_on_the_ports_their_services_target() {
    let docs = k8s_documents();
    let all_help: String = ["edge", "catalogue", "navigation", "url-resolution", "mock-data", "adapter", "all"]
        .iter()
        .map(|s| help(&[s]))
        .collect();
    let config_keys: Vec<String> = docs
        .iter()
        .filter(|(_, d)| matches!(d["kind"].as_str(), Some("ConfigMap" | "Secret")))
        .flat_map(|(_, d)| {
            let data = if d["kind"] == "ConfigMap" { &d["data"] } else { &d["stringData"] };
            data.as_mapping()
                .into_iter()
                .flatten()
                .filter_map(|(k, _)| k.as_str().map(str::to_owned))
                .collect::<Vec<_>>()
        })
        .collect();
    for key in &config_keys {
        assert!(key == "RUST_LOG" || all_help.contains(&format!("[env: {key}")), "the binary does not read {key}");
    }
    let mut deployments = 0;
    for (file, doc) in &docs {
        if doc["kind"] != "Deployment" || doc["metadata"]["name"] == "redis" {
            continue;
        }
        deployments += 1;
        let name = doc["metadata"]["name"].as_str().unwrap_or_default();
        let container = &doc["spec"]["template"]["spec"]["containers"][0];
        let args: Vec<&str> = container["args"].as_sequence().expect("args").iter().filter_map(Value::as_str).collect();
        let text = help(&args[..1]);
        let port = container["ports"][0]["containerPort"].as_u64().expect("containerPort");
        let mut listens = None;
        for var in container["env"].as_sequence().into_iter().flatten() {
            let key = var["name"].as_str().unwrap_or_default();
            assert!(text.contains(&format!("[env: {key}")), "{file} {name}: `vitrine {}` does not read {key}", args[0]);
            if key.ends_with("_ADDR") {
                listens = var["value"].as_str().and_then(port_of);
            }
        }
        assert_eq!(listens, Some(port), "{file} {name}: listens where its containerPort is");
        let service = docs.iter().find(|(_, d)| d["kind"] == "Service" && d["metadata"]["name"] == name);
        let target = service.and_then(|(_, s)| s["spec"]["ports"][0]["targetPort"].as_u64());
        assert_eq!(target, Some(port), "{name}: its Service targets the container port");
        for probe in ["readinessProbe", "livenessProbe"] {
            let p = &container[probe];
            let probed = p["grpc"]["port"].as_u64().or_else(|| p["httpGet"]["port"].as_u64());
            assert_eq!(probed, Some(port), "{name}: {probe} checks the service's own port");
        }
    }
    assert_eq!(deployments, 9, "mock-data, four adapters, three domain services, the edge");
    // Every URL in the config names a Service and its port.
    for (_, doc) in docs.iter().filter(|(_, d)| d["kind"] == "ConfigMap") {
        for (key, value) in doc["data"].as_mapping().into_iter().flatten() {
            let (Some(key), Some(url)) = (key.as_str(), value.as_str()) else { continue };
            if !key.ends_with("_URL") || !url.starts_with("http://") {
                continue;
            }
            let host = url.trim_start_matches("http://").split(':').next().unwrap_or_default();
            let service = docs.iter().find(|(_, d)| d["kind"] == "Service" && d["metadata"]["name"] == host);
            let service_port = service.and_then(|(_, s)| s["spec"]["ports"][0]["port"].as_u64());
            assert_eq!(service_port, port_of(url), "{key}={url}");
        }
    }
}

fn port_of(addr: &str) -> Option<u64> {
    port(addr).and_then(|p| p.parse().ok())
}
