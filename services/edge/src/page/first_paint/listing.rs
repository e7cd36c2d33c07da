//! The parts of a listing page as the SPA lays them out (`Breadcrumbs`, the count,
//! `SortLinks`, `ProductGrid`'s first cards), and the address of each sort link as
//! `listingHref` writes it. Pure.

use super::{CARD_IMAGE, image, link_item};
use crate::dto::{Breadcrumb, CategoryLink, Product, ProductPage, Sort};
use crate::markup::escape;

/// How many product cards the first paint shows: the first screen's.
pub(crate) const CARDS: usize = 4;

/// The words for each order: a category's, or search's (`position` is relevance there).
#[derive(Clone, Copy)]
pub(crate) enum SortLabels {
    Category,
    Search,
}

impl SortLabels {
    /// `SORT_LABELS` and `SEARCH_SORT_LABELS` in the SPA's `app/listing.ts`.
    const fn label(self, sort: Sort) -> &'static str {
        match (self, sort) {
            (Self::Category, Sort::Position) => "Featured",
            (Self::Search, Sort::Position) => "Relevance",
            (_, Sort::Name) => "Name",
            (_, Sort::PriceAsc) => "Price: low to high",
            (_, Sort::PriceDesc) => "Price: high to low",
        }
    }
}

/// Where the visitor is: the path and query as the browser has them.
pub(crate) struct Address<'a> {
    pub(crate) path: &'a str,
    pub(crate) query: &'a str,
    /// The order the page shows (the SPA's `listingParams`).
    pub(crate) sort: Sort,
}

/// `listingHref(pathname, search, { sort, page: 1 })`: the address with `sort` set and
/// the page back to 1, each `URLSearchParams.set` keeping its parameter's place, then
/// the defaults (page 1, position) left out and the rest serialised as the browser does.
pub(crate) fn sort_href(path: &str, query: &str, sort: Sort) -> String {
    let mut pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    set(&mut pairs, "sort", sort.as_str());
    set(&mut pairs, "page", "1");
    pairs.retain(|(k, v)| (k != "page" || v != "1") && (k != "sort" || v != Sort::Position.as_str()));
    if pairs.is_empty() {
        return path.to_owned();
    }
    format!("{path}?{}", form_urlencoded::Serializer::new(String::new()).extend_pairs(&pairs).finish())
}

/// `URLSearchParams.set`: the first `key` takes `value` and the others go; none, it is
/// appended.
fn set(pairs: &mut Vec<(String, String)>, key: &str, value: &str) {
    let mut seen = false;
    pairs.retain_mut(|(k, v)| {
        if k != key {
            return true;
        }
        let first = !seen;
        if first {
            value.clone_into(v);
        }
        seen = true;
        first
    });
    if !seen {
        pairs.push((key.to_owned(), value.to_owned()));
    }
}

/// `productCount`: "1 product", "27 products".
pub(crate) fn count(total: u32) -> String {
    let noun = if total == 1 { "product" } else { "products" };
    format!("<p class=\"listing-count\">{total} {noun}</p>")
}

/// `Breadcrumbs`: Home, the ancestors, then the current page (not a link).
pub(crate) fn breadcrumbs(trail: &[Breadcrumb], current: &str) -> String {
    let ancestors: String = trail.iter().map(|b| link_item(&b.url, &b.name)).collect();
    format!(
        "<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\"><ol><li><a href=\"/\">Home</a></li>{ancestors}<li aria-current=\"page\">{}</li></ol></nav>",
        escape(current)
    )
}

/// A category's children as chips; nothing without any.
pub(crate) fn children(name: &str, children: &[CategoryLink]) -> String {
    if children.is_empty() {
        return String::new();
    }
    let items: String = children.iter().map(|c| link_item(&c.url, &c.name)).collect();
    format!("<nav aria-label=\"{} subcategories\"><ul class=\"category-list\">{items}</ul></nav>", escape(name))
}

