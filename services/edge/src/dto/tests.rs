//! The conversions are pure: proto in, public shape out. Each case also checks that the
//! bytes are the ones the edge sent when it serialised the proto messages directly, so
//! the SPA sees no difference.

use serde_json::{Value, json};
use vitrine_domain::route;

use super::*;

fn full_product() -> proto::Product {
    let image = |id: &str| proto::Image { id: id.into(), url: format!("http://img/{id}.png"), label: "Front".into() };
    proto::Product {
        id: "1001".into(),
        r#type: "simple".into(),
        url: "/1001".into(),
        canonical_url: Some("http://shop/1001".into()),
        name: "Rustic Bronze Chair".into(),
        thumbnail: Some(image("t")),
        images: vec![image("a"), image("b")],
        price: Some(1250),
        discount: Some(proto::Discount { amount: 250, percent: 20.0 }),
        in_stock: Some(true),
        description: Some("<p>Oak</p>".into()),
        short_description: Some("Oak".into()),
        meta_title: Some("Chair".into()),
        meta_description: Some("A chair".into()),
        brand: Some("Acme".into()),
        review_count: Some(3),
        rating_summary: Some(4.5),
        sku: Some("C-1".into()),
        currency: Some("EUR".into()),
        options: Vec::new(),
        variants: Vec::new(),
        prices_include_tax: None,
    }
}

fn bare_product() -> proto::Product {
    proto::Product {
        id: "7".into(),
        r#type: "simple".into(),
        url: "/7".into(),
        name: "Cup".into(),
        ..Default::default()
    }
}

