//! What the requests came to, per backend: counts by kind of answer and latency
//! percentiles (nearest rank over every answered request: the samples are bounded by
//! rate × duration, so a sorted `Vec` does), and the table printed at the end.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// What one request came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// An answer with this status (its body read whole).
    Answered(u16),
    /// No answer: refused, reset, or past the request's time limit.
    Failed,
}

/// One backend's requests so far.
#[derive(Debug, Default, Clone)]
struct Tally {
    /// How long each answered request took, status line to last byte.
    latencies: Vec<Duration>,
    client_errors: u64,
    server_errors: u64,
    failed: u64,
}

/// One backend's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub requests: u64,
    /// Answered 4xx (a page the backend does not have, a switch refused as too frequent).
    pub client_errors: u64,
    pub server_errors: u64,
    /// Not answered at all.
    pub failed: u64,
    /// p50, p90, p95, p99 and the slowest, of the answered requests.
    pub latency: [Duration; 5],
}

/// The percentiles of the table, in its order (100: the slowest).
const PERCENTILES: [u32; 5] = [50, 90, 95, 99, 100];

/// The nearest-rank `p`th percentile of `sorted` (zero when it is empty).
#[must_use]
pub fn percentile(sorted: &[Duration], p: u32) -> Duration {
    let n = sorted.len();
    if n == 0 {
        return Duration::ZERO;
    }
    let rank = (usize::try_from(p).unwrap_or(usize::MAX).saturating_mul(n)).div_ceil(100).clamp(1, n);
    sorted[rank - 1]
}

impl Tally {
    fn summary(&self) -> Summary {
        let mut sorted = self.latencies.clone();
        sorted.sort_unstable();
        let answered = sorted.len() as u64;
        Summary {
            requests: answered + self.failed,
            client_errors: self.client_errors,
            server_errors: self.server_errors,
            failed: self.failed,
            latency: PERCENTILES.map(|p| percentile(&sorted, p)),
        }
    }
}

/// Every visitor's requests, as they come.
#[derive(Debug, Default)]
pub(crate) struct Recorder {
    tallies: Mutex<BTreeMap<String, Tally>>,
    /// Every request sent, those of no backend (finding the backends) included.
    sent: AtomicU64,
}

impl Recorder {
    /// Counts a request about to be sent.
    pub(crate) fn sent(&self) {
        self.sent.fetch_add(1, Ordering::Relaxed);
    }

    /// Records what a request made on `backend` came to, and how long it took.
    pub(crate) fn record(&self, backend: &str, outcome: Outcome, took: Duration) {
        let mut tallies = self.tallies.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let tally = tallies.entry(backend.to_owned()).or_default();
        match outcome {
            Outcome::Failed => tally.failed += 1,
            Outcome::Answered(status) => {
                tally.latencies.push(took);
                match status {
                    400..=499 => tally.client_errors += 1,
                    500.. => tally.server_errors += 1,
                    _ => {}
                }
            }
        }
    }

    /// The report so far: a row for each of `backends`, in their order.
    pub(crate) fn report(&self, target: &str, backends: &[String], elapsed: Duration) -> Report {
        let tallies = self.tallies.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let rows =
            backends.iter().map(|b| (b.clone(), tallies.get(b).cloned().unwrap_or_default().summary())).collect();
        Report { target: target.to_owned(), elapsed, requests: self.sent.load(Ordering::Relaxed), rows }
    }
}

/// A run's figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub target: String,
    pub elapsed: Duration,
    /// Every request sent.
    pub requests: u64,
    /// One row per enabled backend.
    pub rows: Vec<(String, Summary)>,
}

