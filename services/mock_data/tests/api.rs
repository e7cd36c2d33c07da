//! mock-data over real HTTP: spec §7 endpoints, §8 error codes, §9 constants.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use vitrine_testkit::mock::MockDataServer;

struct Mock {
    url: String,
    http: reqwest::Client,
    _server: MockDataServer,
}

async fn start(config: vitrine_mock_data::Config) -> Mock {
    let server = MockDataServer::start(config).await;
    Mock { url: server.url.clone(), http: reqwest::Client::new(), _server: server }
}

impl Mock {
    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut req = self.http.request(method.parse().expect("method"), format!("{}{path}", self.url));
        if let Some(body) = body {
            req = req.json(&body);
        }
        let res = req.send().await.expect("request");
        let status = res.status().as_u16();
        let text = res.text().await.unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn products_best_sellers_by_id_and_by_url() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    let (status, all) = mock.call("GET", "/api/products", None).await;
    assert_eq!(status, 200);
    let all = all.as_array().cloned().unwrap_or_default();
    assert_eq!(all.len(), 35);
    assert_eq!(all[0]["id"], "1001");
    assert_eq!(all[34]["id"], "1035");

    let (_, best) = mock.call("GET", "/api/products/best-sellers", None).await;
    let ids: Vec<&str> = best.as_array().into_iter().flatten().filter_map(|p| p["id"].as_str()).collect();
    assert_eq!(ids, ["1001", "1002", "1003", "1004"]);

    let (status, one) = mock.call("GET", "/api/products/1007", None).await;
    assert_eq!(status, 200);
    assert_eq!(one["id"], "1007");
    assert_eq!(one["products"][0]["url"], "/1007");

    let (status, err) = mock.call("GET", "/api/products/9999", None).await;
    assert_eq!((status, err["error"].as_str()), (404, Some("'products' with id='9999' not found")));

    // Images referenced by products are served by the mock itself (offline demo).
    let thumb = one["products"][0]["thumbnail"]["url"].as_str().unwrap_or_default().to_owned();
    let res = mock.http.get(&thumb).send().await.expect("image");
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["content-type"], "image/svg+xml");
}