/// The body the edge used to send: the proto message through its serde derive, without
/// the options and variants (issue 22) a product sold as it is leaves out.
fn legacy<T: serde::Serialize>(message: &T) -> String {
    // The fields added since, left out when empty: a product's bytes stay what they were.
    serde_json::to_string(message)
        .expect("legacy")
        .replace(r#","options":[],"variants":[]"#, "")
        .replace(r#","prices_include_tax":null"#, "")
}

/// A product as the API writes it: the proto's fields under their names, amounts in major
/// units of its currency, and the price paid beside the price listed.
fn written(p: &proto::Product) -> Value {
    let mut value = serde_json::to_value(p).expect("value");
    let fields = value.as_object_mut().expect("an object");
    for empty in ["options", "variants"] {
        if fields[empty] == json!([]) {
            fields.remove(empty);
        }
    }
    if fields["prices_include_tax"].is_null() {
        fields.remove("prices_include_tax");
    }
    let currency = p.currency.as_deref();
    let major = |minor: Option<i64>| minor.map(|m| money::to_major(m, currency));
    fields.insert("price".into(), json!(major(p.price)));
    fields.insert(
        "discount".into(),
        json!(p.discount.map(|d| json!({"amount": major(Some(d.amount)), "percent": d.percent}))),
    );
    let paid = p.price.map(|price| money::paid(price, p.discount.map(|d| d.amount)));
    fields.insert("paid_price".into(), json!(major(paid)));
    value
}

fn now<T: serde::Serialize>(shape: &T) -> String {
    serde_json::to_string(shape).expect("now")
}

#[test]
fn products_keep_their_bytes_and_fields() {
    for message in [full_product(), bare_product()] {
        let product = serde_json::to_value(Product::from(message.clone())).expect("value");
        assert_eq!(product, written(&message), "{}", message.id);
    }
    let bare = serde_json::to_value(Product::from(bare_product())).expect("value");
    // The SPA reads absent optionals as null, and `canonicalUrl` in camelCase.
    assert_eq!(bare["canonicalUrl"], Value::Null);
    assert_eq!(bare["thumbnail"], Value::Null);
    assert_eq!(bare["type"], "simple");
    assert_eq!(bare["images"], json!([]));
    let full = Product::from(full_product());
    assert_eq!(
        (
            full.kind.as_str(),
            full.price,
            full.discount.map(|d| (d.amount, d.percent)),
            full.paid_price,
            full.images.len()
        ),
        ("simple", Some(12.5), Some((2.5, 20.0)), Some(10.0), 2)
    );
}

#[test]
fn whether_prices_include_tax_is_said_only_where_the_backend_says_it() {
    for (said, expected) in [(None, None), (Some(false), Some(json!(false))), (Some(true), Some(json!(true)))] {
        let product = proto::Product { prices_include_tax: said, ..bare_product() };
        let value = serde_json::to_value(Product::from(product)).expect("value");
        assert_eq!(value.get("prices_include_tax").cloned(), expected, "{said:?}");
    }
}

#[test]
fn a_product_s_own_answer_has_its_variants_and_a_listing_s_cards_do_not() {
    let variant = proto::Variant {
        id: "1001-M".into(),
        sku: Some("C-1-M".into()),
        selected: vec![proto::SelectedOption { name: "Size".into(), value: "M".into() }],
        price: Some(1300),
        in_stock: Some(false),
        ..Default::default()
    };
    let sized = proto::Product {
        options: vec![proto::ProductOption { name: "Size".into(), values: vec!["S".into(), "M".into()] }],
        variants: vec![variant],
        ..full_product()
    };
    let own = serde_json::to_value(ProductResponse::from(proto::ProductResponse {
        id: "1001".into(),
        products: vec![sized.clone()],
    }))
    .expect("value");
    assert_eq!(own["products"][0]["options"], json!([{"name": "Size", "values": ["S", "M"]}]));
    assert_eq!(
        own["products"][0]["variants"],
        json!([{"id": "1001-M", "sku": "C-1-M", "selected": [{"name": "Size", "value": "M"}], "price": 13.0,
            "discount": null, "paid_price": 13.0, "in_stock": false, "image": null}])
    );
    let cards = serde_json::to_value(products(proto::ProductList { products: vec![sized] })).expect("value");
    assert!(cards[0].get("options").is_none() && cards[0].get("variants").is_none(), "{cards}");
}

#[test]
fn product_responses_and_lists() {
    let response = proto::ProductResponse { id: "1001".into(), products: vec![full_product(), bare_product()] };
    let written_all = |list: &[proto::Product]| list.iter().map(written).collect::<Vec<_>>();
    let answer = serde_json::to_value(ProductResponse::from(response.clone())).expect("value");
    assert_eq!(answer, json!({"id": "1001", "products": written_all(&response.products)}));
    let list = proto::ProductList { products: vec![bare_product(), full_product()] };
    let cards = serde_json::to_value(products(list.clone())).expect("value");
    assert_eq!(cards, json!(written_all(&list.products)));
    assert_eq!(now(&products(proto::ProductList::default())), "[]");
}

#[test]
fn navigation_trees_keep_their_bytes() {
    let crumb = proto::Breadcrumb { id: "1".into(), name: "Home".into(), level: 1, url: "/".into() };
    let leaf = proto::NavigationNode {
        id: "3".into(),
        url: "/chairs".into(),
        name: "Chairs".into(),
        total_products: 4,
        children_count: 0,
        breadcrumbs: vec![crumb.clone()],
        children: vec![],
    };
    let root = proto::NavigationNode {
        id: "1".into(),
        url: "/".into(),
        name: "Root".into(),
        total_products: 9,
        children_count: 1,
        breadcrumbs: vec![crumb],
        children: vec![leaf],
    };
    let tree = NavigationNode::from(root.clone());
    assert_eq!(tree.children[0].name, "Chairs");
    assert_eq!(now(&tree), legacy(&root));
}

/// How `/api/resolve` was built before it had a type of its own.
fn legacy_resolution(outcome: &proto::RouteOutcome) -> String {
    let mut body = outcome.route.clone().map_or_else(|| json!({}), |r| json!(r));
    body["outcome"] = json!(outcome.outcome);
    body["error_code"] = json!(outcome.error_code);
    body["location"] = json!(outcome.location);
    body["failed_resolution_path"] = json!(outcome.failed_resolution_path);
    body.to_string()
}

#[test]
fn resolutions_keep_their_bytes_for_every_outcome() {
    let mut found = route::product("1001", "/1001");
    found.data = Some(proto::RouteData {
        canonical_url: Some("http://shop/1001".into()),
        title: Some("Chair".into()),
        meta_description: None,
    });
    let redirect = proto::RouteResolution { url: Some("new".into()), code: 301, ..route::not_found() };
    for (outcome, expected) in [
        (route::outcome(found, "/"), Outcome::Match),
        (route::outcome(route::not_found(), "/"), Outcome::NotFound),
        (route::outcome(redirect, "/"), Outcome::Redirect),
        (route::failed("/oops"), Outcome::Failed),
    ] {
        let resolution = Resolution::from(outcome.clone());
        assert_eq!(resolution.outcome, expected, "{outcome:?}");
        assert_eq!(now(&resolution), legacy_resolution(&outcome), "{outcome:?}");
    }
}

#[test]
fn a_resolution_without_a_route_reads_as_nothing_there() {
    let outcome = proto::RouteOutcome {
        route: None,
        outcome: "weird".into(),
        failed_resolution_path: "/".into(),
        ..Default::default()
    };
    let r = Resolution::from(outcome);
    assert_eq!((r.code, r.id, r.kind, r.outcome), (404, None, None, Outcome::Failed));
}

#[test]
fn every_route_kind_the_domain_makes_keeps_its_word() {
    for (route, kind, word) in [
        (route::product("1", "/1001"), RouteKind::Product, "PRODUCT"),
        (route::category("c", "/computers"), RouteKind::Category, "CATEGORY"),
        (route::content_page("about", "/pages/about"), RouteKind::CmsPage, "CMS_PAGE"),
    ] {
        let outcome = route::outcome(route, "/");
        let resolution = Resolution::from(outcome.clone());
        assert_eq!(resolution.kind, Some(kind), "{word}");
        assert_eq!(json!(kind), json!(word));
        assert_eq!(now(&resolution), legacy_resolution(&outcome), "{word}");
    }
}

#[test]
fn a_route_kind_the_edge_has_no_page_for_reads_as_none() {
    for word in ["BLOG_POST", "UNKNOWN", "product", ""] {
        let route = proto::RouteResolution { r#type: Some(word.into()), ..route::product("1", "/x") };
        let resolution = Resolution::from(route::outcome(route, "/"));
        assert_eq!((resolution.kind, resolution.outcome), (None, Outcome::Match), "{word:?}");
        assert_eq!(serde_json::to_value(&resolution).expect("json")["type"], Value::Null, "{word:?}");
    }
}

/// How `/api/driver` was built before it had a type of its own, with the switch stamp added since.
fn legacy_driver(driver: Driver, notice: Option<&str>) -> String {
    let options: Vec<Value> = Driver::ALL
        .iter()
        .map(|d| json!({ "value": d.as_str(), "label": if d.always_enabled() { d.label().to_owned() } else { d.disabled_label() }, "enabled": d.always_enabled() }))
        .collect();
    let mut body = json!({ "driver": driver.as_str(), "options": options, "switched_at_ms": 7 });
    if let Some(notice) = notice {
        body["notice"] = json!(notice);
    }
    body.to_string()
}

#[test]
fn driver_info_keeps_its_bytes_with_and_without_a_notice() {
    for (driver, notice) in [(Driver::InMemory, None), (Driver::Fake, Some("Unknown driver 'x' ignored."))] {
        let info = DriverInfo::new(driver, 7, notice.map(str::to_owned), Driver::always_enabled);
        assert_eq!(now(&info), legacy_driver(driver, notice), "{driver}");
    }
    let info = DriverInfo::new(Driver::Shopify, 0, None, Driver::always_enabled);
    assert_eq!(info.options.len(), Driver::ALL.len());
    assert!(!now(&info).contains("notice"), "absent, not null");
}

#[test]
fn error_bodies_keep_their_bytes() {
    let body = ErrorBody {
        error: ErrorDetail { code: "not_found".into(), message: "Not found: product 9".into(), fields: Vec::new() },
    };
    let legacy = json!({ "error": { "code": "not_found", "message": "Not found: product 9" } }).to_string();
    assert_eq!(now(&body), legacy);
}

#[test]
fn listings_count_their_pages_and_name_their_sorts() {
    for (total, size, pages) in [(0, 24, 0), (1, 24, 1), (24, 24, 1), (25, 24, 2), (27, 0, 27)] {
        let page = ProductPage::from(proto::ProductPage { total_count: total, page_size: size, ..Default::default() });
        assert_eq!(page.page_count, pages, "{total} in pages of {size}");
    }
    let sorts = ProductPage::from(proto::ProductPage { sorts: vec![0, 2, 3, 99], ..Default::default() }).sorts;
    assert_eq!(sorts, [Sort::Position, Sort::PriceAsc, Sort::PriceDesc], "an unknown order is left out");
    let words = serde_json::to_value(Sort::WORDS.map(|w| Sort::parse(w).expect(w))).expect("json");
    assert_eq!(words, json!(Sort::WORDS), "every word parses to the sort it serialises as");
}

#[test]
fn a_category_s_breadcrumbs_stop_above_it() {
    let crumb = |url: &str| proto::Breadcrumb { id: url.into(), name: url.into(), level: 1, url: url.into() };
    for (trail, expected) in
        [(vec!["/a", "/a/b"], vec!["/a"]), (vec!["/a"], vec!["/a"]), (vec![], vec![]), (vec!["/a/b"], vec![])]
    {
        let category = proto::Category {
            url: "/a/b".into(),
            breadcrumbs: trail.iter().map(|u| crumb(u)).collect(),
            ..Default::default()
        };
        let urls: Vec<String> = Category::from(category).breadcrumbs.into_iter().map(|b| b.url).collect();
        assert_eq!(urls, expected, "{trail:?}");
    }
}
