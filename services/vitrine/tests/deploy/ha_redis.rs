//! issue 25, part 4: the highly available Redis overlay (`k8s/overlays/ha-redis`).
//!
//! The overlay is built as kustomize builds it (`kustomize.rs`; where `kubectl` is
//! installed, its `kustomize` is compared with that). Then: the base's single Redis is
//! gone and Redis is a StatefulSet of three pods, each a redis-server and a Sentinel,
//! configured as the issue says and hardened like every workload; every
//! service the base gives a store URL asks the Sentinels instead, with variables the
//! binary reads; the NetworkPolicies add the Sentinel and replication arrows and nothing
//! else. And the pods' scripts run against real `redis-server` and `redis-sentinel`
//! processes (`ha_redis_pods.rs`): the bootstrap, a hand-over on stop, a recreated
//! pod joining the new primary, a primary restarted empty waiting for the failover.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde::Deserialize as _;
use serde_yaml_ng::{Mapping, Value};

use super::{
    assert_hardened, containers, design_arrows, env_of, help, k8s_documents, kustomize, name, name_of, network_policy,
    pods, policies, strings,
};

const OVERLAY: &str = "overlays/ha-redis";

fn overlay_dir() -> String {
    kustomize::dir_of(OVERLAY)
}

fn kustomization() -> Value {
    kustomize::kustomization(OVERLAY)
}

fn generator_files(generator: &Value) -> Vec<(String, String)> {
    kustomize::generator_files(OVERLAY, generator)
}

/// The overlay's documents, as kustomize builds them.
fn rendered() -> Vec<(String, Value)> {
    kustomize::build(OVERLAY)
}

fn find<'a>(docs: &'a [(String, Value)], kind: &str, n: &str) -> Option<&'a Value> {
    docs.iter().map(|(_, d)| d).find(|d| d["kind"] == kind && name(d) == n)
}

/// A config file of the pods (`k8s/overlays/ha-redis/redis/`).
fn pod_file(file: &str) -> String {
    std::fs::read_to_string(format!("{}/redis/{file}", overlay_dir())).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The words after `words` on the first line of a Redis config file that starts with
/// them; comments and blank lines skipped.
fn directive<'a>(conf: &'a str, words: &[&str]) -> Option<Vec<&'a str>> {
    conf.lines().map(str::split_whitespace).map(Iterator::collect::<Vec<_>>).find_map(|line| {
        (line.len() >= words.len() && line[..words.len()] == *words).then(|| line[words.len()..].to_vec())
    })
}

fn port_in(conf: &str) -> u64 {
    directive(conf, &["port"]).and_then(|p| p.first()?.parse().ok()).expect("a port")
}

/// What the Redis pods are, as the clients must name them.
struct RedisSet {
    replicas: u64,
    /// The headless Service: pod `i` is `redis-<i>.<headless>`.
    headless: String,
    sentinel_port: u64,
    /// The name the Sentinels monitor the primary under.
    master: String,
}

impl RedisSet {
    fn of(docs: &[(String, Value)]) -> Self {
        let set = find(docs, "StatefulSet", "redis").expect("Redis's StatefulSet");
        let conf = pod_file("sentinel.conf");
        let monitor = directive(&conf, &["sentinel", "monitor"]).expect("a monitor line");
        Self {
            replicas: set["spec"]["replicas"].as_u64().expect("replicas"),
            headless: set["spec"]["serviceName"].as_str().expect("serviceName").to_owned(),
            sentinel_port: port_in(&conf),
            master: monitor[0].to_owned(),
        }
    }

    fn pod(&self, i: u64) -> String {
        format!("redis-{i}.{}", self.headless)
    }

    /// `VITRINE_REDIS_SENTINELS` as it must be: every pod's Sentinel.
    fn sentinels(&self) -> BTreeSet<String> {
        (0..self.replicas).map(|i| format!("{}:{}", self.pod(i), self.sentinel_port)).collect()
    }
}

