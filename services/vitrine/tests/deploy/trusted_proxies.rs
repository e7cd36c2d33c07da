//! Which proxy hops each deployment trusts: compose, the k8s base and its local overlay
//! publish the edge directly and trust none (a client there could otherwise name its
//! own address in `X-Forwarded-For`); the ingress overlay trusts its controller's pods
//! and lets nothing else reach the edge's port.

use serde_yaml_ng::Value;

use super::{compose, compose_services, k8s_documents, kustomize};

const SETTING: &str = "VITRINE_TRUSTED_PROXIES";

fn config_value(docs: &[(String, Value)]) -> Option<String> {
    docs.iter()
        .find(|(_, d)| d["kind"] == "ConfigMap" && d["metadata"]["name"] == "vitrine-config")
        .and_then(|(_, d)| d["data"][SETTING].as_str().map(str::to_owned))
        .filter(|v| !v.trim().is_empty())
}

fn edge_policy(docs: &[(String, Value)]) -> Value {
    docs.iter()
        .find(|(_, d)| d["kind"] == "NetworkPolicy" && d["metadata"]["name"] == "edge")
        .map(|(_, d)| d.clone())
        .expect("the edge's network policy")
}

#[test]
fn only_the_ingress_overlay_trusts_a_proxy_and_only_its_controller_reaches_the_edge() {
    // Compose: the edge's port is published; nothing is trusted.
    let compose = compose();
    for (name, service) in compose_services(&compose) {
        let env = &service["environment"][SETTING];
        assert!(env.is_null() || env.as_str() == Some(""), "compose's {name} trusts {env:?}");
    }
    // The base, and the local overlay (a NodePort): nothing trusted.
    let base = k8s_documents();
    assert_eq!(config_value(&base), None, "the base trusts no proxy");
    let local = std::fs::read_dir(kustomize::dir_of("overlays/local")).expect("the local overlay");
    for file in local.flatten().filter(|f| f.path().is_file()) {
        let text = std::fs::read_to_string(file.path()).unwrap_or_default();
        assert!(!text.contains(SETTING), "{:?} trusts a proxy beside a NodePort", file.path());
    }
    // The base's edge is reached by anyone: the NodePort, a load balancer.
    let open = &edge_policy(&base)["spec"]["ingress"];
    assert!(open.as_sequence().expect("rules").iter().any(|r| r["from"].is_null()), "{open:?}");

    // The ingress overlay: the controller's pods trusted, as the edge reads the setting...
    let ingress = kustomize::build("overlays/ingress");
    let trusted = config_value(&ingress).expect("the ingress overlay names its proxies");
    vitrine_edge::TrustedProxies::parse(&trusted).unwrap_or_else(|e| panic!("{trusted}: {e}"));
    // ...and nothing else reaches the edge's public port.
    let rules = edge_policy(&ingress)["spec"]["ingress"].clone();
    let rules = rules.as_sequence().expect("rules");
    assert!(!rules.is_empty());
    for rule in rules {
        let from = rule["from"].as_sequence().unwrap_or_else(|| panic!("a rule open to anyone: {rule:?}"));
        assert!(
            from.iter().all(|f| f["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"].is_string()),
            "{rule:?}"
        );
    }
    let routed = ingress.iter().find(|(_, d)| d["kind"] == "Ingress").expect("an Ingress");
    let backend = &routed.1["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"];
    assert_eq!(backend["name"], "edge", "{backend:?}");
}
