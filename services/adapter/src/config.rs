//! The adapter's settings. Only the binary reads the environment; tests use `for_test`.

use std::time::Duration;

use vitrine_domain::Backend;

use crate::bounded_http::UpstreamLimits;

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
    /// medusa: the store; `None` keeps Medusa "coming soon" (issue 13).
    pub medusa: Option<crate::medusa::MedusaConfig>,
    /// How long one upstream request may take (and a caller may wait for a slot).
    pub upstream_timeout: Duration,
    /// Requests in flight to the backend at once (issue 11); more callers wait.
    pub upstream_concurrency: usize,
    /// The longest upstream answer body read, in bytes (issue 11); longer is an error.
    pub upstream_max_body_bytes: u64,
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
            medusa: None,
            upstream_timeout: Duration::from_secs(5),
            upstream_concurrency: 32,
            upstream_max_body_bytes: 8 * 1024 * 1024,
        }
    }

    /// The bounds every client of this adapter's backend runs within.
    #[must_use]
    pub const fn upstream_limits(&self) -> UpstreamLimits {
        UpstreamLimits {
            timeout: self.upstream_timeout,
            concurrency: self.upstream_concurrency,
            max_body_bytes: self.upstream_max_body_bytes,
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