/// `(name, value or "secret:NAME/KEY" or "field:PATH")` of a container's variables.
fn vars(container: &Value) -> Vec<(String, String)> {
    let fields = container["env"]
        .as_sequence()
        .into_iter()
        .flatten()
        .filter_map(|v| Some((v["name"].as_str()?, v["valueFrom"]["fieldRef"]["fieldPath"].as_str()?)));
    let fields: BTreeMap<&str, &str> = fields.collect();
    env_of(container)
        .0
        .into_iter()
        .map(|(k, v)| match fields.get(k.as_str()) {
            Some(path) => (k, format!("field:{path}")),
            None => (k, v),
        })
        .collect()
}

fn var<'a>(vars: &'a [(String, String)], key: &str) -> Option<&'a str> {
    vars.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

#[test]
fn redis_is_a_stateful_set_of_three_each_with_a_sentinel() {
    let docs = rendered();
    assert!(find(&docs, "Deployment", "redis").is_none(), "the base's single Redis is deleted");
    assert!(find(&docs, "Service", "redis").is_none(), "and its Service: no fixed address for a primary");
    assert!(find(&k8s_documents(), "Deployment", "redis").is_some(), "the base has one to delete");
    let set = find(&docs, "StatefulSet", "redis").expect("Redis's StatefulSet");
    let redis = RedisSet::of(&docs);
    assert_eq!(redis.replicas, 3);
    assert_eq!(set["spec"]["podManagementPolicy"], "Parallel", "pod 0 needs the others' Sentinels to be ready");

    // Pods named through a headless Service, published before they are ready.
    let labels = &set["spec"]["template"]["metadata"]["labels"];
    assert_eq!(labels["app"], "redis", "the base's NetworkPolicies know Redis by app: redis");
    let app: Mapping = [("app".into(), "redis".into())].into_iter().collect();
    assert_eq!(set["spec"]["selector"]["matchLabels"], Value::Mapping(app));
    let headless = find(&docs, "Service", &redis.headless).expect("the headless Service");
    assert_eq!(headless["spec"]["clusterIP"], "None");
    assert_eq!(headless["spec"]["publishNotReadyAddresses"].as_bool(), Some(true));
    assert_eq!(headless["spec"]["selector"], set["spec"]["selector"]["matchLabels"]);
    let redis_conf = pod_file("redis.conf");
    let sentinel_conf = pod_file("sentinel.conf");
    let (redis_port, sentinel_port) = (port_in(&redis_conf), port_in(&sentinel_conf));
    let service_ports: Vec<u64> =
        headless["spec"]["ports"].as_sequence().into_iter().flatten().filter_map(|p| p["port"].as_u64()).collect();
    assert_eq!(service_ports, [redis_port, sentinel_port]);

    // The Sentinels: by host names, one monitor of pod 0 with a quorum of 2 of 3 (a
    // majority), noticing a loss in seconds.
    let line = |words: &[&str]| {
        sentinel_conf.lines().position(|l| l.split_whitespace().collect::<Vec<_>>().starts_with(words))
    };
    let monitor_at = line(&["sentinel", "monitor"]).expect("a monitor line");
    for setting in ["resolve-hostnames", "announce-hostnames"] {
        assert_eq!(directive(&sentinel_conf, &["sentinel", setting]), Some(vec!["yes"]), "{setting}");
        assert!(line(&["sentinel", setting]) < Some(monitor_at), "{setting} before the monitor line reads it");
    }
    let monitor = directive(&sentinel_conf, &["sentinel", "monitor"]).expect("monitor");
    let quorum: u64 = monitor[3].parse().expect("a quorum");
    assert_eq!(monitor[1..3], [redis.pod(0).as_str(), redis_port.to_string().as_str()], "pod 0 bootstraps");
    assert_eq!(quorum, 2);
    assert!(quorum > redis.replicas / 2, "a quorum is a majority of the Sentinels, one per pod");
    let master = redis.master.as_str();
    let millis = |setting: &str| {
        directive(&sentinel_conf, &["sentinel", setting, master])
            .and_then(|v| v.first()?.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("sentinel {setting} {master}"))
    };
    assert!((1000..=10_000).contains(&millis("down-after-milliseconds")), "a loss noticed within 10 s");
    assert!(millis("failover-timeout") >= millis("down-after-milliseconds"));
    // What is secret or per pod, the script adds (and the_pods_scripts_... runs it).
    let start_sentinel = pod_file("start-sentinel.sh");
    for written in ["sentinel auth-pass $MASTER_NAME", "requirepass", "sentinel announce-ip $SELF", "sentinel myid"] {
        assert!(start_sentinel.contains(&format!("echo \"{written}")), "start-sentinel.sh writes {written}");
    }

    // The servers: capped, no persistence, and a primary refusing writes without a replica.
    assert_eq!(directive(&redis_conf, &["min-replicas-to-write"]), Some(vec!["1"]));
    assert_eq!(directive(&redis_conf, &["min-replicas-max-lag"]), Some(vec!["10"]));
    assert!(directive(&redis_conf, &["maxmemory"]).is_some(), "a memory cap");
    assert_eq!(directive(&redis_conf, &["maxmemory-policy"]), Some(vec!["allkeys-lru"]));
    assert_eq!(directive(&redis_conf, &["appendonly"]), Some(vec!["no"]));
    let start_redis = pod_file("start-redis.sh");
    for written in ["requirepass", "masterauth", "replica-announce-ip $SELF", "replicaof $primary"] {
        assert!(start_redis.contains(&format!("echo \"{written}")), "start-redis.sh writes {written}");
    }

    // Each container: its scripts from the generated ConfigMap, who it is, the password.
    let pod = &set["spec"]["template"]["spec"];
    let config = pod["volumes"].as_sequence().into_iter().flatten().find(|v| v["configMap"].is_mapping());
    let config = config.expect("the scripts' volume");
    let generator = kustomization()["configMapGenerator"]
        .as_sequence()
        .into_iter()
        .flatten()
        .find(|g| g["name"] == config["configMap"]["name"])
        .cloned()
        .expect("the volume's ConfigMap is the overlay's generated one");
    let files: Vec<String> = generator_files(&generator).into_iter().map(|(k, _)| k).collect();
    let names: Vec<&str> = containers(set).into_iter().map(name_of).collect();
    assert_eq!(names, ["redis", "sentinel"]);
    let expected = [(redis_port, "start-redis.sh"), (sentinel_port, "start-sentinel.sh")];
    for (container, (port, script)) in containers(set).into_iter().zip(expected) {
        let who = name_of(container);
        let ports: Vec<u64> = container["ports"]
            .as_sequence()
            .into_iter()
            .flatten()
            .filter_map(|p| p["containerPort"].as_u64())
            .collect();
        assert_eq!(ports, [port], "{who}: listens where its config says");
        let mounts = container["volumeMounts"].as_sequence().expect("volumeMounts");
        let mount_of = |volume: &str| {
            mounts.iter().find(|m| m["name"] == volume).and_then(|m| m["mountPath"].as_str()).map(str::to_owned)
        };
        let conf_dir = mount_of(config["name"].as_str().unwrap_or_default()).expect("the scripts mounted");
        let command: Vec<&str> =
            container["command"].as_sequence().into_iter().flatten().filter_map(Value::as_str).collect();
        assert_eq!(command, ["sh", format!("{conf_dir}/{script}").as_str()], "{who}");
        // Every script a command or a probe runs is in the ConfigMap.
        let exec = ["startupProbe", "readinessProbe", "livenessProbe"]
            .iter()
            .map(|p| &container[*p]["exec"]["command"])
            .chain([&container["lifecycle"]["preStop"]["exec"]["command"], &container["command"]]);
        for arg in exec.flat_map(|c| c.as_sequence().into_iter().flatten().filter_map(Value::as_str)) {
            if let Some(file) = arg.strip_prefix(&format!("{conf_dir}/")) {
                assert!(files.iter().any(|f| f == file), "{who}: {file} is not in the ConfigMap");
            }
        }
        for probe in ["startupProbe", "readinessProbe", "livenessProbe"] {
            assert!(container[probe]["exec"]["command"].is_sequence(), "{who}: {probe}");
        }
        for (kind, what) in [("requests", "cpu"), ("requests", "memory"), ("limits", "cpu"), ("limits", "memory")] {
            assert!(!container["resources"][kind][what].is_null(), "{who}: resources.{kind}.{what}");
        }
        let vars = vars(container);
        let peers: Vec<String> = (0..redis.replicas).map(|i| redis.pod(i)).collect();
        assert_eq!(var(&vars, "PEERS"), Some(peers.join(" ").as_str()), "{who}: every pod");
        assert_eq!(var(&vars, "SELF"), Some(format!("$(POD_NAME).{}", redis.headless).as_str()), "{who}");
        let pod_name = vars.iter().position(|(k, v)| k == "POD_NAME" && v == "field:metadata.name");
        let self_at = vars.iter().position(|(k, _)| k == "SELF");
        assert!(pod_name.is_some_and(|at| Some(at) < self_at), "{who}: POD_NAME, defined before SELF");
        assert_eq!(var(&vars, "CONF"), Some(conf_dir.as_str()), "{who}");
        for key in ["REDIS_PASSWORD", "REDISCLI_AUTH"] {
            assert_eq!(var(&vars, key), Some("secret:vitrine-redis/password"), "{who}: {key}");
        }
        // Its writable place is an emptyDir of its own.
        let data = var(&vars, "DATA").expect("DATA");
        let volume = mounts.iter().find(|m| m["mountPath"] == data).expect("DATA is mounted");
        let volume = pod["volumes"].as_sequence().into_iter().flatten().find(|v| v["name"] == volume["name"]);
        assert!(volume.is_some_and(|v| v["emptyDir"].is_mapping()), "{who}: DATA is an emptyDir");
    }
    let redis_container = containers(set)[0];
    let pre_stop = strings(&redis_container["lifecycle"]["preStop"]["exec"]["command"]);
    assert!(pre_stop.last().is_some_and(|s| s.ends_with("/pre-stop.sh")), "a primary hands over before it stops");
    assert_hardened(set);

    // Spread over nodes, and at most one pod down by choice.
    let spread = pod["topologySpreadConstraints"].as_sequence().into_iter().flatten().any(|c| {
        c["topologyKey"] == "kubernetes.io/hostname"
            && c["maxSkew"] == 1
            && c["labelSelector"]["matchLabels"] == set["spec"]["selector"]["matchLabels"]
    });
    assert!(spread, "spread over nodes");
    let budget = docs
        .iter()
        .map(|(_, d)| d)
        .find(|d| d["kind"] == "PodDisruptionBudget" && d["spec"]["selector"] == set["spec"]["selector"])
        .expect("a PodDisruptionBudget for the Redis pods");
    assert_eq!(budget["spec"]["maxUnavailable"].as_u64(), Some(1));
}

