//! The deployment's per-backend parts, generated from the backend descriptors
//! (`vitrine_adapter::BACKENDS`): a backend is written once, in its descriptor, and every
//! compose service, k8s Deployment, Service, Secret, NetworkPolicy arrow, Prometheus target
//! and list of adapters follows from it.
//!
//! Each generated part sits in its file between `# BEGIN generated <part>` and
//! `# END generated <part>` (indented as its content). This test fails when one is not what
//! the descriptors make; `VITRINE_UPDATE_DEPLOY=1 cargo test -p vitrine --test
//! deploy_generated` rewrites them. `backend_footprint.rs` does not count what is between
//! the markers.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use vitrine_adapter::{BACKENDS, BackendDescriptor};
use vitrine_domain::Backend;

const REGENERATE: &str = "VITRINE_UPDATE_DEPLOY=1 cargo test -p vitrine --test deploy_generated";

/// The files that hold generated parts, from the repository's root.
const FILES: [&str; 9] = [
    "docker-compose.yml",
    "deploy/prometheus/prometheus.yml",
    "k8s/base/adapters.yaml",
    "k8s/base/config.yaml",
    "k8s/base/network-policies.yaml",
    "k8s/overlays/ha-redis/kustomization.yaml",
    "k8s/overlays/ha-redis/network-policies.yaml",
    "k8s/overlays/local/jaeger.yaml",
    "k8s/overlays/local/prometheus.yaml",
];

fn root() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).to_path_buf()
}

fn app(d: &BackendDescriptor) -> String {
    format!("adapter-{}", d.backend)
}

/// The adapter's metrics port in compose, where every service shares one host under
/// `scripts/topology`: 9461 for the adapter on 50061, and so on.
fn compose_metrics_port(d: &BackendDescriptor) -> u16 {
    d.default_port - 50_060 + 9_460
}

/// Whether the adapter calls a shop outside the cluster. In-memory's is mock-data, inside:
/// its one setting (mock-data's address) is the deployment's own, written beside mock-data.
fn calls_out(d: &BackendDescriptor) -> bool {
    d.backend != Backend::InMemory
}

/// The settings a deployer gives `d` (none for in-memory's, see [`calls_out`]).
fn settings(d: &BackendDescriptor) -> impl Iterator<Item = &vitrine_adapter::backend::Setting> {
    d.settings.iter().filter(move |_| calls_out(d))
}

fn each(mut line: impl FnMut(&BackendDescriptor) -> String) -> String {
    BACKENDS.iter().map(|d| line(d)).collect()
}

/// A part's lines, unindented (each ends with a newline).
fn part(name: &str) -> String {
    match name {
        "adapter-apps" => each(|d| format!("- {}\n", app(d))),
        "adapter-apps-calling-out" => each(|d| if calls_out(d) { format!("- {}\n", app(d)) } else { String::new() }),
        "adapter-ports" => each(|d| format!("- {{ protocol: TCP, port: {} }}\n", d.default_port)),
        "domain-to-adapters" => each(|d| {
            format!(
                "- to: [{{ podSelector: {{ matchLabels: {{ app: {} }} }} }}]\n  ports: [{{ protocol: TCP, port: {} }}]\n",
                app(d),
                d.default_port
            )
        }),
        "adapter-urls" => {
            each(|d| format!("VITRINE_ADAPTER_{}_URL: http://{}:{}\n", d.env_name(), app(d), d.default_port))
        }
        "ha-redis-clients" => {
            let names: Vec<String> = BACKENDS.iter().map(|d| app(d)).collect();
            format!("- target: {{ kind: Deployment, name: \"edge|{}\" }}\n", names.join("|"))
        }
        "k8s-settings" => each(|d| {
            let mut out = String::new();
            for s in settings(d).filter(|s| !s.secret) {
                let _ = writeln!(out, "{}: \"{}\"", s.env, s.default.unwrap_or_default());
            }
            out
        }),
        "k8s-secrets" => each(k8s_secret),
        "k8s-adapters" => each(k8s_adapter),
        "compose-adapters" => each(compose_adapter),
        "compose-edge-settings" => each(|d| {
            let mut out = String::new();
            for s in settings(d).filter(|s| !s.secret) {
                let _ = writeln!(out, "{}: ${{{}:-{}}}", s.env, s.env, s.default.unwrap_or_default());
            }
            out
        }),
        "compose-prometheus-targets" => each(|d| {
            format!("- targets: [\"{}:{}\"]\n  labels: {{ service: {} }}\n", app(d), compose_metrics_port(d), app(d))
        }),
        other => panic!("no generated part named {other}"),
    }
}

