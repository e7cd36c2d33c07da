//! The Magento driver against a local GraphQL server that validates every document
//! against the Magento 2.4 schema: operations, transforms, errors, batching, coalescing,
//! the array fallback, headers, timeouts.

use std::time::Duration;

use serde_json::json;
use tonic::Code;
use vitrine_adapter::bounded_http::UpstreamLimits;
use vitrine_adapter::graphql::{GraphQlClient, GraphQlConfig};
use vitrine_adapter::magento::operations;
use vitrine_common::SharedStore;
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::store::EmbeddedStore;
use vitrine_domain::cache::CachePolicy;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::{
    CategoryRequest, DriverRequest, ProductPage, ProductRequest, ProductSort, ProductsRequest, SearchRequest,
    UrlRequest,
};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::graphql::{FakeGraphQl, load_schema, validate_document};
use vitrine_testkit::magento;

#[test]
fn every_magento_document_validates_against_the_schema() {
    let mut schemas = vec![("testkit copy".to_owned(), magento::SCHEMA.to_owned())];
    // .ci/run points this at ../shared/schemas/magento-2.4.graphql when it exists.
    if let Ok(path) = std::env::var("VITRINE_MAGENTO_SCHEMA") {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        schemas.push((path, text));
    }
    for (name, sdl) in schemas {
        let schema = load_schema(&sdl, "magento.graphql");
        for op in operations::all() {
            let errors = validate_document(&schema, op.document);
            assert!(errors.is_empty(), "{} against {name}: {errors:?}", op.name);
        }
    }
}

struct Setup {
    /// First: the adapter stops before the shop and the store go.
    _adapter: RunningAdapter,
    shop: FakeGraphQl,
    client: AdapterClient<GrpcChannel>,
    store: SharedStore,
}

async fn setup() -> Setup {
    let shop = magento::start();
    let store: SharedStore = std::sync::Arc::new(EmbeddedStore::default());
    let mut config = vitrine_adapter::Config::new(Backend::Magento);
    config.set(Backend::Magento, vitrine_adapter::magento::backend::BASE_URL, shop.url.clone());
    config.upstream_timeout = Duration::from_secs(1);
    let adapter = RunningAdapter::start_with_store(config, store.clone()).await;
    Setup { shop, client: adapter.client(), store, _adapter: adapter }
}

fn url(u: &str) -> UrlRequest {
    UrlRequest { driver: Driver::Magento.into(), url: u.into(), fresh_after_ms: 0 }
}

