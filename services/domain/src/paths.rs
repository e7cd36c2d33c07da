//! URL path rules shared by every backend.

/// "the joined URL path segments of the current route ('/' when empty)".
/// Empty segments are dropped, so `//a///b/` becomes `/a/b`; query and fragment go.
#[must_use]
pub fn join_segments(path: &str) -> String {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let joined: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    format!("/{}", joined.join("/"))
}

/// The slug of a `/products/{slug}` path, optionally with a file extension.
/// `None` for any other shape (`/products`, `/products/a/b`, `/collections/x`).
#[must_use]
pub fn product_slug(path: &str) -> Option<&str> {
    let rest = path.strip_prefix('/').unwrap_or(path).strip_prefix("products/")?;
    if rest.is_empty() || rest.contains('/') {
        return None;
    }
    Some(strip_extension(rest))
}

/// The handle of a `/{kind}/{handle}` path (Shopify's `/collections/x`, the content
/// pages' `/pages/x`); any other shape is `None`.
#[must_use]
pub fn resource_handle<'a>(url: &'a str, kind: &str) -> Option<&'a str> {
    let rest = url.strip_prefix('/').unwrap_or(url).strip_prefix(kind)?.strip_prefix('/')?;
    (!rest.is_empty() && !rest.contains('/')).then_some(rest)
}

/// A link a backend gives is used only when it is a path on this site: `/`
/// then anything but `/` or `\` (to a browser `//host` and `/\host` are another host),
/// and no control character (browsers drop tabs and newlines, so `/\t/host` is `//host`).
/// `https://…`, `javascript:…` and relative paths fail the first rule. `/` alone is home.
#[must_use]
pub fn is_local_path(url: &str) -> bool {
    let mut chars = url.chars();
    chars.next() == Some('/') && !matches!(chars.next(), Some('/' | '\\')) && !url.chars().any(char::is_control)
}

/// `name.ext` → `name`; a leading dot is not an extension (`.html` stays).
#[must_use]
pub fn strip_extension(segment: &str) -> &str {
    match segment.rfind('.') {
        Some(i) if i > 0 => &segment[..i],
        _ => segment,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_segments_normalises() {
        for (input, expected) in [
            ("", "/"),
            ("/", "/"),
            ("1001", "/1001"),
            ("/1001", "/1001"),
            ("//a///b/", "/a/b"),
            ("/products/x.html?v=1#top", "/products/x.html"),
        ] {
            assert_eq!(join_segments(input), expected, "input {input:?}");
        }
    }

    #[test]
    fn only_paths_on_this_site_are_local() {
        for (url, local) in [
            ("/", true),
            ("/1001", true),
            ("/products/blue-shirt.html", true),
            ("/category/men's clothing", true),
            ("/a//b", true),
            ("/https://evil.example", true),
            ("", false),
            ("1001", false),
            ("//evil.example", false),
            ("/\\evil.example", false),
            ("\\\\evil.example", false),
            ("https://evil.example/x", false),
            ("javascript:alert(1)", false),
            ("/\t/evil.example", false),
            ("/a\nb", false),
        ] {
            assert_eq!(is_local_path(url), local, "{url:?}");
        }
    }

    #[test]
    fn product_slug_matches_spec_shapes() {
        for (input, expected) in [
            ("/products/blue-shirt", Some("blue-shirt")),
            ("/products/blue-shirt.html", Some("blue-shirt")),
            ("products/x.y.html", Some("x.y")),
            ("/products/.html", Some(".html")),
            ("/products", None),
            ("/products/", None),
            ("/products/a/b", None),
            ("/collections/x", None),
            ("/1001", None),
        ] {
            assert_eq!(product_slug(input), expected, "input {input:?}");
        }
    }

    #[test]
    fn resource_handles_take_one_segment_of_their_kind() {
        for (url, kind, expected) in [
            ("/collections/snowboards", "collections", Some("snowboards")),
            ("collections/snowboards", "collections", Some("snowboards")),
            ("/pages/about", "pages", Some("about")),
            ("/pages/about", "collections", None),
            ("/collections", "collections", None),
            ("/collections/", "collections", None),
            ("/collections/a/b", "collections", None),
            ("/collectionsx/a", "collections", None),
        ] {
            assert_eq!(resource_handle(url, kind), expected, "{url} as {kind}");
        }
    }
}
