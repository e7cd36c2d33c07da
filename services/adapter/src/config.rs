//! The adapter's settings. Only the binary reads the environment; tests use `for_test`.

use std::collections::BTreeMap;
use std::time::Duration;

use vitrine_domain::Backend;

use crate::backend::Settings;
use crate::bounded_http::UpstreamLimits;

#[derive(Debug, Clone)]
pub struct Config {
    /// The one backend this adapter serves.
    pub backend: Backend,
    /// Every backend's settings, as its descriptor names them (`crate::BACKENDS`); this
    /// adapter reads its own backend's. A backend without them answers "Client has not
    /// been defined yet" (or "coming soon" for one offered only where configured).
    pub settings: BTreeMap<Backend, Settings>,
    /// How long one upstream request may take (and a caller may wait for a slot).
    pub upstream_timeout: Duration,
    /// Requests in flight to the backend at once; more callers wait.
    pub upstream_concurrency: usize,
    /// The longest upstream answer body read, in bytes; longer is an error.
    pub upstream_max_body_bytes: u64,
}

impl Config {
    #[must_use]
    pub const fn new(backend: Backend) -> Self {
        Self {
            backend,
            settings: BTreeMap::new(),
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

    /// `backend`'s settings (none given: empty).
    #[must_use]
    pub fn settings(&self, backend: Backend) -> Settings {
        self.settings.get(&backend).cloned().unwrap_or_default()
    }

    /// Sets one of `backend`'s settings (`flag` as its descriptor names it).
    pub fn set(&mut self, backend: Backend, flag: &str, value: impl Into<String>) {
        self.settings.entry(backend).or_default().set(flag, value);
    }

    /// This config with one of `backend`'s settings set.
    #[must_use]
    pub fn with(mut self, backend: Backend, flag: &str, value: impl Into<String>) -> Self {
        self.set(backend, flag, value);
        self
    }

    /// The in-memory adapter against a mock-data service at `mock_data_url`.
    #[must_use]
    pub fn for_test(backend: Backend, mock_data_url: &str) -> Self {
        Self { upstream_timeout: Duration::from_secs(2), ..Self::new(backend) }.with(
            Backend::InMemory,
            crate::in_memory::MOCK_DATA_URL,
            mock_data_url,
        )
    }
}
