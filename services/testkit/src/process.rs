//! Services as separate OS processes of the `vitrine` binary, for tests that need the
//! real multi-process topology.
//!
//! A service is started with its address variables set to `127.0.0.1:0`; it binds and
//! prints `vitrine: listening <http|grpc|metrics> <ip:port>` per listener (see the
//! binary's `run.rs`), and [`ServiceProcess::start`] returns once every listener the
//! caller expects is reported. No port is ever picked by the test. Each child runs in
//! its own process group, killed as a whole when its handle drops or its start fails.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long a service may take to report its listeners: well under the 60 s.
const START_DEADLINE: Duration = Duration::from_secs(30);
/// Lines of the log a failed start carries.
const TAIL_LINES: usize = 20;

/// What a reported listener serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Serves {
    Http,
    Grpc,
    Metrics,
}

impl Serves {
    fn parse(name: &str) -> Option<Self> {
        match name {
            "http" => Some(Self::Http),
            "grpc" => Some(Self::Grpc),
            "metrics" => Some(Self::Metrics),
            _ => None,
        }
    }
}

/// The one parser of the binary's listener report: `vitrine: listening <kind> <ip:port>`.
#[must_use]
pub fn parse_report(line: &str) -> Option<(Serves, SocketAddr)> {
    let rest = line.trim_end().strip_prefix("vitrine: listening ")?;
    let (kind, addr) = rest.split_once(' ')?;
    Some((Serves::parse(kind)?, addr.parse().ok()?))
}

/// Why a start failed: the service, its pid (gone by now) and the end of its log.
#[derive(Debug)]
pub struct StartFailure {
    pub name: String,
    pub pid: u32,
    pub reason: String,
    pub log_tail: String,
}

impl std::fmt::Display for StartFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} did not start: {}; last lines of its log:\n{}", self.name, self.reason, self.log_tail)
    }
}

pub struct ServiceProcess {
    pub name: String,
    child: Child,
    listening: HashMap<Serves, SocketAddr>,
}

impl ServiceProcess {
    /// Starts `binary args…` with `env` added and waits until it has reported a listener
    /// of each kind in `expect`. Its stdout and stderr go to
    /// `target/test-logs/<name>.log` for post-mortems.
    ///
    /// # Panics
    /// When the process cannot be spawned, exits, or does not report within 30 s: the
    /// message names it and carries its last log lines, and nothing of it is left running.
    #[must_use]
    pub fn start(binary: &Path, name: &str, args: &[&str], env: &[(String, String)], expect: &[Serves]) -> Self {
        Self::try_start(binary, name, args, env, expect).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Self::start`], with the failure as a value (tests of the harness itself).
    ///
    /// # Errors
    /// When the process exits or does not report every expected listener in time.
    ///
    /// # Panics
    /// When the process cannot be spawned at all (no binary).
    pub fn try_start(
        binary: &Path,
        name: &str,
        args: &[&str],
        env: &[(String, String)],
        expect: &[Serves],
    ) -> Result<Self, StartFailure> {
        let log_path = log_path(binary, name);
        let log = File::create(&log_path).unwrap_or_else(|e| panic!("cannot create {}: {e}", log_path.display()));
        let stderr = log.try_clone().unwrap_or_else(|e| panic!("cannot share {}: {e}", log_path.display()));
        let mut child = Command::new(binary)
            .args(args)
            // The error, not a backtrace, is what the last lines of a failed start show.
            .env("RUST_BACKTRACE", "0")
            // `info` unless the test asks for more (issue 26's personal-data test: debug).
            .env("RUST_LOG", "info")
            .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdout(Stdio::piped())
            .stderr(stderr)
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot spawn {name} ({}): {e}", binary.display()));
        let reports = tee_reports(child.stdout.take(), log);
        let mut process = Self { name: name.to_owned(), child, listening: HashMap::new() };
        let deadline = Instant::now() + START_DEADLINE;
        while !expect.iter().all(|k| process.listening.contains_key(k)) {
            let left = deadline.saturating_duration_since(Instant::now());
            let reason = match reports.recv_timeout(left) {
                Ok((kind, addr)) => {
                    process.listening.insert(kind, addr);
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => match process.child.wait() {
                    Ok(status) => format!("it exited ({status}) before reporting {expect:?}"),
                    Err(e) => format!("its stdout closed ({e})"),
                },
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    format!("it did not report {expect:?} within {START_DEADLINE:?}")
                }
            };
            let pid = process.child.id();
            process.kill();
            return Err(StartFailure { name: name.to_owned(), pid, reason, log_tail: tail(&log_path, TAIL_LINES) });
        }
        Ok(process)
    }

    /// The reported address of the listener serving `kind`.
    ///
    /// # Panics
    /// When the start did not wait for that kind.
    #[must_use]
    pub fn addr(&self, kind: Serves) -> SocketAddr {
        *self.listening.get(&kind).unwrap_or_else(|| panic!("{} reported no {kind:?} listener", self.name))
    }

    /// `http://ip:port` of the listener serving `kind`.
    #[must_use]
    pub fn url(&self, kind: Serves) -> String {
        format!("http://{}", self.addr(kind))
    }

    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGKILL to the process group and waits: the abrupt death a crash would be.
    pub fn kill(&mut self) {
        signal_group(self.child.id(), "KILL");
        let _ = self.child.wait();
    }

    /// Sends SIGTERM and waits for the exit status (graceful shutdown).
    ///
    /// # Panics
    /// When the child cannot be waited for.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        signal_group(self.child.id(), "TERM");
        self.child.wait().unwrap_or_else(|e| panic!("waiting for {}: {e}", self.name))
    }
}

