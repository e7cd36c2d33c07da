//! Vendure's entry in [`crate::BACKENDS`]. Its drivers are offered only where this
//! adapter has a server (`vitrine_domain::Driver::always_enabled`).

use std::sync::Arc;

use vitrine_common::SharedStore;
use vitrine_domain::Backend;

use super::{VendureCarts, VendureCheckout, VendureConfig, VendureDriver};
use crate::backend::{BackendDescriptor, Built, Setting, Settings};
use crate::bounded_http::UpstreamLimits;
use crate::drivers::Drivers;
use crate::graphql::{GraphQlClient, GraphQlConfig};

/// The server's URL (its Shop API is at `/shop-api`).
pub const URL: &str = "vendure-url";
/// The channel's token, sent as `vendure-token`.
pub const CHANNEL_TOKEN: &str = "vendure-channel-token";
/// The language the Shop API answers in.
pub const LANGUAGE: &str = "vendure-language";

pub static DESCRIPTOR: BackendDescriptor = BackendDescriptor {
    backend: Backend::Vendure,
    settings: &[
        Setting {
            flag: URL,
            env: "VITRINE_VENDURE_URL",
            help: "The Vendure 3 server's URL (its Shop API at `/shop-api`), e.g. `http://localhost:3000`. Without \
                   it a lone adapter keeps Vendure \"coming soon\".",
            secret: false,
            required: true,
            default: None,
        },
        Setting {
            flag: CHANNEL_TOKEN,
            env: "VITRINE_VENDURE_CHANNEL_TOKEN",
            help: "The channel's token, sent as `vendure-token` (never logged); none: the default channel.",
            secret: true,
            required: false,
            default: None,
        },
        Setting {
            flag: LANGUAGE,
            env: "VITRINE_VENDURE_LANGUAGE",
            help: "The language the Shop API answers in (`languageCode`, e.g. `en`); none: the channel's default.",
            secret: false,
            required: false,
            default: None,
        },
    ],
    default_port: 50066,
    build,
    // Its asset storage answers absolute URLs under `/assets/` on the server (Vendure's
    // asset plugin's default route; images kept elsewhere are allowed with
    // `VITRINE_IMAGE_HOSTS`).
    image_roots: |settings| {
        settings.get(URL).map(|u| format!("{}/assets/", u.trim_end_matches('/'))).into_iter().collect()
    },
};

fn build(settings: &Settings, limits: UpstreamLimits, store: SharedStore) -> Built {
    let mut vendure = VendureConfig::new(settings.get(URL)?);
    vendure.channel_token = settings.get(CHANNEL_TOKEN).map(str::to_owned);
    vendure.language = settings.get(LANGUAGE).map(str::to_owned);
    let graphql = GraphQlConfig { endpoint: vendure.shop_api_url(), headers: vendure.headers(), limits };
    Some(GraphQlClient::new(Backend::Vendure, &graphql, store).map(|c| {
        let driver = Arc::new(VendureDriver::new(c));
        // The carts share the driver's client (its bounds, its channel) on its write path;
        // the checkout, the carts' sessions.
        let carts = Arc::new(VendureCarts::new(driver.clone()));
        Drivers::all_three(driver).with_carts(carts.clone()).with_checkout(Arc::new(VendureCheckout::new(carts)))
    }))
}
