//! The demo's fake store: the API's answers, photos that resolve, and none of the test
//! kit's broken routes.

use serde_json::Value;
use vitrine_fakes::fake_store;

#[tokio::test(flavor = "multi_thread")]
async fn serves_the_products_and_their_photos_without_broken_routes() {
    let store = fake_store::start();
    let http = reqwest::Client::new();
    let get = |path: &str| http.get(format!("{}{path}", store.url)).send();

    let products: Value = get("/products").await.expect("list").json().await.expect("json");
    let products = products.as_array().expect("an array");
    assert_eq!(products.len(), 6);
    let image = products[0]["image"].as_str().expect("an image url");
    assert!(image.starts_with(&store.url), "{image} points at the store itself");

    let photo = http.get(image).send().await.expect("photo");
    assert_eq!(photo.headers()["content-type"], "image/png");
    assert!(photo.bytes().await.expect("bytes").starts_with(b"\x89PNG"));

    // The test kit's broken answers are not in the demo: these are unknown ids, which the
    // API answers with 200 and an empty body.
    for path in ["/products/500", "/products/777", "/products/99"] {
        let r = get(path).await.expect(path);
        assert_eq!(r.status(), 200, "{path}");
        assert!(r.bytes().await.expect("body").is_empty(), "{path}");
    }
    store.stop().await;
}
