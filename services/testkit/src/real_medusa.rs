//! The real Medusa 2 server the test command starts (`scripts/real-medusa serve`, on
//! PostgreSQL over a unix socket, with the project's seed in `deploy/medusa/`), as the
//! tests find it: its address, key and region from `VITRINE_REAL_MEDUSA_*` (see
//! [`crate::real_server`]), and its database.

use crate::conformance::{Answer, Backoffice};
use crate::real_server::{self, Database};

/// The running server, as `scripts/real-medusa serve` reports it.
#[derive(Debug, Clone)]
pub struct RealMedusa {
    pub url: String,
    pub publishable_key: String,
    pub region_id: String,
    pub database: Database,
}

impl RealMedusa {
    /// The server named by the environment; `None` (saying so) when there is none.
    ///
    /// # Panics
    /// When there is none and `VITRINE_REAL_BACKENDS=required`.
    #[must_use]
    pub fn from_env() -> Option<Self> {
        let names = [
            "VITRINE_REAL_MEDUSA_URL",
            "VITRINE_REAL_MEDUSA_KEY",
            "VITRINE_REAL_MEDUSA_REGION",
            "VITRINE_REAL_MEDUSA_PG_DIR",
            "VITRINE_REAL_MEDUSA_PG_DB",
        ];
        let [url, publishable_key, region_id, socket_dir, name] =
            <[String; 5]>::try_from(real_server::settings("Medusa", "scripts/real-medusa", &names)?).ok()?;
        Some(Self { url, publishable_key, region_id, database: Database { socket_dir, name } })
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
}

impl Backoffice for RealMedusa {
    fn order_email<'a>(&'a self, number: &'a str) -> Answer<'a, Option<String>> {
        let sql = "select email from \"order\" where display_id::text = :'number' and deleted_at is null;";
        let answer = self.database.query(sql, &[("number", number)]);
        Box::pin(async move { Ok(Some(answer?).filter(|e| !e.is_empty())) })
    }

    fn orders_with<'a>(&'a self, email: &'a str) -> Answer<'a, usize> {
        let sql = "select count(*) from \"order\" where email = :'email' and deleted_at is null;";
        let answer = self.database.query(sql, &[("email", email)]);
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
