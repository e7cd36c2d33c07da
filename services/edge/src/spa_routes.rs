//! The SPA's own routes (cart, comparison, checkout, an order's confirmation, and the
//! search page's address): which addresses no backend is asked about, and each own page's
//! title, canonical link and head key, all as the address table places them
//! ([`crate::spa_addresses`], the SPA's `addresses.json`). Below both the API (their heads
//! at `/api/head/…`) and the written pages (which write those heads in), so that neither
//! imports the other.

use crate::spa_addresses::{OwnPage, table};

/// Whether `path` (joined segments) is one of the SPA's own pages or its search page,
/// which no backend is asked about and no sitemap lists, whatever a backend has there.
pub(crate) fn reserved(path: &str) -> bool {
    path == table().search_page.path || Own::at(path).is_some()
}

/// The SPA's own pages: no backend is asked about them, their first paint is everyone's
/// (the SPA fetches what is the visitor's), and they are written per request, never kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Own {
    /// The visitor's cart.
    Cart,
    /// The backends compared, where the debug tools are on.
    Compare,
    /// The visitor's checkout.
    Checkout,
    /// An order the visitor placed, whatever the number.
    Order,
}

impl Own {
    /// In the order of the table's `own` (see `spa_addresses::Table::own`).
    const EVERY: [Self; 4] = [Self::Cart, Self::Compare, Self::Checkout, Self::Order];

    fn page(self) -> &'static OwnPage {
        &table().own[self as usize]
    }

    /// Its canonical link: its address, or for an order's page its checkout's (the number
    /// is the visitor's alone, and neither is to be indexed).
    pub(crate) fn canonical(self) -> &'static str {
        &self.page().canonical
    }

    pub(crate) fn title(self) -> &'static str {
        &self.page().title
    }

    /// The SPA's key of its head (`/api/head/…`).
    pub(crate) fn head_key(self) -> &'static str {
        &self.page().head_key
    }

    /// Whether search engines are asked not to index it.
    pub(crate) fn noindex(self) -> bool {
        self.page().noindex
    }

    /// The own page at `path` (joined segments), if it is one.
    pub(crate) fn at(path: &str) -> Option<Self> {
        Self::EVERY.into_iter().find(|own| own.page().is_at(path))
    }
}

#[cfg(test)]
mod tests {
    use super::{Own, reserved};

    #[test]
    fn only_the_spa_s_own_pages_are_reserved() {
        assert!(reserved("/search") && reserved("/cart") && reserved("/debug/compare"));
        assert!(!reserved("/") && !reserved("/cart/x") && !reserved("/carts") && !reserved("/1001"));
        assert!(reserved("/checkout") && reserved("/order/7") && !reserved("/order") && !reserved("/checkouts"));
        assert!(!reserved("/order/") && !reserved("/order/7/x") && !reserved("/debug"));
    }

    #[test]
    fn each_own_page_is_the_table_s() {
        let pages = Own::EVERY.map(|own| (own.canonical(), own.title(), own.head_key(), own.noindex()));
        assert_eq!(
            pages,
            [
                ("/cart", "Cart", "/api/head/cart", true),
                ("/debug/compare", "Compare backends", "/api/head/compare", true),
                ("/checkout", "Checkout", "/api/head/checkout", true),
                ("/checkout", "Order confirmation", "/api/head/order", true),
            ]
        );
    }
}
