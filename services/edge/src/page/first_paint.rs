//! A page's first paint, in the HTML itself (issue 12): the page's main content as the
//! SPA lays it out (same elements and classes, so the same boxes), written inside the
//! root element. The browser paints it before any script runs, and a crawler that runs
//! none reads it; React replaces it whole on its first render (a root's first render
//! clears its container), with the same content from the same inlined data, so nothing
//! visible moves and the largest element is already painted. Pure: it writes the very
//! values the reads answer (`crate::reads`), as the API serves them to the SPA.

mod listing;
mod navbar;

pub(crate) use listing::Address;
use listing::SortLabels;

use super::request::image_sources;
use crate::dto::{CategoryPage, Image, NavigationNode, PageData, Product, ProductPage};
use crate::markup::escape;

/// The boxes, in CSS pixels, of a product page's image and a card's (`ProductView`,
/// `ProductCard`).
pub(crate) const PRODUCT_IMAGE: u32 = 560;
pub(crate) const CARD_IMAGE: u32 = 240;

/// The backend's url of a product's image, if it has one.
pub(crate) fn image_url(product: &Product) -> Option<String> {
    product.thumbnail.as_ref().map(|t| t.url.clone()).filter(|u| !u.is_empty())
}

/// `<a href="{url}">{name}</a>`: every link the paint writes from backend names and urls.
fn link(url: &str, name: &str) -> String {
    format!("<a href=\"{}\">{}</a>", escape(url), escape(name))
}

/// A list item holding just that link (breadcrumbs, child categories, the menu).
fn link_item(url: &str, name: &str) -> String {
    format!("<li>{}</li>", link(url, name))
}

/// The SPA's `ProductImage`: the image service's sizes of `src`, in a box of `size`.
fn image(thumbnail: Option<&Image>, alt: &str, size: u32, first: bool) -> String {
    let Some(t) = thumbnail.filter(|t| !t.url.is_empty()) else {
        return format!(
            "<img class=\"product-image\" src=\"/placeholder.svg\" alt=\"{}\" width=\"{size}\" height=\"{size}\">",
            escape(alt)
        );
    };
    let alt = if t.label.is_empty() { alt } else { &t.label };
    let (src, srcset, sizes) = image_sources(&t.url, size);
    let loading = if first { "loading=\"eager\" fetchpriority=\"high\"" } else { "loading=\"lazy\"" };
    format!(
        "<img class=\"product-image\" src=\"{}\" srcset=\"{}\" sizes=\"{sizes}\" alt=\"{}\" width=\"{size}\" height=\"{size}\" {loading}>",
        escape(&src),
        escape(&srcset),
        escape(alt)
    )
}

/// The page around its main content: the navigation bar (with the menu when it was
/// inlined; `words`, the search page's), then `<main>`.
pub(crate) fn in_page(menu: Option<&NavigationNode>, words: &str, main: &str) -> String {
    format!("{}<main class=\"page\">{main}</main>", navbar::navbar(menu, words))
}

/// The home page: its introduction and the best sellers (`Home`).
pub(crate) fn home(best_sellers: &[Product]) -> String {
    format!(
        "<div class=\"home\"><section class=\"hero\"><h1>Vitrine</h1><p>A demo storefront. Switch the backend in the debug bar to compare drivers.</p></section><section><h2>Best sellers</h2>{}</section></div>",
        listing::grid(best_sellers)
    )
}

/// The search page (`SearchPage`): its heading, then its count, orders and first results,
/// or that none match.
pub(crate) fn search(words: &str, found: &ProductPage, here: &Address<'_>) -> String {
    let words = escape(words);
    let results = if found.total_count == 0 {
        format!("<p class=\"listing-empty\">No products match “{words}”.</p>")
    } else {
        format!("{}{}", listing::count(found.total_count), listing::results(found, here, SortLabels::Search))
    };
    format!(
        "<section class=\"listing-page\" aria-labelledby=\"listing-heading\"><h1 id=\"listing-heading\">Results for “{words}”</h1>{results}</section>"
    )
}

/// A category (`CategoryPage`): breadcrumbs, heading, count, description, children,
/// orders and first cards.
fn category(c: &CategoryPage, here: &Address<'_>) -> String {
    let name = &c.category.name;
    let description = c
        .category
        .description
        .as_deref()
        .filter(|d| !d.is_empty())
        .map(|d| format!("<div class=\"category-description\">{d}</div>"))
        .unwrap_or_default();
    let products = if c.listing.total_count == 0 {
        "<p class=\"listing-empty\">There are no products in this category yet.</p>".to_owned()
    } else {
        listing::results(&c.listing, here, SortLabels::Category)
    };
    format!(
        "<section class=\"listing-page\" aria-labelledby=\"listing-heading\">{}<h1 id=\"listing-heading\">{}</h1>{}{description}{}{products}</section>",
        listing::breadcrumbs(&c.category.breadcrumbs, name),
        escape(name),
        listing::count(c.listing.total_count),
        listing::children(name, &c.category.children),
    )
}

/// A product, category or content page's main content (`ProductView`, `CategoryPage`,
/// `ContentPage`); nothing for any other answer.
pub(crate) fn page(parts: &PageData, here: &Address<'_>) -> Option<String> {
    if let Some(p) = parts.product.as_ref().and_then(|r| r.products.first()) {
        let brand =
            p.brand.as_deref().map(|b| format!("<p class=\"product-brand\">{}</p>", escape(b))).unwrap_or_default();
        return Some(format!(
            "<article class=\"product\"><div class=\"product-media\">{}</div><div class=\"product-info\">{brand}<h1 class=\"product-name\">{}</h1></div></article>",
            image(p.thumbnail.as_ref(), &p.name, PRODUCT_IMAGE, true),
            escape(&p.name)
        ));
    }
    if let Some(c) = &parts.category {
        return Some(category(c, here));
    }
    parts.content.as_ref().map(|c| {
        format!(
            "<article class=\"content-page\"><h1>{}</h1><div class=\"content-body\">{}</div></article>",
            escape(&c.title),
            c.content
        )
    })
}

#[cfg(test)]
mod tests;
