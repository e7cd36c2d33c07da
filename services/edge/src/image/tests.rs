use std::io::Cursor;

use super::decode::{DecodeError, resize_to_jpeg};
use super::request::validate;
use super::*;

fn query(src: &str, w: Option<u32>, q: Option<u8>) -> ImageQuery {
    ImageQuery { src: Some(src.to_owned()), w, q }
}

fn sources(entries: &[&str]) -> Vec<ImageSource> {
    entries.iter().map(|e| e.parse().expect("a valid entry")).collect()
}

#[test]
fn validation_allows_only_listed_image_paths_and_the_offered_widths() {
    let allowed = sources(&["http://127.0.0.1:50070/images/", "cdn.shopify.com/s/files/"]);
    for (q, expected) in [
        // The scheme is pinned as the host is: an entry without one is https only.
        (query("http://cdn.shopify.com/s/files/x.png", None, None), Err(403)),
        (query("https://127.0.0.1:50070/images/a.svg", None, None), Err(403)),
        (query("http://127.0.0.1:50070/images/a.svg", None, None), Ok(256)),
        (query("https://cdn.shopify.com/s/files/1/x.png?v=3", Some(512), Some(25)), Ok(512)),
        (query("https://cdn.shopify.com/s/files/x.png", Some(768), None), Ok(768)),
        (query("http://127.0.0.1:50070/api/commands/resetDb", None, None), Err(403)),
        (query("http://127.0.0.1:50070/images/../api/commands/resetDb", None, None), Err(403)),
        (query("http://127.0.0.1:50070/images/%2e%2e/api/commands/resetDb", None, None), Err(403)),
        (query("http://127.0.0.1:50070/images/..%2Fapi%2FresetDb", None, None), Err(403)),
        (query("http://127.0.0.1:50070/imagesX/a.svg", None, None), Err(403)),
        (query("http://127.0.0.1:50071/images/a.svg", None, None), Err(403)),
        (query("http://evil.example/s/files/x.png", None, None), Err(403)),
        (query("http://cdn.shopify.com.evil.example/s/files/x.png", None, None), Err(403)),
        (query("https://cdn.shopify.com/x.png", None, None), Err(403)),
        (query("file:///etc/passwd", None, None), Err(400)),
        (query("/relative.png", None, None), Err(400)),
        (query("https://cdn.shopify.com/s/files/x.png", Some(255), None), Err(400)),
        (query("https://cdn.shopify.com/s/files/x.png", Some(4096), None), Err(400)),
        (query("https://cdn.shopify.com/s/files/x.png", None, Some(60)), Err(400)),
        (ImageQuery { src: None, w: None, q: None }, Err(400)),
    ] {
        let got = validate(&q, &allowed).map(|r| r.width).map_err(|e| e.parts().0.as_u16());
        assert_eq!(got, expected, "{:?}", q.src);
    }
}

#[test]
fn the_cache_key_is_width_and_source_without_fragment() {
    let allowed = sources(&["cdn.shopify.com/s/files/"]);
    let key = |src: &str, w| validate(&query(src, w, None), &allowed).expect("valid").cache_key();
    assert_eq!(
        key("https://cdn.shopify.com/s/files/a.png#x", None),
        "vitrine:img:256:25:https://cdn.shopify.com/s/files/a.png"
    );
    assert_eq!(
        key("https://CDN.shopify.com/s/files/a.png", Some(256)),
        key("https://cdn.shopify.com/s/files/a.png", None)
    );
    assert_ne!(
        key("https://cdn.shopify.com/s/files/a.png", Some(512)),
        key("https://cdn.shopify.com/s/files/a.png", None)
    );
}

#[test]
fn sources_parse_as_host_port_and_path() {
    for (entry, shown) in [
        ("http://mock-data:50070/images/", Some("http://mock-data:50070/images/")),
        ("cdn.shopify.com/s/files", Some("https://cdn.shopify.com/s/files/")),
        ("http://shop.test/media/catalog/product/", Some("http://shop.test/media/catalog/product/")),
        ("HTTPS://shop.test/media/", Some("https://shop.test/media/")),
        ("127.0.0.1:9/", Some("https://127.0.0.1:9/")),
        ("ftp://shop.test/media/", None),
        ("file:///etc/", None),
        ("cdn.shopify.com", None),
        ("/images/", None),
        ("", None),
    ] {
        let got = entry.parse::<ImageSource>().ok().map(|s| s.to_string());
        assert_eq!(got.as_deref(), shown, "{entry:?}");
    }
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 128]));
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .expect("encode png");
    out
}

#[test]
fn raster_images_shrink_to_the_width_and_never_grow() {
    for ((w, h), target, expected) in
        [((800, 600), 256, (256, 192)), ((100, 50), 256, (100, 50)), ((1000, 1000), 512, (512, 512))]
    {
        let jpeg = resize_to_jpeg(&png(w, h), target, 25).expect("resize");
        let out = image::load_from_memory_with_format(&jpeg, image::ImageFormat::Jpeg).expect("a jpeg");
        assert_eq!((out.width(), out.height()), expected, "{w}x{h} → {target}");
    }
}

#[test]
fn lower_quality_is_smaller_and_garbage_is_an_error() {
    let source = png(600, 600);
    let low = resize_to_jpeg(&source, 600, 25).expect("q25");
    let high = resize_to_jpeg(&source, 600, 95).expect("q95");
    assert!(low.len() < high.len(), "q25 {} < q95 {}", low.len(), high.len());
    assert!(matches!(resize_to_jpeg(b"<html>not an image</html>", 256, 25), Err(DecodeError::Unreadable(_))));
}

#[test]
fn pictures_past_the_side_limit_are_refused_before_decoding() {
    assert!(resize_to_jpeg(&png(decode::MAX_SIDE, 2), 256, 25).is_ok());
    assert!(matches!(resize_to_jpeg(&png(decode::MAX_SIDE + 1, 1), 256, 25), Err(DecodeError::OverLimits(_))));
    assert!(matches!(resize_to_jpeg(&png(1, decode::MAX_SIDE + 1), 256, 25), Err(DecodeError::OverLimits(_))));
}
