//! One function per subcommand: build the config, bind ([`crate::listen`]), serve until
//! shutdown.

use std::net::SocketAddr;

use anyhow::Context;
use vitrine_common::Shutdown;
use vitrine_domain::Backend;

use crate::backends::Backends;
use crate::cli::{Cli, Command, ServiceAddr};
use crate::config;
use crate::listen::{Serves, bind, connect, listener, std_listener};

pub(crate) async fn run(cli: Cli, backends: Backends, shutdown: Shutdown) -> anyhow::Result<()> {
    let store_config = config::store(&cli)?;
    // The edge's figures (in `edge` and `all`), served here and not on its public port.
    let mut edge_metrics = None;
    if let Some(addr) = cli.metrics_addr.filter(|_| cli.command.is_service()) {
        let metrics = bind(addr, Serves::Metrics).await.context("the metrics port (VITRINE_METRICS_ADDR)")?;
        let registry = vitrine_common::metrics::Registry::new();
        edge_metrics = Some(registry.clone());
        let shutdown = shutdown.clone();
        tokio::spawn(async move {
            if let Err(e) = vitrine_common::metrics::serve(metrics, registry, shutdown).await {
                tracing::error!(error = %format!("{e:#}"), "metrics server stopped");
            }
        });
    }
    match cli.command {
        Command::Edge(args) => {
            let services = vitrine_edge::Config {
                cart_url: args.cart_url.clone(),
                ..vitrine_edge::Config::new(&args.catalogue_url, &args.navigation_url, &args.url_resolution_url)
            };
            let mut config = vitrine_edge::Config {
                metrics_registry: edge_metrics,
                ..config::edge(services, &args.edge, &backends, config::EdgeRole::Deployed)?
            };
            config.image_sources.extend(config::image_sources(&args.images, &backends));
            let store = connect(&store_config).await?;
            vitrine_edge::serve(config, store, std_listener(args.http_addr)?, shutdown).await
        }
        Command::Catalogue(args) => {
            let config = vitrine_catalogue::Config { adapters: backends.adapter_urls.clone() };
            vitrine_catalogue::serve(config, listener(args.listen.addr()).await?, shutdown).await
        }
        Command::Navigation(args) => {
            let config = vitrine_navigation::Config { adapters: backends.adapter_urls.clone() };
            vitrine_navigation::serve(config, listener(args.listen.addr()).await?, shutdown).await
        }
        Command::Cart(args) => {
            let config = vitrine_cart::Config { adapters: backends.adapter_urls.clone() };
            vitrine_cart::serve(config, listener(args.listen.addr()).await?, shutdown).await
        }
        Command::UrlResolution(args) => {
            let config = vitrine_url_resolution::Config {
                adapters: backends.adapter_urls.clone(),
                failed_resolution_path: args.routing.failed_resolution_path,
            };
            vitrine_url_resolution::serve(config, listener(args.addr).await?, shutdown).await
        }
        Command::MockData(args) => {
            vitrine_mock_data::serve(config::mock_data(&args.mock), std_listener(args.addr)?, shutdown).await
        }
        Command::Adapter(args) => {
            let backend = Backend::parse(&args.driver).with_context(|| {
                let names: Vec<&str> = vitrine_adapter::BACKENDS.iter().map(|d| d.backend.as_str()).collect();
                format!("--driver {:?}: expected one of {}", args.driver, names.join(", "))
            })?;
            let port = vitrine_adapter::descriptor(backend).default_port;
            let addr = args.addr.unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], port)));
            let store = connect(&store_config).await?;
            let config = config::adapter(backend, &backends, &args.upstream);
            vitrine_adapter::serve(config, store, listener(addr).await?, shutdown).await
        }
        Command::All(args) => crate::all::run(args, backends, &store_config, edge_metrics, shutdown).await,
        Command::Probe(args) => crate::probe::run(&args).await,
        Command::Loadgen(args) => crate::loadgen::run(&args, &shutdown).await,
    }
}