impl Report {
    /// The table: a line of totals, a header, one row per backend; latencies in ms.
    #[must_use]
    pub fn table(&self) -> String {
        let secs = self.elapsed.as_secs_f64();
        let per_second = if secs > 0.0 { self.requests as f64 / secs } else { 0.0 };
        let mut out = format!(
            "vitrine loadgen: {} requests in {secs:.1} s ({per_second:.1}/s) to {}\n",
            self.requests, self.target
        );
        let width = self.rows.iter().map(|(b, _)| b.len()).chain(["backend".len()]).max().unwrap_or_default();
        let _ = writeln!(
            out,
            "{:<width$} {:>8} {:>6} {:>6} {:>6} {:>8} {:>8} {:>8} {:>8} {:>8}",
            "backend", "requests", "4xx", "5xx", "failed", "p50 ms", "p90 ms", "p95 ms", "p99 ms", "max ms"
        );
        for (backend, s) in &self.rows {
            let _ = write!(
                out,
                "{backend:<width$} {:>8} {:>6} {:>6} {:>6}",
                s.requests, s.client_errors, s.server_errors, s.failed
            );
            for latency in s.latency {
                let answered = s.requests > s.failed;
                let cell = if answered { format!("{:.1}", latency.as_secs_f64() * 1000.0) } else { "-".to_owned() };
                let _ = write!(out, " {cell:>8}");
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let hundred: Vec<Duration> = (1..=100).map(ms).collect();
        let ten: Vec<Duration> = (1..=10).map(ms).collect();
        for (samples, p, expected) in [
            (&hundred, 50, 50),
            (&hundred, 90, 90),
            (&hundred, 99, 99),
            (&hundred, 100, 100),
            (&ten, 50, 5),
            (&ten, 95, 10),
            (&ten, 1, 1),
            (&vec![ms(7)], 99, 7),
            (&vec![], 50, 0),
        ] {
            assert_eq!(percentile(samples, p), ms(expected), "p{p} of {} samples", samples.len());
        }
    }

    #[test]
    fn outcomes_are_tallied_per_backend() {
        let recorder = Recorder::default();
        for (backend, outcome, took) in [
            ("magento", Outcome::Answered(200), 30),
            ("magento", Outcome::Answered(404), 10),
            ("magento", Outcome::Answered(503), 20),
            ("magento", Outcome::Failed, 10_000),
            ("in-memory", Outcome::Answered(304), 1),
        ] {
            recorder.sent();
            recorder.record(backend, outcome, ms(took));
        }
        recorder.sent();
        let backends = ["in-memory", "magento", "shopify"].map(str::to_owned);
        let report = recorder.report("http://edge:8080", &backends, ms(2000));
        assert_eq!(report.requests, 6, "the request of no backend counts in the total");
        let rows: Vec<(&str, u64, u64, u64, u64, Duration, Duration)> = report
            .rows
            .iter()
            .map(|(b, s)| {
                (b.as_str(), s.requests, s.client_errors, s.server_errors, s.failed, s.latency[0], s.latency[4])
            })
            .collect();
        assert_eq!(
            rows,
            [
                ("in-memory", 1, 0, 0, 0, ms(1), ms(1)),
                // Failed requests have no latency: they took the time limit, not the backend's.
                ("magento", 4, 1, 1, 1, ms(20), ms(30)),
                ("shopify", 0, 0, 0, 0, ms(0), ms(0)),
            ]
        );
    }

    #[test]
    fn the_table_has_a_total_line_a_header_and_a_row_per_backend() {
        let summary = |requests, failed, latency: [u64; 5]| Summary {
            requests,
            client_errors: 1,
            server_errors: 0,
            failed,
            latency: latency.map(ms),
        };
        let report = Report {
            target: "http://edge:8080".to_owned(),
            elapsed: ms(20_000),
            requests: 401,
            rows: vec![
                ("in-memory".to_owned(), summary(300, 0, [2, 5, 8, 40, 120])),
                ("shopify".to_owned(), summary(100, 100, [0; 5])),
            ],
        };
        assert_eq!(
            report.table(),
            "vitrine loadgen: 401 requests in 20.0 s (20.1/s) to http://edge:8080\n\
             backend   requests    4xx    5xx failed   p50 ms   p90 ms   p95 ms   p99 ms   max ms\n\
             in-memory      300      1      0      0      2.0      5.0      8.0     40.0    120.0\n\
             shopify        100      1      0    100        -        -        -        -        -\n"
        );
    }
}
