//! Which implementation serves which backend: the one its descriptor builds from its
//! settings ([`crate::backend`]); adding a backend adds nothing here.

use vitrine_common::SharedStore;

use crate::Config;
use crate::backend::descriptor;
use crate::drivers::{Drivers, Unconfigured};

/// The drivers of `config.backend`; a backend without its settings, or with settings
/// its client cannot be built from (logged), answers "not configured" on every call.
#[must_use]
pub fn build(config: &Config, store: SharedStore) -> Drivers {
    let backend = config.backend;
    match (descriptor(backend).build)(&config.settings(backend), config.upstream_limits(), store) {
        Some(Ok(drivers)) => drivers,
        Some(Err(e)) => {
            tracing::error!(%backend, error = %e, "the backend's client settings are invalid");
            Unconfigured::drivers(backend)
        }
        None => Unconfigured::drivers(backend),
    }
}
