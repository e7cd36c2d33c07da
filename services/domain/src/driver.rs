//! The driver values of the debug bar and the adapter ("backend") that serves each.

/// What a visitor can choose in the debug bar (§4 "Active driver").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Driver {
    InMemory,
    Fake,
    Magento,
    /// Mageos is treated as magento.
    MageOs,
    Shopify,
    /// The spec lists it as disabled (coming soon); it is a driver, selectable
    /// where its adapter is configured (the edge asks; see `enabled`).
    Medusa,
    /// Vendure's Shop API; like Medusa, selectable where its adapter is configured.
    Vendure,
}

/// One adapter deployment each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Backend {
    InMemory,
    Fake,
    Magento,
    Shopify,
    Medusa,
    Vendure,
}

impl Driver {
    /// In the order the debug bar lists them.
    pub const ALL: [Self; 7] =
        [Self::InMemory, Self::Fake, Self::Magento, Self::MageOs, Self::Shopify, Self::Medusa, Self::Vendure];

    /// In-memory is the default.
    pub const DEFAULT: Self = Self::InMemory;

    /// The driver a debug-bar value names; `None` for unknown values, which the spec says
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
            Self::Vendure => "vendure",
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
            Self::Medusa => "Medusa",
            Self::Vendure => "Vendure",
        }
    }

    /// The debug bar's label when the driver cannot be selected (coming soon).
    #[must_use]
    pub fn disabled_label(self) -> String {
        format!("{} (coming soon)", self.label())
    }

    /// Whether the driver can be chosen whatever the deployment: every one but Medusa and
    /// Vendure, offered only where their adapter has a shop configured (the spec lists
    /// Medusa "disabled, coming soon"; an unconfigured deployment still does).
    #[must_use]
    pub const fn always_enabled(self) -> bool {
        !matches!(self, Self::Medusa | Self::Vendure)
    }

    /// The adapter serving products and route resolution for this driver.
    #[must_use]
    pub const fn backend(self) -> Backend {
        match self {
            Self::InMemory => Backend::InMemory,
            Self::Fake => Backend::Fake,
            Self::Magento | Self::MageOs => Backend::Magento,
            Self::Shopify => Backend::Shopify,
            Self::Medusa => Backend::Medusa,
            Self::Vendure => Backend::Vendure,
        }
    }

    /// The adapter serving navigation: in the spec's words, for navigation, fake is treated like in-memory.
    #[must_use]
    pub const fn navigation_backend(self) -> Backend {
        match self {
            Self::Fake => Backend::InMemory,
            other => other.backend(),
        }
    }

    /// Switching to magento or shopify first clears that client's cache; in-memory
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
    pub const ALL: [Self; 6] = [Self::InMemory, Self::Fake, Self::Magento, Self::Shopify, Self::Medusa, Self::Vendure];

    /// Its value: its driver's (every backend has the driver of its own name).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        self.driver().as_str()
    }

    #[must_use]
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|b| b.as_str() == value)
    }
}

impl Backend {
    /// The driver of the same value (every backend has one; mageos is magento's second):
    /// the one named when the backend is "coming soon" ([`crate::DriverError::Disabled`]).
    #[must_use]
    pub const fn driver(self) -> Driver {
        match self {
            Self::InMemory => Driver::InMemory,
            Self::Fake => Driver::Fake,
            Self::Magento => Driver::Magento,
            Self::Shopify => Driver::Shopify,
            Self::Medusa => Driver::Medusa,
            Self::Vendure => Driver::Vendure,
        }
    }

    /// Whether its drivers can be chosen whatever the deployment ([`Driver::always_enabled`]).
    #[must_use]
    pub const fn always_enabled(self) -> bool {
        self.driver().always_enabled()
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
            ("vendure", Some(Driver::Vendure)),
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
            (Driver::InMemory, B::InMemory, B::InMemory),
            (Driver::Fake, B::Fake, B::InMemory),
            (Driver::Magento, B::Magento, B::Magento),
            (Driver::MageOs, B::Magento, B::Magento),
            (Driver::Shopify, B::Shopify, B::Shopify),
            (Driver::Medusa, B::Medusa, B::Medusa),
            (Driver::Vendure, B::Vendure, B::Vendure),
        ] {
            assert_eq!(driver.backend(), products, "{driver} products");
            assert_eq!(driver.navigation_backend(), navigation, "{driver} navigation");
        }
    }

    #[test]
    fn only_graphql_drivers_clear_on_switch_and_only_medusa_depends_on_its_adapter() {
        let clearing: Vec<_> = Driver::ALL.into_iter().filter(|d| d.clears_cache_on_switch()).collect();
        assert_eq!(clearing, [Driver::Magento, Driver::MageOs, Driver::Shopify]);
        let conditional: Vec<_> = Driver::ALL.into_iter().filter(|d| !d.always_enabled()).collect();
        assert_eq!(conditional, [Driver::Medusa, Driver::Vendure]);
    }

    #[test]
    fn backend_names_round_trip() {
        for b in Backend::ALL {
            assert_eq!(Backend::parse(b.as_str()), Some(b));
            assert_eq!(b.driver().as_str(), b.as_str());
            assert_eq!(b.driver().backend(), b);
        }
    }
}
