//! The site's public origin (`scheme://host[:port]`), for absolute links: robots.txt's
//! `Sitemap:` line, the sitemap's `<loc>`s, canonical links.
//!
//! Configured (`Config::public_url`, `VITRINE_PUBLIC_URL`) it is used as given. Otherwise
//! it is the request's scheme and host as actix sees them (`Host`, or `Forwarded` /
//! `X-Forwarded-*` when a proxy sets them), which a client can choose: so the host must
//! be a plain `host[:port]` and the scheme http or https, or the answer is
//! `http://localhost`. That keeps what lands in a page's markup harmless; production
//! should configure the origin anyway, so every answer names the one real site.

use actix_web::HttpRequest;
use actix_web::http::header::{self, HeaderName};

/// When the request's own origin is not one we can safely repeat.
const FALLBACK: &str = "http://localhost";

/// `configured` (its trailing `/` dropped), else the request's checked origin, else
/// [`FALLBACK`].
pub(crate) fn public_origin(req: &HttpRequest, configured: Option<&str>) -> String {
    if let Some(url) = configured.map(str::trim).filter(|u| !u.is_empty()) {
        return url.trim_end_matches('/').to_owned();
    }
    let headers = req.headers();
    if PROXY_HEADERS.iter().any(|name| headers.contains_key(name)) {
        let info = req.connection_info();
        return checked(info.scheme(), info.host());
    }
    // No proxy's headers: the scheme and host `ConnectionInfo` would find, read without
    // building it (which writes the peer's address out each time, on every page).
    let config = req.app_config();
    let scheme = req.uri().scheme_str().unwrap_or(if config.secure() { "https" } else { "http" });
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .or_else(|| req.uri().authority().map(actix_web::http::uri::Authority::as_str))
        .unwrap_or_else(|| config.host());
    checked(scheme, host)
}

/// The headers by which a proxy names the scheme and host a client asked for.
const PROXY_HEADERS: [HeaderName; 3] =
    [header::FORWARDED, HeaderName::from_static("x-forwarded-proto"), HeaderName::from_static("x-forwarded-host")];

/// `scheme://host` (the host in lower case) when both may be repeated, else [`FALLBACK`].
fn checked(scheme: &str, host: &str) -> String {
    if !(matches!(scheme, "http" | "https") && is_plain_host(host)) {
        return FALLBACK.to_owned();
    }
    let mut origin = String::with_capacity(scheme.len() + 3 + host.len());
    origin.push_str(scheme);
    origin.push_str("://");
    origin.push_str(host);
    origin[scheme.len() + 3..].make_ascii_lowercase();
    origin
}

/// A DNS name or IPv4 address (letters, digits, `-`, `.`), or a bracketed IPv6 address,
/// then at most a numeric port: nothing that could end an attribute or a URL's
/// authority (no spaces, quotes, `<`, `/`, `@`, `\`...).
fn is_plain_host(host: &str) -> bool {
    // Byte by byte: every allowed character is ASCII, and a byte of any other is not.
    let name_ok = |name: &str| {
        (1..=253).contains(&name.len())
            && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'.')
            && !name.starts_with(['.', '-'])
    };
    let ipv6_ok =
        |address: &str| !address.is_empty() && address.bytes().all(|c| c.is_ascii_hexdigit() || c == b':' || c == b'.');
    let port_ok = |port: &str| (1..=5).contains(&port.len()) && port.bytes().all(|c| c.is_ascii_digit());
    let (address_ok, rest) = match host.strip_prefix('[') {
        Some(bracketed) => match bracketed.split_once(']') {
            Some((address, rest)) => (ipv6_ok(address), rest),
            None => return false,
        },
        None => match host.split_once(':') {
            Some((name, _)) => (name_ok(name), &host[name.len()..]),
            None => (name_ok(host), ""),
        },
    };
    address_ok && (rest.is_empty() || rest.strip_prefix(':').is_some_and(port_ok))
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn the_origin_is_configured_or_the_requests_own_when_plain() {
        type Headers<'a> = &'a [(&'a str, &'a str)];
        let cases: &[(Option<&str>, Headers, &str)] = &[
            (Some("https://shop.example"), &[("host", "evil.example")], "https://shop.example"),
            (Some("https://shop.example/"), &[], "https://shop.example"),
            (Some("  "), &[("host", "shop.example")], "http://shop.example"),
            (None, &[("host", "shop.example")], "http://shop.example"),
            (None, &[("host", "Shop.Example:8080")], "http://shop.example:8080"),
            (None, &[("host", "127.0.0.1:8080")], "http://127.0.0.1:8080"),
            (None, &[("host", "[::1]:8080")], "http://[::1]:8080"),
            (None, &[("host", "[::1]")], "http://[::1]"),
            (None, &[("host", "shop.example"), ("x-forwarded-proto", "https")], "https://shop.example"),
            (None, &[("host", "shop.example"), ("x-forwarded-proto", "javascript")], FALLBACK),
            (None, &[("host", "shop.example/evil")], FALLBACK),
            (None, &[("host", "shop.example\"><script>")], FALLBACK),
            (None, &[("host", "user@shop.example")], FALLBACK),
            (None, &[("host", "shop.example:80a")], FALLBACK),
            (None, &[("host", "shop example")], FALLBACK),
            (None, &[("host", "[::1]x")], FALLBACK),
            (None, &[("host", ".example")], FALLBACK),
            (None, &[("host", ":8080")], FALLBACK),
            (None, &[("host", "[]:8080")], FALLBACK),
        ];
        for &(configured, headers, expected) in cases {
            let mut req = TestRequest::default();
            for &(name, value) in headers {
                req = req.insert_header((name, value));
            }
            let req = req.to_http_request();
            assert_eq!(public_origin(&req, configured), expected, "{configured:?} {headers:?}");
        }
    }

    #[test]
    fn without_a_proxys_headers_the_origin_is_the_one_connection_info_names() {
        let requests = [
            TestRequest::default(),
            TestRequest::default().insert_header(("host", "Shop.Example:8080")),
            TestRequest::default().insert_header(("host", "shop.example/evil")),
            TestRequest::with_uri("https://elsewhere.example/1001"),
            TestRequest::with_uri("http://elsewhere.example:81/1001").insert_header(("host", "shop.example")),
            TestRequest::default().insert_header(("host", b"\xffbad".as_slice())),
        ];
        for req in requests {
            let req = req.to_http_request();
            let info = req.connection_info().clone();
            assert_eq!(public_origin(&req, None), checked(info.scheme(), info.host()), "{req:?}");
        }
    }
}
