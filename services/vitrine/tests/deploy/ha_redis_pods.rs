//! issue 25: the HA Redis overlay's pod scripts (`k8s/overlays/ha-redis/redis/`) run as
//! the pods run them, against real `redis-server` and `redis-sentinel` processes. Three
//! "pods" on 127.0.0.1, .2 and .3, one port for every pod's Redis and one for every
//! Sentinel as in the cluster, each running the overlay's `start-redis.sh` and
//! `start-sentinel.sh` on the overlay's config; changed for the test are only the ports,
//! the address each binds, the bootstrap primary's address (pod 0's) and the Sentinels'
//! timings (down after 1 s, failovers allowed 10 s), so that it takes seconds.
//!
//! The failover of the services' store itself is `services/edge/tests/redis_failover.rs`.

use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PASSWORD: &str = "ha-redis-test";
/// What one step (a start, a failover, a sync) may take: Sentinels find each other
/// through hello messages every 2 s.
const STEP: Duration = Duration::from_secs(30);
const PODS: usize = 3;

fn ip(pod: usize) -> String {
    format!("127.0.0.{}", pod + 1)
}

/// Replaces the one line of `text` whose first words are `words` by `line`.
fn set_line(text: &str, words: &[&str], line: &str) -> String {
    let matches = |l: &str| l.split_whitespace().collect::<Vec<_>>().starts_with(words);
    assert_eq!(text.lines().filter(|l| matches(l)).count(), 1, "one {words:?} line");
    text.lines().map(|l| if matches(l) { line } else { l }).map(|l| format!("{l}\n")).collect()
}

/// A port free on the three addresses a moment ago (bound, then released for Redis).
fn free_port() -> u16 {
    for _ in 0..20 {
        let first = std::net::TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let port = first.local_addr().expect("addr").port();
        if (1..PODS).all(|p| std::net::TcpListener::bind((ip(p).as_str(), port)).is_ok()) {
            return port;
        }
    }
    panic!("no port free on 127.0.0.1-3");
}

struct Pod {
    conf: PathBuf,
    redis: Option<Child>,
    sentinel: Option<Child>,
    /// Starts so far: each gets new emptyDirs and logs, as a recreated pod would.
    starts: usize,
}

struct Set {
    dir: PathBuf,
    redis_port: u16,
    sentinel_port: u16,
    pods: Vec<Pod>,
}

impl Set {
    fn new() -> Self {
        for binary in ["redis-server", "redis-sentinel", "redis-cli"] {
            let found = Command::new(binary).arg("--version").output().is_ok_and(|o| o.status.success());
            assert!(found, "{binary} is needed: apt-get install redis-server redis-sentinel");
        }
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_nanos();
        let dir = std::env::temp_dir().join(format!("vitrine-ha-redis-{}-{stamp}", std::process::id()));
        let source = PathBuf::from(format!("{}/../../k8s/overlays/ha-redis/redis", env!("CARGO_MANIFEST_DIR")));
        let (redis_port, sentinel_port) = (free_port(), free_port());
        let mut pods = Vec::new();
        for pod in 0..PODS {
            let conf = dir.join(format!("conf{pod}"));
            std::fs::create_dir_all(&conf).expect("a config folder");
            for entry in std::fs::read_dir(&source).expect("redis/") {
                let path = entry.expect("an entry").path();
                let text = std::fs::read_to_string(&path).expect("a file");
                let file = path.file_name().expect("a name").to_string_lossy().into_owned();
                let text = match file.as_str() {
                    "redis.conf" => set_line(&text, &["port"], &format!("port {redis_port}\nbind {}", ip(pod))),
                    "sentinel.conf" => {
                        let text = set_line(&text, &["port"], &format!("port {sentinel_port}\nbind {}", ip(pod)));
                        let monitor = &format!("sentinel monitor vitrine {} {redis_port} 2", ip(0));
                        let text = set_line(&text, &["sentinel", "monitor", "vitrine"], monitor);
                        let down = "sentinel down-after-milliseconds vitrine 1000";
                        let text = set_line(&text, &["sentinel", "down-after-milliseconds", "vitrine"], down);
                        set_line(
                            &text,
                            &["sentinel", "failover-timeout", "vitrine"],
                            "sentinel failover-timeout vitrine 10000",
                        )
                    }
                    _ => text,
                };
                std::fs::write(conf.join(&file), text).expect("write");
            }
            pods.push(Pod { conf, redis: None, sentinel: None, starts: 0 });
        }
        Self { dir, redis_port, sentinel_port, pods }
    }

