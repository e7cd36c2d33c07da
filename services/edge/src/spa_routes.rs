//! The SPA's own routes (cart, comparison, checkout, an order's confirmation, and the
//! search page's address): their addresses, titles and head keys, and which addresses no
//! backend is asked about. Below both the API (their heads at `/api/head/…`) and the
//! written pages (which write those heads in), so that neither imports the other.

/// The search page's address: the SPA's, never a backend's.
pub(crate) const SEARCH_PATH: &str = "/search";

/// Whether `path` (joined segments) is one of the SPA's own pages, which no backend is
/// asked about and no sitemap lists, whatever a backend has there.
pub(crate) fn reserved(path: &str) -> bool {
    path == SEARCH_PATH || Own::at(path).is_some()
}

/// The SPA's own pages that are not to be indexed: no backend is asked about them, their
/// first paint is everyone's (the SPA fetches what is the visitor's), and they are
/// written per request, never kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Own {
    /// The visitor's cart.
    Cart,
    /// The backends compared, where the debug tools are on.
    Compare,
    /// The visitor's checkout.
    Checkout,
    /// `/order/{number}`: an order the visitor placed, whatever the number.
    Order,
}

/// Where an order's page is: `/order/{number}`, one segment.
const ORDER_PREFIX: &str = "/order/";

impl Own {
    const FIXED: [Self; 3] = [Self::Cart, Self::Compare, Self::Checkout];

    /// Its address, and its canonical link: an order's page names its checkout's (the
    /// number is the visitor's alone, and neither is to be indexed).
    pub(crate) const fn path(self) -> &'static str {
        match self {
            Self::Cart => "/cart",
            Self::Compare => "/debug/compare",
            Self::Checkout | Self::Order => "/checkout",
        }
    }

    pub(crate) const fn title(self) -> &'static str {
        match self {
            Self::Cart => "Cart",
            Self::Compare => "Compare backends",
            Self::Checkout => "Checkout",
            Self::Order => "Order confirmation",
        }
    }

    /// The SPA's key of its head (`/api/head/…`).
    pub(crate) const fn head_key(self) -> &'static str {
        match self {
            Self::Cart => "/api/head/cart",
            Self::Compare => "/api/head/compare",
            Self::Checkout => "/api/head/checkout",
            Self::Order => "/api/head/order",
        }
    }

    /// The own page at `path` (joined segments), if it is one.
    pub(crate) fn at(path: &str) -> Option<Self> {
        if path.strip_prefix(ORDER_PREFIX).is_some_and(|number| !number.is_empty() && !number.contains('/')) {
            return Some(Self::Order);
        }
        Self::FIXED.into_iter().find(|own| own.path() == path)
    }
}

#[cfg(test)]
mod tests {
    use super::reserved;

    #[test]
    fn only_the_spa_s_own_pages_are_reserved() {
        assert!(reserved("/search") && reserved("/cart") && reserved("/debug/compare"));
        assert!(!reserved("/") && !reserved("/cart/x") && !reserved("/carts") && !reserved("/1001"));
        assert!(reserved("/checkout") && reserved("/order/7") && !reserved("/order") && !reserved("/checkouts"));
    }
}
