//! Redis highly available for one test (issue 25): a primary, its replicas and three
//! Sentinels, real `redis-server` and `redis-sentinel` processes on 127.0.0.1, with
//! passwords, in one temporary directory. Failure is noticed after 1 s and a failover
//! allowed 3 s, so one completes in a few seconds. Every process is killed on drop.
//!
//! Sentinels monitor over TCP, so unlike [`crate::RedisServer`] these listen on ports, and
//! Redis cannot report the port it bound: each is bound to port 0 by the kit, released and
//! given to the process, and a process that then cannot bind it (someone took it in
//! between) is started again on another.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use std::os::unix::process::CommandExt;

use vitrine_common::store::SentinelConfig;

use crate::process::{signal_group, tail};

/// The name the Sentinels monitor the primary under.
pub const MASTER: &str = "vitrine";
/// The Redis servers' `requirepass`.
pub const REDIS_PASSWORD: &str = "redis-secret";
/// The Sentinels' `requirepass`.
pub const SENTINEL_PASSWORD: &str = "sentinel-secret";
/// How long the whole set may take to come up and know each other (Sentinels discover
/// each other through hello messages every 2 s).
const START_DEADLINE: Duration = Duration::from_secs(30);
/// Starts on a released port that failed to bind before giving up.
const PORT_ATTEMPTS: usize = 5;

struct Process {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl Process {
    fn kill(&mut self) {
        signal_group(self.child.id(), "KILL");
        let _ = self.child.wait();
    }
}

pub struct RedisSentinelCluster {
    /// Redis servers; the first started as the primary.
    servers: Vec<Process>,
    sentinels: Vec<Process>,
    // Removed on drop, after the processes.
    dir: tempfile::TempDir,
}

impl RedisSentinelCluster {
    /// A primary with `replicas` replicas (in sync) and three Sentinels that know them
    /// all and each other.
    ///
    /// # Panics
    /// When `redis-server` or `redis-sentinel` is not installed (`apt-get install
    /// redis-server redis-sentinel`), or the set is not up within 30 s (the message
    /// quotes the logs).
    #[must_use]
    pub fn start(replicas: usize) -> Self {
        let dir = tempfile::Builder::new().prefix("vitrine-sentinel-").tempdir().expect("a temporary directory");
        let mut cluster = Self { servers: Vec::new(), sentinels: Vec::new(), dir };
        let deadline = Instant::now() + START_DEADLINE;
        let primary = cluster.start_on_free_port(deadline, |dir, port| server_command(dir, port, None));
        cluster.servers.push(primary);
        let primary_port = cluster.servers[0].port;
        for _ in 0..replicas {
            let replica =
                cluster.start_on_free_port(deadline, |dir, port| server_command(dir, port, Some(primary_port)));
            cluster.servers.push(replica);
        }
        cluster.wait_until(deadline, "the replicas in sync", |c| {
            let info = query(primary_port, REDIS_PASSWORD, &["INFO", "replication"]).unwrap_or_default();
            info.matches("state=online").count() == c.servers.len() - 1
        });
        for _ in 0..3 {
            let sentinel = cluster.start_on_free_port(deadline, |dir, port| sentinel_command(dir, port, primary_port));
            cluster.sentinels.push(sentinel);
        }
        let expected = format!("slaves={replicas},sentinels=3");
        cluster.wait_until(deadline, "the Sentinels knowing the set and each other", |c| {
            c.sentinels
                .iter()
                .all(|s| query(s.port, SENTINEL_PASSWORD, &["INFO", "sentinel"]).is_some_and(|i| i.contains(&expected)))
        });
        cluster
    }

    /// What the store connects with (`VITRINE_REDIS_SENTINELS` and the rest).
    #[must_use]
    pub fn config(&self) -> SentinelConfig {
        SentinelConfig {
            sentinels: self.sentinels.iter().map(|s| ("127.0.0.1".to_owned(), s.port)).collect(),
            master: MASTER.to_owned(),
            sentinel_password: Some(SENTINEL_PASSWORD.to_owned()),
            redis_password: Some(REDIS_PASSWORD.to_owned()),
        }
    }

    /// The primary's port as the first Sentinel that answers names it.
    #[must_use]
    pub fn primary_port(&self) -> Option<u16> {
        self.sentinels.iter().find_map(|s| {
            let named = query_list(s.port, SENTINEL_PASSWORD, &["SENTINEL", "GET-MASTER-ADDR-BY-NAME", MASTER])?;
            named.get(1)?.parse().ok()
        })
    }

    /// Kills the current primary now (SIGKILL, as a crash); answers its port.
    ///
    /// # Panics
    /// When no Sentinel names a primary of this set.
    pub fn kill_primary(&mut self) -> u16 {
        let port = self.primary_port().expect("the Sentinels name a primary");
        let server = self.servers.iter_mut().find(|s| s.port == port).expect("the primary is one of the set");
        server.kill();
        port
    }

    /// Stops every replica (SIGSTOP), as a replica that hangs: still connected, never
    /// confirming a write, so each `WAIT` the store sends runs out its time. The
    /// primary stays and serves; killed with the rest on drop.
    pub fn stop_replicas(&mut self) {
        let primary = self.primary_port();
        for server in self.servers.iter().filter(|s| Some(s.port) != primary) {
            signal_group(server.child.id(), "STOP");
        }
    }

    /// The URL of the current primary, with its password (to read what it holds).
    ///
    /// # Panics
    /// When no Sentinel names a primary of this set.
    #[must_use]
    pub fn primary_url(&self) -> String {
        let port = self.primary_port().expect("the Sentinels name a primary");
        format!("redis://:{REDIS_PASSWORD}@127.0.0.1:{port}/")
    }