/// `SortLinks`: nothing for fewer than two orders.
fn sort_links(found: &ProductPage, here: &Address<'_>, labels: SortLabels) -> String {
    let sorts = &found.sorts;
    if sorts.len() < 2 {
        return String::new();
    }
    let items: String = sorts
        .iter()
        .map(|&sort| {
            let current = if sort == here.sort { " aria-current=\"true\"" } else { "" };
            format!(
                "<li><a href=\"{}\"{current}>{}</a></li>",
                escape(&sort_href(here.path, here.query, sort)),
                labels.label(sort)
            )
        })
        .collect();
    format!(
        "<nav class=\"sort-links\" aria-label=\"Sort products\"><span class=\"sort-label\">Sort by</span><ul>{items}</ul></nav>"
    )
}

/// `ProductGrid`'s first cards, names and images; prices come with the SPA.
pub(crate) fn grid(cards: &[Product]) -> String {
    let items: String = cards
        .iter()
        .take(CARDS)
        .enumerate()
        .map(|(i, c)| {
            format!(
                "<li class=\"product-card\"><a href=\"{}\">{}<span class=\"card-name\">{}</span><span class=\"card-price\">&nbsp;</span><span class=\"card-deal\"></span></a></li>",
                escape(&c.url),
                image(c.thumbnail.as_ref(), &c.name, CARD_IMAGE, i == 0),
                escape(&c.name)
            )
        })
        .collect();
    format!("<ul class=\"product-grid\" aria-busy=\"false\">{items}</ul>")
}

/// The sort links and the first cards of a listing with products.
pub(crate) fn results(found: &ProductPage, here: &Address<'_>, labels: SortLabels) -> String {
    format!("{}{}", sort_links(found, here, labels), grid(&found.products))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_links_go_where_listing_href_goes() {
        // Expected values: the SPA's listingHref(pathname, new URLSearchParams(query), { sort, page: 1 }).
        for (path, query, sort, expected) in [
            ("/computers", "", Sort::Name, "/computers?sort=name"),
            ("/computers", "", Sort::Position, "/computers"),
            ("/computers", "page=3&sort=name", Sort::PriceAsc, "/computers?sort=price_asc"),
            ("/computers", "page=3&sort=name", Sort::Position, "/computers"),
            ("/computers", "sort=name&page=2", Sort::Name, "/computers?sort=name"),
            ("/search", "q=blue shirt", Sort::Name, "/search?q=blue+shirt&sort=name"),
            ("/search", "q=blue%20shirt&page=2", Sort::PriceDesc, "/search?q=blue+shirt&sort=price_desc"),
            ("/search", "page=2&q=caf%C3%A9", Sort::Name, "/search?q=caf%C3%A9&sort=name"),
            ("/c", "utm=a&sort=x&utm=b&sort=y", Sort::Name, "/c?utm=a&sort=name&utm=b"),
            ("/c", "a=%26%3D%2B", Sort::Name, "/c?a=%26%3D%2B&sort=name"),
        ] {
            assert_eq!(sort_href(path, query, sort), expected, "{path}?{query} → {sort:?}");
        }
    }

    #[test]
    fn counts_read_as_the_spa_writes_them() {
        for (n, text) in [(0, "0 products"), (1, "1 product"), (27, "27 products")] {
            assert_eq!(count(n), format!("<p class=\"listing-count\">{text}</p>"));
        }
    }

    #[test]
    fn sort_links_mark_the_current_order_and_need_two() {
        let found = |sorts: &[Sort]| ProductPage {
            products: Vec::new(),
            total_count: 3,
            page: 1,
            page_size: 24,
            page_count: 1,
            sorts: sorts.to_vec(),
        };
        let here = Address { path: "/desks", query: "sort=name", sort: Sort::Name };
        assert_eq!(sort_links(&found(&[Sort::Position]), &here, SortLabels::Category), "");
        // (An order the edge does not know never reaches a listing: `dto::ProductPage` leaves it out.)
        let html = sort_links(&found(&[Sort::Position, Sort::Name]), &here, SortLabels::Search);
        assert_eq!(
            html,
            "<nav class=\"sort-links\" aria-label=\"Sort products\"><span class=\"sort-label\">Sort by</span><ul>\
<li><a href=\"/desks\">Relevance</a></li><li><a href=\"/desks?sort=name\" aria-current=\"true\">Name</a></li></ul></nav>"
        );
    }
}
