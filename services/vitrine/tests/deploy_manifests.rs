//! Static checks of docker-compose.yml and k8s/ against the binary: every service runs a
//! real subcommand, every variable it sets is one that subcommand reads, and every address
//! a service listens on is the one the others use to reach it. And the hardening of issue
//! 11 for every workload: non-root, read-only, no capabilities or privilege escalation,
//! RuntimeDefault seccomp; NetworkPolicies that allow exactly the design's arrows; metrics
//! on the internal port only; each Secret in the pods that use it only; Redis with a
//! password and a memory cap; the Secure session cookie. And issue 25's replicas,
//! disruption budgets, drains and upstream budgets (`deploy/availability.rs`), and its
//! highly available Redis overlay (`deploy/ha_redis.rs`). And no secret written in
//! compose or k8s, each made per machine by `scripts/compose-secrets` (`deploy/secrets.rs`).

#[path = "deploy/availability.rs"]
mod availability;
#[path = "deploy/backends.rs"]
mod backends;
#[path = "deploy/ha_redis.rs"]
mod ha_redis;
#[path = "deploy/ha_redis_pods.rs"]
mod ha_redis_pods;
#[path = "deploy/kustomize.rs"]
mod kustomize;
#[path = "deploy/monitoring.rs"]
mod monitoring;
#[path = "deploy/network_policy.rs"]
mod network_policy;
#[path = "deploy/secrets.rs"]
mod secrets;
#[path = "deploy/trusted_proxies.rs"]
mod trusted_proxies;

use std::collections::HashMap;
use std::process::Command;

use serde_yaml_ng::Value;
use vitrine_adapter::BACKENDS;

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

/// Whether a compose service runs this repo's image (that of `x-service`), not Redis's
/// or Jaeger's.
fn ours(compose: &Value, service: &Value) -> bool {
    service["image"] == compose["x-service"]["image"]
}

