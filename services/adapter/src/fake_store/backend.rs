//! The fake store's entry in [`crate::BACKENDS`].

use std::sync::Arc;

use vitrine_common::SharedStore;
use vitrine_domain::Backend;

use super::{FakeStoreCarts, FakeStoreDriver};
use crate::backend::{BackendDescriptor, Built, Setting, Settings};
use crate::bounded_http::UpstreamLimits;
use crate::drivers::{Drivers, NoCheckout, Unconfigured};
use crate::rest::RestClient;

/// The fake-store API's base URL (`GET {base}/products`).
pub const URL: &str = "fake-store-url";

pub static DESCRIPTOR: BackendDescriptor = BackendDescriptor {
    backend: Backend::Fake,
    settings: &[Setting {
        flag: URL,
        env: "VITRINE_FAKE_STORE_URL",
        help: "The fake-store API (`GET {base}/products`); its images are under `/img/`. `vitrine all` without \
               it serves a built-in one; a lone fake adapter answers \"Client has not been defined yet\".",
        secret: false,
        required: true,
        default: None,
    }],
    default_port: 50062,
    build,
    image_roots: |settings| {
        settings.get(URL).map(|u| format!("{}/img/", u.trim_end_matches('/'))).into_iter().collect()
    },
};

fn build(settings: &Settings, limits: UpstreamLimits, store: SharedStore) -> Built {
    let url = settings.get(URL)?;
    Some(RestClient::new(Backend::Fake, url, limits, store.clone()).map(|c| {
        let driver = Arc::new(FakeStoreDriver::new(c));
        // Fake's navigation is in-memory's; the navigation service never asks here.
        let navigation = Unconfigured::drivers(Backend::Fake).navigation;
        // The store keeps no carts; Vitrine keeps them, in its own store.
        let carts = Arc::new(FakeStoreCarts::new(driver.clone(), store));
        // The fake store has no checkout; the cart page says so.
        let checkout = Arc::new(NoCheckout::NONE);
        Drivers { catalogue: driver.clone(), navigation, routes: driver, carts, checkout, configured: true }
    }))
}
