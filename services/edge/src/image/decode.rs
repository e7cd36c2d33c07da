//! Decoding under limits, then resizing and JPEG encoding. The limits are read from the
//! header before any pixel buffer exists, so a small file declaring a huge picture (a
//! decompression bomb) is refused without allocating it.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::{ImageError, ImageReader, Limits};

/// The largest picture decoded, per side: well above any product photo a shop serves.
pub(crate) const MAX_SIDE: u32 = 4096;
/// The most one decode may allocate: a 4096 × 4096 RGBA picture.
const MAX_DECODE_BYTES: u64 = 64 * 1024 * 1024;

#[derive(Debug)]
pub(crate) enum DecodeError {
    /// The picture is larger than [`MAX_SIDE`] or would need more than the allocation cap.
    OverLimits(String),
    /// Not a picture in a format this service reads.
    Unreadable(String),
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    limits
}

fn classify(e: ImageError) -> DecodeError {
    match e {
        ImageError::Limits(_) => DecodeError::OverLimits(e.to_string()),
        other => DecodeError::Unreadable(other.to_string()),
    }
}

/// Resizes a raster image to `width` (keeping its aspect, never enlarging) and encodes
/// it as JPEG at `quality`.
pub(crate) fn resize_to_jpeg(bytes: &[u8], width: u32, quality: u8) -> Result<Vec<u8>, DecodeError> {
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|e| classify(e.into()))?;
    reader.limits(limits());
    let img = reader.decode().map_err(classify)?;
    let img = if img.width() > width {
        let height = (u64::from(img.height()) * u64::from(width) / u64::from(img.width())).max(1);
        img.resize_exact(width, u32::try_from(height).unwrap_or(1), image::imageops::FilterType::Triangle)
    } else {
        img
    };
    let mut out = Vec::new();
    img.to_rgb8().write_with_encoder(JpegEncoder::new_with_quality(&mut out, quality)).map_err(classify)?;
    Ok(out)
}
