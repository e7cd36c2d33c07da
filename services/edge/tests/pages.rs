//! Issue 12 over real HTTP, no browser: on every backend a page request answers the
//! SPA's HTML with the page's own head (title, description, canonical link, link-preview
//! tags, JSON-LD), the data the SPA starts with, and the page's real status: 404 for an
//! unknown address, 301/302 with `Location` for a redirect, 503 for a failed lookup.
//! A hostile name cannot break out of any of it.

#[path = "support/page.rs"]
mod page;

use std::time::Duration;

use page::{Page, built_spa, page_heads};
use serde_json::{Value, json};
use vitrine_domain::Backend;
use vitrine_proto::v1::{NavigationNode, Product};
use vitrine_testkit::scripted::{Script, ScriptedAdapter};
use vitrine_testkit::{TestApp, assert, browser, eventually, fake_store, magento, shopify};

async fn switch(c: &reqwest::Client, app: &TestApp, driver: &str) {
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": driver })).send().await.expect("put");
    assert_eq!(assert::ok_json(res).await["driver"], driver);
}

/// A client that keeps the session cookie but does not follow redirects.
fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(20))
        .build()
        .expect("client")
}

/// The page at `path` is a written page of `status` titled `title` whose inlined page
/// data is exactly what `/api/page` answers for it; returns the page.
async fn written(c: &reqwest::Client, app: &TestApp, path: &str, status: u16, title: &str) -> Page {
    let page = Page::get(c, &app.url(path)).await;
    assert_eq!(page.status, status, "{path}: {}", page.html);
    assert_eq!(page.title(), title, "{path}");
    assert_eq!(page.canonical().as_deref(), Some(app.url(path).as_str()), "{path}");
    let key = format!("/api/page?url={}", urlencode(path));
    let data = page.data().expect("inlined data");
    let api = assert::ok_json(c.get(app.url(&key)).send().await.expect("api")).await;
    assert_eq!(data[&key], api, "{path}: the inlined answer is the API's");
    assert_eq!(data["/api/driver"]["driver"], api_driver(c, app).await, "{path}");
    assert!(data["/api/navigation"].is_object(), "{path}: the menu is inlined");
    assert_eq!(api["head"]["title"], title, "{path}: the SPA gets the same head");
    let tags = api["head_html"].as_str().expect("head_html");
    assert!(page.html.contains(tags), "{path}: the SPA swaps in the very tags the page has: {tags}");
    page
}

async fn api_driver(c: &reqwest::Client, app: &TestApp) -> Value {
    assert::ok_json(c.get(app.url("/api/driver")).send().await.expect("driver")).await["driver"].clone()
}

/// `encodeURIComponent` of an image url, as the image service's address carries it.
fn urlencode_all(url: &str) -> String {
    url.replace(':', "%3A").replace('/', "%2F")
}

/// `encodeURIComponent` for the paths used here.
fn urlencode(path: &str) -> String {
    path.replace('/', "%2F")
}

/// issue 20: the pages the SPA shows without `/api/page` get their head from the edge
/// too, the very tags the written page has, inlined into it.
#[tokio::test(flavor = "multi_thread")]
async fn the_home_and_search_pages_heads_are_the_written_ones() {
    let spa = built_spa();
    let app = TestApp::builder().static_dir(spa.path()).start().await;
    let c = browser();
    for (path, key, title) in [
        ("/", "/api/head/home", "Vitrine"),
        ("/search", "/api/head/search", "Search | Vitrine"),
        ("/search?q=+blue+shirt+&page=2", "/api/head/search?q=blue%20shirt&page=2", "Search: blue shirt | Vitrine"),
    ] {
        let page = Page::get(&c, &app.url(path)).await;
        assert_eq!(page.status, 200, "{path}");
        let head = assert::ok_json(c.get(app.url(key)).send().await.expect("head")).await;
        assert_eq!(head["head"]["title"], title, "{key}");
        assert_eq!(page.title(), title, "{path}");
        let tags = head["head_html"].as_str().expect("head_html");
        assert!(page.html.contains(tags), "{path}: the written head is {key}'s: {tags}");
        assert_eq!(page.data().expect("inlined data")[key], head, "{path}: {key} is inlined");
    }
    // A page number the edge cannot read is page 1, and long words are cut, as the
    // search page's address reads them.
    let first = assert::ok_json(c.get(app.url("/api/head/search?q=x")).send().await.expect("head")).await;
    for odd in ["page=0", "page=1001", "page=two"] {
        let read =
            assert::ok_json(c.get(app.url(&format!("/api/head/search?q=x&{odd}"))).send().await.expect(odd)).await;
        assert_eq!(read, first, "{odd}");
    }
    let longest = "a".repeat(200);
    let cut =
        assert::ok_json(c.get(app.url(&format!("/api/head/search?q={longest}xyz"))).send().await.expect("cut")).await;
    assert_eq!(cut["head"]["title"], format!("Search: {longest} | Vitrine"));
}

