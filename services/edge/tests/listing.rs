//! Listings through the edge: category pages, search and content pages on every backend
//! that has them, page, sort and q read as a page's address reads them, and the upstream
//! economy of a Magento category page (one round trip cold, none warm).

use serde_json::{Value, json};
use vitrine_testkit::{TestApp, assert, browser, magento, shopify};

async fn get(c: &reqwest::Client, app: &TestApp, path: &str) -> Value {
    assert::ok_json(c.get(app.url(path)).send().await.expect(path)).await
}

async fn switch(c: &reqwest::Client, app: &TestApp, driver: &str) {
    let res = c.put(app.url("/api/driver")).json(&json!({ "driver": driver })).send().await.expect("put");
    assert_eq!(assert::ok_json(res).await["driver"], driver);
}

fn names(listing: &Value) -> Vec<String> {
    listing["products"].as_array().into_iter().flatten().filter_map(|p| p["name"].as_str().map(str::to_owned)).collect()
}

/// What a shopper pays for each simple product: the price less its discount, which is
/// what backends order by. A bundle or configurable product shows its highest price but
/// is ordered by its lowest (Magento's price index), so it says nothing about order.
fn prices(listing: &Value) -> Vec<f64> {
    let paid = |p: &Value| Some(p["price"].as_f64()? - p["discount"]["amount"].as_f64().unwrap_or_default());
    let products = listing["products"].as_array().into_iter().flatten();
    products.filter(|p| p["type"] == "simple").filter_map(paid).collect()
}

fn sorted_by(values: &[f64], ascending: bool) -> bool {
    values.windows(2).all(|w| if ascending { w[0] <= w[1] } else { w[0] >= w[1] })
}

