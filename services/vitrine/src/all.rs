//! `vitrine all`: every service in one process, each on its own loopback port, talking
//! real gRPC and HTTP to each other exactly as separate processes would.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::task::JoinSet;
use vitrine_common::Shutdown;
use vitrine_domain::Backend;

use crate::cli::{AllArgs, BackendOptions, ShopOptions, ShopifyOptions};
use crate::config;
use crate::run::{connect, std_listener};

/// Internal services take any free loopback port; only the edge has a fixed address.
const ANY_LOOPBACK: SocketAddr = SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 0);

/// `host:port` of a URL (`http://h:p/…` → `h:p`).
fn authority(url: &str) -> Option<String> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    rest.split('/').next().filter(|a| !a.is_empty()).map(str::to_owned)
}

/// Internal listeners are not reported on stdout (see `run::report`): only the edge's
/// address is the process's.
async fn listener(addr: SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    Ok(tokio::net::TcpListener::bind(addr).await?)
}

fn internal_std_listener(addr: SocketAddr) -> anyhow::Result<std::net::TcpListener> {
    let l = std::net::TcpListener::bind(addr)?;
    l.set_nonblocking(true)?;
    Ok(l)
}

fn url(addr: SocketAddr) -> String {
    format!("http://{addr}")
}

pub(crate) async fn run(args: AllArgs, redis_url: Option<&str>, shutdown: Shutdown) -> anyhow::Result<()> {
    let store = connect(redis_url).await?;
    let mut tasks = JoinSet::new();

    let mock = internal_std_listener(ANY_LOOPBACK)?;
    let mock_url = url(mock.local_addr()?);
    tasks.spawn(vitrine_mock_data::serve(config::mock_data(&args.mock), mock, shutdown.clone()));

    // No shop configured: the test kit's Magento catalogue is the demo's (offline) shop.
    let mut magento = args.shops.magento.clone();
    let _demo_shop = if magento.magento_base_url.as_deref().is_none_or(|u| u.trim().is_empty()) {
        let shop = vitrine_testkit::magento::start();
        tracing::info!(url = %shop.url, "magento: no VITRINE_MAGENTO_BASE_URL, serving the built-in demo shop");
        magento.magento_base_url = Some(shop.url.clone());
        Some(shop)
    } else {
        None
    };
    let (fake_store_url, _demo_store) = match args.shops.fake_store_url.clone().filter(|u| !u.trim().is_empty()) {
        Some(url) => (url, None),
        None => {
            let api = vitrine_testkit::fake_store::start();
            tracing::info!(url = %api.url, "fake: no VITRINE_FAKE_STORE_URL, serving the built-in fake store");
            (api.url.clone(), Some(api))
        }
    };
    let mut shopify = args.shops.shopify.clone();
    let _demo_shopify = if shopify.shopify_endpoint.as_deref().is_none_or(|u| u.trim().is_empty()) {
        // A demo token for the built-in shop only; it guards nothing real.
        let token = uuid::Uuid::new_v4().simple().to_string();
        let shop = vitrine_testkit::shopify::start(&token);
        tracing::info!(url = %shop.url, "shopify: no VITRINE_SHOPIFY_ENDPOINT, serving the built-in demo shop");
        shopify = ShopifyOptions { shopify_endpoint: Some(shop.url.clone()), shopify_access_token: Some(token) };
        Some(shop)
    } else {
        None
    };
    let shops = ShopOptions {
        magento: magento.clone(),
        fake_store_url: Some(fake_store_url.clone()),
        shopify: shopify.clone(),
        ..args.shops.clone()
    };
    let backends = BackendOptions { mock_data_url: mock_url.clone(), shops };
    let mut adapters = Vec::new();
    for backend in Backend::ALL {
        let l = listener(ANY_LOOPBACK).await?;
        adapters.push((backend, url(l.local_addr()?)));
        tasks.spawn(vitrine_adapter::serve(config::adapter(backend, &backends), store.clone(), l, shutdown.clone()));
    }

    let catalogue = listener(ANY_LOOPBACK).await?;
    let catalogue_url = url(catalogue.local_addr()?);
    let cfg = vitrine_catalogue::Config { adapters: adapters.clone() };
    tasks.spawn(vitrine_catalogue::serve(cfg, catalogue, shutdown.clone()));

    let navigation = listener(ANY_LOOPBACK).await?;
    let navigation_url = url(navigation.local_addr()?);
    let cfg = vitrine_navigation::Config { adapters: adapters.clone() };
    tasks.spawn(vitrine_navigation::serve(cfg, navigation, shutdown.clone()));

    let resolution = listener(ANY_LOOPBACK).await?;
    let resolution_url = url(resolution.local_addr()?);
    let cfg = vitrine_url_resolution::Config {
        adapters,
        failed_resolution_path: args.routing.failed_resolution_path.clone(),
    };
    tasks.spawn(vitrine_url_resolution::serve(cfg, resolution, shutdown.clone()));

    let mut edge_config = config::edge(&catalogue_url, &navigation_url, &resolution_url, &args.edge)?;
    // The mock's images live on its ephemeral port; the image service must reach them.
    edge_config.image_hosts.push(mock_url.trim_start_matches("http://").to_owned());
    // The shops' product photos too.
    let bases =
        [magento.magento_base_url.as_deref(), Some(fake_store_url.as_str()), shopify.shopify_endpoint.as_deref()];
    for base in bases.into_iter().flatten() {
        if let Some(host) = authority(base) {
            edge_config.image_hosts.push(host);
        }
    }
    let edge = std_listener(args.http_addr)?;
    tracing::info!("Vitrine is up: open http://{}", edge.local_addr()?);
    tasks.spawn(vitrine_edge::serve(edge_config, store, edge, shutdown.clone()));

    // One service failing takes the demo down rather than leaving it half-alive.
    let mut result = Ok(());
    while let Some(done) = tasks.join_next().await {
        let outcome = done.map_err(anyhow::Error::from).and_then(|r| r);
        if let Err(e) = outcome {
            if result.is_ok() {
                result = Err(e);
            }
            shutdown.cancel();
        } else if !shutdown.is_cancelled() {
            shutdown.cancel();
        }
    }
    tokio::time::sleep(Duration::from_millis(10)).await;
    result
}
