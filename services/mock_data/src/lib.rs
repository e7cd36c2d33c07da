//! mock-data: the in-memory backend of the storefront spec (§7, §8, §9) as a REST
//! service under `/api`, plus generated product images under `/images`.
//!
//! - [`data`]: seeded sample data (35 products, or as many as configured, a 3-deep
//!   navigation tree, filler).
//! - [`db`]: generic collection semantics (GET/POST/PUT/DELETE).
//! - [`listing`]: a category's products and search, paged and sorted.
//! - [`menu`]: the navigation tree, whole or its top levels.
//! - [`routes`]: the route table, product and navigation specials, commands, delay.
//! - `carts`: carts, each call answering the whole cart.
//! - `checkout`: their checkout, shipping rates, tax and mock orders.
//! - [`error`]: the mock errors with their statuses.

mod carts;
mod checkout;
pub mod config;
pub mod data;
pub mod db;
pub mod error;
mod images;
mod listing;
mod menu;
mod routes;

use std::sync::{Arc, RwLock};

use actix_web::{App, HttpServer, web};
use vitrine_common::Shutdown;

pub use config::{Config, RuntimeConfig};

/// Serves the mock backend on `listener` until `shutdown`.
///
/// # Errors
/// When the listener cannot be used.
pub async fn serve(config: Config, listener: std::net::TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    let addr = listener.local_addr()?;
    let image_base = config.public_url.clone().unwrap_or_else(|| format!("http://{addr}"));
    let runtime = RuntimeConfig {
        delay: u64::try_from(config.delay.as_millis()).unwrap_or(u64::MAX),
        ..RuntimeConfig::default()
    };
    let state = Arc::new(routes::State {
        db: RwLock::new(db::Db::default()),
        carts: std::sync::Mutex::default(),
        config: RwLock::new(runtime),
        image_base,
        backoffice_token: config.backoffice_token.filter(|t| !t.is_empty()),
        product_count: config.products,
        max_breadth: config.max_breadth,
    });
    state.reset();
    let server = HttpServer::new(move || {
        App::new()
            .app_data(web::Data::new(state.clone()))
            .configure(routes::routes)
            // The upstream end of a trace: continues the adapter's trace context.
            .wrap(actix_web::middleware::from_fn(vitrine_common::request_span::middleware))
    })
    .workers(2)
    .disable_signals()
    .listen(listener)?
    .run();
    let handle = server.handle();
    vitrine_common::shutdown::on_shutdown(shutdown, async move { handle.stop(true).await });
    tracing::info!(%addr, "mock-data listening");
    server.await?;
    Ok(())
}
