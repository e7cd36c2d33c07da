//! The head's HTML tags, written once: into the page the edge serves (`crate::page::shell`)
//! and, as `head_html`, into the answers the SPA applies after a client-side navigation
//! (`/api/page`, `/api/head/*`). Everything is escaped: text and attributes for HTML,
//! JSON so that nothing in it can end its `<script>` element.

use std::fmt::Write as _;

use crate::dto::PageHead;
use crate::markup::escape;

/// The attribute on every tag the SPA replaces: the next page's swap removes exactly
/// the previous page's.
pub(crate) const MARK: &str = "data-head";

/// JSON safe inside a `<script>` element: `<`, `>` and `&` only ever occur in JSON
/// strings, where their `\u` escapes mean the same, so no `</script>` or `<!--` can
/// appear.
pub(crate) fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// The title, description, canonical link, OpenGraph and Twitter card tags and the
/// structured data. Each but the title is marked [`MARK`]: the SPA replaces those after
/// a client-side navigation (and sets the title from this `<title>`).
pub(crate) fn tags(head: &PageHead) -> String {
    let mut out = format!("<title>{}</title>", escape(&head.title));
    let mut meta = |attr: &str, name: &str, content: &str| {
        let _ = write!(out, "<meta {attr}=\"{name}\" content=\"{}\" {MARK}>", escape(content));
    };
    // Marked like the rest, so the next page the SPA shows drops it.
    if head.noindex {
        meta("name", "robots", "noindex");
    }
    let description = head.description.as_deref();
    if let Some(d) = description {
        meta("name", "description", d);
    }
    meta("property", "og:type", &head.og_type);
    meta("property", "og:title", &head.title);
    meta("property", "og:url", &head.canonical);
    if let Some(d) = description {
        meta("property", "og:description", d);
    }
    if let Some(image) = &head.image {
        meta("property", "og:image", image);
    }
    meta("name", "twitter:card", if head.image.is_some() { "summary_large_image" } else { "summary" });
    meta("name", "twitter:title", &head.title);
    if let Some(d) = description {
        meta("name", "twitter:description", d);
    }
    if let Some(image) = &head.image {
        meta("name", "twitter:image", image);
    }
    let _ = write!(out, "<link rel=\"canonical\" href=\"{}\" {MARK}>", escape(&head.canonical));
    for object in &head.json_ld {
        let _ =
            write!(out, "<script type=\"application/ld+json\" {MARK}>{}</script>", script_safe(&object.to_string()));
    }
    out
}
