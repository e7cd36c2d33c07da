//! Backend HTML is untrusted: descriptions are cleaned here, once, for every driver,
//! before they leave the adapter (so no page ever receives raw backend markup).

use vitrine_proto::v1::{Category, ContentPage, Product};

/// Keeps formatting markup (paragraphs, lists, emphasis, links, images); drops scripts,
/// event handlers, `javascript:` URLs and styles.
#[must_use]
pub fn html(input: &str) -> String {
    ammonia::clean(input)
}

/// Plain text (a backend field that holds no markup: some backends'
/// descriptions) as one HTML paragraph, escaped, so whatever looks like markup in it
/// shows as the characters it is.
#[must_use]
pub fn text_paragraph(text: &str) -> String {
    let escaped = text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    format!("<p>{escaped}</p>")
}

/// Sanitises the HTML fields of `product` in place.
pub fn product(product: &mut Product) {
    for field in [&mut product.description, &mut product.short_description] {
        if let Some(text) = field.as_mut() {
            *text = html(text);
        }
    }
}

/// Sanitises a category's description in place.
pub fn category(category: &mut Category) {
    if let Some(text) = category.description.as_mut() {
        *text = html(text);
    }
}

/// Sanitises a content page's body in place.
pub fn content_page(page: &mut ContentPage) {
    page.content = html(&page.content);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_keeps_markup_and_drops_active_content() {
        for (input, expected) in [
            ("<p>Plain <b>bold</b></p>", "<p>Plain <b>bold</b></p>"),
            ("<p onclick=\"x()\">Hi</p>", "<p>Hi</p>"),
            ("<script>alert(1)</script><ul><li>a</li></ul>", "<ul><li>a</li></ul>"),
            ("<a href=\"javascript:alert(1)\">x</a>", "<a rel=\"noopener noreferrer\">x</a>"),
            ("<img src=\"x\" onerror=\"alert(1)\">", "<img src=\"x\">"),
            ("<style>p{}</style>text", "text"),
        ] {
            assert_eq!(html(input), expected, "input {input:?}");
        }
    }

    #[test]
    fn plain_text_becomes_an_escaped_paragraph_that_survives_cleaning() {
        for (input, expected) in [
            ("Warm.", "<p>Warm.</p>"),
            (
                "<p>Warm.</p><script>alert(1)</script>",
                "<p>&lt;p&gt;Warm.&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>",
            ),
            ("Salt & pepper", "<p>Salt &amp; pepper</p>"),
        ] {
            assert_eq!(text_paragraph(input), expected, "{input:?}");
            assert_eq!(html(&text_paragraph(input)), expected, "{input:?} after cleaning");
        }
    }

    #[test]
    fn product_cleans_both_description_fields() {
        let mut p = Product {
            description: Some("<p>ok</p><script>x</script>".into()),
            short_description: Some("<i onmouseover=\"x\">s</i>".into()),
            ..Product::default()
        };
        product(&mut p);
        assert_eq!(p.description.as_deref(), Some("<p>ok</p>"));
        assert_eq!(p.short_description.as_deref(), Some("<i>s</i>"));
    }
}