    /// The pod's environment, as redis.yaml sets it.
    fn command(&self, pod: usize, script: &str, data: &Path) -> Command {
        let peers: Vec<String> = (0..PODS).map(ip).collect();
        let mut command = Command::new("sh");
        command
            .arg(self.pods[pod].conf.join(script))
            .env("SELF", ip(pod))
            .env("PEERS", peers.join(" "))
            .env("LOCAL", ip(pod))
            .env("CONF", &self.pods[pod].conf)
            .env("DATA", data)
            .env("REDIS_PASSWORD", PASSWORD)
            .env("REDISCLI_AUTH", PASSWORD);
        command
    }

    fn spawn(&self, pod: usize, script: &str, start: usize) -> Child {
        let data = self.dir.join(format!("pod{pod}-{start}-{script}.data"));
        std::fs::create_dir_all(&data).expect("an emptyDir");
        let log = std::fs::File::create(self.dir.join(format!("pod{pod}-{start}-{script}.log"))).expect("a log");
        let mut command = self.command(pod, script, &data);
        command.stdout(log.try_clone().expect("log")).stderr(log).process_group(0);
        command.spawn().expect("sh")
    }

    /// Starts the pod's Redis and Sentinel (a new pod: new emptyDirs).
    fn start(&mut self, pod: usize) {
        self.start_redis(pod);
        self.pods[pod].sentinel = Some(self.spawn(pod, "start-sentinel.sh", self.pods[pod].starts));
    }

    /// Starts the pod's Redis container again (its emptyDir new too: Redis keeps nothing).
    fn start_redis(&mut self, pod: usize) {
        self.pods[pod].starts += 1;
        self.pods[pod].redis = Some(self.spawn(pod, "start-redis.sh", self.pods[pod].starts));
    }

    fn log(&self, pod: usize, script: &str) -> String {
        let path = self.dir.join(format!("pod{pod}-{}-{script}.log", self.pods[pod].starts));
        std::fs::read_to_string(path).unwrap_or_default()
    }

    /// Runs one of the pod's scripts to its end (preStop, a probe): whether it succeeded.
    fn run(&self, pod: usize, script: &str, args: &[&str]) -> bool {
        let data = self.dir.join(format!("pod{pod}-run"));
        std::fs::create_dir_all(&data).expect("a folder");
        let mut command = self.command(pod, script, &data);
        command.args(args).stdout(Stdio::null()).stderr(Stdio::null()).status().expect("sh").success()
    }

    fn cli(&self, pod: usize, port: u16, args: &[&str]) -> Vec<String> {
        let out = Command::new("redis-cli")
            .args(["-h", &ip(pod), "-p", &port.to_string(), "--no-auth-warning"])
            .args(args)
            .env("REDISCLI_AUTH", PASSWORD)
            .output()
            .expect("redis-cli");
        String::from_utf8_lossy(&out.stdout).lines().map(|l| l.trim_end().to_owned()).collect()
    }

    fn redis(&self, pod: usize, args: &[&str]) -> Vec<String> {
        self.cli(pod, self.redis_port, args)
    }

    /// The pod whose address the pod's Sentinel names as the primary.
    fn named_by(&self, sentinel: usize) -> Option<usize> {
        let named = self.cli(sentinel, self.sentinel_port, &["SENTINEL", "get-master-addr-by-name", "vitrine"]);
        (named.get(1) == Some(&self.redis_port.to_string())).then(|| (0..PODS).find(|p| named[0] == ip(*p))).flatten()
    }

    /// Whether the pod's Redis replicates `primary`, in sync.
    fn replicates(&self, pod: usize, primary: usize) -> bool {
        let info = self.redis(pod, &["INFO", "replication"]);
        [format!("master_host:{}", ip(primary)), "master_link_status:up".to_owned()].iter().all(|l| info.contains(l))
    }

