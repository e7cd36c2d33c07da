//! The Shopify driver against a local GraphQL server that validates every document
//! against the Storefront API 2025-01 schema and demands the access token.

use std::time::Duration;

use tonic::Code;
use vitrine_adapter::shopify::{backend, operations};
use vitrine_common::grpc::GrpcChannel;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::{
    CategoryPage, CategoryRequest, DriverRequest, ProductPage, ProductRequest, ProductSort, ProductsRequest,
    SearchRequest, UrlRequest,
};
use vitrine_testkit::adapter::RunningAdapter;
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
    _adapter: RunningAdapter,
}

async fn setup(token: &str) -> Setup {
    setup_shop(shopify::start(TOKEN), token).await
}

async fn setup_shop(shop: FakeGraphQl, token: &str) -> Setup {
    let mut config = vitrine_adapter::Config::new(Backend::Shopify);
    config.set(Backend::Shopify, backend::ENDPOINT, shop.url.clone());
    config.set(Backend::Shopify, backend::ACCESS_TOKEN, token);
    config.upstream_timeout = Duration::from_millis(500);
    let adapter = RunningAdapter::start(config).await;
    Setup { shop, client: adapter.client(), _adapter: adapter }
}

fn url(u: &str) -> UrlRequest {
    UrlRequest { driver: Driver::Shopify.into(), url: u.into(), fresh_after_ms: 0 }
}

#[tokio::test(flavor = "multi_thread")]
async fn products_menu_and_routes() {
    let s = setup(TOKEN).await;
    let mut c = s.client.clone();
    let list = c
        .list_products(ProductsRequest { driver: Driver::Shopify.into(), limit: 0, fresh_after_ms: 0 })
        .await
        .expect("list")
        .into_inner();
    let handles: Vec<&str> = list.products.iter().map(|p| p.url.as_str()).collect();
    assert_eq!(handles, ["/products/hydrogen-snowboard", "/products/oxygen-wax", "/products/helium-bindings"]);
    assert_eq!(list.products[0].images.len(), 1, "spec §9: only the first image");

    let one = c
        .get_product(ProductRequest { driver: Driver::Shopify.into(), id: "7982853619940".into(), fresh_after_ms: 0 })
        .await
        .expect("id")
        .into_inner();
    assert_eq!(
        (one.products[0].name.as_str(), one.products[0].price, one.products[0].in_stock),
        ("Oxygen Wax", Some(2495), Some(false))
    );
    let by_url = c.get_product_by_url(url("/products/hydrogen-snowboard")).await.expect("url").into_inner();
    assert_eq!(by_url.id, "7982853619939");
    let err = c.get_product_by_url(url("/products/nope")).await.expect_err("missing");
    assert_eq!((err.code(), err.message()), (Code::NotFound, "The platform did not respond with a product."));

    let tree = c
        .get_navigation(DriverRequest { driver: Driver::Shopify.into(), fresh_after_ms: 0 })
        .await
        .expect("menu")
        .into_inner();
    let top: Vec<(&str, &str)> = tree.children.iter().map(|n| (n.name.as_str(), n.url.as_str())).collect();
    assert_eq!(top, [("Snowboards", "/collections/snowboards"), ("About", "/pages/about"), ("News", "/blogs/news")]);
    assert_eq!(tree.children[0].children[0].url, "/products/hydrogen-snowboard");

    for (path, code) in [
        ("/products/hydrogen-snowboard", 200),
        ("/products/hydrogen-snowboard.html", 200),
        ("/products/nope", 404),
        ("/collections/snowboards", 200),
    ] {
        assert_eq!(c.resolve(url(path)).await.expect(path).into_inner().code, code, "{path}");
    }
    let received = s.shop.received();
    assert!(
        received.iter().all(|r| r.headers.iter().any(|(k, v)| k == "x-shopify-storefront-access-token" && v == TOKEN))
    );
}

