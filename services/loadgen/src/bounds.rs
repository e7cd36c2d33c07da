//! What keeps the generator a demo's traffic and never a load test against someone: at
//! most [`MAX_VISITORS`] visitors, [`MAX_RATE`] requests a second all together (a token
//! bucket, [`TokenBucket`]), [`MAX_DURATION`], and driver switches well within the edge's
//! limits ([`switch_interval`]).

use std::time::Duration;

use anyhow::ensure;

/// Visitors at once, each its own session.
pub const MAX_VISITORS: u32 = 64;
/// Requests a second, every visitor together.
pub const MAX_RATE: u32 = 200;
/// The longest run; it stops by itself then.
pub const MAX_DURATION: Duration = Duration::from_secs(3600);

/// The edge's default limit of switches per client address and minute
/// (`VITRINE_SWITCHES_PER_MINUTE_PER_ADDRESS`): every visitor here shares one address.
const EDGE_SWITCHES_PER_ADDRESS: u32 = 120;
/// The share of it the generator may use, so a person clicking from the same address
/// (compose's network, a laptop) can still switch.
const ADDRESS_BUDGET: u32 = EDGE_SWITCHES_PER_ADDRESS * 4 / 5;
const _: () = assert!(ADDRESS_BUDGET >= MAX_VISITORS, "every visitor may switch once a minute");
/// "A few times a minute": the most one visitor switches in any minute.
const MAX_SWITCHES_PER_VISITOR: u32 = 3;
/// The edge counts switches in fixed windows of this length (`limits::WINDOW`).
const WINDOW: Duration = Duration::from_secs(60);

/// Checks a run's bounds.
///
/// # Errors
/// When a bound is zero or past its maximum.
pub fn check(visitors: u32, rate: u32, duration: Duration) -> anyhow::Result<()> {
    ensure!((1..=MAX_VISITORS).contains(&visitors), "visitors: {visitors} is not within 1–{MAX_VISITORS}");
    ensure!((1..=MAX_RATE).contains(&rate), "rate: {rate}/s is not within 1–{MAX_RATE}");
    ensure!(
        !duration.is_zero() && duration <= MAX_DURATION,
        "duration: {duration:?} is not within 0–{} s",
        MAX_DURATION.as_secs()
    );
    Ok(())
}

/// How long a visitor stays on a backend before switching to the next. A visitor
/// switching every `interval` makes at most `ceil(60 s / interval)` switches in any
/// minute, however the edge's fixed windows fall; so every visitor together stay within
/// [`ADDRESS_BUDGET`], and each within [`MAX_SWITCHES_PER_VISITOR`] (the per-session limit,
/// 30, is far above).
#[must_use]
pub fn switch_interval(visitors: u32) -> Duration {
    let per_visitor = (ADDRESS_BUDGET / visitors.max(1)).clamp(1, MAX_SWITCHES_PER_VISITOR);
    WINDOW / per_visitor
}

/// The bucket's depth for `rate`: a tenth of a second's worth, at least one request.
#[must_use]
pub const fn burst(rate: u32) -> u32 {
    if rate < 10 { 1 } else { rate / 10 }
}

/// A token bucket over one shared clock, as a schedule: each request reserves the
/// moment it may start (the generic cell rate algorithm). By any instant `t` after the
/// start, at most `burst + rate × t` requests have started.
#[derive(Debug, Clone)]
pub struct TokenBucket {
    /// The time between two requests at the full rate.
    spacing: Duration,
    /// How far ahead of the schedule a burst may run.
    tolerance: Duration,
    /// When the next request would start if every earlier one kept to the schedule.
    next: Duration,
}

impl TokenBucket {
    /// A full bucket of `burst` requests refilled at `rate` a second (both at least 1).
    #[must_use]
    pub fn new(rate: u32, burst: u32) -> Self {
        let spacing = Duration::from_secs(1) / rate.max(1);
        Self { spacing, tolerance: spacing * (burst.max(1) - 1), next: Duration::ZERO }
    }

