//! Which implementation serves which backend. Adding a backend = one arm here plus its
//! folder (STYLE habit 4).

use std::sync::Arc;

use vitrine_common::SharedStore;
use vitrine_domain::{Backend, DriverError};

use crate::Config;
use crate::drivers::{CatalogueDriver, Drivers, NavigationDriver, RouteDriver, Unconfigured};
use crate::fake_store::FakeStoreDriver;
use crate::graphql::{GraphQlClient, GraphQlConfig};
use crate::in_memory::InMemoryDriver;
use crate::magento::MagentoDriver;
use crate::medusa::MedusaDriver;
use crate::rest::RestClient;
use crate::shopify::ShopifyDriver;

/// The drivers of `config.backend`; a backend without its settings answers
/// "not configured" on every call.
#[must_use]
pub fn build(config: &Config, store: SharedStore) -> Drivers {
    match config.backend {
        Backend::InMemory => config.mock_data_url.as_ref().map_or_else(
            || Unconfigured::drivers(Backend::InMemory),
            |url| {
                let client = RestClient::new(Backend::InMemory, url, config.upstream_limits(), store);
                or_unconfigured(Backend::InMemory, client, |c| all_three(Arc::new(InMemoryDriver::new(c))))
            },
        ),
        Backend::Fake => config.fake_store_url.as_ref().map_or_else(
            || Unconfigured::drivers(Backend::Fake),
            |url| {
                let client = RestClient::new(Backend::Fake, url, config.upstream_limits(), store);
                or_unconfigured(Backend::Fake, client, |c| {
                    let driver = Arc::new(FakeStoreDriver::new(c));
                    // spec §4: fake's navigation is in-memory's; the navigation service never asks here.
                    let navigation = Unconfigured::drivers(Backend::Fake).navigation;
                    Drivers { catalogue: driver.clone(), navigation, routes: driver, configured: true }
                })
            },
        ),
        Backend::Magento => config.magento.as_ref().map_or_else(
            || Unconfigured::drivers(Backend::Magento),
            |magento| {
                let graphql = GraphQlConfig {
                    endpoint: magento.endpoint(),
                    headers: vec![("Store".to_owned(), magento.store_code.clone())],
                    limits: config.upstream_limits(),
                };
                or_unconfigured(Backend::Magento, GraphQlClient::new(Backend::Magento, &graphql, store), |c| {
                    all_three(Arc::new(MagentoDriver::new(c, magento.media_base())))
                })
            },
        ),
        Backend::Shopify => config.shopify.as_ref().map_or_else(
            || Unconfigured::drivers(Backend::Shopify),
            |shopify| {
                let graphql = GraphQlConfig {
                    endpoint: shopify.graphql_url(),
                    headers: vec![("X-Shopify-Storefront-Access-Token".to_owned(), shopify.access_token.clone())],
                    limits: config.upstream_limits(),
                };
                or_unconfigured(Backend::Shopify, GraphQlClient::new(Backend::Shopify, &graphql, store), |c| {
                    all_three(Arc::new(ShopifyDriver::new(c)))
                })
            },
        ),
        Backend::Medusa => config.medusa.as_ref().map_or_else(
            || Unconfigured::drivers(Backend::Medusa),
            |medusa| {
                let client = medusa.headers().and_then(|headers| {
                    Ok(RestClient::new(Backend::Medusa, &medusa.url, config.upstream_limits(), store)?
                        .with_headers(headers))
                });
                or_unconfigured(Backend::Medusa, client, |c| {
                    all_three(Arc::new(MedusaDriver::new(c, medusa.region_id.clone())))
                })
            },
        ),
    }
}

/// The drivers on `client`; a client that cannot be built (invalid settings) is logged
/// and its backend answers "not configured".
fn or_unconfigured<C>(backend: Backend, client: Result<C, DriverError>, drivers: impl FnOnce(C) -> Drivers) -> Drivers {
    client.map_or_else(
        |e| {
            tracing::error!(%backend, error = %e, "the backend's client settings are invalid");
            Unconfigured::drivers(backend)
        },
        drivers,
    )
}

fn all_three<D: CatalogueDriver + NavigationDriver + RouteDriver + 'static>(driver: Arc<D>) -> Drivers {
    Drivers { catalogue: driver.clone(), navigation: driver.clone(), routes: driver, configured: true }
}
