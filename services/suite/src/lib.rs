//! The whole suite in one process, wired once: mock-data, one adapter per backend,
//! catalogue, navigation, url-resolution and the edge, talking real gRPC and HTTP to
//! each other exactly as separate processes would. `vitrine all` runs it; the test kit's
//! `TestApp` drives it. A new setting goes into [`Config`] (or the library config it
//! holds) and both get it.
//!
//! Internal services bind loopback port 0 here and are found through the URLs this
//! returns; the edge's listener is the caller's (its address is the suite's address).

mod config;
mod service;

use std::net::SocketAddr;

use anyhow::Context;
use futures_util::stream::{FuturesUnordered, StreamExt};
use vitrine_common::{SharedStore, Shutdown};
use vitrine_domain::Backend;

pub use config::Config;
pub use service::Service;

/// Internal services take any free loopback port.
const ANY_LOOPBACK: SocketAddr = SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 0);

pub struct Suite {
    pub mock: Service,
    /// The adapter each backend's calls go to: one the suite started, or an override.
    pub adapters: Vec<(Backend, String)>,
    pub catalogue: Service,
    pub navigation: Service,
    /// The cart service.
    pub cart: Service,
    pub url_resolution: Service,
    pub edge: Service,
    /// The edge's config, complete: what a restarted edge gets ([`serve_edge`]).
    pub edge_config: vitrine_edge::Config,
    started_adapters: Vec<Service>,
    shutdown: Shutdown,
}

async fn grpc_listener() -> anyhow::Result<(tokio::net::TcpListener, String)> {
    let l = tokio::net::TcpListener::bind(ANY_LOOPBACK).await.context("binding a loopback port")?;
    let url = format!("http://{}", l.local_addr()?);
    Ok((l, url))
}

/// Starts every service under `shutdown` (cancelling it stops them all), the edge on
/// `edge_listener`. Every listener is bound when this returns, so connections queue
/// until each service serves them; a service may still fail as it starts: see
/// [`Suite::run`].
///
/// # Errors
/// When a loopback port cannot be bound.
pub async fn start(
    config: Config,
    store: SharedStore,
    edge_listener: std::net::TcpListener,
    shutdown: &Shutdown,
) -> anyhow::Result<Suite> {
    let l = std::net::TcpListener::bind(ANY_LOOPBACK).context("binding a loopback port")?;
    l.set_nonblocking(true)?;
    let mock_url = format!("http://{}", l.local_addr()?);
    let mock = Service::spawn(mock_url.clone(), shutdown, |s| vitrine_mock_data::serve(config.mock.clone(), l, s));

    let mut adapters = Vec::new();
    let mut started_adapters = Vec::new();
    for backend in vitrine_adapter::BACKENDS.iter().map(|d| d.backend) {
        if let Some((_, url)) = config.adapter_overrides.iter().find(|(b, _)| *b == backend) {
            adapters.push((backend, url.clone()));
            continue;
        }
        let (l, url) = grpc_listener().await?;
        let adapter = vitrine_adapter::Config { backend, ..config.adapter.clone() }.with(
            Backend::InMemory,
            vitrine_adapter::in_memory::MOCK_DATA_URL,
            mock_url.clone(),
        );
        let store = store.clone();
        started_adapters.push(Service::spawn(url.clone(), shutdown, |s| vitrine_adapter::serve(adapter, store, l, s)));
        adapters.push((backend, url));
    }

    let (l, url) = grpc_listener().await?;
    let catalogue_config = vitrine_catalogue::Config { adapters: adapters.clone() };
    let catalogue = Service::spawn(url, shutdown, |s| vitrine_catalogue::serve(catalogue_config, l, s));

    let (l, url) = grpc_listener().await?;
    let navigation_config = vitrine_navigation::Config { adapters: adapters.clone() };
    let navigation = Service::spawn(url, shutdown, |s| vitrine_navigation::serve(navigation_config, l, s));

    let (l, url) = grpc_listener().await?;
    let resolution_config = vitrine_url_resolution::Config {
        adapters: adapters.clone(),
        failed_resolution_path: config.failed_resolution_path.clone(),
    };
    let url_resolution = Service::spawn(url, shutdown, |s| vitrine_url_resolution::serve(resolution_config, l, s));

    let (l, url) = grpc_listener().await?;
    let cart_config = vitrine_cart::Config { adapters: adapters.clone() };
    let cart = Service::spawn(url, shutdown, |s| vitrine_cart::serve(cart_config, l, s));

    let mut edge_config = vitrine_edge::Config {
        catalogue_url: catalogue.url.clone(),
        navigation_url: navigation.url.clone(),
        url_resolution_url: url_resolution.url.clone(),
        cart_url: cart.url.clone(),
        ..config.edge.clone()
    };
    edge_config.image_sources.extend(config.image_sources(&mock_url));
    let edge = serve_edge(&edge_config, store, edge_listener, shutdown)?;

    Ok(Suite {
        mock,
        adapters,
        catalogue,
        navigation,
        url_resolution,
        cart,
        edge,
        edge_config,
        started_adapters,
        shutdown: shutdown.clone(),
    })
}

/// Serves an edge with `config` on `listener` under `shutdown`: the suite's own, and a
/// restarted one.
///
/// # Errors
/// When the listener's address cannot be read.
pub fn serve_edge(
    config: &vitrine_edge::Config,
    store: SharedStore,
    listener: std::net::TcpListener,
    shutdown: &Shutdown,
) -> anyhow::Result<Service> {
    let url = format!("http://{}", listener.local_addr()?);
    let config = config.clone();
    Ok(Service::spawn(url, shutdown, |s| vitrine_edge::serve(config, store, listener, s)))
}

impl Suite {
    /// Runs until a service stops (by failing, or by the shutdown being cancelled), then
    /// stops the others: one service failing takes the suite down rather than leaving it
    /// half-alive. Returns once every service has stopped, with the first error.
    ///
    /// # Errors
    /// The first service error.
    pub async fn run(self) -> anyhow::Result<()> {
        let Self { mock, catalogue, navigation, url_resolution, cart, edge, started_adapters, shutdown, .. } = self;
        let mut services: FuturesUnordered<_> = [mock, catalogue, navigation, url_resolution, cart, edge]
            .into_iter()
            .chain(started_adapters)
            .map(|mut s| async move { s.stopped().await })
            .collect();
        let mut result = Ok(());
        while let Some(outcome) = services.next().await {
            if let Err(e) = outcome
                && result.is_ok()
            {
                result = Err(e);
            }
            shutdown.cancel();
        }
        result
    }
}
