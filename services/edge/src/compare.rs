//! Comparing backends, behind the debug tools' setting: for each enabled
//! backend, a page of each kind (its home, its first menu category, that category's
//! first product, a search for a word of that product's name) read once past every
//! cache (cold) and [`RUNS`] times through the backends' caches (warm), each read timed
//! as the edge makes it (its service hops, the adapter, the upstream call or cache).
//!
//! The reads are the pages' own (`crate::reads`), made for the backend's driver without
//! the edge's response cache, which would make every warm read a look-up in this
//! process's memory and every backend look alike. A visitor's injected faults apply to
//! them as to any of their reads: inject 800 ms into one backend and compare.
//!
//! Bounded: one comparison at a time per visitor (session, else address), a few a minute
//! per session and per address, and each backend's reads stop after [`BACKEND_BUDGET`].

use std::collections::HashSet;
use std::time::{Duration, Instant};

use actix_web::{HttpRequest, HttpResponse, web};
use vitrine_common::running::Held;
use vitrine_domain::Driver;

use crate::client_address;
use crate::dto::{self, BackendTimes, Comparison, KindTimes, NavigationNode, Sort};
use crate::error::ApiError;
use crate::limits::{Limiter, Limits, WINDOW};
use crate::reads::{self, Reader};
use crate::session::Choice;
use crate::{AppState, session};

/// Warm reads of each page kind.
pub(crate) const RUNS: usize = 5;

/// How long one backend's reads may go on: a backend that times out on every read would
/// otherwise hold the comparison for minutes.
const BACKEND_BUDGET: Duration = Duration::from_secs(20);

/// Comparisons a session, and an address, may start per minute.
const LIMITS: Limits = Limits { per_session: 6, per_address: 12 };

/// The comparisons running now, by visitor, and how many each started lately.
pub(crate) struct Comparisons {
    running: vitrine_common::running::Running,
    limiter: Limiter,
}

impl Default for Comparisons {
    fn default() -> Self {
        Self { running: vitrine_common::running::Running::default(), limiter: Limiter::new(LIMITS, WINDOW) }
    }
}

impl Comparisons {
    /// The visitor's place among the running comparisons (freed when dropped: the answer
    /// sent, or the visitor gone), unless theirs runs or they started too many.
    fn start(&self, visitor: &str, address: &str) -> Result<Held, ApiError> {
        let held = self.running.hold(visitor, usize::MAX).ok_or(ApiError::ComparisonRunning)?;
        if !self.limiter.allow(visitor, address) {
            return Err(ApiError::TooManyComparisons);
        }
        Ok(held)
    }
}

/// The median and the 95th percentile (nearest rank) of `samples`, in ms; `None` for none.
pub(crate) fn summary(samples: &[f64]) -> Option<(f64, f64)> {
    let mut sorted: Vec<f64> = samples.iter().copied().filter(|s| s.is_finite()).collect();
    if sorted.is_empty() {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    let rank = |p: f64| {
        // Nearest rank: the smallest sample with at least p of them at or below it.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_precision_loss)]
        let index = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1;
        sorted[index]
    };
    let n = sorted.len();
    let median = if n % 2 == 1 { sorted[n / 2] } else { f64::midpoint(sorted[n / 2 - 1], sorted[n / 2]) };
    // Hundredths of a ms, as every figure of the answer.
    let round = |ms: f64| (ms * 100.0).round() / 100.0;
    Some((round(median), round(rank(0.95))))
}

/// The first word of `name` worth searching for: three letters or more.
pub(crate) fn search_word(name: &str) -> Option<String> {
    name.split(|c: char| !c.is_alphanumeric()).find(|w| w.chars().count() >= 3).map(str::to_lowercase)
}

/// The first category of the menu with an address, depth first.
fn first_category(node: &NavigationNode) -> Option<String> {
    node.children.iter().find_map(|child| {
        if child.url.is_empty() || child.url == "/" { first_category(child) } else { Some(child.url.clone()) }
    })
}

/// Milliseconds, rounded to hundredths for the answer.
fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 100_000.0).round() / 100.0
}

/// A page kind with its address, and how to read it.
#[derive(Clone)]
enum Kind {
    Home,
    Category(String),
    Product(String),
    Search(String),
}

