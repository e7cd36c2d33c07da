//! The adapter alone over real gRPC: the in-memory driver against a real mock-data
//! service, caching in a real Redis.

use std::time::Duration;

use tonic::Code;
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::{SharedStore, store};
use vitrine_domain::cache::backend_prefix;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::{DriverRequest, ProductRequest, ProductsRequest, UrlRequest};
use vitrine_testkit::RedisServer;
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::mock::{MockDataConfig, MockDataServer};

struct Setup {
    /// First: the adapter stops before its upstream and store go.
    _adapter: RunningAdapter,
    client: AdapterClient<GrpcChannel>,
    store: SharedStore,
    mock: MockDataServer,
    /// `None` once a test has stopped it.
    redis: Option<RedisServer>,
}

async fn setup(backend: Backend, mock_delay: Duration) -> Setup {
    let redis = RedisServer::start();
    let store = store::connect(Some(&redis.url())).await.expect("redis");
    let mock = MockDataServer::start(MockDataConfig { delay: mock_delay, ..MockDataConfig::default() }).await;

    let config = vitrine_adapter::Config::for_test(backend, &mock.url);
    let adapter = RunningAdapter::start_with_store(config, store.clone()).await;
    Setup { client: adapter.client(), store, mock, _adapter: adapter, redis: Some(redis) }
}

fn url(driver: Driver, url: &str) -> UrlRequest {
    UrlRequest { driver: driver.into(), url: url.into(), fresh_after_ms: 0 }
}

