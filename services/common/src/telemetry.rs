//! Tracing set-up shared by every subcommand of the binary.

use tracing_subscriber::{EnvFilter, fmt};

/// Installs a fmt subscriber filtered by `RUST_LOG` (default `info`). Safe to call twice:
/// the second call is a no-op, which `vitrine all` and tests rely on.
pub fn init(service: &str) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    if fmt().with_env_filter(filter).with_target(false).try_init().is_ok() {
        tracing::debug!(service, "tracing initialised");
    }
}
