//! `vitrine all`: every service in one process ([`vitrine_suite`]), each internal one on
//! its own loopback port, talking real gRPC and HTTP to each other exactly as separate
//! processes would. A shop left unconfigured is served by a built-in demo shop
//! ([`vitrine_fakes`]), so every driver works offline.

use vitrine_common::Shutdown;
use vitrine_fakes::graphql::FakeGraphQl;
use vitrine_fakes::upstream::HttpUpstream;

use crate::cli::{AllArgs, MedusaOptions, ShopOptions, ShopifyOptions};
use crate::config;
use crate::run::{connect, std_listener};

/// The built-in shops started for the backends left unconfigured.
#[derive(Default)]
struct DemoShops {
    magento: Option<FakeGraphQl>,
    fake_store: Option<HttpUpstream>,
    shopify: Option<FakeGraphQl>,
    medusa: Option<vitrine_fakes::medusa::MedusaShop>,
}

impl DemoShops {
    /// Starts a demo shop for each shop `shops` leaves unset, and points `shops` at it.
    fn start_missing(shops: &mut ShopOptions) -> Self {
        let mut demo = Self::default();
        if config::set(shops.magento.magento_base_url.as_ref()).is_none() {
            let shop = vitrine_fakes::magento::start();
            tracing::info!(url = %shop.url, "magento: no VITRINE_MAGENTO_BASE_URL, serving the built-in demo shop");
            shops.magento.magento_base_url = Some(shop.url.clone());
            demo.magento = Some(shop);
        }
        if config::set(shops.fake_store_url.as_ref()).is_none() {
            let api = vitrine_fakes::fake_store::start();
            tracing::info!(url = %api.url, "fake: no VITRINE_FAKE_STORE_URL, serving the built-in fake store");
            shops.fake_store_url = Some(api.url.clone());
            demo.fake_store = Some(api);
        }
        if config::set(shops.shopify.shopify_endpoint.as_ref()).is_none() {
            // A demo token for the built-in shop only; it guards nothing real.
            let token = uuid::Uuid::new_v4().simple().to_string();
            let shop = vitrine_fakes::shopify::start_demo(&token);
            tracing::info!(url = %shop.url, "shopify: no VITRINE_SHOPIFY_ENDPOINT, serving the built-in demo shop");
            shops.shopify =
                ShopifyOptions { shopify_endpoint: Some(shop.url.clone()), shopify_access_token: Some(token) };
            demo.shopify = Some(shop);
        }
        if config::set(shops.medusa.medusa_url.as_ref()).is_none() {
            let shop = vitrine_fakes::medusa::start(vitrine_fakes::medusa::DEMO_KEY);
            tracing::info!(url = %shop.url, "medusa: no VITRINE_MEDUSA_URL, serving the built-in demo shop");
            shops.medusa = MedusaOptions {
                medusa_url: Some(shop.url.clone()),
                medusa_publishable_key: Some(vitrine_fakes::medusa::DEMO_KEY.to_owned()),
                medusa_region_id: None,
            };
            demo.medusa = Some(shop);
        }
        demo
    }

    /// Stops the shops started and returns once they have stopped.
    async fn stop(self) {
        for shop in [self.magento, self.shopify].into_iter().flatten() {
            shop.stop().await;
        }
        if let Some(api) = self.fake_store {
            api.stop().await;
        }
        if let Some(shop) = self.medusa {
            shop.stop().await;
        }
    }
}

/// `edge_metrics`: the metrics port's registry, when there is one (the edge's figures go
/// there rather than on its public port).
pub(crate) async fn run(
    args: AllArgs,
    redis_url: Option<&str>,
    edge_metrics: Option<vitrine_common::metrics::Registry>,
    shutdown: Shutdown,
) -> anyhow::Result<()> {
    let store = connect(redis_url).await?;
    let mut shops = args.shops.clone();
    let demo_shops = DemoShops::start_missing(&mut shops);
    let suite = vitrine_suite::Config {
        mock: config::mock_data(&args.mock),
        adapter: config::shops(&shops),
        adapter_overrides: Vec::new(),
        failed_resolution_path: args.routing.failed_resolution_path.clone(),
        // The suite sets where its domain services are.
        edge: vitrine_edge::Config {
            metrics_registry: edge_metrics,
            ..config::edge(vitrine_suite::Config::default().edge, &args.edge)?
        },
    };
    let edge = std_listener(args.http_addr)?;
    let addr = edge.local_addr()?;
    let suite = vitrine_suite::start(suite, store, edge, &shutdown).await?;
    tracing::info!("Vitrine is up: open http://{addr}");
    let result = suite.run().await;
    demo_shops.stop().await;
    result
}
