//! Reading an answer as a browser does: its body decoded from its `Content-Encoding`.

use std::io::Read;

use reqwest::header::CONTENT_ENCODING;

/// `res`'s coding (`identity` without one), its body decoded, and its size on the wire.
pub(crate) async fn decoded(res: reqwest::Response) -> (String, Vec<u8>, usize) {
    let coding = res.headers().get(CONTENT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or("identity").to_owned();
    let raw = res.bytes().await.expect("body");
    let mut plain = Vec::new();
    match coding.as_str() {
        "br" => brotli::Decompressor::new(&raw[..], 4096).read_to_end(&mut plain).map(|_| ()),
        "gzip" => flate2::read::GzDecoder::new(&raw[..]).read_to_end(&mut plain).map(|_| ()),
        _ => {
            plain = raw.to_vec();
            Ok(())
        }
    }
    .expect("decodes");
    (coding, plain, raw.len())
}
