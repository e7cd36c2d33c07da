//! catalogue alone over real gRPC, against a scripted adapter.

use std::collections::HashMap;

use tonic::Code;
use vitrine_common::Shutdown;
use vitrine_common::grpc::GrpcChannel;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::catalogue_client::CatalogueClient;
use vitrine_proto::v1::{
    AvailableDriversRequest, DriverRequest, Product, ProductRequest, ProductResponse, ProductsRequest, UrlRequest,
};
use vitrine_testkit::scripted::{Script, ScriptedAdapter};

/// The catalogue service on a free port in front of `adapters`, and its client.
async fn start(adapters: Vec<(Backend, String)>) -> (CatalogueClient<GrpcChannel>, Shutdown) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    let shutdown = Shutdown::new();
    tokio::spawn(vitrine_catalogue::serve(vitrine_catalogue::Config { adapters }, listener, shutdown.clone()));
    (CatalogueClient::new(vitrine_common::grpc::lazy_channel(&url).expect("url")), shutdown)
}

fn product(id: &str) -> Product {
    Product { id: id.into(), name: format!("Product {id}"), ..Product::default() }
}

#[tokio::test(flavor = "multi_thread")]
async fn routes_by_driver_and_applies_product_rules() {
    let mut by_url = HashMap::new();
    by_url.insert("/a/b".to_owned(), Ok(ProductResponse { id: "7".into(), products: vec![product("7")] }));
    by_url.insert("/empty".to_owned(), Ok(ProductResponse { id: String::new(), products: vec![] }));
    let script = Script { products: Some(Ok(vec![product("1"), product("2")])), by_url, ..Script::default() };
    let in_memory = ScriptedAdapter::start(script.clone()).await;
    let magento = ScriptedAdapter::start(script).await;

    let (mut c, shutdown) =
        start(vec![(Backend::InMemory, in_memory.url.clone()), (Backend::Magento, magento.url.clone())]).await;

    let list = c
        .list_products(ProductsRequest { driver: Driver::InMemory.into(), limit: 2, fresh_after_ms: 0 })
        .await
        .expect("list");
    assert_eq!(list.get_ref().products.len(), 2);
    c.best_sellers(DriverRequest { driver: Driver::MageOs.into(), fresh_after_ms: 0 }).await.expect("mageos → magento");
    assert_eq!(in_memory.calls(), ["list_products in-memory 2"]);
    assert_eq!(magento.calls(), ["best_sellers mageos"]);

    // spec §2: the joined path segments.
    let one = c
        .get_product_by_url(UrlRequest { driver: Driver::InMemory.into(), url: "a//b/".into(), fresh_after_ms: 0 })
        .await
        .expect("url");
    assert_eq!(one.get_ref().products[0].id, "7");
    assert!(in_memory.calls().contains(&"get_product_by_url in-memory /a/b".to_owned()));

    // spec §8: no product in the answer.
    let err = c
        .get_product_by_url(UrlRequest { driver: Driver::InMemory.into(), url: "/empty".into(), fresh_after_ms: 0 })
        .await
        .expect_err("empty");
    assert_eq!((err.code(), err.message()), (Code::NotFound, "The platform did not respond with a product."));

    for (driver, code) in [
        (Driver::Medusa.into(), Code::FailedPrecondition),
        (Driver::Shopify.into(), Code::FailedPrecondition),
        (99, Code::InvalidArgument),
        (0, Code::InvalidArgument),
    ] {
        let err = c.best_sellers(DriverRequest { driver, fresh_after_ms: 0 }).await.expect_err("an error");
        assert_eq!(err.code(), code, "{driver}");
    }
    let err = c
        .get_product(ProductRequest { driver: Driver::InMemory.into(), id: " ".into(), fresh_after_ms: 0 })
        .await
        .expect_err("blank id");
    assert_eq!(err.code(), Code::InvalidArgument);
    shutdown.cancel();
}