impl Kind {
    const fn name(&self) -> &'static str {
        match self {
            Self::Home => "home",
            Self::Category(_) => "category",
            Self::Product(_) => "product",
            Self::Search(_) => "search",
        }
    }

    fn path(&self) -> String {
        match self {
            Self::Home => "/".to_owned(),
            Self::Category(path) | Self::Product(path) => path.clone(),
            Self::Search(word) => format!("/search?q={}", urlencoding::encode(word)),
        }
    }

    /// One read of the page's data, as the edge reads it for the page; `Err` is its error.
    async fn read(&self, state: &AppState, r: Reader) -> Result<(), ApiError> {
        match self {
            Self::Home => {
                let (menu, best, links) = tokio::join!(
                    reads::navigation(state, r),
                    reads::best_sellers(state, r),
                    reads::categories(state, r)
                );
                menu.and(best).and(links).map(|_| ())
            }
            Self::Category(path) | Self::Product(path) => {
                let (page, _) = reads::page(state, r, "", path.clone(), 1, Sort::Position).await?;
                match page.failure {
                    Some(failure) => Err(ApiError::BadInput(failure.message)),
                    None => Ok(()),
                }
            }
            Self::Search(word) => reads::search(state, r, word.clone(), 1, Sort::Position).await.map(|_| ()),
        }
    }
}

/// The pages of `driver` to compare: its home, first category, that category's first
/// product, and a search for a word of the product's name (as far as the backend has
/// them). The first category is the menu's, else (where the menu is another backend's:
/// the fake store shows in-memory's) the first of the home page's category links that
/// the backend has.
async fn kinds(state: &AppState, r: Reader) -> Result<Vec<Kind>, ApiError> {
    let mut kinds = vec![Kind::Home];
    let (menu, _) = reads::navigation(state, r).await?;
    let links = reads::categories(state, r).await.map(|(links, _)| links).unwrap_or_default();
    let candidates = first_category(&menu).into_iter().chain(links.into_iter().map(|l| l.url));
    for category in candidates.take(4) {
        let Ok((listing, _)) = reads::category(state, r, category.clone(), 1, Sort::Position).await else {
            continue;
        };
        kinds.push(Kind::Category(category));
        if let Some(product) = listing.listing.products.first() {
            kinds.push(Kind::Product(product.url.clone()));
            if let Some(word) = search_word(&product.name) {
                kinds.push(Kind::Search(word));
            }
        }
        break;
    }
    Ok(kinds)
}

/// One backend, compared.
async fn backend(state: &AppState, driver: Driver) -> BackendTimes {
    let started = Instant::now();
    // A backend the visitor injected faults into is read past the caches every time (each
    // read from its own instant), as all their reads of it are: its injected latency
    // shows in every figure.
    let warm = || Reader::of(Choice::default_for(driver).faulted());
    let mut times = BackendTimes {
        driver: driver.as_str().to_owned(),
        label: driver.label().to_owned(),
        error: None,
        kinds: Vec::new(),
        median_ms: None,
        p95_ms: None,
    };
    let kinds = match kinds(state, warm()).await {
        Ok(kinds) => kinds,
        Err(e) => {
            times.error = Some(e.parts().2.into_owned());
            return times;
        }
    };
    let mut all = Vec::new();
    for kind in kinds {
        let mut k = KindTimes {
            kind: kind.name().to_owned(),
            path: kind.path(),
            cold_ms: None,
            median_ms: None,
            p95_ms: None,
            errors: 0,
        };
        let mut warm_samples = Vec::with_capacity(RUNS);
        for run in 0..=RUNS {
            if started.elapsed() > BACKEND_BUDGET {
                times.error = Some(format!("Stopped after {} s.", BACKEND_BUDGET.as_secs()));
                break;
            }
            // The first read goes past every cache, as after a switch; the rest are warm.
            let reader = if run == 0 { Reader::of(Choice::uncached(driver)) } else { warm() };
            let began = Instant::now();
            let result = kind.read(state, reader).await;
            let took = ms(began.elapsed());
            match (result, run) {
                (Ok(()), 0) => k.cold_ms = Some(took),
                (Ok(()), _) => warm_samples.push(took),
                (Err(_), _) => k.errors += 1,
            }
        }
        (k.median_ms, k.p95_ms) = summary(&warm_samples).unzip();
        all.extend(warm_samples);
        times.kinds.push(k);
    }
    (times.median_ms, times.p95_ms) = summary(&all).unzip();
    times
}

