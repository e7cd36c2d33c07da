//! One function per subcommand: build the config, bind, serve until shutdown.
//!
//! Binding happens here only, and every listener is reported on stdout once bound (see
//! [`report`]): harnesses start services on port 0 and read the address they got.

use std::io::Write;
use std::net::SocketAddr;

use anyhow::Context;
use vitrine_common::{SharedStore, Shutdown, store};
use vitrine_domain::Backend;

use crate::cli::{Cli, Command, ServiceAddr};
use crate::config;

pub(crate) async fn run(cli: Cli, shutdown: Shutdown) -> anyhow::Result<()> {
    let redis_url = cli.redis_url.as_deref();
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
            let services =
                vitrine_edge::Config::new(&args.catalogue_url, &args.navigation_url, &args.url_resolution_url);
            let mut config =
                vitrine_edge::Config { metrics_registry: edge_metrics, ..config::edge(services, &args.edge)? };
            config.image_sources.extend(config::image_sources(&args.images));
            let store = connect(redis_url).await?;
            vitrine_edge::serve(config, store, std_listener(args.http_addr)?, shutdown).await
        }
        Command::Catalogue(args) => {
            let config = vitrine_catalogue::Config { adapters: config::adapter_urls(&args.adapters) };
            vitrine_catalogue::serve(config, listener(args.listen.addr()).await?, shutdown).await
        }
        Command::Navigation(args) => {
            let config = vitrine_navigation::Config { adapters: config::adapter_urls(&args.adapters) };
            vitrine_navigation::serve(config, listener(args.listen.addr()).await?, shutdown).await
        }
        Command::UrlResolution(args) => {
            let config = vitrine_url_resolution::Config {
                adapters: config::adapter_urls(&args.adapters),
                failed_resolution_path: args.routing.failed_resolution_path,
            };
            vitrine_url_resolution::serve(config, listener(args.addr).await?, shutdown).await
        }
        Command::MockData(args) => {
            vitrine_mock_data::serve(config::mock_data(&args.mock), std_listener(args.addr)?, shutdown).await
        }
        Command::Adapter(args) => {
            let backend = Backend::parse(&args.driver).with_context(|| {
                format!("--driver {:?}: expected one of in-memory, fake, magento, shopify", args.driver)
            })?;
            let addr = args.addr.unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], config::adapter_port(backend))));
            let store = connect(redis_url).await?;
            vitrine_adapter::serve(config::adapter(backend, &args.backends), store, listener(addr).await?, shutdown)
                .await
        }
        Command::All(args) => crate::all::run(args, redis_url, edge_metrics, shutdown).await,
        Command::Probe(args) => crate::probe::run(&args).await,
    }
}

pub(crate) async fn connect(redis_url: Option<&str>) -> anyhow::Result<SharedStore> {
    let store = store::connect(redis_url).await.context("connecting to the store (VITRINE_REDIS_URL)")?;
    tracing::info!(backend = if redis_url.is_some() { "redis" } else { "embedded" }, "store ready");
    Ok(store)
}

/// What a listener serves, as its report names it.
#[derive(Debug, Clone, Copy)]
enum Serves {
    Http,
    Grpc,
    Metrics,
}

impl Serves {
    const fn name(self) -> &'static str {
        match self {
            Self::Http => "http",
            Self::Grpc => "grpc",
            Self::Metrics => "metrics",
        }
    }
}

/// Prints `vitrine: listening <http|grpc|metrics> <ip:port>` on stdout, flushed: the
/// contract with every harness (testkit's `ServiceProcess`, `frontend/e2e/topology.mjs`),
/// which start services on `127.0.0.1:0` and learn the port from this line, so no test
/// picks a "free" port that someone else can take before the service binds it.
fn report(serves: Serves, addr: SocketAddr) {
    let mut out = std::io::stdout().lock();
    // A closed stdout must not stop a service: the line is for harnesses only.
    let _ = writeln!(out, "vitrine: listening {} {addr}", serves.name());
    let _ = out.flush();
}

async fn bind(addr: SocketAddr, serves: Serves) -> anyhow::Result<tokio::net::TcpListener> {
    let l = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("binding {addr}"))?;
    report(serves, l.local_addr()?);
    Ok(l)
}

/// A gRPC service's listener, reported.
pub(crate) async fn listener(addr: SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    bind(addr, Serves::Grpc).await
}

/// An HTTP service's listener (actix-web takes std listeners), reported.
pub(crate) fn std_listener(addr: SocketAddr) -> anyhow::Result<std::net::TcpListener> {
    let l = std::net::TcpListener::bind(addr).with_context(|| format!("binding {addr}"))?;
    l.set_nonblocking(true)?;
    report(Serves::Http, l.local_addr()?);
    Ok(l)
}