impl Drop for ServiceProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Whether a process with this id exists (signal 0).
#[must_use]
pub fn is_running(pid: u32) -> bool {
    Command::new("kill").args(["-0", &pid.to_string()]).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// Signals every process of the group led by `pid` (the child and anything it started).
/// `unsafe_code` is forbidden in the workspace, so through kill(1), not libc.
pub(crate) fn signal_group(pid: u32, signal: &str) {
    let _ = Command::new("kill").args([&format!("-{signal}"), "--", &format!("-{pid}")]).stderr(Stdio::null()).status();
}

fn log_path(binary: &Path, name: &str) -> PathBuf {
    let dir = binary.parent().map_or_else(|| Path::new(".").join("test-logs"), |p| p.join("test-logs"));
    let _ = std::fs::create_dir_all(&dir);
    dir.join(format!("{name}.log"))
}

/// Copies the child's stdout into its log line by line and sends each listener report.
/// The channel closes when stdout does (the process exited).
fn tee_reports(stdout: Option<std::process::ChildStdout>, mut log: File) -> mpsc::Receiver<(Serves, SocketAddr)> {
    let (tx, rx) = mpsc::channel();
    if let Some(stdout) = stdout {
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = writeln!(log, "{line}");
                if let Some(report) = parse_report(&line) {
                    // The receiver is gone once the start is over; keep copying to the log.
                    let _ = tx.send(report);
                }
            }
        });
    }
    rx
}

/// The last `n` lines of a log file.
#[must_use]
pub fn tail(path: &Path, n: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_are_parsed_and_other_lines_ignored() {
        let addr: SocketAddr = "127.0.0.1:41234".parse().expect("addr");
        assert_eq!(parse_report("vitrine: listening grpc 127.0.0.1:41234\n"), Some((Serves::Grpc, addr)));
        assert_eq!(parse_report("vitrine: listening metrics 127.0.0.1:41234"), Some((Serves::Metrics, addr)));
        assert_eq!(parse_report("vitrine: listening http 127.0.0.1:41234"), Some((Serves::Http, addr)));
        assert_eq!(parse_report("vitrine: listening ftp 127.0.0.1:41234"), None);
        assert_eq!(parse_report("2025-01-01 INFO listening on 127.0.0.1:41234"), None);
    }
}
