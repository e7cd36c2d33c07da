//! issue 25: replicas and disruption. Every Deployment of Vitrine's own services (the
//! `vitrine` image, but mock-data, which stands for an outside backend and keeps its writes
//! in memory) runs at least two pods spread over nodes, has a PodDisruptionBudget, and
//! drains on shutdown: a preStop wait, then a grace period longer than that wait plus the
//! server's own drain. The edge, catalogue and every adapter scale with an HPA, and each
//! adapter's upstream concurrency keeps its backend within the budget its Deployment states.
//! Each gRPC Service is headless, so its callers can balance over its pods.

use serde_yaml_ng::{Mapping, Value};

use super::{containers, env_of, k8s_documents, name};

/// Longer than the time a stopped pod may still get new calls: CoreDNS's answers live
/// 5 s (its kubernetes plugin's TTL), and kube-proxy and the ingress drop the endpoint
/// within a few seconds. The preStop wait must exceed it.
const FORGET_SECS: u64 = 10;

/// The annotation on an adapter's Deployment: the calls in flight its backend takes from
/// all of its pods together.
const BUDGET: &str = "vitrine.dev/upstream-budget";

/// The deployments that scale with load (an HPA each): the edge, catalogue, the adapters.
fn scales(app: &str) -> bool {
    app == "edge" || app == "catalogue" || app.starts_with("adapter-")
}

/// How long the server in `app` takes to finish its calls once told to stop: the edge's
/// actix drain, and for a gRPC server the longest call its callers wait for (tonic's
/// graceful stop finishes every call in flight).
fn drain_secs(app: &str) -> u64 {
    if app == "edge" { vitrine_edge::DRAIN_SECS } else { vitrine_common::grpc::CALL_TIMEOUT.as_secs() }
}

/// Vitrine's own Deployments that must stay up through disruptions: the `vitrine` image,
/// but mock-data.
fn own_deployments(docs: &[(String, Value)]) -> Vec<&Value> {
    docs.iter()
        .map(|(_, d)| d)
        .filter(|d| d["kind"] == "Deployment" && name(d) != "mock-data")
        .filter(|d| containers(d).iter().any(|c| c["image"] == "vitrine"))
        .collect()
}

/// Whether every label of `selector.matchLabels` (not empty) is one of `labels`.
fn selects(selector: &Value, labels: &Value) -> bool {
    let wanted = selector["matchLabels"].as_mapping().cloned().unwrap_or_default();
    !wanted.is_empty() && wanted.iter().all(|(k, v)| labels.get(k) == Some(v))
}

fn uint(value: &Value) -> Option<u64> {
    value.as_u64().or_else(|| value.as_str().and_then(|s| s.parse().ok()))
}

