//! GET /img?src=…&w=256&q=25: the image service (spec §9: quality 25, default width
//! 256). Only hosts on the allow-list are fetched (no open proxy). Raster images are
//! resized to `w` (never enlarged) and re-encoded as JPEG at quality `q`; SVGs, which
//! scale by themselves, pass through under a script-free CSP. Results are cached in the
//! store for a day and sent with long cache headers.

use std::io::Cursor;
use std::time::Duration;

use actix_web::{HttpResponse, web};
use image::ImageReader;
use image::codecs::jpeg::JpegEncoder;
use serde::Deserialize;

use crate::AppState;
use crate::error::ApiError;

/// spec §9 defaults.
const DEFAULT_WIDTH: u32 = 256;
const DEFAULT_QUALITY: u8 = 25;
const MAX_WIDTH: u32 = 2048;
/// Larger source images are refused rather than decoded.
const MAX_SOURCE_BYTES: usize = 15 * 1024 * 1024;
const CACHE_TTL: Duration = Duration::from_secs(24 * 3600);
const CACHE_CONTROL: &str = "public, max-age=86400, stale-while-revalidate=604800";

#[derive(Deserialize)]
pub(crate) struct ImageQuery {
    src: Option<String>,
    w: Option<u32>,
    q: Option<u8>,
}

/// The validated request: an allowed absolute URL, a width and a quality.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ImageRequest {
    pub(crate) src: reqwest::Url,
    pub(crate) width: u32,
    pub(crate) quality: u8,
}

/// `host:port` of a URL, with the scheme's default port made explicit.
fn authority(url: &reqwest::Url) -> Option<String> {
    Some(format!("{}:{}", url.host_str()?, url.port_or_known_default()?))
}

/// Pure validation, table-tested: parameters in range, http(s), host allowed.
/// An allow-list entry is `host` (any port) or `host:port`.
pub(crate) fn validate(query: &ImageQuery, allowed: &[String]) -> Result<ImageRequest, ApiError> {
    let raw = query.src.as_deref().ok_or(ApiError::ImageSrcMissing)?;
    let src = reqwest::Url::parse(raw).map_err(|_| ApiError::ImageSrcNotAbsolute)?;
    if !matches!(src.scheme(), "http" | "https") {
        return Err(ApiError::ImageSrcNotHttp);
    }
    let width = query.w.unwrap_or(DEFAULT_WIDTH);
    if !(16..=MAX_WIDTH).contains(&width) {
        return Err(ApiError::ImageWidthOutOfRange { max: MAX_WIDTH });
    }
    let quality = query.q.unwrap_or(DEFAULT_QUALITY);
    if !(1..=100).contains(&quality) {
        return Err(ApiError::ImageQualityOutOfRange);
    }
    let host = src.host_str().unwrap_or_default();
    let with_port = authority(&src).unwrap_or_default();
    if !allowed.iter().any(|a| a == host || *a == with_port) {
        return Err(ApiError::ImageHostNotAllowed);
    }
    Ok(ImageRequest { src, width, quality })
}

/// Resizes a raster image to `width` (keeping its aspect, never enlarging) and encodes
/// it as JPEG at `quality`.
pub(crate) fn resize_to_jpeg(bytes: &[u8], width: u32, quality: u8) -> Result<Vec<u8>, String> {
    let img = ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|e| e.to_string())?;
    let img = img.decode().map_err(|e| e.to_string())?;
    let img = if img.width() > width {
        let height = (u64::from(img.height()) * u64::from(width) / u64::from(img.width())).max(1);
        img.resize_exact(width, u32::try_from(height).unwrap_or(1), image::imageops::FilterType::Triangle)
    } else {
        img
    };
    let mut out = Vec::new();
    img.to_rgb8().write_with_encoder(JpegEncoder::new_with_quality(&mut out, quality)).map_err(|e| e.to_string())?;
    Ok(out)
}

struct Rendered {
    content_type: &'static str,
    bytes: Vec<u8>,
}

fn cache_key(req: &ImageRequest) -> String {
    format!("vitrine:img:{}:{}:{}", req.width, req.quality, req.src)
}

async fn render(state: &AppState, req: &ImageRequest) -> Result<Rendered, ApiError> {
    let response = state.http.get(req.src.clone()).send().await.map_err(|e| {
        tracing::warn!(src = %req.src, error = %e, "image fetch failed");
        ApiError::ImageFetchFailed
    })?;
    if !response.status().is_success() {
        let status = response.status().as_u16();
        tracing::warn!(src = %req.src, status, "image upstream error");
        return Err(if status == 404 { ApiError::ImageNotFound } else { ApiError::ImageFetchFailed });
    }
    let is_svg = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("image/svg+xml"));
    if response.content_length().is_some_and(|n| n > MAX_SOURCE_BYTES as u64) {
        return Err(ApiError::ImageTooLarge);
    }
    let bytes = response.bytes().await.map_err(|_| ApiError::ImageFetchFailed)?;
    if bytes.len() > MAX_SOURCE_BYTES {
        return Err(ApiError::ImageTooLarge);
    }
    if is_svg {
        return Ok(Rendered { content_type: "image/svg+xml", bytes: bytes.to_vec() });
    }
    let (width, quality) = (req.width, req.quality);
    let jpeg = web::block(move || resize_to_jpeg(&bytes, width, quality))
        .await
        .map_err(|_| ApiError::ImageNotProcessed)?
        .map_err(|e| {
            tracing::warn!(src = %req.src, error = %e, "undecodable image");
            ApiError::ImageUndecodable
        })?;
    Ok(Rendered { content_type: "image/jpeg", bytes: jpeg })
}

pub(crate) async fn serve(state: web::Data<AppState>, query: web::Query<ImageQuery>) -> Result<HttpResponse, ApiError> {
    let req = validate(&query, &state.image_hosts)?;
    let key = cache_key(&req);
    let rendered = match state.store.get(&key).await {
        Ok(Some(cached)) if !cached.is_empty() => {
            let (kind, bytes) = cached.split_at(1);
            let content_type = if kind == b"s" { "image/svg+xml" } else { "image/jpeg" };
            Rendered { content_type, bytes: bytes.to_vec() }
        }
        _ => {
            let rendered = render(&state, &req).await?;
            let mut value = Vec::with_capacity(rendered.bytes.len() + 1);
            value.push(if rendered.content_type == "image/svg+xml" { b's' } else { b'j' });
            value.extend_from_slice(&rendered.bytes);
            if let Err(e) = state.store.set(&key, &value, Some(CACHE_TTL)).await {
                tracing::warn!(error = %e, "image cache write failed");
            }
            rendered
        }
    };
    let mut res = HttpResponse::Ok();
    res.content_type(rendered.content_type).insert_header(("Cache-Control", CACHE_CONTROL));
    if rendered.content_type == "image/svg+xml" {
        // An SVG opened directly must not run script.
        res.insert_header(("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox"));
    }
    Ok(res.body(rendered.bytes))
}

#[cfg(test)]
mod tests;
