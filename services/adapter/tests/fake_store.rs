//! The fake-store driver against a local REST server speaking the fake-store API.

use tonic::Code;
use vitrine_common::grpc::GrpcChannel;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::{DriverRequest, ProductRequest, ProductsRequest, UrlRequest};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::fake_store;
use vitrine_testkit::upstream::HttpUpstream;

struct Setup {
    _store_api: HttpUpstream,
    client: AdapterClient<GrpcChannel>,
    _adapter: RunningAdapter,
}

async fn setup() -> Setup {
    let api = fake_store::start();
    let mut config = vitrine_adapter::Config::new(Backend::Fake);
    config.set(Backend::Fake, vitrine_adapter::fake_store::backend::URL, api.url.clone());
    let adapter = RunningAdapter::start(config).await;
    Setup { _store_api: api, client: adapter.client(), _adapter: adapter }
}

fn url(u: &str) -> UrlRequest {
    UrlRequest { driver: Driver::Fake.into(), url: u.into(), fresh_after_ms: 0 }
}

#[tokio::test(flavor = "multi_thread")]
async fn products_by_list_id_and_url() {
    let s = setup().await;
    let mut c = s.client.clone();
    let list = c
        .list_products(ProductsRequest { driver: Driver::Fake.into(), limit: 0, fresh_after_ms: 0 })
        .await
        .expect("list")
        .into_inner();
    assert_eq!(list.products.len(), 6);
    assert_eq!(list.products[0].url, "/product/1");
    let best = c
        .best_sellers(DriverRequest { driver: Driver::Fake.into(), fresh_after_ms: 0 })
        .await
        .expect("best")
        .into_inner();
    assert_eq!(best.products.len(), 4);
    let one = c
        .get_product(ProductRequest { driver: Driver::Fake.into(), id: "3".into(), fresh_after_ms: 0 })
        .await
        .expect("id")
        .into_inner();
    assert_eq!((one.id.as_str(), one.products[0].name.as_str()), ("3", "Mens Cotton Jacket"));
    let by_url = c.get_product_by_url(url("/product/2")).await.expect("url").into_inner();
    assert_eq!(by_url.products[0].price, Some(2230));
    let no_image = c
        .get_product(ProductRequest { driver: Driver::Fake.into(), id: "6".into(), fresh_after_ms: 0 })
        .await
        .expect("6")
        .into_inner();
    assert!(no_image.products[0].thumbnail.is_none(), "a missing image stays missing (the page shows its placeholder)");
}

