//! Pure rules of the in-memory backend.

use vitrine_domain::paths;
use vitrine_domain::route;
use vitrine_proto::v1::{Product, RouteResolution};

/// The mock API path that answers a product by url: `/products/{slug}[.ext]` asks by
/// slug, any other path (the mock's own `/{id}`) by the path itself. Each segment is
/// percent-encoded, and a path with a dot segment has no product (`None`), so visitor
/// input cannot step outside `/api/products/`. `url` is normalised (`paths::join_segments`).
#[must_use]
pub fn product_by_url_path(url: &str) -> Option<String> {
    let key = paths::product_slug(url).map_or_else(|| url.strip_prefix('/').unwrap_or(url).to_owned(), str::to_owned);
    let segments: Vec<&str> = key.split('/').collect();
    if segments.iter().any(|s| s.is_empty() || *s == "." || *s == "..") {
        return None;
    }
    let encoded: Vec<String> = segments.iter().map(|s| urlencoding::encode(s).into_owned()).collect();
    Some(format!("/api/products/{}", encoded.join("/")))
}

/// spec §2 route shapes: a product resolves at its own url (`/{id}`) and at
/// `/products/{id}` with an optional extension. Anything else is the not-found result.
/// The resolution's url has no leading slash, as the reference resolver's.
#[must_use]
pub fn resolve(products: &[Product], url: &str) -> RouteResolution {
    let slug = paths::product_slug(url);
    products
        .iter()
        .find(|p| p.url == url || slug.is_some_and(|s| s == p.id || s == p.url.trim_start_matches('/')))
        .map_or_else(route::not_found, |p| route::product(&p.id, url))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn products() -> Vec<Product> {
        ["1001", "1002"]
            .into_iter()
            .map(|id| Product { id: id.into(), url: format!("/{id}"), ..Product::default() })
            .collect()
    }

    #[test]
    fn resolves_product_urls_and_nothing_else() {
        let all = products();
        for (url, id, resolved_url) in [
            ("/1001", Some("1001"), Some("1001")),
            ("/products/1002", Some("1002"), Some("products/1002")),
            ("/products/1002.html", Some("1002"), Some("products/1002.html")),
            ("/1003", None, None),
            ("/no-such-thing", None, None),
            ("/products/a/1001", None, None),
            ("/", None, None),
        ] {
            let r = resolve(&all, url);
            assert_eq!(r.id.as_deref(), id, "url {url}");
            assert_eq!(r.url.as_deref(), resolved_url, "url {url}");
            let (kind, code) = if id.is_some() { (Some("PRODUCT"), 200) } else { (None, 404) };
            assert_eq!((r.r#type.as_deref(), r.code), (kind, code), "url {url}");
        }
    }

    #[test]
    fn by_url_paths_stay_under_products() {
        for (url, path) in [
            ("/1001", Some("/api/products/1001")),
            ("/products/1001.html", Some("/api/products/1001")),
            ("/a b", Some("/api/products/a%20b")),
            ("/a?b", Some("/api/products/a%3Fb")),
            ("/../commands/resetDb", None),
            ("/x/./y", None),
            ("/", None),
        ] {
            assert_eq!(product_by_url_path(url).as_deref(), path, "url {url}");
        }
    }
}
