//! What a page request asks for, read the way the SPA reads its own address (the address
//! table's parameter names and paths, `crate::spa_addresses`; the page number and search
//! words as `vitrine_domain::listing` reads them, for the API too), so that the data the
//! edge inlines is filed under the very keys the SPA will look up. Pure.

use vitrine_domain::{listing, paths};

use crate::dto::Sort;
use crate::spa_addresses::table;
pub(crate) use crate::spa_routes::Own;

/// A page the SPA shows, with the listing parameters it would read from the address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PageRequest {
    Home,
    /// The SPA's own pages (cart, comparison, checkout, an order's): see [`Own`].
    Own(Own),
    /// The search page; `words` is `None` without a query (the SPA then asks for nothing).
    Search {
        words: Option<String>,
        page: u32,
        sort: Sort,
    },
    /// Any other path: whatever the backend resolves it to; `variant` is the product
    /// variant its address names, if any.
    Path {
        path: String,
        page: u32,
        sort: Sort,
        variant: Option<String>,
    },
}

impl PageRequest {
    /// `path` as the browser sends it (percent-encoded), `query` without the `?`.
    pub(crate) fn parse(path: &str, query: &str) -> Self {
        let table = table();
        let param = |name: &str| url_params(query).find(|(k, _)| k == name).map(|(_, v)| v).unwrap_or_default();
        let page = listing::page_number(&param(table.page_param()));
        let sort = Sort::read(&param(table.sort_param()));
        let joined = paths::join_segments(path);
        if let Some(own) = Own::at(&joined) {
            return Self::Own(own);
        }
        if joined == "/" {
            return Self::Home;
        }
        if joined == table.search_page.path {
            return Self::Search { words: listing::search_words(&param(&table.search_page.words)), page, sort };
        }
        Self::Path { path: joined, page, sort, variant: variant(&param("variant")) }
    }
}

/// The longest variant id read from an address (ids are SKUs or backend ids, far shorter).
const MAX_VARIANT_CHARS: usize = 256;

/// A `variant` parameter as the SPA reads it: any non-empty value (one no variant has
/// shows the first, there as here); a longer one than any id is none.
fn variant(value: &str) -> Option<String> {
    (!value.is_empty() && value.chars().count() <= MAX_VARIANT_CHARS).then(|| value.to_owned())
}

/// `application/x-www-form-urlencoded` pairs, as `URLSearchParams` reads them.
fn url_params(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    form_urlencoded::parse(query.as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_like_the_spa_reads_its_address() {
        use Sort as S;
        let path = |p: &str, page, sort| PageRequest::Path { path: p.to_owned(), page, sort, variant: None };
        let search = |w: Option<&str>, page, sort| PageRequest::Search { words: w.map(str::to_owned), page, sort };
        for (p, q, expected) in [
            ("/", "", PageRequest::Home),
            ("//", "page=2", PageRequest::Home),
            ("/1001", "", path("/1001", 1, S::Position)),
            ("/a//b/", "page=2&sort=name", path("/a/b", 2, S::Name)),
            ("/computers", "page=0", path("/computers", 1, S::Position)),
            ("/computers", "page=1001&sort=x", path("/computers", 1, S::Position)),
            ("/computers", "page=02&sort=price_desc", path("/computers", 2, S::PriceDesc)),
            ("/computers", "page=12345", path("/computers", 1, S::Position)),
            ("/caf%C3%A9", "", path("/caf%C3%A9", 1, S::Position)),
            ("/search", "q=+blue+shirt+&page=3", search(Some("blue shirt"), 3, S::Position)),
            ("/search", "q=%20", search(None, 1, S::Position)),
            ("/search/", "", search(None, 1, S::Position)),
            ("/cart", "", PageRequest::Own(Own::Cart)),
            ("//cart/", "page=2&variant=x", PageRequest::Own(Own::Cart)),
            ("/debug/compare", "", PageRequest::Own(Own::Compare)),
            ("/debug", "", path("/debug", 1, S::Position)),
            ("/cart/x", "", path("/cart/x", 1, S::Position)),
            ("/carts", "", path("/carts", 1, S::Position)),
            ("/checkout", "", PageRequest::Own(Own::Checkout)),
            ("/order/000000001", "", PageRequest::Own(Own::Order)),
            ("//order/M-100001/", "", PageRequest::Own(Own::Order)),
            ("/order", "", path("/order", 1, S::Position)),
            ("/order/1/x", "", path("/order/1/x", 1, S::Position)),
        ] {
            assert_eq!(PageRequest::parse(p, q), expected, "{p}?{q}");
        }
        let chosen = |v: &str| PageRequest::Path {
            path: "/1001".to_owned(),
            page: 1,
            sort: S::Position,
            variant: Some(v.to_owned()),
        };
        assert_eq!(PageRequest::parse("/1001", "variant=1001-L%20Black"), chosen("1001-L Black"));
        assert_eq!(PageRequest::parse("/1001", "variant="), path("/1001", 1, S::Position));
        assert_eq!(PageRequest::parse("/1001", &format!("variant={}", "x".repeat(257))), path("/1001", 1, S::Position));
        let long = "é".repeat(300);
        let PageRequest::Search { words: Some(words), .. } = PageRequest::parse("/search", &format!("q={long}")) else {
            panic!("a search");
        };
        assert_eq!(words.chars().count(), listing::MAX_QUERY_CHARS);
    }

    /// The keys a written page files its own data under, beside the driver's and the
    /// menu's (`own_reads` in `page/mod.rs`), from what the request asks for.
    fn own_keys(asked: &PageRequest) -> Vec<String> {
        let table = table();
        match asked {
            PageRequest::Home => vec![table.keys.best_sellers.clone(), table.keys.home_head.clone()],
            PageRequest::Own(own) => vec![own.head_key().to_owned()],
            PageRequest::Search { words, page, sort } => {
                let mut keys = vec![table.search_head_key(words.as_deref(), *page)];
                keys.extend(words.as_deref().map(|w| table.search_key(w, *page, *sort)));
                keys
            }
            PageRequest::Path { path, page, sort, .. } => vec![table.page_key(path, *page, *sort)],
        }
    }

    #[derive(serde::Deserialize)]
    struct AddressExample {
        address: String,
        keys: Vec<String>,
        #[serde(default)]
        own: Option<String>,
    }

    #[test]
    fn the_address_examples_are_the_edge_s() {
        let examples = crate::spa_addresses::tests::examples()["addresses"].clone();
        let examples: Vec<AddressExample> = serde_json::from_value(examples).expect("address examples");
        assert!(!examples.is_empty());
        for example in examples {
            let (path, query) = example.address.split_once('?').unwrap_or((&example.address, ""));
            let asked = PageRequest::parse(path, query);
            let mut keys = own_keys(&asked);
            let mut expected = example.keys.clone();
            keys.sort();
            expected.sort();
            assert_eq!(keys, expected, "{}: the keys", example.address);
            let own = match asked {
                PageRequest::Own(own) => Some(format!("{own:?}").to_lowercase()),
                _ => None,
            };
            assert_eq!(own, example.own, "{}: the own page", example.address);
        }
    }
}