/// Whether a compose service listens on an address (a `*_ADDR` variable): a server, which
/// `scripts/topology` runs too. A client of the suite (loadgen) listens on nothing.
fn listens(service: &Value) -> bool {
    service["environment"]
        .as_mapping()
        .into_iter()
        .flatten()
        .any(|(k, _)| k.as_str().is_some_and(|k| k.ends_with("_ADDR")))
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
        if !ours(&compose, service) {
            continue;
        }
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
        if !ours(&compose, service) || service["command"].as_sequence().is_none() || !listens(service) {
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

/// The documents of the kustomization in `dir` (under k8s/): its resources that are files
/// (an overlay's base is a directory, read on its own).
fn kustomize_documents(dir: &str) -> Vec<(String, Value)> {
    let dir = format!("{}/../../k8s/{dir}", env!("CARGO_MANIFEST_DIR"));
    let kustomization: Value =
        serde_yaml_ng::from_str(&std::fs::read_to_string(format!("{dir}/kustomization.yaml")).expect("kustomization"))
            .expect("kustomization parses");
    let mut docs = Vec::new();
    for file in kustomization["resources"].as_sequence().expect("resources") {
        let file = file.as_str().expect("a file name");
        if !std::path::Path::new(&format!("{dir}/{file}")).is_file() {
            continue;
        }
        let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap_or_else(|e| panic!("{file}: {e}"));
        for doc in serde_yaml_ng::Deserializer::from_str(&text) {
            let value = Value::deserialize(doc).unwrap_or_else(|e| panic!("{file}: {e}"));
            docs.push((file.to_owned(), value));
        }
    }
    docs
}

fn k8s_documents() -> Vec<(String, Value)> {
    kustomize_documents("base")
}

use serde::Deserialize as _;

#[test]
fn kubernetes_deployments_run_real_subcommands_on_the_ports_their_services_target() {
    let docs = k8s_documents();
    let all_help: String = ["edge", "catalogue", "navigation", "url-resolution", "cart", "mock-data", "adapter", "all"]
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
        let vars = container["env"].as_sequence().cloned().unwrap_or_default();
        for (i, var) in vars.iter().enumerate() {
            let key = var["name"].as_str().unwrap_or_default();
            // A variable that only assembles a later one (`$(REDIS_PASSWORD)` in the store
            // URL) is read by Kubernetes, not the binary.
            let assembles =
                vars[i + 1..].iter().any(|v| v["value"].as_str().is_some_and(|v| v.contains(&format!("$({key})"))));
            assert!(
                assembles || text.contains(&format!("[env: {key}")),
                "{file} {name}: `vitrine {}` does not read {key}",
                args[0]
            );
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
    assert_eq!(deployments, BACKENDS.len() + 6, "mock-data, every adapter, four domain services, the edge");
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

// ---- Issue 11, item 5: hardening, for every workload ----

/// The services of docker-compose.yml, merge keys resolved.
fn compose_services(compose: &Value) -> Vec<(String, Value)> {
    let services = compose["services"].as_mapping().expect("services");
    services.iter().map(|(k, v)| (k.as_str().unwrap_or_default().to_owned(), v.clone())).collect()
}

fn strings(value: &Value) -> Vec<&str> {
    value.as_sequence().into_iter().flatten().filter_map(Value::as_str).collect()
}

/// Every port compose publishes is bound to the host's loopback: the demo's edge, Jaeger,
/// Prometheus and Grafana are for the person at this machine, never for its network.
#[test]
fn compose_publishes_its_ports_on_the_loopback_only() {
    let compose = compose();
    let mut published = Vec::new();
    for (name, service) in compose_services(&compose) {
        for port in strings(&service["ports"]) {
            published.push(format!("{name} {port}"));
            assert!(port.starts_with("127.0.0.1:"), "{name} publishes {port:?} on every interface");
        }
        assert!(service["ports"].as_sequence().is_none_or(|p| p.iter().all(Value::is_string)), "{name}: short syntax");
    }
    println!("published: {published:?}");
    assert!(!published.is_empty(), "the edge is published");
}

#[test]
fn compose_containers_run_as_non_root_read_only_without_capabilities() {
    let compose = compose();
    for (name, service) in compose_services(&compose) {
        let user = service["user"].as_str().unwrap_or_else(|| panic!("{name}: no fixed user"));
        let (uid, gid) = user.split_once(':').unwrap_or_else(|| panic!("{name}: user {user:?} is not uid:gid"));
        for id in [uid, gid] {
            assert!(id.parse::<u32>().is_ok_and(|id| id > 0), "{name}: user {user:?} is not a non-root uid:gid");
        }
        assert_eq!(service["read_only"].as_bool(), Some(true), "{name}: read-only root filesystem");
        assert_eq!(strings(&service["cap_drop"]), ["ALL"], "{name}: every capability dropped");
        assert!(strings(&service["security_opt"]).contains(&"no-new-privileges:true"), "{name}: no-new-privileges");
    }
}

#[test]
fn compose_redis_has_a_password_and_a_memory_cap_and_only_its_users_know_the_password() {
    let compose = compose();
    let redis = &compose["services"]["redis"];
    let command = strings(&redis["command"]);
    let flag = |name: &str| command.iter().position(|a| *a == name).map(|i| command[i + 1]);
    let password = flag("--requirepass").expect("a password");
    assert!(password.starts_with("${VITRINE_REDIS_PASSWORD:?"), "required from the environment: {password}");
    assert!(flag("--maxmemory").is_some(), "a memory cap");
    assert_eq!(flag("--maxmemory-policy"), Some("allkeys-lru"));
    assert_eq!(redis["environment"]["REDISCLI_AUTH"].as_str(), Some(password), "the health check authenticates");
    let mut users = Vec::new();
    for (name, service) in compose_services(&compose) {
        if let Some(url) = service["environment"]["VITRINE_REDIS_URL"].as_str() {
            assert_eq!(url, format!("redis://:{password}@redis:6379/"), "{name}");
            users.push(name);
        }
    }
    users.sort();
    assert_eq!(users, sorted(adapter_apps().into_iter().chain(["edge".to_owned()])));
}

#[test]
fn compose_edge_serves_metrics_internally_and_secure_cookies_and_each_key_stays_in_its_adapter() {
    let compose = compose();
    let edge = &compose["services"]["edge"];
    let metrics = edge["environment"]["VITRINE_METRICS_ADDR"].as_str().expect("the edge's metrics port");
    assert!(!strings(&edge["ports"]).iter().any(|p| p.ends_with(port(metrics).unwrap_or_default())), "not published");
    assert_eq!(edge["environment"]["VITRINE_SECURE_COOKIES"].as_str(), Some("true"));
    // Each shop's key in its own adapter only.
    for (token, owner) in
        [("VITRINE_SHOPIFY_ACCESS_TOKEN", "adapter-shopify"), ("VITRINE_MEDUSA_PUBLISHABLE_KEY", "adapter-medusa")]
    {
        for (name, service) in compose_services(&compose) {
            let has = service["environment"].get(token).is_some();
            assert!(!has || name == owner, "{name} gets {token}, which only {owner} uses");
            assert!(has || name != owner, "{owner} needs {token}");
        }
    }
}

/// Whether a document runs pods: a Deployment, a Job (the local overlay's loadgen), or a
/// StatefulSet (the ha-redis overlay's Redis).
fn is_workload(doc: &Value) -> bool {
    doc["kind"] == "Deployment" || doc["kind"] == "Job" || doc["kind"] == "StatefulSet"
}

/// Every workload of the base and the local overlay.
fn k8s_workloads() -> Vec<Value> {
    k8s_documents()
        .into_iter()
        .chain(kustomize_documents("overlays/local"))
        .map(|(_, d)| d)
        .filter(is_workload)
        .collect()
}

fn containers(deployment: &Value) -> Vec<&Value> {
    deployment["spec"]["template"]["spec"]["containers"].as_sequence().into_iter().flatten().collect()
}

fn name(doc: &Value) -> &str {
    doc["metadata"]["name"].as_str().unwrap_or_default()
}

fn name_of(container: &Value) -> &str {
    container["name"].as_str().unwrap_or_default()
}

#[test]
fn kubernetes_containers_run_as_non_root_read_only_without_capabilities() {
    let deployments = k8s_workloads();
    assert_eq!(
        deployments.len(),
        BACKENDS.len() + 11,
        "every adapter, six other services, Redis, and the local overlay's Jaeger, Prometheus, Grafana and loadgen"
    );
    for deployment in &deployments {
        assert_hardened(deployment);
    }
    let dockerfile =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Dockerfile")).expect("Dockerfile");
    assert!(dockerfile.lines().any(|l| l.trim() == "USER 10001:10001"), "the image runs as 10001:10001");
}

/// A workload's pods as issue 11 hardens them: no API token (but Prometheus's), and every
/// container non-root with a fixed uid/gid, a read-only root, no capability, no privilege
/// escalation, seccomp RuntimeDefault; Vitrine's as the image's user.
fn assert_hardened(workload: &Value) {
    let pod = &workload["spec"]["template"]["spec"];
    // Prometheus alone lists pods (its Role: kubernetes_local_overlay_adds_prometheus_grafana_and_loadgen).
    let token = name(workload) == "prometheus";
    assert_eq!(pod["automountServiceAccountToken"].as_bool(), Some(token), "{}: API token", name(workload));
    let all = containers(workload);
    assert!(!all.is_empty(), "{}: no container", name(workload));
    for container in all {
        let who = format!("{}/{}", name(workload), name_of(container));
        let sc = &container["securityContext"];
        assert_eq!(sc["runAsNonRoot"].as_bool(), Some(true), "{who}: runAsNonRoot");
        for id in ["runAsUser", "runAsGroup"] {
            assert!(sc[id].as_u64().is_some_and(|id| id > 0), "{who}: a fixed non-root {id}");
        }
        assert_eq!(sc["readOnlyRootFilesystem"].as_bool(), Some(true), "{who}: read-only root filesystem");
        assert_eq!(sc["allowPrivilegeEscalation"].as_bool(), Some(false), "{who}: no privilege escalation");
        assert_eq!(strings(&sc["capabilities"]["drop"]), ["ALL"], "{who}: every capability dropped");
        assert!(sc["capabilities"]["add"].is_null(), "{who}: none added");
        assert_eq!(sc["seccompProfile"]["type"].as_str(), Some("RuntimeDefault"), "{who}: seccomp");
        // The vitrine image's user (Dockerfile: 10001) for every Vitrine service.
        if container["image"] == "vitrine" {
            assert_eq!((sc["runAsUser"].as_u64(), sc["runAsGroup"].as_u64()), (Some(10001), Some(10001)), "{who}");
        }
    }
}

/// `app` and container ports of every workload in `docs`.
fn pods(docs: &[(String, Value)]) -> Vec<(String, Vec<u64>)> {
    docs.iter()
        .filter(|(_, d)| is_workload(d))
        .map(|(_, d)| {
            let app = d["spec"]["template"]["metadata"]["labels"]["app"].as_str().expect("an app label").to_owned();
            let ports = containers(d)
                .iter()
                .flat_map(|c| {
                    c["ports"].as_sequence().into_iter().flatten().filter_map(|p| p["containerPort"].as_u64())
                })
                .collect();
            (app, ports)
        })
        .collect()
}

fn policies(docs: &[(String, Value)]) -> Vec<&Value> {
    docs.iter().map(|(_, d)| d).filter(|d| d["kind"] == "NetworkPolicy").collect()
}

/// Every backend's adapter app (`adapter-<value>`), in the descriptors' order.
pub(crate) fn adapter_apps() -> Vec<String> {
    BACKENDS.iter().map(|d| format!("adapter-{}", d.backend)).collect()
}

/// The backends with a credential among their settings: each has a Secret of its own.
pub(crate) fn backends_with_secrets() -> Vec<&'static str> {
    BACKENDS.iter().filter(|d| d.settings.iter().any(|s| s.secret)).map(|d| d.backend.as_str()).collect()
}

fn sorted(items: impl Iterator<Item = String>) -> Vec<String> {
    let mut items: Vec<String> = items.collect();
    items.sort();
    items
}

/// The design's arrows between pods (DESIGN.md): what the base must allow, and nothing else.
fn design_arrows() -> std::collections::BTreeSet<network_policy::Arrow> {
    let arrow = |from: &str, to: &str, port: u64| (from.to_owned(), to.to_owned(), port);
    // Every backend's adapter, on its port (its descriptor's).
    let adapters: Vec<(String, u64)> =
        adapter_apps().into_iter().zip(BACKENDS.iter().map(|d| u64::from(d.default_port))).collect();
    let mut arrows = vec![
        arrow("edge", "catalogue", 50051),
        arrow("edge", "navigation", 50052),
        arrow("edge", "url-resolution", 50053),
        arrow("edge", "cart", 50054),
        arrow("edge", "redis", 6379),
        arrow("edge", "mock-data", 50070),
        arrow("adapter-in-memory", "mock-data", 50070),
    ];
    for (adapter, port) in &adapters {
        arrows.push(arrow(adapter, "redis", 6379));
        for domain in ["catalogue", "navigation", "url-resolution", "cart"] {
            arrows.push(arrow(domain, adapter, *port));
        }
    }
    arrows.into_iter().collect()
}

#[test]
fn kubernetes_network_policies_deny_by_default_and_allow_exactly_the_design() {
    let docs = k8s_documents();
    let policies = policies(&docs);
    let pods = pods(&docs);
    let deny = policies.iter().find(|p| {
        p["spec"]["podSelector"].as_mapping().is_some_and(serde_yaml_ng::Mapping::is_empty)
            && strings(&p["spec"]["policyTypes"]) == ["Ingress", "Egress"]
            && p["spec"]["ingress"].is_null()
            && p["spec"]["egress"].is_null()
    });
    assert!(deny.is_some(), "a default-deny policy for every pod, both directions");
    assert_eq!(network_policy::arrows(&policies, &pods), design_arrows());

    let outside: Vec<String> = network_policy::outside_egress(&policies, &pods, 443).into_iter().collect();
    assert_eq!(
        outside,
        sorted(adapter_apps().into_iter().filter(|a| a != "adapter-in-memory").chain(["edge".to_owned()])),
        "the shops and /img's hosts"
    );
    assert_eq!(network_policy::outside_egress(&policies, &pods, 6379).len(), 0, "nothing else goes out");
    let open: Vec<String> = network_policy::open_to_anyone(&policies, &pods, 8080).into_iter().collect();
    assert_eq!(open, ["edge"], "the internet reaches the edge");
    for port in [50070, 50061, 50064, 50065, 6379, 9464] {
        assert!(network_policy::open_to_anyone(&policies, &pods, port).is_empty(), "nobody outside reaches :{port}");
    }

    // DNS for every pod, to kube-dns only.
    let dns = policies.iter().any(|p| {
        p["spec"]["podSelector"].as_mapping().is_some_and(serde_yaml_ng::Mapping::is_empty)
            && p["spec"]["egress"].as_sequence().into_iter().flatten().any(|r| {
                r["ports"]
                    .as_sequence()
                    .into_iter()
                    .flatten()
                    .any(|p| p["port"].as_u64() == Some(53) && p["protocol"] == "UDP")
                    && r["to"][0]["podSelector"]["matchLabels"]["k8s-app"] == "kube-dns"
            })
    });
    assert!(dns, "every pod may ask the cluster DNS");

    // Metrics: from the monitoring namespace only, on every Vitrine pod's metrics port.
    let metrics: Vec<&&Value> = policies
        .iter()
        .filter(|p| {
            p["spec"]["ingress"]
                .as_sequence()
                .into_iter()
                .flatten()
                .any(|r| r["ports"][0]["port"].as_u64() == Some(9464))
        })
        .collect();
    assert_eq!(metrics.len(), 1, "one policy opens the metrics port");
    let rule = &metrics[0]["spec"]["ingress"][0];
    assert_eq!(rule["from"][0]["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"], "monitoring");
    for (app, ports) in &pods {
        if ports.contains(&9464) {
            assert!(network_policy::selects(&metrics[0]["spec"]["podSelector"], app), "{app}'s metrics");
        }
    }
}

/// The local overlay's additions and their arrows: every Vitrine service → Jaeger's
/// OTLP port; Prometheus → every Vitrine service's metrics port; Grafana → Prometheus;
/// loadgen → the edge (issue 24). None is in the base.
#[test]
fn jaeger_prometheus_grafana_loadgen_and_their_arrows_are_in_the_local_overlay_only() {
    let base = k8s_documents();
    let text = serde_yaml_ng::to_string(&base.iter().map(|(_, d)| d).collect::<Vec<_>>()).expect("yaml");
    for added in ["jaeger", "prometheus:", "grafana", "loadgen"] {
        assert!(!text.contains(added), "{added} is the local overlay's");
    }
    let docs: Vec<(String, Value)> = base.into_iter().chain(kustomize_documents("overlays/local")).collect();
    let pods = pods(&docs);
    let mut expected = design_arrows();
    let vitrine =
        pods.iter().filter(|(app, _)| !["redis", "jaeger", "prometheus", "grafana", "loadgen"].contains(&app.as_str()));
    for (app, ports) in vitrine {
        assert!(ports.contains(&9464), "{app}: a metrics port");
        expected.insert((app.clone(), "jaeger".to_owned(), 4317));
        expected.insert(("prometheus".to_owned(), app.clone(), 9464));
    }
    expected.insert(("grafana".to_owned(), "prometheus".to_owned(), 9090));
    expected.insert(("loadgen".to_owned(), "edge".to_owned(), 8080));
    let policies = policies(&docs);
    assert_eq!(network_policy::arrows(&policies, &pods), expected);
    // The UIs are open (NodePorts); Prometheus's port and every other pod's are not.
    let open = |port| network_policy::open_to_anyone(&policies, &pods, port).into_iter().collect::<Vec<_>>();
    assert_eq!(open(3000), ["grafana"]);
    assert_eq!(open(16686), ["jaeger"]);
    assert!(open(9090).is_empty() && open(9464).is_empty(), "metrics and Prometheus stay inside");
}

/// `container`'s environment: `(name, value or "secret:NAME/KEY")`, and the Secrets it
/// takes whole (`envFrom`).
fn env_of(container: &Value) -> (Vec<(String, String)>, Vec<String>) {
    let vars = container["env"]
        .as_sequence()
        .into_iter()
        .flatten()
        .map(|v| {
            let key = &v["valueFrom"]["secretKeyRef"];
            let value = v["value"].as_str().map_or_else(
                || {
                    format!(
                        "secret:{}/{}",
                        key["name"].as_str().unwrap_or_default(),
                        key["key"].as_str().unwrap_or_default()
                    )
                },
                str::to_owned,
            );
            (v["name"].as_str().unwrap_or_default().to_owned(), value)
        })
        .collect();
    let whole = container["envFrom"]
        .as_sequence()
        .into_iter()
        .flatten()
        .filter_map(|e| e["secretRef"]["name"].as_str().map(str::to_owned))
        .collect();
    (vars, whole)
}

#[test]
fn kubernetes_secrets_reach_only_the_pods_that_use_them() {
    let docs = k8s_documents();
    let shopify =
        docs.iter().find(|(_, d)| d["kind"] == "Secret" && name(d) == "vitrine-shopify").expect("the token's Secret");
    let keys: Vec<&str> =
        shopify.1["stringData"].as_mapping().into_iter().flatten().filter_map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["VITRINE_SHOPIFY_ACCESS_TOKEN"], "the Secret holds the token only");
    let medusa =
        docs.iter().find(|(_, d)| d["kind"] == "Secret" && name(d) == "vitrine-medusa").expect("the key's Secret");
    let keys: Vec<&str> =
        medusa.1["stringData"].as_mapping().into_iter().flatten().filter_map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["VITRINE_MEDUSA_PUBLISHABLE_KEY"], "the Secret holds the key only");
    assert!(!docs.iter().any(|(_, d)| d["kind"] == "Secret" && name(d) == "vitrine-redis"), "no password in the base");
    let overlay: Value = serde_yaml_ng::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../k8s/overlays/local/kustomization.yaml"))
            .expect("overlay"),
    )
    .expect("overlay parses");
    assert_eq!(overlay["secretGenerator"][0]["name"], "vitrine-redis", "the local overlay generates its own password");
    // issue 25: the edge's cookie keys likewise: never a key shared by every deployment.
    assert!(
        !docs.iter().any(|(_, d)| d["kind"] == "Secret" && name(d) == "vitrine-cookie-keys"),
        "no cookie key in the base"
    );
    let generated: Vec<&str> =
        overlay["secretGenerator"].as_sequence().into_iter().flatten().filter_map(|g| g["name"].as_str()).collect();
    assert!(
        generated.contains(&"vitrine-cookie-keys"),
        "the local overlay generates its own cookie key: {generated:?}"
    );

    let mut users: std::collections::BTreeMap<String, Vec<String>> = std::collections::BTreeMap::new();
    for deployment in docs.iter().map(|(_, d)| d).filter(|d| d["kind"] == "Deployment") {
        for container in containers(deployment) {
            let (vars, whole) = env_of(container);
            let named = vars
                .iter()
                .filter_map(|(_, v)| v.strip_prefix("secret:"))
                .map(|s| s.split('/').next().unwrap_or_default().to_owned());
            for secret in whole.into_iter().chain(named) {
                users.entry(secret).or_default().push(name(deployment).to_owned());
            }
            // A store URL is assembled from the password Secret, never written out.
            if let Some((_, url)) = vars.iter().find(|(k, _)| k == "VITRINE_REDIS_URL") {
                assert_eq!(url, "redis://:$(REDIS_PASSWORD)@redis:6379/", "{}", name(deployment));
                let password = vars.iter().position(|(k, _)| k == "REDIS_PASSWORD");
                let url_at = vars.iter().position(|(k, _)| k == "VITRINE_REDIS_URL");
                assert!(password < url_at, "{}: REDIS_PASSWORD is defined before the URL uses it", name(deployment));
                assert_eq!(vars[password.unwrap_or_default()].1, "secret:vitrine-redis/password");
            }
        }
    }
    for users in users.values_mut() {
        users.sort();
        users.dedup();
    }
    // Each backend's credentials reach its adapter only.
    let with_secrets = backends_with_secrets();
    for backend in &with_secrets {
        assert_eq!(users[&format!("vitrine-{backend}")], [format!("adapter-{backend}")]);
    }
    let redis_users = sorted(adapter_apps().into_iter().chain(["edge".to_owned(), "redis".to_owned()]));
    assert_eq!(users["vitrine-redis"], redis_users);
    assert_eq!(users["vitrine-cookie-keys"], ["edge"], "the cookie keys reach the edge only");
    assert_eq!(users.len(), with_secrets.len() + 2, "no other Secret is mounted: {users:?}");
    let config = docs.iter().find(|(_, d)| d["kind"] == "ConfigMap").expect("config");
    assert!(config.1["data"].get("VITRINE_REDIS_URL").is_none(), "the store URL is not in the ConfigMap");
}

