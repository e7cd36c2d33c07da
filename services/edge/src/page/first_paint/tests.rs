use serde_json::json;

use super::*;

const HERE: Address<'static> = Address { path: "/desks", query: "", sort: crate::dto::Sort::Position };

fn parts(answer: &serde_json::Value) -> PageParts {
    serde_json::from_value(answer.clone()).expect("an /api/page answer reads as its parts")
}

fn card(n: u32) -> serde_json::Value {
    json!({"id": n.to_string(), "type": "simple", "url": format!("/{n}"), "canonicalUrl": null, "name": format!("Chair {n}"),
        "thumbnail": {"id": "t", "url": format!("http://img.test/{n}.jpg"), "label": ""}, "images": [], "price": 10.0,
        "discount": null, "in_stock": true, "description": null, "short_description": null, "meta_title": null,
        "meta_description": null, "brand": null, "review_count": null, "rating_summary": null, "sku": null, "currency": null})
}

#[test]
fn a_product_paints_its_image_brand_and_name() {
    let mut product = card(1);
    product["brand"] = json!("Acme & <Co>");
    let answer =
        json!({"resolution": {}, "product": {"id": "1", "products": [product]}, "category": null, "content": null});
    let html = page(&parts(&answer), &HERE).expect("a paint");
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
    let products: Vec<_> = (1..=6).map(card).collect();
    let answer = json!({"product": null, "content": null, "category": {
        "category": {"id": "c", "name": "Desks", "url": "/desks", "description": "<p>Sit.</p>", "meta_title": null,
            "meta_description": null, "breadcrumbs": [], "children": []},
        "listing": {"products": products, "total_count": 6, "page": 1, "page_size": 24, "page_count": 1, "sorts": []}}});
    let html = page(&parts(&answer), &HERE).expect("a paint");
    assert!(html.contains(
        "<h1 id=\"listing-heading\">Desks</h1><p class=\"listing-count\">6 products</p><div class=\"category-description\"><p>Sit.</p></div>"
    ));
    assert_eq!(html.matches("<li class=\"product-card\">").count(), listing::CARDS);
    assert_eq!(html.matches("fetchpriority=\"high\"").count(), 1, "the first card's image only");
}

#[test]
fn content_pages_paint_and_nothing_else_does() {
    let answer = json!({"product": null, "category": null, "content": {"id": "p", "url": "/pages/p", "title": "About <us>",
        "content": "<p>Hi.</p>", "meta_title": null, "meta_description": null}});
    let html = page(&parts(&answer), &HERE).expect("a paint");
    assert!(html.contains("<h1>About &lt;us&gt;</h1><div class=\"content-body\"><p>Hi.</p></div>"));
    assert_eq!(page(&parts(&json!({"product": null, "category": null, "content": null})), &HERE), None);
    assert_eq!(page(&parts(&json!({"product": {"id": "x", "products": []}})), &HERE), None);
    let home = home(&[]);
    assert!(home.contains("<h1>Vitrine</h1>") && home.contains("<ul class=\"product-grid\" aria-busy=\"false\"></ul>"));
}

#[test]
fn a_search_paints_its_results_or_that_none_match() {
    let found: Products = serde_json::from_value(json!({"products": [card(1)], "total_count": 1})).expect("a listing");
    let here = Address { path: "/search", query: "q=chair+%3Cb%3E", sort: crate::dto::Sort::Position };
    let html = search("chair <b>", &found, &here);
    assert!(
        html.contains("<h1 id=\"listing-heading\">Results for “chair &lt;b&gt;”</h1><p class=\"listing-count\">1 product</p><ul class=\"product-grid\""),
        "{html}"
    );
    let none: Products = serde_json::from_value(json!({"products": []})).expect("a listing");
    assert!(search("zz", &none, &here).contains("<p class=\"listing-empty\">No products match “zz”.</p>"));
}

#[test]
fn a_category_paints_its_trail_children_and_orders_as_the_spa_lays_them_out() {
    let answer = json!({"product": null, "content": null, "category": {
        "category": {"id": "c", "name": "Desks & co", "url": "/office/desks", "description": null,
            "breadcrumbs": [{"id": "o", "name": "Office", "level": 1, "url": "/office"}],
            "children": [{"id": "s", "name": "Standing", "url": "/office/desks/standing"}]},
        "listing": {"products": [card(1)], "total_count": 1, "page": 1, "page_size": 24, "page_count": 1,
            "sorts": ["position", "name"]}}});
    let here = Address { path: "/office/desks", query: "sort=name", sort: crate::dto::Sort::Name };
    let html = page(&parts(&answer), &here).expect("a paint");
    let expected = "<section class=\"listing-page\" aria-labelledby=\"listing-heading\">\
<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\"><ol><li><a href=\"/\">Home</a></li><li><a href=\"/office\">Office</a></li>\
<li aria-current=\"page\">Desks &amp; co</li></ol></nav><h1 id=\"listing-heading\">Desks &amp; co</h1>\
<p class=\"listing-count\">1 product</p><nav aria-label=\"Desks &amp; co subcategories\"><ul class=\"category-list\">\
<li><a href=\"/office/desks/standing\">Standing</a></li></ul></nav><nav class=\"sort-links\" aria-label=\"Sort products\">\
<span class=\"sort-label\">Sort by</span><ul><li><a href=\"/office/desks\">Featured</a></li>\
<li><a href=\"/office/desks?sort=name\" aria-current=\"true\">Name</a></li></ul></nav><ul class=\"product-grid\" aria-busy=\"false\">";
    assert!(html.starts_with(expected), "{html}");
    let empty = json!({"category": {"category": {"name": "Empty", "description": ""},
        "listing": {"products": [], "total_count": 0, "sorts": ["position", "name"]}}});
    let html = page(&parts(&empty), &here).expect("a paint");
    assert!(html.contains("<p class=\"listing-count\">0 products</p><p class=\"listing-empty\">There are no products in this category yet.</p></section>"), "{html}");
    assert!(!html.contains("sort-links") && !html.contains("category-description"), "{html}");
}

#[test]
fn the_bar_holds_the_menu_when_it_came_and_says_loading_when_not() {
    let menu: Menu = serde_json::from_value(json!({"id": "root", "name": "", "url": "/", "children": [
        {"name": "Office <1>", "url": "/office", "children": [{"name": "Desks", "url": "/office/desks", "children": []}]},
        {"name": "Garden", "url": "/garden", "children": []}]}))
    .expect("a menu");
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