#[tokio::test(flavor = "multi_thread")]
async fn navigation_answers_the_tree_with_or_without_id() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    let (status, tree) = mock.call("GET", "/api/navigation", None).await;
    assert_eq!(status, 200);
    assert_eq!(tree["id"], "root");
    let first = &tree["children"][0];
    assert!(first["children"][0]["children"][0]["id"].is_string(), "three levels below the root");
    let (_, same) = mock.call("GET", "/api/navigation/anything", None).await;
    assert_eq!(same, tree);
    // A menu asks for its levels: two here, each node at the cut still counting its children.
    let (status, menu) = mock.call("GET", "/api/navigation?depth=2", None).await;
    assert_eq!(status, 200);
    assert_eq!(menu["children"][0]["children"][0]["children"], serde_json::json!([]));
    assert_eq!(menu["children"][0]["children"][0]["children_count"], first["children"][0]["children_count"]);
    assert_eq!(mock.call("GET", "/api/navigation?depth=3", None).await.1, tree, "the whole tree is 3 deep");
    for bad in ["0", "17", "two"] {
        assert_eq!(mock.call("GET", &format!("/api/navigation?depth={bad}"), None).await.0, 400, "depth={bad}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn generic_collections_and_every_error_code_of_section_8() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    // Search is case-insensitive (spec §9).
    let (status, found) = mock.call("GET", "/api/airlines?name=AURORA", None).await;
    assert_eq!((status, found.as_array().map(Vec::len)), (200, Some(1)));

    let cases: Vec<(&str, &str, Option<Value>, u16, &str)> = vec![
        ("GET", "/api/unicorns", None, 404, "Collection 'unicorns' not found"),
        ("DELETE", "/api/airlines", None, 404, "Missing 'airlines' id"),
        ("PUT", "/api/airlines", Some(json!({"name": "no id"})), 404, "Missing 'airlines' id"),
        ("GET", "/api/airlines/99", None, 404, "'airlines' with id='99' not found"),
        ("PATCH", "/api/airlines/1", Some(json!({})), 405, "Method PATCH is not allowed"),
        ("PUT", "/api/airlines/1", Some(json!({"id": 2})), 400, "Request for 'airlines' id does not match item.id"),
        ("POST", "/api/commands/explode", None, 500, "Unknown command \"explode\""),
        (
            "POST",
            "/api/products",
            Some(json!({"name": "no id"})),
            422,
            "Collection 'products' id type is non-numeric or unknown. Can only generate numeric ids.",
        ),
    ];
    for (method, path, body, status, text) in cases {
        let (got, err) = mock.call(method, path, body).await;
        assert_eq!((got, err["error"].as_str()), (status, Some(text)), "{method} {path}");
    }

    // POST creates with a generated numeric id; POST and PUT updates answer 204.
    let (status, created) = mock.call("POST", "/api/airlines", Some(json!({"name": "New Air"}))).await;
    assert_eq!((status, &created["id"]), (201, &json!(6)));
    let (status, _) = mock.call("POST", "/api/airlines", Some(json!({"id": 6, "name": "Renamed"}))).await;
    assert_eq!(status, 204);
    let (status, _) = mock.call("PUT", "/api/airlines/6", Some(json!({"id": 6, "name": "Again"}))).await;
    assert_eq!(status, 204);
    let (_, got) = mock.call("GET", "/api/airlines/6", None).await;
    assert_eq!(got["name"], "Again");

    // DELETE of a missing item is not a 404 (spec §9).
    assert_eq!(mock.call("DELETE", "/api/airlines/6", None).await.0, 204);
    assert_eq!(mock.call("DELETE", "/api/airlines/6", None).await.0, 204);

    // 409 when configured (spec §8).
    assert_eq!(mock.call("POST", "/api/commands/config", Some(json!({"post409": true}))).await.0, 204);
    let (status, err) = mock.call("POST", "/api/airlines", Some(json!({"id": 1, "name": "dup"}))).await;
    assert_eq!(
        (status, err["error"].as_str()),
        (409, Some("'airlines' item with id='1' exists and may not be updated with POST; use PUT instead."))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn commands_reset_the_db_and_read_and_write_config() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    let (_, config) = mock.call("GET", "/api/commands/config", None).await;
    assert_eq!(config["delay"], 0);
    assert_eq!(config["apiBase"], "api");
    assert_eq!(config["post204"], true);

    assert_eq!(mock.call("DELETE", "/api/products/1001", None).await.0, 204);
    assert_eq!(mock.call("GET", "/api/products/1001", None).await.0, 404);
    assert_eq!(mock.call("POST", "/api/commands/resetDb", None).await.0, 204);
    assert_eq!(mock.call("GET", "/api/products/1001", None).await.0, 200);

    assert_eq!(mock.call("POST", "/api/commands/config", Some(json!({"caseSensitiveSearch": true}))).await.0, 204);
    let (_, found) = mock.call("GET", "/api/airlines?name=AURORA", None).await;
    assert_eq!(found.as_array().map(Vec::len), Some(0));
    let (_, config) = mock.call("GET", "/api/commands/config", None).await;
    assert_eq!(config["caseSensitiveSearch"], true);
}

/// issue 11: a command changes state, so anything but POST is refused (405) and changes
/// nothing: a link or an image URL pointing at it is harmless.
#[tokio::test(flavor = "multi_thread")]
async fn commands_answer_post_only() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    assert_eq!(mock.call("DELETE", "/api/products/1001", None).await.0, 204);
    for (method, path, body) in [
        ("GET", "/api/commands/resetDb", None),
        ("GET", "/api/commands/resetdb", None),
        ("PUT", "/api/commands/resetDb", None),
        ("DELETE", "/api/commands/config", None),
        ("PUT", "/api/commands/config", Some(json!({"delay": 9}))),
    ] {
        let command = path.rsplit('/').next().unwrap_or_default();
        let (status, err) = mock.call(method, path, body).await;
        let text = format!("Command '{command}' changes the backend: send it with POST, not {method}");
        assert_eq!((status, err["error"].as_str()), (405, Some(text.as_str())), "{method} {path}");
    }
    assert_eq!(mock.call("GET", "/api/products/1001", None).await.0, 404, "not reset");
    assert_eq!(mock.call("GET", "/api/commands/config", None).await.1["delay"], 0, "not reconfigured");
}

#[tokio::test(flavor = "multi_thread")]
async fn responses_are_delayed_by_the_configured_delay() {
    let mock = start(vitrine_mock_data::Config::default()).await;
    let (_, config) = mock.call("GET", "/api/commands/config", None).await;
    assert_eq!(config["delay"], 500, "spec §9 default");
    // A lower bound only: the delay must happen; how fast the rest is is not asserted.
    assert_eq!(mock.call("POST", "/api/commands/config", Some(json!({"delay": 150}))).await.0, 204);
    for path in ["/api/products/1001", "/api/pages/about-us"] {
        let started = Instant::now();
        assert_eq!(mock.call("GET", path, None).await.0, 200, "{path}");
        assert!(started.elapsed() >= Duration::from_millis(150), "{path}: the response waited for the delay");
    }
}

/// issue 10: the content pages are a generic collection keyed by slug.
#[tokio::test(flavor = "multi_thread")]
async fn content_pages_by_slug() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    let (status, all) = mock.call("GET", "/api/pages", None).await;
    assert_eq!(status, 200);
    let listed: Vec<(&str, &str, &str)> = all
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            (
                p["id"].as_str().unwrap_or_default(),
                p["url"].as_str().unwrap_or_default(),
                p["title"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("about-us", "/pages/about-us", "About us"),
            ("shipping-and-returns", "/pages/shipping-and-returns", "Shipping & returns")
        ]
    );

    let (status, page) = mock.call("GET", "/api/pages/shipping-and-returns", None).await;
    assert_eq!(status, 200);
    let content = page["content"].as_str().unwrap_or_default();
    for part in ["<h2>Shipping</h2>", "<p>", "<ul><li>"] {
        assert!(content.contains(part), "{part} in {content}");
    }
    assert_eq!(
        (page["meta_title"].as_str(), page["meta_description"].as_str()),
        (Some("Shipping and returns"), Some("Delivery times, shipping costs and how to return an item."))
    );
    let (_, found) = mock.call("GET", "/api/pages?title=SHIPPING", None).await;
    assert_eq!(found.as_array().map(Vec::len), Some(1), "spec §9 case-insensitive search, as every collection");

    let (status, err) = mock.call("GET", "/api/pages/no-such-page", None).await;
    assert_eq!((status, err["error"].as_str()), (404, Some("'pages' with id='no-such-page' not found")));
}

