//! In-flight coalescing: identical upstream calls running at the same time share one
//! request (REST and GraphQL alike), keyed by their cache key.
//!
//! Every caller holds a [`Ticket`] while it waits. The entry goes when the call finishes,
//! or when its last caller is dropped (a gRPC client went away): the map holds only calls
//! someone still waits for, and a later caller never joins an abandoned one.
//! Dropping the last waiter also drops the shared future, which cancels the request.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared};
use vitrine_domain::DriverError;

struct Entry<V> {
    /// Tells this call from a later one under the same key.
    id: u64,
    future: Shared<BoxFuture<'static, V>>,
    waiters: usize,
}

type Entries<V> = Arc<Mutex<HashMap<String, Entry<V>>>>;

pub(crate) struct Coalescer<V> {
    entries: Entries<V>,
    next_id: AtomicU64,
}

impl<V> Default for Coalescer<V> {
    fn default() -> Self {
        Self { entries: Arc::default(), next_id: AtomicU64::new(0) }
    }
}

/// One call's result, and whether this caller started the call (the one that should
/// store the answer, so joined callers do not write it again).
pub(crate) struct Joined<V> {
    pub(crate) value: V,
    pub(crate) leader: bool,
    /// This caller's call started the request (else it joined one in flight).
    pub(crate) started: bool,
}

fn lock<V>(entries: &Entries<V>) -> MutexGuard<'_, HashMap<String, Entry<V>>> {
    entries.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<V: Clone + Send + Sync + 'static> Coalescer<V> {
    /// Joins the call in flight under `key`, or starts one with `start`.
    pub(crate) async fn run(&self, key: String, start: impl FnOnce() -> BoxFuture<'static, V>) -> Joined<V> {
        let mut started = false;
        let (future, mut ticket) = {
            let mut entries = lock(&self.entries);
            let entry = entries.entry(key.clone()).or_insert_with(|| {
                started = true;
                Entry { id: self.next_id.fetch_add(1, Ordering::Relaxed), future: start().shared(), waiters: 0 }
            });
            entry.waiters += 1;
            (entry.future.clone(), Ticket { entries: self.entries.clone(), key, id: entry.id, finished: false })
        };
        let value = future.await;
        ticket.finished = true;
        // The first caller back removes the entry (later callers start afresh or find the
        // answer cached) and leads, even when the one that started the call has left.
        let mut entries = lock(&self.entries);
        let leader = entries.get(&ticket.key).is_some_and(|e| e.id == ticket.id);
        if leader {
            entries.remove(&ticket.key);
        }
        Joined { value, leader, started }
    }

    /// How many calls are in flight.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        lock(&self.entries).len()
    }
}

impl<T: Clone + Send + Sync + 'static> Coalescer<Result<T, DriverError>> {
    /// [`run`](Self::run) as one upstream call of this caller: inside its `span`, with
    /// its outcome and duration recorded (`upstream::observe`), and in the request's
    /// timings as a miss, or as coalesced when it joined a call in flight.
    pub(crate) async fn run_observed(
        &self,
        call: crate::upstream::Call<'_>,
        span: tracing::Span,
        key: String,
        start: impl FnOnce() -> BoxFuture<'static, Result<T, DriverError>>,
    ) -> Joined<Result<T, DriverError>> {
        let (mut leader, mut started) = (false, false);
        let began = std::time::Instant::now();
        let value = crate::upstream::observe(call.backend, call.operation, span, async {
            let joined = self.run(key, start).await;
            (leader, started) = (joined.leader, joined.started);
            joined.value
        })
        .await;
        let outcome = if started { "miss" } else { "coalesced" };
        crate::upstream::timed(call.backend, call.operation, outcome, value.as_ref().err(), began);
        Joined { value, leader, started }
    }
}

/// A caller's place in an entry; see the module doc.
struct Ticket<V> {
    entries: Entries<V>,
    key: String,
    id: u64,
    /// This caller got the answer; [`Coalescer::run`] has removed the entry.
    finished: bool,
}