/// issue 10: collections are CATEGORY routes and pages CMS_PAGE routes, with their SEO
/// fields; unknown handles are the not-found result, not an error.
#[tokio::test(flavor = "multi_thread")]
async fn collections_and_pages_resolve_with_their_route_data() {
    let s = setup(TOKEN).await;
    let mut c = s.client.clone();
    let base = s.shop.url.trim_end_matches('/');
    for (path, kind, id, title, description, canonical) in [
        (
            "/collections/snowboards",
            "CATEGORY",
            "1",
            "Snowboards for every slope",
            Some("Light boards, stiff boards."),
            Some(format!("{base}/collections/snowboards")),
        ),
        ("/collections/splitboards", "CATEGORY", "2", "Splitboards", None, None),
        ("/pages/about", "CMS_PAGE", "1", "About the shop", Some("Who we are."), Some(format!("{base}/pages/about"))),
    ] {
        let r = c.resolve(url(path)).await.expect(path).into_inner();
        assert_eq!(
            (r.r#type.as_deref(), r.id.as_deref(), r.url.as_deref(), r.code),
            (Some(kind), Some(id), Some(path.trim_start_matches('/')), 200),
            "{path}"
        );
        let data = r.data.expect("route data");
        assert_eq!(
            (data.title.as_deref(), data.meta_description.as_deref(), data.canonical_url),
            (Some(title), description, canonical),
            "{path}"
        );
    }
    for path in ["/collections/nope", "/pages/nope", "/blogs/news", "/collections/snowboards/x"] {
        let r = c.resolve(url(path)).await.expect(path).into_inner();
        assert_eq!((r.r#type, r.id, r.code), (None, None, 404), "{path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_token_and_upstream_faults_are_clean_errors_that_never_show_the_token() {
    let wrong = setup("not-the-token").await;
    let err = wrong
        .client
        .clone()
        .best_sellers(DriverRequest { driver: Driver::Shopify.into(), fresh_after_ms: 0 })
        .await
        .expect_err("401");
    assert_eq!(err.code(), Code::Unavailable);
    assert!(!err.message().contains("not-the-token"));

    let s = setup(TOKEN).await;
    let mut c = s.client.clone();
    s.shop.fail_with(500);
    let err =
        c.best_sellers(DriverRequest { driver: Driver::Shopify.into(), fresh_after_ms: 0 }).await.expect_err("500");
    assert_eq!((err.code(), err.message()), (Code::Unavailable, "The backend answered with HTTP status 500."));
    s.shop.fail_with(0);
    s.shop.delay(Duration::from_secs(2));
    let err = c
        .get_navigation(DriverRequest { driver: Driver::Shopify.into(), fresh_after_ms: 0 })
        .await
        .expect_err("timeout");
    assert_eq!(err.code(), Code::DeadlineExceeded);
    assert!(!err.message().contains(TOKEN));
}

// issue 10: collections, search and pages, against the demo shop (27 snowboards).

const SNOWBOARDS: usize = shopify::DEMO_SNOWBOARDS + 1;

impl Setup {
    async fn category(&self, url: &str, page: u32, sort: ProductSort) -> Result<CategoryPage, tonic::Status> {
        let request = CategoryRequest {
            driver: Driver::Shopify.into(),
            url: url.into(),
            page,
            sort: sort.into(),
            fresh_after_ms: 0,
        };
        self.client.clone().get_category_page(request).await.map(tonic::Response::into_inner)
    }

    async fn search(&self, query: &str, page: u32, sort: ProductSort) -> ProductPage {
        let request = SearchRequest {
            driver: Driver::Shopify.into(),
            query: query.into(),
            page,
            sort: sort.into(),
            fresh_after_ms: 0,
        };
        self.client.clone().search(request).await.expect(query).into_inner()
    }
}

fn names(page: &ProductPage) -> Vec<String> {
    page.products.iter().map(|p| p.name.clone()).collect()
}

fn prices(pages: &[&ProductPage]) -> Vec<i64> {
    pages.iter().flat_map(|p| p.products.iter().map(|p| p.price.unwrap_or_default())).collect()
}

fn sorts(sorts: &[ProductSort]) -> Vec<i32> {
    sorts.iter().map(|s| i32::from(*s)).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_collection_is_a_category_page_in_pages_of_24_in_four_orders() {
    let s = setup_shop(shopify::start_demo(TOKEN), TOKEN).await;
    let first = s.category("/collections/snowboards", 1, ProductSort::Position).await.expect("page 1");
    let category = first.category.expect("category");
    assert_eq!((category.id.as_str(), category.name.as_str()), ("1", "Snowboards"));
    assert_eq!(category.description.as_deref(), Some("<p>Boards for <strong>every</strong> slope.</p>"), "sanitised");
    assert_eq!(category.meta_title.as_deref(), Some("Snowboards for every slope"));
    let children: Vec<(&str, &str)> = category.children.iter().map(|c| (c.name.as_str(), c.url.as_str())).collect();
    assert_eq!(children, [("Splitboards", "/collections/splitboards")], "menu children that are collections");
    let one = first.listing.expect("listing");
    assert_eq!((one.products.len(), one.total_count, one.page, one.page_size), (24, SNOWBOARDS as u32, 1, 24));
    assert_eq!(
        one.sorts,
        sorts(&[ProductSort::Position, ProductSort::Name, ProductSort::PriceAsc, ProductSort::PriceDesc])
    );
    assert_eq!(one.products[0].name, "The Hydrogen Snowboard", "the collection's own order first");

    let two =
        s.category("/collections/snowboards", 2, ProductSort::Position).await.expect("page 2").listing.expect("2");
    assert_eq!((two.products.len(), two.total_count, two.page), (SNOWBOARDS - 24, SNOWBOARDS as u32, 2));
    let mut all = [names(&one), names(&two)].concat();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), SNOWBOARDS, "two pages hold every product once");
    let past = s.category("/collections/snowboards", 3, ProductSort::Position).await.expect("3").listing.expect("3");
    assert_eq!((past.products.len(), past.total_count), (0, SNOWBOARDS as u32), "past the end: empty, same total");

    let (asc1, asc2) = (
        s.category("/collections/snowboards", 1, ProductSort::PriceAsc).await.expect("asc").listing.expect("asc"),
        s.category("/collections/snowboards", 2, ProductSort::PriceAsc).await.expect("asc").listing.expect("asc"),
    );
    let ascending = prices(&[&asc1, &asc2]);
    assert_eq!(ascending.len(), SNOWBOARDS);
    assert!(ascending.windows(2).all(|w| w[0] <= w[1]), "price ascending across pages: {ascending:?}");
    assert_ne!(names(&asc1), names(&one), "sorting by price reorders");
    let desc =
        s.category("/collections/snowboards", 1, ProductSort::PriceDesc).await.expect("desc").listing.expect("d");
    assert_eq!(desc.products[0].price, ascending.last().copied(), "the dearest first");
    let by_name = s.category("/collections/snowboards", 1, ProductSort::Name).await.expect("name").listing.expect("n");
    let titles = names(&by_name);
    assert!(titles.windows(2).all(|w| w[0].to_lowercase() <= w[1].to_lowercase()), "{titles:?}");

    // Warm: the same page again costs no upstream request.
    let before = s.shop.received().len();
    s.category("/collections/snowboards", 2, ProductSort::Position).await.expect("warm");
    assert_eq!(s.shop.received().len(), before);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_empty_collection_says_so_and_unknown_ones_are_not_found() {
    let s = setup_shop(shopify::start_demo(TOKEN), TOKEN).await;
    let empty = s.category("/collections/splitboards", 1, ProductSort::Position).await.expect("empty");
    let category = empty.category.expect("category");
    let crumbs: Vec<(&str, &str, i32)> =
        category.breadcrumbs.iter().map(|b| (b.name.as_str(), b.url.as_str(), b.level)).collect();
    assert_eq!(crumbs, [("Snowboards", "/collections/snowboards", 1)], "from the menu path");
    assert_eq!(category.description, None);
    let listing = empty.listing.expect("listing");
    assert_eq!((listing.products.len(), listing.total_count), (0, 0));
    for url in ["/collections/nope", "/pages/about", "/collections", "/collections/snowboards/x"] {
        let err = s.category(url, 1, ProductSort::Position).await.expect_err(url);
        assert_eq!(err.code(), Code::NotFound, "{url}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn search_finds_products_by_a_word_in_any_case_and_pages_them() {
    let s = setup_shop(shopify::start_demo(TOKEN), TOKEN).await;
    let found = s.search("HYDROGEN", 1, ProductSort::Position).await;
    assert_eq!((names(&found), found.total_count), (vec!["The Hydrogen Snowboard".to_owned()], 1));
    assert_eq!(found.sorts, sorts(&[ProductSort::Position, ProductSort::PriceAsc, ProductSort::PriceDesc]), "no name");
    let none = s.search("monoski", 1, ProductSort::Position).await;
    assert_eq!((none.products.len(), none.total_count), (0, 0));

    let (one, two) =
        (s.search("snowboard", 1, ProductSort::PriceAsc).await, s.search("snowboard", 2, ProductSort::PriceAsc).await);
    assert_eq!((one.products.len(), two.products.len(), two.total_count), (24, SNOWBOARDS - 24, SNOWBOARDS as u32));
    let ascending = prices(&[&one, &two]);
    assert!(ascending.windows(2).all(|w| w[0] <= w[1]), "price ascending across pages: {ascending:?}");
    let desc = s.search("snowboard", 1, ProductSort::PriceDesc).await;
    assert_eq!(desc.products[0].price, ascending.last().copied());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_is_a_content_page_and_blogs_are_not() {
    let s = setup(TOKEN).await;
    let mut c = s.client.clone();
    let page = c.get_content_page(url("/pages/about")).await.expect("about").into_inner();
    assert_eq!((page.id.as_str(), page.url.as_str(), page.title.as_str()), ("1", "/pages/about", "About us"));
    assert_eq!(page.content, "<h2>Who we are</h2><p>Riders who <em>wax</em> their own boards.</p><img src=\"x\">");
    assert_eq!(
        (page.meta_title.as_deref(), page.meta_description.as_deref()),
        (Some("About the shop"), Some("Who we are."))
    );
    for path in ["/pages/nope", "/blogs/news", "/collections/snowboards"] {
        let err = c.get_content_page(url(path)).await.expect_err(path);
        assert_eq!(err.code(), Code::NotFound, "{path}");
    }
}

/// issue 10: the home page's categories are the menu's top-level collections (its page
/// and blog are not categories), on the fixture and the demo shop alike.
#[tokio::test(flavor = "multi_thread")]
async fn categories_are_the_menus_top_collections() {
    for shop in [shopify::start(TOKEN), shopify::start_demo(TOKEN)] {
        let s = setup_shop(shop, TOKEN).await;
        let categories = s
            .client
            .clone()
            .list_categories(DriverRequest { driver: Driver::Shopify.into(), fresh_after_ms: 0 })
            .await
            .expect("categories")
            .into_inner()
            .categories;
        let listed: Vec<(&str, &str, usize, i32)> =
            categories.iter().map(|n| (n.name.as_str(), n.url.as_str(), n.children.len(), n.children_count)).collect();
        assert_eq!(listed, [("Snowboards", "/collections/snowboards", 0, 2)]);
    }
}
