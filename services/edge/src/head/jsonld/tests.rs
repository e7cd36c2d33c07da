use serde_json::json;
use vitrine_proto::v1 as proto;

use super::*;

const ORIGIN: &str = "http://shop.test";

fn chair(change: impl FnOnce(&mut proto::Product)) -> Product {
    let mut p = proto::Product {
        id: "1".into(),
        url: "/chair".into(),
        name: "Chair".into(),
        price: Some(1250),
        sku: Some("C-1".into()),
        ..Default::default()
    };
    change(&mut p);
    Product::from(p)
}

/// A variant's picture as the head writes it.
fn absolute(src: &str) -> String {
    format!("{ORIGIN}/img?src={src}")
}

#[test]
fn a_product_with_variants_is_a_product_group_with_an_offer_per_variant() {
    let chosen = |pairs: &[(&str, &str)]| {
        pairs.iter().map(|(n, v)| proto::SelectedOption { name: (*n).into(), value: (*v).into() }).collect()
    };
    let group = chair(|p| {
        p.options = vec![
            proto::ProductOption { name: "Size".into(), values: vec!["S".into(), "M".into()] },
            proto::ProductOption { name: "Colour".into(), values: vec!["Navy".into()] },
            proto::ProductOption { name: "Warranty".into(), values: vec!["2 years".into()] },
        ];
        p.variants = vec![
            proto::Variant {
                id: "1-S".into(),
                sku: Some("C-1-S".into()),
                selected: chosen(&[("Size", "S"), ("Colour", "Navy"), ("Warranty", "2 years")]),
                price: Some(1250),
                ..Default::default()
            },
            proto::Variant {
                id: "1 M".into(),
                selected: chosen(&[("Size", "M"), ("Colour", "Navy"), ("Warranty", "2 years")]),
                price: Some(1400),
                discount: Some(proto::Discount { amount: 400, percent: 28.0 }),
                in_stock: Some(false),
                image: Some(proto::Image { id: "m".into(), url: "http://b/m.png".into(), label: String::new() }),
                ..Default::default()
            },
        ];
    });
    let data = product(&group, "http://shop.test/chair", Some("http://shop.test/img?src=x"), absolute);
    assert_eq!(data["@type"], "ProductGroup");
    assert_eq!(data["productGroupID"], "C-1");
    assert_eq!(
        data["variesBy"],
        json!(["https://schema.org/size", "https://schema.org/color"]),
        "Warranty maps to none"
    );
    assert_eq!(data.get("offers"), None, "offers are the variants'");
    assert_eq!(
        data["hasVariant"],
        json!([
            {"@type": "Product", "name": "Chair (S, Navy, 2 years)", "url": "http://shop.test/chair?variant=1-S",
             "sku": "C-1-S", "image": "http://shop.test/img?src=x", "size": "S", "color": "Navy",
             "offers": {"@type": "Offer", "price": 12.5, "priceCurrency": "USD",
                        "availability": "https://schema.org/InStock", "url": "http://shop.test/chair?variant=1-S"}},
            {"@type": "Product", "name": "Chair (M, Navy, 2 years)", "url": "http://shop.test/chair?variant=1%20M",
             "image": "http://shop.test/img?src=http://b/m.png", "size": "M", "color": "Navy",
             "offers": {"@type": "Offer", "price": 10.0, "priceCurrency": "USD",
                        "availability": "https://schema.org/OutOfStock", "url": "http://shop.test/chair?variant=1%20M"}},
        ])
    );
    // One variant and no options: a Product, as before.
    let single = chair(|p| p.variants = vec![proto::Variant { id: "1".into(), ..Default::default() }]);
    assert_eq!(product(&single, "http://shop.test/chair", None, absolute)["@type"], "Product");
}

#[test]
fn option_names_map_to_the_properties_google_accepts() {
    for (name, expected) in [
        ("Size", Some("size")),
        (" colour ", Some("color")),
        ("COLOR", Some("color")),
        ("Material", Some("material")),
        ("Pattern", Some("pattern")),
        ("Age group", Some("suggestedAge")),
        ("Gender", Some("suggestedGender")),
        ("Warranty", None),
        ("", None),
    ] {
        assert_eq!(varies_by(name), expected, "{name:?}");
    }
}

#[test]
fn rating_value_has_two_significant_digits() {
    for (summary, expected) in
        [(100.0, "5.0"), (80.0, "4.0"), (93.0, "4.7"), (50.0, "2.5"), (13.0, "0.65"), (1.0, "0.050"), (0.0, "0.0")]
    {
        assert_eq!(rating_value(summary), expected, "rating_summary {summary}");
    }
}

#[test]
fn a_product_has_a_rating_only_with_reviews() {
    for (reviews, summary, expected) in [
        (None, None, None),
        (Some(0), Some(90.0), None),
        (Some(3), None, None),
        (Some(3), Some(90.0), Some(json!({"@type": "AggregateRating", "ratingValue": "4.5", "reviewCount": 3}))),
    ] {
        let p = chair(|p| (p.review_count, p.rating_summary) = (reviews, summary));
        let data = product(&p, "http://shop.test/chair", None, absolute);
        assert_eq!(data.get("aggregateRating"), expected.as_ref(), "reviews {reviews:?} summary {summary:?}");
    }
}