impl<V> Drop for Ticket<V> {
    fn drop(&mut self) {
        if self.finished {
            return;
        }
        let mut entries = lock(&self.entries);
        let Some(entry) = entries.get_mut(&self.key) else { return };
        if entry.id != self.id {
            return;
        }
        entry.waiters -= 1;
        if entry.waiters == 0 {
            entries.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use std::time::Duration;

    use tokio::sync::oneshot;
    use vitrine_domain::Backend;

    use super::*;

    /// A call that never ends, counting how often it was started.
    fn never(started: &Arc<AtomicUsize>) -> BoxFuture<'static, u32> {
        started.fetch_add(1, Ordering::SeqCst);
        futures_util::future::pending().boxed()
    }

    #[tokio::test]
    async fn a_dropped_caller_leaves_no_entry_and_the_next_call_starts_afresh() {
        let coalescer = Coalescer::<u32>::default();
        let started = Arc::new(AtomicUsize::new(0));
        let mut first = coalescer.run("k".into(), || never(&started)).boxed();
        // Polled once: the entry is in the map and the call started.
        assert!(futures_util::poll!(&mut first).is_pending());
        assert_eq!(coalescer.len(), 1);
        drop(first);
        assert_eq!((coalescer.len(), started.load(Ordering::SeqCst)), (0, 1));
        let mut second = coalescer.run("k".into(), || never(&started)).boxed();
        assert!(futures_util::poll!(&mut second).is_pending());
        assert_eq!((coalescer.len(), started.load(Ordering::SeqCst)), (1, 2), "a new call went out");
        drop(second);
        assert_eq!(coalescer.len(), 0);
    }

    #[tokio::test]
    async fn joined_callers_share_one_call_and_survive_the_leader_leaving() {
        let coalescer = Arc::new(Coalescer::<u32>::default());
        let (answer, answered) = oneshot::channel::<u32>();
        let answered = answered.map(|r| r.unwrap_or(0)).boxed();
        let mut leader = Box::pin(coalescer.run("k".into(), move || answered));
        assert!(futures_util::poll!(&mut leader).is_pending());
        let joiner = tokio::spawn({
            let coalescer = coalescer.clone();
            async move {
                let joined = coalescer.run("k".into(), || futures_util::future::ready(99).boxed()).await;
                (joined.value, joined.leader, joined.started)
            }
        });
        // The joiner is in once the entry counts two waiters.
        while lock(&coalescer.entries).get("k").map(|e| e.waiters) != Some(2) {
            tokio::task::yield_now().await;
        }
        drop(leader);
        assert_eq!(coalescer.len(), 1, "the joiner still waits: the call stays");
        answer.send(7).unwrap_or_default();
        // The shared answer, not a second call's; the joiner stores it, as the starter left.
        assert_eq!(joiner.await.ok(), Some((7, true, false)), "it joined, and stores the answer");
        assert_eq!(coalescer.len(), 0);
    }

    #[tokio::test]
    async fn the_timings_say_which_caller_started_the_call_and_which_joined_it() {
        use vitrine_common::timing::{self, Timings};
        type Answer = Result<u32, DriverError>;
        let coalescer = Arc::new(Coalescer::<Answer>::default());
        let (answer, answered) = oneshot::channel::<u32>();
        let answered = answered.map(|r| Ok(r.unwrap_or(0))).boxed();
        let (first, second) = (Timings::start(), Timings::start());
        let call = |coalescer: &Arc<Coalescer<Answer>>, start: BoxFuture<'static, Answer>| {
            let coalescer = coalescer.clone();
            async move {
                let span = tracing::Span::none();
                let call =
                    crate::upstream::Call { backend: Backend::Fake, operation: "product", timeout: Duration::ZERO };
                coalescer.run_observed(call, span, "k".into(), move || start).await.value
            }
        };
        let mut starter = Box::pin(timing::within(first.clone(), call(&coalescer, answered)));
        assert!(futures_util::poll!(&mut starter).is_pending());
        let joiner =
            tokio::spawn(timing::within(second.clone(), call(&coalescer, futures_util::future::ready(Ok(9)).boxed())));
        while lock(&coalescer.entries).get("k").map(|e| e.waiters) != Some(2) {
            tokio::task::yield_now().await;
        }
        answer.send(7).unwrap_or_default();
        assert_eq!((starter.await.ok(), joiner.await.ok().and_then(Result::ok)), (Some(7), Some(7)));
        let words = |t: &Timings| {
            t.entries().into_iter().map(|e| (e.name.into_owned(), e.words.into_owned())).collect::<Vec<_>>()
        };
        assert_eq!(words(&first), [("upstream".to_owned(), "fake product miss".to_owned())]);
        assert_eq!(words(&second), [("upstream".to_owned(), "fake product coalesced".to_owned())]);
    }
}