    /// Reserves one request asked for at `now` (time since the start): when it may start.
    pub fn reserve(&mut self, now: Duration) -> Duration {
        let scheduled = self.next.max(now);
        self.next = scheduled + self.spacing;
        now.max(scheduled.saturating_sub(self.tolerance))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn bounds_are_checked() {
        for (visitors, rate, duration, ok) in [
            (1, 1, S, true),
            (MAX_VISITORS, MAX_RATE, MAX_DURATION, true),
            (0, 10, S, false),
            (MAX_VISITORS + 1, 10, S, false),
            (4, 0, S, false),
            (4, MAX_RATE + 1, S, false),
            (4, 10, Duration::ZERO, false),
            (4, 10, MAX_DURATION + S, false),
        ] {
            assert_eq!(check(visitors, rate, duration).is_ok(), ok, "{visitors} {rate} {duration:?}");
        }
    }

    #[test]
    fn switches_stay_within_the_edge_limits_for_every_number_of_visitors() {
        for (visitors, seconds) in [(1, 20), (32, 20), (33, 30), (48, 30), (49, 60), (64, 60)] {
            assert_eq!(switch_interval(visitors), Duration::from_secs(seconds), "{visitors}");
        }
        for visitors in 1..=MAX_VISITORS {
            let interval = switch_interval(visitors);
            // Switches of one visitor in any window: the edge counts per fixed minute.
            let per_visitor = u32::try_from(WINDOW.as_millis().div_ceil(interval.as_millis())).unwrap_or(u32::MAX);
            assert!(per_visitor <= MAX_SWITCHES_PER_VISITOR, "{visitors}: {per_visitor} a minute each");
            assert!(visitors * per_visitor <= ADDRESS_BUDGET, "{visitors}: {} a minute", visitors * per_visitor);
        }
    }

    #[test]
    fn the_burst_is_a_tenth_of_a_second_and_at_least_one() {
        for (rate, burst_of) in [(1, 1), (9, 1), (10, 1), (25, 2), (200, 20)] {
            assert_eq!(burst(rate), burst_of, "{rate}");
        }
    }

    #[test]
    fn the_bucket_lets_a_burst_through_then_spaces_requests_at_the_rate() {
        let ms = Duration::from_millis;
        for (rate, burst, asked, started) in [
            // Five at once: three now, then one every 100 ms.
            (10, 3, vec![0, 0, 0, 0, 0], vec![0, 0, 0, 100, 200]),
            // Idle long enough, the bucket is full again.
            (10, 3, vec![0, 0, 0, 5000, 5000, 5000, 5000], vec![0, 0, 0, 5000, 5000, 5000, 5100]),
            // Asked slower than the rate: each starts when asked.
            (10, 1, vec![0, 150, 300, 450], vec![0, 150, 300, 450]),
            // A burst of one: strictly spaced.
            (4, 1, vec![0, 0, 0], vec![0, 250, 500]),
        ] {
            let mut bucket = TokenBucket::new(rate, burst);
            let got: Vec<u128> = asked.iter().map(|&at| bucket.reserve(ms(at)).as_millis()).collect();
            assert_eq!(got, started, "rate {rate}, burst {burst}, asked at {asked:?}");
        }
    }

    #[test]
    fn no_more_than_burst_plus_rate_times_elapsed_ever_start() {
        let (rate, burst) = (50, 5);
        let mut bucket = TokenBucket::new(rate, burst);
        // Far more asked than allowed, all at once and then every millisecond.
        let starts: Vec<Duration> = (0..2000).map(|i| bucket.reserve(Duration::from_millis(i / 4))).collect();
        for t in [0, 10, 100, 999, 1000, 5000, 20_000] {
            let t = Duration::from_millis(t);
            let started = starts.iter().filter(|s| **s <= t).count();
            let bound = f64::from(burst) + f64::from(rate) * t.as_secs_f64();
            assert!(started as f64 <= bound, "{started} started by {t:?}, bound {bound}");
        }
    }
}
