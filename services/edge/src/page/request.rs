//! What a page request asks for, read the way the SPA reads its own address (so the
//! data the edge inlines is filed under the very keys the SPA will look up), and those
//! keys. Pure.

use vitrine_domain::{listing, paths};

use crate::dto::Sort;
use crate::image_widths::WIDTHS as IMAGE_WIDTHS;
pub(crate) use crate::spa_routes::{Own, SEARCH_PATH};
use crate::spa_url::{encode_component, image_path};

/// A product image as `ProductImage` asks for it, in a box of `size` CSS pixels: its
/// `src`, `srcset` and `sizes`. The preload and the first paint use these very values,
/// so the browser's one fetch serves both and the app.
pub(crate) fn image_sources(src: &str, size: u32) -> (String, String, String) {
    let srcset = IMAGE_WIDTHS.map(|w| format!("{} {w}w", image_path(src, w))).join(", ");
    (image_path(src, IMAGE_WIDTHS[0]), srcset, format!("(max-width: 768px) 100vw, {size}px"))
}

/// A page the SPA shows, with the listing parameters it would read from the address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PageRequest {
    Home,
    /// `/cart`, `/debug/compare`, `/checkout`, `/order/{number}` (issues 23, 24, 26): see [`Own`].
    Own(Own),
    /// `/search`; `words` is `None` without a query (the SPA then asks for nothing).
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
        let param = |name: &str| url_params(query).find(|(k, _)| k == name).map(|(_, v)| v).unwrap_or_default();
        let (page, sort) = listing_params(&param("page"), &param("sort"));
        let joined = paths::join_segments(path);
        if let Some(own) = Own::at(&joined) {
            return Self::Own(own);
        }
        match joined.as_str() {
            "/" => Self::Home,
            SEARCH_PATH => Self::Search { words: crate::head::search_words(&param("q")), page, sort },
            _ => Self::Path { path: joined, page, sort, variant: variant(&param("variant")) },
        }
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

/// The SPA's `listingParams`: anything it does not understand is page 1, position order.
fn listing_params(page: &str, sort: &str) -> (u32, Sort) {
    let page = Some(page)
        .filter(|p| (1..=listing::MAX_PAGE_DIGITS).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|p| p.parse().ok())
        .filter(|p| (1..=listing::MAX_PAGE).contains(p))
        .unwrap_or(1);
    (page, Sort::parse(sort).unwrap_or(Sort::Position))
}

/// `&page=N&sort=S` without the defaults, as the SPA's `listingQuery` writes it.
fn listing_query(page: u32, sort: Sort) -> String {
    let page = if page > 1 { format!("&page={page}") } else { String::new() };
    let sort = if sort == Sort::Position { String::new() } else { format!("&sort={}", sort.as_str()) };
    format!("{page}{sort}")
}

/// The SPA's data keys (`api` in client.ts): the edge's urls of the same answers.
pub(crate) mod keys {
    use super::{Sort, encode_component, listing_query};

    pub(crate) const DRIVER: &str = "/api/driver";
    pub(crate) const NAVIGATION: &str = "/api/navigation";
    pub(crate) const BEST_SELLERS: &str = "/api/products/best-sellers";
    pub(crate) const CATEGORIES: &str = "/api/categories";
    pub(crate) const HOME_HEAD: &str = "/api/head/home";

    pub(crate) fn page(path: &str, page: u32, sort: Sort) -> String {
        format!("/api/page?url={}{}", encode_component(path), listing_query(page, sort))
    }

    pub(crate) fn search(words: &str, page: u32, sort: Sort) -> String {
        format!("/api/search?q={}{}", encode_component(words), listing_query(page, sort))
    }

    /// The search page's head: its words and page (the order is not in the head).
    pub(crate) fn search_head(words: Option<&str>, page: u32) -> String {
        words.map_or_else(
            || "/api/head/search".to_owned(),
            |w| format!("/api/head/search?q={}{}", encode_component(w), listing_query(page, Sort::Position)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_are_encoded_as_encode_uri_component_does() {
        for (text, expected) in [
            ("/1001", "%2F1001"),
            ("a b&c=d", "a%20b%26c%3Dd"),
            ("-_.!~*'()", "-_.!~*'()"),
            ("café/é", "caf%C3%A9%2F%C3%A9"),
            ("<script>", "%3Cscript%3E"),
        ] {
            assert_eq!(encode_component(text), expected, "{text}");
        }
    }

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

    #[test]
    fn keys_are_the_spa_s() {
        assert_eq!(keys::page("/1001", 1, Sort::Position), "/api/page?url=%2F1001");
        assert_eq!(keys::page("/a b", 2, Sort::PriceAsc), "/api/page?url=%2Fa%20b&page=2&sort=price_asc");
        assert_eq!(keys::search("blue shirt", 1, Sort::Name), "/api/search?q=blue%20shirt&sort=name");
        assert_eq!(keys::search_head(Some("blue shirt"), 2), "/api/head/search?q=blue%20shirt&page=2");
        assert_eq!(keys::search_head(None, 2), "/api/head/search");
        assert_eq!(image_path("https://x/a b.jpg", 256), "/img?src=https%3A%2F%2Fx%2Fa%20b.jpg&w=256");
    }
}