/// The Deployments the base gives a store URL: the Redis clients.
fn redis_clients(base: &[(String, Value)]) -> Vec<String> {
    let clients = base
        .iter()
        .map(|(_, d)| d)
        .filter(|d| d["kind"] == "Deployment")
        .filter(|d| containers(d).iter().any(|c| env_of(c).0.iter().any(|(k, _)| k == "VITRINE_REDIS_URL")));
    clients.map(|d| name(d).to_owned()).collect()
}

/// What the overlay's Redis clients lack, one line each; empty when nothing: every
/// Deployment the base gives a store URL asks the Sentinels (every pod's, the monitored
/// name, the passwords from the Secret) and has neither the URL nor what assembled it;
/// and no Deployment keeps a store URL.
pub(crate) fn client_gaps(base: &[(String, Value)], docs: &[(String, Value)]) -> Vec<String> {
    let redis = RedisSet::of(docs);
    let mut gaps = Vec::new();
    for client in redis_clients(base) {
        let Some(deployment) = find(docs, "Deployment", &client) else {
            gaps.push(format!("{client}: gone"));
            continue;
        };
        let vars = vars(containers(deployment)[0]);
        let mut gap = |what: String| gaps.push(format!("{client}: {what}"));
        let sentinels: BTreeSet<String> =
            var(&vars, "VITRINE_REDIS_SENTINELS").unwrap_or_default().split(',').map(str::to_owned).collect();
        if sentinels != redis.sentinels() {
            gap(format!("VITRINE_REDIS_SENTINELS {sentinels:?}, not every pod's Sentinel {:?}", redis.sentinels()));
        }
        if var(&vars, "VITRINE_REDIS_SENTINEL_MASTER") != Some(redis.master.as_str()) {
            gap(format!("VITRINE_REDIS_SENTINEL_MASTER is not the monitored {:?}", redis.master));
        }
        for key in ["VITRINE_REDIS_PASSWORD", "VITRINE_REDIS_SENTINEL_PASSWORD"] {
            if var(&vars, key) != Some("secret:vitrine-redis/password") {
                gap(format!("{key} not from the Secret vitrine-redis"));
            }
        }
        if var(&vars, "REDIS_PASSWORD").is_some() {
            gap("REDIS_PASSWORD kept, which only assembled the store URL".to_owned());
        }
    }
    for (_, doc) in docs.iter().filter(|(_, d)| d["kind"] == "Deployment") {
        for container in containers(doc) {
            if var(&vars(container), "VITRINE_REDIS_URL").is_some() {
                gaps.push(format!("{}: a store URL, beside the Sentinels or to the deleted Redis", name(doc)));
            }
        }
    }
    gaps
}

