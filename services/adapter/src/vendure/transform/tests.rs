//! The transforms over answers a real Vendure 3.7.3 gave (`testdata/`, from the seed in
//! `deploy/vendure`), and tables of the edge cases.

use super::*;
use crate::vendure::models::{CollectionPageData, CollectionsData, ProductData};

/// A variant as the tests compare it: SKU, options, price, in stock.
type VariantRow<'a> = (Option<&'a str>, Vec<(&'a str, &'a str)>, Option<i64>, Option<bool>);

const EXCLUDING_TAX: ActiveChannel = ActiveChannel { prices_include_tax: false };
const INCLUDING_TAX: ActiveChannel = ActiveChannel { prices_include_tax: true };

fn product_data() -> ProductData {
    serde_json::from_str(include_str!("../testdata/product_tee.json")).expect("product_tee.json")
}

fn collections() -> Vec<MenuCollection> {
    let data: CollectionsData =
        serde_json::from_str(include_str!("../testdata/collections.json")).expect("collections.json");
    data.collections.items
}

fn menu_row(id: &str, parent: Option<&str>, position: i64) -> MenuCollection {
    MenuCollection {
        id: id.into(),
        name: format!("C{id}"),
        slug: format!("c{id}"),
        position,
        parent_id: parent.map(str::to_owned),
    }
}

#[test]
fn urls_and_slugs() {
    assert_eq!(product_url("vitrine-tee"), "/products/vitrine-tee");
    assert_eq!(collection_url("tops"), "/collections/tops");
    for (url, product, collection) in [
        ("/products/vitrine-tee", Some("vitrine-tee"), None),
        ("/collections/tops", None, Some("tops")),
        ("/collections/", None, None),
        ("/products/a/b", None, None),
        ("/categories/tops", None, None),
    ] {
        assert_eq!((product_slug(url), collection_slug(url)), (product, collection), "{url}");
    }
}

