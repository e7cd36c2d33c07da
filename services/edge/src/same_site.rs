//! Cross-site requests against a visitor's changes (the cart; the debug tools'
//! faults and comparison): a page on another site can make a visitor's browser
//! send a form or a fetch here with the visitor's cookie. What such a request cannot do,
//! ours always do:
//!
//! - a browser sends `Origin` with every cross-site POST, PATCH and DELETE: present, it
//!   must be this site's own;
//! - without `Origin` (older browsers, non-browser clients), a POST or PATCH must carry
//!   `Content-Type: application/json`, which a cross-site form cannot send and a
//!   cross-site fetch cannot send without a CORS preflight this edge never answers;
//! - a DELETE has no body to type, so without `Origin` it must say it is same-origin
//!   (`Sec-Fetch-Site: same-origin`, set by the browser, not by scripts).
//!
//! [`allowed`] is pure; [`check`] reads it off a request; [`before_body`] runs it for
//! every change under `/api` (the cart, the checkout, the driver, the debug tools) before
//! the route reads its body, so another site's request is refused without a byte of its
//! body parsed.

use actix_web::HttpRequest;
use actix_web::http::Method;
use actix_web::http::header::{CONTENT_TYPE, ORIGIN};

use crate::AppState;
use crate::error::ApiError;

/// The guard of the API: a request under `/api` of any method but a read must pass
/// [`check`] before its route runs.
///
/// # Errors
/// A change from another site.
pub(crate) fn before_body(req: &HttpRequest, state: &AppState) -> Result<(), ApiError> {
    let path = req.path();
    let api = path.strip_prefix("/api").is_some_and(|rest| rest.is_empty() || rest.starts_with('/'));
    let read = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if api && !read { check(req, state) } else { Ok(()) }
}

/// A change must come from this site.
pub(crate) fn check(req: &HttpRequest, state: &AppState) -> Result<(), ApiError> {
    let own = crate::origin::public_origin(req, state.public_url.as_deref());
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    let request = Request {
        method: req.method().as_str(),
        origin: header(ORIGIN.as_str()),
        content_type: header(CONTENT_TYPE.as_str()),
        sec_fetch_site: header("sec-fetch-site"),
    };
    if allowed(request, &own) { Ok(()) } else { Err(ApiError::CrossSite) }
}

/// What the guard reads of a request.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Request<'a> {
    pub(crate) method: &'a str,
    pub(crate) origin: Option<&'a str>,
    pub(crate) content_type: Option<&'a str>,
    pub(crate) sec_fetch_site: Option<&'a str>,
}

/// Whether `req` may change the cart of the site whose origin is `own` (`scheme://host[:port]`).
pub(crate) fn allowed(req: Request<'_>, own: &str) -> bool {
    if let Some(origin) = req.origin {
        return origin.trim_end_matches('/').eq_ignore_ascii_case(own.trim_end_matches('/'));
    }
    match req.method {
        "DELETE" => req.sec_fetch_site.is_some_and(|s| s.eq_ignore_ascii_case("same-origin")),
        _ => req.content_type.is_some_and(|t| {
            t.split(';').next().is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"))
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_sites_own_requests_change_a_cart() {
        const OWN: &str = "https://shop.example";
        let json = Some("application/json");
        for (method, origin, content_type, fetch_site, ok) in [
            ("POST", Some("https://shop.example"), json, None, true),
            ("POST", Some("https://SHOP.example/"), json, None, true),
            ("POST", Some("https://evil.example"), json, None, false),
            ("POST", Some("http://shop.example"), json, None, false),
            ("POST", Some("https://shop.example:8443"), json, None, false),
            ("POST", Some("null"), json, None, false),
            // An Origin that matches is enough, whatever the body's type.
            ("PATCH", Some("https://shop.example"), Some("text/plain"), None, true),
            // No Origin: the body's type decides.
            ("POST", None, json, None, true),
            ("POST", None, Some("application/json; charset=utf-8"), None, true),
            ("PATCH", None, json, None, true),
            ("POST", None, Some("application/x-www-form-urlencoded"), None, false),
            ("POST", None, Some("text/plain"), None, false),
            ("POST", None, Some("multipart/form-data; boundary=x"), None, false),
            ("POST", None, None, None, false),
            ("POST", None, Some("application/jsonp"), None, false),
            // DELETE without Origin: Sec-Fetch-Site.
            ("DELETE", None, None, Some("same-origin"), true),
            ("DELETE", None, None, Some("same-site"), false),
            ("DELETE", None, None, Some("cross-site"), false),
            ("DELETE", None, json, None, false),
            ("DELETE", Some("https://evil.example"), None, Some("same-origin"), false),
        ] {
            let req = Request { method, origin, content_type, sec_fetch_site: fetch_site };
            assert_eq!(allowed(req, OWN), ok, "{req:?}");
        }
    }
}
