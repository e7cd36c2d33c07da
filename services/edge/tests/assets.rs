//! The edge's image service and the SPA it serves, over real HTTP.

use std::collections::HashMap;
use std::io::Cursor;

use vitrine_testkit::upstream::{Canned, HttpUpstream};
use vitrine_testkit::{TestApp, assert, browser};

fn png(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 255) as u8, (y % 255) as u8, 90]));
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(img).write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png).expect("png");
    out
}

fn enc(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn images_are_resized_cached_and_only_from_allowed_hosts() {
    let mut routes = HashMap::new();
    routes.insert("/big.png", Canned { status: 200, content_type: "image/png", body: png(1200, 800) });
    routes.insert("/bad.png", Canned { status: 200, content_type: "image/png", body: b"<html>nope</html>".to_vec() });
    routes.insert("/err.png", Canned { status: 500, content_type: "text/plain", body: b"boom".to_vec() });
    let host = HttpUpstream::start(routes);
    let app = TestApp::builder().image_source(&format!("http://{}/", host.authority)).start().await;
    let c = browser();
    let img = |src: &str, extra: &str| c.get(app.url(&format!("/img?src={}{extra}", enc(src)))).send();

    let res = img(&format!("{}/big.png", host.url), "").await.expect("img");
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["content-type"], "image/jpeg");
    assert!(res.headers()["cache-control"].to_str().unwrap_or_default().contains("max-age=86400"));
    let bytes = res.bytes().await.expect("body");
    let out = image::load_from_memory(&bytes).expect("jpeg");
    assert_eq!((out.width(), out.height()), (256, 170), "spec §9: default width 256");

    let wide = img(&format!("{}/big.png", host.url), "&w=512").await.expect("img").bytes().await.expect("body");
    assert_eq!(image::load_from_memory(&wide).expect("jpeg").width(), 512);
    assert!(
        app.store.get(&format!("vitrine:img:256:25:{}/big.png", host.url)).await.expect("store").is_some(),
        "cached"
    );

    // The mock's SVGs pass through with a script-free policy.
    let product = assert::ok_json(c.get(app.url("/api/products/1001")).send().await.expect("p")).await;
    let svg_src = product["products"][0]["thumbnail"]["url"].as_str().unwrap_or_default().to_owned();
    let res = img(&svg_src, "").await.expect("svg");
    assert_eq!(res.headers()["content-type"], "image/svg+xml");
    assert!(res.headers()["content-security-policy"].to_str().unwrap_or_default().contains("sandbox"));

    assert::json_error(img("http://example.com/a.png", "").await.expect("img"), 403, "forbidden").await;
    assert::json_error(img(&format!("{}/big.png", host.url), "&w=99999").await.expect("img"), 400, "bad_request").await;
    assert::json_error(img(&format!("{}/bad.png", host.url), "").await.expect("img"), 502, "upstream_unavailable")
        .await;
    assert::json_error(img(&format!("{}/err.png", host.url), "").await.expect("img"), 502, "upstream_unavailable")
        .await;
    assert::json_error(img(&format!("{}/missing.png", host.url), "").await.expect("img"), 404, "not_found").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_spa_is_served_with_client_routes_and_never_shadows_the_api() {
    let spa = tempfile::Builder::new().prefix("vitrine-spa-").tempdir().expect("temp dir");
    let dir = spa.path();
    std::fs::create_dir_all(dir.join("assets")).expect("mkdir");
    std::fs::write(dir.join("index.html"), "<!doctype html><title>Vitrine</title>").expect("index");
    std::fs::write(dir.join("assets/app-1234.js"), "console.log(1)").expect("asset");
    std::fs::write(dir.join("assets/app-1234.js.br"), b"pretend-brotli").expect("br asset");
    let app = TestApp::builder().static_dir(dir).start().await;
    let c = browser();
    // Every other address is a page, with the status of what the backend says it is
    // (issue 12); a shell without the marks pages are written at is served as it is.
    for (path, status) in [("/", 200), ("/1001", 200), ("/products/x.html", 404), ("/deep/client/route", 404)] {
        let res = c.get(app.url(path)).send().await.expect(path);
        assert_eq!(res.status().as_u16(), status, "{path}");
        // A visitor without a session: the page is everyone's (issue 21).
        let policy = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";
        assert_eq!(res.headers()["cache-control"], policy, "{path}");
        assert!(res.headers()["content-security-policy"].to_str().unwrap_or_default().contains("default-src 'self'"));
        assert!(res.text().await.unwrap_or_default().contains("<title>Vitrine</title>"), "{path}");
    }
    let asset = c.get(app.url("/assets/app-1234.js")).send().await.expect("asset");
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(asset.text().await.unwrap_or_default(), "console.log(1)", "no brotli asked for: the plain file");
    let packed = c.get(app.url("/assets/app-1234.js")).header("accept-encoding", "gzip, br").send().await.expect("br");
    assert_eq!(packed.headers()["content-encoding"], "br");
    assert_eq!(packed.headers()["content-type"], "text/javascript");
    assert_eq!(packed.bytes().await.unwrap_or_default().as_ref(), b"pretend-brotli");
    assert_eq!(c.get(app.url("/assets/missing.js")).send().await.expect("missing").status().as_u16(), 404);
    for traversal in ["/assets/..%2Findex.html", "/assets/%2e%2e%2findex.html", "/assets/", "/assets/a/b.js"] {
        assert_eq!(c.get(app.url(traversal)).send().await.expect(traversal).status().as_u16(), 404, "{traversal}");
    }
    // Files of the build are files; other methods on a page are refused.
    let index = c.get(app.url("/index.html")).send().await.expect("index.html");
    assert_eq!(index.text().await.unwrap_or_default(), "<!doctype html><title>Vitrine</title>");
    assert_eq!(c.post(app.url("/1001")).send().await.expect("post").status().as_u16(), 405);
    assert::json_error(c.get(app.url("/api/unknown")).send().await.expect("api"), 404, "not_found").await;
    assert::ok_json(c.get(app.url("/api/products/1001")).send().await.expect("api")).await;
    // Counted by the route that answered: a page and a file of the build under one
    // label, never their address (nor an empty route).
    let metrics = c.get(app.url("/metrics")).send().await.expect("metrics").text().await.unwrap_or_default();
    let requests: Vec<&str> = metrics.lines().filter(|l| l.starts_with("vitrine_http_requests_total{")).collect();
    for route in ["page", "/api/products/{id}"] {
        assert!(requests.iter().any(|l| l.contains(&format!("route=\"{route}\""))), "{route} in {requests:#?}");
    }
    assert!(!requests.iter().any(|l| l.contains("route=\"\"") || l.contains("1001")), "{requests:#?}");
}
