//! Services as separate OS processes of the `vitrine` binary, for tests that need the
//! real multi-process topology. Each child is killed when its handle drops.

use std::path::Path;
use std::process::{Child, Command, Stdio};

pub struct ServiceProcess {
    pub name: String,
    child: Child,
}

impl ServiceProcess {
    /// Starts `binary args…` with `env` added to the environment. Output goes to
    /// `target/test-logs/<name>.log` for post-mortems.
    ///
    /// # Panics
    /// When the process cannot be spawned.
    #[must_use]
    pub fn spawn(binary: &Path, name: &str, args: &[&str], env: &[(String, String)]) -> Self {
        let log_dir = binary.parent().map_or_else(|| Path::new(".").join("test-logs"), |p| p.join("test-logs"));
        let _ = std::fs::create_dir_all(&log_dir);
        let log = std::fs::File::create(log_dir.join(format!("{name}.log"))).ok();
        let (out, err) = match log.and_then(|f| f.try_clone().ok().map(|g| (f, g))) {
            Some((f, g)) => (Stdio::from(f), Stdio::from(g)),
            None => (Stdio::null(), Stdio::null()),
        };
        let child = Command::new(binary)
            .args(args)
            .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .env("RUST_LOG", "info")
            .stdout(out)
            .stderr(err)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot spawn {name}: {e}"));
        Self { name: name.to_owned(), child }
    }

    /// Sends SIGKILL and waits: the abrupt death a crash would be.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends SIGTERM and waits for the exit status (graceful shutdown).
    ///
    /// # Panics
    /// When `kill` cannot be run.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        self.child.wait().unwrap_or_else(|e| panic!("waiting for {}: {e}", self.name))
    }
}

impl Drop for ServiceProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
