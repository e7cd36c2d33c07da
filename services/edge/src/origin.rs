//! The site's absolute origin, for what must name whole urls: canonical links, link
//! previews, structured data, the sitemap.

use actix_web::HttpRequest;

/// `public_url` (setting `VITRINE_PUBLIC_URL`) when set; else the scheme and host the
/// request came to, when the host is a plain `host[:port]`; else `http://localhost`.
/// A request's host is the visitor's to choose, so whatever is built from it is served
/// to that visitor only, or cached under it.
pub(crate) fn public_origin(req: &HttpRequest, public_url: Option<&str>) -> String {
    if let Some(url) = public_url {
        return url.trim_end_matches('/').to_owned();
    }
    let info = req.connection_info();
    let scheme = if info.scheme() == "https" { "https" } else { "http" };
    let host = info.host();
    if is_plain_host(host) { format!("{scheme}://{host}") } else { "http://localhost".to_owned() }
}

/// Letters, digits, `.-:` and the brackets of an IPv6 address, nothing else.
fn is_plain_host(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 255
        && host.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'))
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn the_setting_wins_and_a_host_must_be_plain() {
        for (host, setting, expected) in [
            ("shop.test:8080", None, "http://shop.test:8080"),
            ("[::1]:8080", None, "http://[::1]:8080"),
            ("evil.test/\"><script>", None, "http://localhost"),
            ("a b", None, "http://localhost"),
            ("shop.test", Some("https://www.shop.example/"), "https://www.shop.example"),
        ] {
            let req = TestRequest::default().insert_header(("host", host)).to_http_request();
            assert_eq!(public_origin(&req, setting), expected, "{host} {setting:?}");
        }
    }
}
