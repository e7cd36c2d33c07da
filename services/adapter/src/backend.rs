//! What the rest of Vitrine needs to know about a backend, declared once, in its folder:
//! a [`BackendDescriptor`]. [`crate::BACKENDS`] lists them; the binary (settings, adapter
//! URLs and ports, demo shops), the suite (image sources) and the test kit loop over that
//! list instead of naming backends (a backend is one folder and one entry).
//!
//! Which drivers a deployment offers ("always", or "where its adapter is configured")
//! stays with the identity in `vitrine_domain::Driver`, because the edge and the domain
//! services, which need it, do not link the adapters.

mod settings;

use vitrine_common::SharedStore;
use vitrine_domain::{Backend, DriverError};

use crate::bounded_http::UpstreamLimits;
use crate::drivers::Drivers;

pub use settings::Settings;

/// One setting of a backend: an environment variable (a contract: add, never rename)
/// and the command-line flag of the same meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    /// The flag without `--`, also the key its value is kept under in [`Settings`].
    pub flag: &'static str,
    /// `VITRINE_…`.
    pub env: &'static str,
    /// The `--help` text.
    pub help: &'static str,
    /// A credential: its value is never printed (`--help`, `Debug`, logs).
    pub secret: bool,
    /// Without it the backend is not configured here (and `vitrine all` serves its demo
    /// shop instead).
    pub required: bool,
    /// The value when none is given.
    pub default: Option<&'static str>,
}

/// What building a backend's drivers from its settings gives: `None` when its required
/// settings are missing (the adapter answers "not configured"), an error when they are
/// given but unusable (logged; likewise not configured).
pub type Built = Option<Result<Drivers, DriverError>>;

/// Everything outside a backend's folder needs to know about it.
#[derive(Debug)]
pub struct BackendDescriptor {
    /// Its identity (value, label and driver availability live in `vitrine_domain`).
    pub backend: Backend,
    /// Its settings, in `--help` order.
    pub settings: &'static [Setting],
    /// Where its adapter listens unless told otherwise (`vitrine adapter --driver …`).
    pub default_port: u16,
    /// Its drivers from its settings, within `limits`, caching in the store.
    pub build: fn(&Settings, UpstreamLimits, SharedStore) -> Built,
    /// The image locations its products point at, as `[scheme://]host[:port]/path/`
    /// entries of the edge's allow-list, derived from its settings (never secrets).
    pub image_roots: fn(&Settings) -> Vec<String>,
}

impl BackendDescriptor {
    /// Whether `settings` hold every required setting: the backend is configured.
    #[must_use]
    pub fn is_configured(&self, settings: &Settings) -> bool {
        self.settings.iter().filter(|s| s.required).all(|s| settings.get(s.flag).is_some())
    }

    /// Whether none of its required settings is given: `vitrine all` then serves its
    /// demo shop, where `vitrine-fakes` has one (one given without the rest is a
    /// deployer's half-done setting, which the adapter reports rather than hides behind a
    /// demo).
    #[must_use]
    pub fn is_unset(&self, settings: &Settings) -> bool {
        self.settings.iter().filter(|s| s.required).all(|s| settings.get(s.flag).is_none())
    }

    /// The suffix of its `VITRINE_ADAPTER_<NAME>_URL` variable: its value in capitals,
    /// `-` → `_` (`in-memory` → `IN_MEMORY`).
    #[must_use]
    pub fn env_name(&self) -> String {
        self.backend.as_str().to_ascii_uppercase().replace('-', "_")
    }
}

/// The descriptor of `backend`.
///
/// # Panics
/// When `backend` has no entry in [`crate::BACKENDS`] (a test checks every one has).
#[must_use]
pub fn descriptor(backend: Backend) -> &'static BackendDescriptor {
    crate::BACKENDS.iter().copied().find(|d| d.backend == backend).expect("every backend is listed in BACKENDS")
}

/// Every backend's setting, looked up by flag (flags are unique across backends).
#[must_use]
pub fn setting(flag: &str) -> Option<&'static Setting> {
    crate::BACKENDS.iter().flat_map(|d| d.settings).find(|s| s.flag == flag)
}

#[cfg(test)]
mod tests;
