//! A page's first paint, in the HTML itself (issue 12): the page's main content as the
//! SPA lays it out (same elements and classes, so the same boxes), written inside the
//! root element. The browser paints it before any script runs, and a crawler that runs
//! none reads it; React replaces it whole on its first render (a root's first render
//! clears its container), with the same content from the same inlined data, so nothing
//! visible moves and the largest element is already painted. Pure.

use serde::Deserialize;

use super::request::image_sources;
use crate::markup::escape;

/// How many product cards the first paint shows: the first screen's.
const CARDS: usize = 4;
/// The boxes, in CSS pixels, of a product page's image and a card's (`ProductView`,
/// `ProductCard`).
pub(crate) const PRODUCT_IMAGE: u32 = 560;
pub(crate) const CARD_IMAGE: u32 = 240;

#[derive(Deserialize)]
pub(crate) struct Thumbnail {
    url: String,
    #[serde(default)]
    label: String,
}

/// What a product card shows before the SPA renders it.
#[derive(Deserialize)]
pub(crate) struct Card {
    url: String,
    name: String,
    thumbnail: Option<Thumbnail>,
    brand: Option<String>,
}

/// A list of products: a product answer (`{id, products}`) or a listing's page.
#[derive(Deserialize)]
pub(crate) struct Products {
    pub(crate) products: Vec<Card>,
}

#[derive(Deserialize)]
struct CategoryName {
    name: String,
    description: Option<String>,
}

#[derive(Deserialize)]
struct Listing {
    category: CategoryName,
    listing: Products,
}

#[derive(Deserialize)]
struct Content {
    title: String,
    /// Sanitised by the adapter, as the SPA renders it.
    content: String,
}

impl Card {
    /// The backend's url of the card's image, if it has one.
    pub(crate) fn image_url(&self) -> Option<String> {
        self.thumbnail.as_ref().map(|t| t.url.clone()).filter(|u| !u.is_empty())
    }
}

/// The parts of an `/api/page` answer its first paint shows.
#[derive(Deserialize)]
pub(crate) struct PageParts {
    product: Option<Products>,
    category: Option<Listing>,
    content: Option<Content>,
}

/// The SPA's `ProductImage`: the image service's sizes of `src`, in a box of `size`.
fn image(thumbnail: Option<&Thumbnail>, alt: &str, size: u32, first: bool) -> String {
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

/// The first cards of a grid (`ProductGrid`), names and images; prices come with the SPA.
fn grid(cards: &[Card]) -> String {
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
    format!("<ul class=\"product-grid\">{items}</ul>")
}

/// The navigation bar's box, with the store's name (the menu comes with the SPA).
const NAVBAR: &str =
    "<header class=\"navbar\"><div class=\"navbar-inner\"><a href=\"/\" class=\"brand\">Vitrine</a></div></header>";

fn in_page(main: &str) -> String {
    format!("{NAVBAR}<main class=\"page\">{main}</main>")
}

/// The home page: its introduction and the best sellers (`Home`).
pub(crate) fn home(best_sellers: &[Card]) -> String {
    in_page(&format!(
        "<div class=\"home\"><section class=\"hero\"><h1>Vitrine</h1><p>A demo storefront. Switch the backend in the debug bar to compare drivers.</p></section><section><h2>Best sellers</h2>{}</section></div>",
        grid(best_sellers)
    ))
}

/// The search page (`SearchPage`): its heading and first results, or that none match.
pub(crate) fn search(words: &str, found: &Products) -> String {
    let words = escape(words);
    let results = if found.products.is_empty() {
        format!("<p class=\"listing-empty\">No products match “{words}”.</p>")
    } else {
        grid(&found.products)
    };
    in_page(&format!(
        "<section class=\"listing-page\"><h1 id=\"listing-heading\">Results for “{words}”</h1>{results}</section>"
    ))
}

/// A product, category or content page (`ProductView`, `CategoryPage`, `ContentPage`);
/// nothing for any other answer.
pub(crate) fn page(parts: &PageParts) -> Option<String> {
    if let Some(p) = parts.product.as_ref().and_then(|r| r.products.first()) {
        let brand =
            p.brand.as_deref().map(|b| format!("<p class=\"product-brand\">{}</p>", escape(b))).unwrap_or_default();
        return Some(in_page(&format!(
            "<article class=\"product\"><div class=\"product-media\">{}</div><div class=\"product-info\">{brand}<h1 class=\"product-name\">{}</h1></div></article>",
            image(p.thumbnail.as_ref(), &p.name, PRODUCT_IMAGE, true),
            escape(&p.name)
        )));
    }
    if let Some(c) = &parts.category {
        let description = c
            .category
            .description
            .as_deref()
            .map(|d| format!("<div class=\"category-description\">{d}</div>"))
            .unwrap_or_default();
        return Some(in_page(&format!(
            "<section class=\"listing-page\"><h1 id=\"listing-heading\">{}</h1>{description}{}</section>",
            escape(&c.category.name),
            grid(&c.listing.products)
        )));
    }
    parts.content.as_ref().map(|c| {
        in_page(&format!(
            "<article class=\"content-page\"><h1>{}</h1><div class=\"content-body\">{}</div></article>",
            escape(&c.title),
            c.content
        ))
    })
}

#[cfg(test)]
mod tests;