fn ids(listing: &Value) -> Vec<String> {
    listing["products"].as_array().into_iter().flatten().filter_map(|p| p["id"].as_str().map(str::to_owned)).collect()
}

/// What a shopper pays for each product of a listing (in cents): its price less its discount.
fn paid(listing: &Value) -> Vec<i64> {
    let paid = |p: &Value| Some(p["price"].as_i64()? - p["discount"]["amount"].as_i64().unwrap_or_default());
    listing["products"].as_array().into_iter().flatten().filter_map(paid).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_category_lists_its_products_by_id_or_url_paged_and_sorted() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    let (status, first) = mock.call("GET", "/api/categories/category-1/products", None).await;
    assert_eq!(status, 200);
    let category = &first["category"];
    assert_eq!((category["id"].as_str(), category["url"].as_str()), (Some("category-1"), Some("/computers")));
    assert_eq!(category["breadcrumbs"][0]["url"], "/computers");
    assert_eq!(category["children"].as_array().map(Vec::len), Some(3));
    assert!(category.get("product_ids").is_none(), "the assignment is not part of the answer");
    assert_eq!((&first["total_count"], &first["page"], &first["page_size"]), (&json!(27), &json!(1), &json!(24)));
    assert_eq!(ids(&first).len(), 24);
    assert!(first["products"][0]["thumbnail"]["url"].is_string(), "whole products");

    // The menu's count is the category's.
    let (_, tree) = mock.call("GET", "/api/navigation", None).await;
    assert_eq!(tree["children"][0]["total_products"], first["total_count"]);

    // The same category by its url.
    let (status, by_url) = mock.call("GET", "/api/categories/computers/products", None).await;
    assert_eq!((status, &by_url), (200, &first));

    // Page 2 holds the rest; a page beyond the end is empty with the right total.
    let (_, second) = mock.call("GET", "/api/categories/computers/products?page=2", None).await;
    assert_eq!(ids(&second).len(), 3);
    let (_, all) = mock.call("GET", "/api/categories/computers/products?pageSize=100", None).await;
    assert_eq!([ids(&first), ids(&second)].concat(), ids(&all));
    let (status, beyond) = mock.call("GET", "/api/categories/computers/products?page=9", None).await;
    assert_eq!((status, ids(&beyond).len(), &beyond["total_count"]), (200, 0, &json!(27)));

    // Sorting by price both ways, and by name.
    let (_, asc) =
        mock.call("GET", "/api/categories/computers/products?pageSize=100&sort=price&direction=asc", None).await;
    let (_, desc) =
        mock.call("GET", "/api/categories/computers/products?pageSize=100&sort=price&direction=desc", None).await;
    let (asc, desc) = (paid(&asc), paid(&desc));
    assert_eq!(asc.len(), 27);
    assert!(asc.windows(2).all(|w| w[0] <= w[1]), "ascending {asc:?}");
    assert!(desc.windows(2).all(|w| w[0] >= w[1]), "descending {desc:?}");
    assert_ne!(asc, desc);
    let (_, by_name) = mock.call("GET", "/api/categories/computers/products?pageSize=100&sort=name", None).await;
    let names: Vec<String> = by_name["products"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["name"].as_str().map(str::to_lowercase))
        .collect();
    assert_eq!(names.len(), 27);
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "by name {names:?}");
    assert_ne!(ids(&by_name), ids(&all), "sorting by name reorders");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_empty_category_and_an_unknown_one() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    let (status, empty) = mock.call("GET", "/api/categories/computers/movies/beauty/products", None).await;
    assert_eq!((status, ids(&empty).len(), &empty["total_count"]), (200, 0, &json!(0)));
    assert_eq!(empty["category"]["id"], "category-10");

    for path in ["/api/categories/nope/products", "/api/categories/computers/nope/products"] {
        let (status, err) = mock.call("GET", path, None).await;
        assert_eq!(status, 404, "{path}");
        assert!(err["error"].as_str().is_some_and(|e| e.starts_with("'categories' with id=")), "{err}");
    }
    // The categories stay a generic collection.
    let (status, one) = mock.call("GET", "/api/categories/category-10", None).await;
    assert_eq!((status, one["url"].as_str()), (200, Some("/computers/movies/beauty")));
}

