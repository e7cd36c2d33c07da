//! The sitemaps protocol's two documents (sitemaps.org, schema 0.9): a `<sitemapindex>`
//! naming each page, and a page's `<urlset>`. Pure: paths and the origin in, text out.
//! `<loc>`s are absolute, percent-encoded where a path holds characters a URI may not
//! (the protocol asks for RFC 3986 URLs), then entity-escaped (`&` → `&amp;`...).

use std::fmt::Write as _;

use crate::markup::escape;

const NAMESPACE: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

/// The index listing `/sitemap-1.xml` … `/sitemap-{pages}.xml`.
pub(super) fn index(origin: &str, pages: usize) -> String {
    let mut out = format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"{NAMESPACE}\">\n");
    for n in 1..=pages {
        let _ = writeln!(out, "<sitemap><loc>{}</loc></sitemap>", loc(origin, &super::page_path(n)));
    }
    out.push_str("</sitemapindex>\n");
    out
}

/// One page: a `<url>` per path.
pub(super) fn urlset(origin: &str, paths: &[String]) -> String {
    let mut out = format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"{NAMESPACE}\">\n");
    for path in paths {
        let _ = writeln!(out, "<url><loc>{}</loc></url>", loc(origin, path));
    }
    out.push_str("</urlset>\n");
    out
}

/// `origin` + `path`, percent-encoded and escaped for XML text.
fn loc(origin: &str, path: &str) -> String {
    escape(&format!("{origin}{}", percent_encode(path)))
}

/// Bytes outside RFC 3986's unreserved and reserved characters (and `%`, already an
/// escape) as `%XX`: spaces, non-ASCII letters, quotes, `<`, `>`...
fn percent_encode(path: &str) -> String {
    const KEPT: &str = "-._~:/?#[]@!$&'()*+,;=%";
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || KEPT.as_bytes().contains(&byte) {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locs_are_absolute_encoded_and_escaped() {
        for (path, expected) in [
            ("/", "https://s.example/"),
            ("/1001", "https://s.example/1001"),
            ("/search?q=a&b=c", "https://s.example/search?q=a&amp;b=c"),
            ("/it's", "https://s.example/it&#39;s"),
            ("/a b", "https://s.example/a%20b"),
            ("/<script>\"x\"", "https://s.example/%3Cscript%3E%22x%22"),
            ("/café", "https://s.example/caf%C3%A9"),
            ("/already%20encoded", "https://s.example/already%20encoded"),
        ] {
            assert_eq!(loc("https://s.example", path), expected, "{path}");
        }
    }

    #[test]
    fn the_index_names_every_page_and_a_page_every_path() {
        let index = index("http://h.example", 2);
        assert!(index.contains("<loc>http://h.example/sitemap-1.xml</loc>"), "{index}");
        assert!(index.contains("<loc>http://h.example/sitemap-2.xml</loc>"), "{index}");
        assert_eq!(index.matches("<sitemap>").count(), 2, "{index}");
        let page = urlset("http://h.example", &["/".to_owned(), "/a&b".to_owned()]);
        assert!(page.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns="), "{page}");
        assert!(page.contains("<url><loc>http://h.example/a&amp;b</loc></url>"), "{page}");
        assert_eq!(page.matches("<url>").count(), 2, "{page}");
    }
}
