//! Text made safe to write into HTML or XML: element text and quoted attribute values
//! (pages, the sitemap). One escape for both: `&#39;` is an apostrophe in either.

/// `text` with `&`, `<`, `>`, `"` and `'` written as character references.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_characters_become_references() {
        for (text, expected) in [
            ("plain", "plain"),
            ("<script>", "&lt;script&gt;"),
            ("a & \"b\" 'c'", "a &amp; &quot;b&quot; &#39;c&#39;"),
            ("café", "café"),
        ] {
            assert_eq!(escape(text), expected);
        }
    }
}
