//! What the real servers the test command starts have in common (`scripts/real-medusa`,
//! `scripts/real-vendure`): their settings from the environment, and their PostgreSQL
//! database read with `psql`, as a shop's back office would.
//!
//! Without the variables a test says it did not run; with `VITRINE_REAL_BACKENDS=required`
//! (set by `scripts/test`) it fails instead, so a run that should have a real server never
//! passes without one.

use std::io::Write as _;
use std::process::{Command, Stdio};

/// The values of `names` in the environment, in order; `None` (saying so) when one is
/// missing, for the server `what` that `script` serves.
///
/// # Panics
/// When one is missing and `VITRINE_REAL_BACKENDS=required`.
#[must_use]
pub fn settings(what: &str, script: &str, names: &[&str]) -> Option<Vec<String>> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let found: Option<Vec<String>> = names.iter().map(|name| var(name)).collect();
    if found.is_none() {
        let required = var("VITRINE_REAL_BACKENDS").is_some_and(|v| v == "required");
        assert!(!required, "VITRINE_REAL_BACKENDS=required, but no real {what} is named ({})", names.join(", "));
        println!("not run: no real {what} server (start one with `{script} serve` and source its env file)");
    }
    found
}

/// A server's PostgreSQL database, on its unix socket.
#[derive(Debug, Clone)]
pub struct Database {
    pub socket_dir: String,
    pub name: String,
}

impl Database {
    /// One value of `sql` (`psql -At`), with `:'name'` variables given as `vars` (psql
    /// quotes them; nothing is spliced into the text).
    ///
    /// # Errors
    /// When psql cannot run or the statement fails.
    pub fn query(&self, sql: &str, vars: &[(&str, &str)]) -> anyhow::Result<String> {
        let mut command = Command::new("psql");
        command.args(["-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", &self.socket_dir, "-U", "postgres"]);
        command.arg(&self.name);
        for (name, value) in vars {
            command.arg("-v").arg(format!("{name}={value}"));
        }
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
        child.stdin.take().map(|mut stdin| stdin.write_all(sql.as_bytes())).transpose()?;
        let out = child.wait_with_output()?;
        anyhow::ensure!(out.status.success(), "psql: {}", String::from_utf8_lossy(&out.stderr).trim());
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
    }
}
