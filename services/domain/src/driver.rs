//! The driver values of the debug bar and the adapter ("backend") that serves each.

use crate::DriverError;

/// What a visitor can choose in the debug bar (spec §1, §4 "Active driver").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Driver {
    InMemory,
    Fake,
    Magento,
    /// spec §4: mageos is treated as magento.
    MageOs,
    Shopify,
    /// spec §1: listed but disabled (coming soon).
    Medusa,
}

/// One adapter deployment each. Medusa has none: it is disabled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Backend {
    InMemory,
    Fake,
    Magento,
    Shopify,
}

impl Driver {
    /// In the order the debug bar lists them.
    pub const ALL: [Self; 6] = [Self::InMemory, Self::Fake, Self::Magento, Self::MageOs, Self::Shopify, Self::Medusa];

    /// spec §4: in-memory is the default.
    pub const DEFAULT: Self = Self::InMemory;

    /// The driver a debug-bar value names; `None` for unknown values, which spec §4 says
    /// are ignored.
    #[must_use]
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.as_str() == value.trim())
    }

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::InMemory => "in-memory",
            Self::Fake => "fake",
            Self::Magento => "magento",
            Self::MageOs => "mageos",
            Self::Shopify => "shopify",
            Self::Medusa => "medusa",
        }
    }

    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::InMemory => "In-memory (sample data)",
            Self::Fake => "Fake store API",
            Self::Magento => "Magento",
            Self::MageOs => "Mage-OS",
            Self::Shopify => "Shopify",
            Self::Medusa => "Medusa (coming soon)",
        }
    }

    #[must_use]
    pub const fn enabled(self) -> bool {
        !matches!(self, Self::Medusa)
    }

    /// The adapter serving products and route resolution for this driver.
    ///
    /// # Errors
    /// [`DriverError::Disabled`] for medusa.
    pub const fn backend(self) -> Result<Backend, DriverError> {
        match self {
            Self::InMemory => Ok(Backend::InMemory),
            Self::Fake => Ok(Backend::Fake),
            Self::Magento | Self::MageOs => Ok(Backend::Magento),
            Self::Shopify => Ok(Backend::Shopify),
            Self::Medusa => Err(DriverError::Disabled(self)),
        }
    }

    /// The adapter serving navigation. spec §4: for navigation, fake is treated like in-memory.
    ///
    /// # Errors
    /// [`DriverError::Disabled`] for medusa.
    pub const fn navigation_backend(self) -> Result<Backend, DriverError> {
        match self {
            Self::Fake => Ok(Backend::InMemory),
            other => other.backend(),
        }
    }

    /// spec §4: switching to magento or shopify first clears that client's cache; in-memory
    /// and fake swap immediately.
    #[must_use]
    pub const fn clears_cache_on_switch(self) -> bool {
        matches!(self, Self::Magento | Self::MageOs | Self::Shopify)
    }
}

impl std::fmt::Display for Driver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Backend {
    pub const ALL: [Self; 4] = [Self::InMemory, Self::Fake, Self::Magento, Self::Shopify];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::InMemory => "in-memory",
            Self::Fake => "fake",
            Self::Magento => "magento",
            Self::Shopify => "shopify",
        }
    }

    #[must_use]
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|b| b.as_str() == value)
    }

    /// The suffix of its `VITRINE_ADAPTER_<DRIVER>_URL` variable.
    #[must_use]
    pub const fn env_name(self) -> &'static str {
        match self {
            Self::InMemory => "IN_MEMORY",
            Self::Fake => "FAKE",
            Self::Magento => "MAGENTO",
            Self::Shopify => "SHOPIFY",
        }
    }
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_accepts_exactly_the_listed_values() {
        for (value, expected) in [
            ("in-memory", Some(Driver::InMemory)),
            ("fake", Some(Driver::Fake)),
            ("magento", Some(Driver::Magento)),
            ("mageos", Some(Driver::MageOs)),
            ("shopify", Some(Driver::Shopify)),
            ("medusa", Some(Driver::Medusa)),
            (" shopify ", Some(Driver::Shopify)),
            ("Magento", None),
            ("woocommerce", None),
            ("", None),
        ] {
            assert_eq!(Driver::parse(value), expected, "value {value:?}");
        }
    }

    #[test]
    fn backends_follow_spec_section_4() {
        use Backend as B;
        for (driver, products, navigation) in [
            (Driver::InMemory, Some(B::InMemory), Some(B::InMemory)),
            (Driver::Fake, Some(B::Fake), Some(B::InMemory)),
            (Driver::Magento, Some(B::Magento), Some(B::Magento)),
            (Driver::MageOs, Some(B::Magento), Some(B::Magento)),
            (Driver::Shopify, Some(B::Shopify), Some(B::Shopify)),
            (Driver::Medusa, None, None),
        ] {
            assert_eq!(driver.backend().ok(), products, "{driver} products");
            assert_eq!(driver.navigation_backend().ok(), navigation, "{driver} navigation");
        }
    }

    #[test]
    fn only_graphql_drivers_clear_on_switch_and_only_medusa_is_disabled() {
        let clearing: Vec<_> = Driver::ALL.into_iter().filter(|d| d.clears_cache_on_switch()).collect();
        assert_eq!(clearing, [Driver::Magento, Driver::MageOs, Driver::Shopify]);
        let disabled: Vec<_> = Driver::ALL.into_iter().filter(|d| !d.enabled()).collect();
        assert_eq!(disabled, [Driver::Medusa]);
    }

    #[test]
    fn backend_names_round_trip() {
        for b in Backend::ALL {
            assert_eq!(Backend::parse(b.as_str()), Some(b));
        }
    }
}
