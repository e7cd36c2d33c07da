//! Pure Shopify → normalised transforms (spec §3, §9: only the first image per product).

use vitrine_domain::{paths, route};
use vitrine_proto::v1::{Image, NavigationNode, Product, RouteResolution};

use super::models::{ShopifyMenu, ShopifyMenuItem, ShopifyProduct};

/// `gid://shopify/Product/123` → `123`.
#[must_use]
pub fn numeric_id(gid: &str) -> &str {
    gid.rsplit('/').next().unwrap_or(gid)
}

/// spec §7: a product id sent as the global id of kind Product.
#[must_use]
pub fn product_gid(id: &str) -> String {
    if id.starts_with("gid://") { id.to_owned() } else { format!("gid://shopify/Product/{id}") }
}

fn paragraph(text: &str) -> String {
    format!("<p>{}</p>", text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;"))
}

#[must_use]
pub fn product(p: &ShopifyProduct) -> Product {
    let name = p.title.clone().unwrap_or_default();
    let max = p.price_range.as_ref().and_then(|r| r.max_variant_price.as_ref());
    let first = p.images.as_ref().and_then(|i| i.nodes.first()).and_then(|i| {
        Some(Image {
            id: i.id.clone().unwrap_or_default(),
            url: i.url.clone()?,
            label: i.alt_text.clone().filter(|a| !a.is_empty()).unwrap_or_else(|| name.clone()),
        })
    });
    Product {
        id: numeric_id(p.id.as_deref().unwrap_or_default()).to_owned(),
        r#type: "simple".to_owned(),
        url: format!("/products/{}", p.handle.as_deref().unwrap_or_default()),
        canonical_url: p.online_store_url.clone(),
        thumbnail: first.clone(),
        images: first.into_iter().collect(),
        price: max.and_then(|m| m.amount.as_deref()).and_then(|a| a.parse().ok()),
        currency: max.and_then(|m| m.currency_code.clone()),
        in_stock: p.available_for_sale,
        description: p.description.as_deref().filter(|d| !d.is_empty()).map(paragraph),
        meta_title: p.seo.as_ref().and_then(|s| s.title.clone()),
        meta_description: p.seo.as_ref().and_then(|s| s.description.clone()),
        name,
        ..Product::default()
    }
}

/// spec §2: collections, products and pages have their own paths; any other type is
/// `/{lowercased type}s/{handle}`. Items without a resource (frontpage, links) keep the
/// path of their own url.
#[must_use]
pub fn menu_url(item: &ShopifyMenuItem) -> String {
    let handle = item.resource.as_ref().and_then(|r| r.handle.as_deref());
    match (item.kind.as_deref(), handle) {
        (Some("COLLECTION"), Some(h)) => format!("/collections/{h}"),
        (Some("PRODUCT"), Some(h)) => format!("/products/{h}"),
        (Some("PAGE"), Some(h)) => format!("/pages/{h}"),
        (Some(kind), Some(h)) => format!("/{}s/{h}", kind.to_lowercase()),
        _ => item
            .url
            .as_deref()
            .and_then(|u| {
                u.split_once("://").map(|(_, rest)| rest).and_then(|r| r.find('/').map(|i| r[i..].to_owned()))
            })
            .unwrap_or_else(|| "/".to_owned()),
    }
}

fn node(item: &ShopifyMenuItem) -> NavigationNode {
    let children: Vec<NavigationNode> = item.items.iter().flatten().map(node).collect();
    NavigationNode {
        id: item.id.clone().unwrap_or_default(),
        url: menu_url(item),
        name: item.title.clone().unwrap_or_default(),
        total_products: 0,
        children_count: i32::try_from(children.len()).unwrap_or(i32::MAX),
        breadcrumbs: Vec::new(),
        children,
    }
}

/// The menu as the navigation tree: its items are the root's children.
#[must_use]
pub fn navigation(menu: &ShopifyMenu) -> NavigationNode {
    let children: Vec<NavigationNode> = menu.items.iter().map(node).collect();
    NavigationNode {
        id: menu.id.clone().unwrap_or_default(),
        url: "/".to_owned(),
        name: menu.title.clone().unwrap_or_default(),
        total_products: 0,
        children_count: i32::try_from(children.len()).unwrap_or(i32::MAX),
        breadcrumbs: Vec::new(),
        children,
    }
}

/// The handle of a `/products/{handle}[.ext]` path.
#[must_use]
pub fn handle(url: &str) -> Option<&str> {
    paths::product_slug(url)
}

/// A product route: found → PRODUCT with the numeric id; otherwise not found.
#[must_use]
pub fn resolution(url: &str, found: Option<&ShopifyProduct>) -> RouteResolution {
    found.map_or_else(route::not_found, |p| route::product(numeric_id(p.id.as_deref().unwrap_or_default()), url))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn item(kind: &str, handle: Option<&str>, url: &str) -> ShopifyMenuItem {
        serde_json::from_value(json!({"type": kind, "resource": handle.map(|h| json!({"handle": h})), "url": url}))
            .unwrap_or_default()
    }

    #[test]
    fn menu_urls_follow_spec_section_2() {
        for (kind, handle, url, expected) in [
            ("COLLECTION", Some("shoes"), "https://s.test/collections/shoes", "/collections/shoes"),
            ("PRODUCT", Some("cap"), "", "/products/cap"),
            ("PAGE", Some("about"), "", "/pages/about"),
            ("BLOG", Some("news"), "", "/blogs/news"),
            ("ARTICLE", Some("hello"), "", "/articles/hello"),
            ("SHOP_POLICY", Some("refunds"), "", "/shop_policys/refunds"),
            ("FRONTPAGE", None, "https://s.test/", "/"),
            ("HTTP", None, "https://s.test/search?q=x", "/search?q=x"),
        ] {
            assert_eq!(menu_url(&item(kind, handle, url)), expected, "{kind}");
        }
    }

    #[test]
    fn products_take_the_first_image_and_the_price_range() {
        let p: ShopifyProduct = serde_json::from_str(include_str!("testdata/product.json")).expect("parses");
        let n = product(&p);
        assert_eq!(
            (n.id.as_str(), n.url.as_str(), n.name.as_str()),
            ("7982853619939", "/products/hydrogen-cap", "Hydrogen Cap")
        );
        assert_eq!((n.price, n.currency.as_deref(), n.in_stock), (Some(29.5), Some("CAD"), Some(true)));
        assert_eq!(n.images.len(), 1);
        assert_eq!(n.thumbnail.map(|t| t.label), Some("Hydrogen Cap".to_owned()), "no alt text: the title");
        assert_eq!(n.description.as_deref(), Some("<p>A cap &amp; a visor.</p>"));
        assert_eq!(product_gid("7982853619939"), "gid://shopify/Product/7982853619939");
        assert_eq!(product_gid("gid://shopify/Product/1"), "gid://shopify/Product/1");
    }

    #[test]
    fn routes_resolve_product_handles_only() {
        for (url, h) in [
            ("/products/hydrogen-cap", Some("hydrogen-cap")),
            ("/products/x.html", Some("x")),
            ("/collections/x", None),
            ("/products", None),
        ] {
            assert_eq!(handle(url), h, "{url}");
        }
        let p = ShopifyProduct { id: Some("gid://shopify/Product/9".into()), ..ShopifyProduct::default() };
        let r = resolution("/products/x", Some(&p));
        assert_eq!((r.id.as_deref(), r.url.as_deref(), r.code), (Some("9"), Some("products/x"), 200));
        assert_eq!(resolution("/products/x", None).code, 404);
    }
}
