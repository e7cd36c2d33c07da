//! The real Medusa 2 server the test command starts (`scripts/real-medusa serve`, on
//! PostgreSQL over a unix socket, with the project's seed in `deploy/medusa/`), as the
//! tests find it: its address, key and region from `VITRINE_REAL_MEDUSA_*`, and its
//! database read with `psql`, as a shop's back office would.
//!
//! Without the variables a test says it did not run; with `VITRINE_REAL_BACKENDS=required`
//! (set by `scripts/test`) it fails instead, so a run that should have a real server never
//! passes without one.

use std::io::Write as _;
use std::process::{Command, Stdio};

use crate::conformance::{Answer, Backoffice};

/// The running server, as `scripts/real-medusa serve` reports it.
#[derive(Debug, Clone)]
pub struct RealMedusa {
    pub url: String,
    pub publishable_key: String,
    pub region_id: String,
    pg_dir: String,
    pg_database: String,
}

impl RealMedusa {
    /// The server named by the environment; `None` (saying so) when there is none.
    ///
    /// # Panics
    /// When there is none and `VITRINE_REAL_BACKENDS=required`.
    #[must_use]
    pub fn from_env() -> Option<Self> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let found = (|| {
            Some(Self {
                url: var("VITRINE_REAL_MEDUSA_URL")?,
                publishable_key: var("VITRINE_REAL_MEDUSA_KEY")?,
                region_id: var("VITRINE_REAL_MEDUSA_REGION")?,
                pg_dir: var("VITRINE_REAL_MEDUSA_PG_DIR")?,
                pg_database: var("VITRINE_REAL_MEDUSA_PG_DB")?,
            })
        })();
        if found.is_none() {
            let required = var("VITRINE_REAL_BACKENDS").is_some_and(|v| v == "required");
            assert!(!required, "VITRINE_REAL_BACKENDS=required, but no real Medusa is named (VITRINE_REAL_MEDUSA_*)");
            println!(
                "not run: no real Medusa server (start one with `scripts/real-medusa serve` and source its env file)"
            );
        }
        found
    }

    /// The adapter's settings for this server.
    #[must_use]
    pub fn config(&self) -> vitrine_adapter::Config {
        use vitrine_adapter::medusa::backend;
        use vitrine_domain::Backend;
        let mut config = vitrine_adapter::Config::new(Backend::Medusa);
        config.set(Backend::Medusa, backend::URL, self.url.clone());
        config.set(Backend::Medusa, backend::PUBLISHABLE_KEY, self.publishable_key.clone());
        config.set(Backend::Medusa, backend::REGION_ID, self.region_id.clone());
        config
    }

    /// One value of `sql` run in Medusa's database (`psql -At`), with `:'name'`
    /// variables given as `vars` (psql quotes them; nothing is spliced into the text).
    ///
    /// # Errors
    /// When psql cannot run or the statement fails.
    pub fn query(&self, sql: &str, vars: &[(&str, &str)]) -> anyhow::Result<String> {
        let mut command = Command::new("psql");
        command.args(["-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", &self.pg_dir, "-U", "postgres"]);
        command.arg(&self.pg_database);
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

impl Backoffice for RealMedusa {
    fn order_email<'a>(&'a self, number: &'a str) -> Answer<'a, Option<String>> {
        let sql = "select email from \"order\" where display_id::text = :'number' and deleted_at is null;";
        let answer = self.query(sql, &[("number", number)]);
        Box::pin(async move { Ok(Some(answer?).filter(|e| !e.is_empty())) })
    }

    fn orders_with<'a>(&'a self, email: &'a str) -> Answer<'a, usize> {
        let sql = "select count(*) from \"order\" where email = :'email' and deleted_at is null;";
        let answer = self.query(sql, &[("email", email)]);
        Box::pin(async move { Ok(answer?.parse()?) })
    }
}

/// A Medusa Store API spoken to directly, as a storefront does: the demo shop's or a real
/// server's, with its publishable key.
#[derive(Clone)]
pub struct Store {
    http: reqwest::Client,
    base: String,
    key: String,
}

impl Store {
    #[must_use]
    pub fn new(base: &str, key: &str) -> Self {
        Self { http: reqwest::Client::new(), base: base.trim_end_matches('/').to_owned(), key: key.to_owned() }
    }

    /// `GET path` (`path` with its query): the status and the JSON answer (`null` for none).
    ///
    /// # Panics
    /// When the server does not answer.
    pub async fn get(&self, path: &str) -> (u16, serde_json::Value) {
        self.send(self.http.get(format!("{}{path}", self.base))).await
    }

    /// `POST path` with `body`, as [`Self::get`].
    ///
    /// # Panics
    /// When the server does not answer.
    pub async fn post(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        self.send(self.http.post(format!("{}{path}", self.base)).json(body)).await
    }

    /// `POST path` without a body (as the driver completes a cart), as [`Self::get`].
    ///
    /// # Panics
    /// When the server does not answer.
    pub async fn post_without_body(&self, path: &str) -> (u16, serde_json::Value) {
        self.send(self.http.post(format!("{}{path}", self.base))).await
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> (u16, serde_json::Value) {
        let answer =
            request.header(vitrine_adapter::medusa::KEY_HEADER, &self.key).send().await.expect("the store answers");
        (answer.status().as_u16(), answer.json().await.unwrap_or(serde_json::Value::Null))
    }
}

impl RealMedusa {
    /// Its Store API.
    #[must_use]
    pub fn store(&self) -> Store {
        Store::new(&self.url, &self.publishable_key)
    }
}
