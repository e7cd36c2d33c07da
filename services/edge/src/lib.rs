//! The edge: the only service the browser talks to (actix-web).
//!
//! - [`routes`]: the one route table.
//! - [`api`]: the SPA's JSON handlers (driver, navigation, resolve, products, the debug
//!   bar's settings).
//! - [`reads`]: what the API and the pages read, below both: the reader, the response
//!   cache's keys, and each read's typed answer with its JSON.
//! - [`head`]: a page's head (what it says, its structured data, its tags), built once.
//! - [`availability`]: which drivers can be chosen (some only where their adapter has a shop).
//! - [`dto`]: the public JSON shapes, apart from the proto messages.
//! - [`openapi`]: the API's OpenAPI 3.1 document, generated from the two above.
//! - [`session`]: the visitor's session, and what they keep (driver, carts, debug
//!   settings) in a signed cookie, with the store's copy.
//! - [`sse`]: per-session driver-switch events.
//! - [`error`]: every error's HTTP status, code and text, in one table.
//! - [`every_answer`]: the one layer every answer passes through (span, timings,
//!   guards, metrics, headers, compression).
//! - [`metrics`]: Prometheus counters of requests, caches, switches and renders.
//! - [`response_cache`]: seconds-long reuse of successful reads, per driver, bounded by bytes.
//! - [`encoded`]: a cached answer compressed once (brotli, gzip) with its `ETag`, and the
//!   rules that pick the coding and answer 304.
//! - [`compare`]: every enabled backend's page reads, cold and warm, timed.
//! - [`compress`]: the answers that are not cached, compressed as they go out (from 1.4 KB).
//! - [`stream_slots`]: open driver-event streams, per session and in total.
//! - [`limits`]: driver switches per session and client address, per minute.
//! - [`health`]: liveness and readiness.
//! - [`image`]: the image service (`/img`).
//! - [`image_widths`]: the widths it renders, which pages, errors and the SPA offer.
//! - [`spa`]: the built React app's files.
//! - [`page`]: every other address: the SPA's HTML with the page's head, data and status.
//! - [`spa_addresses`]: the SPA's address table (its keys, listing parameters, image
//!   boxes, own pages), read once, and urls written from it as the SPA writes them.
//! - [`spa_routes`]: the SPA's own pages and the addresses no backend is asked about.
//! - [`headers`]: security headers, and the named cache policies.
//! - [`markup`]: escaping text for HTML and XML.
//! - [`sitemap`]: `/robots.txt` and the sitemap of the default driver's pages.
//! - [`origin`]: the site's public origin, for absolute links.
//! - [`same_site`]: changes (cart, debug tools) only from this site's own pages.
//! - [`server_timing`]: `Server-Timing` on every answer, hop by hop.
//! - [`faults`]: latency and faults a visitor injects into their own upstream calls.
//! - [`ssr`]: React's server render of a page (the SPA's SSR bundle in QuickJS).

mod api;
mod availability;
mod cart;
mod checkout;
mod client_address;
mod compare;
mod compress;
pub mod config;
mod dto;
mod encoded;
mod error;
mod every_answer;
mod faults;
mod head;
mod headers;
mod health;
mod image;
mod image_widths;
mod limits;
mod markup;
mod metrics;
pub mod openapi;
mod origin;
mod page;
mod reads;
mod response_cache;
mod routes;
mod same_site;
mod server_timing;
mod session;
mod sitemap;
mod spa;
mod spa_addresses;
mod spa_routes;
mod sse;
mod ssr;
mod state;
mod stream_slots;
mod visitor_write;

use actix_web::{App, HttpServer, web};
use vitrine_common::{SharedStore, Shutdown};

pub use client_address::TrustedProxies;
pub use config::Config;
pub use image::{ImageSource, InvalidImageSource};
pub use limits::Limits;
pub use session::{CookieKeys, KeyError, MAX_KEYS, MIN_KEY_BYTES};
pub use state::AppState;
pub use stream_slots::StreamLimits;

/// How long a stopping edge lets requests in flight finish, in seconds, after it stops
/// accepting; then it closes what is left (a driver-event stream reconnects elsewhere).
/// The k8s grace period counts on it (`deploy_manifests.rs`).
pub const DRAIN_SECS: u64 = 5;

/// The actix `App` for `state`; tests drive it with `actix_web::test`.
pub fn app(
    state: web::Data<AppState>,
) -> App<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let static_dir = state.static_dir.clone();
    let public_metrics = state.public_metrics;
    let layer_state = state.clone();
    App::new()
        .app_data(state)
        .app_data(web::JsonConfig::default().limit(16 * 1024).error_handler(error::json_error))
        .app_data(web::QueryConfig::default().error_handler(error::query_error))
        .wrap(actix_web::middleware::from_fn(move |req, next| every_answer::around(layer_state.clone(), req, next)))
        .configure(move |cfg| routes::routes(cfg, static_dir.as_deref(), public_metrics))
}

/// Serves the edge on `listener` until `shutdown`.
///
/// # Errors
/// When a service URL is invalid or the listener cannot be used.
pub async fn serve(
    config: Config,
    store: SharedStore,
    listener: std::net::TcpListener,
    shutdown: Shutdown,
) -> anyhow::Result<()> {
    let addr = listener.local_addr()?;
    let state = web::Data::new(AppState::new(&config, store, shutdown.clone()).await?);
    if config.warm_pages > 0 {
        // The first visitors get written pages: the edge answers once the default
        // driver's pages are read, or after a bounded wait (the reading goes on).
        let warming = tokio::spawn(page::warm::run(state.clone(), config.warm_pages));
        if tokio::time::timeout(page::warm::WAIT, warming).await.is_err() {
            tracing::warn!("pages still warming; answering meanwhile");
        }
    }
    let workers = config.workers;
    let server = HttpServer::new(move || app(state.clone()))
        .workers(workers)
        .disable_signals()
        .shutdown_timeout(DRAIN_SECS)
        .listen(listener)?
        .run();
    let handle = server.handle();
    vitrine_common::shutdown::on_shutdown(shutdown, async move { handle.stop(true).await });
    tracing::info!(%addr, "edge listening");
    server.await?;
    Ok(())
}