#[tokio::test(flavor = "multi_thread")]
async fn route_resolution_for_product_paths_only() {
    let s = setup().await;
    let mut c = s.client.clone();
    for (path, kind, code) in [
        ("/product/1", Some("PRODUCT"), 200),
        ("/product/5.html", Some("PRODUCT"), 200),
        ("/product/99", None, 404),
        ("/products/1", None, 404),
        ("/1", None, 404),
    ] {
        let r = c.resolve(url(path)).await.expect(path).into_inner();
        assert_eq!((r.r#type.as_deref(), r.code), (kind, code), "{path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn missing_empty_and_broken_answers_are_clean_errors() {
    let s = setup().await;
    let mut c = s.client.clone();
    // The API answers an unknown id with 200 and an empty body.
    let err = c
        .get_product(ProductRequest { driver: Driver::Fake.into(), id: "99".into(), fresh_after_ms: 0 })
        .await
        .expect_err("missing");
    assert_eq!(err.code(), Code::NotFound);
    let err = c.get_product_by_url(url("/product/99")).await.expect_err("missing");
    assert_eq!((err.code(), err.message()), (Code::NotFound, "The platform did not respond with a product."));
    let err = c
        .get_product(ProductRequest { driver: Driver::Fake.into(), id: "777".into(), fresh_after_ms: 0 })
        .await
        .expect_err("garbage");
    assert_eq!(err.code(), Code::Unavailable);
    let err = c
        .get_product(ProductRequest { driver: Driver::Fake.into(), id: "500".into(), fresh_after_ms: 0 })
        .await
        .expect_err("500");
    assert_eq!((err.code(), err.message()), (Code::Unavailable, "The backend answered with HTTP status 500."));
    let err = c
        .get_product(ProductRequest { driver: Driver::Fake.into(), id: "../x".into(), fresh_after_ms: 0 })
        .await
        .expect_err("bad id");
    assert_eq!(err.code(), Code::NotFound);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_store_that_never_answers_times_out_cleanly() {
    // Accepts connections and never answers: the upstream timeout must end the call.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let silent_url = format!("http://{}", silent.local_addr().expect("addr"));
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = silent.accept().await {
            held.push(socket);
        }
    });
    let mut config = vitrine_adapter::Config::new(Backend::Fake);
    config.set(Backend::Fake, vitrine_adapter::fake_store::backend::URL, silent_url);
    config.upstream_timeout = std::time::Duration::from_millis(300);
    let adapter = RunningAdapter::start(config).await;
    let mut c = adapter.client();
    let err = c
        .list_products(ProductsRequest { driver: Driver::Fake.into(), limit: 0, fresh_after_ms: 0 })
        .await
        .expect_err("timeout");
    assert_eq!((err.code(), err.message()), (Code::DeadlineExceeded, "The backend did not answer in time."));
}

/// issue 10: the store's categories at `/category/{slug}`, sorted and paged by the
/// adapter; search filters the store's list; no content pages.
#[tokio::test(flavor = "multi_thread")]
async fn categories_and_search_of_the_store() {
    use vitrine_proto::v1::{CategoryRequest, ProductSort, SearchRequest};
    let s = setup().await;
    let mut c = s.client.clone();
    let driver = Driver::Fake.into();
    let category = |url: &str, sort: ProductSort| CategoryRequest {
        driver,
        url: url.into(),
        page: 1,
        sort: sort.into(),
        fresh_after_ms: 0,
    };

    let page = c.get_category_page(category("/category/men-s-clothing", ProductSort::PriceAsc)).await.expect("page");
    let page = page.into_inner();
    let men = page.category.expect("category");
    assert_eq!((men.name.as_str(), men.url.as_str()), ("men's clothing", "/category/men-s-clothing"));
    let listing = page.listing.expect("listing");
    assert_eq!(listing.total_count, 3);
    let prices: Vec<i64> = listing.products.iter().filter_map(|p| p.price).collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    assert!(listing.products.iter().all(|p| p.short_description.as_deref() == Some("men's clothing")));

    let err = c.get_category_page(category("/category/shoes", ProductSort::Position)).await.expect_err("unknown");
    assert_eq!(err.code(), Code::NotFound);
    let r = c.resolve(url("/category/jewelery")).await.expect("resolve").into_inner();
    assert_eq!((r.r#type.as_deref(), r.code), (Some("CATEGORY"), 200));
    let r = c.resolve(url("/category/shoes")).await.expect("resolve").into_inner();
    assert_eq!(r.code, 404);

    let found = c
        .search(SearchRequest { driver, query: "JACKET".into(), page: 1, sort: 0, fresh_after_ms: 0 })
        .await
        .expect("search");
    assert!(found.get_ref().products.iter().any(|p| p.name == "Mens Cotton Jacket"), "{:?}", found.get_ref());
    let none = c
        .search(SearchRequest { driver, query: "zzz".into(), page: 1, sort: 0, fresh_after_ms: 0 })
        .await
        .expect("search");
    assert_eq!(none.get_ref().total_count, 0);
    let err = c.get_content_page(url("/about")).await.expect_err("no pages");
    assert_eq!(err.code(), Code::NotFound);
}

/// issue 10: the home page's categories are the store's own, linking to pages that hold
/// the counted products.
#[tokio::test(flavor = "multi_thread")]
async fn categories_are_the_stores_own() {
    use vitrine_proto::v1::{CategoryRequest, ProductSort};
    let s = setup().await;
    let mut c = s.client.clone();
    let driver = Driver::Fake.into();
    let categories = c
        .list_categories(DriverRequest { driver, fresh_after_ms: 0 })
        .await
        .expect("categories")
        .into_inner()
        .categories;
    let listed: Vec<(&str, &str)> = categories.iter().map(|n| (n.name.as_str(), n.url.as_str())).collect();
    assert_eq!(
        listed,
        [
            ("men's clothing", "/category/men-s-clothing"),
            ("jewelery", "/category/jewelery"),
            ("electronics", "/category/electronics"),
            ("women's clothing", "/category/women-s-clothing"),
        ]
    );
    assert_eq!(categories.iter().map(|n| n.total_products).sum::<i32>(), 6, "every product once");
    for node in &categories {
        let request = CategoryRequest {
            driver,
            url: node.url.clone(),
            page: 1,
            sort: ProductSort::Position.into(),
            fresh_after_ms: 0,
        };
        let page = c.get_category_page(request).await.expect(&node.url).into_inner();
        let category = page.category.expect("category");
        assert_eq!((category.name.as_str(), category.id.as_str()), (node.name.as_str(), node.id.as_str()));
        let total = page.listing.expect("listing").total_count;
        assert_eq!(i64::from(total), i64::from(node.total_products), "{}", node.url);
    }
}