    /// The last lines of every process's log, for a failing test's message.
    #[must_use]
    pub fn logs(&self) -> String {
        self.servers
            .iter()
            .chain(&self.sentinels)
            .map(|p| format!("== {}\n{}\n", p.log.display(), tail(&p.log, 15)))
            .collect()
    }

    /// Starts the process `command` makes for a released port, again on another port if
    /// it exits before answering PING (its port was taken), until `deadline`.
    fn start_on_free_port(
        &mut self,
        deadline: Instant,
        command: impl Fn(&Path, u16) -> (Command, &'static str),
    ) -> Process {
        let mut why = String::new();
        for _ in 0..PORT_ATTEMPTS {
            let port = released_port();
            let (mut command, password) = command(self.dir.path(), port);
            let log = self.dir.path().join(format!("{port}.log"));
            let child =
                command.stdout(Stdio::null()).stderr(Stdio::null()).process_group(0).spawn().unwrap_or_else(|e| {
                    panic!("cannot start {command:?} ({e}); apt-get install redis-server redis-sentinel")
                });
            let mut process = Process { child, port, log };
            loop {
                if query(port, password, &["PING"]).as_deref() == Some("PONG") {
                    return process;
                }
                if let Ok(Some(status)) = process.child.try_wait() {
                    why = format!("exited ({status}): {}", tail(&process.log, 5));
                    break;
                }
                if Instant::now() >= deadline {
                    process.kill();
                    self.stop();
                    panic!("{command:?} did not answer PING in time:\n{}", tail(&process.log, 20));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        self.stop();
        panic!("no port could be bound after {PORT_ATTEMPTS} attempts; last: {why}");
    }

    fn wait_until(&mut self, deadline: Instant, what: &str, ready: impl Fn(&Self) -> bool) {
        while !ready(self) {
            if Instant::now() >= deadline {
                let logs = self.logs();
                self.stop();
                panic!("the Sentinel set did not reach {what} in time; logs:\n{logs}");
            }
            // Polling: neither Redis nor a Sentinel has a readiness report to wait on.
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn stop(&mut self) {
        for p in self.sentinels.iter_mut().chain(&mut self.servers) {
            p.kill();
        }
    }
}

impl Drop for RedisSentinelCluster {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A port that was free a moment ago: bound on 127.0.0.1:0, then released for a process
/// that cannot report the one it binds (see the module's docs for the retry).
fn released_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind loopback");
    listener.local_addr().expect("addr").port()
}

/// `redis-server` on `port`, without persistence, a replica of `primary` if given.
/// Diskless replication without delay: a replica is in sync at once.
fn server_command(dir: &Path, port: u16, primary: Option<u16>) -> (Command, &'static str) {
    let mut command = Command::new("redis-server");
    command
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
        .args(["--requirepass", REDIS_PASSWORD, "--masterauth", REDIS_PASSWORD])
        .args(["--repl-diskless-sync", "yes", "--repl-diskless-sync-delay", "0"])
        .arg("--logfile")
        .arg(dir.join(format!("{port}.log")))
        .arg("--dir")
        .arg(dir);
    if let Some(primary) = primary {
        command.args(["--replicaof", "127.0.0.1", &primary.to_string()]);
    }
    (command, REDIS_PASSWORD)
}

/// `redis-sentinel` on `port` watching the primary at `primary`: down after 1 s, a
/// failover allowed 3 s. Its config file is its own (Sentinel rewrites it).
fn sentinel_command(dir: &Path, port: u16, primary: u16) -> (Command, &'static str) {
    let config = dir.join(format!("sentinel-{port}.conf"));
    let log = dir.join(format!("{port}.log"));
    let text = format!(
        "port {port}\nbind 127.0.0.1\ndaemonize no\nlogfile {log}\ndir {dir}\n\
         requirepass {SENTINEL_PASSWORD}\nsentinel sentinel-pass {SENTINEL_PASSWORD}\n\
         sentinel monitor {MASTER} 127.0.0.1 {primary} 2\n\
         sentinel auth-pass {MASTER} {REDIS_PASSWORD}\n\
         sentinel down-after-milliseconds {MASTER} 1000\n\
         sentinel failover-timeout {MASTER} 3000\n\
         sentinel parallel-syncs {MASTER} 1\n",
        log = log.display(),
        dir = dir.display(),
    );
    std::fs::write(&config, text).expect("write the Sentinel's config");
    let mut command = Command::new("redis-sentinel");
    command.arg(&config);
    (command, SENTINEL_PASSWORD)
}

fn connection(port: u16, password: &str) -> Option<redis::Connection> {
    let info = redis::ConnectionInfo {
        addr: redis::ConnectionAddr::Tcp("127.0.0.1".to_owned(), port),
        redis: redis::RedisConnectionInfo { password: Some(password.to_owned()), ..Default::default() },
    };
    let client = redis::Client::open(info).ok()?;
    let conn = client.get_connection_with_timeout(Duration::from_millis(500)).ok()?;
    conn.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
    Some(conn)
}

/// One command's answer as text, or None when the server does not answer.
fn query(port: u16, password: &str, args: &[&str]) -> Option<String> {
    let mut conn = connection(port, password)?;
    redis::cmd(args[0]).arg(&args[1..]).query::<String>(&mut conn).ok()
}

fn query_list(port: u16, password: &str, args: &[&str]) -> Option<Vec<String>> {
    let mut conn = connection(port, password)?;
    redis::cmd(args[0]).arg(&args[1..]).query::<Vec<String>>(&mut conn).ok()
}
