use serde_json::json;

use super::*;

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
    let html = page(&parts(&answer)).expect("a paint");
    assert!(html.starts_with("<header class=\"navbar\">"), "{html}");
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
    let html = page(&parts(&answer)).expect("a paint");
    assert!(
        html.contains("<h1 id=\"listing-heading\">Desks</h1><div class=\"category-description\"><p>Sit.</p></div>")
    );
    assert_eq!(html.matches("<li class=\"product-card\">").count(), CARDS);
    assert_eq!(html.matches("fetchpriority=\"high\"").count(), 1, "the first card's image only");
}

#[test]
fn content_pages_paint_and_nothing_else_does() {
    let answer = json!({"product": null, "category": null, "content": {"id": "p", "url": "/pages/p", "title": "About <us>",
        "content": "<p>Hi.</p>", "meta_title": null, "meta_description": null}});
    let html = page(&parts(&answer)).expect("a paint");
    assert!(html.contains("<h1>About &lt;us&gt;</h1><div class=\"content-body\"><p>Hi.</p></div>"));
    assert_eq!(page(&parts(&json!({"product": null, "category": null, "content": null}))), None);
    assert_eq!(page(&parts(&json!({"product": {"id": "x", "products": []}}))), None);
    let home = home(&[]);
    assert!(home.contains("<h1>Vitrine</h1>") && home.contains("<ul class=\"product-grid\"></ul>"));
}

#[test]
fn a_search_paints_its_results_or_that_none_match() {
    let found: Products = serde_json::from_value(json!({"products": [card(1)], "total_count": 1})).expect("a listing");
    let html = search("chair <b>", &found);
    assert!(
        html.contains("<h1 id=\"listing-heading\">Results for “chair &lt;b&gt;”</h1><ul class=\"product-grid\">"),
        "{html}"
    );
    let none: Products = serde_json::from_value(json!({"products": []})).expect("a listing");
    assert!(search("zz", &none).contains("<p class=\"listing-empty\">No products match “zz”.</p>"));
}
