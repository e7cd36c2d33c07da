//! GET /img?src=…&w=256: the image service (quality 25, default width 256).
//!
//! - [`request`]: what is accepted (widths of the SPA's srcset, the fixed quality) and the
//!   normalised cache key `(src, w)`.
//! - [`source`]: the allow-list, host + path prefix, derived from the configured backends.
//! - [`fetch`]: the streamed download, stopped at the size cap.
//! - [`decode`]: decoding under dimension and allocation limits, resize, JPEG.
//!
//! Raster images are resized to `w` (never enlarged) and re-encoded as JPEG; SVGs, which
//! scale by themselves, pass through under a script-free CSP. Results are cached in the
//! store for a day and sent with long cache headers.
//!
//! Memory is bounded by admission: at most `image_decodes` renders (fetch + decode) run at
//! once, each holding at most the source cap plus the decode cap; up to `image_queue` more
//! wait their turn (each wait is bounded by the running renders' fetch timeout); any
//! request beyond those is answered 503 at once rather than queued without end. Cache hits
//! take no permit.

mod decode;
mod fetch;
mod request;
mod source;

use std::sync::Arc;
use std::time::Duration;

use actix_web::{HttpResponse, web};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

pub use source::{ImageSource, InvalidImageSource};

use self::request::{ImageQuery, ImageRequest, QUALITY};
use crate::AppState;
use crate::error::ApiError;

const CACHE_TTL: Duration = Duration::from_secs(24 * 3600);
const CACHE_CONTROL: &str = crate::headers::cache_control::IMAGE;
const SVG: &str = "image/svg+xml";
const JPEG: &str = "image/jpeg";

/// The image service's share of the edge: its allow-list, its HTTP client and its permits.
pub(crate) struct ImageService {
    sources: Vec<ImageSource>,
    http: reqwest::Client,
    /// Renders running or waiting; when none is left, the request is refused at once.
    admitted: Arc<Semaphore>,
    /// Renders running.
    running: Arc<Semaphore>,
}

impl ImageService {
    /// # Errors
    /// When the HTTP client cannot be built.
    pub(crate) fn new(config: &crate::Config) -> anyhow::Result<Self> {
        let decodes = config.image_decodes.max(1);
        Ok(Self {
            sources: config.image_sources.clone(),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(8))
                .connect_timeout(Duration::from_secs(2))
                .redirect(reqwest::redirect::Policy::none())
                .build()?,
            admitted: Arc::new(Semaphore::new(decodes + config.image_queue)),
            running: Arc::new(Semaphore::new(decodes)),
        })
    }

    /// Both permits, owned, so a render keeps them until its decode has finished even
    /// when the visitor has gone away meanwhile.
    async fn permits(&self) -> Result<(OwnedSemaphorePermit, OwnedSemaphorePermit), ApiError> {
        let admitted = self.admitted.clone().try_acquire_owned().map_err(|_| {
            tracing::warn!("image service full; refusing a render");
            ApiError::ImageBusy
        })?;
        let running = self.running.clone().acquire_owned().await.map_err(|_| ApiError::ImageBusy)?;
        Ok((admitted, running))
    }

    async fn render(&self, req: &ImageRequest) -> Result<Rendered, ApiError> {
        let permits = self.permits().await?;
        let source = fetch::fetch(&self.http, &req.src, fetch::MAX_SOURCE_BYTES).await?;
        if source.is_svg {
            return Ok(Rendered { content_type: SVG, bytes: source.bytes });
        }
        let width = req.width;
        let jpeg = web::block(move || {
            let _permits = permits;
            decode::resize_to_jpeg(&source.bytes, width, QUALITY)
        })
        .await
        .map_err(|_| ApiError::ImageNotProcessed)?
        .map_err(|e| {
            let (detail, error) = match e {
                decode::DecodeError::OverLimits(d) => (d, ApiError::ImageDimensionsTooLarge { max: decode::MAX_SIDE }),
                decode::DecodeError::Unreadable(d) => (d, ApiError::ImageUndecodable),
            };
            tracing::warn!(src = %req.src, error = %detail, "image not decoded");
            error
        })?;
        Ok(Rendered { content_type: JPEG, bytes: jpeg })
    }
}

struct Rendered {
    content_type: &'static str,
    bytes: Vec<u8>,
}

impl Rendered {
    /// The store's value: one byte for the type, then the bytes.
    fn to_cached(&self) -> Vec<u8> {
        let mut value = Vec::with_capacity(self.bytes.len() + 1);
        value.push(if self.content_type == SVG { b's' } else { b'j' });
        value.extend_from_slice(&self.bytes);
        value
    }

    fn from_cached(cached: &[u8]) -> Option<Self> {
        let (kind, bytes) = cached.split_first()?;
        Some(Self { content_type: if *kind == b's' { SVG } else { JPEG }, bytes: bytes.to_vec() })
    }
}

pub(crate) async fn serve(state: web::Data<AppState>, query: web::Query<ImageQuery>) -> Result<HttpResponse, ApiError> {
    let req = request::validate(&query, &state.images.sources)?;
    let key = req.cache_key();
    let cached = state.store.get(&key).await.ok().flatten();
    let rendered = match cached.as_deref().and_then(Rendered::from_cached) {
        Some(hit) => hit,
        None => {
            let rendered = state.images.render(&req).await?;
            if let Err(e) = state.store.set(&key, &rendered.to_cached(), Some(CACHE_TTL)).await {
                tracing::warn!(error = %e, "image cache write failed");
            }
            rendered
        }
    };
    let mut res = HttpResponse::Ok();
    res.content_type(rendered.content_type).insert_header(("Cache-Control", CACHE_CONTROL));
    if rendered.content_type == SVG {
        // An SVG opened directly must not run script.
        res.insert_header(("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox"));
    }
    Ok(res.body(rendered.bytes))
}

#[cfg(test)]
mod tests;
