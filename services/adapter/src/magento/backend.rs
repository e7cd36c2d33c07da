//! Magento's entry in [`crate::BACKENDS`] (Mage-OS is its second driver value).

use std::sync::Arc;

use vitrine_common::SharedStore;
use vitrine_domain::Backend;

use super::{MagentoCarts, MagentoCheckout, MagentoConfig, MagentoDriver};
use crate::backend::{BackendDescriptor, Built, Setting, Settings};
use crate::bounded_http::UpstreamLimits;
use crate::drivers::Drivers;
use crate::graphql::{GraphQlClient, GraphQlConfig};

/// The shop's base URL; GraphQL is at `{base}/graphql`.
pub const BASE_URL: &str = "magento-base-url";
/// Sent as the `Store` header.
pub const STORE_CODE: &str = "magento-store-code";
/// Where product gallery files live.
pub const MEDIA_URL: &str = "magento-media-url";

pub static DESCRIPTOR: BackendDescriptor = BackendDescriptor {
    backend: Backend::Magento,
    settings: &[
        Setting {
            flag: BASE_URL,
            env: "VITRINE_MAGENTO_BASE_URL",
            help: "The Magento (and Mage-OS) shop's base URL; GraphQL is at `{base}/graphql`. `vitrine all` \
                   without it serves a built-in demo shop; `vitrine adapter --driver magento` without it answers \
                   \"Client has not been defined yet\".",
            secret: false,
            required: true,
            default: None,
        },
        Setting {
            flag: STORE_CODE,
            env: "VITRINE_MAGENTO_STORE_CODE",
            help: "Sent as the `Store` header.",
            secret: false,
            required: false,
            default: Some(super::config::DEFAULT_STORE_CODE),
        },
        Setting {
            flag: MEDIA_URL,
            env: "VITRINE_MAGENTO_MEDIA_URL",
            help: "Where product gallery files live (images under `{media}catalog/product/`); default \
                   `{base}/media/`.",
            secret: false,
            required: false,
            default: None,
        },
    ],
    default_port: 50063,
    build,
    image_roots: |settings| {
        config(settings).map(|m| format!("{}catalog/product/", with_slash(&m.media_base()))).into_iter().collect()
    },
};

fn with_slash(url: &str) -> String {
    format!("{}/", url.trim_end_matches('/'))
}

/// The shop the settings name, if they name one.
#[must_use]
pub fn config(settings: &Settings) -> Option<MagentoConfig> {
    let mut config = MagentoConfig::new(settings.get(BASE_URL)?);
    if let Some(code) = settings.get(STORE_CODE) {
        code.clone_into(&mut config.store_code);
    }
    config.media_url = settings.get(MEDIA_URL).map(str::to_owned);
    Some(config)
}

fn build(settings: &Settings, limits: UpstreamLimits, store: SharedStore) -> Built {
    let magento = config(settings)?;
    let graphql = GraphQlConfig {
        endpoint: magento.endpoint(),
        headers: vec![("Store".to_owned(), magento.store_code.clone())],
        limits,
    };
    // One client: the carts' calls take its write path, beside the reads' cache.
    Some(GraphQlClient::new(Backend::Magento, &graphql, store).map(|c| {
        Drivers::all_three(Arc::new(MagentoDriver::new(c.clone(), magento.media_base())))
            .with_carts(Arc::new(MagentoCarts::new(c.clone())))
            .with_checkout(Arc::new(MagentoCheckout::new(c)))
    }))
}
