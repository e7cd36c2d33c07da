//! issue 24: the traffic generator, Prometheus and Grafana, in compose and in the local
//! overlay, against the binary, the compose file's metrics ports and deploy/'s files.

use serde_yaml_ng::Value;

use super::{
    compose, compose_services, containers, env_of, help, k8s_documents, kustomize_documents, listens, name, ours, port,
    port_of, strings,
};

/// `service`'s mounts from the repository: `(file or directory, where)`.
fn mounts(service: &Value) -> Vec<(&str, &str)> {
    strings(&service["volumes"])
        .iter()
        .filter_map(|v| v.split_once(':'))
        .map(|(from, to)| (from, to.trim_end_matches(":ro")))
        .collect()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// issue 24: the traffic generator runs bounded against the edge, once; Prometheus
/// scrapes exactly every metrics port compose sets; Grafana has its data source at
/// Prometheus and its dashboards, for anonymous viewers.
#[test]
fn compose_runs_loadgen_against_the_edge_and_prometheus_scrapes_every_metrics_port() {
    let compose = compose();
    let services = compose_services(&compose);
    let service = |name: &str| &compose["services"][name];

    let loadgen = service("loadgen");
    assert!(ours(&compose, loadgen), "the one image");
    assert_eq!(strings(&loadgen["command"]), ["loadgen"]);
    assert_eq!(loadgen["restart"].as_str(), Some("no"), "it stops by itself and stays stopped");
    assert_eq!(loadgen["depends_on"]["edge"]["condition"].as_str(), Some("service_healthy"));
    assert!(!listens(loadgen), "a client: left out of scripts/topology");
    let env =
        |key: &str| loadgen["environment"][key].as_str().unwrap_or_else(|| panic!("loadgen sets {key}")).to_owned();
    let number = |key: &str| env(key).parse::<u64>().unwrap_or_else(|e| panic!("{key}: {e}"));
    let edge_port = service("edge")["environment"]["VITRINE_HTTP_ADDR"].as_str().and_then(port_of);
    assert_eq!(env("VITRINE_LOADGEN_TARGET"), format!("http://edge:{}", edge_port.expect("the edge's port")));
    assert!((300..=3600).contains(&number("VITRINE_LOADGEN_DURATION")), "several minutes, bounded");
    assert!(number("VITRINE_LOADGEN_RATE") <= 20, "a modest rate");

    // Prometheus: every service's VITRINE_METRICS_ADDR, named by its service, and nothing else.
    let prometheus = service("prometheus");
    assert!(prometheus["image"].as_str().is_some_and(|i| i.starts_with("prom/prometheus:")), "the official image");
    let config = "deploy/prometheus/prometheus.yml";
    assert!(
        mounts(prometheus).contains(&(&format!("./{config}"), "/etc/prometheus/prometheus.yml")),
        "{config} mounted"
    );
    assert!(strings(&prometheus["command"]).contains(&"--config.file=/etc/prometheus/prometheus.yml"));
    let scrape: Value = serde_yaml_ng::from_str(&read(config)).expect("prometheus.yml parses");
    let mut scraped: Vec<String> = Vec::new();
    for job in scrape["scrape_configs"].as_sequence().expect("scrape_configs") {
        for group in job["static_configs"].as_sequence().into_iter().flatten() {
            for target in strings(&group["targets"]) {
                let host = target.split(':').next().unwrap_or_default();
                assert_eq!(group["labels"]["service"].as_str(), Some(host), "{target}: labelled with its service");
                scraped.push(target.to_owned());
            }
        }
    }
    let mut expected: Vec<String> = services
        .iter()
        .filter_map(|(name, s)| Some(format!("{name}:{}", port(s["environment"]["VITRINE_METRICS_ADDR"].as_str()?)?)))
        .collect();
    scraped.sort();
    expected.sort();
    assert_eq!(scraped, expected, "Prometheus scrapes every metrics port compose sets");

    // Grafana: provisioned from deploy/grafana/, its data source the prometheus service.
    let grafana = service("grafana");
    assert!(grafana["image"].as_str().is_some_and(|i| i.starts_with("grafana/grafana:")), "the official image");
    let mounted = mounts(grafana);
    for kind in ["datasources", "dashboards"] {
        let provisioning =
            (&*format!("./deploy/grafana/provisioning/{kind}"), &*format!("/etc/grafana/provisioning/{kind}"));
        assert!(mounted.contains(&provisioning), "{mounted:?}");
    }
    assert!(mounted.contains(&("./deploy/grafana/dashboards", "/etc/grafana/dashboards")), "{mounted:?}");
    assert_eq!(grafana["environment"]["GF_AUTH_ANONYMOUS_ENABLED"].as_str(), Some("true"));
    assert_eq!(grafana["environment"]["GF_AUTH_ANONYMOUS_ORG_ROLE"].as_str(), Some("Viewer"), "viewers, not editors");
    let source: Value =
        serde_yaml_ng::from_str(&read("deploy/grafana/provisioning/datasources/prometheus.yml")).expect("data source");
    assert_eq!(source["datasources"][0]["url"].as_str(), Some("http://prometheus:9090"), "Prometheus's own port");
    let providers: Value =
        serde_yaml_ng::from_str(&read("deploy/grafana/provisioning/dashboards/vitrine.yml")).expect("providers");
    assert_eq!(providers["providers"][0]["options"]["path"].as_str(), Some("/etc/grafana/dashboards"));
    let home = grafana["environment"]["GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH"].as_str().unwrap_or_default();
    let file = home.strip_prefix("/etc/grafana/dashboards/").expect("a provisioned dashboard as the home page");
    assert!(
        std::path::Path::new(&format!("{}/../../deploy/grafana/dashboards/{file}", env!("CARGO_MANIFEST_DIR")))
            .is_file()
    );
}

/// issue 24 in the local overlay: Prometheus finds the pods through the API with a token
/// that may only read pods, keeps Vitrine's (annotated, a port named `metrics`); Grafana
/// is provisioned from copies of deploy/grafana/ that are the same files; loadgen is a
/// Job running `vitrine loadgen` bounded against the edge's Service.
#[test]
fn kubernetes_local_overlay_adds_prometheus_grafana_and_loadgen() {
    let docs = kustomize_documents("overlays/local");
    let doc = |kind: &str, n: &str| {
        docs.iter().map(|(_, d)| d).find(|d| d["kind"] == kind && name(d) == n).unwrap_or_else(|| panic!("{kind} {n}"))
    };
    // The token reads pods, nothing else, in this namespace only.
    let prometheus = doc("Deployment", "prometheus");
    assert_eq!(prometheus["spec"]["template"]["spec"]["serviceAccountName"].as_str(), Some("prometheus"));
    doc("ServiceAccount", "prometheus");
    let role = doc("Role", "prometheus");
    let rules = role["rules"].as_sequence().expect("rules");
    assert_eq!(rules.len(), 1, "one rule");
    assert_eq!((strings(&rules[0]["apiGroups"]), strings(&rules[0]["resources"])), (vec![""], vec!["pods"]));
    assert_eq!(strings(&rules[0]["verbs"]), ["get", "list", "watch"], "read only");
    let binding = doc("RoleBinding", "prometheus");
    assert_eq!(
        (binding["roleRef"]["kind"].as_str(), binding["roleRef"]["name"].as_str()),
        (Some("Role"), Some("prometheus"))
    );
    assert_eq!(binding["subjects"][0]["name"].as_str(), Some("prometheus"));
    assert!(
        !docs.iter().any(|(_, d)| d["kind"] == "ClusterRole" || d["kind"] == "ClusterRoleBinding"),
        "no cluster-wide grant"
    );

    // Its configuration: the pods of its namespace, Vitrine's kept, on their metrics port.
    let overlay = "k8s/overlays/local";
    let config: Value = serde_yaml_ng::from_str(&read(&format!("{overlay}/prometheus/prometheus.yml"))).expect("yaml");
    let job = &config["scrape_configs"][0];
    assert_eq!(job["kubernetes_sd_configs"][0]["role"].as_str(), Some("pod"));
    assert_eq!(job["kubernetes_sd_configs"][0]["namespaces"]["own_namespace"].as_bool(), Some(true));
    let keeps: Vec<(Vec<&str>, &str)> = job["relabel_configs"]
        .as_sequence()
        .expect("relabel_configs")
        .iter()
        .filter(|r| r["action"] == "keep")
        .map(|r| (strings(&r["source_labels"]), r["regex"].as_str().unwrap_or_default()))
        .collect();
    assert_eq!(
        keeps,
        [
            (vec!["__meta_kubernetes_pod_annotation_prometheus_io_scrape"], "true"),
            (vec!["__meta_kubernetes_pod_container_port_name"], "metrics"),
        ]
    );
    for deployment in k8s_documents().iter().map(|(_, d)| d).filter(|d| d["kind"] == "Deployment" && name(d) != "redis")
    {
        let template = &deployment["spec"]["template"];
        assert_eq!(
            template["metadata"]["annotations"]["prometheus.io/scrape"].as_str(),
            Some("true"),
            "{}",
            name(deployment)
        );
        let named =
            containers(deployment)[0]["ports"].as_sequence().into_iter().flatten().any(|p| p["name"] == "metrics");
        assert!(named, "{}: a port named metrics", name(deployment));
    }

    // Grafana's files: the very ones compose mounts, each in the ConfigMap Grafana reads.
    let kustomization: Value = serde_yaml_ng::from_str(&read(&format!("{overlay}/kustomization.yaml"))).expect("yaml");
    let generated: Vec<&str> = kustomization["configMapGenerator"]
        .as_sequence()
        .expect("configMapGenerator")
        .iter()
        .flat_map(|g| strings(&g["files"]))
        .filter_map(|f| f.split_once('=').map(|(_, path)| path))
        .collect();
    for copy in [
        "grafana/provisioning/datasources/prometheus.yml",
        "grafana/provisioning/dashboards/vitrine.yml",
        "grafana/dashboards/driver-latency.json",
    ] {
        let same = read(&format!("{overlay}/{copy}")) == read(&format!("deploy/{copy}"));
        assert!(same, "{overlay}/{copy} differs from deploy/{copy}: copy it again");
        assert!(generated.contains(&copy), "{copy} in a ConfigMap");
    }
    assert!(generated.contains(&"prometheus/prometheus.yml"));

    // loadgen: a Job of `vitrine loadgen`, bounded, against the edge's Service.
    let loadgen = doc("Job", "loadgen");
    let container = containers(loadgen)[0];
    assert_eq!(strings(&container["args"]), ["loadgen"]);
    let help = help(&["loadgen"]);
    let (vars, _) = env_of(container);
    for (key, _) in &vars {
        assert!(help.contains(&format!("[env: {key}")), "`vitrine loadgen` does not read {key}");
    }
    let var =
        |key: &str| vars.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_else(|| panic!("{key}"));
    let edge =
        k8s_documents().into_iter().find(|(_, d)| d["kind"] == "Service" && name(d) == "edge").expect("edge Service");
    let edge_port = edge.1["spec"]["ports"][0]["port"].as_u64().expect("port");
    assert_eq!(var("VITRINE_LOADGEN_TARGET"), format!("http://edge:{edge_port}"));
    assert!(var("VITRINE_LOADGEN_DURATION").parse::<u64>().is_ok_and(|d| (300..=3600).contains(&d)), "bounded");
    assert_eq!(loadgen["spec"]["template"]["spec"]["restartPolicy"].as_str(), Some("Never"));
}