#[test]
fn every_redis_client_asks_the_sentinels_with_variables_it_reads() {
    let base = k8s_documents();
    let docs = rendered();
    let clients = redis_clients(&base);
    assert_eq!(clients.len(), vitrine_adapter::BACKENDS.len() + 1, "the edge and every adapter: {clients:?}");
    assert_eq!(client_gaps(&base, &docs), Vec::<String>::new());
    // The patched Deployments keep their replicas, budgets and drains.
    assert_eq!(super::availability::gaps(&docs), Vec::<String>::new());
    let config = find(&docs, "ConfigMap", "vitrine-config").expect("the settings");
    assert!(
        config["data"].get("VITRINE_REDIS_URL").is_none() && config["data"].get("VITRINE_REDIS_SENTINELS").is_none()
    );
    // Every variable of every Vitrine Deployment is one its subcommand reads.
    for deployment in docs.iter().map(|(_, d)| d).filter(|d| d["kind"] == "Deployment") {
        let container = containers(deployment)[0];
        let subcommand = container["args"][0].as_str().expect("a subcommand");
        let text = help(&[subcommand]);
        for (key, _) in vars(container) {
            assert!(
                text.contains(&format!("[env: {key}")),
                "{}: `vitrine {subcommand}` does not read {key}",
                name(deployment)
            );
        }
    }
    // Each Secret still in the pods that use it only: the password in Redis's and its clients'.
    let mut users: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for workload in docs.iter().map(|(_, d)| d).filter(|d| d["kind"] == "Deployment" || d["kind"] == "StatefulSet") {
        for container in containers(workload) {
            let named = vars(container)
                .into_iter()
                .filter_map(|(_, v)| v.strip_prefix("secret:")?.split('/').next().map(str::to_owned));
            for secret in env_of(container).1.into_iter().chain(named) {
                users.entry(secret).or_default().insert(name(workload).to_owned());
            }
        }
    }
    let mut redis_users: BTreeSet<String> = clients.into_iter().collect();
    redis_users.insert("redis".to_owned());
    assert_eq!(users["vitrine-redis"], redis_users);
    // The others as in the base: the shops' own, and the edge's cookie keys.
    assert_eq!(users["vitrine-cookie-keys"], BTreeSet::from(["edge".to_owned()]));
    let own = super::backends_with_secrets().len();
    assert_eq!(users.len(), own + 2, "the base's Secrets, no other: {users:?}");
}

