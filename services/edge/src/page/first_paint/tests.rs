use vitrine_proto::v1 as proto;

use super::*;
use crate::dto::{Breadcrumb, Category, CategoryLink, ContentPage, PageHead, ProductResponse, Resolution, Sort};

const HERE: Address<'static> = Address { path: "/desks", query: "", sort: Sort::Position };

/// An `/api/page` answer with these parts (the paint reads no other).
fn parts(product: Option<ProductResponse>, category: Option<CategoryPage>, content: Option<ContentPage>) -> PageData {
    PageData {
        resolution: Resolution::from(proto::RouteOutcome::default()),
        product,
        category,
        content,
        failure: None,
        head: PageHead::default(),
        head_html: String::new(),
    }
}

fn card(n: u32) -> Product {
    Product::from(proto::Product {
        id: n.to_string(),
        r#type: "simple".into(),
        url: format!("/{n}"),
        name: format!("Chair {n}"),
        thumbnail: Some(proto::Image { id: "t".into(), url: format!("http://img.test/{n}.jpg"), label: String::new() }),
        price: Some(10.0),
        in_stock: Some(true),
        ..Default::default()
    })
}

fn products(products: Vec<Product>, total_count: u32, sorts: Vec<Sort>) -> ProductPage {
    ProductPage { products, total_count, page: 1, page_size: 24, page_count: 1, sorts }
}

fn category_page(name: &str, description: Option<&str>, listing: ProductPage) -> CategoryPage {
    let category = Category {
        id: "c".into(),
        name: name.into(),
        url: "/desks".into(),
        description: description.map(str::to_owned),
        meta_title: None,
        meta_description: None,
        breadcrumbs: Vec::new(),
        children: Vec::new(),
    };
    CategoryPage { category, listing }
}

fn node(name: &str, url: &str, children: Vec<NavigationNode>) -> NavigationNode {
    let mut node =
        NavigationNode::from(proto::NavigationNode { name: name.into(), url: url.into(), ..Default::default() });
    node.children = children;
    node
}

#[test]
fn a_product_paints_its_image_brand_and_name() {
    let mut product = card(1);
    product.brand = Some("Acme & <Co>".into());
    let answer = parts(Some(ProductResponse { id: "1".into(), products: vec![product] }), None, None);
    let html = page(&answer, &HERE).expect("a paint");
    assert!(html.starts_with("<article class=\"product\">"), "{html}");
    assert!(
        html.contains("<p class=\"product-brand\">Acme &amp; &lt;Co&gt;</p><h1 class=\"product-name\">Chair 1</h1>")
    );
    assert!(html.contains(
        "sizes=\"(max-width: 768px) 100vw, 560px\" alt=\"Chair 1\" width=\"560\" height=\"560\" loading=\"eager\""
    ));
}

#[test]
fn a_category_paints_its_heading_and_first_cards() {
    let listing = products((1..=6).map(card).collect(), 6, Vec::new());
    let answer = parts(None, Some(category_page("Desks", Some("<p>Sit.</p>"), listing)), None);
    let html = page(&answer, &HERE).expect("a paint");
    assert!(html.contains(
        "<h1 id=\"listing-heading\">Desks</h1><p class=\"listing-count\">6 products</p><div class=\"category-description\"><p>Sit.</p></div>"
    ));
    assert_eq!(html.matches("<li class=\"product-card\">").count(), listing::CARDS);
    assert_eq!(html.matches("fetchpriority=\"high\"").count(), 1, "the first card's image only");
}

#[test]
fn content_pages_paint_and_nothing_else_does() {
    let content = ContentPage {
        id: "p".into(),
        url: "/pages/p".into(),
        title: "About <us>".into(),
        content: "<p>Hi.</p>".into(),
        meta_title: None,
        meta_description: None,
    };
    let html = page(&parts(None, None, Some(content)), &HERE).expect("a paint");
    assert!(html.contains("<h1>About &lt;us&gt;</h1><div class=\"content-body\"><p>Hi.</p></div>"));
    assert_eq!(page(&parts(None, None, None), &HERE), None);
    assert_eq!(page(&parts(Some(ProductResponse { id: "x".into(), products: Vec::new() }), None, None), &HERE), None);
    let home = home(&[]);
    assert!(home.contains("<h1>Vitrine</h1>") && home.contains("<ul class=\"product-grid\" aria-busy=\"false\"></ul>"));
}

