//! A fake-store REST server: `GET /products`, `GET /products/{id}` (an unknown id answers
//! 200 with an empty body, as the public API does), `GET /products/categories` and
//! `GET /products/category/{name}`, and product photos under `/img/`. The
//! demo's fake store when none is configured; the test kit adds broken answers on top
//! for the error paths.

use std::collections::HashMap;

use serde_json::Value;

use crate::upstream::{Canned, HttpUpstream};

const PRODUCTS: &str = include_str!("../fixtures/fake_store/products.json");

fn json(value: &Value) -> Canned {
    Canned { status: 200, content_type: "application/json", body: value.to_string().into_bytes() }
}

fn photo(seed: u8) -> Vec<u8> {
    let img = image::RgbImage::from_fn(500, 500, |x, y| {
        let (dx, dy) = (i64::from(x) - 250, i64::from(y) - 250);
        if dx * dx + dy * dy < 140 * 140 {
            image::Rgb([seed.wrapping_mul(40), 90, 150])
        } else {
            image::Rgb([244, 244, 246])
        }
    });
    let mut out = Vec::new();
    let _ = image::DynamicImage::ImageRgb8(img).write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png);
    out
}

/// The store's routes, with URLs in the bodies pointing at `base` (the server's own URL).
#[must_use]
pub fn routes(base: &str) -> HashMap<String, Canned> {
    let products: Value = serde_json::from_str(&PRODUCTS.replace("{base}", base)).unwrap_or(Value::Null);
    let mut routes: HashMap<String, Canned> = HashMap::new();
    routes.insert("/products".into(), json(&products));
    // The categories in order of first appearance, and each one's products. The key is the
    // path as a client percent-encodes it (the fixture's names hold letters, spaces and
    // apostrophes only).
    let mut categories: Vec<&str> = Vec::new();
    for p in products.as_array().into_iter().flatten() {
        if let Some(c) = p["category"].as_str().filter(|c| !categories.contains(c)) {
            categories.push(c);
        }
    }
    routes.insert("/products/categories".into(), json(&Value::from(categories.clone())));
    for name in categories {
        let members: Vec<Value> =
            products.as_array().into_iter().flatten().filter(|p| p["category"] == name).cloned().collect();
        let key = name.replace('\'', "%27").replace(' ', "%20");
        routes.insert(format!("/products/category/{key}"), json(&Value::from(members)));
    }
    for p in products.as_array().into_iter().flatten() {
        let id = p["id"].to_string();
        routes.insert(format!("/products/{id}"), json(p));
        routes.insert(
            format!("/img/{id}.png"),
            Canned { status: 200, content_type: "image/png", body: photo(p["id"].as_u64().unwrap_or(1) as u8) },
        );
    }
    routes
}

/// What the API answers for any other path, such as an unknown product id: 200 with an
/// empty body.
#[must_use]
pub fn unknown() -> Canned {
    Canned { status: 200, content_type: "application/json", body: Vec::new() }
}

/// Starts the store on a free loopback port.
#[must_use]
pub fn start() -> HttpUpstream {
    HttpUpstream::start_with(routes, Some(unknown()))
}

/// The demo shop of `vitrine all`, and the settings that point the adapter at it.
#[must_use]
pub fn demo() -> crate::demo::DemoShop {
    let api = start();
    let url = api.url.clone();
    let settings = vitrine_adapter::Settings::new().with(vitrine_adapter::fake_store::backend::URL, url.clone());
    crate::demo::DemoShop::new(url, settings, move || api.stop())
}
