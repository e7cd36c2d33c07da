//! `vitrine loadgen`: a traffic generator for the demo, so traces and
//! dashboards have something to show without anyone clicking.
//!
//! - [`bounds`]: visitors, rate (a token bucket), duration, and switches within the edge's
//!   limits; checked before anything is sent.
//! - [`plan`]: the shopper's path as the edge's addresses (pure).
//! - `visitor`: one session walking that path on each enabled backend in turn.
//! - [`report`]: counts and latency percentiles per backend, and the table.
//!
//! It asks the edge (`GET /api/driver`) which backends are enabled, then runs its visitors
//! until the duration is over (or a signal), and reports. Every error is counted, none
//! stops the run: a missing page or a refused switch is the edge's answer, not a fault.

pub mod bounds;
pub mod plan;
pub mod report;
mod visitor;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context as _, bail, ensure};
use tokio::time::Instant;
use vitrine_common::Shutdown;

pub use report::{Report, Summary};

use crate::plan::Kind;
use crate::visitor::{Shared, Stop, Visitor};

/// The longest a request may take before it counts as failed.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// How often the backends are asked for again while the edge does not answer yet, and
/// for how long at most (the edge is up by then, or the target is wrong).
const DISCOVERY_RETRY: Duration = Duration::from_secs(1);
const DISCOVERY_PATIENCE: Duration = Duration::from_secs(30);

/// A run: where, how many, how fast, how long.
#[derive(Debug, Clone)]
pub struct Config {
    /// The edge's base URL, e.g. `http://127.0.0.1:8080`.
    pub target: String,
    /// Visitors at once, each its own session (1 to [`bounds::MAX_VISITORS`]).
    pub visitors: u32,
    /// Requests a second, every visitor together (1 to [`bounds::MAX_RATE`]).
    pub rate: u32,
    /// How long it runs (at most [`bounds::MAX_DURATION`]); no request starts after.
    pub duration: Duration,
    /// Report every so often while it runs, too.
    pub report_every: Option<Duration>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            target: "http://127.0.0.1:8080".to_owned(),
            visitors: 4,
            rate: 10,
            duration: Duration::from_secs(60),
            report_every: None,
        }
    }
}

/// Runs the visitors against `config.target` until the duration is over or `shutdown`,
/// calling `progress` with the figures so far every `report_every`; the figures of the
/// whole run. At most `rate × duration + bounds::burst(rate)` requests start, and none
/// after the duration; the run ends at most [`REQUEST_TIMEOUT`] later.
///
/// # Errors
/// When a bound is out of range, or the edge never said which backends it has.
pub async fn run(config: &Config, shutdown: &Shutdown, mut progress: impl FnMut(&Report)) -> anyhow::Result<Report> {
    bounds::check(config.visitors, config.rate, config.duration)?;
    let client = reqwest::Client::builder()
        .timeout(REQUEST_TIMEOUT)
        .user_agent(concat!("vitrine-loadgen/", env!("CARGO_PKG_VERSION")))
        .build()
        .context("the HTTP client")?;
    let started = Instant::now();
    let shared = Arc::new(Shared {
        client,
        target: config.target.trim_end_matches('/').to_owned(),
        bucket: Mutex::new(bounds::TokenBucket::new(config.rate, bounds::burst(config.rate))),
        started,
        deadline: started + config.duration,
        recorder: report::Recorder::default(),
        shutdown: shutdown.clone(),
    });
    let Ok((default, backends)) = discover(&shared).await else {
        bail!("{}/api/driver did not say which backends are enabled (asked for {DISCOVERY_PATIENCE:?})", shared.target);
    };
    ensure!(!backends.is_empty(), "{}: no backend is enabled", shared.target);
    tracing::info!(backends = ?backends, visitors = config.visitors, rate = config.rate, "visiting");
    let backends: Arc<[String]> = backends.into();
    let interval = bounds::switch_interval(config.visitors);
    let mut visitors = tokio::task::JoinSet::new();
    for index in 0..config.visitors {
        let index = usize::try_from(index).unwrap_or_default();
        visitors.spawn(Visitor::run(shared.clone(), index, backends.clone(), default.clone(), interval));
    }
    let report = || shared.recorder.report(&shared.target, &backends, started.elapsed());
    let mut ticks = config.report_every.filter(|e| !e.is_zero()).map(|e| tokio::time::interval_at(started + e, e));
    loop {
        let tick = async {
            match &mut ticks {
                Some(ticks) => ticks.tick().await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            joined = visitors.join_next() => {
                if joined.is_none() {
                    break;
                }
            }
            _ = tick => progress(&report()),
        }
    }
    Ok(report())
}

/// The session's default driver and the enabled ones, in the edge's order (`GET
/// /api/driver`), asked again every second until the edge answers ([`Stop`] past
/// [`DISCOVERY_PATIENCE`], the run's end, or a signal).
async fn discover(shared: &Shared) -> Result<(String, Vec<String>), Stop> {
    loop {
        if shared.started.elapsed() > DISCOVERY_PATIENCE {
            return Err(Stop);
        }
        let (_, _, answer) = shared.fetch(shared.get("/api/driver", Kind::Json), Kind::Json).await?;
        if let Some(info) = answer.and_then(|a| a.json) {
            let enabled = info["options"].as_array().into_iter().flatten().filter(|o| o["enabled"] == true);
            let backends = enabled.filter_map(|o| o["value"].as_str().map(str::to_owned)).collect();
            return Ok((info["driver"].as_str().unwrap_or_default().to_owned(), backends));
        }
        tokio::select! {
            () = tokio::time::sleep(DISCOVERY_RETRY) => {}
            () = shared.shutdown.cancelled() => return Err(Stop),
        }
    }
}
