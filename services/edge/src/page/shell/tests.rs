use serde_json::json;

use super::*;

const BUILT: &str = "<!doctype html><html><head><meta charset=\"UTF-8\" />\
<meta name=\"description\" content=\"Shell.\" /><title>Vitrine</title>\
<script type=\"module\" src=\"/assets/a.js\"></script></head><body><div id=\"root\"></div></body></html>";

fn head() -> PageHead {
    PageHead {
        title: "A <b>\"chair\"</b> & 'co'".into(),
        description: Some("Sit </script><script>alert(1)</script>".into()),
        canonical: "http://shop.test/chair?a=1&b=2".into(),
        og_type: "product".into(),
        image: None,
        json_ld: vec![json!({"name": "</script><script>alert(1)</script><!--"})],
        lcp_image: Some("http://img.test/a b.jpg".into()),
        noindex: false,
    }
}

#[test]
fn json_cannot_end_its_script() {
    let json = json!({"a": "</script><!-- & >"}).to_string();
    let safe = script_safe(&json);
    assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'), "{safe}");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).ok(), serde_json::from_str(&json).ok(), "same value");
}

#[test]
fn a_page_is_written_where_the_build_put_its_title_and_root() {
    let shell = Shell::new(BUILT);
    let page = shell.render(
        &head(),
        "<h1>Chair</h1>",
        &data_json(&[("/api/x".into(), Bytes::from_static(b"{\"n\":\"</script>\"}"))]),
    );
    assert!(page.starts_with("<!doctype html><html><head><meta charset=\"UTF-8\" /><title>A &lt;b&gt;"), "{page}");
    assert!(!page.contains("Shell."), "the shell's description goes: {page}");
    assert_eq!(page.matches("<title>").count(), 1);
    assert!(page.contains(
        "<meta name=\"description\" content=\"Sit &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;\" data-head>"
    ));
    assert!(page.contains("<link rel=\"canonical\" href=\"http://shop.test/chair?a=1&amp;b=2\" data-head>"));
    assert!(page.contains("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"), "JSON-LD escaped: {page}");
    assert!(page.contains("href=\"/img?src=http%3A%2F%2Fimg.test%2Fa%20b.jpg&amp;w=256\""), "preload: {page}");
    assert!(page.contains("imagesizes=\"(max-width: 768px) 100vw, 560px\""));
    assert!(page.ends_with(
        "<div id=\"root\"><h1>Chair</h1></div><script type=\"application/json\" id=\"vitrine-data\">{\"/api/x\":{\"n\":\"\\u003c/script\\u003e\"}}</script></body></html>"
    ), "{page}");
    assert_eq!(
        page.matches("</script>").count(),
        3,
        "the module, one JSON-LD and the data: nothing else closes a script"
    );
}

#[test]
fn the_plain_shell_and_a_shell_without_marks() {
    let plain = Shell::new(BUILT).plain();
    assert!(
        plain.contains("<title>Vitrine</title>") && !plain.contains("vitrine-data") && !plain.contains("data-head")
    );
    let odd = "<html><body>no marks</body></html>";
    assert_eq!(Shell::new(odd).render(&head(), "", ""), odd);
    assert_eq!(Shell::new(odd).plain(), odd);
}
