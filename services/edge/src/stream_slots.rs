//! Bounds on open driver-event streams: each stream holds a task and a
//! connection for as long as the tab is open, so one client opening thousands could
//! starve everyone. A stream takes a slot from its owner's share (the session, or the
//! client address for a stream without one) and from the edge's total; the slot goes
//! back when the stream ends, however it ends (the guard is dropped with its task).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;

/// How many streams may be open at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamLimits {
    /// Per session (a browser opens one per tab).
    pub per_owner: u32,
    /// On this edge, every session together.
    pub total: usize,
}

impl Default for StreamLimits {
    fn default() -> Self {
        Self { per_owner: 8, total: 5_000 }
    }
}

pub(crate) struct StreamSlots {
    per_owner: u32,
    total: Arc<Semaphore>,
    open: Mutex<HashMap<String, u32>>,
}

/// One open stream's claim; dropping it frees the slot.
pub(crate) struct Slot {
    slots: Arc<StreamSlots>,
    owner: String,
    _permit: OwnedSemaphorePermit,
}

impl StreamSlots {
    pub(crate) fn new(limits: StreamLimits) -> Arc<Self> {
        Arc::new(Self {
            per_owner: limits.per_owner,
            total: Arc::new(Semaphore::new(limits.total)),
            open: Mutex::default(),
        })
    }

    fn open(&self) -> std::sync::MutexGuard<'_, HashMap<String, u32>> {
        // Every change is one insert or remove: a poisoned lock still holds a whole map.
        self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A slot for one more stream of `owner`.
    ///
    /// # Errors
    /// `TooManyStreams` past the owner's share, `StreamsFull` when the edge has none left.
    pub(crate) fn take(self: &Arc<Self>, owner: &str) -> Result<Slot, ApiError> {
        let permit = self.total.clone().try_acquire_owned().map_err(|_| ApiError::StreamsFull)?;
        let mut open = self.open();
        let count = open.entry(owner.to_owned()).or_insert(0);
        if *count >= self.per_owner {
            return Err(ApiError::TooManyStreams);
        }
        *count += 1;
        Ok(Slot { slots: self.clone(), owner: owner.to_owned(), _permit: permit })
    }

    #[cfg(test)]
    fn owners(&self) -> usize {
        self.open().len()
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.slots.open();
        if let Some(count) = open.get_mut(&self.owner) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.owner);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_and_the_total_are_kept_and_given_back() {
        let slots = StreamSlots::new(StreamLimits { per_owner: 2, total: 3 });
        let a1 = slots.take("a").expect("a's first");
        let a2 = slots.take("a").expect("a's second");
        assert_eq!(slots.take("a").err(), Some(ApiError::TooManyStreams));
        let b1 = slots.take("b").expect("b's first");
        assert_eq!(slots.take("c").err(), Some(ApiError::StreamsFull), "the edge's three are taken");
        drop(a1);
        let c1 = slots.take("c").expect("a slot came back");
        drop((a2, b1, c1));
        assert_eq!(slots.owners(), 0, "no owner is remembered once its streams end");
    }
}
