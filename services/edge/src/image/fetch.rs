//! The download: streamed chunk by chunk and dropped (the connection with it) as soon as
//! the body passes the cap, whether or not the host announced a Content-Length.

use crate::error::ApiError;

/// Larger source images are refused rather than held.
pub(crate) const MAX_SOURCE_BYTES: usize = 15 * 1024 * 1024;

/// A source as fetched: an SVG passes through, anything else is decoded.
pub(crate) struct Source {
    pub(crate) is_svg: bool,
    pub(crate) bytes: Vec<u8>,
}

pub(crate) async fn fetch(http: &reqwest::Client, src: &reqwest::Url, cap: usize) -> Result<Source, ApiError> {
    let failed = |e: reqwest::Error| {
        tracing::warn!(%src, error = %e, "image fetch failed");
        ApiError::ImageFetchFailed
    };
    let mut response = http.get(src.clone()).send().await.map_err(failed)?;
    if !response.status().is_success() {
        let status = response.status().as_u16();
        tracing::warn!(%src, status, "image upstream error");
        return Err(if status == 404 { ApiError::ImageNotFound } else { ApiError::ImageFetchFailed });
    }
    let is_svg = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("image/svg+xml"));
    let announced = response.content_length().map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX));
    if announced > cap {
        return Err(too_large(src));
    }
    let mut bytes = Vec::with_capacity(announced);
    while let Some(chunk) = response.chunk().await.map_err(failed)? {
        if bytes.len() + chunk.len() > cap {
            // Dropping the response closes the connection: the rest is never read.
            return Err(too_large(src));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(Source { is_svg, bytes })
}

fn too_large(src: &reqwest::Url) -> ApiError {
    tracing::warn!(%src, "image source over the size cap");
    ApiError::ImageTooLarge
}
