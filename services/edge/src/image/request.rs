//! What `/img` accepts (pure, table-tested): an absolute http(s) `src` under an allowed
//! source, a width from the SPA's srcset, and the spec's fixed quality. Everything else
//! in the query is ignored, so the cache key is `(src, w)` and nothing a visitor adds
//! makes a new entry.

use serde::Deserialize;

use super::ImageSource;
use crate::error::ApiError;
use crate::image_widths::WIDTHS;

/// Quality 25. Fixed: `q` may be left out or be 25, nothing else (a second
/// value would be a second cache entry for the same picture).
pub(crate) const QUALITY: u8 = 25;

/// Unknown parameters are ignored (serde's default), and never reach the key.
#[derive(Deserialize)]
pub(crate) struct ImageQuery {
    pub(crate) src: Option<String>,
    pub(crate) w: Option<u32>,
    pub(crate) q: Option<u8>,
}

/// The validated request: an allowed absolute URL (without fragment) and a width.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ImageRequest {
    pub(crate) src: reqwest::Url,
    pub(crate) width: u32,
}

impl ImageRequest {
    /// The store key: width, quality and source only. The quality is in the key so a
    /// change of the spec's value would not serve the old renders.
    pub(crate) fn cache_key(&self) -> String {
        format!("vitrine:img:{}:{QUALITY}:{}", self.width, self.src)
    }
}

pub(crate) fn validate(query: &ImageQuery, allowed: &[ImageSource]) -> Result<ImageRequest, ApiError> {
    let raw = query.src.as_deref().ok_or(ApiError::ImageSrcMissing)?;
    let mut src = reqwest::Url::parse(raw).map_err(|_| ApiError::ImageSrcNotAbsolute)?;
    if !matches!(src.scheme(), "http" | "https") {
        return Err(ApiError::ImageSrcNotHttp);
    }
    let width = query.w.unwrap_or(WIDTHS[0]);
    if !WIDTHS.contains(&width) {
        return Err(ApiError::ImageWidthNotOffered);
    }
    if query.q.is_some_and(|q| q != QUALITY) {
        return Err(ApiError::ImageQualityFixed);
    }
    if !allowed.iter().any(|a| a.allows(&src)) {
        return Err(ApiError::ImageSourceNotAllowed);
    }
    // Never sent to the host; not part of the key either.
    src.set_fragment(None);
    Ok(ImageRequest { src, width })
}