#[tokio::test(flavor = "multi_thread")]
async fn products_by_list_sku_and_url() {
    let s = setup().await;
    let mut c = s.client.clone();
    let list = c
        .list_products(ProductsRequest { driver: Driver::Magento.into(), limit: 0, fresh_after_ms: 0 })
        .await
        .expect("list")
        .into_inner();
    let skus: Vec<&str> = list.products.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(skus, ["24-MB01", "MT12", "24-WG080", "MH01"]);
    let types: Vec<&str> = list.products.iter().map(|p| p.r#type.as_str()).collect();
    assert_eq!(types, ["simple", "configurable", "composite", "configurable"]);

    let one = c
        .get_product(ProductRequest { driver: Driver::MageOs.into(), id: "MT12".into(), fresh_after_ms: 0 })
        .await
        .expect("sku")
        .into_inner();
    let p = &one.products[0];
    assert_eq!(
        (one.id.as_str(), p.url.as_str(), p.price, p.in_stock),
        ("MT12", "/cassius-sparring-tank.html", Some(1800), Some(false))
    );
    assert_eq!(p.discount.as_ref().map(|d| (d.amount, d.percent)), Some((360, 20.0)));

    let by_url = c.get_product_by_url(url("/joust-duffle-bag.html")).await.expect("by url").into_inner();
    let p = &by_url.products[0];
    assert_eq!(p.name, "Joust Duffle Bag");
    let gallery: Vec<&str> = p.images.iter().map(|i| i.label.as_str()).collect();
    assert_eq!(gallery, ["front", "back"], "by position, disabled left out");
    assert_eq!(p.description.as_deref(), Some("<p>The sporty Joust Duffle Bag can't be beat.</p>"), "sanitised");
    assert_eq!((p.review_count, p.rating_summary), (Some(3), Some(93.0)));

    // spec §5, §8: a route without a product (a category here) has no sku.
    for missing in ["/gear.html", "/no-such-page.html"] {
        let err = c.get_product_by_url(url(missing)).await.expect_err(missing);
        assert_eq!(
            (err.code(), err.message()),
            (Code::NotFound, "The platform did not respond with a product."),
            "{missing}"
        );
    }
    let err = c
        .get_product(ProductRequest { driver: Driver::Magento.into(), id: "NOPE".into(), fresh_after_ms: 0 })
        .await
        .expect_err("sku");
    assert_eq!(err.code(), Code::NotFound);
}

#[tokio::test(flavor = "multi_thread")]
async fn navigation_from_the_store_root_filtered_and_sorted() {
    let s = setup().await;
    let tree = s
        .client
        .clone()
        .get_navigation(DriverRequest { driver: Driver::Magento.into(), fresh_after_ms: 0 })
        .await
        .expect("nav")
        .into_inner();
    assert_eq!((tree.id.as_str(), tree.url.as_str()), ("Mg==", "/default-category.html"));
    let top: Vec<&str> = tree.children.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(top, ["Men", "Gear"], "Sale Archive is not in the menu; sorted by position");
    let gear: Vec<(&str, &str)> = tree.children[1].children.iter().map(|c| (c.name.as_str(), c.url.as_str())).collect();
    assert_eq!(gear, [("Fitness Equipment", "/gear/fitness.html"), ("Bags", "/gear/bags.html")]);
    let crumbs: Vec<i32> = tree.children[1].children[1].breadcrumbs.iter().map(|b| b.level).collect();
    assert_eq!(crumbs, [1, 2]);
    let ops: Vec<String> = s.shop.received().iter().flat_map(|r| r.operations.clone()).collect();
    assert_eq!(ops, ["MagentoNavigationGetRootCategoryId", "MagentoGetCategoryTree"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn route_resolution_products_categories_pages_redirects_unknown() {
    let s = setup().await;
    let mut c = s.client.clone();
    for (path, kind, code, resolved_url) in [
        ("/joust-duffle-bag.html", Some("PRODUCT"), 200, Some("joust-duffle-bag.html")),
        ("/gear/bags.html", Some("CATEGORY"), 200, Some("gear/bags.html")),
        ("/about-us", Some("CMS_PAGE"), 200, Some("about-us")),
        ("/old-duffle.html", Some("PRODUCT"), 301, Some("joust-duffle-bag.html")),
        ("/summer-bag.html", Some("CATEGORY"), 302, Some("gear/bags.html")),
        ("/no-such-page.html", None, 404, None),
    ] {
        let r = c.resolve(url(path)).await.expect(path).into_inner();
        assert_eq!((r.r#type.as_deref(), r.code, r.url.as_deref()), (kind, code, resolved_url), "{path}");
    }
    let product = c.resolve(url("/joust-duffle-bag.html")).await.expect("p").into_inner().data.unwrap_or_default();
    assert_eq!(product.title.as_deref(), Some("Joust Duffle Bag | Luma"));
}

fn category(u: &str, page: u32, sort: ProductSort) -> CategoryRequest {
    CategoryRequest { driver: Driver::Magento.into(), url: u.into(), page, sort: sort.into(), fresh_after_ms: 0 }
}

fn search(query: &str, page: u32, sort: ProductSort) -> SearchRequest {
    SearchRequest { driver: Driver::MageOs.into(), query: query.into(), page, sort: sort.into(), fresh_after_ms: 0 }
}

fn skus(listing: Option<&ProductPage>) -> Vec<String> {
    listing.into_iter().flat_map(|l| l.products.iter().map(|p| p.id.clone())).collect()
}

/// What a shopper pays (Magento sorts by it): the price less the discount. Bundles are
/// left out: their price is a range, and Magento sorts them by its low end.
fn prices(listing: Option<&ProductPage>) -> Vec<i64> {
    let paid =
        |p: &vitrine_proto::v1::Product| p.price.unwrap_or_default() - p.discount.as_ref().map_or(0, |d| d.amount);
    let simple = |p: &&vitrine_proto::v1::Product| p.r#type != "composite";
    listing.into_iter().flat_map(|l| l.products.iter().filter(simple).map(paid)).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn category_pages_in_one_round_trip_with_paging_and_sorting() {
    let s = setup().await;
    let mut c = s.client.clone();
    let first = c.get_category_page(category("/gear.html", 0, ProductSort::Position)).await.expect("gear").into_inner();
    let ops: Vec<(usize, Vec<String>)> =
        s.shop.received().iter().map(|r| (r.batch_size, r.operations.clone())).collect();
    assert_eq!(ops, [(1, vec!["MagentoGetCategoryPage".to_owned()])], "a cold category page: one round trip");
    let gear = first.category.clone().unwrap_or_default();
    assert_eq!((gear.name.as_str(), gear.url.as_str()), ("Gear", "/gear.html"));
    assert_eq!(
        gear.description.as_deref(),
        Some("<p>Bags, fitness equipment and more for your workout.</p>"),
        "sanitised"
    );
    assert_eq!(
        (gear.meta_title.as_deref(), gear.meta_description.as_deref()),
        (Some("Gear | Luma"), Some("Workout gear from Luma."))
    );
    let crumbs: Vec<(&str, &str)> = gear.breadcrumbs.iter().map(|b| (b.name.as_str(), b.url.as_str())).collect();
    assert_eq!(crumbs, [], "the store's root (level 1) is no breadcrumb");
    let children: Vec<(&str, &str)> = gear.children.iter().map(|k| (k.name.as_str(), k.url.as_str())).collect();
    assert_eq!(children, [("Fitness Equipment", "/gear/fitness.html"), ("Bags", "/gear/bags.html")]);
    let listing = first.listing.clone().unwrap_or_default();
    assert_eq!((listing.total_count, listing.page, listing.page_size, listing.products.len()), (28, 1, 24, 24));
    let sorts = [ProductSort::Position, ProductSort::Name, ProductSort::PriceAsc, ProductSort::PriceDesc];
    assert_eq!(listing.sorts, sorts.map(i32::from));
    let page_one = skus(first.listing.as_ref());
    assert_eq!(page_one[..3], ["24-MB01", "24-WG080", "24-FIT01"], "the category's position order");

    c.get_category_page(category("/gear.html", 1, ProductSort::Position)).await.expect("warm");
    assert_eq!(s.shop.received().len(), 1, "a warm category page costs no round trip");

    let second = c.get_category_page(category("/gear.html", 2, ProductSort::Position)).await.expect("p2").into_inner();
    let page_two = skus(second.listing.as_ref());
    assert_eq!((second.listing.as_ref().map(|l| (l.page, l.total_count)), page_two.len()), (Some((2, 28)), 4));
    assert!(page_two.iter().all(|sku| !page_one.contains(sku)), "{page_two:?} repeats page 1");

    let past = c.get_category_page(category("/gear.html", 3, ProductSort::Position)).await.expect("p3").into_inner();
    assert_eq!(past.listing.map(|l| (l.products.len(), l.total_count, l.page)), Some((0, 28, 3)));

    let cheap = c.get_category_page(category("/gear.html", 1, ProductSort::PriceAsc)).await.expect("asc").into_inner();
    let ascending = prices(cheap.listing.as_ref());
    assert!(ascending.is_sorted(), "{ascending:?}");
    assert_ne!(skus(cheap.listing.as_ref()), page_one, "sorting by price reorders");
    let dear = c.get_category_page(category("/gear.html", 1, ProductSort::PriceDesc)).await.expect("desc").into_inner();
    let descending = prices(dear.listing.as_ref());
    assert!(descending.iter().rev().is_sorted() && descending[0] > ascending[0], "{descending:?}");
    let named = c.get_category_page(category("/gear.html", 1, ProductSort::Name)).await.expect("name").into_inner();
    let names: Vec<String> = named.listing.iter().flat_map(|l| l.products.iter().map(|p| p.name.clone())).collect();
    assert!(names.is_sorted() && names[0] == "Harmony Exercise Ball", "{names:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn empty_and_unknown_categories() {
    let s = setup().await;
    let mut c = s.client.clone();
    let empty = c.get_category_page(category("/sale-archive.html", 1, ProductSort::Position)).await.expect("empty");
    let empty = empty.into_inner();
    assert_eq!(empty.category.map(|k| k.name), Some("Sale Archive".to_owned()));
    assert_eq!(empty.listing.map(|l| (l.products.len(), l.total_count)), Some((0, 0)));
    for not_a_category in ["/no-such-page.html", "/joust-duffle-bag.html", "/about-us"] {
        let err =
            c.get_category_page(category(not_a_category, 1, ProductSort::Position)).await.expect_err(not_a_category);
        assert_eq!(err.code(), Code::NotFound, "{not_a_category}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn search_by_a_word_of_the_name_in_any_case() {
    let s = setup().await;
    let mut c = s.client.clone();
    let found = c.search(search("dUFFLE", 1, ProductSort::Position)).await.expect("duffle").into_inner();
    assert_eq!((skus(Some(&found)), found.total_count), (vec!["24-MB01".to_owned()], 1));
    assert_eq!(found.products[0].url, "/joust-duffle-bag.html");
    let ops: Vec<String> = s.shop.received().iter().flat_map(|r| r.operations.clone()).collect();
    assert_eq!(ops, ["MagentoSearchProducts"]);

    let many = c.search(search("bag kit tank", 1, ProductSort::PriceDesc)).await.expect("many").into_inner();
    assert_eq!(skus(Some(&many)), ["24-WG080", "24-MB01", "MT12"].map(String::from), "by price, dearest first");
    assert_eq!(many.sorts.len(), 4);

    let none = c.search(search("zzzz", 1, ProductSort::Position)).await.expect("none").into_inner();
    assert_eq!((none.products.len(), none.total_count), (0, 0));
    let err = c.search(search("   ", 1, ProductSort::Position)).await.expect_err("empty query");
    assert_eq!(err.code(), Code::InvalidArgument);
}

#[tokio::test(flavor = "multi_thread")]
async fn content_pages_with_their_sanitised_body() {
    let s = setup().await;
    let mut c = s.client.clone();
    let page = c.get_content_page(url("/about-us")).await.expect("about").into_inner();
    assert_eq!((page.id.as_str(), page.url.as_str(), page.title.as_str()), ("about-us", "/about-us", "About us"));
    assert_eq!(page.content, "<h2>Who we are</h2><p>Luma makes gear for every workout.</p>", "sanitised");
    assert_eq!(
        (page.meta_title.as_deref(), page.meta_description.as_deref()),
        (Some("About Luma"), Some("Who we are."))
    );
    for not_a_page in ["/no-such-page", "/gear.html"] {
        let err = c.get_content_page(url(not_a_page)).await.expect_err(not_a_page);
        assert_eq!(err.code(), Code::NotFound, "{not_a_page}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn headers_store_code_and_no_credentials() {
    let s = setup().await;
    s.client
        .clone()
        .best_sellers(DriverRequest { driver: Driver::Magento.into(), fresh_after_ms: 0 })
        .await
        .expect("best");
    let received = s.shop.received();
    let headers = &received[0].headers;
    assert!(headers.iter().any(|(k, v)| k == "store" && v == "default"), "{headers:?}");
    assert!(!headers.iter().any(|(k, _)| k == "cookie" || k == "authorization"), "{headers:?}");
}

fn client(shop: &FakeGraphQl, timeout: Duration) -> GraphQlClient {
    let config = GraphQlConfig {
        endpoint: format!("{}/graphql", shop.url),
        headers: vec![("Store".into(), "default".into())],
        limits: UpstreamLimits { timeout, ..UpstreamLimits::default() },
    };
    GraphQlClient::new(Backend::Magento, &config, std::sync::Arc::new(EmbeddedStore::default())).expect("client")
}

async fn concurrent_skus(
    c: &GraphQlClient,
    skus: &[String],
) -> Vec<Result<serde_json::Value, vitrine_domain::DriverError>> {
    let calls =
        skus.iter().map(|sku| c.execute(operations::GET_A_PRODUCT, json!({ "sku": sku }), CachePolicy::Product));
    futures_util::future::join_all(calls).await
}

#[tokio::test(flavor = "multi_thread")]
async fn batching_sends_up_to_ten_operations_per_post() {
    let shop = magento::start();
    let c = client(&shop, Duration::from_secs(2));
    let ten: Vec<String> = (0..10).map(|i| format!("SKU-{i}")).collect();
    assert!(concurrent_skus(&c, &ten).await.iter().all(Result::is_ok));
    let sizes: Vec<usize> = shop.received().iter().map(|r| r.batch_size).collect();
    assert_eq!(sizes, [10], "ten operations in 10 ms: one POST");

    let eleven: Vec<String> = (10..21).map(|i| format!("SKU-{i}")).collect();
    assert!(concurrent_skus(&c, &eleven).await.iter().all(Result::is_ok));
    let mut sizes: Vec<usize> = shop.received().iter().skip(1).map(|r| r.batch_size).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, [1, 10], "eleven: two POSTs");
}

#[tokio::test(flavor = "multi_thread")]
async fn identical_operations_in_flight_share_one_request() {
    let shop = magento::start();
    shop.delay(Duration::from_millis(200));
    let c = client(&shop, Duration::from_secs(2));
    let same: Vec<String> = vec!["24-MB01".to_owned(); 6];
    let results = concurrent_skus(&c, &same).await;
    assert!(results.iter().all(|r| r.as_ref().is_ok_and(|v| v["products"]["items"][0]["sku"] == "24-MB01")));
    let ops: usize = shop.received().iter().map(|r| r.batch_size).sum();
    assert_eq!(ops, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_refusing_arrays_gets_single_requests_from_then_on() {
    let shop = magento::start();
    shop.refuse_arrays(true);
    let c = client(&shop, Duration::from_secs(2));
    let three: Vec<String> = (0..3).map(|i| format!("A-{i}")).collect();
    assert!(concurrent_skus(&c, &three).await.iter().all(Result::is_ok), "answered after the fallback");
    let sizes: Vec<usize> = shop.received().iter().map(|r| r.batch_size).collect();
    assert_eq!(sizes, [3, 1, 1, 1], "refused array, then one by one");
    let more: Vec<String> = (0..3).map(|i| format!("B-{i}")).collect();
    assert!(concurrent_skus(&c, &more).await.iter().all(Result::is_ok));
    assert!(shop.received().iter().skip(4).all(|r| r.batch_size == 1), "remembered");
}

#[tokio::test(flavor = "multi_thread")]
async fn timeouts_failures_and_graphql_errors_are_driver_errors() {
    use vitrine_domain::DriverError;
    let shop = magento::start();
    let c = client(&shop, Duration::from_millis(300));
    shop.delay(Duration::from_secs(2));
    let r = c.execute(operations::GET_ROOT_CATEGORY_ID, json!({}), CachePolicy::Navigation).await;
    assert_eq!(r, Err(DriverError::Timeout));
    shop.delay(Duration::ZERO);
    shop.fail_with(500);
    let r = c.execute(operations::GET_ROOT_CATEGORY_ID, json!({}), CachePolicy::Navigation).await;
    assert_eq!(r, Err(DriverError::UpstreamStatus(500)));
    shop.fail_with(0);
    // A required variable left out: the server's validation answers a GraphQL error.
    let r = c.execute(operations::GET_A_PRODUCT, json!({}), CachePolicy::Product).await;
    assert!(matches!(r, Err(DriverError::GraphQl(_))), "{r:?}");
    // Success is cached in the store: a failing server no longer matters for it.
    let ok = c.execute(operations::GET_ROOT_CATEGORY_ID, json!({}), CachePolicy::Navigation).await;
    assert!(ok.is_ok());
    shop.fail_with(500);
    let cached = c.execute(operations::GET_ROOT_CATEGORY_ID, json!({}), CachePolicy::Navigation).await;
    assert_eq!(cached, ok);
    // Nothing can listen on port 0, so this shop is refused for sure (a port picked as
    // free could be taken meanwhile).
    let gone = GraphQlClient::new(
        Backend::Magento,
        &GraphQlConfig {
            endpoint: "http://127.0.0.1:0/graphql".to_owned(),
            headers: vec![],
            limits: UpstreamLimits { timeout: Duration::from_secs(1), ..UpstreamLimits::default() },
        },
        std::sync::Arc::new(EmbeddedStore::default()),
    )
    .expect("client");
    let r = gone.execute(operations::GET_ROOT_CATEGORY_ID, json!({}), CachePolicy::Navigation).await;
    assert!(matches!(r, Err(DriverError::Network(_))), "{r:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn clear_cache_drops_magento_answers() {
    let s = setup().await;
    let mut c = s.client.clone();
    c.get_navigation(DriverRequest { driver: Driver::Magento.into(), fresh_after_ms: 0 }).await.expect("nav");
    let before = s.shop.received().len();
    c.get_navigation(DriverRequest { driver: Driver::Magento.into(), fresh_after_ms: 0 }).await.expect("cached");
    assert_eq!(s.shop.received().len(), before, "served from the store");
    let removed = c
        .clear_cache(DriverRequest { driver: Driver::Magento.into(), fresh_after_ms: 0 })
        .await
        .expect("clear")
        .into_inner()
        .removed;
    assert!(removed >= 2);
    c.get_navigation(DriverRequest { driver: Driver::Magento.into(), fresh_after_ms: 0 }).await.expect("nav");
    assert!(s.shop.received().len() > before, "asked the shop again");
    assert!(s.store.ping().await.is_ok());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_filter_introspection_query_lists_field_types() {
    let shop = magento::start();
    let driver = vitrine_adapter::magento::MagentoDriver::new(client(&shop, Duration::from_secs(2)), String::new());
    let fields = driver.filter_field_types().await.expect("introspection");
    assert!(fields.contains(&("sku".to_owned(), "FilterEqualTypeInput".to_owned())), "{fields:?}");
    assert!(fields.contains(&("price".to_owned(), "FilterRangeTypeInput".to_owned())), "{fields:?}");
    assert!(fields.contains(&("name".to_owned(), "FilterMatchTypeInput".to_owned())), "{fields:?}");
}

/// issue 10: the home page's categories are the menu's top level, without children.
#[tokio::test(flavor = "multi_thread")]
async fn categories_are_the_top_of_the_menu() {
    let s = setup().await;
    let mut c = s.client.clone();
    let categories = c
        .list_categories(DriverRequest { driver: Driver::Magento.into(), fresh_after_ms: 0 })
        .await
        .expect("categories")
        .into_inner()
        .categories;
    let listed: Vec<(&str, &str, usize)> =
        categories.iter().map(|n| (n.name.as_str(), n.url.as_str(), n.children.len())).collect();
    let tree = c
        .get_navigation(DriverRequest { driver: Driver::Magento.into(), fresh_after_ms: 0 })
        .await
        .expect("nav")
        .into_inner();
    let top: Vec<(&str, &str, usize)> = tree.children.iter().map(|n| (n.name.as_str(), n.url.as_str(), 0)).collect();
    assert_eq!(listed, top);
    assert_eq!(listed.iter().map(|n| n.0).collect::<Vec<_>>(), ["Men", "Gear"]);
}
