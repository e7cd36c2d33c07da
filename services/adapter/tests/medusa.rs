//! The Medusa driver against the Medusa demo shop over real HTTP: a Store API server that
//! checks every request's path and query against Medusa's OpenAPI document and demands
//! the publishable key.

use std::time::Duration;

use tonic::Code;
use vitrine_adapter::medusa::backend;
use vitrine_common::grpc::GrpcChannel;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::{
    CategoryRequest, DescribeRequest, DriverRequest, ProductRequest, ProductSort, ProductsRequest, SearchRequest,
    UrlRequest,
};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::medusa::{self, DEMO_KEY, MedusaShop, REGION_ID};
use vitrine_testkit::shared_documents::check_medusa_requests;

struct Setup {
    shop: MedusaShop,
    client: AdapterClient<GrpcChannel>,
    _adapter: RunningAdapter,
}

/// The adapter in front of a demo shop that accepts [`DEMO_KEY`], sending `key`.
async fn setup(key: &str, region: Option<&str>) -> Setup {
    let shop = medusa::start(DEMO_KEY);
    let mut config = vitrine_adapter::Config::new(Backend::Medusa);
    config.set(Backend::Medusa, backend::URL, shop.url.clone());
    config.set(Backend::Medusa, backend::PUBLISHABLE_KEY, key);
    config.set(Backend::Medusa, backend::REGION_ID, region.unwrap_or_default());
    config.upstream_timeout = Duration::from_millis(500);
    let adapter = RunningAdapter::start(config).await;
    Setup { shop, client: adapter.client(), _adapter: adapter }
}

fn url(u: &str) -> UrlRequest {
    UrlRequest { driver: Driver::Medusa.into(), url: u.into(), fresh_after_ms: 0 }
}

fn driver() -> DriverRequest {
    DriverRequest { driver: Driver::Medusa.into(), fresh_after_ms: 0 }
}