/// The control: a client left with its store URL, one naming two Sentinels and one asking
/// for another master name are each reported.
#[test]
fn redis_client_gaps_are_reported() {
    let base = k8s_documents();
    let mut docs = rendered();
    for (_, doc) in &mut docs {
        let n = name(doc).to_owned();
        if doc["kind"] != "Deployment" || !["adapter-medusa", "edge", "adapter-fake"].contains(&n.as_str()) {
            continue;
        }
        let env = doc["spec"]["template"]["spec"]["containers"][0]["env"].as_sequence_mut().expect("env");
        match n.as_str() {
            "adapter-medusa" => {
                let url = "{ name: VITRINE_REDIS_URL, value: redis://redis:6379/ }";
                env.push(serde_yaml_ng::from_str(url).expect("yaml"));
            }
            "edge" => {
                let var = env.iter_mut().find(|v| v["name"] == "VITRINE_REDIS_SENTINELS").expect("the Sentinels");
                var["value"] = "redis-0.redis-headless:26379,redis-1.redis-headless:26379".into();
            }
            _ => {
                let var = env.iter_mut().find(|v| v["name"] == "VITRINE_REDIS_SENTINEL_MASTER").expect("the name");
                var["value"] = "mymaster".into();
            }
        }
    }
    let found = client_gaps(&base, &docs);
    assert!(found.iter().any(|g| g.starts_with("adapter-medusa: a store URL")), "{found:#?}");
    assert!(found.iter().any(|g| g.starts_with("edge: VITRINE_REDIS_SENTINELS")), "{found:#?}");
    assert!(found.iter().any(|g| g.starts_with("adapter-fake: VITRINE_REDIS_SENTINEL_MASTER")), "{found:#?}");
    assert_eq!(found.len(), 3, "{found:#?}");
}

