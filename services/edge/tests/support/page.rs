//! Reading the pages the edge writes (issue 12): a built SPA's `index.html` to serve,
//! and the parts of a page a crawler reads.

use serde_json::Value;
use vitrine_testkit::{TestApp, browser};

/// `index.html` as Vite builds it: the title, the module script and stylesheet in the
/// head, the root element in the body.
const INDEX: &str = r#"<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The shell's own description." />
    <title>Vitrine</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
"#;

/// A directory holding [`INDEX`], for `TestApp::builder().static_dir`.
pub(crate) fn built_spa() -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix("vitrine-pages-").tempdir().expect("temp dir");
    std::fs::write(dir.path().join("index.html"), INDEX).expect("index.html");
    dir
}

/// HTML text and attribute escapes back to text.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}

/// Everything between `start` and the next `end` after it, each time.
fn between<'a>(html: &'a str, start: &str, end: &str) -> Vec<&'a str> {
    html.split(start).skip(1).filter_map(|rest| rest.split_once(end).map(|(inside, _)| inside)).collect()
}

/// A page as the edge wrote it.
pub(crate) struct Page {
    pub(crate) status: u16,
    pub(crate) html: String,
}

impl Page {
    pub(crate) async fn get(client: &reqwest::Client, url: &str) -> Self {
        let res = client.get(url).send().await.expect(url);
        let status = res.status().as_u16();
        Self { status, html: res.text().await.expect("body") }
    }

    /// The `<title>`'s text; exactly one.
    pub(crate) fn title(&self) -> String {
        let titles = between(&self.html, "<title>", "</title>");
        assert_eq!(titles.len(), 1, "one title: {}", self.html);
        unescape(titles[0])
    }

    /// The content of `<meta {attr}="{name}">`; `None` when there is none.
    pub(crate) fn meta(&self, attr: &str, name: &str) -> Option<String> {
        let found = between(&self.html, &format!("<meta {attr}=\"{name}\" content=\""), "\"");
        assert!(found.len() <= 1, "at most one {name}");
        found.first().map(|c| unescape(c))
    }

    pub(crate) fn canonical(&self) -> Option<String> {
        between(&self.html, "<link rel=\"canonical\" href=\"", "\"").first().map(|c| unescape(c))
    }

    /// Every JSON-LD object, parsed.
    pub(crate) fn json_ld(&self) -> Vec<Value> {
        between(&self.html, "<script type=\"application/ld+json\" data-head>", "</script>")
            .into_iter()
            .map(|json| serde_json::from_str(json).expect("JSON-LD parses"))
            .collect()
    }

    /// The JSON-LD object of `@type` `kind`.
    pub(crate) fn json_ld_of(&self, kind: &str) -> Value {
        self.json_ld().into_iter().find(|o| o["@type"] == kind).unwrap_or_else(|| panic!("no {kind} in {}", self.html))
    }

    /// The data the SPA starts with, by key; `None` without the script.
    pub(crate) fn data(&self) -> Option<Value> {
        let found = between(&self.html, "<script type=\"application/json\" id=\"vitrine-data\">", "</script>");
        found.first().map(|json| serde_json::from_str(json).expect("inlined data parses"))
    }

    /// Where the page preloads its largest image from.
    pub(crate) fn preload(&self) -> Option<String> {
        between(&self.html, "<link rel=\"preload\" as=\"image\" href=\"", "\"").first().map(|c| unescape(c))
    }
}

/// The edge's count of pages served as `result` (`written`, `reused`, `late`, or read at
/// start: `warmed`), from its metrics.
pub(crate) async fn page_heads(app: &TestApp, result: &str) -> u64 {
    let text = browser().get(app.url("/metrics")).send().await.expect("metrics").text().await.unwrap_or_default();
    let prefix = format!("vitrine_edge_page_heads_total{{result=\"{result}\"}} ");
    let line = text.lines().find(|l| l.starts_with(&prefix));
    line.and_then(|l| l.rsplit(' ').next()).and_then(|n| n.parse().ok()).unwrap_or(0)
}