#[tokio::test(flavor = "multi_thread")]
async fn search_finds_a_word_of_a_name_in_another_case() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    let (_, one) = mock.call("GET", "/api/products/1017", None).await;
    let name = one["products"][0]["name"].as_str().unwrap_or_default().to_owned();
    let word = name.split_whitespace().last().unwrap_or_default().to_uppercase();
    assert!(!word.is_empty());

    let (status, found) = mock.call("GET", &format!("/api/products/search?q={word}&pageSize=100"), None).await;
    assert_eq!((status, found["query"].as_str()), (200, Some(word.as_str())));
    assert!(ids(&found).contains(&"1017".to_owned()), "{word} finds {name}");
    assert_eq!(found["total_count"], json!(ids(&found).len()));
    let lower = word.to_lowercase();
    for p in found["products"].as_array().into_iter().flatten() {
        let text = format!("{} {}", p["name"], p["description"]).to_lowercase();
        assert!(text.contains(&lower), "{} mentions {word}", p["id"]);
    }

    let (status, none) = mock.call("GET", "/api/products/search?q=xylophone", None).await;
    assert_eq!((status, ids(&none).len(), &none["total_count"]), (200, 0, &json!(0)));
    // products/{id} and by-url still route as before.
    assert_eq!(mock.call("GET", "/api/products/1017", None).await.0, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn listing_inputs_are_bounded() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    let long = "a".repeat(201);
    let cases = [
        ("/api/products/search".to_owned(), "Parameter 'q' must be 1 to 200 characters"),
        ("/api/products/search?q=%20".to_owned(), "Parameter 'q' must be 1 to 200 characters"),
        (format!("/api/products/search?q={long}"), "Parameter 'q' must be 1 to 200 characters"),
        ("/api/products/search?q=soap&page=0".to_owned(), "Parameter 'page' must be a whole number from 1"),
        (
            "/api/categories/category-1/products?pageSize=101".to_owned(),
            "Parameter 'pageSize' must be a whole number from 1 to 100",
        ),
        (
            "/api/categories/category-1/products?sort=rating".to_owned(),
            "Parameter 'sort' must be one of position, name, price",
        ),
        ("/api/categories/category-1/products?direction=up".to_owned(), "Parameter 'direction' must be asc or desc"),
        ("/api/categories/category-1/products?page_size=2".to_owned(), "Unknown parameter 'page_size'"),
    ];
    for (path, text) in cases {
        let (status, err) = mock.call("GET", &path, None).await;
        assert_eq!((status, err["error"].as_str()), (400, Some(text)), "{path}");
    }
    let (status, _) = mock.call("GET", &format!("/api/products/search?q={}", &long[1..]), None).await;
    assert_eq!(status, 200, "200 characters are allowed");
}