#[test]
fn a_product_with_two_option_groups_as_the_real_server_answers_it() {
    let data = product_data();
    let tee = data.product.as_ref().expect("the tee");
    let p = product(tee, data.active_channel);
    assert_eq!(
        (p.name.as_str(), p.url.as_str(), p.r#type.as_str()),
        ("Vitrine Tee", "/products/vitrine-tee", "configurable")
    );
    assert_eq!(
        (p.price, p.currency.as_deref(), p.in_stock),
        (Some(1500), Some("USD"), Some(true)),
        "excluding tax, as the channel"
    );
    let options: Vec<(&str, Vec<&str>)> =
        p.options.iter().map(|o| (o.name.as_str(), o.values.iter().map(String::as_str).collect())).collect();
    assert_eq!(options, [("Size", vec!["S", "M", "L"]), ("Color", vec!["Black", "White"])]);
    let variants: Vec<VariantRow> = p
        .variants
        .iter()
        .map(|v| {
            (
                v.sku.as_deref(),
                v.selected.iter().map(|s| (s.name.as_str(), s.value.as_str())).collect(),
                v.price,
                v.in_stock,
            )
        })
        .collect();
    assert_eq!(variants.len(), 6);
    assert_eq!(variants[0], (Some("TEE-S-BLACK"), vec![("Size", "S"), ("Color", "Black")], Some(1500), Some(true)));
    assert_eq!(variants[5], (Some("TEE-L-WHITE"), vec![("Size", "L"), ("Color", "White")], Some(1500), Some(false)));
    let gallery: Vec<&str> = p.images.iter().map(|i| i.url.as_str()).collect();
    assert_eq!(
        gallery,
        ["https://vendure.test/assets/tee-black__preview.png", "https://vendure.test/assets/tee-white__preview.png"],
        "the featured asset once, then the rest"
    );
    assert_eq!(p.thumbnail.as_ref().map(|i| i.label.as_str()), Some("Vitrine Tee"));
    assert!(p.variants[1].image.as_ref().is_some_and(|i| i.url.ends_with("tee-white__preview.png")), "its own picture");
    // Every variant id is Vendure's, as `addItemToOrder` takes it.
    assert!(p.variants.iter().zip(&tee.variants).all(|(v, raw)| v.id == raw.id));
}

#[test]
fn prices_are_shown_as_the_channel_enters_them() {
    let data = product_data();
    let tee = data.product.as_ref().expect("the tee");
    for (channel, expected) in [(EXCLUDING_TAX, 1500), (INCLUDING_TAX, 1650)] {
        let p = product(tee, channel);
        assert_eq!(p.price, Some(expected));
        assert_eq!(p.prices_include_tax, Some(channel.prices_include_tax), "the page says which");
        assert!(p.variants.iter().all(|v| v.price == Some(expected)));
    }
    // Vendure's two places, read in each currency's own minor units.
    for (amount, currency, expected) in [(1550, "USD", 1550), (150_000, "JPY", 1500), (1550, "BHD", 15_500)] {
        assert_eq!(minor(amount, currency), expected, "{amount} {currency}");
    }
}

#[test]
fn a_product_without_options_is_simple_and_sold_out_when_every_variant_is() {
    let mut data = product_data();
    let tee = data.product.as_mut().expect("the tee");
    tee.option_groups.clear();
    for v in &mut tee.variants {
        v.stock_level = "OUT_OF_STOCK".into();
        v.options.clear();
    }
    tee.featured_asset = None;
    tee.assets.clear();
    let p = product(tee, EXCLUDING_TAX);
    assert_eq!((p.r#type.as_str(), p.in_stock), ("simple", Some(false)));
    assert!(p.options.is_empty() && p.variants.iter().all(|v| v.selected.is_empty()));
    assert_eq!((p.thumbnail, p.images.len()), (None, 0));
    // LOW_STOCK is still for sale.
    tee.variants[0].stock_level = "LOW_STOCK".into();
    assert_eq!(product(tee, EXCLUDING_TAX).in_stock, Some(true));
}

#[test]
fn a_collection_page_as_the_real_server_answers_it() {
    let data: CollectionPageData =
        serde_json::from_str(include_str!("../testdata/collection_page_t_shirts.json")).expect("collection page");
    let collection = data.collection.as_ref().expect("t-shirts");
    let c = category(collection);
    assert_eq!((c.name.as_str(), c.url.as_str()), ("T-Shirts", "/collections/t-shirts"));
    let crumbs: Vec<(&str, &str, i32)> =
        c.breadcrumbs.iter().map(|b| (b.name.as_str(), b.url.as_str(), b.level)).collect();
    assert_eq!(
        crumbs,
        [("Clothing", "/collections/clothing", 1), ("Tops", "/collections/tops", 2)],
        "no root, not itself"
    );
    assert_eq!(c.description, None, "an empty description is none");
    let page = listing(&data.search, data.active_channel, 1);
    assert_eq!((page.total_count, page.page, page.page_size), (6, 1, listing::PAGE_SIZE));
    let cards: Vec<(&str, Option<i64>)> = page.products.iter().map(|p| (p.name.as_str(), p.price)).collect();
    assert_eq!(cards, [("Dune Tee", Some(1200)), ("Vitrine Tee", Some(1500)), ("Basalt Tee", Some(1800))]);
    assert!(page.products.iter().all(|p| p.url.starts_with("/products/") && p.thumbnail.is_some()));
    assert_eq!(page.sorts, listing::offered(&listing::EVERY_SORT));
}

#[test]
fn the_menu_is_the_tree_by_position_three_deep() {
    let tree = menu(&collections());
    let names = |n: &NavigationNode| n.children.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(&tree), ["Clothing", "Accessories"]);
    assert_eq!(names(&tree.children[0]), ["Tops"]);
    assert_eq!(names(&tree.children[0].children[0]), ["T-Shirts"]);
    assert_eq!(tree.children[0].children[0].children[0].url, "/collections/t-shirts");

    // Positions order siblings; a fourth level is left out.
    let rows = [
        menu_row("2", Some("1"), 2),
        menu_row("3", Some("1"), 1),
        menu_row("4", Some("3"), 1),
        menu_row("5", Some("4"), 1),
        menu_row("6", Some("5"), 1),
    ];
    let tree = menu(&rows);
    assert_eq!(names(&tree), ["C3", "C2"]);
    let third = &tree.children[0].children[0].children[0];
    assert_eq!((third.name.as_str(), third.children.len(), third.children_count), ("C5", 0, 0));
    assert_eq!(top_categories(&rows).iter().map(|n| n.children.len()).sum::<usize>(), 0);
}

#[test]
fn search_inputs_and_what_vendure_cannot_search() {
    for (sort, expected) in [
        (ProductSort::Position, None),
        (ProductSort::Name, Some(json!({ "name": "ASC" }))),
        (ProductSort::PriceAsc, Some(json!({ "price": "ASC" }))),
        (ProductSort::PriceDesc, Some(json!({ "price": "DESC" }))),
    ] {
        let input = search_input(("collectionSlug", "tops"), 3, sort);
        assert_eq!(input["sort"], expected.unwrap_or(Value::Null), "{sort:?}");
        assert_eq!((input["skip"].as_u64(), input["take"].as_u64()), (Some(48), Some(24)));
        assert_eq!((input["collectionSlug"].as_str(), input["groupByProduct"].as_bool()), (Some("tops"), Some(true)));
    }
    for (term, ok) in [("cap", true), (" ca ", false), ("ca", false), ("", false), ("é日本", true)] {
        assert_eq!(searchable(term), ok, "{term:?}");
    }
    let none = no_results(2);
    assert_eq!((none.total_count, none.page, none.products.len()), (0, 2, 0));
}

#[test]
fn routes_found_and_not() {
    let data = product_data();
    let found = product_resolution("/products/vitrine-tee", data.product.as_ref());
    assert_eq!((found.r#type.as_deref(), found.code, found.id.as_deref()), (Some("PRODUCT"), 200, Some("1")));
    assert_eq!(product_resolution("/products/nope", None), route::not_found());
    let page: CollectionPageData =
        serde_json::from_str(include_str!("../testdata/collection_page_t_shirts.json")).expect("collection page");
    let found = collection_resolution("/collections/t-shirts", page.collection.as_ref());
    assert_eq!((found.r#type.as_deref(), found.id.as_deref()), (Some("CATEGORY"), Some("4")));
    assert_eq!(collection_resolution("/collections/nope", None), route::not_found());
}