#[test]
fn network_policies_add_the_sentinel_and_replication_arrows_only() {
    let docs = rendered();
    let (policies, pods) = (policies(&docs), pods(&docs));
    let redis = RedisSet::of(&docs);
    let mut expected = design_arrows();
    for client in redis_clients(&k8s_documents()) {
        expected.insert((client, "redis".to_owned(), redis.sentinel_port));
    }
    assert_eq!(network_policy::arrows(&policies, &pods), expected);
    // Between the Redis pods (one app, which `arrows` leaves out): replication and the
    // Sentinels' talk, both ways.
    let redis_port = port_in(&pod_file("redis.conf"));
    for port in [redis_port, redis.sentinel_port] {
        assert!(network_policy::allowed(&policies, "Egress", "redis", "redis", port), "redis → redis:{port}");
        assert!(network_policy::allowed(&policies, "Ingress", "redis", "redis", port), "redis ← redis:{port}");
    }
    assert!(!network_policy::allowed(&policies, "Egress", "redis", "redis", 9464), "and no other port");
    for port in [redis_port, redis.sentinel_port] {
        assert!(network_policy::open_to_anyone(&policies, &pods, port).is_empty(), "nobody outside reaches :{port}");
        assert!(network_policy::outside_egress(&policies, &pods, port).is_empty(), "nothing goes out on :{port}");
    }
}

/// Where `kubectl` is installed (its kustomize is the reference), what it builds is what
/// `rendered` reads: the same documents, the same variables in every container, the same
/// generated files. Without it, `scripts/test` says so and this checks nothing more.
#[test]
fn rendered_is_what_kubectl_kustomize_builds() {
    let Ok(out) = Command::new("kubectl").args(["kustomize", &overlay_dir()]).output() else {
        eprintln!("kubectl not installed: the overlay is not built by kustomize here");
        return;
    };
    assert!(out.status.success(), "kubectl kustomize: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let built: Vec<Value> =
        serde_yaml_ng::Deserializer::from_str(&text).map(|d| Value::deserialize(d).expect("a document")).collect();
    // Generated ConfigMaps are named with a hash suffix.
    let generated: Vec<String> = kustomization()["configMapGenerator"]
        .as_sequence()
        .into_iter()
        .flatten()
        .filter_map(|g| g["name"].as_str().map(str::to_owned))
        .collect();
    let id = |d: &Value| {
        let n = name(d);
        let n = generated
            .iter()
            .find(|g| n.strip_prefix(g.as_str()).is_some_and(|s| s.len() == 11))
            .map_or(n, String::as_str);
        (d["kind"].as_str().unwrap_or_default().to_owned(), n.to_owned())
    };
    let ours = rendered();
    let mut theirs: Vec<(String, String)> = built.iter().map(id).collect();
    let mut mine: Vec<(String, String)> = ours.iter().map(|(_, d)| id(d)).collect();
    theirs.sort();
    mine.sort();
    assert_eq!(mine, theirs, "the same documents");
    for doc in &built {
        let (kind, n) = id(doc);
        let ours = find(&ours, &kind, &n).expect("listed above");
        if kind == "ConfigMap" {
            assert_eq!(ours["data"], doc["data"], "{n}");
        }
        for (a, b) in containers(ours).into_iter().zip(containers(doc)) {
            assert_eq!(vars(a), vars(b), "{kind} {n}/{}", name_of(a));
        }
    }
}
