//! What `vitrine all` starts for a backend left without settings: its demo shop, running,
//! with the settings that point the backend's adapter at it. Each shop's entry lives with
//! the shop ([`crate::DEMO_SHOPS`]); the adapter crate links none of them.

use std::future::Future;
use std::pin::Pin;

use vitrine_adapter::Settings;

/// A built-in shop speaking its backend's protocol.
pub struct DemoShop {
    /// Where it listens (for the log).
    pub url: String,
    /// The settings that point the backend at it.
    pub settings: Settings,
    stop: Box<dyn FnOnce() -> Pin<Box<dyn Future<Output = ()> + Send>> + Send>,
}

impl DemoShop {
    /// A running shop at `url`, reached with `settings`; `stop` stops it.
    pub fn new<F>(url: String, settings: Settings, stop: impl FnOnce() -> F + Send + 'static) -> Self
    where
        F: Future<Output = ()> + Send + 'static,
    {
        Self { url, settings, stop: Box::new(move || Box::pin(stop())) }
    }

    /// Stops the shop and returns once it has stopped.
    pub async fn stop(self) {
        (self.stop)().await;
    }
}

impl std::fmt::Debug for DemoShop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DemoShop").field("url", &self.url).field("settings", &self.settings).finish_non_exhaustive()
    }
}
