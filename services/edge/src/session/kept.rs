//! What a visitor keeps, and its one text form: the driver they chose and when, their
//! cart id on each backend, and the numbers of the orders they placed. The signed cookie carries it ([`super::signed`]) and
//! the session's store key holds it; both write it as [`Kept::encode`] does.

use std::collections::BTreeMap;

use vitrine_domain::{Backend, Driver};

/// Everything a visitor keeps: `driver@ms`, then `;backend=cart-id` per backend with a
/// cart (the id percent-encoded, so no id can end the field early), then
/// `;order=backend/number` per order placed (percent-encoded too), oldest first. An order
/// written before orders named their backend (`;order=number`) is read as the chosen
/// driver's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Kept {
    pub(crate) choice: Choice,
    pub(crate) carts: BTreeMap<Backend, String>,
    /// The orders this visitor placed, each with its backend (two backends may number
    /// alike), the last [`MAX_ORDERS`]: what keeps the session (under which their
    /// summaries are kept) once the cart is gone, and which backend's an order page shows.
    pub(crate) orders: Vec<(Backend, String)>,
}

/// The most orders a visitor keeps: a cookie holds a few kilobytes.
pub(crate) const MAX_ORDERS: usize = 5;
const ORDER_FIELD: &str = "order";

impl Kept {
    pub(super) fn parse(text: &str) -> Option<Self> {
        let mut fields = text.split(';');
        let choice = Choice::parse(fields.next()?)?;
        let mut kept = Self { choice, carts: BTreeMap::new(), orders: Vec::new() };
        for field in fields {
            let (name, value) = field.split_once('=')?;
            let value = urlencoding::decode(value).ok()?.into_owned();
            if name == ORDER_FIELD {
                let order = match value.split_once('/') {
                    Some((backend, number)) => (Backend::parse(backend)?, number.to_owned()),
                    None => (kept.choice.driver.backend(), value),
                };
                kept.orders.push(order);
            } else {
                kept.carts.insert(Backend::parse(name)?, value);
            }
        }
        Some(kept)
    }

    pub(super) fn encode(&self) -> String {
        let mut text = self.choice.encode();
        for (backend, id) in &self.carts {
            text.push_str(&format!(";{}={}", backend.as_str(), urlencoding::encode(id)));
        }
        for (backend, number) in &self.orders {
            let order = format!("{}/{number}", backend.as_str());
            text.push_str(&format!(";{ORDER_FIELD}={}", urlencoding::encode(&order)));
        }
        text
    }

    /// Whether it needs keeping: a choice worth keeping, a cart, or an order.
    pub(super) fn worth_keeping(&self, default: Driver) -> bool {
        self.choice.worth_keeping(default) || !self.carts.is_empty() || !self.orders.is_empty()
    }

    /// A visitor who has kept nothing yet.
    pub(super) const fn fresh(default: Driver) -> Self {
        Self { choice: Choice::default_for(default), carts: BTreeMap::new(), orders: Vec::new() }
    }

    /// Adds `backend`'s order `number` (once), dropping the oldest past [`MAX_ORDERS`].
    pub(crate) fn placed(&mut self, backend: Backend, number: &str) {
        if !self.orders.iter().any(|(b, n)| *b == backend && n == number) {
            self.orders.push((backend, number.to_owned()));
        }
        let excess = self.orders.len().saturating_sub(MAX_ORDERS);
        self.orders.drain(..excess);
    }
}

/// The driver a visitor chose and when (ms since the Unix epoch). The time is what makes
/// a switch freshen this visitor's view alone: reads send it as
/// `fresh_after_ms`, and no cache layer answers them with an entry written before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Choice {
    pub(crate) driver: Driver,
    pub(crate) switched_at_ms: u64,
    /// No cached answer read before it is used, as after a switch (0: none; never
    /// kept): set when this request's visitor has faults injected into the driver's
    /// backend, so the injected latency is paid on every read, and for the cold reads
    /// of a comparison.
    pub(crate) uncached_before_ms: u64,
}

impl Choice {
    /// A visitor who never chose: the default driver, nothing to freshen.
    pub(crate) const fn default_for(driver: Driver) -> Self {
        Self { driver, switched_at_ms: 0, uncached_before_ms: 0 }
    }

    /// `driver`, read past every cache (a comparison's cold reads).
    pub(crate) fn uncached(driver: Driver) -> Self {
        Self { uncached_before_ms: vitrine_common::clock::unix_ms(), ..Self::default_for(driver) }
    }

    /// A switch to `driver` at `switched_at_ms`.
    pub(crate) const fn switched(driver: Driver, switched_at_ms: u64) -> Self {
        Self { driver, switched_at_ms, uncached_before_ms: 0 }
    }

    /// The kept form `driver@ms`; a bare driver (written by earlier versions) reads as a
    /// switch at 0. Anything else is `None`.
    fn parse(text: &str) -> Option<Self> {
        let (driver, at) = text.split_once('@').unwrap_or((text, "0"));
        Some(Self::switched(Driver::parse(driver)?, at.parse().ok()?))
    }

    fn encode(self) -> String {
        format!("{}@{}", self.driver.as_str(), self.switched_at_ms)
    }

    /// What a read sends as `fresh_after_ms`: the switch time for a driver whose answers
    /// must be fresh after a switch to it (Magento and Shopify), else 0.
    /// Later for a visitor with faults injected into the driver's backend.
    pub(crate) const fn fresh_after_ms(self) -> u64 {
        let switched = self.fresh_after_switch_ms();
        if self.uncached_before_ms > switched { self.uncached_before_ms } else { switched }
    }

