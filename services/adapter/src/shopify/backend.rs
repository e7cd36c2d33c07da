//! Shopify's entry in [`crate::BACKENDS`].

use std::sync::Arc;

use vitrine_common::SharedStore;
use vitrine_domain::Backend;

use super::{ShopifyCarts, ShopifyConfig, ShopifyDriver};
use crate::backend::{BackendDescriptor, Built, Setting, Settings};
use crate::bounded_http::UpstreamLimits;
use crate::checkout::Handoff;
use crate::drivers::{CartDriver, Drivers};
use crate::graphql::{GraphQlClient, GraphQlConfig};

/// The shop, e.g. `https://shop.myshopify.com`.
pub const ENDPOINT: &str = "shopify-endpoint";
/// The Storefront access token (a secret).
pub const ACCESS_TOKEN: &str = "shopify-access-token";
/// Other hosts the shop checks out on (its primary domain), comma-separated.
pub const CHECKOUT_HOSTS: &str = "shopify-checkout-hosts";

/// Shopify's file path, on its CDN and (in the demo shop) on the shop's own host.
const FILES: &str = "/s/files/";
const CDN: &str = "cdn.shopify.com";

pub static DESCRIPTOR: BackendDescriptor = BackendDescriptor {
    backend: Backend::Shopify,
    settings: &[
        Setting {
            flag: ENDPOINT,
            env: "VITRINE_SHOPIFY_ENDPOINT",
            help: "The Shopify shop, e.g. `https://shop.myshopify.com`; images under `cdn.shopify.com/s/files/`. \
                   `vitrine all` without it serves a built-in demo shop; a lone adapter answers \"Client has not \
                   been defined yet\".",
            secret: false,
            required: true,
            default: None,
        },
        Setting {
            flag: ACCESS_TOKEN,
            env: "VITRINE_SHOPIFY_ACCESS_TOKEN",
            help: "The Storefront access token (a secret: never logged, never sent to browsers).",
            secret: true,
            required: false,
            default: None,
        },
        Setting {
            flag: CHECKOUT_HOSTS,
            env: "VITRINE_SHOPIFY_CHECKOUT_HOSTS",
            help: "Hosts besides the shop's own that its checkout may be on (its primary domain),                    comma-separated: a cart's checkout address elsewhere, or not https, is not offered.",
            secret: false,
            required: false,
            default: None,
        },
    ],
    default_port: 50064,
    build,
    image_roots,
};

fn build(settings: &Settings, limits: UpstreamLimits, store: SharedStore) -> Built {
    let endpoint = settings.get(ENDPOINT)?;
    let Some(token) = settings.get(ACCESS_TOKEN) else {
        tracing::warn!("VITRINE_SHOPIFY_ENDPOINT is set without VITRINE_SHOPIFY_ACCESS_TOKEN; shopify stays undefined");
        return None;
    };
    let mut shopify = ShopifyConfig::new(endpoint, token);
    shopify.checkout_hosts = settings
        .get(CHECKOUT_HOSTS)
        .map(|hosts| hosts.split(',').map(str::trim).filter(|h| !h.is_empty()).map(str::to_ascii_lowercase).collect())
        .unwrap_or_default();
    let graphql = GraphQlConfig {
        endpoint: shopify.graphql_url(),
        headers: vec![("X-Shopify-Storefront-Access-Token".to_owned(), shopify.access_token.clone())],
        limits,
    };
    // The carts share the client (its bounds, its token), on its write path.
    Some(GraphQlClient::new(Backend::Shopify, &graphql, store).map(|c| {
        let carts: Arc<dyn CartDriver> = Arc::new(ShopifyCarts::new(c.clone(), shopify.handoff()));
        // Shopify completes checkout on its own site, at the cart's checkoutUrl.
        Drivers::all_three(Arc::new(ShopifyDriver::new(c)))
            .with_carts(carts.clone())
            .with_checkout(Arc::new(Handoff::new(carts)))
    }))
}

/// `/s/files/` on Shopify's CDN, and on the shop's own host (where the demo shop serves
/// its photos).
fn image_roots(settings: &Settings) -> Vec<String> {
    let Some(shop) = settings.get(ENDPOINT).and_then(|e| reqwest::Url::parse(e).ok()) else { return Vec::new() };
    let mut roots = vec![format!("https://{CDN}{FILES}")];
    if let Some(host) = shop.host_str().filter(|h| *h != CDN) {
        let port = shop.port().map(|p| format!(":{p}")).unwrap_or_default();
        roots.push(format!("{}://{host}{port}{FILES}", shop.scheme()));
    }
    roots
}
