//! Which implementation serves which backend. Adding a backend = one arm here plus its
//! folder (STYLE habit 4).

use std::sync::Arc;

use vitrine_common::SharedStore;
use vitrine_domain::Backend;

use crate::Config;
use crate::drivers::{Drivers, Unconfigured};
use crate::in_memory::InMemoryDriver;
use crate::rest::RestClient;

/// The drivers of `config.backend`; a backend without its settings answers
/// "not configured" on every call.
#[must_use]
pub fn build(config: &Config, store: SharedStore) -> Drivers {
    match (config.backend, &config.mock_data_url) {
        (Backend::InMemory, Some(url)) => {
            let client = RestClient::new(Backend::InMemory, url, config.upstream_timeout, store);
            let driver = Arc::new(InMemoryDriver::new(client));
            Drivers { catalogue: driver.clone(), navigation: driver.clone(), routes: driver }
        }
        (backend, _) => Unconfigured::drivers(backend),
    }
}