#[tokio::test(flavor = "multi_thread")]
async fn menu_products_prices_and_routes() {
    let s = setup(DEMO_KEY, None).await;
    let mut c = s.client.clone();
    assert!(c.describe(DescribeRequest {}).await.expect("describe").into_inner().configured);

    let tree = c.get_navigation(driver()).await.expect("menu").into_inner();
    let top: Vec<&str> = tree.children.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(top, ["Clothing", "Accessories", "Home"], "the store's top categories in rank order");
    let tops = &tree.children[0].children[0];
    assert_eq!((tops.name.as_str(), tops.children[0].url.as_str()), ("Tops", "/categories/clothing/tops/t-shirts"));

    let best = c.best_sellers(driver()).await.expect("best sellers").into_inner().products;
    let names: Vec<&str> = best.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Medusa Hoodie", "Medusa T-Shirt", "Medusa Sweatpants", "Canvas Tote"], "the default order");
    let hoodie = &best[0];
    assert_eq!((hoodie.price, hoodie.currency.as_deref()), (Some(6000), Some("EUR")), "the region's regular price");
    assert_eq!(hoodie.discount.map(|d| (d.amount, d.percent)), Some((1500, 25.0)));
    let description = hoodie.description.clone().unwrap_or_default();
    assert!(description.contains("&lt;script&gt;") && !description.contains("<script"), "{description}");
    let all = c
        .list_products(ProductsRequest { driver: Driver::Medusa.into(), limit: 0, fresh_after_ms: 0 })
        .await
        .expect("list")
        .into_inner();
    assert_eq!(all.products.len(), 32);

    let by_url = c.get_product_by_url(url("/products/canvas-tote")).await.expect("by handle").into_inner();
    assert_eq!((by_url.id.as_str(), by_url.products[0].price), ("prod_01TOTE", Some(1950)));
    let by_id = c
        .get_product(ProductRequest { driver: Driver::Medusa.into(), id: "prod_01MUG".into(), fresh_after_ms: 0 })
        .await
        .expect("by id")
        .into_inner();
    assert_eq!((by_id.products[0].name.as_str(), by_id.products[0].in_stock), ("Enamel Mug", Some(false)));

    for (path, code, kind) in [
        ("/products/medusa-hoodie", 200, Some("PRODUCT")),
        ("/categories/clothing/tops", 200, Some("CATEGORY")),
        ("/categories/accessories", 200, Some("CATEGORY")),
        ("/products/no-such-thing", 404, None),
        ("/categories/tops", 404, None),
        ("/categories/clothing/hoodies", 404, None),
        ("/medusa-hoodie", 404, None),
    ] {
        let r = c.resolve(url(path)).await.expect(path).into_inner();
        assert_eq!((r.code, r.r#type.as_deref()), (code, kind), "{path}");
    }
    let product = c.resolve(url("/products/medusa-hoodie")).await.expect("resolve").into_inner();
    assert_eq!(
        (product.id.as_deref(), product.url.as_deref()),
        (Some("prod_01HOODIE"), Some("products/medusa-hoodie"))
    );

    let missing = c.get_product_by_url(url("/products/nope")).await.expect_err("unknown handle");
    assert_eq!((missing.code(), missing.message()), (Code::NotFound, "The platform did not respond with a product."));
    let missing = c
        .get_product(ProductRequest { driver: Driver::Medusa.into(), id: "prod_nope".into(), fresh_after_ms: 0 })
        .await
        .expect_err("unknown id");
    assert_eq!(missing.code(), Code::NotFound);

    assert!(s.shop.invalid().is_empty(), "every request matched the OpenAPI document: {:?}", s.shop.invalid());
    check_medusa_requests(&s.shop.received());
    let received = s.shop.received();
    assert!(received.iter().all(|r| r.key.as_deref() == Some(DEMO_KEY)), "every request carries the key");
    let regions = received.iter().filter(|r| r.path_and_query.starts_with("/store/regions")).count();
    assert_eq!(regions, 1, "the first region is read once");
    assert!(received.iter().any(|r| r.path_and_query.contains(&format!("region_id={REGION_ID}"))));
}

#[tokio::test(flavor = "multi_thread")]
async fn category_pages_search_and_orders() {
    let s = setup(DEMO_KEY, Some(REGION_ID)).await;
    let mut c = s.client.clone();
    let category = |url: &str, page: u32, sort: ProductSort| CategoryRequest {
        driver: Driver::Medusa.into(),
        url: url.into(),
        page,
        sort: sort.into(),
        fresh_after_ms: 0,
    };
    let tees = "/categories/clothing/tops/t-shirts";
    let first = c.get_category_page(category(tees, 1, ProductSort::Position)).await.expect("page 1").into_inner();
    let listing = first.listing.expect("listing");
    assert_eq!((listing.total_count, listing.products.len()), (26, 24));
    assert_eq!(listing.sorts, [i32::from(ProductSort::Position), i32::from(ProductSort::Name)], "no price orders");
    let crumbs: Vec<String> = first.category.expect("category").breadcrumbs.iter().map(|b| b.name.clone()).collect();
    assert_eq!(crumbs, ["Clothing", "Tops"]);
    let second = c.get_category_page(category(tees, 2, ProductSort::Name)).await.expect("page 2").into_inner();
    let names: Vec<String> = second.listing.expect("listing").products.iter().map(|p| p.name.clone()).collect();
    assert_eq!(names, ["Ochre V-Neck Tee", "Olive Crew Tee"], "by title, the last two of 26");

    // A parent lists what its descendants hold.
    let clothing = c.get_category_page(category("/categories/clothing", 1, ProductSort::Name)).await.expect("parent");
    assert_eq!(clothing.into_inner().listing.expect("listing").total_count, 29, "26 tees, a hoodie, two bottoms");
    let missing = c.get_category_page(category("/categories/nope", 1, ProductSort::Position)).await;
    assert_eq!(missing.expect_err("unknown").code(), Code::NotFound);

    let search = |query: &str| SearchRequest {
        driver: Driver::Medusa.into(),
        query: query.into(),
        page: 1,
        sort: ProductSort::Position.into(),
        fresh_after_ms: 0,
    };
    let found = c.search(search("hoodie")).await.expect("search").into_inner();
    assert_eq!(found.products.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["Medusa Hoodie"]);
    assert_eq!(c.search(search("nothing like this")).await.expect("empty").into_inner().total_count, 0);
    let categories = c.list_categories(driver()).await.expect("categories").into_inner().categories;
    assert_eq!(
        categories.iter().map(|n| n.url.as_str()).collect::<Vec<_>>(),
        ["/categories/clothing", "/categories/accessories", "/categories/home"]
    );
    assert!(s.shop.invalid().is_empty(), "{:?}", s.shop.invalid());
    check_medusa_requests(&s.shop.received());
    assert!(!s.shop.received().iter().any(|r| r.path_and_query.starts_with("/store/regions")), "configured region");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_missing_or_wrong_key_says_which_setting_to_check_and_never_shows_the_key() {
    for key in ["", "pk_wrong_key_value"] {
        let s = setup(key, Some(REGION_ID)).await;
        let mut c = s.client.clone();
        assert!(c.describe(DescribeRequest {}).await.expect("describe").into_inner().configured, "settings given");
        for err in [
            c.best_sellers(driver()).await.expect_err("refused"),
            c.get_navigation(driver()).await.expect_err("refused"),
            c.resolve(url("/products/medusa-hoodie")).await.expect_err("refused"),
        ] {
            assert_eq!(err.code(), Code::FailedPrecondition, "{key:?}");
            assert!(err.message().contains("VITRINE_MEDUSA_PUBLISHABLE_KEY"), "{key:?}: {}", err.message());
            assert!(key.is_empty() || !err.message().contains(key), "the key is never shown");
        }
        let sent = s.shop.received().first().and_then(|r| r.key.clone());
        assert_eq!(sent, Some(key.to_owned()).filter(|k| !k.is_empty()), "an empty key sends no header");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn server_errors_timeouts_and_garbage_fail_like_the_other_backends() {
    let s = setup(DEMO_KEY, Some(REGION_ID)).await;
    let mut c = s.client.clone();
    s.shop.fail_with(Some(500));
    let err = c.best_sellers(driver()).await.expect_err("500");
    assert_eq!((err.code(), err.message()), (Code::Unavailable, "The backend answered with HTTP status 500."));
    s.shop.fail_with(None);

    s.shop.garbage(true);
    let err = c.get_navigation(driver()).await.expect_err("garbage");
    assert_eq!(err.code(), Code::Unavailable);
    assert_eq!(err.message(), "The backend answered with something that is not a valid response.");
    s.shop.garbage(false);

    s.shop.delay(Duration::from_secs(2));
    let err = c.get_product_by_url(url("/products/logo-cap")).await.expect_err("timeout");
    assert_eq!((err.code(), err.message()), (Code::DeadlineExceeded, "The backend did not answer in time."));
    s.shop.delay(Duration::ZERO);

    // Failures were not cached: the shop answers again.
    assert_eq!(c.best_sellers(driver()).await.expect("recovered").into_inner().products.len(), 4);
    assert!(c.get_navigation(driver()).await.is_ok());
}

#[tokio::test(flavor = "multi_thread")]
async fn without_settings_medusa_is_coming_soon() {
    let adapter = RunningAdapter::start(vitrine_adapter::Config::new(Backend::Medusa)).await;
    let mut c = adapter.client();
    assert!(!c.describe(DescribeRequest {}).await.expect("describe").into_inner().configured);
    let err = c.best_sellers(driver()).await.expect_err("coming soon");
    assert_eq!(
        (err.code(), err.message()),
        (Code::FailedPrecondition, "The medusa driver is coming soon; it cannot be used yet.")
    );
}
