//! Medusa's entry in [`crate::BACKENDS`]. Its drivers are offered only where
//! this adapter has a store (`vitrine_domain::Driver::always_enabled`).

use std::sync::Arc;

use vitrine_common::SharedStore;
use vitrine_domain::Backend;

use super::{MedusaCarts, MedusaCheckout, MedusaConfig, MedusaDriver};
use crate::backend::{BackendDescriptor, Built, Setting, Settings};
use crate::bounded_http::UpstreamLimits;
use crate::drivers::Drivers;
use crate::rest::RestClient;

/// The store's base URL (its Store API is under `/store`).
pub const URL: &str = "medusa-url";
/// Sent as `x-publishable-api-key`.
pub const PUBLISHABLE_KEY: &str = "medusa-publishable-key";
/// The region whose prices are shown.
pub const REGION_ID: &str = "medusa-region-id";
/// The key's variable, named when the store refuses the key (never its value).
pub const KEY_SETTING: &str = "VITRINE_MEDUSA_PUBLISHABLE_KEY";

pub static DESCRIPTOR: BackendDescriptor = BackendDescriptor {
    backend: Backend::Medusa,
    settings: &[
        Setting {
            flag: URL,
            env: "VITRINE_MEDUSA_URL",
            help: "The Medusa 2 store's base URL (its Store API is under `/store`; uploads under `/static/`), e.g. \
                   `http://localhost:9000`. Without it a lone adapter keeps Medusa \"coming soon\"; `vitrine all` \
                   serves a built-in demo shop.",
            secret: false,
            required: true,
            default: None,
        },
        Setting {
            flag: PUBLISHABLE_KEY,
            env: KEY_SETTING,
            help: "Sent as `x-publishable-api-key` (never logged, never sent to browsers).",
            secret: true,
            required: false,
            default: None,
        },
        Setting {
            flag: REGION_ID,
            env: "VITRINE_MEDUSA_REGION_ID",
            help: "The region whose prices are shown; default: the store's first region.",
            secret: false,
            required: false,
            default: None,
        },
    ],
    default_port: 50065,
    build,
    // Its file module serves uploads under `/static/` (images kept elsewhere, on a CDN,
    // are allowed with `VITRINE_IMAGE_HOSTS`).
    image_roots: |settings| {
        settings.get(URL).map(|u| format!("{}/static/", u.trim_end_matches('/'))).into_iter().collect()
    },
};

/// The store when its URL is set. A URL without a key is still the store: its refusal
/// then names the key setting, which says more than "coming soon" would.
fn build(settings: &Settings, limits: UpstreamLimits, store: SharedStore) -> Built {
    let url = settings.get(URL)?;
    let key = settings.get(PUBLISHABLE_KEY);
    if key.is_none() {
        tracing::warn!("VITRINE_MEDUSA_URL is set without {KEY_SETTING}; the store will refuse the calls");
    }
    let mut medusa = MedusaConfig::new(url, key.unwrap_or_default());
    medusa.region_id = settings.get(REGION_ID).map(str::to_owned);
    let client = medusa
        .headers()
        .and_then(|headers| Ok(RestClient::new(Backend::Medusa, &medusa.url, limits, store)?.with_headers(headers)));
    Some(client.map(|c| {
        let driver = Arc::new(MedusaDriver::new(c, medusa.region_id.clone()));
        Drivers::all_three(driver.clone())
            .with_carts(Arc::new(MedusaCarts::new(driver.clone())))
            // The checkout shares the driver's client, key and region.
            .with_checkout(Arc::new(MedusaCheckout::new(driver)))
    }))
}
