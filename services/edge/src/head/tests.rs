use serde_json::json;
use vitrine_proto::v1 as proto;

use super::*;
use crate::dto::{CategoryPage, ContentPage, ProductResponse, Resolution};

const ORIGIN: &str = "http://shop.test";

fn resolution(kind: &str, outcome: Outcome, seo_title: Option<&str>) -> Resolution {
    let code = if outcome == Outcome::Match { 200 } else { 404 };
    let route = proto::RouteResolution {
        id: Some("1".into()),
        url: Some("x".into()),
        r#type: Some(kind.into()),
        code,
        data: seo_title.map(|t| proto::RouteData { title: Some(t.into()), ..Default::default() }),
    };
    let mut r = Resolution::from(vitrine_domain::route::outcome(route, "/"));
    r.outcome = outcome;
    r
}

fn page(resolution: Resolution) -> PageData {
    PageData {
        resolution,
        product: None,
        category: None,
        content: None,
        failure: None,
        head: PageHead::default(),
        head_html: String::new(),
    }
}

fn product(name: &str, meta_title: Option<&str>) -> ProductResponse {
    let p = proto::Product {
        id: "1".into(),
        url: "/chair".into(),
        name: name.into(),
        meta_title: meta_title.map(str::to_owned),
        thumbnail: Some(proto::Image { id: String::new(), url: "http://img.test/c.jpg".into(), label: String::new() }),
        ..Default::default()
    };
    ProductResponse::from(proto::ProductResponse { id: "1".into(), products: vec![p] })
}

#[test]
fn a_title_is_the_seo_title_else_the_page_s_own_name() {
    let category = |name: &str, meta: Option<&str>| CategoryPage {
        category: crate::dto::Category {
            id: "c".into(),
            name: name.into(),
            url: "/c".into(),
            description: None,
            meta_title: meta.map(str::to_owned),
            meta_description: None,
            breadcrumbs: Vec::new(),
            children: Vec::new(),
        },
        listing: crate::dto::ProductPage {
            products: Vec::new(),
            total_count: 0,
            page: 1,
            page_size: 24,
            page_count: 0,
            sorts: Vec::new(),
        },
    };
    let content = ContentPage {
        id: "p".into(),
        url: "/pages/p".into(),
        title: "About".into(),
        content: String::new(),
        meta_title: None,
        meta_description: None,
    };
    let cases: [(PageData, &str); 7] = [
        (
            PageData {
                product: Some(product("Chair", None)),
                ..page(resolution("PRODUCT", Outcome::Match, Some("Chair | Shop")))
            },
            "Chair | Shop",
        ),
        (
            PageData {
                product: Some(product("Chair", None)),
                ..page(resolution("PRODUCT", Outcome::Match, Some(" ")))
            },
            "Chair",
        ),
        (
            PageData {
                product: Some(product("Chair", Some("Meta chair"))),
                ..page(resolution("PRODUCT", Outcome::Match, None))
            },
            "Meta chair",
        ),
        (
            PageData { category: Some(category("Desks", None)), ..page(resolution("CATEGORY", Outcome::Match, None)) },
            "Desks",
        ),
        (
            PageData {
                category: Some(category("Desks", Some("All desks"))),
                ..page(resolution("CATEGORY", Outcome::Match, None))
            },
            "All desks",
        ),
        (PageData { content: Some(content), ..page(resolution("CMS_PAGE", Outcome::Match, None)) }, "About"),
        (page(resolution("PRODUCT", Outcome::NotFound, Some("Ignored"))), SITE_NAME),
    ];
    for (data, expected) in cases {
        assert_eq!(for_page(&data, ORIGIN, "/chair", 1).title, expected);
    }
}

#[test]
fn a_product_head_previews_its_image_and_describes_it() {
    let data = PageData { product: Some(product("Chair", None)), ..page(resolution("PRODUCT", Outcome::Match, None)) };
    let head = for_page(&data, ORIGIN, "/chair", 1);
    assert_eq!((head.og_type.as_str(), head.canonical.as_str()), ("product", "http://shop.test/chair"));
    assert_eq!(head.image.as_deref(), Some("http://shop.test/img?src=http%3A%2F%2Fimg.test%2Fc.jpg&w=768"));
    assert_eq!(head.lcp_image.as_deref(), Some("http://img.test/c.jpg"));
    assert_eq!(head.description.as_deref(), Some(SITE_DESCRIPTION), "no description of its own");
    let kinds: Vec<_> = head.json_ld.iter().map(|o| o["@type"].clone()).collect();
    assert_eq!(kinds, [json!("Product"), json!("BreadcrumbList")]);
}

#[test]
fn canonical_links_keep_the_page_number_only() {
    for (page_number, expected) in [(1, "http://shop.test/desks"), (3, "http://shop.test/desks?page=3")] {
        let head = for_page(&page(resolution("CATEGORY", Outcome::NotFound, None)), ORIGIN, "/desks", page_number);
        assert_eq!(head.canonical, expected);
    }
    assert_eq!(search(ORIGIN, Some("blue shirt"), 2).canonical, "http://shop.test/search?q=blue%20shirt&page=2");
    assert_eq!(search(ORIGIN, None, 1).title, "Search | Vitrine");
    assert_eq!(home(ORIGIN).json_ld[0]["@type"], "WebSite");
}

#[test]
fn an_answered_head_carries_its_tags() {
    let head = search(ORIGIN, Some("a <b>"), 2);
    let answer = answer(head.clone());
    assert_eq!(answer.head, head);
    assert!(answer.head_html.starts_with("<title>Search: a &lt;b&gt; | Vitrine</title>"), "{}", answer.head_html);
    assert!(
        answer
            .head_html
            .contains("<link rel=\"canonical\" href=\"http://shop.test/search?q=a%20%3Cb%3E&amp;page=2\" data-head>")
    );
}

/// issues 23, 24: the cart and the comparison ask not to be indexed, in a tag the SPA's
/// next page drops; no other head says so, nor carries the field in its JSON.
#[test]
fn only_the_spas_own_pages_are_noindex() {
    let compare = answer(own(crate::spa_routes::Own::Compare, ORIGIN));
    assert_eq!(compare.head.canonical, "http://shop.test/debug/compare");
    assert!(
        compare.head_html.contains("<meta name=\"robots\" content=\"noindex\" data-head>"),
        "{}",
        compare.head_html
    );
    let cart = answer(own(crate::spa_routes::Own::Cart, ORIGIN));
    assert_eq!((cart.head.title.as_str(), cart.head.canonical.as_str()), ("Cart", "http://shop.test/cart"));
    assert!(cart.head_html.starts_with("<title>Cart</title>"), "{}", cart.head_html);
    assert!(cart.head_html.contains("<meta name=\"robots\" content=\"noindex\" data-head>"), "{}", cart.head_html);
    assert_eq!(serde_json::to_value(&cart.head).expect("json")["noindex"], true);
    for other in [home(ORIGIN), search(ORIGIN, Some("shirt"), 1), failed(ORIGIN, "/x")] {
        assert!(!tags(&other).contains("robots"), "{}", other.title);
        assert!(serde_json::to_value(&other).expect("json").get("noindex").is_none(), "{}", other.title);
    }
}