/// What the Deployments in `docs` lack of the above, one line each; empty when nothing.
pub(crate) fn gaps(docs: &[(String, Value)]) -> Vec<String> {
    let of_kind = |kind: &'static str| docs.iter().map(|(_, d)| d).filter(move |d| d["kind"] == kind);
    let mut gaps = Vec::new();
    for deployment in own_deployments(docs) {
        let app = name(deployment);
        let mut gap = |what: String| gaps.push(format!("{app}: {what}"));
        let pod = &deployment["spec"]["template"];
        let labels = &pod["metadata"]["labels"];
        let replicas = deployment["spec"]["replicas"].as_u64().unwrap_or(1);
        if replicas < 2 {
            gap(format!("replicas {replicas}, not at least 2"));
        }
        let budget = of_kind("PodDisruptionBudget").find(|p| selects(&p["spec"]["selector"], labels));
        match budget {
            None => gap("no PodDisruptionBudget selecting its pods".to_owned()),
            Some(b) => {
                let max_unavailable = uint(&b["spec"]["maxUnavailable"]);
                let min_available = uint(&b["spec"]["minAvailable"]);
                let keeps_one = max_unavailable.is_some_and(|n| (1..replicas).contains(&n))
                    || min_available.is_some_and(|n| (1..replicas).contains(&n));
                if !keeps_one {
                    gap(format!("its PodDisruptionBudget must let one pod go and keep one: {:?}", b["spec"]));
                }
            }
        }
        let spread = pod["spec"]["topologySpreadConstraints"].as_sequence().into_iter().flatten().any(|c| {
            c["topologyKey"] == "kubernetes.io/hostname" && selects(&c["labelSelector"], labels) && c["maxSkew"] == 1
        });
        if !spread {
            gap("no topology spread over nodes (kubernetes.io/hostname) for its pods".to_owned());
        }
        let container = containers(deployment).into_iter().find(|c| c["image"] == "vitrine");
        let pre_stop = container.and_then(|c| c["lifecycle"]["preStop"]["sleep"]["seconds"].as_u64());
        let grace = pod["spec"]["terminationGracePeriodSeconds"].as_u64().unwrap_or(30);
        match pre_stop {
            Some(wait) if wait > FORGET_SECS => {
                let drain = drain_secs(app);
                if grace <= wait + drain {
                    gap(format!("grace {grace} s is not longer than preStop {wait} s + its drain {drain} s"));
                }
            }
            Some(wait) => {
                gap(format!("preStop {wait} s, not longer than the {FORGET_SECS} s endpoints take to forget"));
            }
            None => gap("no preStop sleep (the drain)".to_owned()),
        }
        if container.is_none_or(|c| c["readinessProbe"].is_null()) {
            gap("no readiness probe".to_owned());
        }
        // Its callers balance over its pods only when its name resolves to each of them.
        let grpc =
            |s: &&Value| s["spec"]["ports"].as_sequence().into_iter().flatten().any(|p| p["appProtocol"] == "grpc");
        let service_of = of_kind("Service").filter(grpc).find(|s| {
            let wanted = s["spec"]["selector"].as_mapping().cloned().unwrap_or_default();
            !wanted.is_empty() && wanted.iter().all(|(k, v)| labels.get(k) == Some(v))
        });
        if let Some(service) = service_of
            && service["spec"]["clusterIP"] != "None"
        {
            gap("its gRPC Service is not headless (clusterIP: None): callers would stay on one pod".to_owned());
        }
        if !scales(app) {
            continue;
        }
        let hpa = of_kind("HorizontalPodAutoscaler").find(|h| {
            h["spec"]["scaleTargetRef"]["kind"] == "Deployment"
                && h["spec"]["scaleTargetRef"]["name"].as_str() == Some(app)
        });
        let Some(hpa) = hpa else {
            gap("no HorizontalPodAutoscaler".to_owned());
            continue;
        };
        let (min, max) = (hpa["spec"]["minReplicas"].as_u64().unwrap_or(1), hpa["spec"]["maxReplicas"].as_u64());
        if min < 2 || max.is_none_or(|max| max < min) {
            gap(format!("its HPA scales from {min} to {max:?}, not from at least 2"));
        }
        if app.starts_with("adapter-") {
            gaps.extend(
                upstream_gaps(deployment, max.unwrap_or_default(), grace).into_iter().map(|g| format!("{app}: {g}")),
            );
        }
    }
    gaps
}

/// An adapter's pods together stay within its backend's budget: (the HPA's maximum + one
/// pod still draining in a rollout) × the per-pod concurrency. A rollout adds no pod
/// (`maxSurge: 0`) and replaces the next only once the last has stopped
/// (`minReadySeconds` ≥ the grace period), so one draining pod is all there is.
fn upstream_gaps(deployment: &Value, max_replicas: u64, grace: u64) -> Vec<String> {
    let mut gaps = Vec::new();
    let budget = uint(&deployment["metadata"]["annotations"][BUDGET]);
    let concurrency = containers(deployment).into_iter().find_map(|c| {
        env_of(c)
            .0
            .into_iter()
            .find(|(k, _)| k == "VITRINE_UPSTREAM_CONCURRENCY")
            .and_then(|(_, v)| v.parse::<u64>().ok())
    });
    match (budget, concurrency) {
        (None, _) => gaps.push(format!("no {BUDGET} annotation")),
        (_, None) => gaps.push("no VITRINE_UPSTREAM_CONCURRENCY".to_owned()),
        (Some(budget), Some(per_pod)) if (max_replicas + 1) * per_pod > budget => gaps.push(format!(
            "({max_replicas} pods at most + 1 draining) × {per_pod} = {} calls, over its budget of {budget}",
            (max_replicas + 1) * per_pod
        )),
        _ => {}
    }
    let spec = &deployment["spec"];
    if uint(&spec["strategy"]["rollingUpdate"]["maxSurge"]) != Some(0) {
        gaps.push("a rollout may add pods above the HPA's maximum (maxSurge is not 0)".to_owned());
    }
    if spec["minReadySeconds"].as_u64().unwrap_or(0) < grace {
        gaps.push(format!("minReadySeconds below the grace period {grace} s: more than one pod may drain"));
    }
    gaps
}