#[tokio::test(flavor = "multi_thread")]
async fn serves_products_navigation_and_routes_from_mock_data() {
    let s = setup(Backend::InMemory, Duration::ZERO).await;
    let mut c = s.client.clone();
    let list = c
        .list_products(ProductsRequest { driver: Driver::InMemory.into(), limit: 0, fresh_after_ms: 0 })
        .await
        .expect("list");
    assert_eq!(list.get_ref().products.len(), 35);
    let limited = c
        .list_products(ProductsRequest { driver: Driver::InMemory.into(), limit: 5, fresh_after_ms: 0 })
        .await
        .expect("list");
    assert_eq!(limited.get_ref().products.len(), 5);
    let best =
        c.best_sellers(DriverRequest { driver: Driver::InMemory.into(), fresh_after_ms: 0 }).await.expect("best");
    assert_eq!(best.get_ref().products.len(), 4);

    let one = c
        .get_product(ProductRequest { driver: Driver::InMemory.into(), id: "1002".into(), fresh_after_ms: 0 })
        .await
        .expect("get");
    assert_eq!((one.get_ref().id.as_str(), one.get_ref().products[0].id.as_str()), ("1002", "1002"));

    // Paths arrive normalised (catalogue does it); raw visitor paths such as `1003` and
    // `//1003/` are asserted through every hop in services/edge/tests/paths.rs.
    for path in ["/1003", "/products/1003", "/products/1003.html"] {
        let by_url = c.get_product_by_url(url(Driver::InMemory, path)).await.expect(path);
        assert_eq!(by_url.get_ref().products[0].id, "1003", "{path}");
    }

    let tree =
        c.get_navigation(DriverRequest { driver: Driver::InMemory.into(), fresh_after_ms: 0 }).await.expect("nav");
    assert_eq!(tree.get_ref().id, "root");

    let found = c.resolve(url(Driver::InMemory, "/1004")).await.expect("resolve").into_inner();
    assert_eq!((found.r#type.as_deref(), found.code, found.id.as_deref()), (Some("PRODUCT"), 200, Some("1004")));
    let missing = c.resolve(url(Driver::InMemory, "/no-such-thing")).await.expect("resolve").into_inner();
    assert_eq!((missing.r#type, missing.code, missing.id, missing.url), (None, 404, None, None));
}

#[tokio::test(flavor = "multi_thread")]
async fn missing_products_and_bad_input_are_clear_errors() {
    let s = setup(Backend::InMemory, Duration::ZERO).await;
    let mut c = s.client.clone();
    let err = c
        .get_product(ProductRequest { driver: Driver::InMemory.into(), id: "42".into(), fresh_after_ms: 0 })
        .await
        .expect_err("missing");
    assert_eq!((err.code(), err.message()), (Code::NotFound, "Not found: product 42"));
    for path in ["/nope", "/../commands/resetDb", "/"] {
        let err = c.get_product_by_url(url(Driver::InMemory, path)).await.expect_err(path);
        assert_eq!(
            (err.code(), err.message()),
            (Code::NotFound, "The platform did not respond with a product."),
            "{path}"
        );
    }
    // A number that names no driver (or none at all): the caller's mistake.
    for number in [0, 99] {
        let err = c.best_sellers(DriverRequest { driver: number, fresh_after_ms: 0 }).await.expect_err("bad driver");
        assert_eq!(err.code(), Code::InvalidArgument, "{number}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn upstream_answers_are_cached_per_backend_and_cleared() {
    let s = setup(Backend::InMemory, Duration::ZERO).await;
    let mut c = s.client.clone();
    c.get_navigation(DriverRequest { driver: Driver::InMemory.into(), fresh_after_ms: 0 }).await.expect("nav");
    let key = "vitrine:cache:in-memory:navigation:/api/navigation?depth=3";
    assert!(s.store.get(key).await.expect("store").is_some(), "the upstream answer is in Redis");

    // With mock-data gone, the cached answer still serves; an uncached call fails.
    s.mock.stop().await;
    c.get_navigation(DriverRequest { driver: Driver::InMemory.into(), fresh_after_ms: 0 })
        .await
        .expect("served from cache");
    let err = c
        .best_sellers(DriverRequest { driver: Driver::InMemory.into(), fresh_after_ms: 0 })
        .await
        .expect_err("upstream down");
    assert_eq!((err.code(), err.message()), (Code::Unavailable, "The backend could not be reached."));

    s.store.set("vitrine:cache:magento:x", b"1", None).await.expect("seed other backend");
    let cleared =
        c.clear_cache(DriverRequest { driver: Driver::InMemory.into(), fresh_after_ms: 0 }).await.expect("clear");
    assert!(cleared.get_ref().removed >= 1);
    assert!(s.store.get(key).await.expect("store").is_none());
    assert!(s.store.get("vitrine:cache:magento:x").await.expect("store").is_some(), "other backends keep theirs");
    assert!(s.store.delete_prefix(&backend_prefix(Backend::Magento)).await.is_ok());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_failing_store_is_logged_not_sent() {
    let mut s = setup(Backend::InMemory, Duration::ZERO).await;
    // The store's address (a unix socket path) must not reach the client either.
    let address = s.redis.as_ref().map(vitrine_testkit::RedisServer::url).unwrap_or_default();
    drop(s.redis.take());
    let err = s
        .client
        .clear_cache(DriverRequest { driver: Driver::InMemory.into(), fresh_after_ms: 0 })
        .await
        .expect_err("store is gone");
    assert_eq!(err.code(), Code::Unavailable);
    assert_eq!(err.message(), "The cache store is unavailable; nothing was cleared.");
    for internal in [address.as_str(), "redis", "127.0.0.1", "refused", "store:"] {
        assert!(!err.message().contains(internal), "{internal} in {}", err.message());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn slow_upstream_times_out_cleanly() {
    // for_test sets a 2 s upstream timeout; the mock waits 3 s.
    let s = setup(Backend::InMemory, Duration::from_secs(3)).await;
    let err = s
        .client
        .clone()
        .best_sellers(DriverRequest { driver: Driver::InMemory.into(), fresh_after_ms: 0 })
        .await
        .expect_err("timeout");
    assert_eq!((err.code(), err.message()), (Code::DeadlineExceeded, "The backend did not answer in time."));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_backend_without_a_client_says_so() {
    let s = setup(Backend::Magento, Duration::ZERO).await;
    let err = s
        .client
        .clone()
        .best_sellers(DriverRequest { driver: Driver::Magento.into(), fresh_after_ms: 0 })
        .await
        .expect_err("unconfigured");
    assert_eq!(err.code(), Code::FailedPrecondition);
    assert!(err.message().starts_with("Client has not been defined yet"), "{}", err.message());
    let err = s
        .client
        .clone()
        .list_categories(DriverRequest { driver: Driver::Magento.into(), fresh_after_ms: 0 })
        .await
        .expect_err("unconfigured");
    assert_eq!(err.code(), Code::FailedPrecondition, "{}", err.message());
}

/// issue 10: the mock tree's categories, their pages and sorts, search, and category
/// urls resolving as CATEGORY, through the adapter against the real mock.
#[tokio::test(flavor = "multi_thread")]
async fn browses_categories_and_searches_the_mock() {
    use vitrine_proto::v1::{CategoryRequest, ProductSort, SearchRequest};
    let s = setup(Backend::InMemory, Duration::ZERO).await;
    let mut c = s.client.clone();
    let driver = Driver::InMemory.into();
    let category = |url: &str, page: u32, sort: ProductSort| CategoryRequest {
        driver,
        url: url.into(),
        page,
        sort: sort.into(),
        fresh_after_ms: 0,
    };

    // /computers holds 27 products (the mock's documented assignment): two pages.
    let first = c.get_category_page(category("/computers", 1, ProductSort::Position)).await.expect("page 1");
    let first = first.into_inner();
    let computers = first.category.expect("category");
    assert_eq!((computers.name.as_str(), computers.url.as_str()), ("Computers", "/computers"));
    assert!(!computers.children.is_empty(), "links to child categories");
    let listing = first.listing.expect("listing");
    assert_eq!((listing.products.len(), listing.total_count, listing.page, listing.page_size), (24, 27, 1, 24));
    assert_eq!(listing.sorts.len(), 4, "the mock sorts every way");
    let second = c.get_category_page(category("/computers", 2, ProductSort::Position)).await.expect("page 2");
    let second = second.into_inner().listing.expect("listing");
    assert_eq!((second.products.len(), second.page), (3, 2));
    assert!(second.products.iter().all(|p| listing.products.iter().all(|q| q.id != p.id)), "page 2 is new products");

    // Sorting by price reorders, by the price a shopper pays (less the discount).
    let prices = |page: vitrine_proto::v1::CategoryPage| -> Vec<i64> {
        let paid = |p: &vitrine_proto::v1::Product| Some(p.price? - p.discount.as_ref().map_or(0, |d| d.amount));
        page.listing.expect("listing").products.iter().filter_map(paid).collect()
    };
    let asc =
        prices(c.get_category_page(category("/computers", 1, ProductSort::PriceAsc)).await.expect("asc").into_inner());
    let desc = prices(
        c.get_category_page(category("/computers", 1, ProductSort::PriceDesc)).await.expect("desc").into_inner(),
    );
    assert!(asc.windows(2).all(|w| w[0] <= w[1]), "{asc:?}");
    assert!(desc.windows(2).all(|w| w[0] >= w[1]), "{desc:?}");

    // The empty category says so (no products, total 0); unknown ones are not found.
    let empty =
        c.get_category_page(category("/computers/movies/beauty", 1, ProductSort::Position)).await.expect("empty");
    assert_eq!(empty.into_inner().listing.expect("listing").total_count, 0);
    let err = c.get_category_page(category("/no-such-category", 1, ProductSort::Position)).await.expect_err("unknown");
    assert_eq!(err.code(), Code::NotFound);

    // Search: a word of a product's name, in another case.
    let name = listing.products[0].name.clone();
    let word = name.split_whitespace().last().expect("a word").to_uppercase();
    let found = c
        .search(SearchRequest { driver, query: word.clone(), page: 1, sort: 0, fresh_after_ms: 0 })
        .await
        .expect("search")
        .into_inner();
    assert!(found.products.iter().any(|p| p.name == name), "{word} finds {name}");
    let none = c
        .search(SearchRequest { driver, query: "zzzz-no-such-product".into(), page: 1, sort: 0, fresh_after_ms: 0 })
        .await
        .expect("no results")
        .into_inner();
    assert_eq!((none.products.len(), none.total_count), (0, 0));

    // Category urls resolve as CATEGORY; content pages live under /pages/ only.
    let r = c.resolve(url(Driver::InMemory, "/computers")).await.expect("resolve").into_inner();
    assert_eq!((r.r#type.as_deref(), r.code, r.id.as_deref()), (Some("CATEGORY"), 200, Some(computers.id.as_str())));
    let err = c.get_content_page(url(Driver::InMemory, "/about-us")).await.expect_err("no content pages");
    assert_eq!(err.code(), Code::NotFound);
}

/// issue 10: the mock's content pages at `/pages/{slug}`: resolved as CMS_PAGE, served
/// sanitised like every backend's content; unknown slugs are not found.
#[tokio::test(flavor = "multi_thread")]
async fn serves_the_mocks_content_pages() {
    let s = setup(Backend::InMemory, Duration::ZERO).await;
    let mut c = s.client.clone();
    let r = c.resolve(url(Driver::InMemory, "/pages/about-us")).await.expect("resolve").into_inner();
    assert_eq!(
        (r.r#type.as_deref(), r.code, r.id.as_deref(), r.url.as_deref()),
        (Some("CMS_PAGE"), 200, Some("about-us"), Some("pages/about-us"))
    );
    let data = r.data.expect("route data");
    assert_eq!(data.title.as_deref(), Some("About the Vitrine demo shop"));
    let missing = c.resolve(url(Driver::InMemory, "/pages/no-such-page")).await.expect("resolve").into_inner();
    assert_eq!((missing.r#type, missing.code), (None, 404));

    let page = c.get_content_page(url(Driver::InMemory, "/pages/shipping-and-returns")).await.expect("page");
    let page = page.into_inner();
    assert_eq!((page.title.as_str(), page.url.as_str()), ("Shipping & returns", "/pages/shipping-and-returns"));
    assert!(page.content.starts_with("<h2>Shipping</h2><p>"), "{}", page.content);
    assert!(page.content.contains("<ul><li>"), "{}", page.content);
    assert_eq!(page.meta_description.as_deref(), Some("Delivery times, shipping costs and how to return an item."));
    let err = c.get_content_page(url(Driver::InMemory, "/pages/no-such-page")).await.expect_err("unknown");
    assert_eq!(err.code(), Code::NotFound);

    // A page added to the mock's generic collection is sanitised on its way out.
    let unsafe_page = serde_json::json!({
        "id": "unsafe", "url": "/pages/unsafe", "title": "Unsafe",
        "content": "<p onclick=\"alert(1)\">Hi</p><script>alert(2)</script>",
    });
    let created =
        reqwest::Client::new().post(format!("{}/api/pages", s.mock.url)).json(&unsafe_page).send().await.expect("post");
    assert_eq!(created.status().as_u16(), 201);
    let page = c.get_content_page(url(Driver::InMemory, "/pages/unsafe")).await.expect("page").into_inner();
    assert_eq!(page.content, "<p>Hi</p>");
}

/// issue 10: the home page's categories are the mock menu's top level, each a category
/// page of the counted products.
#[tokio::test(flavor = "multi_thread")]
async fn categories_are_the_top_of_the_mock_menu() {
    use vitrine_proto::v1::{CategoryRequest, ProductSort};
    let s = setup(Backend::InMemory, Duration::ZERO).await;
    let mut c = s.client.clone();
    let driver = Driver::InMemory.into();
    let tree = c.get_navigation(DriverRequest { driver, fresh_after_ms: 0 }).await.expect("nav").into_inner();
    let categories = c
        .list_categories(DriverRequest { driver, fresh_after_ms: 0 })
        .await
        .expect("categories")
        .into_inner()
        .categories;
    let top: Vec<(&str, &str, i32)> =
        tree.children.iter().map(|n| (n.id.as_str(), n.url.as_str(), n.total_products)).collect();
    let listed: Vec<(&str, &str, i32)> =
        categories.iter().map(|n| (n.id.as_str(), n.url.as_str(), n.total_products)).collect();
    assert_eq!(listed, top);
    assert!(categories.iter().all(|n| n.children.is_empty()), "links only");
    for node in &categories {
        let request = CategoryRequest {
            driver,
            url: node.url.clone(),
            page: 1,
            sort: ProductSort::Position.into(),
            fresh_after_ms: 0,
        };
        let page = c.get_category_page(request).await.expect(&node.url).into_inner();
        let total = page.listing.expect("listing").total_count;
        assert_eq!(i64::from(total), i64::from(node.total_products), "{}", node.url);
    }
}
