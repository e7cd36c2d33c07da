//! The in-memory backend's entry in [`crate::BACKENDS`]: mock-data is a Vitrine service,
//! so there is no demo shop, and mock-data's images are allowed wherever mock-data runs.

use std::sync::Arc;

use vitrine_common::SharedStore;
use vitrine_domain::Backend;

use super::{InMemoryCarts, InMemoryCheckout, InMemoryDriver};
use crate::backend::{BackendDescriptor, Built, Setting, Settings};
use crate::bounded_http::UpstreamLimits;
use crate::drivers::Drivers;
use crate::rest::RestClient;

/// The mock-data service's base URL (without `/api`).
pub const MOCK_DATA_URL: &str = "mock-data-url";

pub static DESCRIPTOR: BackendDescriptor = BackendDescriptor {
    backend: Backend::InMemory,
    settings: &[Setting {
        flag: MOCK_DATA_URL,
        env: "VITRINE_MOCK_DATA_URL",
        help: "in-memory: the mock-data service.",
        secret: false,
        required: true,
        default: Some("http://127.0.0.1:50070"),
    }],
    default_port: 50061,
    build,
    image_roots: |_| Vec::new(),
};

fn build(settings: &Settings, limits: UpstreamLimits, store: SharedStore) -> Built {
    let url = settings.get(MOCK_DATA_URL)?;
    Some(RestClient::new(Backend::InMemory, url, limits, store).map(|c| {
        Drivers::all_three(Arc::new(InMemoryDriver::new(c.clone())))
            .with_carts(Arc::new(InMemoryCarts::new(c.clone())))
            // Mock-data checks its carts out and places mock orders.
            .with_checkout(Arc::new(InMemoryCheckout::new(c)))
    }))
}