#[test]
fn kubernetes_redis_has_a_password_and_a_memory_cap_and_the_edge_its_settings() {
    let docs = k8s_documents();
    let deployment =
        |n: &str| docs.iter().map(|(_, d)| d).find(|d| d["kind"] == "Deployment" && name(d) == n).expect(n);
    let redis = containers(deployment("redis"))[0];
    let args = strings(&redis["args"]);
    let flag = |name: &str| args.iter().position(|a| *a == name).map(|i| args[i + 1]);
    assert_eq!(flag("--requirepass"), Some("$(REDIS_PASSWORD)"));
    assert!(flag("--maxmemory").is_some(), "a memory cap");
    assert_eq!(flag("--maxmemory-policy"), Some("allkeys-lru"));
    let (vars, _) = env_of(redis);
    for var in ["REDIS_PASSWORD", "REDISCLI_AUTH"] {
        assert!(vars.contains(&(var.to_owned(), "secret:vitrine-redis/password".to_owned())), "{var}");
    }

    let edge = deployment("edge");
    let container = containers(edge)[0];
    let (vars, _) = env_of(container);
    assert!(vars.contains(&("VITRINE_SECURE_COOKIES".to_owned(), "true".to_owned())), "the cookie is Secure");
    let keys = ("VITRINE_COOKIE_KEYS".to_owned(), "secret:vitrine-cookie-keys/keys".to_owned());
    assert!(vars.contains(&keys), "the cookie keys come from their Secret: {vars:?}");
    let config = docs.iter().find(|(_, d)| d["kind"] == "ConfigMap").expect("config");
    let metrics = config.1["data"]["VITRINE_METRICS_ADDR"].as_str().and_then(port_of).expect("a metrics port");
    let declared: Vec<u64> =
        container["ports"].as_sequence().into_iter().flatten().filter_map(|p| p["containerPort"].as_u64()).collect();
    assert!(declared.contains(&metrics), "the edge declares its metrics port");
    let scraped =
        edge["spec"]["template"]["metadata"]["annotations"]["prometheus.io/port"].as_str().and_then(|p| p.parse().ok());
    assert_eq!(scraped, Some(metrics), "Prometheus scrapes the internal port, not the public one");
}

/// issue 20: a backend is one folder and one entry; its compose service, k8s objects,
/// NetworkPolicy arrows and README row stay written out, and this fails when a
/// descriptor has none.
#[test]
fn every_backend_descriptor_has_its_deployment_entries_and_readme_row() {
    let compose = compose();
    let docs = k8s_documents();
    let arrows = network_policy::arrows(&policies(&docs), &pods(&docs));
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).expect("README.md");
    let missing: Vec<String> = vitrine_adapter::BACKENDS
        .iter()
        .flat_map(|d| backends::missing(d, &compose, &docs, &arrows, &readme))
        .collect();
    assert!(missing.is_empty(), "missing: {missing:#?}");
}
