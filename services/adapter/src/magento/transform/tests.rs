use serde_json::json;

use super::*;
use crate::magento::models::{MagentoCategoryRoute, MagentoCmsPage, MagentoProduct, MagentoRoute};

fn testdata<T: serde::de::DeserializeOwned>(json: &str) -> T {
    serde_json::from_str(json).expect("testdata parses")
}

#[test]
fn product_takes_every_normalised_field() {
    let p = product(&testdata::<MagentoProduct>(include_str!("../testdata/product.json")), "https://shop.test/media/");
    assert_eq!(p.id, "24-MB01");
    assert_eq!(p.r#type, "configurable");
    assert_eq!(p.url, "/joust-duffle-bag.html");
    assert_eq!(p.canonical_url.as_deref(), Some("https://shop.test/joust-duffle-bag.html"));
    assert_eq!(p.name, "Joust Duffle Bag");
    assert_eq!(p.price, Some(3400));
    assert_eq!(p.currency.as_deref(), Some("EUR"));
    assert_eq!(p.discount, Some(Discount { amount: 340, percent: 10.0 }));
    assert_eq!(p.in_stock, Some(true));
    assert_eq!(p.thumbnail.as_ref().map(|t| t.label.as_str()), Some("Joust Duffle Bag, blue"));
    let gallery: Vec<(&str, &str)> = p.images.iter().map(|i| (i.id.as_str(), i.url.as_str())).collect();
    assert_eq!(
        gallery,
        [
            ("g2", "https://shop.test/media/catalog/product/m/b/mb01-front.jpg"),
            ("g3", "https://shop.test/media/catalog/product/m/b/mb01-side.jpg")
        ],
        "ordered by position, disabled ones left out"
    );
    assert_eq!(p.description.as_deref(), Some("<p>The sporty Joust Duffle Bag.</p>"));
    assert_eq!(p.short_description.as_deref(), Some("<p>Short.</p>"));
    assert_eq!(
        (p.meta_title.as_deref(), p.review_count, p.rating_summary),
        (Some("Joust Duffle Bag | Luma"), Some(3), Some(93.0))
    );
}

#[test]
fn a_configurable_product_s_children_are_its_variants() {
    let recorded: MagentoProduct = testdata(include_str!("../testdata/configurable_product.json"));
    let p = product(&recorded, "https://shop.test/media/");
    let options: Vec<(&str, Vec<&str>)> =
        p.options.iter().map(|o| (o.name.as_str(), o.values.iter().map(String::as_str).collect())).collect();
    assert_eq!(options, [("Size", vec!["XS", "S"]), ("Color", vec!["Black", "Gray", "Orange"])], "by position");
    // (id, sku, selected, price, in stock)
    type Row<'a> = (&'a str, Option<&'a str>, Vec<(&'a str, &'a str)>, Option<i64>, Option<bool>);
    let variants: Vec<Row> = p
        .variants
        .iter()
        .map(|v| {
            let selected = v.selected.iter().map(|s| (s.name.as_str(), s.value.as_str())).collect();
            (v.id.as_str(), v.sku.as_deref(), selected, v.price, v.in_stock)
        })
        .collect();
    assert_eq!(
        variants,
        [
            (
                "MH01:MH01-XS-Black:Y29uZmlndXJhYmxlLzE0NC8xNjY%3D,Y29uZmlndXJhYmxlLzkzLzQ5",
                Some("MH01-XS-Black"),
                vec![("Size", "XS"), ("Color", "Black")],
                Some(5200),
                Some(true)
            ),
            (
                "MH01:MH01-XS-Gray:Y29uZmlndXJhYmxlLzE0NC8xNjY%3D,Y29uZmlndXJhYmxlLzkzLzUy",
                Some("MH01-XS-Gray"),
                vec![("Size", "XS"), ("Color", "Gray")],
                Some(5200),
                Some(false)
            ),
            (
                "MH01:MH01-S-Gray:Y29uZmlndXJhYmxlLzE0NC8xNjc%3D,Y29uZmlndXJhYmxlLzkzLzUy",
                Some("MH01-S-Gray"),
                vec![("Size", "S"), ("Color", "Gray")],
                Some(5200),
                Some(true)
            ),
        ],
        "the child with no size is left out: no choice reaches it"
    );
    assert_eq!(p.variants[2].discount, Some(Discount { amount: 1040, percent: 20.0 }));
    assert_eq!(
        p.variants.iter().map(|v| v.image.as_ref().map(|i| i.url.as_str())).collect::<Vec<_>>(),
        [
            Some("https://shop.test/media/catalog/product/cache/7a1/m/h/mh01-black_main_1.jpg"),
            Some("https://shop.test/media/catalog/product/cache/7a1/m/h/mh01-gray_main_1.jpg"),
            None
        ]
    );
    // What the cart needs, back out of the id.
    let parts = crate::magento::variant_id::decode(&p.variants[0].id).expect("a configurable variant id");
    assert_eq!(
        (parts.parent_sku.as_str(), parts.child_sku.as_str(), parts.selected.len()),
        ("MH01", "MH01-XS-Black", 2)
    );
    // The product's own price stays the shop's (spec §3).
    assert_eq!((p.price, p.r#type.as_str()), (Some(5200), "configurable"));
}

#[test]
fn products_without_children_are_sold_as_they_are_and_listed_ones_carry_none() {
    let simple =
        product(&testdata::<MagentoProduct>(&json!({"__typename": "SimpleProduct", "sku": "24-MB01"}).to_string()), "");
    assert_eq!(simple.variants.iter().map(|v| v.id.as_str()).collect::<Vec<_>>(), ["24-MB01"]);
    assert!(simple.options.is_empty());
    // A listing's configurable product: no children selected, no variants.
    let listed = product(
        &testdata::<MagentoProduct>(&json!({"__typename": "ConfigurableProduct", "sku": "MH01"}).to_string()),
        "",
    );
    assert!(listed.variants.is_empty() && listed.options.is_empty());
    // A configurable product whose options are gone: itself.
    let bare = product(
        &testdata::<MagentoProduct>(
            &json!({"__typename": "ConfigurableProduct", "sku": "MT12", "configurable_options": [], "variants": []})
                .to_string(),
        ),
        "",
    );
    assert_eq!(bare.variants.iter().map(|v| v.id.as_str()).collect::<Vec<_>>(), ["MT12"]);
}

#[test]
fn product_types_urls_and_stock() {
    for (patch, kind, url, in_stock) in [
        (json!({"__typename": "BundleProduct", "url_key": "b", "url_suffix": null}), "composite", "/b", false),
        (
            json!({"__typename": "SimpleProduct", "url_key": "s", "url_suffix": ".html", "stock_status": "OUT_OF_STOCK"}),
            "simple",
            "/s.html",
            false,
        ),
        (json!({"__typename": "VirtualProduct", "url_key": "v", "stock_status": "IN_STOCK"}), "simple", "/v", true),
    ] {
        let p = product(&testdata::<MagentoProduct>(&patch.to_string()), "");
        assert_eq!((p.r#type.as_str(), p.url.as_str(), p.in_stock), (kind, url, Some(in_stock)), "{patch}");
        assert!(p.price.is_none() && p.discount.is_none() && p.thumbnail.is_none());
    }
}

#[test]
fn navigation_filters_sorts_and_builds_urls() {
    let tree = navigation(&testdata(include_str!("../testdata/category_tree.json")));
    assert_eq!((tree.id.as_str(), tree.url.as_str(), tree.total_products), ("Mg==", "/default-category.html", 100));
    let names: Vec<&str> = tree.children.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Women", "Gear"], "Hidden is not in the menu; sorted by position");
    let bags = &tree.children[1].children[0];
    assert_eq!(bags.url, "/gear/bags.html");
    let crumbs: Vec<(i32, &str)> = bags.breadcrumbs.iter().map(|b| (b.level, b.url.as_str())).collect();
    assert_eq!(crumbs, [(1, "/default-category.html"), (2, "/gear.html")], "sorted by level");
}

fn route(v: &serde_json::Value) -> MagentoRoute {
    testdata(&v.to_string())
}

#[test]
fn resolution_follows_the_route() {
    for (input, id, url, kind, code) in [
        (
            json!({"type": "PRODUCT", "uid": "MTI=", "relative_url": "joust.html", "redirect_code": 0}),
            Some("MTI="),
            Some("joust.html"),
            Some("PRODUCT"),
            200,
        ),
        (
            json!({"type": "CATEGORY", "uid": "Mw==", "relative_url": "/gear.html?x=1#y", "redirect_code": 0}),
            Some("Mw=="),
            Some("gear.html"),
            Some("CATEGORY"),
            200,
        ),
        (
            json!({"type": "PRODUCT", "uid": "MTI=", "relative_url": "new-home.html", "redirect_code": 301}),
            Some("MTI="),
            Some("new-home.html"),
            Some("PRODUCT"),
            301,
        ),
        (
            json!({"type": "CMS_PAGE", "identifier": "about-us", "relative_url": "about-us", "redirect_code": 302}),
            Some("about-us"),
            Some("about-us"),
            Some("CMS_PAGE"),
            302,
        ),
        (json!({"type": "UNKNOWN", "relative_url": "x"}), None, None, None, 404),
        (json!({"relative_url": "x"}), None, None, None, 404),
    ] {
        let r = resolution(Some(&route(&input)));
        assert_eq!((r.id.as_deref(), r.url.as_deref(), r.r#type.as_deref(), r.code), (id, url, kind, code), "{input}");
    }
    assert_eq!(resolution(None).code, 404);
}

#[test]
fn seo_title() {
    let r = resolution(Some(&route(&json!({
        "type": "PRODUCT", "uid": "u", "relative_url": "p.html", "redirect_code": 0, "name": "Bag", "sku": "24-MB01",
        "meta_title": "Bag | Luma", "canonical_url": "https://shop.test/p.html", "review_count": 2, "rating_summary": 80,
        "stock_status": "IN_STOCK", "price_range": {"maximum_price": {"final_price": {"value": 30.6, "currency": "EUR"}}}
    }))));
    let data = r.data.unwrap_or_default();
    assert_eq!(data.title.as_deref(), Some("Bag | Luma"));
    let category = resolution(Some(&route(&json!({"type": "CATEGORY", "name": "Gear"}))));
    assert_eq!(category.data.and_then(|d| d.title).as_deref(), Some("Gear"));
}

#[test]
fn sorts_map_to_magento_sort_inputs() {
    for (sort, search, expected) in [
        (ProductSort::Position, false, json!({"position": "ASC"})),
        (ProductSort::Position, true, json!({"relevance": "DESC"})),
        (ProductSort::Name, false, json!({"name": "ASC"})),
        (ProductSort::PriceAsc, true, json!({"price": "ASC"})),
        (ProductSort::PriceDesc, false, json!({"price": "DESC"})),
    ] {
        assert_eq!(sort_input(sort, search), expected, "{sort:?} search={search}");
    }
    assert_eq!(
        page_variables(3, ProductSort::Name, false),
        json!({"pageSize": 24, "currentPage": 3, "sort": {"name": "ASC"}})
    );
}

#[test]
fn category_page_takes_the_category_and_its_page_of_products() {
    let route: MagentoCategoryRoute = testdata(include_str!("../testdata/category_page.json"));
    let page = category_page(Some(&route), "/gear.html", 2, "https://shop.test/media/").expect("a category");
    let c = page.category.unwrap_or_default();
    assert_eq!((c.id.as_str(), c.name.as_str(), c.url.as_str()), ("Mw==", "Gear", "/gear.html"));
    assert_eq!(
        (c.description.as_deref(), c.meta_title.as_deref(), c.meta_description.as_deref()),
        (Some("<p>Gear for every workout.</p>"), Some("Gear | Luma"), None),
        "an empty meta description is none"
    );
    let crumbs: Vec<(&str, &str)> = c.breadcrumbs.iter().map(|b| (b.name.as_str(), b.url.as_str())).collect();
    assert_eq!(crumbs, [], "the store's root (level 1) is no breadcrumb");
    let children: Vec<(&str, &str, i32)> =
        c.children.iter().map(|k| (k.name.as_str(), k.url.as_str(), k.total_products)).collect();
    assert_eq!(
        children,
        [("Fitness Equipment", "/gear/fitness.html", 11), ("Bags", "/gear/bags.html", 14)],
        "in the menu only, by position"
    );
    let listing = page.listing.unwrap_or_default();
    assert_eq!((listing.total_count, listing.page, listing.page_size), (46, 2, 24));
    assert_eq!(listing.sorts, vitrine_domain::listing::EVERY_SORT.map(i32::from));
    let cards: Vec<(&str, &str, Option<i64>, Option<i64>)> = listing
        .products
        .iter()
        .map(|p| (p.id.as_str(), p.url.as_str(), p.price, p.discount.as_ref().map(|d| d.amount)))
        .collect();
    assert_eq!(
        cards,
        [
            ("24-MB01", "/joust-duffle-bag.html", Some(3400), Some(340)),
            ("24-WG088", "/sprite-foam-roller.html", Some(1900), Some(0))
        ]
    );
}

#[test]
fn only_a_category_route_is_a_category_page() {
    for input in [
        json!(null),
        json!({"type": "PRODUCT", "uid": "MTI=", "name": "Bag"}),
        json!({"type": "CMS_PAGE", "name": "About"}),
    ] {
        let route: Option<MagentoCategoryRoute> = testdata(&input.to_string());
        let err = category_page(route.as_ref(), "/x.html", 1, "").expect_err("not a category");
        assert_eq!(err, DriverError::NotFound("category /x.html".into()), "{input}");
    }
    let empty: MagentoCategoryRoute =
        testdata(&json!({"type": "CATEGORY", "name": "Empty", "products": null}).to_string());
    let listing = category_page(Some(&empty), "/empty.html", 1, "").expect("empty").listing.unwrap_or_default();
    assert_eq!((listing.products.len(), listing.total_count), (0, 0));
}

#[test]
fn content_page_takes_the_cms_page() {
    let route: MagentoCmsPage = testdata(include_str!("../testdata/cms_page.json"));
    let page = content_page(Some(&route), "/customer-service").expect("a page");
    assert_eq!(
        (page.id.as_str(), page.url.as_str(), page.title.as_str(), page.content.as_str()),
        ("customer-service", "/customer-service", "Customer Service", "<p>Call us.</p>"),
        "an empty title falls back to the heading"
    );
    assert_eq!((page.meta_title.as_deref(), page.meta_description), (Some("Help | Luma"), None));
    let category: MagentoCmsPage = testdata(&json!({"type": "CATEGORY", "title": "Gear"}).to_string());
    for route in [None, Some(&category)] {
        assert_eq!(content_page(route, "/gear.html"), Err(DriverError::NotFound("page /gear.html".into())));
    }
}

#[test]
fn only_magentos_page_past_the_end_error_is_an_empty_page() {
    for (error, past) in [
        (DriverError::GraphQl("currentPage value 5 specified is greater than the 2 page(s) available.".into()), true),
        (DriverError::GraphQl("Field \"x\" is not defined".into()), false),
        (DriverError::Timeout, false),
    ] {
        assert_eq!(past_last_page(&error), past, "{error}");
    }
}