/// The listing rules every backend keeps: pages of 24 counted from the total, page 2
/// holding the rest, the price orders really ordering.
async fn pages_and_sorts(c: &reqwest::Client, app: &TestApp, url: &str, total: u64) {
    let first = get(c, app, &format!("/api/categories/by-url?url={url}")).await;
    let listing = &first["listing"];
    assert_eq!((listing["total_count"].as_u64(), listing["page"].as_u64()), (Some(total), Some(1)), "{url}");
    assert_eq!((listing["page_size"].as_u64(), listing["page_count"].as_u64()), (Some(24), Some(total.div_ceil(24))));
    assert_eq!(names(listing).len(), 24, "{url}: a full first page");
    let second = get(c, app, &format!("/api/categories/by-url?url={url}&page=2")).await;
    let rest = names(&second["listing"]);
    assert_eq!(rest.len() as u64, total - 24, "{url}: page 2 holds the rest");
    assert!(rest.iter().all(|n| !names(listing).contains(n)), "{url}: pages do not overlap");
    for (sort, ascending) in [("price_asc", true), ("price_desc", false)] {
        let sorted = get(c, app, &format!("/api/categories/by-url?url={url}&sort={sort}")).await;
        let prices = prices(&sorted["listing"]);
        assert!(prices.len() >= 20, "{url} {sort}: mostly simple products");
        assert!(sorted_by(&prices, ascending), "{url} {sort}: {prices:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn category_pages_search_and_their_checks_on_in_memory() {
    let app = TestApp::builder().with_redis().start().await;
    let c = browser();
    pages_and_sorts(&c, &app, "/computers", 27).await;

    let page = get(&c, &app, "/api/categories/by-url?url=/computers").await;
    let category = &page["category"];
    assert_eq!((&category["name"], &category["url"]), (&json!("Computers"), &json!("/computers")));
    let children: Vec<&str> =
        category["children"].as_array().into_iter().flatten().filter_map(|c| c["url"].as_str()).collect();
    assert!(children.contains(&"/computers/movies"), "child links: {children:?}");
    assert_eq!(page["listing"]["sorts"], json!(["position", "name", "price_asc", "price_desc"]));
    let deeper = get(&c, &app, "/api/categories/by-url?url=/computers/movies/games").await;
    let trail: Vec<&str> =
        deeper["category"]["breadcrumbs"].as_array().into_iter().flatten().filter_map(|b| b["url"].as_str()).collect();
    assert_eq!(trail, ["/computers", "/computers/movies"]);
    let empty = get(&c, &app, "/api/categories/by-url?url=/computers/movies/beauty").await;
    assert_eq!((empty["listing"]["total_count"].as_u64(), names(&empty["listing"]).len()), (Some(0), 0));

    // A word from a product's name finds it, whatever its case.
    let wanted = names(&page["listing"]).into_iter().next().expect("a product");
    let word = wanted.split_whitespace().last().expect("a word").to_lowercase();
    let found = get(&c, &app, &format!("/api/search?q=%20{word}%20")).await;
    assert!(names(&found).contains(&wanted), "searching {word:?} finds {wanted:?}: {found}");
    let none = get(&c, &app, "/api/search?q=zzqqxx").await;
    assert_eq!((none["total_count"].as_u64(), none["page_count"].as_u64()), (Some(0), Some(0)));

    let about = get(&c, &app, "/api/resolve?url=/pages/about-us").await;
    assert_eq!((&about["type"], &about["outcome"]), (&json!("CMS_PAGE"), &json!("match")));
    let page_body = get(&c, &app, "/api/pages/by-url?url=/pages/about-us").await;
    assert_eq!(page_body["title"], "About us");

    // One answer per page, whatever its type: the resolution and what it names.
    for (path, kind, field) in [
        ("/api/page?url=/computers&page=2", "CATEGORY", "category"),
        ("/api/page?url=/1001", "PRODUCT", "product"),
        ("/api/page?url=/pages/about-us", "CMS_PAGE", "content"),
    ] {
        let page = get(&c, &app, path).await;
        assert_eq!(page["resolution"]["type"], kind, "{path}");
        for other in ["product", "category", "content"] {
            assert_eq!(page[other].is_null(), other != field, "{path}: {other}");
        }
        assert!(page["failure"].is_null(), "{path}");
    }
    let two = get(&c, &app, "/api/page?url=/computers&page=2").await;
    assert_eq!(names(&two["category"]["listing"]).len(), 3, "the page asked for");
    let nothing = get(&c, &app, "/api/page?url=/no-such-aisle").await;
    assert_eq!(nothing["resolution"]["outcome"], "not_found");
    assert!(nothing["product"].is_null() && nothing["category"].is_null() && nothing["content"].is_null());

    let chips = get(&c, &app, "/api/categories").await;
    let top: Vec<&str> = chips.as_array().into_iter().flatten().filter_map(|c| c["url"].as_str()).collect();
    assert_eq!(top, ["/computers", "/clothing"], "the menu's top level");

    let unknown = c.get(app.url("/api/categories/by-url?url=/no-such-aisle")).send().await.expect("unknown");
    assert::json_error(unknown, 404, "not_found").await;

    // A page number or order the edge cannot read is page 1 in position order, as a
    // page's address reads them; words past the longest are cut there.
    let first = get(&c, &app, "/api/categories/by-url?url=/computers").await;
    for odd in ["page=0", "page=1001", "page=two", "page=00002", "page=-3", "sort=cheapest", "page=1&sort=PRICE_ASC"] {
        let read = get(&c, &app, &format!("/api/categories/by-url?url=/computers&{odd}")).await;
        assert_eq!(read, first, "{odd}");
    }
    let longest = "a".repeat(200);
    let cut = get(&c, &app, &format!("/api/search?q={longest}bcd&page=two")).await;
    assert_eq!(cut, get(&c, &app, &format!("/api/search?q={longest}")).await, "cut to 200 characters, page 1");
    for (path, text) in [
        ("/api/categories/by-url", "The url query parameter is required."),
        ("/api/search", "The q query parameter must hold the words to search for."),
        ("/api/search?q=%20%20", "The q query parameter must hold the words to search for."),
        ("/api/pages/by-url", "The url query parameter is required."),
    ] {
        let res = c.get(app.url(path)).send().await.expect(path);
        assert_eq!(assert::json_error(res, 400, "bad_request").await, text, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_magento_category_page_costs_one_round_trip_cold_and_none_warm() {
    let shop = magento::start();
    let mut app = TestApp::builder().with_redis().magento(&shop.url).start().await;
    let c = browser();
    switch(&c, &app, "magento").await;
    let before = shop.received().len();
    let page = get(&c, &app, "/api/categories/by-url?url=/gear.html").await;
    assert_eq!(shop.received().len() - before, 1, "cold: the route and its products in one request");
    assert_eq!(page["category"]["name"], "Gear");
    assert_eq!(page["category"]["meta_title"], "Gear | Luma");
    // A new edge (no response cache of its own) is answered from the shared upstream cache.
    app.restart_edge().await;
    let again = get(&c, &app, "/api/categories/by-url?url=/gear.html").await;
    assert_eq!(shop.received().len() - before, 1, "warm: no request reaches Magento");
    assert_eq!(again, page);

    // A whole page (its lookup and every kind of data at once) from a cold cache: the
    // operations go out together, batched; warm, nothing reaches Magento.
    app.restart_edge().await;
    let before = shop.received().len();
    let page = get(&c, &app, "/api/page?url=/gear/fitness.html").await;
    let cold = shop.received().len() - before;
    assert_eq!(page["category"]["category"]["name"], "Fitness Equipment");
    println!("cold /api/page on Magento: {cold} upstream request(s)");
    assert!((1..=4).contains(&cold), "{cold} requests");
    app.restart_edge().await;
    assert_eq!(get(&c, &app, "/api/page?url=/gear/fitness.html").await, page);
    assert_eq!(shop.received().len() - before, cold, "warm: no request reaches Magento");

    pages_and_sorts(&c, &app, "/gear.html", 28).await;
    let bags = get(&c, &app, "/api/categories/by-url?url=/gear/bags.html").await;
    let trail: Vec<&str> =
        bags["category"]["breadcrumbs"].as_array().into_iter().flatten().filter_map(|b| b["url"].as_str()).collect();
    assert_eq!(trail, ["/gear.html"], "ancestors below the store's root");
    let found = get(&c, &app, "/api/search?q=duffle").await;
    assert!(names(&found).contains(&"Joust Duffle Bag".to_owned()), "{found}");
    let about = get(&c, &app, "/api/pages/by-url?url=/about-us").await;
    assert_eq!((&about["title"], &about["meta_title"]), (&json!("About us"), &json!("About Luma")));
    let html = about["content"].as_str().unwrap_or_default();
    assert!(html.contains("<h2>Who we are</h2>") && !html.contains("<script"), "sanitised: {html}");
    let missing = c.get(app.url("/api/pages/by-url?url=/no-such-page")).send().await.expect("missing");
    assert::json_error(missing, 404, "not_found").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn shopify_collections_search_and_pages() {
    const TOKEN: &str = "shpat_listing_7";
    let shop = shopify::start_demo(TOKEN);
    let app = TestApp::builder().with_redis().shopify(&shop.url, TOKEN).start().await;
    let c = browser();
    switch(&c, &app, "shopify").await;
    pages_and_sorts(&c, &app, "/collections/snowboards", 27).await;
    let found = get(&c, &app, "/api/search?q=hydrogen").await;
    assert!(names(&found).contains(&"The Hydrogen Snowboard".to_owned()), "{found}");
    assert_eq!(found["sorts"], json!(["position", "price_asc", "price_desc"]), "search cannot sort by name");
    let resolved = get(&c, &app, "/api/resolve?url=/pages/about").await;
    assert_eq!((&resolved["type"], &resolved["outcome"]), (&json!("CMS_PAGE"), &json!("match")));
    let about = get(&c, &app, "/api/pages/by-url?url=/pages/about").await;
    assert!(about["content"].as_str().is_some_and(|html| !html.is_empty()), "{about}");
}