/// The Secret of `d`'s credentials, mounted in its adapter's pod only; none without any.
fn k8s_secret(d: &BackendDescriptor) -> String {
    let secrets: Vec<_> = settings(d).filter(|s| s.secret).collect();
    if secrets.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "---\n# {}'s credentials, mounted in its adapter's pod only. Fill in per environment (the\n# overlay, or a \
         sealed secret); empty: the driver is not configured.\napiVersion: v1\nkind: Secret\nmetadata:\n  name: \
         vitrine-{}\ntype: Opaque\nstringData:\n",
        d.backend.driver().label(),
        d.backend
    );
    for s in secrets {
        let _ = writeln!(out, "  {}: \"\"", s.env);
    }
    out
}

fn compose_adapter(d: &BackendDescriptor) -> String {
    let (name, port) = (app(d), d.default_port);
    let mut out = format!(
        "{name}:\n  <<: *service\n  command: [\"adapter\", \"--driver\", \"{}\"]\n  environment:\n    <<: \
         *adapter-env\n    VITRINE_ADAPTER_ADDR: 0.0.0.0:{port}\n    VITRINE_METRICS_ADDR: 0.0.0.0:{}\n",
        d.backend,
        compose_metrics_port(d)
    );
    for s in settings(d) {
        let _ = writeln!(out, "    {}: ${{{}:-{}}}", s.env, s.env, s.default.unwrap_or_default());
    }
    let _ = write!(
        out,
        "  healthcheck:\n    <<: *health\n    test: [\"CMD\", \"vitrine\", \"probe\", \"--grpc\", \"127.0.0.1:{port}\"]\n\n"
    );
    out
}

/// `d`'s adapter: Deployment, Service, PodDisruptionBudget and HorizontalPodAutoscaler.
fn k8s_adapter(d: &BackendDescriptor) -> String {
    let (name, port) = (app(d), d.default_port);
    let secret = if settings(d).any(|s| s.secret) {
        format!(
            "            # Its credentials: in this pod only.\n            - secretRef: {{ name: vitrine-{} }}\n",
            d.backend
        )
    } else {
        String::new()
    };
    K8S_ADAPTER
        .replace("{name}", &name)
        .replace("{driver}", d.backend.as_str())
        .replace("{port}", &port.to_string())
        .replace("{secret}", &secret)
}

/// One adapter in k8s; `{name}`, `{driver}`, `{port}` and `{secret}` (its Secret's
/// reference, or nothing) filled in.
const K8S_ADAPTER: &str = r#"---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
  # The calls in flight that all pods together may make to their backend (its server; for
  # in-memory, mock-data's one pod).
  annotations: { vitrine.dev/upstream-budget: "64" }
spec:
  replicas: 2
  # A rollout adds no pod above the HPA's maximum, and replaces the next pod only once the
  # last one replaced has surely stopped (minReadySeconds ≥ the grace period): at most one
  # pod drains beside the others, as the budget below counts.
  strategy:
    rollingUpdate: { maxSurge: 0, maxUnavailable: 1 }
  minReadySeconds: 40
  selector:
    matchLabels: { app: {name} }
  template:
    metadata:
      labels: { app: {name} }
      annotations:
        prometheus.io/scrape: "true"
        prometheus.io/port: "9464"
        prometheus.io/path: /metrics
    spec:
      automountServiceAccountToken: false
      # Drain (deploy/README.md): preStop 15 s + the server's own drain + flushing traces.
      terminationGracePeriodSeconds: 40
      # One replica per node where there are nodes enough; never unschedulable for it.
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector: { matchLabels: { app: {name} } }
          matchLabelKeys: [pod-template-hash]
      containers:
        - name: {name}
          image: vitrine
          args: ["adapter", "--driver", "{driver}"]
          envFrom:
            - configMapRef: { name: vitrine-config }
{secret}          env:
            # The Redis password (Secret vitrine-redis) in the store URL.
            - name: REDIS_PASSWORD
              valueFrom: { secretKeyRef: { name: vitrine-redis, key: password } }
            - { name: VITRINE_REDIS_URL, value: "redis://:$(REDIS_PASSWORD)@redis:6379/" }
            # Per pod. All pods: (the HPA's maximum 4 + 1 pod still draining in a
            # rollout) × 12 = 60 ≤ the budget of 64 (vitrine.dev/upstream-budget).
            - { name: VITRINE_UPSTREAM_CONCURRENCY, value: "12" }
            - { name: VITRINE_ADAPTER_ADDR, value: "0.0.0.0:{port}" }
          ports:
            - containerPort: {port}
            - { name: metrics, containerPort: 9464 }
          # The standard gRPC health protocol (grpc.health.v1), served by every service.
          readinessProbe:
            grpc: { port: {port} }
          livenessProbe:
            grpc: { port: {port} }
            initialDelaySeconds: 5
          # Keep serving while the endpoint removal reaches kube-proxy, the ingress and DNS
          # caches, then SIGTERM starts the drain (deploy/README.md). The native sleep action:
          # no process in the container, so it does not depend on the image having `sleep`.
          lifecycle:
            preStop:
              sleep: { seconds: 15 }
          # Non-root, nothing writable, no privilege to gain; the binary writes no file.
          securityContext:
            runAsNonRoot: true
            runAsUser: 10001
            runAsGroup: 10001
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities: { drop: [ALL] }
            seccompProfile: { type: RuntimeDefault }
          resources:
            requests: { cpu: 50m, memory: 32Mi }
            limits: { cpu: "1", memory: 256Mi }
