//! The sitemap's plans, one per driver, kept for minutes and made again in the
//! background: a large catalogue's walk takes minutes (about ten at 350,000 products),
//! so a plan past its time is still served while the next is made, and only a request
//! that finds no plan to serve waits for one. Concurrent first requests share one
//! making, which runs in its own task: a crawler that hangs up does not cancel it.
//! A making that fails leaves the old plan (if any) served and is tried again by the
//! next request; with no plan the request answers 503.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use actix_web::web;
use futures_util::future::{BoxFuture, FutureExt, Shared};
use vitrine_domain::Driver;

use super::plan::{self, Plan};
use crate::AppState;

/// How many times its time a plan is still served while the next is made; past that,
/// a request waits for the new one.
const STALE_FOR_TTL: u32 = 6;

/// A making of a plan, awaited by everyone who has none to serve: the plan, or `None`
/// when it failed (logged where it failed).
type Making = Shared<BoxFuture<'static, Option<Arc<Plan>>>>;

#[derive(Default)]
struct Slot {
    /// The last plan made, and when its making ended.
    made: Option<(Arc<Plan>, Instant)>,
    making: Option<Making>,
}

/// What a request does with a driver's slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    /// Serve the plan made.
    Serve,
    /// Serve the plan made, and start making the next.
    ServeAndMake,
    /// Wait for a plan: the one being made, or one it starts making.
    Wait,
}

/// What to do given the plan's age (`None`: no plan made yet) and whether one is
/// being made, for plans used for `ttl`.
fn next(age: Option<Duration>, making: bool, ttl: Duration) -> Next {
    match age {
        Some(age) if age < ttl => Next::Serve,
        Some(age) if age < ttl.saturating_mul(1 + STALE_FOR_TTL) => {
            if making {
                Next::Serve
            } else {
                Next::ServeAndMake
            }
        }
        _ => Next::Wait,
    }
}

pub(crate) struct Plans {
    slots: Arc<Mutex<HashMap<Driver, Slot>>>,
    ttl: Duration,
}

impl Plans {
    /// Plans used for `ttl`, then served while the next is made.
    pub(crate) fn new(ttl: Duration) -> Self {
        Self { slots: Arc::default(), ttl }
    }

    /// `driver`'s plan: the one kept, or the one being made; `None` when its making failed.
    pub(crate) async fn get(&self, state: &web::Data<AppState>, driver: Driver) -> Option<Arc<Plan>> {
        let making = {
            let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
            let slot = slots.entry(driver).or_default();
            let age = slot.made.as_ref().map(|(_, at)| at.elapsed());
            match (next(age, slot.making.is_some(), self.ttl), &slot.made) {
                (Next::Serve, Some((plan, _))) => return Some(plan.clone()),
                (Next::ServeAndMake, Some((plan, _))) => {
                    let plan = plan.clone();
                    slot.making = Some(self.make(state, driver));
                    return Some(plan);
                }
                _ => slot.making.get_or_insert_with(|| self.make(state, driver)).clone(),
            }
        };
        making.await
    }

    /// Starts making `driver`'s plan in its own task, which keeps it when made.
    fn make(&self, state: &web::Data<AppState>, driver: Driver) -> Making {
        let (state, slots) = (state.clone(), self.slots.clone());
        let task = tokio::spawn(async move {
            let made = plan::build(&state, driver).await.map(Arc::new).map_err(|s| super::unavailable(&s)).ok();
            let mut slots = slots.lock().unwrap_or_else(PoisonError::into_inner);
            let slot = slots.entry(driver).or_default();
            slot.making = None;
            if let Some(plan) = &made {
                slot.made = Some((plan.clone(), Instant::now()));
            }
            made
        });
        async move { task.await.ok().flatten() }.boxed().shared()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_is_served_in_its_time_then_while_the_next_is_made_then_waited_for() {
        let ttl = Duration::from_secs(600);
        let s = Duration::from_secs;
        for (age, making, expected) in [
            (None, false, Next::Wait),
            (None, true, Next::Wait),
            (Some(s(0)), false, Next::Serve),
            (Some(s(599)), false, Next::Serve),
            (Some(s(600)), false, Next::ServeAndMake),
            (Some(s(600)), true, Next::Serve),
            (Some(s(4199)), false, Next::ServeAndMake),
            (Some(s(4199)), true, Next::Serve),
            (Some(s(4200)), false, Next::Wait),
            (Some(s(4200)), true, Next::Wait),
        ] {
            assert_eq!(next(age, making, ttl), expected, "{age:?}, making {making}");
        }
    }
}