/// issue 26: a cart's checkout over HTTP, step by step, with each refusal's status and
/// `code`; the cart is gone once ordered, and the order is the backend's record.
#[tokio::test(flavor = "multi_thread")]
async fn a_cart_checks_out_into_a_numbered_order() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    let (_, cart) = mock.call("POST", "/api/carts", None).await;
    let id = cart["id"].as_str().unwrap_or_default().to_owned();
    let at = |step: &str| format!("/api/carts/{id}/{step}");
    let address = |country: &str, region: &str| {
        json!({"first_name": "Ada", "last_name": "Lovelace", "street": "1 Main St", "city": "Springfield",
               "postal_code": "62701", "country": country, "region": region, "telephone": "555 0100 00"})
    };

    // An empty cart is refused at placing, after the other steps.
    let (status, fresh) = mock.call("GET", &at("checkout"), None).await;
    assert_eq!((status, fresh["kind"].as_i64(), fresh["totals"]["total"].as_f64()), (200, Some(1), None));
    assert_eq!(fresh["countries"][0]["regions"][0]["code"], "CA");
    let (status, refused) = mock.call("GET", &at("shipping-options"), None).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("address_first")));
    for (body, status, code) in [
        (json!({"email": "a@b.io", "shipping": address("BR", "")}), 422, "no_shipping_to"),
        (json!({"email": "a@b.io", "shipping": address("US", "")}), 422, "region_required"),
        (json!({"email": "", "shipping": address("US", "IL")}), 400, "address_incomplete"),
    ] {
        let (got, refused) = mock.call("PUT", &at("checkout"), Some(body)).await;
        assert_eq!((got, refused["code"].as_str()), (status, Some(code)));
        assert!(!refused["error"].as_str().unwrap_or_default().contains("Main St"), "no echo of the address");
    }
    let body = json!({"email": "a@b.io", "shipping": address("US", "IL")});
    let (status, set) = mock.call("PUT", &at("checkout"), Some(body)).await;
    assert_eq!((status, set["shipping_address"]["region"].as_str()), (200, Some("IL")));
    let (_, options) = mock.call("GET", &at("shipping-options"), None).await;
    assert_eq!(options["options"][1], json!({"id": "express", "label": "Express (next working day)", "price": 1500}));
    let (status, refused) = mock.call("PUT", &at("shipping"), Some(json!({"option": "drone"}))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("unknown_shipping_option")));
    let (status, _) = mock.call("PUT", &at("shipping"), Some(json!({"option": "standard"}))).await;
    assert_eq!(status, 200);
    let (status, refused) = mock.call("POST", &at("order"), None).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("empty_cart")));

    // With a line: 10 % tax on the items, shipping on top, then a numbered order.
    let (_, with_line) = mock.call("POST", &at("lines"), Some(json!({"variant": "1002", "quantity": 2}))).await;
    // Amounts are whole cents.
    let subtotal = with_line["subtotal"].as_i64().unwrap_or_default();
    let (_, summary) = mock.call("GET", &at("checkout"), None).await;
    let tax = vitrine_domain::money::rate_of(subtotal, 0.1);
    assert_eq!(summary["totals"]["tax"].as_i64(), Some(tax));
    assert_eq!(summary["totals"]["total"].as_i64(), Some(subtotal + tax + 500));
    let (status, order) = mock.call("POST", &at("order"), None).await;
    assert_eq!((status, order["lines"][0]["quantity"].as_u64()), (201, Some(2)));
    let number = order["number"].as_str().unwrap_or_default().to_owned();
    assert!(number.starts_with("M-1000"), "{number}");

    // The cart is gone, like any gone cart; the order is the backend's record.
    for (method, step) in [("GET", "checkout"), ("POST", "order")] {
        assert_eq!(mock.call(method, &at(step), None).await.0, 404, "{method} {step}");
    }
    assert_eq!(mock.call("GET", &format!("/api/carts/{id}"), None).await.0, 404);
    let (status, kept) = mock.call("GET", &format!("/api/orders/{number}"), None).await;
    assert_eq!((status, kept["totals"].clone()), (200, order["totals"].clone()));
    assert_eq!(mock.call("GET", "/api/orders/M-1", None).await.0, 404);
}