---
apiVersion: v1
kind: Service
metadata:
  name: {name}
spec:
  # Headless: the name resolves to every ready pod, and each client balances its calls
  # over them (one HTTP/2 connection to a virtual IP would pin it to one pod).
  clusterIP: None
  selector: { app: {name} }
  ports:
    - port: {port}
      targetPort: {port}
      appProtocol: grpc
---
# At most one pod down by choice (a node drain); a pod that is not ready may always go.
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {name}
spec:
  maxUnavailable: 1
  unhealthyPodEvictionPolicy: AlwaysAllow
  selector:
    matchLabels: { app: {name} }
---
# Where the load is; the maximum is bounded by the upstream budget above.
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {name}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {name}
  minReplicas: 2
  maxReplicas: 4
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: 70 }
"#;

/// `text` with every generated part made anew, and the names of the parts found.
fn regenerate(text: &str, file: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut found = Vec::new();
    let mut lines = text.split_inclusive('\n');
    while let Some(line) = lines.next() {
        out.push_str(line);
        let Some(name) = line.trim().strip_prefix("# BEGIN generated ") else { continue };
        let name = name.trim().to_owned();
        let indent = &line[..line.len() - line.trim_start().len()];
        let end = format!("# END generated {name}");
        let mut closed = false;
        for skipped in lines.by_ref() {
            if skipped.trim() == end {
                for generated in part(&name).split_inclusive('\n') {
                    if generated.trim().is_empty() {
                        out.push('\n');
                    } else {
                        out.push_str(indent);
                        out.push_str(generated);
                    }
                }
                out.push_str(skipped);
                closed = true;
                break;
            }
        }
        assert!(closed, "{file}: `# BEGIN generated {name}` without its `{end}`");
        found.push(name);
    }
    (out, found)
}

#[test]
fn the_deployment_s_backend_parts_are_what_the_descriptors_make() {
    let mut stale = Vec::new();
    for file in FILES {
        let path = root().join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let (generated, found) = regenerate(&text, file);
        assert!(!found.is_empty(), "{file} has no generated part");
        if generated != text {
            if std::env::var_os("VITRINE_UPDATE_DEPLOY").is_some() {
                std::fs::write(&path, &generated).unwrap_or_else(|e| panic!("{file}: {e}"));
            } else {
                stale.push(file);
            }
        }
    }
    assert!(stale.is_empty(), "generated parts out of date in {stale:?}: run {REGENERATE}");
}

#[test]
fn a_backend_s_name_outside_a_generated_part_is_written_by_hand() {
    // What the footprint counts: a file's text without its generated parts.
    let text = "a: 1\n  # BEGIN generated adapter-apps\n  - adapter-x\n  # END generated adapter-apps\nb: 2\n";
    let (again, found) = regenerate(text, "example");
    assert_eq!(found, ["adapter-apps"]);
    assert!(again.contains("  - adapter-vendure\n"), "{again}");
    assert!(!again.contains("adapter-x"), "{again}");
}
