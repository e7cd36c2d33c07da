//! Warming at start. A page is written only when its data comes within the
//! budget (300 ms), and a backend's first, uncached answer can take longer (the
//! in-memory backend's spec delay is 500 ms): so the first visitor of each page would
//! get the plain shell. At start the edge reads, for the default driver, what its home
//! page and its first `limit` pages (its listed products, then its menu's categories)
//! need, sixteen at a time, filling the shared caches those pages then read from. The
//! edge starts answering once that is done, or after [`WAIT`] (the rest goes on).

use std::time::Duration;

use actix_web::web;
use futures_util::StreamExt;

use crate::reads::{self, Reader};
use crate::sitemap::collect;
use crate::{AppState, dto, session};

/// Page reads at once while warming: a read mostly waits on its backend (the mock's
/// 500 ms), so the first seconds after start are covered quickly, while half of the
/// adapter's upstream connections (32) stay free.
const AT_ONCE: usize = 16;

/// The longest the edge waits for warming before it starts answering.
pub(crate) const WAIT: Duration = Duration::from_secs(10);

/// Warms the default driver's home page and first `limit` pages; counts each page read
/// (`vitrine_edge_page_heads_total{result="warmed"}`).
pub(crate) async fn run(state: web::Data<AppState>, limit: usize) {
    let reader = Reader::of(session::Choice::default_for(state.default_driver));
    let (home, paths) = tokio::join!(
        async {
            tokio::join!(
                reads::navigation(&state, reader),
                reads::best_sellers(&state, reader),
                reads::categories(&state, reader),
            )
        },
        collect::quick_paths(&state, state.default_driver),
    );
    drop(home);
    let paths = match paths {
        Ok(paths) => paths,
        Err(status) => {
            tracing::warn!(grpc_code = ?status.code(), detail = status.message(), "pages not warmed");
            return;
        }
    };
    // The origin only shapes the heads' urls, which are not what is being warmed.
    let origin = state.public_url.clone().unwrap_or_else(|| "http://localhost".to_owned());
    let (state, origin) = (&state, origin.as_str());
    futures_util::stream::iter(paths.iter().take(limit).cloned())
        .for_each_concurrent(AT_ONCE, |path| async move {
            if reads::page(state, reader, origin, path, 1, dto::Sort::Position).await.is_ok() {
                state.metrics.page_heads.with_label_values(&["warmed"]).inc();
            }
        })
        .await;
    tracing::info!(pages = paths.len().min(limit), "pages warmed");
}
