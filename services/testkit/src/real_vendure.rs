//! The real Vendure 3 server the test command starts (`scripts/real-vendure serve`, on
//! PostgreSQL over a unix socket, with the project's seed in `deploy/vendure/`), as the
//! tests find it: its address from `VITRINE_REAL_VENDURE_*` (see [`crate::real_server`]),
//! and its database.

use crate::conformance::{Answer, Backoffice};
use crate::real_server::{self, Database};

/// The running server, as `scripts/real-vendure serve` reports it.
#[derive(Debug, Clone)]
pub struct RealVendure {
    pub url: String,
    pub database: Database,
}

impl RealVendure {
    /// The server named by the environment; `None` (saying so) when there is none.
    ///
    /// # Panics
    /// When there is none and `VITRINE_REAL_BACKENDS=required`.
    #[must_use]
    pub fn from_env() -> Option<Self> {
        let names = ["VITRINE_REAL_VENDURE_URL", "VITRINE_REAL_VENDURE_PG_DIR", "VITRINE_REAL_VENDURE_PG_DB"];
        let [url, socket_dir, name] =
            <[String; 3]>::try_from(real_server::settings("Vendure", "scripts/real-vendure", &names)?).ok()?;
        Some(Self { url, database: Database { socket_dir, name } })
    }

    /// The adapter's settings for this server.
    #[must_use]
    pub fn config(&self) -> vitrine_adapter::Config {
        use vitrine_adapter::vendure::backend;
        use vitrine_domain::Backend;
        let mut config = vitrine_adapter::Config::new(Backend::Vendure);
        config.set(Backend::Vendure, backend::URL, self.url.clone());
        config
    }
}

impl Backoffice for RealVendure {
    /// An order by its code, as Vendure's admin finds it: the email of its customer.
    fn order_email<'a>(&'a self, number: &'a str) -> Answer<'a, Option<String>> {
        let sql = "select c.\"emailAddress\" from \"order\" o join customer c on c.id = o.\"customerId\" \
                   where o.code = :'number';";
        let answer = self.database.query(sql, &[("number", number)]);
        Box::pin(async move { Ok(Some(answer?).filter(|e| !e.is_empty())) })
    }

    /// Placed orders (not those still a session's cart) whose customer has `email`.
    fn orders_with<'a>(&'a self, email: &'a str) -> Answer<'a, usize> {
        let sql = "select count(*) from \"order\" o join customer c on c.id = o.\"customerId\" \
                   where c.\"emailAddress\" = :'email' and o.\"orderPlacedAt\" is not null;";
        let answer = self.database.query(sql, &[("email", email)]);
        Box::pin(async move { Ok(answer?.parse()?) })
    }
}
