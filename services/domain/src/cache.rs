//! Named upstream cache policies (STYLE habit 10): every cached upstream operation picks
//! one here; no TTL literal lives anywhere else.

use std::time::Duration;

use crate::Backend;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CachePolicy {
    ProductList,
    Product,
    Navigation,
    Route,
    /// A page of a category's products or of search results, and the cursor walks that
    /// page them.
    Listing,
    /// A CMS / content page.
    Content,
}

/// How long "the backend has nothing there" is remembered, whatever the policy:
/// long enough that a flood of unknown ids or URLs reaches the backend once per key and
/// window, short enough that something created upstream shows up within seconds.
pub const ABSENT_TTL: Duration = Duration::from_secs(5);

/// How long a cached answer is served: `fresh`, then for `stale` more it still answers at
/// once while one refresh runs in the background (stale-while-revalidate), so the first
/// visitor after an entry's expiry does not wait for the backend; past both it is gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lifetime {
    pub fresh: Duration,
    pub stale: Duration,
}

impl Lifetime {
    /// "Nothing there" is never served stale: something created upstream shows up as soon
    /// as its short window ends.
    pub const ABSENT: Self = Self { fresh: ABSENT_TTL, stale: Duration::ZERO };
}

impl CachePolicy {
    /// Catalogue data changes rarely in a demo; a switch clears the GraphQL backends
    /// anyway, so minutes are safe.
    #[must_use]
    pub const fn ttl(self) -> Duration {
        match self {
            Self::ProductList | Self::Navigation | Self::Listing => Duration::from_secs(300),
            Self::Product | Self::Route | Self::Content => Duration::from_secs(600),
        }
    }

    /// An answer's lifetime under this policy: fresh for [`ttl`](Self::ttl), then stale for
    /// as long again (an entry a visitor reads that late is refreshed for the next one).
    #[must_use]
    pub const fn lifetime(self) -> Lifetime {
        Lifetime { fresh: self.ttl(), stale: self.ttl() }
    }

    /// The policy's name: part of its store keys, and the operation label of REST calls.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::ProductList => "products",
            Self::Product => "product",
            Self::Navigation => "navigation",
            Self::Route => "route",
            Self::Listing => "listing",
            Self::Content => "content",
        }
    }

    /// The store key of one cached upstream answer.
    #[must_use]
    pub fn key(self, backend: Backend, request: &str) -> String {
        format!("{}{}:{request}", backend_prefix(backend), self.name())
    }
}

/// Every cached answer of `backend` starts with this; clearing deletes the prefix.
#[must_use]
pub fn backend_prefix(backend: Backend) -> String {
    format!("vitrine:cache:{backend}:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_namespaced_per_backend() {
        let key = CachePolicy::Product.key(Backend::Magento, "GET /products/1");
        assert_eq!(key, "vitrine:cache:magento:product:GET /products/1");
        assert!(key.starts_with(&backend_prefix(Backend::Magento)));
        assert!(!key.starts_with(&backend_prefix(Backend::InMemory)));
    }
}
