//! Route resolution rules (the spec's "Route resolution result", §4 "Route lookup outcome by
//! code" and "Route matching", §8 route result codes).

use crate::model::{RouteOutcome, RouteResolution};

/// How the storefront acts on a resolution code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteClass {
    Match,
    NotFound,
    ClientError,
    ServerError,
    PermanentRedirect,
    TemporaryRedirect,
}

impl RouteClass {
    /// 404 not found, other 4xx client error, 5xx server error, 301/302 redirects.
    /// Other codes (200, 303, 307, …) are successes, as in the reference router.
    #[must_use]
    pub const fn of(code: i32) -> Self {
        match code {
            404 => Self::NotFound,
            301 => Self::PermanentRedirect,
            302 => Self::TemporaryRedirect,
            400..=499 => Self::ClientError,
            500.. => Self::ServerError,
            _ => Self::Match,
        }
    }

    /// The spec's "Route result codes" (the 301 code string is the spec's, sic).
    #[must_use]
    pub const fn error_code(self) -> Option<&'static str> {
        match self {
            Self::Match => None,
            Self::NotFound => Some("404_NOT_FOUND"),
            Self::ClientError => Some("4xx_CLIENT_ERROR"),
            Self::ServerError => Some("5xx_SERVER_ERROR"),
            Self::PermanentRedirect => Some("302_PERMANENT_REDIRECT"),
            Self::TemporaryRedirect => Some("TEMPORARY_REDIRECT"),
        }
    }
}

/// The default failed result {id: null, url: null, code: 404, type: null}.
#[must_use]
pub fn not_found() -> RouteResolution {
    RouteResolution { id: None, url: None, r#type: None, code: 404, data: None }
}

/// A product found at `url`: type PRODUCT, code 200, the url without its leading slash.
#[must_use]
pub fn product(id: &str, url: &str) -> RouteResolution {
    found("PRODUCT", id, url)
}

/// A category found at `url`: type CATEGORY, code 200.
#[must_use]
pub fn category(id: &str, url: &str) -> RouteResolution {
    found("CATEGORY", id, url)
}

/// A content (CMS) page found at `url`: type CMS_PAGE, code 200.
#[must_use]
pub fn content_page(id: &str, url: &str) -> RouteResolution {
    found("CMS_PAGE", id, url)
}

fn found(kind: &str, id: &str, url: &str) -> RouteResolution {
    RouteResolution {
        id: Some(id.to_owned()),
        url: Some(url.trim_start_matches('/').to_owned()),
        r#type: Some(kind.to_owned()),
        code: 200,
        data: None,
    }
}

/// Code 0 becomes 200.
#[must_use]
pub const fn normalise_code(code: i32) -> i32 {
    if code == 0 { 200 } else { code }
}

/// The spec's "Route matching": what the visitor's browser does with `resolution`.
/// `failed_path` is the configured failed-resolution path (default '/').
#[must_use]
pub fn outcome(mut resolution: RouteResolution, failed_path: &str) -> RouteOutcome {
    resolution.code = normalise_code(resolution.code);
    let class = RouteClass::of(resolution.code);
    let (outcome, location) = match class {
        RouteClass::Match => ("match", None),
        RouteClass::NotFound => ("not_found", None),
        RouteClass::PermanentRedirect | RouteClass::TemporaryRedirect => {
            ("redirect", Some(absolute_path(resolution.url.as_deref().unwrap_or_default())))
        }
        RouteClass::ClientError | RouteClass::ServerError => ("failed", Some(failed_path.to_owned())),
    };
    RouteOutcome {
        route: Some(resolution),
        outcome: outcome.to_owned(),
        error_code: class.error_code().map(str::to_owned),
        location,
        failed_resolution_path: failed_path.to_owned(),
    }
}

/// The spec's "Any other error": a lookup that failed (backend down, bad answer) sends the
/// visitor to the failed-resolution path. The resolution is the empty not-found result.
#[must_use]
pub fn failed(failed_path: &str) -> RouteOutcome {
    RouteOutcome {
        route: Some(not_found()),
        outcome: "failed".to_owned(),
        error_code: None,
        location: Some(failed_path.to_owned()),
        failed_resolution_path: failed_path.to_owned(),
    }
}

/// Resolution urls carry no leading slash (as the reference router's do); locations do.
fn absolute_path(url: &str) -> String {
    format!("/{}", url.trim_start_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolution(code: i32, url: &str) -> RouteResolution {
        RouteResolution {
            id: Some("1".into()),
            url: Some(url.into()),
            r#type: Some("PRODUCT".into()),
            code,
            data: None,
        }
    }

    #[test]
    fn classification_follows_spec_section_4() {
        for (code, class) in [
            (200, RouteClass::Match),
            (0, RouteClass::Match),
            (404, RouteClass::NotFound),
            (400, RouteClass::ClientError),
            (410, RouteClass::ClientError),
            (499, RouteClass::ClientError),
            (500, RouteClass::ServerError),
            (503, RouteClass::ServerError),
            (301, RouteClass::PermanentRedirect),
            (302, RouteClass::TemporaryRedirect),
            (303, RouteClass::Match),
            (307, RouteClass::Match),
        ] {
            assert_eq!(RouteClass::of(code), class, "code {code}");
        }
    }

    #[test]
    fn outcomes_carry_spec_codes_and_locations() {
        for (code, url, expected, error_code, location) in [
            (0, "1001", "match", None, None),
            (200, "1001", "match", None, None),
            (404, "x", "not_found", Some("404_NOT_FOUND"), None),
            (301, "new-place.html", "redirect", Some("302_PERMANENT_REDIRECT"), Some("/new-place.html")),
            (302, "/tmp.html", "redirect", Some("TEMPORARY_REDIRECT"), Some("/tmp.html")),
            (403, "x", "failed", Some("4xx_CLIENT_ERROR"), Some("/failed")),
            (502, "x", "failed", Some("5xx_SERVER_ERROR"), Some("/failed")),
        ] {
            let out = outcome(resolution(code, url), "/failed");
            assert_eq!(out.outcome, expected, "code {code}");
            assert_eq!(out.error_code.as_deref(), error_code, "code {code}");
            assert_eq!(out.location.as_deref(), location, "code {code}");
        }
    }

    #[test]
    fn code_zero_becomes_200_in_the_result() {
        let out = outcome(resolution(0, "1001"), "/");
        assert_eq!(out.route.map(|r| r.code), Some(200));
    }

    #[test]
    fn found_routes_carry_their_type_and_no_leading_slash() {
        for (r, kind, url) in [
            (product("1", "/1001"), "PRODUCT", "1001"),
            (category("c", "/computers"), "CATEGORY", "computers"),
            (content_page("about", "/pages/about"), "CMS_PAGE", "pages/about"),
        ] {
            assert_eq!((r.r#type.as_deref(), r.url.as_deref(), r.code, r.data), (Some(kind), Some(url), 200, None));
        }
    }

    #[test]
    fn not_found_is_the_spec_default() {
        let nf = not_found();
        assert_eq!((nf.id, nf.url, nf.r#type, nf.code), (None, None, None, 404));
        let failed = failed("/");
        assert_eq!(failed.outcome, "failed");
        assert_eq!(failed.location.as_deref(), Some("/"));
    }
}