#[test]
fn a_product_offers_the_price_its_page_shows() {
    for (price, currency, in_stock, offer) in [
        (Some(1250), None, None, Some((12.5, "USD", "https://schema.org/InStock"))),
        (Some(3060), Some("EUR"), Some(false), Some((30.6, "EUR", "https://schema.org/OutOfStock"))),
        (Some(1500), Some("JPY"), Some(true), Some((1500.0, "JPY", "https://schema.org/InStock"))),
        (Some(1234), Some("BHD"), Some(true), Some((1.234, "BHD", "https://schema.org/InStock"))),
        (Some(0), None, Some(true), Some((0.0, "USD", "https://schema.org/InStock"))),
        (None, Some("EUR"), Some(true), None),
    ] {
        let p = chair(|p| (p.price, p.currency, p.in_stock) = (price, currency.map(str::to_owned), in_stock));
        let data = product(&p, "http://shop.test/chair", None, absolute);
        let expected = offer.map(|(price, currency, availability)| {
            json!({"@type": "Offer", "price": price, "priceCurrency": currency, "availability": availability,
                "url": "http://shop.test/chair"})
        });
        assert_eq!(data.get("offers"), expected.as_ref(), "{price:?} {currency:?} {in_stock:?}");
    }
}

#[test]
fn the_offer_is_the_price_paid_as_the_spa_shows_it() {
    // The rule's own table is vitrine_domain::money's; the offer is its price paid.
    let discounted = chair(|p| p.discount = Some(proto::Discount { amount: 250, percent: 20.0 }));
    assert_eq!(product(&discounted, "http://shop.test/chair", None, absolute)["offers"]["price"], json!(10.0));
}

#[test]
fn a_product_names_what_it_has() {
    let p = chair(|p| {
        p.brand = Some("Acme".into());
        p.meta_description = Some("A chair.".into());
    });
    let data = product(&p, "http://shop.test/chair", Some("http://shop.test/img?src=x&w=768"), absolute);
    assert_eq!(data["@type"], "Product");
    assert_eq!(data["name"], "Chair");
    assert_eq!(data["sku"], "C-1");
    assert_eq!(data["brand"], json!({"@type": "Brand", "name": "Acme"}));
    assert_eq!(data["description"], "A chair.");
    assert_eq!(data["image"], "http://shop.test/img?src=x&w=768");
    let bare = product(&chair(|p| p.sku = None), "http://shop.test/chair", None, absolute);
    for absent in ["sku", "brand", "description", "image"] {
        assert!(bare.get(absent).is_none(), "{absent}");
    }
}

#[test]
fn breadcrumbs_run_from_home_to_the_page() {
    let trail = [Breadcrumb { id: "c1".into(), name: "Computers".into(), level: 1, url: "/computers".into() }];
    assert_eq!(
        breadcrumbs(ORIGIN, &trail, "Movies", "http://shop.test/computers/movies"),
        json!({
            "@context": "https://schema.org",
            "@type": "BreadcrumbList",
            "itemListElement": [
                {"@type": "ListItem", "position": 1, "name": "Home", "item": "http://shop.test/"},
                {"@type": "ListItem", "position": 2, "name": "Computers", "item": "http://shop.test/computers"},
                {"@type": "ListItem", "position": 3, "name": "Movies", "item": "http://shop.test/computers/movies"},
            ],
        })
    );
}

#[test]
fn a_collection_numbers_items_from_their_place_in_the_whole_listing() {
    for (page, positions) in [(1, [1, 2]), (2, [25, 26])] {
        let listing = ProductPage {
            products: vec![chair(|_| ()), chair(|p| (p.url, p.name) = ("/desk".into(), "Desk".into()))],
            total_count: 26,
            page,
            page_size: 24,
            page_count: 2,
            sorts: Vec::new(),
        };
        let data = collection(ORIGIN, "Furniture", "http://shop.test/furniture", &listing);
        assert_eq!(data["@type"], "CollectionPage");
        assert_eq!(data["mainEntity"]["numberOfItems"], 26);
        let items = data["mainEntity"]["itemListElement"].as_array().cloned().unwrap_or_default();
        let got: Vec<_> = items.iter().map(|i| i["position"].as_u64().unwrap_or_default()).collect();
        assert_eq!(got, positions, "page {page}");
        assert_eq!(items.get(1).map(|i| &i["url"]), Some(&json!("http://shop.test/desk")));
    }
}

#[test]
fn the_website_searches_on_the_search_page() {
    let data = website(ORIGIN, "Vitrine");
    assert_eq!(data["url"], "http://shop.test/");
    assert_eq!(data["potentialAction"]["target"]["urlTemplate"], "http://shop.test/search?q={search_term_string}");
    assert_eq!(data["potentialAction"]["query-input"], "required name=search_term_string");
}
