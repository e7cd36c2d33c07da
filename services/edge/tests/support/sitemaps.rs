//! The sitemap as a crawler reads it: the index, then every page it names, each
//! validated by xmllint against the protocol's own XSDs (kept in `tests/fixtures/sitemaps`).

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// One of the protocol's schemas kept in the repo.
fn schema(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sitemaps").join(name)
}

/// Validates `xml` against the protocol's `xsd` with xmllint (libxml2-utils; `scripts/test`
/// installs it), failing the test with xmllint's own report.
fn assert_valid(xml: &str, xsd: &str, what: &str) {
    let mut child = Command::new("xmllint")
        .args(["--noout", "--nonet", "--schema"])
        .arg(schema(xsd))
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xmllint (apt-get install libxml2-utils)");
    child.stdin.take().expect("stdin").write_all(xml.as_bytes()).expect("write to xmllint");
    let out = child.wait_with_output().expect("xmllint ran");
    assert!(out.status.success(), "{what} is not valid against {xsd}: {}\n{xml}", String::from_utf8_lossy(&out.stderr));
}

/// The text of every `<loc>`, unescaped.
fn locs(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</loc>"))
        .map(|(loc, _)| loc.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'"))
        .map(|loc| loc.replace("&amp;", "&"))
        .collect()
}

/// GET `url`: a 200 with `content_type`, and its body.
pub(crate) async fn text(c: &reqwest::Client, url: &str, content_type: &str) -> String {
    let res = c.get(url).send().await.expect(url);
    assert_eq!(res.status().as_u16(), 200, "GET {url}");
    assert_eq!(res.headers()["content-type"], content_type, "GET {url}");
    res.text().await.expect("body")
}

/// The whole sitemap at `base` as `origin` names it: every page's locs, each page valid,
/// the index valid and naming exactly `/sitemap-1.xml`… in order.
pub(crate) async fn crawl(c: &reqwest::Client, base: &str, origin: &str) -> Vec<Vec<String>> {
    let index = text(c, &format!("{base}/sitemap.xml"), "application/xml; charset=utf-8").await;
    assert_valid(&index, "siteindex.xsd", "/sitemap.xml");
    let pages = locs(&index);
    let expected: Vec<String> = (1..=pages.len()).map(|n| format!("{origin}/sitemap-{n}.xml")).collect();
    assert_eq!(pages, expected, "the index names its pages in order");
    let mut listed = Vec::new();
    for n in 1..=pages.len() {
        let page = text(c, &format!("{base}/sitemap-{n}.xml"), "application/xml; charset=utf-8").await;
        assert_valid(&page, "sitemap.xsd", &format!("/sitemap-{n}.xml"));
        listed.push(locs(&page));
    }
    listed
}
