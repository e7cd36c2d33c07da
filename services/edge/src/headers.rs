//! Security and caching headers on every edge response, and the named cache policies
//! ([`cache_control`]) every handler that sets its own chooses from.

use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};

/// Same-origin everything; the JSON-LD block is data, not script, so no inline script
/// is needed. Images may be data: URIs (none today) or come through /img.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'";

// Header values are checked where they are made: as constants, once, at compile time,
// where `from_static` in a function would check every byte on every answer.
const FIXED: [(HeaderName, HeaderValue); 4] = [
    (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
    (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
    (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    (HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin")),
];

const CSP_VALUE: HeaderValue = HeaderValue::from_static(CSP);

/// The `Cache-Control` of an answer to `path` whose handler chose none: the API's, or a
/// file's of the build. Chosen before the request moves on, so no copy of its path is kept.
pub(crate) fn default_policy(path: &str) -> HeaderValue {
    const API: HeaderValue = HeaderValue::from_static(cache_control::API);
    const IMMUTABLE_ASSET: HeaderValue = HeaderValue::from_static(cache_control::IMMUTABLE_ASSET);
    const REVALIDATE: HeaderValue = HeaderValue::from_static(cache_control::REVALIDATE);
    if path.starts_with("/api/") {
        API
    } else if cache_control::for_file(path) == cache_control::IMMUTABLE_ASSET {
        IMMUTABLE_ASSET
    } else {
        REVALIDATE
    }
}

/// The security headers on an answer, and `policy` (from [`default_policy`]) unless
/// its handler set a `Cache-Control` of its own.
pub(crate) fn set(headers: &mut HeaderMap, policy: HeaderValue) {
    for (name, value) in FIXED {
        headers.insert(name, value);
    }
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, CSP_VALUE);
    }
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, policy);
    }
}

/// The `Cache-Control` values the edge sends, by what they are for: chosen here, never
/// written in a handler.
pub(crate) mod cache_control {
    /// The JSON API: per visitor and driver, never stored.
    pub(crate) const API: &str = "no-store";
    /// A session's answer (a page or a read, with its `ETag`): it is that visitor's
    /// driver's, so only their browser keeps it, and asks again each time (a 304 while
    /// it is unchanged).
    pub(crate) const PRIVATE_REVALIDATE: &str = "private, no-cache";
    /// The same answer to a visitor without a session: the default driver's,
    /// the same for all of them. A shared cache (a CDN) keeps it as long as the edge
    /// does (its response cache's 10 s) and serves it stale for 30 s more while it asks
    /// again; a browser asks again each time (`max-age=0`), getting a 304.
    pub(crate) const SHARED: &str = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";
    /// A content-hashed build file (`/assets/*`): it never changes under its name.
    pub(crate) const IMMUTABLE_ASSET: &str = "public, max-age=31536000, immutable";
    /// Any other file of the build: kept, but checked again each time.
    pub(crate) const REVALIDATE: &str = "no-cache";
    /// A resized image (`/img`): a day, then served stale for a week while renewed.
    pub(crate) const IMAGE: &str = "public, max-age=86400, stale-while-revalidate=604800";
    /// The driver event stream: never a cached copy.
    pub(crate) const EVENT_STREAM: &str = "no-cache";

    /// A file of the SPA's build by its path: content-hashed `/assets/*` never change;
    /// the rest may.
    pub(crate) fn for_file(path: &str) -> &'static str {
        if path.starts_with("/assets/") { IMMUTABLE_ASSET } else { REVALIDATE }
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn hashed_assets_are_immutable_everything_else_revalidates() {
            for (path, expected) in [
                ("/assets/index-abc123.js", "public, max-age=31536000, immutable"),
                ("/", "no-cache"),
                ("/index.html", "no-cache"),
                ("/1001", "no-cache"),
                ("/favicon.svg", "no-cache"),
            ] {
                assert_eq!(super::for_file(path), expected, "{path}");
            }
        }
    }
}
