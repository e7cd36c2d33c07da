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

/// When the request's own origin is not one we can safely repeat.
const FALLBACK: &str = "http://localhost";

/// `configured` (its trailing `/` dropped), else the request's checked origin, else
/// [`FALLBACK`].
pub(crate) fn public_origin(req: &HttpRequest, configured: Option<&str>) -> String {
    if let Some(url) = configured.map(str::trim).filter(|u| !u.is_empty()) {
        return url.trim_end_matches('/').to_owned();
    }
    let info = req.connection_info();
    let scheme = info.scheme();
    let host = info.host();
    if matches!(scheme, "http" | "https") && is_plain_host(host) {
        format!("{scheme}://{}", host.to_ascii_lowercase())
    } else {
        FALLBACK.to_owned()
    }
}

/// A DNS name or IPv4 address (letters, digits, `-`, `.`), or a bracketed IPv6 address,
/// then at most a numeric port: nothing that could end an attribute or a URL's
/// authority (no spaces, quotes, `<`, `/`, `@`, `\`...).
fn is_plain_host(host: &str) -> bool {
    let name_ok = |name: &str| {
        (1..=253).contains(&name.len())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
            && !name.starts_with(['.', '-'])
    };
    let ipv6_ok =
        |address: &str| !address.is_empty() && address.chars().all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
    let port_ok = |port: &str| (1..=5).contains(&port.len()) && port.chars().all(|c| c.is_ascii_digit());
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
}