/// issue 10: listings are bounded and their paths normalised here, before any adapter call.
#[tokio::test(flavor = "multi_thread")]
async fn listings_are_bounded_and_normalised_before_the_adapter() {
    use vitrine_proto::v1::{CategoryRequest, ProductSort, SearchRequest};
    let adapter = ScriptedAdapter::start(Script::default()).await;
    let (mut c, shutdown) = start(vec![(Backend::InMemory, adapter.url.clone())]).await;
    let driver = Driver::InMemory.into();

    let category = |url: &str, page: u32| CategoryRequest {
        driver,
        url: url.into(),
        page,
        sort: ProductSort::PriceDesc.into(),
        fresh_after_ms: 0,
    };
    // Not scripted: the adapter answers NOT_FOUND, after recording what it was asked.
    let err = c.get_category_page(category("computers//laptops/", 0)).await.expect_err("not scripted");
    assert_eq!(err.code(), Code::NotFound);
    let err = c.get_category_page(category("/computers", 1001)).await.expect_err("page out of bounds");
    assert_eq!((err.code(), err.message()), (Code::InvalidArgument, "Bad request: page may be at most 1000"));

    let search = |query: &str| SearchRequest { driver, query: query.into(), page: 2, sort: 0, fresh_after_ms: 0 };
    c.search(search("  shirt ")).await.expect_err("not scripted");
    for bad in ["", "   ", &"x".repeat(201)] {
        let err = c.search(search(bad)).await.expect_err("bad query");
        assert_eq!(err.code(), Code::InvalidArgument, "{bad:?}");
    }
    c.get_content_page(UrlRequest { driver, url: "about-us/".into(), fresh_after_ms: 0 })
        .await
        .expect_err("not scripted");

    assert_eq!(
        adapter.calls(),
        [
            "get_category_page in-memory /computers/laptops 1 3",
            "search in-memory shirt 2 0",
            "get_content_page in-memory /about-us"
        ]
    );
    shutdown.cancel();
}

/// issue 10: the home page's categories come from the driver's catalogue backend (the
/// fake store's own adapter, where navigation would ask in-memory's), passed through.
#[tokio::test(flavor = "multi_thread")]
async fn categories_come_from_the_catalogue_backend() {
    use vitrine_proto::v1::NavigationNode;
    let node = |name: &str| NavigationNode {
        id: name.into(),
        url: format!("/category/{name}"),
        name: name.into(),
        total_products: 2,
        ..NavigationNode::default()
    };
    let fake = ScriptedAdapter::start(Script {
        categories: Some(Ok(vec![node("jewelery"), node("electronics")])),
        ..Script::default()
    })
    .await;
    let in_memory =
        ScriptedAdapter::start(Script { categories: Some(Err(Code::Unavailable)), ..Script::default() }).await;
    let (mut c, shutdown) =
        start(vec![(Backend::Fake, fake.url.clone()), (Backend::InMemory, in_memory.url.clone())]).await;

    let listed = c
        .list_categories(DriverRequest { driver: Driver::Fake.into(), fresh_after_ms: 0 })
        .await
        .expect("fake")
        .into_inner();
    assert_eq!(listed.categories, [node("jewelery"), node("electronics")]);
    let err = c
        .list_categories(DriverRequest { driver: Driver::InMemory.into(), fresh_after_ms: 0 })
        .await
        .expect_err("scripted failure");
    assert_eq!(err.code(), Code::Unavailable);
    let err = c
        .list_categories(DriverRequest { driver: Driver::Medusa.into(), fresh_after_ms: 0 })
        .await
        .expect_err("disabled");
    assert_eq!(err.code(), Code::FailedPrecondition);
    assert_eq!(
        (fake.calls(), in_memory.calls()),
        (vec!["list_categories fake".to_owned()], vec!["list_categories in-memory".to_owned()])
    );
    shutdown.cancel();
}

/// issue 13: every driver but Medusa can always be chosen; Medusa when its adapter says it
/// has a shop, and not when it says it has none, is missing, or cannot be reached.
#[tokio::test(flavor = "multi_thread")]
async fn medusa_is_available_only_where_its_adapter_has_a_shop() {
    let always: Vec<i32> = [Driver::InMemory, Driver::Fake, Driver::Magento, Driver::MageOs, Driver::Shopify]
        .into_iter()
        .map(i32::from)
        .collect();
    let configured = ScriptedAdapter::start(Script { configured: true, ..Script::default() }).await;
    let unconfigured = ScriptedAdapter::start(Script::default()).await;
    for (adapters, medusa_offered) in [
        (vec![(Backend::Medusa, configured.url.clone())], true),
        (vec![(Backend::Medusa, unconfigured.url.clone())], false),
        (vec![], false),
        // Nothing listens there: refused at once.
        (vec![(Backend::Medusa, "http://127.0.0.1:1".to_owned())], false),
    ] {
        let (mut c, shutdown) = start(adapters).await;
        let answer = c.available_drivers(AvailableDriversRequest {}).await.expect("an answer").into_inner();
        let mut expected = always.clone();
        if medusa_offered {
            expected.push(Driver::Medusa.into());
        }
        assert_eq!(answer.drivers, expected, "medusa offered: {medusa_offered}");
        shutdown.cancel();
    }
    assert_eq!(configured.calls(), ["describe"]);
    assert_eq!(unconfigured.calls(), ["describe"]);
}
