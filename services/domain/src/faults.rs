//! Latency and faults injected into one backend's upstream calls for one visitor
//! (a debug tool): what a setting is, its bounds, its one text form (the visitor's cookie
//! and the request metadata carry the same), and what it does to one call.
//!
//! The text is `backend~latency_ms~error_percent~timeout`, e.g. `magento~800~0~0`. A
//! text that does not parse, or is out of bounds, is no setting at all: a visitor can
//! only slow or fail their own requests, and only this much.

use std::time::Duration;

use crate::{Backend, DriverError};

/// The most latency a setting adds to one call.
pub const MAX_LATENCY_MS: u32 = 5000;

/// One visitor's setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Faults {
    /// Whose upstream calls are affected.
    pub backend: Backend,
    /// Added to each call (0–[`MAX_LATENCY_MS`]).
    pub latency_ms: u32,
    /// The share of calls that fail as the backend answering 503 (0–100).
    pub error_percent: u8,
    /// Every call waits out the upstream timeout and fails with it.
    pub timeout: bool,
}

/// What a setting does to one call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// The call's own answer, `delay` later.
    Delay(Duration),
    /// A failure, after `delay`.
    Fail(Duration, Failure),
}

/// How an injected call fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The backend answered 503.
    Unavailable,
    /// The backend did not answer within the upstream timeout.
    Timeout,
}

impl Failure {
    /// The driver error the call fails with, as a real one would.
    #[must_use]
    pub const fn error(self) -> DriverError {
        match self {
            Self::Unavailable => DriverError::UpstreamStatus(503),
            Self::Timeout => DriverError::Timeout,
        }
    }
}

impl Faults {
    /// The setting a text names, if it is one within bounds.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let mut parts = text.split('~');
        let backend = Backend::parse(parts.next()?)?;
        let latency_ms: u32 = parts.next()?.parse().ok().filter(|ms| *ms <= MAX_LATENCY_MS)?;
        let error_percent: u8 = parts.next()?.parse().ok().filter(|p| *p <= 100)?;
        let timeout = match parts.next()? {
            "0" => false,
            "1" => true,
            _ => return None,
        };
        if parts.next().is_some() {
            return None;
        }
        Some(Self { backend, latency_ms, error_percent, timeout }).filter(|f| !f.is_idle())
    }

    /// Its text form (what [`parse`](Self::parse) reads).
    #[must_use]
    pub fn encode(self) -> String {
        format!("{}~{}~{}~{}", self.backend.as_str(), self.latency_ms, self.error_percent, u8::from(self.timeout))
    }

    /// A setting that changes nothing: no setting.
    #[must_use]
    pub const fn is_idle(self) -> bool {
        self.latency_ms == 0 && self.error_percent == 0 && !self.timeout
    }

    /// What it does to one call of `backend` whose upstream timeout is `timeout`, given a
    /// roll in `[0, 1)`; `None` for another backend's call.
    #[must_use]
    pub fn effect(self, backend: Backend, timeout: Duration, roll: f64) -> Option<Effect> {
        if backend != self.backend {
            return None;
        }
        let delay = Duration::from_millis(u64::from(self.latency_ms));
        Some(if self.timeout {
            Effect::Fail(delay + timeout, Failure::Timeout)
        } else if roll * 100.0 < f64::from(self.error_percent) {
            Effect::Fail(delay, Failure::Unavailable)
        } else {
            Effect::Delay(delay)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_is_read_only_within_its_bounds() {
        let magento = |latency_ms, error_percent, timeout| {
            Some(Faults { backend: Backend::Magento, latency_ms, error_percent, timeout })
        };
        for (text, expected) in [
            ("magento~800~0~0", magento(800, 0, false)),
            ("magento~0~25~0", magento(0, 25, false)),
            ("magento~5000~100~1", magento(5000, 100, true)),
            ("magento~0~0~0", None),
            ("magento~5001~0~0", None),
            ("magento~10~101~0", None),
            ("magento~10~0~2", None),
            ("magento~10~0~0~0", None),
            ("magento~10~0", None),
            ("mageos~10~0~0", None),
            ("magento~-1~0~0", None),
            ("magento~ 10~0~0", None),
            ("", None),
        ] {
            assert_eq!(Faults::parse(text), expected, "{text:?}");
            if let Some(faults) = expected {
                assert_eq!(faults.encode(), text);
            }
        }
    }

    #[test]
    fn a_call_is_delayed_or_failed_only_on_its_backend() {
        let timeout = Duration::from_secs(5);
        let ms = Duration::from_millis;
        let set = |latency_ms, error_percent, timeout| Faults {
            backend: Backend::Shopify,
            latency_ms,
            error_percent,
            timeout,
        };
        for (faults, backend, roll, effect) in [
            (set(800, 0, false), Backend::Shopify, 0.0, Some(Effect::Delay(ms(800)))),
            (set(800, 0, false), Backend::Magento, 0.0, None),
            (set(0, 30, false), Backend::Shopify, 0.29, Some(Effect::Fail(ms(0), Failure::Unavailable))),
            (set(0, 30, false), Backend::Shopify, 0.30, Some(Effect::Delay(ms(0)))),
            (set(0, 100, false), Backend::Shopify, 0.999, Some(Effect::Fail(ms(0), Failure::Unavailable))),
            (set(100, 0, true), Backend::Shopify, 0.5, Some(Effect::Fail(ms(5100), Failure::Timeout))),
        ] {
            assert_eq!(faults.effect(backend, timeout, roll), effect, "{faults:?} on {backend:?} at {roll}");
        }
        assert_eq!(Failure::Timeout.error().kind(), "timeout");
        assert_eq!(Failure::Unavailable.error().kind(), "upstream_status");
    }
}
