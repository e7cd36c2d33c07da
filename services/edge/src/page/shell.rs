//! The SPA's `index.html` with a page's head and data written into it. The
//! built file is cut once, where the title is and where the root element ends; a file
//! without those marks is served as it is. Everything written is escaped: text and
//! attributes for HTML, JSON so that nothing in it can end its `<script>` element.

use std::fmt::Write as _;

use bytes::Bytes;

use crate::dto::PageHead;
use crate::head::{script_safe, tags};
use crate::markup::escape;
use crate::spa_addresses::{ImageBox, table};

/// The root element the SPA renders into: React's markup of the page goes inside, the
/// page's data after it.
const ROOT: &str = "<div id=\"root\"></div>";
/// The id of the `application/json` script holding the data the SPA starts with.
pub(crate) const DATA_ID: &str = "vitrine-data";

/// `index.html`, cut where a page's own parts go.
#[derive(Debug, Clone)]
pub(crate) enum Shell {
    /// Before the `<title>` (without the shell's description), the shell's description
    /// tag, between the title's end and the root element, and after that.
    Cut { before_title: String, description: String, middle: String, after_root: String },
    /// A file without the marks: served unchanged.
    Whole(String),
}

impl Shell {
    /// Cuts `html`; the shell's own description goes too (each page writes its own).
    pub(crate) fn new(html: &str) -> Self {
        let cut = || {
            let title = html.find("<title>")?;
            let title_end = html[title..].find("</title>")? + title + "</title>".len();
            let root = html[title_end..].find(ROOT)? + title_end;
            let mut before_title = html[..title].to_owned();
            let mut description = String::new();
            if let Some(start) = before_title.find("<meta name=\"description\"") {
                let end = before_title[start..].find('>')? + start + 1;
                description = before_title[start..end].to_owned();
                before_title.replace_range(start..end, "");
            }
            Some(Self::Cut {
                before_title,
                description,
                middle: html[title_end..root].to_owned(),
                after_root: html[root + ROOT.len()..].to_owned(),
            })
        };
        cut().unwrap_or_else(|| Self::Whole(html.to_owned()))
    }

    /// The file as built, its own description and title included: the SPA finds its own
    /// way (the page's data was later than the budget).
    pub(crate) fn plain(&self) -> String {
        match self {
            Self::Cut { before_title, description, middle, after_root } => {
                format!(
                    "{before_title}{description}<title>{}</title>{middle}{ROOT}{after_root}",
                    crate::head::SITE_NAME
                )
            }
            Self::Whole(html) => html.clone(),
        }
    }

    /// The page: its head in place of the title, React's markup of it (`crate::ssr`) in
    /// the root element, its data after it: `inlined`, the object [`data_json`] built
    /// (empty for none).
    pub(crate) fn render(&self, head: &PageHead, paint: &str, inlined: &str) -> String {
        match self {
            Self::Cut { before_title, middle, after_root, .. } => format!(
                "{before_title}{}{middle}<div id=\"root\">{paint}</div>{}{after_root}",
                head_tags(head),
                data_script(inlined)
            ),
            Self::Whole(html) => html.clone(),
        }
    }
}

/// The head's tags ([`crate::head::tags`], the one writer, whose tags the SPA swaps in
/// after a client-side navigation), then the preload of the page's largest image.
fn head_tags(head: &PageHead) -> String {
    let mut out = tags(head);
    if let Some(src) = &head.lcp_image {
        // The very urls and sizes `ProductImage` asks for, in the address table's box, so
        // the browser uses this fetch.
        let image_box = if head.og_type == "product" { ImageBox::Product } else { ImageBox::Card };
        let (href, srcset, sizes) = table().image_sources(src, image_box);
        let _ = write!(
            out,
            "<link rel=\"preload\" as=\"image\" href=\"{}\" imagesrcset=\"{}\" imagesizes=\"{sizes}\" fetchpriority=\"high\">",
            escape(&href),
            escape(&srcset),
        );
    }
    out
}

/// `<script type="application/json" id="vitrine-data">{"key": body, ...}</script>`, or
/// nothing without data.
fn data_script(inlined: &str) -> String {
    if inlined.is_empty() {
        return String::new();
    }
    format!("<script type=\"application/json\" id=\"{DATA_ID}\">{}</script>", script_safe(inlined))
}

/// `{"key": body, ...}`: the object the page inlines, which the SPA (and its server
/// render) starts from.
pub(crate) fn data_json(data: &[(String, Bytes)]) -> String {
    let mut json = String::from("{");
    for (i, (key, body)) in data.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push_str(&serde_json::Value::from(key.as_str()).to_string());
        json.push(':');
        json.push_str(&String::from_utf8_lossy(body));
    }
    json.push('}');
    json
}

#[cfg(test)]
mod tests;
