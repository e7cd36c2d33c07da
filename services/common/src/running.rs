//! Keys with something running under them, one at a time each (the adapter's background
//! refreshes, one per cache key; the edge's backend comparisons, one per visitor): a
//! [`Held`] keeps its key taken until it is dropped, however the work under it ends.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

#[derive(Debug, Clone, Default)]
pub struct Running {
    keys: Arc<Mutex<HashSet<String>>>,
}

/// `key`, taken until dropped.
#[derive(Debug)]
pub struct Held {
    keys: Arc<Mutex<HashSet<String>>>,
    key: String,
}

impl Drop for Held {
    fn drop(&mut self) {
        self.keys.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.key);
    }
}

impl Running {
    /// Takes `key`, unless it is taken or `most` keys are.
    #[must_use]
    pub fn hold(&self, key: &str, most: usize) -> Option<Held> {
        let mut keys = self.keys.lock().unwrap_or_else(PoisonError::into_inner);
        if keys.len() >= most || !keys.insert(key.to_owned()) {
            return None;
        }
        Some(Held { keys: self.keys.clone(), key: key.to_owned() })
    }

    /// How many keys are taken.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.lock().unwrap_or_else(PoisonError::into_inner).len()
    }

    /// Whether none is.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_held_once_and_freed_when_dropped() {
        let running = Running::default();
        let a = running.hold("a", 2).expect("free");
        assert!(running.hold("a", 2).is_none(), "held");
        let b = running.hold("b", 2).expect("room");
        assert!(running.hold("c", 2).is_none(), "at most two");
        drop(a);
        assert_eq!(running.len(), 1);
        assert!(running.hold("a", 2).is_some(), "free again");
        drop(b);
        assert!(running.is_empty());
    }
}