#[tokio::test(flavor = "multi_thread")]
async fn in_memory_pages_have_their_heads_statuses_and_data() {
    let spa = built_spa();
    let app = TestApp::builder().static_dir(spa.path()).start().await;
    let c = browser();

    // A first visit gets no session (issue 21): the page is everyone's, shared caches too.
    let first = c.get(app.url("/1001")).send().await.expect("first");
    assert!(first.headers().get("set-cookie").is_none(), "no session cookie");
    assert!(first.headers()["cache-control"].to_str().unwrap_or_default().starts_with("public, "));

    let product = assert::ok_json(c.get(app.url("/api/products/1001")).send().await.expect("p")).await;
    let name = product["products"][0]["name"].as_str().expect("name").to_owned();
    let page = written(
        &c,
        &app,
        "/1001",
        200,
        &format!("{name} | {}", product["products"][0]["brand"].as_str().unwrap_or_default()),
    )
    .await;
    assert!(page.title().contains(&name), "the product's name in the title");
    assert_eq!(
        page.meta("name", "description"),
        product["products"][0]["meta_description"].as_str().map(str::to_owned)
    );
    assert_eq!(page.meta("property", "og:type").as_deref(), Some("product"));
    assert_eq!(page.meta("property", "og:url"), page.canonical());
    let image = page.meta("property", "og:image").expect("og:image");
    assert!(image.starts_with(&app.url("/img?src=")) && image.ends_with("&w=768"), "{image}");
    assert_eq!(page.meta("name", "twitter:card").as_deref(), Some("summary_large_image"));
    // 1001 comes in sizes and colours (issue 22): a ProductGroup, an Offer per variant.
    let ld = page.json_ld_of("ProductGroup");
    let group = (&ld["name"], &ld["url"], &ld["productGroupID"]);
    assert_eq!(group, (&json!(name), &json!(app.url("/1001")), &json!("MOCK-1001")));
    assert_eq!(ld["variesBy"], json!(["https://schema.org/size", "https://schema.org/color"]));
    let listed = &product["products"][0];
    let variants = ld["hasVariant"].as_array().cloned().unwrap_or_default();
    assert_eq!(variants.len(), listed["variants"].as_array().map_or(0, Vec::len));
    // The first variant's Offer is the price the page shows as paid: the mock's price
    // less its discount (between 0 and the price less 1, spec §8).
    let paid = listed["price"].as_f64().expect("a price") - listed["discount"]["amount"].as_f64().unwrap_or(0.0);
    assert_eq!(variants[0]["offers"]["price"].as_f64(), Some(paid), "{listed}");
    assert_eq!(variants[0]["offers"]["url"], json!(app.url("/1001?variant=1001-S-Black")));
    assert!(ld.get("aggregateRating").is_none(), "the mock has no reviews");
    // A product sold as it is stays a Product.
    let plain = Page::get(&c, &app.url("/1002")).await;
    assert_eq!(plain.json_ld_of("Product")["sku"], "MOCK-1002");
    let trail = page.json_ld_of("BreadcrumbList");
    assert_eq!(trail["itemListElement"][1]["name"], json!(name));
    let preload = page.preload().expect("the product image is preloaded");
    assert!(preload.starts_with("/img?src=") && preload.ends_with("&w=256"), "{preload}");
    // A variant the address names with a picture of its own: that picture is preloaded
    // (issue 22), and the canonical url stays the product's.
    let navy = listed["variants"].as_array().into_iter().flatten().find(|v| v["id"] == "1001-S-Navy").cloned();
    let navy_src = navy.and_then(|v| v["image"]["url"].as_str().map(str::to_owned)).expect("Navy has its picture");
    let chosen = Page::get(&c, &app.url("/1001?variant=1001-S-Navy")).await;
    let chosen_preload = chosen.preload().expect("preloaded");
    assert!(chosen_preload.contains(&urlencode_all(&navy_src)), "{chosen_preload} for {navy_src}");
    assert_ne!(chosen_preload, preload);
    assert_eq!(chosen.canonical().as_deref(), Some(app.url("/1001").as_str()));
    // A link to it previews that picture; the title stays the product's.
    let preview = chosen.meta("property", "og:image").expect("og:image");
    assert!(preview.contains(&urlencode_all(&navy_src)) && preview.ends_with("&w=768"), "{preview}");
    assert_ne!(page.meta("property", "og:image"), Some(preview));
    assert_eq!(chosen.title(), page.title());
    assert_eq!(page.html.matches("<meta name=\"description\"").count(), 1, "the shell's description is replaced");
    // React's markup of the page (the SSR bundle, which only a built frontend has) is
    // checked by frontend/e2e/hydration.test.mjs: here the pages carry none.

    let category = written(&c, &app, "/computers", 200, "Computers").await;
    let collection = category.json_ld_of("CollectionPage");
    assert_eq!(collection["mainEntity"]["numberOfItems"], 27);
    assert_eq!(collection["mainEntity"]["itemListElement"].as_array().map(Vec::len), Some(24));
    let second = Page::get(&c, &app.url("/computers?page=2&sort=name")).await;
    assert_eq!(second.canonical(), Some(app.url("/computers?page=2")), "the order is a view of the page");
    assert_eq!(second.json_ld_of("CollectionPage")["mainEntity"]["itemListElement"][0]["position"], 25);
    let key = "/api/page?url=%2Fcomputers&page=2&sort=name";
    assert_eq!(second.data().expect("data")[key]["category"]["listing"]["page"], 2, "filed under the SPA's key");
    let games = Page::get(&c, &app.url("/computers/movies/games")).await;
    let crumbs = games.json_ld_of("BreadcrumbList")["itemListElement"].clone();
    let names: Vec<_> = crumbs.as_array().into_iter().flatten().map(|i| i["name"].clone()).collect();
    assert_eq!(names.len(), 4, "home, two ancestors, the page: {crumbs}");

    written(&c, &app, "/pages/about-us", 200, "About the Vitrine demo shop").await;

    let home = Page::get(&c, &app.url("/")).await;
    assert_eq!((home.status, home.title()), (200, "Vitrine".to_owned()));
    let site = home.json_ld_of("WebSite");
    assert_eq!(site["potentialAction"]["target"]["urlTemplate"], app.url("/search?q={search_term_string}"));
    let data = home.data().expect("home data");
    for key in ["/api/products/best-sellers", "/api/categories", "/api/navigation", "/api/driver"] {
        assert!(!data[key].is_null(), "home inlines {key}");
    }
    let search = Page::get(&c, &app.url("/search?q=%20shirt%20")).await;
    assert_eq!((search.status, search.title()), (200, "Search: shirt | Vitrine".to_owned()));
    assert!(search.data().expect("search data")["/api/search?q=shirt"]["products"].is_array());

    // Not found: 404 with the shell (the SPA shows its not-found screen), for GET and HEAD.
    let missing = written(&c, &app, "/no-such-aisle", 404, "Vitrine").await;
    assert!(missing.html.contains("<div id=\"root\"></div>"));
    let head = c.head(app.url("/no/such/thing.html")).send().await.expect("head");
    assert_eq!(head.status().as_u16(), 404);
    // A built file is still the file; a missing asset is never the page.
    assert_eq!(c.get(app.url("/assets/missing.js")).send().await.expect("asset").status().as_u16(), 404);
    assert::json_error(c.get(app.url("/api/unknown")).send().await.expect("api"), 404, "not_found").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn magento_pages_redirect_rate_and_escape_hostile_text() {
    let shop = magento::start();
    let spa = built_spa();
    let app = TestApp::builder().with_redis().static_dir(spa.path()).magento(&shop.url).start().await;
    let c = no_redirects();
    switch(&c, &app, "magento").await;

    let bag = written(&c, &app, "/joust-duffle-bag.html", 200, "Joust Duffle Bag | Luma").await;
    assert_eq!(bag.meta("name", "description").as_deref(), Some("The sporty Joust Duffle Bag."));
    let ld = bag.json_ld_of("Product");
    assert_eq!(ld["name"], "Joust Duffle Bag");
    // spec §5: 93 / 100 × 5 to 2 significant digits, with its 3 reviews.
    assert_eq!(ld["aggregateRating"], json!({"@type": "AggregateRating", "ratingValue": "4.7", "reviewCount": 3}));
    assert_eq!((&ld["offers"]["price"], &ld["offers"]["priceCurrency"]), (&json!(34.0), &json!("USD")));
    let category = written(&c, &app, "/gear/bags.html", 200, "Bags").await;
    let trail = category.json_ld_of("BreadcrumbList")["itemListElement"].clone();
    assert_eq!(trail[1]["item"], app.url("/gear.html"), "{trail}");

    for (path, status, location) in
        [("/old-duffle.html", 301, "/joust-duffle-bag.html"), ("/summer-bag.html", 302, "/gear/bags.html")]
    {
        let res = c.get(app.url(path)).send().await.expect(path);
        assert_eq!(res.status().as_u16(), status, "{path}");
        assert_eq!(res.headers()["location"], location, "{path}");
        let head = c.head(app.url(path)).send().await.expect(path);
        assert_eq!((head.status().as_u16(), &head.headers()["location"]), (status, &location.parse().expect("hv")));
    }
    written(&c, &app, "/no-such-page.html", 404, "Vitrine").await;

    // The fixture's hostile meta title and description: text in the head, never markup.
    let tank = Page::get(&c, &app.url("/cassius-sparring-tank.html")).await;
    assert_eq!(tank.status, 200);
    let hostile_title = "Cassius </title><script>alert(1)</script> Tank";
    let hostile_description = "Spar \"hard\" & 'fast'</script><script>alert(2)</script><!--";
    assert_eq!(tank.title(), hostile_title);
    assert_eq!(tank.meta("name", "description").as_deref(), Some(hostile_description));
    assert_eq!(tank.meta("property", "og:description").as_deref(), Some(hostile_description));
    assert_eq!(tank.json_ld_of("Product")["description"], hostile_description);
    let data = tank.data().expect("data");
    assert_eq!(data["/api/page?url=%2Fcassius-sparring-tank.html"]["head"]["title"], hostile_title);
    for raw in ["<script>alert", "</title><script>", "'fast'</script>", "<!--"] {
        assert!(!tank.html.contains(raw), "{raw:?} written as markup");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn shopify_and_fake_store_pages_have_their_heads() {
    const TOKEN: &str = "shpat_pages_42";
    let shop = shopify::start(TOKEN);
    let store = fake_store::start();
    let spa = built_spa();
    let app = TestApp::builder().static_dir(spa.path()).shopify(&shop.url, TOKEN).fake_store(&store.url).start().await;
    let c = no_redirects();

    switch(&c, &app, "shopify").await;
    let board = written(&c, &app, "/products/hydrogen-snowboard", 200, "Hydrogen Snowboard").await;
    // Sold in sizes and colours (issue 22): a ProductGroup with an Offer per variant.
    let group = board.json_ld_of("ProductGroup");
    assert_eq!((&group["name"], &group["productGroupID"]), (&json!("The Hydrogen Snowboard"), &json!("7982853619939")));
    let offers: Vec<(&Value, &Value)> = group["hasVariant"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|v| (&v["offers"]["price"], &v["offers"]["availability"]))
        .collect();
    assert_eq!(offers.len(), 5, "{group}");
    assert_eq!(offers[4], (&json!(512.0), &json!("https://schema.org/InStock")), "the marked-down one");
    assert_eq!(board.meta("property", "og:type").as_deref(), Some("product"));
    let boards = written(&c, &app, "/collections/snowboards", 200, "Snowboards for every slope").await;
    let listing = &boards.data().expect("data")["/api/page?url=%2Fcollections%2Fsnowboards"]["category"]["listing"];
    let list = boards.json_ld_of("CollectionPage")["mainEntity"].clone();
    assert_eq!(list["numberOfItems"], listing["total_count"]);
    assert_eq!(list["itemListElement"].as_array().map(Vec::len), listing["products"].as_array().map(Vec::len));
    assert_eq!(list["itemListElement"][0]["url"], app.url(listing["products"][0]["url"].as_str().unwrap_or_default()));
    written(&c, &app, "/products/nope", 404, "Vitrine").await;

    switch(&c, &app, "fake").await;
    let backpack = written(&c, &app, "/product/1", 200, "Fjallraven Foldsack No. 1 Backpack").await;
    assert_eq!(backpack.json_ld_of("Product")["offers"]["priceCurrency"], "USD");
    written(&c, &app, "/product/404", 404, "Vitrine").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_failed_lookup_is_503_and_a_slow_backend_gets_the_plain_shell() {
    // Magento configured at an address where nothing answers: every lookup fails.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let dead = format!("http://{}/", closed.local_addr().expect("addr"));
    drop(closed);
    let spa = built_spa();
    let app = TestApp::builder().static_dir(spa.path()).magento(&dead).start().await;
    let c = no_redirects();
    switch(&c, &app, "magento").await;
    let failed = Page::get(&c, &app.url("/joust-duffle-bag.html")).await;
    assert_eq!(failed.status, 503, "{}", failed.html);
    assert_eq!(failed.title(), "Vitrine");

    // A backend slower than the budget: the plain shell, whatever the address, and the
    // SPA fetches as it always did. The backend's delay (the mock's 500 ms) is what makes
    // the data late, never the machine: with no budget at all, a busy machine can leave
    // the page's request unpolled until its reads are done, and the page is written.
    // One edge per address: reads past the budget still finish and fill the caches, so
    // an earlier page's reads could be ready at once for a later one.
    for path in ["/1001", "/no-such-aisle", "/"] {
        let late = TestApp::builder()
            .static_dir(spa.path())
            .mock_delay(Duration::from_millis(500))
            .head_budget(Duration::from_millis(50))
            .start()
            .await;
        let plain = Page::get(&c, &late.url(path)).await;
        assert_eq!((plain.status, plain.title()), (200, "Vitrine".to_owned()), "{path}");
        assert!(plain.data().is_none() && plain.json_ld().is_empty(), "{path}: nothing written");
        assert_eq!(plain.meta("name", "description").as_deref(), Some("The shell's own description."), "{path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn pages_warmed_at_start_are_written_for_their_first_visitor() {
    // The spec's mock delay (500 ms) on every first answer, and the visitors' budget (300 ms):
    // a page nobody has read yet goes out plain...
    let spa = built_spa();
    let delay = Duration::from_millis(500);
    let budget = Duration::from_millis(300);
    let cold = TestApp::builder().static_dir(spa.path()).mock_delay(delay).head_budget(budget).start().await;
    let c = browser();
    let first = Page::get(&c, &cold.url("/1002")).await;
    assert!(first.data().is_none() && first.title() == "Vitrine", "a cold page is the plain shell");

    // ...unless the edge read it at start.
    let app =
        TestApp::builder().static_dir(spa.path()).mock_delay(delay).head_budget(budget).warm_pages(100).start().await;
    // Home, the menu's categories and the 35 products.
    assert!(eventually(Duration::from_secs(60), || async { page_heads(&app, "warmed").await >= 36 }).await, "warmed");
    for (path, title) in [("/1002", None), ("/computers", Some("Computers")), ("/", Some("Vitrine"))] {
        let page = Page::get(&c, &app.url(path)).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(page.data().is_some(), "{path}: written for its first visitor");
        if let Some(title) = title {
            assert_eq!(page.title(), title);
        }
    }
}

/// issues 23, 26: `/cart`, `/checkout` and `/order/{number}` are the SPA's own pages,
/// reserved as `/search` is: never looked up on the backend (even one whose menu links
/// there), 200, titled, not to be indexed (in their head and in `X-Robots-Tag`), written
/// for each request and never kept, with the menu but nothing of the visitor's inlined,
/// and never in the sitemap.
#[tokio::test(flavor = "multi_thread")]
async fn the_own_pages_are_reserved_never_looked_up_kept_indexed_or_listed() {
    let node = |url: &str| NavigationNode { url: url.into(), name: url.into(), ..NavigationNode::default() };
    let children = vec![node("/cart"), node("/checkout"), node("/order/1"), node("/shoes")];
    let tree = NavigationNode { url: "/".into(), children, ..Default::default() };
    let boot = Product { id: "1".into(), name: "Boot".into(), url: "/boot".into(), ..Product::default() };
    let script = Script { navigation: Some(Ok(tree)), products: Some(Ok(vec![boot])), ..Script::default() };
    let adapter = ScriptedAdapter::start(script).await;
    let spa = built_spa();
    let app = TestApp::builder().static_dir(spa.path()).adapter(Backend::InMemory, &adapter.url).start().await;
    let c = browser();

    let pages: [(&str, &str, &str, &[&str]); 3] = [
        ("/api/head/cart", "Cart", "/cart", &["/cart", "/cart/", "/cart?variant=1"]),
        ("/api/head/checkout", "Checkout", "/checkout", &["/checkout", "/checkout/"]),
        // An order's page names its checkout's as canonical: the number is the visitor's.
        ("/api/head/order", "Order confirmation", "/checkout", &["/order/000000001", "/order/M-100001/"]),
    ];
    let mut written = 0;
    for (head_key, title, canonical, paths) in pages {
        let head = assert::ok_json(c.get(app.url(head_key)).send().await.expect("head")).await;
        let tags = head["head_html"].as_str().expect("head_html").to_owned();
        for path in paths {
            let res = c.get(app.url(path)).send().await.expect(path);
            assert_eq!(res.status(), 200, "{path}");
            assert_eq!(res.headers()["x-robots-tag"], "noindex", "{path}");
            assert_eq!(res.headers()["cache-control"], "private, no-cache", "{path}: no shared cache keeps it");
            let page = Page { status: 200, html: res.text().await.expect("html") };
            assert_eq!(page.title(), title, "{path}");
            assert_eq!(page.meta("name", "robots").as_deref(), Some("noindex"), "{path}");
            assert_eq!(page.canonical().as_deref(), Some(app.url(canonical).as_str()), "{path}");
            assert!(page.html.contains(&tags), "{path}: the SPA swaps in the very tags the page has");
            let data = page.data().expect("inlined data");
            assert_eq!(data[head_key], head, "{path}");
            assert!(data["/api/navigation"].is_object(), "{path}: the menu is inlined");
            for visitors in ["/api/cart", "/api/checkout"] {
                assert!(data.get(visitors).is_none(), "{path}: {visitors} is the SPA's to fetch");
            }
            assert!(!data.as_object().is_some_and(|d| d.keys().any(|k| k.starts_with("/api/orders"))), "{path}");
            written += 1;
        }
    }
    assert_eq!((page_heads(&app, "written").await, page_heads(&app, "reused").await), (written, 0), "never kept");
    let own_calls = |calls: Vec<String>| {
        calls.into_iter().filter(|c| ["cart", "checkout", "order"].iter().any(|p| c.contains(p))).collect::<Vec<_>>()
    };
    assert_eq!(own_calls(adapter.calls()), Vec::<String>::new(), "no lookup of an own page");

    // Another address is looked up (the calls are recorded), and the sitemap lists the
    // backend's pages but not the own pages, which its menu names: not walked either.
    Page::get(&c, &app.url("/boot")).await;
    assert!(adapter.calls().iter().any(|c| c.starts_with("resolve ") && c.contains("boot")), "{:?}", adapter.calls());
    let sitemap = c.get(app.url("/sitemap-1.xml")).send().await.expect("sitemap").text().await.expect("xml");
    assert!(sitemap.contains(&format!("<loc>{}</loc>", app.url("/shoes"))), "{sitemap}");
    assert!(sitemap.contains(&format!("<loc>{}</loc>", app.url("/boot"))), "{sitemap}");
    for own in ["/cart", "/checkout", "/order/"] {
        assert!(!sitemap.contains(own), "{own}: {sitemap}");
    }
    assert_eq!(own_calls(adapter.calls()), Vec::<String>::new(), "the menu's own pages are not walked");
}
