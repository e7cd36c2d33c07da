//! Compression of the answers that are not cached: errors, a session's
//! driver answer, the plain shell, the OpenAPI document, small files of the build.
//! Cached answers and written pages come out of `crate::encoded` already compressed
//! (their `Content-Encoding` set) and pass through untouched, as do streams (driver
//! events) and what is not text.
//!
//! An answer is compressed only from [`MIN_BYTES`]: below that the saving fits in the
//! packet the answer goes out in anyway, and compressing costs more than it saves. It is
//! compressed inline, on the worker (these answers are small; actix-web's own middleware
//! hands every body of 1 KiB or more to a blocking thread, a hop that cost more than the
//! compression). Whether to compress is decided by [`worth_compressing`], pure.

use actix_web::body::{BodySize, EitherBody, MessageBody};
use actix_web::dev::ServiceResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{
    self, ACCEPT_ENCODING, ACCEPT_RANGES, CONTENT_ENCODING, CONTENT_TYPE, ETAG, HeaderMap, HeaderValue, VARY,
};
use bytes::Bytes;

use crate::encoded::{self, Coding};

/// The smallest body compressed: about one packet's payload.
pub(crate) const MIN_BYTES: u64 = 1400;
/// The largest: a bigger body (none of the edge's answers) goes out as it is rather than
/// being held whole in memory.
const MAX_BYTES: u64 = 4 << 20;

/// `res` compressed in the coding its request prefers, if it is worth it.
///
/// # Errors
/// When its body fails, or is larger than it said.
pub(crate) async fn on_the_fly<B: MessageBody>(
    res: ServiceResponse<B>,
) -> Result<ServiceResponse<EitherBody<B, Bytes>>, actix_web::Error> {
    // Most answers come compressed already (a kept answer in the coding asked for): the
    // request's `Accept-Encoding` is read only for those that do not.
    let coding = || {
        let accepted = res.request().headers().get(ACCEPT_ENCODING).and_then(|v| v.to_str().ok());
        Coding::preferred(accepted.unwrap_or_default())
    };
    let coding = match worth_compressing(res.status(), res.headers(), res.response().body().size()) {
        true => coding(),
        false => Coding::Identity,
    };
    if coding == Coding::Identity {
        return Ok(res.map_into_left_body());
    }
    let (req, res) = res.into_parts();
    let (mut res, body) = res.into_parts();
    let identity = actix_web::body::to_bytes_limited(body, usize::try_from(MAX_BYTES).unwrap_or(usize::MAX))
        .await
        .map_err(|_| actix_web::error::ErrorInternalServerError("body over its size"))?
        .map_err(|e| actix_web::error::ErrorInternalServerError(e.into().to_string()))?;
    let headers = res.headers_mut();
    if let Some(token) = coding.token() {
        headers.insert(CONTENT_ENCODING, token);
    }
    vary_on_coding(headers);
    // The tag named the identity bytes: the compressed ones are only weakly the same,
    // and byte ranges of the file no longer apply.
    let strong = headers.get(ETAG).and_then(|v| v.to_str().ok()).filter(|t| !t.starts_with("W/"));
    if let Some(weak) = strong.and_then(|tag| HeaderValue::from_str(&format!("W/{tag}")).ok()) {
        headers.insert(ETAG, weak);
    }
    headers.remove(ACCEPT_RANGES);
    let res = res.set_body(EitherBody::right(encoded::compress(coding, &identity)));
    Ok(ServiceResponse::new(req, res))
}

/// Whether an answer of `status` with `headers` and a body of `size` is compressed (in
/// a coding the request accepts): a whole body of text, big enough, not compressed
/// already. The cheapest tests come first.
fn worth_compressing(status: StatusCode, headers: &HeaderMap, size: BodySize) -> bool {
    !headers.contains_key(CONTENT_ENCODING)
        && matches!(size, BodySize::Sized(n) if (MIN_BYTES..=MAX_BYTES).contains(&n))
        && !matches!(status, StatusCode::NO_CONTENT | StatusCode::PARTIAL_CONTENT | StatusCode::NOT_MODIFIED)
        && headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(compressible)
}

/// Media types that compress: text, JSON, JavaScript, XML and SVG.
fn compressible(content_type: &str) -> bool {
    let media = content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    media.starts_with("text/") && media != "text/event-stream"
        || ["json", "javascript", "xml", "svg"].iter().any(|kind| media.contains(kind))
}

/// Adds `Accept-Encoding` to `Vary` unless it is there.
fn vary_on_coding(headers: &mut HeaderMap) {
    let named = headers
        .get_all(VARY)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|v| v.trim().eq_ignore_ascii_case(header::ACCEPT_ENCODING.as_str()));
    if !named {
        headers.append(VARY, HeaderValue::from_static("Accept-Encoding"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(header::HeaderName::from_static(name), HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn only_whole_text_bodies_big_enough_and_not_compressed_already_are() {
        let json = [("content-type", "application/json")];
        let big = BodySize::Sized(MIN_BYTES);
        let ok = StatusCode::OK;
        for (coding, status, hdrs, size, expected, why) in [
            (Coding::Gzip, ok, &json[..], big, true, "json, big enough"),
            (Coding::Br, StatusCode::SERVICE_UNAVAILABLE, &json[..], big, true, "an error too"),
            (Coding::Identity, ok, &json[..], big, false, "not accepted"),
            (Coding::Gzip, ok, &json[..], BodySize::Sized(MIN_BYTES - 1), false, "too small"),
            (Coding::Gzip, ok, &json[..], BodySize::Sized(MAX_BYTES + 1), false, "too big to hold"),
            (Coding::Gzip, ok, &json[..], BodySize::Stream, false, "a stream"),
            (Coding::Gzip, ok, &[("content-type", "image/webp")][..], big, false, "an image"),
            (Coding::Gzip, ok, &[("content-type", "text/event-stream")][..], big, false, "events"),
            (Coding::Gzip, ok, &[][..], big, false, "no type"),
            (
                Coding::Gzip,
                ok,
                &[("content-type", "application/json"), ("content-encoding", "br")][..],
                big,
                false,
                "done",
            ),
            (Coding::Gzip, StatusCode::NOT_MODIFIED, &json[..], big, false, "no body"),
        ] {
            let compressed = coding != Coding::Identity && worth_compressing(status, &headers(hdrs), size);
            assert_eq!(compressed, expected, "{why}");
        }
    }

    #[test]
    fn text_json_javascript_xml_and_svg_compress() {
        for (media, expected) in [
            ("text/html; charset=utf-8", true),
            ("text/plain", true),
            ("application/json", true),
            ("application/problem+json", true),
            ("text/javascript", true),
            ("application/xml", true),
            ("image/svg+xml", true),
            ("text/event-stream", false),
            ("image/png", false),
            ("application/octet-stream", false),
        ] {
            assert_eq!(compressible(media), expected, "{media}");
        }
    }

    #[test]
    fn vary_names_the_coding_once() {
        for (before, after) in [
            (&[][..], vec!["Accept-Encoding"]),
            (&[("vary", "Cookie")][..], vec!["Cookie", "Accept-Encoding"]),
            (&[("vary", "accept-encoding, Cookie")][..], vec!["accept-encoding, Cookie"]),
        ] {
            let mut map = headers(before);
            vary_on_coding(&mut map);
            let values: Vec<_> = map.get_all(VARY).filter_map(|v| v.to_str().ok()).collect();
            assert_eq!(values, after, "{before:?}");
        }
    }
}