#[test]
fn a_search_paints_its_results_or_that_none_match() {
    let found = products(vec![card(1)], 1, Vec::new());
    let here = Address { path: "/search", query: "q=chair+%3Cb%3E", sort: Sort::Position };
    let html = search("chair <b>", &found, &here);
    assert!(
        html.contains("<h1 id=\"listing-heading\">Results for “chair &lt;b&gt;”</h1><p class=\"listing-count\">1 product</p><ul class=\"product-grid\""),
        "{html}"
    );
    let none = products(Vec::new(), 0, Vec::new());
    assert!(search("zz", &none, &here).contains("<p class=\"listing-empty\">No products match “zz”.</p>"));
}

#[test]
fn a_category_paints_its_trail_children_and_orders_as_the_spa_lays_them_out() {
    let mut desks = category_page("Desks & co", None, products(vec![card(1)], 1, vec![Sort::Position, Sort::Name]));
    desks.category.url = "/office/desks".into();
    desks.category.breadcrumbs =
        vec![Breadcrumb { id: "o".into(), name: "Office".into(), level: 1, url: "/office".into() }];
    desks.category.children = vec![CategoryLink {
        id: "s".into(),
        name: "Standing".into(),
        url: "/office/desks/standing".into(),
        total_products: 0,
    }];
    let here = Address { path: "/office/desks", query: "sort=name", sort: Sort::Name };
    let html = page(&parts(None, Some(desks), None), &here).expect("a paint");
    let expected = "<section class=\"listing-page\" aria-labelledby=\"listing-heading\">\
<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\"><ol><li><a href=\"/\">Home</a></li><li><a href=\"/office\">Office</a></li>\
<li aria-current=\"page\">Desks &amp; co</li></ol></nav><h1 id=\"listing-heading\">Desks &amp; co</h1>\
<p class=\"listing-count\">1 product</p><nav aria-label=\"Desks &amp; co subcategories\"><ul class=\"category-list\">\
<li><a href=\"/office/desks/standing\">Standing</a></li></ul></nav><nav class=\"sort-links\" aria-label=\"Sort products\">\
<span class=\"sort-label\">Sort by</span><ul><li><a href=\"/office/desks\">Featured</a></li>\
<li><a href=\"/office/desks?sort=name\" aria-current=\"true\">Name</a></li></ul></nav><ul class=\"product-grid\" aria-busy=\"false\">";
    assert!(html.starts_with(expected), "{html}");
    let empty = category_page("Empty", Some(""), products(Vec::new(), 0, vec![Sort::Position, Sort::Name]));
    let html = page(&parts(None, Some(empty), None), &here).expect("a paint");
    assert!(html.contains("<p class=\"listing-count\">0 products</p><p class=\"listing-empty\">There are no products in this category yet.</p></section>"), "{html}");
    assert!(!html.contains("sort-links") && !html.contains("category-description"), "{html}");
}

#[test]
fn the_bar_holds_the_menu_when_it_came_and_says_loading_when_not() {
    let menu = node(
        "",
        "/",
        vec![
            node("Office <1>", "/office", vec![node("Desks", "/office/desks", Vec::new())]),
            node("Garden", "/garden", Vec::new()),
        ],
    );
    let html = in_page(Some(&menu), "blue \"shirt\"", "<p>main</p>");
    assert!(html.contains(
        "<ul class=\"menu-list\"><li class=\"has-children\"><a href=\"/office\">Office &lt;1&gt;</a>\
<ul class=\"dropdown\" aria-label=\"Office &lt;1&gt; subcategories\"><li><a href=\"/office/desks\">Desks</a></li></ul></li>\
<li><a href=\"/garden\">Garden</a></li></ul>"
    ), "{html}");
    assert!(html.contains("name=\"q\" value=\"blue &quot;shirt&quot;\""), "{html}");
    assert!(html.ends_with("</header><main class=\"page\"><p>main</p></main>"), "{html}");
    let loading = in_page(None, "", "");
    assert!(loading.contains("<ul class=\"menu-list\"><li class=\"menu-status\">Loading...</li></ul>"), "{loading}");
    assert!(loading.contains("value=\"\""), "{loading}");
}
