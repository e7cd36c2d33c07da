//! A page's head, built once by the edge, below both the API and the pages
//! it writes: `/api/page` and `/api/head/*` answer it, and the written page carries it.
//! Pure.
//!
//! - this file: what the head says, from the data the page shows.
//! - [`jsonld`]: schema.org structured data, the one builder.
//! - [`tags`]: the head's HTML tags, the one writer.

pub(crate) mod jsonld;
mod tags;

pub(crate) use tags::{script_safe, tags};
use vitrine_domain::listing;

use crate::dto::{HeadAnswer, Outcome, PageData, PageHead};
use crate::spa_addresses::{encode_component, table};

pub(crate) const SITE_NAME: &str = "Vitrine";
/// The description of pages without one of their own (the shell's own description).
pub(crate) const SITE_DESCRIPTION: &str =
    "Vitrine: a demo storefront whose catalogue, menu and routes come from switchable commerce backends.";
/// The width of the link-preview image (the image service's largest).
const PREVIEW_WIDTH: u32 = 768;

/// A link preview's picture: the image service's largest rendering of `source`, absolute.
pub(crate) fn preview_image(origin: &str, source: &str) -> String {
    format!("{origin}{}", table().image_path(source, PREVIEW_WIDTH))
}

/// The first of `candidates` with some text.
fn first_text<'a>(candidates: impl IntoIterator<Item = Option<&'a str>>) -> Option<&'a str> {
    candidates.into_iter().flatten().map(str::trim).find(|s| !s.is_empty())
}

/// The page's own address: its path, and its page number past the first (the order is
/// a view of the same page, so it is left out).
fn canonical(origin: &str, path: &str, page: u32) -> String {
    if page > 1 { format!("{origin}{path}?page={page}") } else { format!("{origin}{path}") }
}

/// A head with nothing but a title, a description and the page's address.
fn plain(title: String, description: Option<&str>, canonical: String) -> PageHead {
    PageHead {
        title,
        description: Some(description.unwrap_or(SITE_DESCRIPTION).to_owned()),
        canonical,
        og_type: "website".to_owned(),
        image: None,
        json_ld: Vec::new(),
        lcp_image: None,
        noindex: false,
    }
}

/// The head of the page at `path` (joined segments), `page` of its listing. The title
/// is the spec's: the lookup's SEO title, else the page's own name.
pub(crate) fn for_page(data: &PageData, origin: &str, path: &str, page: u32) -> PageHead {
    let url = canonical(origin, path, page);
    if data.resolution.outcome != Outcome::Match || data.failure.is_some() {
        return plain(SITE_NAME.to_owned(), None, url);
    }
    let seo = data.resolution.data.as_ref();
    let seo_title = seo.and_then(|d| d.title.as_deref());
    let seo_description = seo.and_then(|d| d.meta_description.as_deref());
    if let Some(product) = data.product.as_ref().and_then(|r| r.products.first()) {
        let title = first_text([seo_title, product.meta_title.as_deref(), Some(&product.name)]).unwrap_or(SITE_NAME);
        let description = first_text([seo_description, product.meta_description.as_deref()]);
        let source = product.thumbnail.as_ref().map(|t| t.url.clone()).filter(|u| !u.is_empty());
        let preview = |s: &str| preview_image(origin, s);
        let image = source.as_deref().map(preview);
        let name = product.name.as_str();
        let json_ld = vec![
            jsonld::product(product, &url, image.as_deref(), preview),
            jsonld::breadcrumbs(origin, &[], name, &url),
        ];
        return PageHead {
            og_type: "product".to_owned(),
            image,
            json_ld,
            lcp_image: source,
            ..plain(title.to_owned(), description, url)
        };
    }
    if let Some(page_data) = &data.category {
        let category = &page_data.category;
        let title = first_text([seo_title, category.meta_title.as_deref(), Some(&category.name)]).unwrap_or(SITE_NAME);
        let description = first_text([seo_description, category.meta_description.as_deref()]);
        let first = page_data.listing.products.first().and_then(|p| p.thumbnail.as_ref()).map(|t| t.url.clone());
        let json_ld = vec![
            jsonld::collection(origin, &category.name, &url, &page_data.listing),
            jsonld::breadcrumbs(origin, &category.breadcrumbs, &category.name, &url),
        ];
        let image = first.as_deref().filter(|u| !u.is_empty()).map(|s| preview_image(origin, s));
        return PageHead {
            image,
            json_ld,
            lcp_image: first.filter(|u| !u.is_empty()),
            ..plain(title.to_owned(), description, url)
        };
    }
    if let Some(content) = &data.content {
        let title = first_text([seo_title, content.meta_title.as_deref(), Some(&content.title)]).unwrap_or(SITE_NAME);
        let description = first_text([seo_description, content.meta_description.as_deref()]);
        return plain(title.to_owned(), description, url);
    }
    plain(SITE_NAME.to_owned(), None, url)
}

/// The head of a page whose lookup failed: the site's, at the page's address.
pub(crate) fn failed(origin: &str, path: &str) -> PageHead {
    plain(SITE_NAME.to_owned(), None, canonical(origin, path, 1))
}

/// The home page's head: the site, searchable from its search page.
pub(crate) fn home(origin: &str) -> PageHead {
    PageHead {
        json_ld: vec![jsonld::website(origin, SITE_NAME)],
        ..plain(SITE_NAME.to_owned(), None, format!("{origin}/"))
    }
}

/// A head with its tags, as the API answers a page's head alone.
pub(crate) fn answer(head: PageHead) -> HeadAnswer {
    HeadAnswer { head_html: tags(&head), head }
}

/// The search page's head: its title is the search page's only one.
pub(crate) fn search(origin: &str, words: Option<&str>, page: u32) -> PageHead {
    let title = words.map_or_else(|| format!("Search | {SITE_NAME}"), |q| format!("Search: {q} | {SITE_NAME}"));
    let table = table();
    let (path, words_param) = (&table.search_page.path, &table.search_page.words);
    let address = words.map_or_else(
        || format!("{origin}{path}"),
        |q| {
            let page = if page > 1 && page <= listing::MAX_PAGE {
                format!("&{}={page}", table.page_param())
            } else {
                String::new()
            };
            format!("{origin}{path}?{words_param}={}{page}", encode_component(q))
        },
    );
    plain(title, None, address)
}

/// The head of one of the SPA's own pages (the cart, the backends compared, the checkout,
/// an order's page), which search engines are asked not to index where the address table
/// says so (the written page also says so in `X-Robots-Tag`).
pub(crate) fn own(page: crate::spa_routes::Own, origin: &str) -> PageHead {
    PageHead {
        noindex: page.noindex(),
        ..plain(page.title().to_owned(), None, format!("{origin}{}", page.canonical()))
    }
}

#[cfg(test)]
mod tests;