    const fn fresh_after_switch_ms(self) -> u64 {
        if self.driver.clears_cache_on_switch() { self.switched_at_ms } else { 0 }
    }

    /// Whether it needs keeping: a choice of the default driver with nothing to freshen
    /// is no choice at all (no key, no cookie per drive-by PUT).
    fn worth_keeping(self, default: Driver) -> bool {
        self.driver != default || self.fresh_after_switch_ms() > 0
    }

    /// This choice for a request whose visitor injected faults (`hop::faults`): when they
    /// are on its driver's backend, nothing cached before now answers it.
    pub(crate) fn faulted(mut self) -> Self {
        if vitrine_common::hop::faults().is_some_and(|f| f.backend == self.driver.backend()) {
            self.uncached_before_ms = vitrine_common::clock::unix_ms();
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_read_their_kept_form_and_the_old_one() {
        for (text, expected) in [
            ("magento@1700000000123", Some((Driver::Magento, 1_700_000_000_123))),
            ("shopify@0", Some((Driver::Shopify, 0))),
            ("fake", Some((Driver::Fake, 0))),
            ("magento@", None),
            ("magento@soon", None),
            ("oracle@5", None),
            ("", None),
        ] {
            assert_eq!(Choice::parse(text).map(|c| (c.driver, c.switched_at_ms)), expected, "{text:?}");
        }
        let choice = Choice::switched(Driver::MageOs, 42);
        assert_eq!(Choice::parse(&choice.encode()), Some(choice), "round trip");
    }

    #[test]
    fn a_visitor_keeps_their_choice_and_a_cart_per_backend_in_one_value() {
        let choice = Choice::switched(Driver::Shopify, 42);
        let carts = BTreeMap::from([
            (Backend::Shopify, "gid://shopify/Cart/c1?key=a;b=c".to_owned()),
            (Backend::InMemory, "9f2c".to_owned()),
        ]);
        let orders = vec![(Backend::Magento, "000000001".into()), (Backend::InMemory, "M-1;x".into())];
        let kept = Kept { choice, carts, orders };
        assert_eq!(
            kept.encode(),
            "shopify@42;in-memory=9f2c;shopify=gid%3A%2F%2Fshopify%2FCart%2Fc1%3Fkey%3Da%3Bb%3Dc;\
             order=magento%2F000000001;order=in-memory%2FM-1%3Bx"
        );
        // An order written before orders named their backend is the chosen driver's.
        let older = Kept::parse("magento@7;order=000000002").map(|k| k.orders);
        assert_eq!(older, Some(vec![(Backend::Magento, "000000002".to_owned())]));
        assert_eq!(Kept::parse("magento@7;order=oracle%2F1"), None, "no such backend");
        assert_eq!(Kept::parse(&kept.encode()), Some(kept.clone()), "round trip");
        for (text, expected) in [
            ("magento@7", Some((Driver::Magento, 0))),
            ("in-memory@0;fake=abc", Some((Driver::InMemory, 1))),
            ("in-memory@0;oracle=abc", None),
            ("in-memory@0;fake", None),
            ("in-memory@0;fake=%E0%A4%A", None),
        ] {
            assert_eq!(Kept::parse(text).map(|k| (k.choice.driver, k.carts.len())), expected, "{text:?}");
        }
        // A cart alone is worth keeping, on the default driver too.
        let cart_only = Kept {
            choice: Choice::default_for(Driver::InMemory),
            carts: BTreeMap::from([(Backend::Fake, "c".into())]),
            orders: Vec::new(),
        };
        assert!(cart_only.worth_keeping(Driver::InMemory));
        // So is an order alone, the last five of them.
        let mut orders_only = Kept::fresh(Driver::InMemory);
        for n in 1..=7 {
            orders_only.placed(Backend::InMemory, &format!("M-{n}"));
            orders_only.placed(Backend::InMemory, &format!("M-{n}"));
        }
        let numbers: Vec<&str> = orders_only.orders.iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(numbers, ["M-3", "M-4", "M-5", "M-6", "M-7"]);
        assert!(orders_only.worth_keeping(Driver::InMemory));
        assert_eq!(Kept::parse(&orders_only.encode()), Some(orders_only));
        assert!(!Kept::fresh(Driver::InMemory).worth_keeping(Driver::InMemory));
    }

    #[test]
    fn only_drivers_that_freshen_on_a_switch_send_its_time() {
        for (driver, fresh) in
            [(Driver::Magento, 7), (Driver::MageOs, 7), (Driver::Shopify, 7), (Driver::InMemory, 0), (Driver::Fake, 0)]
        {
            assert_eq!(Choice::switched(driver, 7).fresh_after_ms(), fresh, "{driver}");
        }
    }

    #[test]
    fn a_choice_of_the_default_with_nothing_to_freshen_is_not_kept() {
        for (driver, at, default, kept) in [
            (Driver::InMemory, 9, Driver::InMemory, false),
            (Driver::Fake, 9, Driver::InMemory, true),
            (Driver::Magento, 9, Driver::InMemory, true),
            (Driver::Magento, 9, Driver::Magento, true),
            (Driver::Magento, 0, Driver::Magento, false),
        ] {
            assert_eq!(Choice::switched(driver, at).worth_keeping(default), kept, "{driver} on {default}");
        }
    }
}
