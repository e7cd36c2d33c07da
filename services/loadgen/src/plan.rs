//! A shopper's path, as addresses: the home page, the menu's first category, its second
//! page, a product found there, and a search for a word of that product's name. Pure:
//! the visitor ([`crate::visitor`]) asks, these read the edge's JSON and name the next
//! address (the edge's public API: DESIGN.md "The edge's HTTP API").

use serde_json::Value;

/// An address and how a browser asks for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub path: String,
    pub kind: Kind,
}

/// A page load (the edge writes the page: `Accept: text/html`) or the SPA's JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Html,
    Json,
}

impl Request {
    fn html(path: impl Into<String>) -> Self {
        Self { path: path.into(), kind: Kind::Html }
    }

    fn json(path: impl Into<String>) -> Self {
        Self { path: path.into(), kind: Kind::Json }
    }
}

/// The home page.
#[must_use]
pub fn home() -> Request {
    Request::html("/")
}

/// The menu (the navigation bar's tree).
#[must_use]
pub fn menu() -> Request {
    Request::json("/api/navigation")
}

/// The home page's category links: where a visitor goes when the menu's category is not
/// the backend's (the fake store's menu is the in-memory one).
#[must_use]
pub fn category_links() -> Request {
    Request::json("/api/categories")
}

/// A category's (or any) page, loaded whole.
#[must_use]
pub fn page(url: &str) -> Request {
    Request::html(url)
}

/// Page `n` of a listing, as the SPA asks for it when the visitor follows "next".
#[must_use]
pub fn listing(url: &str, n: u32) -> Request {
    let query = if n > 1 { format!("&page={n}") } else { String::new() };
    Request::json(format!("/api/page?url={}{query}", urlencoding::encode(url)))
}

/// The search page for `word`, as the navigation bar's form asks for it.
#[must_use]
pub fn search(word: &str) -> Request {
    Request::html(format!("/search?q={}", urlencoding::encode(word)))
}

/// The menu's first top-level category (`/api/navigation`: `children[0].url`).
#[must_use]
pub fn first_category(menu: &Value) -> Option<String> {
    first_url(&menu["children"])
}

/// The first of the home page's category links (`/api/categories`).
#[must_use]
pub fn first_link(links: &Value) -> Option<String> {
    first_url(links)
}

fn first_url(list: &Value) -> Option<String> {
    list.as_array()?.iter().find_map(|c| c["url"].as_str().filter(|u| u.starts_with('/'))).map(str::to_owned)
}

/// A listing's products (`/api/page`: `category.listing.products`) as `(url, name)`;
/// empty when the page is not a category (it was not found) or that page has none.
#[must_use]
pub fn products(page: &Value) -> Vec<(String, String)> {
    page["category"]["listing"]["products"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| Some((p["url"].as_str()?.to_owned(), p["name"].as_str()?.to_owned())))
        .filter(|(url, _)| url.starts_with('/'))
        .collect()
}

/// Whether `/api/page` found a category there.
#[must_use]
pub fn is_category(page: &Value) -> bool {
    page["category"].is_object()
}

/// A word of a product's name to search for: its longest word of letters (three at
/// least), as a shopper would type it; the first longest when several tie.
#[must_use]
pub fn search_word(name: &str) -> Option<String> {
    name.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 3)
        .fold(None::<&str>, |best, w| match best {
            Some(b) if b.chars().count() >= w.chars().count() => Some(b),
            _ => Some(w),
        })
        .map(str::to_lowercase)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn addresses_are_the_edge_api_with_encoded_values() {
        for (request, path, kind) in [
            (home(), "/", Kind::Html),
            (menu(), "/api/navigation", Kind::Json),
            (category_links(), "/api/categories", Kind::Json),
            (page("/computers"), "/computers", Kind::Html),
            (listing("/computers", 2), "/api/page?url=%2Fcomputers&page=2", Kind::Json),
            (listing("/men.html", 1), "/api/page?url=%2Fmen.html", Kind::Json),
            (search("snowboard"), "/search?q=snowboard", Kind::Html),
            (search("crème brûlée"), "/search?q=cr%C3%A8me%20br%C3%BBl%C3%A9e", Kind::Html),
        ] {
            assert_eq!(request, Request { path: path.to_owned(), kind }, "{path}");
        }
    }

    #[test]
    fn the_first_category_is_the_menus_first_child_with_a_path() {
        for (menu, expected) in [
            (json!({"children": [{"url": "/computers"}, {"url": "/clothing"}]}), Some("/computers")),
            (json!({"children": [{"url": ""}, {"url": "/clothing"}]}), Some("/clothing")),
            (json!({"children": []}), None),
            (json!({"error": {"code": "upstream_unavailable"}}), None),
        ] {
            assert_eq!(first_category(&menu).as_deref(), expected, "{menu}");
        }
        let links = json!([{"name": "men's clothing", "url": "/category/men-s-clothing"}]);
        assert_eq!(first_link(&links).as_deref(), Some("/category/men-s-clothing"));
        assert_eq!(first_link(&json!({})), None);
    }

    #[test]
    fn products_are_read_from_a_category_page_only() {
        let page = json!({"category": {"listing": {"products": [
            {"url": "/1033", "name": "Awesome Marble Salad"},
            {"url": "/products/zinc", "name": "The Zinc Park Snowboard"},
            {"url": "https://elsewhere.example/x", "name": "Elsewhere"},
            {"name": "No address"}
        ]}}});
        assert!(is_category(&page));
        assert_eq!(
            products(&page),
            [
                ("/1033".to_owned(), "Awesome Marble Salad".to_owned()),
                ("/products/zinc".to_owned(), "The Zinc Park Snowboard".to_owned())
            ]
        );
        let not_found = json!({"resolution": {"code": 404}, "category": null});
        assert!(!is_category(&not_found));
        assert!(products(&not_found).is_empty());
    }

    #[test]
    fn the_search_word_is_the_longest_word_of_the_name() {
        for (name, word) in [
            ("Awesome Marble Salad", Some("awesome")),
            ("The Zinc Park Snowboard", Some("snowboard")),
            ("Mens Cotton Jacket", Some("cotton")),
            ("Khaki V-Neck Tee", Some("khaki")),
            ("Crème brûlée", Some("brûlée")),
            ("A 4K TV", None),
            ("", None),
        ] {
            assert_eq!(search_word(name).as_deref(), word, "{name}");
        }
    }
}