#[test]
fn vitrine_deployments_run_two_pods_with_a_disruption_budget_spread_and_a_drain() {
    let docs = k8s_documents();
    let own: Vec<&str> = own_deployments(&docs).into_iter().map(name).collect();
    assert_eq!(
        own.len(),
        vitrine_adapter::BACKENDS.len() + 5,
        "every adapter, four domain services, the edge: {own:?}"
    );
    assert_eq!(gaps(&docs), Vec::<String>::new());
    // mock-data stays at one, on purpose (mock-data.yaml says why).
    let mock = docs.iter().map(|(_, d)| d).find(|d| d["kind"] == "Deployment" && name(d) == "mock-data");
    assert_eq!(mock.map(|m| m["spec"]["replicas"].as_u64()), Some(Some(1)));
}

/// The control: a Deployment with one replica, no budget, no spread and no drain is
/// reported on each count, and so are an adapter over its budget, one whose rollout
/// may surge and a gRPC Service that is not headless.
#[test]
fn availability_gaps_are_reported() {
    let one: Value = serde_yaml_ng::from_str(
        "
kind: Deployment
metadata: { name: navigation }
spec:
  replicas: 1
  template:
    metadata: { labels: { app: navigation } }
    spec:
      containers: [{ name: navigation, image: vitrine, args: [navigation] }]
",
    )
    .expect("yaml");
    let found = gaps(&[(String::new(), one)]);
    for what in ["replicas 1", "no PodDisruptionBudget", "no topology spread", "no preStop", "no readiness probe"] {
        assert!(found.iter().any(|g| g.contains(what)), "{what} not reported: {found:#?}");
    }

    let mut docs = k8s_documents();
    for (_, doc) in &mut docs {
        if doc["kind"] == "Deployment" && name(doc) == "adapter-magento" {
            let env = doc["spec"]["template"]["spec"]["containers"][0]["env"].as_sequence_mut().expect("env");
            let var = env.iter_mut().find(|v| v["name"] == "VITRINE_UPSTREAM_CONCURRENCY").expect("its concurrency");
            var["value"] = Value::from("32");
            doc["spec"]["strategy"] = Value::Mapping(Mapping::new());
        }
        if doc["kind"] == "PodDisruptionBudget" && name(doc) == "cart" {
            doc["spec"]["maxUnavailable"] = Value::from(2);
        }
        if doc["kind"] == "Service" && name(doc) == "navigation" {
            doc["spec"].as_mapping_mut().expect("spec").remove("clusterIP");
        }
    }
    let found = gaps(&docs);
    assert!(found.iter().any(|g| g.starts_with("adapter-magento: (4 pods at most + 1 draining) × 32")), "{found:#?}");
    assert!(found.iter().any(|g| g.starts_with("adapter-magento: a rollout may add pods")), "{found:#?}");
    assert!(found.iter().any(|g| g.starts_with("cart: its PodDisruptionBudget")), "{found:#?}");
    assert!(found.iter().any(|g| g.starts_with("navigation: its gRPC Service is not headless")), "{found:#?}");
    assert_eq!(found.len(), 4, "{found:#?}");
}
