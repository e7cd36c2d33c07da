use super::*;

fn query(src: &str, w: Option<u32>, q: Option<u8>) -> ImageQuery {
    ImageQuery { src: Some(src.to_owned()), w, q }
}

#[test]
fn validation_allows_only_listed_hosts_and_sane_parameters() {
    let allowed = vec!["127.0.0.1:50070".to_owned(), "cdn.shopify.com".to_owned()];
    for (q, expected) in [
        (query("http://127.0.0.1:50070/images/a.svg", None, None), Ok((256, 25))),
        (query("https://cdn.shopify.com/s/x.png", Some(512), Some(60)), Ok((512, 60))),
        (query("http://127.0.0.1:50071/images/a.svg", None, None), Err(403)),
        (query("http://evil.example/x.png", None, None), Err(403)),
        (query("http://cdn.shopify.com.evil.example/x.png", None, None), Err(403)),
        (query("file:///etc/passwd", None, None), Err(400)),
        (query("/relative.png", None, None), Err(400)),
        (query("https://cdn.shopify.com/x.png", Some(8), None), Err(400)),
        (query("https://cdn.shopify.com/x.png", Some(4096), None), Err(400)),
        (query("https://cdn.shopify.com/x.png", None, Some(0)), Err(400)),
        (ImageQuery { src: None, w: None, q: None }, Err(400)),
    ] {
        let got = validate(&q, &allowed).map(|r| (r.width, r.quality)).map_err(|e| e.parts().0.as_u16());
        assert_eq!(got, expected, "{:?}", q.src);
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
    assert!(resize_to_jpeg(b"<html>not an image</html>", 256, 25).is_err());
}
