//! `vitrine all`: every service in one process ([`vitrine_suite`]), each internal one on
//! its own loopback port, talking real gRPC and HTTP to each other exactly as separate
//! processes would. A backend left without settings is served by its built-in demo shop
//! (`vitrine_fakes::DEMO_SHOPS`), so every driver works offline.

use vitrine_common::Shutdown;
use vitrine_fakes::DemoShop;

use crate::backends::Backends;
use crate::cli::AllArgs;
use crate::config;
use crate::listen::{connect, std_listener};

/// Starts the demo shop of each backend `backends` leaves unset, and points its settings
/// at it.
fn start_demo_shops(backends: &mut Backends) -> Vec<DemoShop> {
    let mut shops = Vec::new();
    for d in vitrine_adapter::BACKENDS {
        let Some(start) = vitrine_fakes::demo_shop(d.backend) else { continue };
        let settings = backends.settings.entry(d.backend).or_default();
        if d.is_unset(settings) {
            let shop = start();
            tracing::info!(backend = %d.backend, url = %shop.url, "no settings given, serving the built-in demo shop");
            settings.extend(&shop.settings);
            shops.push(shop);
        }
    }
    shops
}

/// `edge_metrics`: the metrics port's registry, when there is one (the edge's figures go
/// there rather than on its public port).
pub(crate) async fn run(
    args: AllArgs,
    mut backends: Backends,
    store_config: &vitrine_common::store::StoreConfig,
    edge_metrics: Option<vitrine_common::metrics::Registry>,
    shutdown: Shutdown,
) -> anyhow::Result<()> {
    let store = connect(store_config).await?;
    let demo_shops = start_demo_shops(&mut backends);
    let suite = vitrine_suite::Config {
        mock: config::mock_data(&args.mock),
        adapter: config::adapters(&backends, &args.upstream),
        adapter_overrides: Vec::new(),
        failed_resolution_path: args.routing.failed_resolution_path.clone(),
        // The suite sets where its domain services are.
        edge: vitrine_edge::Config {
            metrics_registry: edge_metrics,
            // The demo is where an evaluator injects faults.
            debug_faults: args.edge.debug_faults.unwrap_or(true),
            ..config::edge(vitrine_suite::Config::default().edge, &args.edge, &backends, config::EdgeRole::LocalDemo)?
        },
    };
    let edge = std_listener(args.http_addr)?;
    let addr = edge.local_addr()?;
    let suite = vitrine_suite::start(suite, store, edge, &shutdown).await?;
    // Where an evaluator (and the browser tests) read the mock's own records, as the demo
    // shops' lines above say where theirs are: the whole record in the back office, to
    // its token's bearer only (the public answer holds nothing of the shopper's).
    tracing::info!(
        url = %suite.mock.url,
        "mock-data serves the default backend; its orders at /api/orders/{{number}}, with the shopper's email at \
         /_backoffice/orders/{{number}} (Authorization: Bearer VITRINE_MOCK_DATA_BACKOFFICE_TOKEN, when set)"
    );
    tracing::info!("Vitrine is up: open http://{addr}");
    let result = suite.run().await;
    for shop in demo_shops {
        shop.stop().await;
    }
    result
}