    fn wait_until(&self, what: &str, done: impl Fn(&Self) -> bool) {
        let deadline = Instant::now() + STEP;
        while !done(self) {
            if Instant::now() >= deadline {
                let logs: String = (0..PODS)
                    .flat_map(|p| ["start-redis.sh", "start-sentinel.sh"].map(|s| (p, s)))
                    .map(|(p, s)| format!("== pod {p} {s}\n{}\n", self.log(p, s)))
                    .collect();
                panic!("not within {STEP:?}: {what}\n{logs}");
            }
            // Polling: neither Redis nor a Sentinel has a report to wait on.
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Every Sentinel names `primary`, which every other pod's Redis replicates.
    fn settled_on(&self, primary: usize) -> bool {
        (0..PODS).all(|p| self.named_by(p) == Some(primary) && (p == primary || self.replicates(p, primary)))
    }

    /// The primary the set has settled on, if it has. Which one a failover ends on is the
    /// Sentinels' to choose: on a busy machine a second Sentinel may start a failover of
    /// its own before the first one's news reaches it (a later epoch), and the set then
    /// settles on that one's choice.
    fn settled(&self) -> Option<usize> {
        (0..PODS).find(|p| self.settled_on(*p))
    }

    /// Ends a process group as the kubelet would (`TERM`) or as a crash (`KILL`).
    fn signal(child: &mut Child, signal: &str) {
        let _ = Command::new("kill").args([format!("-{signal}"), "--".to_owned(), format!("-{}", child.id())]).status();
        let _ = child.wait();
    }
}

impl Drop for Set {
    fn drop(&mut self) {
        for pod in &mut self.pods {
            for child in [&mut pod.redis, &mut pod.sentinel].into_iter().flatten() {
                Self::signal(child, "KILL");
            }
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The bootstrap (pod 0 the primary, the others its replicas, the Sentinels knowing all
/// three and each other); a primary's preStop handing over; that pod recreated joining the
/// new primary; and a primary whose Redis restarts empty before the Sentinels notice:
/// it waits for their failover and replicates, so the data its replicas hold survives.
#[test]
fn the_pods_scripts_bootstrap_hand_over_and_rejoin_without_a_second_primary() {
    let mut set = Set::new();
    for pod in 0..PODS {
        set.start(pod);
    }
    set.wait_until("pod 0 the primary of the two others, every Sentinel naming it", |s| s.settled_on(0));
    let sentinels = format!("status=ok,address={}:{},slaves=2,sentinels=3", ip(0), set.redis_port);
    set.wait_until("the Sentinels knowing every pod and each other", |s| {
        (0..PODS).all(|p| s.cli(p, s.sentinel_port, &["INFO", "sentinel"]).iter().any(|l| l.ends_with(&sentinels)))
    });
    for pod in 0..PODS {
        assert!(set.run(pod, "probe.sh", &["redis"]), "pod {pod}: Redis ready");
        assert!(set.run(pod, "probe.sh", &["sentinel"]), "pod {pod}: Sentinel ready");
    }
    assert_eq!(set.redis(0, &["CONFIG", "GET", "min-replicas-to-write"]), ["min-replicas-to-write", "1"]);
    assert_eq!(set.redis(0, &["SET", "kept", "1"]), ["OK"]);
    assert_eq!(set.redis(0, &["WAIT", "2", "2000"]), ["2"], "both replicas hold the write");

    // The primary is stopped (a rollout): its preStop hands over, then it goes.
    assert!(set.run(0, "pre-stop.sh", &[]), "preStop");
    // Its own Sentinel is the first the script asks, and the one it asked to fail over.
    assert!(set.named_by(0).is_some_and(|p| p != 0), "the Sentinels name another primary once preStop ends");
    set.wait_until("the set settled on another primary", |s| s.settled().is_some_and(|p| p != 0));
    let next = set.settled().expect("settled");
    let pod = &mut set.pods[0];
    for child in [pod.redis.as_mut(), pod.sentinel.as_mut()].into_iter().flatten() {
        Set::signal(child, "TERM");
    }
    // Recreated, empty: it joins the new primary rather than starting as pod 0 did.
    set.start(0);
    set.wait_until("pod 0 recreated, a replica of the new primary", |s| s.settled_on(next));
    assert!(set.log(0, "start-redis.sh").contains("starting as a replica"), "{}", set.log(0, "start-redis.sh"));
    assert_eq!(set.redis(0, &["GET", "kept"]), ["1"], "pod 0 synced the data back");

    // The new primary's Redis crashes and restarts at once, empty, while the Sentinels
    // still name it: it waits for their failover to a replica, then replicates it.
    assert_eq!(set.redis(next, &["SET", "kept-after", "2"]), ["OK"]);
    assert_eq!(set.redis(next, &["WAIT", "2", "2000"]), ["2"]);
    Set::signal(set.pods[next].redis.as_mut().expect("running"), "KILL");
    set.start_redis(next);
    set.wait_until("the Sentinels naming a third primary", |s| s.named_by(next).is_some_and(|p| p != next));
    set.wait_until("every pod following one primary", |s| s.settled().is_some());
    let log = set.log(next, "start-redis.sh");
    assert!(log.contains("waiting for their failover") && log.contains("starting as a replica"), "{log}");
    for pod in 0..PODS {
        assert_eq!(set.redis(pod, &["GET", "kept-after"]), ["2"], "pod {pod}: the data survived the empty restart");
    }
}
