//! Pure fake-store rules.

use vitrine_domain::{paths, route};
use vitrine_proto::v1::{Image, Product, RouteResolution};

use super::models::{FakeStoreId, FakeStoreProduct};

fn id_text(id: &FakeStoreId) -> String {
    match id {
        FakeStoreId::Number(n) => n.to_string(),
        FakeStoreId::Text(s) => s.clone(),
    }
}

/// Plain text → one escaped paragraph (the description field is HTML in the model).
fn paragraph(text: &str) -> String {
    let escaped = text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    format!("<p>{escaped}</p>")
}

/// spec §2: the fake store uses `/product/{id}`.
#[must_use]
pub fn product(p: &FakeStoreProduct) -> Product {
    let id = id_text(&p.id);
    let image = p.image.as_ref().filter(|u| !u.is_empty()).map(|url| Image {
        id: format!("{id}-0"),
        url: url.clone(),
        label: p.title.clone(),
    });
    Product {
        url: format!("/product/{id}"),
        r#type: "simple".to_owned(),
        name: p.title.clone(),
        thumbnail: image.clone(),
        images: image.into_iter().collect(),
        price: p.price,
        description: p.description.as_deref().filter(|d| !d.is_empty()).map(paragraph),
        short_description: p.category.clone(),
        meta_title: Some(p.title.clone()),
        meta_description: p.description.clone(),
        currency: Some("USD".to_owned()),
        in_stock: Some(true),
        id,
        ..Product::default()
    }
}

/// The id of a `/product/{id}` path (an extension is allowed), if it is one.
#[must_use]
pub fn product_id(url: &str) -> Option<&str> {
    let rest = url.strip_prefix('/').unwrap_or(url).strip_prefix("product/")?;
    let id = paths::strip_extension(rest);
    (!id.is_empty() && !id.contains('/') && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
        .then_some(id)
}

/// The resolution of `url` given the product found there (if any).
#[must_use]
pub fn resolution(url: &str, found: Option<&Product>) -> RouteResolution {
    found.map_or_else(route::not_found, |p| route::product(&p.id, url))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> FakeStoreProduct {
        serde_json::from_str(json).expect("parses")
    }

    #[test]
    fn products_map_to_the_model() {
        let p = product(&parse(include_str!("testdata/product.json")));
        assert_eq!((p.id.as_str(), p.url.as_str(), p.name.as_str()), ("1", "/product/1", "Fjallraven Backpack"));
        assert_eq!(p.price, Some(109.95));
        assert_eq!(p.thumbnail.as_ref().map(|t| t.label.as_str()), Some("Fjallraven Backpack"));
        assert_eq!(p.images.len(), 1);
        assert_eq!(p.description.as_deref(), Some("<p>Your perfect pack &lt;for&gt; everyday use.</p>"));
        assert_eq!(p.short_description.as_deref(), Some("men's clothing"));
        let bare = product(&parse(r#"{"id": "x9", "title": "T"}"#));
        assert_eq!((bare.id.as_str(), bare.thumbnail, bare.description, bare.price), ("x9", None, None, None));
    }

    #[test]
    fn product_paths() {
        for (url, id) in [
            ("/product/1", Some("1")),
            ("/product/12.html", Some("12")),
            ("product/7", Some("7")),
            ("/product/", None),
            ("/product/a/b", None),
            ("/products/1", None),
            ("/product/..", None),
            ("/1", None),
        ] {
            assert_eq!(product_id(url), id, "{url}");
        }
    }
}
