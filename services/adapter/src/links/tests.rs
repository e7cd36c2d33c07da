//! Table tests of the link rules on real-shaped values (see the module doc's table).

use vitrine_proto::v1::{Category, ProductPage};

use super::*;

/// The urls a hostile or broken backend may give, none of them a path on this site.
const UNSAFE: [&str; 7] =
    ["//evil.example", "/\\evil.example", "https://evil.example/x", "javascript:alert(1)", "/\t/evil.example", "", "x"];

fn product_at(id: &str, url: &str) -> Product {
    Product { id: id.into(), url: url.into(), ..Product::default() }
}

fn node_at(id: &str, url: &str, children: Vec<NavigationNode>) -> NavigationNode {
    let count = i32::try_from(children.len()).unwrap_or_default();
    NavigationNode { id: id.into(), url: url.into(), children_count: count, children, ..NavigationNode::default() }
}

fn crumb(url: &str) -> Breadcrumb {
    Breadcrumb { url: url.into(), ..Breadcrumb::default() }
}

#[test]
fn products_with_unsafe_urls_are_left_out_and_unsafe_canonicals_dropped() {
    for bad in UNSAFE {
        let listed = products(vec![product_at("1", "/1"), product_at("2", bad), product_at("3", "/products/3.html")]);
        let ids: Vec<&str> = listed.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["1", "3"], "{bad:?}");
        assert_eq!(product(product_at("2", bad)), None, "{bad:?}");
        let canonical = Product { canonical_url: Some(bad.into()), ..product_at("1", "/1") };
        assert_eq!(product(canonical).and_then(|p| p.canonical_url), None, "{bad:?}");
    }
    let kept = Product { canonical_url: Some("/products/1".into()), ..product_at("1", "/1") };
    assert_eq!(product(kept.clone()), Some(kept));
}

#[test]
fn menu_items_with_unsafe_urls_go_with_their_children_and_counts_follow() {
    for bad in UNSAFE {
        let menu = node_at(
            "root",
            "",
            vec![
                node_at("men", "/men", vec![node_at("tops", "/men/tops", vec![]), node_at("evil", bad, vec![])]),
                node_at("gone", bad, vec![node_at("child", "/child", vec![])]),
            ],
        );
        let out = tree(menu);
        assert_eq!(out.url, "", "the root keeps its own url");
        let kept: Vec<(&str, i32)> = out.children.iter().map(|n| (n.id.as_str(), n.children_count)).collect();
        assert_eq!(kept, [("men", 1)], "{bad:?}");
        assert_eq!(out.children_count, 1, "{bad:?}");
        assert_eq!(out.children[0].children[0].id, "tops");
        let top = nodes(vec![node_at("a", "/a", vec![]), node_at("b", bad, vec![])]);
        assert_eq!(top.len(), 1, "{bad:?}");
    }
    // A leaf at the depth cut keeps the count it came with (see navigation::normalise).
    let leaf = NavigationNode { children_count: 4, ..node_at("leaf", "/leaf", vec![]) };
    assert_eq!(node(leaf).map(|n| n.children_count), Some(4));
}

#[test]
fn unsafe_breadcrumbs_are_left_out() {
    for bad in UNSAFE {
        let with =
            NavigationNode { breadcrumbs: vec![crumb("/men"), crumb(bad)], ..node_at("tops", "/men/tops", vec![]) };
        let kept: Vec<String> =
            node(with).map(|n| n.breadcrumbs.into_iter().map(|b| b.url).collect()).unwrap_or_default();
        assert_eq!(kept, ["/men"], "{bad:?}");
    }
}

#[test]
fn category_and_content_pages_at_unsafe_urls_are_not_found() {
    let page = |url: &str| CategoryPage {
        category: Some(Category {
            id: "7".into(),
            url: url.into(),
            breadcrumbs: vec![crumb("/"), crumb("//evil.example")],
            children: vec![node_at("ok", "/ok", vec![]), node_at("bad", "//evil.example", vec![])],
            ..Category::default()
        }),
        listing: Some(ProductPage {
            products: vec![product_at("1", "/1"), product_at("2", "/\\evil")],
            ..ProductPage::default()
        }),
    };
    let ok = category_page(page("/gear")).expect("safe");
    let category = ok.category.unwrap_or_default();
    assert_eq!((category.breadcrumbs.len(), category.children.len()), (1, 1));
    assert_eq!(ok.listing.map(|l| l.products.len()), Some(1));
    let content = |url: &str| ContentPage { id: "about".into(), url: url.into(), ..ContentPage::default() };
    assert!(content_page(content("/pages/about")).is_ok());
    for bad in UNSAFE {
        assert_eq!(category_page(page(bad)).err().map(|e| e.kind()), Some("not_found"), "{bad:?}");
        assert_eq!(content_page(content(bad)).err().map(|e| e.kind()), Some("not_found"), "{bad:?}");
    }
}

#[test]
fn resolutions_off_the_site_are_not_found() {
    let redirect = |url: &str| RouteResolution { url: Some(url.into()), code: 301, ..route::not_found() };
    // Resolution urls come without their leading slash (spec §4); one slash is tolerated.
    for (url, kept) in [
        ("new-path.html", true),
        ("/new-path.html", true),
        ("", true),
        ("men/tops", true),
        ("//evil.example", false),
        ("\\evil.example", false),
        ("/\\evil.example", false),
        ("https://evil.example/x", false),
        ("javascript:alert(1)", false),
        ("\t/evil.example", false),
    ] {
        let expected = if kept { redirect(url) } else { route::not_found() };
        assert_eq!(resolution(redirect(url)), expected, "{url:?}");
    }
    let matched = route::product("1004", "/1004");
    assert_eq!(resolution(matched.clone()), matched);
    assert_eq!(resolution(route::not_found()), route::not_found());
}
