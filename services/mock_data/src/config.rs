//! Configuration: the service's start-up settings and the runtime settings the `config`
//! command reads and writes (the in-memory web API's options).

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Start-up settings of the mock-data service.
#[derive(Clone)]
pub struct Config {
    /// Responses are delayed by default 500 ms.
    pub delay: Duration,
    /// Absolute base URL at which this service's generated images are reachable (by the
    /// edge's image service). `None`: derived from the bound address.
    pub public_url: Option<String>,
    /// The token of the back office (`GET /_backoffice/orders/{number}`, an order with
    /// the shopper's email, as a shop's staff see it). `None`: there is no back office.
    pub backoffice_token: Option<String>,
    /// How many products the catalogue has: the spec's 35 ([`crate::data::PRODUCT_COUNT`],
    /// its own seeded tree), or more for a benchmark (`crate::data::scaled`'s tree, grown
    /// with them). Fewer than 35 is 35.
    pub products: u32,
    /// The most children a category of a benchmark's tree has before the tree grows a
    /// level deeper ([`crate::data::scaled::MAX_BREADTH`] unless asked otherwise).
    pub max_breadth: u32,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            delay: Duration::from_millis(500),
            public_url: None,
            backoffice_token: None,
            products: crate::data::PRODUCT_COUNT,
            max_breadth: crate::data::scaled::MAX_BREADTH,
        }
    }
}

/// Written by hand so that the back office's token is never printed, only whether it is set.
impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("delay", &self.delay)
            .field("public_url", &self.public_url)
            .field("backoffice_token", &self.backoffice_token.as_ref().map(|_| "<redacted>"))
            .field("products", &self.products)
            .field("max_breadth", &self.max_breadth)
            .finish()
    }
}

impl Config {
    /// No delay, so tests run fast; everything else as in production.
    #[must_use]
    pub fn for_test() -> Self {
        Self { delay: Duration::ZERO, ..Self::default() }
    }
}

/// The runtime options, as `GET /api/commands/config` shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RuntimeConfig {
    /// Milliseconds every `/api` response waits.
    pub delay: u64,
    /// POST of an existing item answers 204 (else 200 with the item).
    pub post204: bool,
    /// PUT of an existing item answers 204 (else 200 with the item).
    pub put204: bool,
    /// DELETE of a missing item is a 404 (by default it is not).
    pub delete404: bool,
    /// POST of an existing item is a 409 instead of an update.
    pub post409: bool,
    /// PUT of a missing item is a 404 instead of a create.
    pub put404: bool,
    /// Search is case-insensitive unless this is set.
    pub case_sensitive_search: bool,
    /// No unknown-URL passthrough by default. This service has nowhere to pass
    /// to, so the option is shown but an unknown URL is always a 404.
    pub pass_thru_unknown_url: bool,
    /// API base 'api'.
    pub api_base: String,
}

impl Default for RuntimeConfig {
    fn default() -> Self {
        Self {
            delay: 500,
            post204: true,
            put204: true,
            delete404: false,
            post409: false,
            put404: false,
            case_sensitive_search: false,
            pass_thru_unknown_url: false,
            api_base: "api".to_owned(),
        }
    }
}
