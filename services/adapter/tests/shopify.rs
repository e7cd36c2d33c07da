//! The Shopify driver against a local GraphQL server that validates every document
//! against the Storefront API 2025-01 schema and demands the access token.

use std::time::Duration;

use tonic::Code;
use vitrine_adapter::shopify::{ShopifyConfig, operations};
use vitrine_common::Shutdown;
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::store::EmbeddedStore;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::{DriverRequest, ProductRequest, ProductsRequest, UrlRequest};
use vitrine_testkit::graphql::{FakeGraphQl, load_schema, validate_document};
use vitrine_testkit::{introspection, shopify};

const TOKEN: &str = "shpat_test_token_0123";

#[test]
fn every_shopify_document_validates_against_the_schema() {
    let mut schemas = vec![("testkit copy".to_owned(), shopify::schema_sdl())];
    // .ci/run points this at ../shared/schemas/shopify-storefront-2025-01.json when it exists.
    if let Ok(path) = std::env::var("VITRINE_SHOPIFY_SCHEMA") {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        schemas.push((path, introspection::to_sdl(&serde_json::from_str(&text).expect("introspection JSON"))));
    }
    for (name, sdl) in schemas {
        let schema = load_schema(&sdl, "shopify.graphql");
        for op in operations::ALL {
            let errors = validate_document(&schema, op.document);
            assert!(errors.is_empty(), "{} against {name}: {errors:?}", op.name);
        }
        assert!(!validate_document(&schema, "query Q { product(handle: \"x\") { noSuchField } }").is_empty());
    }
}

struct Setup {
    shop: FakeGraphQl,
    client: AdapterClient<GrpcChannel>,
    shutdown: Shutdown,
}

impl Drop for Setup {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

async fn setup(token: &str) -> Setup {
    let shop = shopify::start(TOKEN);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    let mut config = vitrine_adapter::Config::new(Backend::Shopify);
    config.shopify = Some(ShopifyConfig::new(&shop.url, token));
    config.upstream_timeout = Duration::from_millis(500);
    let shutdown = Shutdown::new();
    tokio::spawn(vitrine_adapter::serve(
        config,
        std::sync::Arc::new(EmbeddedStore::default()),
        listener,
        shutdown.clone(),
    ));
    let client = AdapterClient::new(vitrine_common::grpc::lazy_channel(&url).expect("url"));
    Setup { shop, client, shutdown }
}

fn url(u: &str) -> UrlRequest {
    UrlRequest { driver: Driver::Shopify.into(), url: u.into() }
}

#[tokio::test(flavor = "multi_thread")]
async fn products_menu_and_routes() {
    let s = setup(TOKEN).await;
    let mut c = s.client.clone();
    let list =
        c.list_products(ProductsRequest { driver: Driver::Shopify.into(), limit: 0 }).await.expect("list").into_inner();
    let handles: Vec<&str> = list.products.iter().map(|p| p.url.as_str()).collect();
    assert_eq!(handles, ["/products/hydrogen-snowboard", "/products/oxygen-wax", "/products/helium-bindings"]);
    assert_eq!(list.products[0].images.len(), 1, "spec §9: only the first image");

    let one = c
        .get_product(ProductRequest { driver: Driver::Shopify.into(), id: "7982853619940".into() })
        .await
        .expect("id")
        .into_inner();
    assert_eq!(
        (one.products[0].name.as_str(), one.products[0].price, one.products[0].in_stock),
        ("Oxygen Wax", Some(24.95), Some(false))
    );
    let by_url = c.get_product_by_url(url("/products/hydrogen-snowboard")).await.expect("url").into_inner();
    assert_eq!(by_url.id, "7982853619939");
    let err = c.get_product_by_url(url("/products/nope")).await.expect_err("missing");
    assert_eq!((err.code(), err.message()), (Code::NotFound, "The platform did not respond with a product."));

    let tree = c.get_navigation(DriverRequest { driver: Driver::Shopify.into() }).await.expect("menu").into_inner();
    let top: Vec<(&str, &str)> = tree.children.iter().map(|n| (n.name.as_str(), n.url.as_str())).collect();
    assert_eq!(top, [("Snowboards", "/collections/snowboards"), ("About", "/pages/about"), ("News", "/blogs/news")]);
    assert_eq!(tree.children[0].children[0].url, "/products/hydrogen-snowboard");

    for (path, code) in [
        ("/products/hydrogen-snowboard", 200),
        ("/products/hydrogen-snowboard.html", 200),
        ("/products/nope", 404),
        ("/collections/snowboards", 404),
    ] {
        assert_eq!(c.resolve(url(path)).await.expect(path).into_inner().code, code, "{path}");
    }
    let received = s.shop.received();
    assert!(
        received.iter().all(|r| r.headers.iter().any(|(k, v)| k == "x-shopify-storefront-access-token" && v == TOKEN))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_token_and_upstream_faults_are_clean_errors_that_never_show_the_token() {
    let wrong = setup("not-the-token").await;
    let err =
        wrong.client.clone().best_sellers(DriverRequest { driver: Driver::Shopify.into() }).await.expect_err("401");
    assert_eq!(err.code(), Code::Unavailable);
    assert!(!err.message().contains("not-the-token"));

    let s = setup(TOKEN).await;
    let mut c = s.client.clone();
    s.shop.fail_with(500);
    let err = c.best_sellers(DriverRequest { driver: Driver::Shopify.into() }).await.expect_err("500");
    assert_eq!((err.code(), err.message()), (Code::Unavailable, "The backend answered with HTTP status 500."));
    s.shop.fail_with(0);
    s.shop.delay(Duration::from_secs(2));
    let err = c.get_navigation(DriverRequest { driver: Driver::Shopify.into() }).await.expect_err("timeout");
    assert_eq!(err.code(), Code::DeadlineExceeded);
    assert!(!err.message().contains(TOKEN));
}
