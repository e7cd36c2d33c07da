//! A backend's settings as given: flag → value, only the set ones.

use std::collections::BTreeMap;

/// Values by [`super::Setting::flag`]. An empty or blank value (compose's `${X:-}`) is the
/// same as none. `Debug` prints secrets as `<redacted>`.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Settings {
    values: BTreeMap<String, String>,
}

impl Settings {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The value of `flag`, when given.
    #[must_use]
    pub fn get(&self, flag: &str) -> Option<&str> {
        self.values.get(flag).map(String::as_str)
    }

    /// Sets `flag` (a blank value removes it).
    pub fn set(&mut self, flag: &str, value: impl Into<String>) {
        let value = value.into();
        if value.trim().is_empty() {
            self.values.remove(flag);
        } else {
            self.values.insert(flag.to_owned(), value);
        }
    }

    /// These settings with `flag` set.
    #[must_use]
    pub fn with(mut self, flag: &str, value: impl Into<String>) -> Self {
        self.set(flag, value);
        self
    }

    /// `other`'s values over these.
    pub fn extend(&mut self, other: &Self) {
        for (flag, value) in &other.values {
            self.set(flag, value.clone());
        }
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

impl<K: AsRef<str>, V: Into<String>> FromIterator<(K, V)> for Settings {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut settings = Self::new();
        for (flag, value) in iter {
            settings.set(flag.as_ref(), value);
        }
        settings
    }
}

/// Printed without secrets' values.
impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut map = f.debug_map();
        for (flag, value) in &self.values {
            let secret = super::setting(flag).is_none_or(|s| s.secret);
            map.entry(flag, if secret { &"<redacted>" } else { value });
        }
        map.finish()
    }
}
