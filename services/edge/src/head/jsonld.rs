//! schema.org structured data (JSON-LD), the one builder: the edge writes it
//! into a page's head and hands the same objects to the SPA in `/api/page`'s `head`.
//! Pure functions of the public shapes; every url they write is absolute.

use serde_json::{Value, json};

use crate::dto::{Breadcrumb, Product, ProductPage, Variant};
use crate::spa_addresses::encode_component;

const CONTEXT: &str = "https://schema.org";

/// Rating value is rating_summary / 100 × 5, to 2 significant digits (as
/// JavaScript's `toPrecision(2)` writes it: "4.0", "0.65").
pub(crate) fn rating_value(summary: f64) -> String {
    let v = summary / 100.0 * 5.0;
    if v == 0.0 || !v.is_finite() {
        return "0.0".to_owned();
    }
    // Digits after the point for 2 significant ones; `v` is at most a few hundred.
    #[allow(clippy::cast_possible_truncation)]
    let magnitude = v.abs().log10().floor() as i32;
    format!("{:.*}", usize::try_from(1 - magnitude).unwrap_or(0), v)
}

/// A product's structured data: a Product (the spec's "Structured data is produced for a
/// product"), or, when the shopper picks among variants, a ProductGroup whose
/// `hasVariant` holds one Product with its Offer per variant. `image` is the product's
/// picture as an absolute url; `absolute_image` makes one of a variant's own picture.
pub(crate) fn product(
    p: &Product,
    page_url: &str,
    image: Option<&str>,
    absolute_image: impl Fn(&str) -> String,
) -> Value {
    if p.options.is_empty() || p.variants.len() < 2 {
        return single(p, page_url, image);
    }
    let mut data = described(p, "ProductGroup", page_url, None, image);
    // The parent's SKU names the group; a backend that gives a product its first
    // variant's SKU would name the group after one of its members: the id then.
    let own_sku =
        p.sku.as_deref().filter(|s| !s.is_empty() && !p.variants.iter().any(|v| v.sku.as_deref() == Some(*s)));
    data["productGroupID"] = json!(own_sku.unwrap_or(&p.id));
    let varies: Vec<String> =
        p.options.iter().filter_map(|o| varies_by(&o.name)).map(|v| format!("{CONTEXT}/{v}")).collect();
    if !varies.is_empty() {
        data["variesBy"] = json!(varies);
    }
    let variants = p.variants.iter().map(|v| variant(p, v, page_url, image, &absolute_image)).collect::<Vec<_>>();
    data["hasVariant"] = json!(variants);
    rated(&mut data, p);
    data
}

/// A product sold as it is: a Product with an Offer at the price the page shows.
fn single(p: &Product, page_url: &str, image: Option<&str>) -> Value {
    let mut data = described(p, "Product", page_url, p.sku.as_deref(), image);
    if let Some(offer) = offer(p.paid_price, p.in_stock, p.currency.as_deref(), page_url) {
        data["offers"] = offer;
    }
    rated(&mut data, p);
    data
}

/// What a Product and a ProductGroup both say: name, url, SKU, image, description, brand.
fn described(p: &Product, kind: &str, page_url: &str, sku: Option<&str>, image: Option<&str>) -> Value {
    let mut data = json!({ "@context": CONTEXT, "@type": kind, "name": p.name, "url": page_url });
    if let Some(sku) = sku.filter(|s| !s.is_empty()) {
        data["sku"] = json!(sku);
    }
    if let Some(image) = image {
        data["image"] = json!(image);
    }
    if let Some(description) = p.meta_description.as_deref().filter(|d| !d.is_empty()) {
        data["description"] = json!(description);
    }
    if let Some(brand) = p.brand.as_deref().filter(|b| !b.is_empty()) {
        data["brand"] = json!({ "@type": "Brand", "name": brand });
    }
    data
}

/// An AggregateRating, only when there are reviews.
fn rated(data: &mut Value, p: &Product) {
    if let (Some(count), Some(summary)) = (p.review_count.filter(|c| *c > 0), p.rating_summary) {
        data["aggregateRating"] =
            json!({ "@type": "AggregateRating", "ratingValue": rating_value(summary), "reviewCount": count });
    }
}

