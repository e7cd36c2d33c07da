//! The adapter's settings. Only the binary reads the environment; tests use `for_test`.

use std::time::Duration;

use vitrine_domain::Backend;

#[derive(Debug, Clone)]
pub struct Config {
    /// The one backend this adapter serves.
    pub backend: Backend,
    /// in-memory: base URL of the mock-data service (without `/api`).
    pub mock_data_url: Option<String>,
    /// fake: the fake-store API's base URL (`GET {base}/products`).
    pub fake_store_url: Option<String>,
    /// shopify: the shop and its token; `None` answers "Client has not been defined yet".
    pub shopify: Option<crate::shopify::ShopifyConfig>,
    /// magento: the shop; `None` answers "Client has not been defined yet".
    pub magento: Option<crate::magento::MagentoConfig>,
    /// How long one upstream request may take.
    pub upstream_timeout: Duration,
}

impl Config {
    #[must_use]
    pub const fn new(backend: Backend) -> Self {
        Self {
            backend,
            mock_data_url: None,
            fake_store_url: None,
            magento: None,
            shopify: None,
            upstream_timeout: Duration::from_secs(5),
        }
    }

    /// The in-memory adapter against a mock-data service at `mock_data_url`.
    #[must_use]
    pub fn for_test(backend: Backend, mock_data_url: &str) -> Self {
        Self {
            mock_data_url: Some(mock_data_url.to_owned()),
            upstream_timeout: Duration::from_secs(2),
            ..Self::new(backend)
        }
    }
}
