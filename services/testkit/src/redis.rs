//! A real `redis-server` for one test, without persistence, listening on a unix socket
//! in its own temporary directory (no TCP port, so nothing to pick or race for).
//! Killed, with its directory, on drop.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use std::os::unix::process::CommandExt;

use crate::process::{signal_group, tail};

/// How long redis-server may take to answer PING: well under the 60 s.
const START_DEADLINE: Duration = Duration::from_secs(20);

pub struct RedisServer {
    child: Child,
    socket: PathBuf,
    // Removed on drop, after the server.
    _dir: tempfile::TempDir,
}

impl RedisServer {
    /// Starts `redis-server` and waits until it answers PING.
    ///
    /// # Panics
    /// When `redis-server` is not installed (`apt-get install redis-server`), exits, or
    /// does not answer within 20 s (the message carries its last log lines): a test that
    /// needs Redis cannot run without it.
    #[must_use]
    pub fn start() -> Self {
        let dir = tempfile::Builder::new().prefix("vitrine-redis-").tempdir().expect("a temporary directory");
        let socket = dir.path().join("redis.sock");
        let child = launch(&socket, &dir.path().join("redis.log"));
        let mut server = Self { child, socket, _dir: dir };
        server.wait_until_up();
        server
    }

    /// Writes a snapshot now (`SAVE`), which a restarted server loads: what a Redis with
    /// persistence keeps across a restart.
    ///
    /// # Panics
    /// When the server does not confirm it.
    pub fn save(&self) {
        use std::io::{Read, Write};
        let mut s = std::os::unix::net::UnixStream::connect(&self.socket).expect("connect to redis-server");
        let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
        let mut buf = [0u8; 5];
        s.write_all(b"SAVE\r\n").expect("SAVE");
        s.read_exact(&mut buf).expect("SAVE answered");
        assert_eq!(&buf, b"+OK\r\n", "SAVE failed");
    }

    /// Stops the server now (SIGKILL to its group), as a crash would; `restart` brings
    /// one back on the same socket.
    pub fn kill(&mut self) {
        self.stop();
    }

    /// A new server on the same socket (the old one killed first if running), holding
    /// what the last `save()` wrote, or nothing.
    ///
    /// # Panics
    /// As [`start`](Self::start).
    pub fn restart(&mut self) {
        self.stop();
        let _ = std::fs::remove_file(&self.socket);
        let log = self.socket.with_file_name("redis.log");
        self.child = launch(&self.socket, &log);
        self.wait_until_up();
    }

    fn wait_until_up(&mut self) {
        let log = self.socket.with_file_name("redis.log");
        let deadline = Instant::now() + START_DEADLINE;
        while !self.answers_ping() {
            let exited = self.child.try_wait().ok().flatten();
            if exited.is_some() || Instant::now() >= deadline {
                let why =
                    exited.map_or_else(|| format!("no PONG within {START_DEADLINE:?}"), |s| format!("exited ({s})"));
                self.stop();
                panic!("redis-server did not start: {why}; last lines of its log:\n{}", tail(&log, 20));
            }
            // Polling a unix socket: redis-server has no readiness report to wait on.
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn answers_ping(&self) -> bool {
        use std::io::{Read, Write};
        let Ok(mut s) = std::os::unix::net::UnixStream::connect(&self.socket) else { return false };
        let _ = s.set_read_timeout(Some(Duration::from_millis(200)));
        let mut buf = [0u8; 7];
        s.write_all(b"PING\r\n").is_ok() && s.read_exact(&mut buf).is_ok() && &buf == b"+PONG\r\n"
    }

    /// `redis+unix:///…/redis.sock`, as `VITRINE_REDIS_URL` and the redis crate take it.
    #[must_use]
    pub fn url(&self) -> String {
        format!("redis+unix://{}", self.socket.display())
    }

    fn stop(&mut self) {
        signal_group(self.child.id(), "KILL");
        let _ = self.child.wait();
    }
}

/// `redis-server` on `socket` only, without persistence, logging to `log`.
fn launch(socket: &std::path::Path, log: &std::path::Path) -> Child {
    Command::new("redis-server")
        .args(["--port", "0", "--unixsocket"])
        .arg(socket)
        .args(["--unixsocketperm", "700", "--save", "", "--appendonly", "no", "--logfile"])
        .arg(log)
        // Where `save()` writes its snapshot, and where a restarted server loads it from.
        .arg("--dir")
        .arg(socket.parent().unwrap_or_else(|| std::path::Path::new(".")))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start redis-server ({e}); install it: apt-get install redis-server"))
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.stop();
    }
}