/// One variant of a group: a Product named by its values, with the group's properties it
/// varies by, its own picture (else the group's), and its Offer at its own url.
fn variant(
    p: &Product,
    v: &Variant,
    page_url: &str,
    image: Option<&str>,
    absolute_image: &impl Fn(&str) -> String,
) -> Value {
    let values: Vec<&str> = v.selected.iter().map(|s| s.value.as_str()).collect();
    let url = format!("{page_url}?variant={}", encode_component(&v.id));
    let name = if values.is_empty() { p.name.clone() } else { format!("{} ({})", p.name, values.join(", ")) };
    let mut data = json!({ "@type": "Product", "name": name, "url": url });
    if let Some(sku) = v.sku.as_deref().filter(|s| !s.is_empty()) {
        data["sku"] = json!(sku);
    }
    let own = v.image.as_ref().map(|i| i.url.as_str()).filter(|u| !u.is_empty()).map(absolute_image);
    if let Some(image) = own.as_deref().or(image) {
        data["image"] = json!(image);
    }
    for chosen in &v.selected {
        if let Some(property) = varies_by(&chosen.name) {
            data[property] = json!(chosen.value);
        }
    }
    if let Some(offer) = offer(v.paid_price, v.in_stock, p.currency.as_deref(), &url) {
        data["offers"] = offer;
    }
    data
}

/// An Offer at the price the page shows as paid, in stock unless said otherwise.
fn offer(paid: Option<f64>, in_stock: Option<bool>, currency: Option<&str>, url: &str) -> Option<Value> {
    let price = paid.filter(|p| p.is_finite())?;
    let availability = if in_stock == Some(false) { "OutOfStock" } else { "InStock" };
    Some(json!({
        "@type": "Offer",
        // What the page shows as paid: a search engine flags an Offer whose price differs
        // from the visible one.
        "price": price,
        "priceCurrency": currency.unwrap_or("USD"),
        "availability": format!("{CONTEXT}/{availability}"),
        "url": url,
    }))
}

/// The schema.org property a ProductGroup may vary by (Google accepts only these) that an
/// option's name stands for; `None` for any other option, which `variesBy` leaves out.
fn varies_by(option: &str) -> Option<&'static str> {
    match option.trim().to_lowercase().as_str() {
        "size" | "shoe size" | "clothing size" => Some("size"),
        "color" | "colour" => Some("color"),
        "material" | "fabric" => Some("material"),
        "pattern" | "print" => Some("pattern"),
        "age" | "age group" | "suggested age" => Some("suggestedAge"),
        "gender" | "suggested gender" => Some("suggestedGender"),
        _ => None,
    }
}

/// A BreadcrumbList: Home, the ancestors from the top down, then the page itself,
/// numbered from 1.
pub(crate) fn breadcrumbs(origin: &str, trail: &[Breadcrumb], name: &str, page_url: &str) -> Value {
    let home = format!("{origin}/");
    let items = std::iter::once(("Home", home))
        .chain(trail.iter().map(|b| (b.name.as_str(), format!("{origin}{}", b.url))))
        .chain(std::iter::once((name, page_url.to_owned())))
        .enumerate()
        .map(|(i, (name, url))| json!({ "@type": "ListItem", "position": i + 1, "name": name, "item": url }))
        .collect::<Vec<_>>();
    json!({ "@context": CONTEXT, "@type": "BreadcrumbList", "itemListElement": items })
}

/// A CollectionPage whose main entity is an ItemList of the page's products, numbered
/// from their place in the whole listing (page 2 of 24 a page starts at 25).
pub(crate) fn collection(origin: &str, name: &str, page_url: &str, listing: &ProductPage) -> Value {
    let first = u64::from(listing.page.saturating_sub(1)) * u64::from(listing.page_size);
    let items = (first + 1..)
        .zip(&listing.products)
        .map(|(position, p)| {
            json!({ "@type": "ListItem", "position": position, "url": format!("{origin}{}", p.url), "name": p.name })
        })
        .collect::<Vec<_>>();
    json!({
        "@context": CONTEXT,
        "@type": "CollectionPage",
        "name": name,
        "url": page_url,
        "mainEntity": { "@type": "ItemList", "numberOfItems": listing.total_count, "itemListElement": items },
    })
}

/// The home page's WebSite, whose SearchAction is the search page.
pub(crate) fn website(origin: &str, name: &str) -> Value {
    json!({
        "@context": CONTEXT,
        "@type": "WebSite",
        "name": name,
        "url": format!("{origin}/"),
        "potentialAction": {
            "@type": "SearchAction",
            "target": { "@type": "EntryPoint", "urlTemplate": format!("{origin}/search?q={{search_term_string}}") },
            "query-input": "required name=search_term_string",
        },
    })
}

#[cfg(test)]
mod tests;