/// The drivers to compare: every enabled one, one per backend (MageOS is Magento).
fn drivers(state: &AppState) -> Vec<Driver> {
    let mut seen = HashSet::new();
    Driver::ALL.into_iter().filter(|d| state.availability.enabled(*d) && seen.insert(d.backend())).collect()
}

/// POST /api/debug/compare: every enabled backend's page reads, cold and warm, timed.
#[utoipa::path(post, path = "/api/debug/compare", tag = "debug",
    responses((status = 200, description = "Each enabled backend's times, per page kind and in all", body = Comparison),
        crate::error::responses::DebugToolErrors,
        (status = 409, description = "This visitor's comparison still runs (code comparison_running)",
            body = dto::ErrorBody),
        (status = 429, description = "Too many comparisons from this session or address (code too_many_requests)",
            body = dto::ErrorBody)))]
pub(crate) async fn compare(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    if !state.debug_faults {
        return Err(ApiError::DebugToolsOff);
    }
    let address = client_address::of(&req, &state);
    let visitor = session::id(&req, &state).unwrap_or_else(|| format!("address {address}"));
    let _running = state.comparisons.start(&visitor, &address)?;
    let mut backends = Vec::new();
    for driver in drivers(&state) {
        backends.push(backend(&state, driver).await);
    }
    #[allow(clippy::cast_possible_truncation)]
    Ok(HttpResponse::Ok().json(Comparison { runs: RUNS as u32, backends }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_comparison_at_a_time_per_visitor_and_a_few_a_minute() {
        let comparisons = Comparisons::default();
        let first = comparisons.start("a", "1.2.3.4").expect("free");
        assert!(matches!(comparisons.start("a", "1.2.3.4"), Err(ApiError::ComparisonRunning)));
        assert!(comparisons.start("b", "1.2.3.4").is_ok(), "another visitor, at the same address");
        drop(first);
        for _ in 1..LIMITS.per_session {
            assert!(comparisons.start("a", "1.2.3.4").is_ok(), "one after the other");
        }
        assert!(matches!(comparisons.start("a", "1.2.3.4"), Err(ApiError::TooManyComparisons)));
        // A refusal for running is not counted against the limit.
        let held = comparisons.start("c", "5.6.7.8").expect("free");
        for _ in 0..20 {
            assert!(matches!(comparisons.start("c", "5.6.7.8"), Err(ApiError::ComparisonRunning)));
        }
        drop(held);
        assert!(comparisons.start("c", "5.6.7.8").is_ok());
    }

    #[test]
    fn medians_and_95th_percentiles() {
        for (samples, expected) in [
            (vec![], None),
            (vec![4.0], Some((4.0, 4.0))),
            (vec![3.0, 1.0, 2.0], Some((2.0, 3.0))),
            (vec![1.0, 2.0, 3.0, 4.0], Some((2.5, 4.0))),
            (vec![1.2345], Some((1.23, 1.23))),
            ((1..=20).map(f64::from).collect(), Some((10.5, 19.0))),
            ((1..=100).map(f64::from).collect(), Some((50.5, 95.0))),
            (vec![f64::NAN, 1.0], Some((1.0, 1.0))),
        ] {
            assert_eq!(summary(&samples), expected, "{samples:?}");
        }
    }

    #[test]
    fn the_search_word_is_a_word_of_three_letters_or_more() {
        for (name, word) in [
            ("Ergonomic Aluminum Fish", Some("ergonomic")),
            ("A 4K TV", None),
            ("The Hydrogen Snowboard", Some("the")),
            ("Mens Casual Premium Slim Fit T-Shirts ", Some("mens")),
            ("", None),
        ] {
            assert_eq!(search_word(name).as_deref(), word, "{name}");
        }
    }

    #[test]
    fn the_first_category_is_the_menus_first_with_an_address() {
        let node = |url: &str, children: Vec<NavigationNode>| NavigationNode {
            id: url.to_owned(),
            url: url.to_owned(),
            name: url.to_owned(),
            total_products: 0,
            children_count: 0,
            breadcrumbs: Vec::new(),
            children,
        };
        let menu = node("/", vec![node("", vec![node("/gear/bags", vec![])]), node("/men", vec![])]);
        assert_eq!(first_category(&menu).as_deref(), Some("/gear/bags"));
        assert_eq!(first_category(&node("/", vec![])), None);
    }
}