/// Places an order on `mock` for a shopper whose every field is a marker, and answers its
/// number and the markers.
async fn place_marked_order(mock: &Mock) -> (String, [&'static str; 6]) {
    let markers =
        ["orderleak7@example.com", "Zyxorderfirst", "Qwvorderlast", "77 Ordermarker Road", "Orderville", "555-0177"];
    let (_, cart) = mock.call("POST", "/api/carts", None).await;
    let id = cart["id"].as_str().unwrap_or_default().to_owned();
    let at = |step: &str| format!("/api/carts/{id}/{step}");
    mock.call("POST", &at("lines"), Some(json!({"variant": "1002", "quantity": 1}))).await;
    let address = json!({"first_name": markers[1], "last_name": markers[2], "street": markers[3], "city": markers[4],
        "postal_code": "62701", "country": "US", "region": "IL", "telephone": markers[5]});
    let (status, _) = mock.call("PUT", &at("checkout"), Some(json!({"email": markers[0], "shipping": address}))).await;
    assert_eq!(status, 200, "the address");
    let (status, _) = mock.call("PUT", &at("shipping"), Some(json!({"option": "standard"}))).await;
    assert_eq!(status, 200, "the shipping");
    let (status, order) = mock.call("POST", &at("order"), None).await;
    assert_eq!(status, 201, "placed: {order}");
    (order["number"].as_str().unwrap_or_default().to_owned(), markers)
}

/// An order's number is guessable (`M-100001`, counting up), so `GET /api/orders/{number}`
/// answers anyone: it holds what was bought and its totals, nothing of the shopper's (no
/// email, name, address or telephone).
#[tokio::test(flavor = "multi_thread")]
async fn the_public_answer_to_an_order_holds_no_personal_data() {
    let mock = start(vitrine_mock_data::Config::for_test()).await;
    let (number, markers) = place_marked_order(&mock).await;
    let (status, public) = mock.call("GET", &format!("/api/orders/{number}"), None).await;
    println!("GET /api/orders/{number}: {status} {public}");
    assert_eq!(status, 200);
    assert_eq!(public["number"], number.as_str());
    assert_eq!(public["lines"][0]["quantity"], 1);
    assert!(public["totals"]["total"].as_i64().is_some_and(|t| t > 0), "{public}");
    let text = public.to_string();
    let found: Vec<&str> = markers.into_iter().filter(|m| text.contains(m)).collect();
    assert!(found.is_empty(), "the public answer holds {found:?}: {public}");
    assert!(public.get("email").is_none(), "no email field: {public}");
}

/// The whole record, email included, is the back office's: to the bearer of the
/// configured token only, and nowhere when no token is configured.
#[tokio::test(flavor = "multi_thread")]
async fn the_back_office_answers_the_whole_order_to_its_token_only() {
    let closed = start(vitrine_mock_data::Config::for_test()).await;
    let (number, _) = place_marked_order(&closed).await;
    let url = format!("{}/_backoffice/orders/{number}", closed.url);
    let res = closed.http.get(&url).bearer_auth("").send().await.expect("request");
    assert_eq!(res.status(), 404, "no token configured: no back office");

    let token = "back-office-token-of-this-test";
    let config =
        vitrine_mock_data::Config { backoffice_token: Some(token.into()), ..vitrine_mock_data::Config::for_test() };
    let mock = start(config).await;
    let (number, markers) = place_marked_order(&mock).await;
    let url = format!("{}/_backoffice/orders/{number}", mock.url);
    for (bearer, why) in
        [(None, "no token"), (Some("back-office-token-of-this-tesT"), "another token"), (Some(""), "empty")]
    {
        let req = mock.http.get(&url);
        let req = match bearer {
            Some(b) => req.bearer_auth(b),
            None => req,
        };
        let res = req.send().await.expect("request");
        assert_eq!(res.status(), 401, "{why}");
        assert_eq!(res.headers()["www-authenticate"], "Bearer", "{why}");
        let body = res.text().await.unwrap_or_default();
        assert!(!body.contains(markers[0]), "{why}: {body}");
    }
    let res = mock.http.get(&url).bearer_auth(token).send().await.expect("request");
    assert_eq!(res.status(), 200);
    let record: Value = res.json().await.expect("json");
    assert_eq!((record["number"].as_str(), record["email"].as_str()), (Some(number.as_str()), Some(markers[0])));
    let res = mock.http.get(format!("{}/_backoffice/orders/M-1", mock.url)).bearer_auth(token).send().await;
    assert_eq!(res.expect("request").status(), 404, "an order it does not hold");
}
