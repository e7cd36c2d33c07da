//! Which drivers the debug bar offers enabled. Most always are
//! ([`Driver::always_enabled`]); the others are where their adapter has a shop, which only
//! the catalogue service can tell (it reaches the adapters). The answer is refreshed in
//! the background so that no page or API call waits for it; until a first answer, such a
//! driver is offered disabled ("coming soon"), as a deployment without its
//! settings keeps it.

use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

use vitrine_common::Shutdown;
use vitrine_common::grpc::GrpcChannel;
use vitrine_domain::Driver;
use vitrine_proto::v1::AvailableDriversRequest;
use vitrine_proto::v1::catalogue_client::CatalogueClient;

/// How often the answer is asked again: a deployment that gains or loses a backend's
/// settings is offered accordingly within this.
const REFRESH: Duration = Duration::from_secs(30);
/// How soon after a failed ask (the catalogue starting, say) it is asked again.
const RETRY: Duration = Duration::from_secs(3);
/// How long one ask may take; the catalogue gives each adapter two seconds.
const ASK_TIMEOUT: Duration = Duration::from_secs(3);

/// The drivers last reported available, one bit per [`Driver::ALL`] position.
#[derive(Debug, Default)]
pub(crate) struct Availability {
    reported: AtomicU8,
}

fn bit(driver: Driver) -> u8 {
    Driver::ALL.iter().position(|d| *d == driver).map_or(0, |i| 1 << i)
}

impl Availability {
    /// Whether a visitor can choose `driver` now.
    pub(crate) fn enabled(&self, driver: Driver) -> bool {
        driver.always_enabled() || self.reported.load(Ordering::Relaxed) & bit(driver) != 0
    }

    /// Records the catalogue's answer (wire numbers; unknown ones are skipped).
    fn record(&self, drivers: &[i32]) {
        let bits = drivers.iter().filter_map(|n| Driver::try_from(*n).ok()).fold(0, |bits, d| bits | bit(d));
        self.reported.store(bits, Ordering::Relaxed);
    }

    /// Asks the catalogue once; `false` (the last answer kept) when it cannot answer.
    pub(crate) async fn refresh(&self, catalogue: &CatalogueClient<GrpcChannel>) -> bool {
        let mut catalogue = catalogue.clone();
        match tokio::time::timeout(ASK_TIMEOUT, catalogue.available_drivers(AvailableDriversRequest {})).await {
            Ok(Ok(answer)) => {
                self.record(&answer.into_inner().drivers);
                true
            }
            Ok(Err(status)) => {
                tracing::debug!(code = ?status.code(), "the catalogue did not say which drivers are available");
                false
            }
            Err(_) => false,
        }
    }

    /// Refreshes every [`REFRESH`] (sooner after a failure) until `shutdown`.
    pub(crate) async fn keep_fresh(
        self: std::sync::Arc<Self>,
        catalogue: CatalogueClient<GrpcChannel>,
        shutdown: Shutdown,
    ) {
        loop {
            let wait = if self.refresh(&catalogue).await { REFRESH } else { RETRY };
            tokio::select! {
                () = shutdown.cancelled() => return,
                () = tokio::time::sleep(wait) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests;
