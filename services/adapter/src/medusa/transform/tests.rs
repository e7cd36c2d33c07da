//! The transforms on payloads recorded in Medusa 2's response shapes (`testdata/`).

use super::*;
use crate::medusa::models::CategoryList;

fn products() -> Vec<MedusaProduct> {
    let list: ProductList = serde_json::from_str(include_str!("../testdata/products.json")).expect("products.json");
    list.products
}

fn categories() -> Vec<MedusaCategory> {
    let list: CategoryList =
        serde_json::from_str(include_str!("../testdata/categories.json")).expect("categories.json");
    list.product_categories
}

fn find(id: &str) -> Product {
    products().iter().find(|p| p.id == id).map(product).expect(id)
}

#[test]
fn products_carry_the_regions_price_discount_currency_and_stock() {
    // (id, url, price, discount, currency, in stock)
    for (id, url, price, discount, currency, in_stock) in [
        ("prod_01HOODIE", "/products/medusa-hoodie", Some(6000), Some((1500, 25.0)), Some("EUR"), true),
        ("prod_01TOTE", "/products/canvas-tote", Some(1950), None, Some("EUR"), true),
        ("prod_01MUG", "/products/enamel-mug", Some(1200), None, Some("EUR"), false),
        // Inventory not managed: sellable at 0.
        ("prod_01CAP", "/products/logo-cap", Some(2200), None, Some("EUR"), true),
        // A store asked without region and fields sends no prices.
        ("prod_01SHORTS", "/products/linen-shorts", None, None, None, true),
    ] {
        let p = find(id);
        assert_eq!(p.url, url, "{id}");
        assert_eq!(p.price, price, "{id} price");
        assert_eq!(p.discount.map(|d| (d.amount, d.percent)), discount, "{id} discount");
        assert_eq!(p.currency.as_deref(), currency, "{id} currency");
        assert_eq!(p.in_stock, Some(in_stock), "{id} stock");
        assert_eq!(p.r#type, "simple");
    }
}

#[test]
fn the_cheapest_variant_sets_the_price() {
    let mut p = MedusaProduct::default();
    let variant = |calculated: f64, original: f64| MedusaVariant {
        calculated_price: Some(super::super::models::CalculatedPrice {
            calculated_amount: Some(calculated),
            original_amount: Some(original),
            currency_code: Some("usd".into()),
        }),
        ..MedusaVariant::default()
    };
    p.variants = vec![variant(30.0, 30.0), variant(19.99, 24.99), MedusaVariant::default(), variant(25.0, 25.0)];
    let priced = product(&p);
    assert_eq!((priced.price, priced.currency.as_deref()), (Some(2499), Some("USD")));
    assert_eq!(priced.discount.map(|d| (d.amount, d.percent)), Some((500, 20.01)));
}

#[test]
fn images_put_the_thumbnail_first_then_follow_rank_with_the_title_as_alt_text() {
    let urls = |p: &Product| {
        p.images.iter().map(|i| i.url.rsplit('/').next().unwrap_or_default().to_owned()).collect::<Vec<_>>()
    };
    let hoodie = find("prod_01HOODIE");
    // The thumbnail is also the rank-0 image: shown once.
    assert_eq!(urls(&hoodie), ["hoodie-front.png", "hoodie-back.png"]);
    assert_eq!(hoodie.thumbnail.as_ref().map(|t| t.id.as_str()), Some("thumbnail"));
    assert!(hoodie.images.iter().all(|i| i.label == "Medusa Hoodie"));
    let sweatpants = find("prod_01SWEATPANTS");
    assert_eq!(urls(&sweatpants), ["sweatpants-front.png", "sweatpants-side.png", "sweatpants-detail.png"]);
    // No thumbnail: the first ranked image stands in.
    let tote = find("prod_01TOTE");
    assert_eq!(urls(&tote), ["tote.png"]);
    assert_eq!(tote.thumbnail.map(|t| t.url), tote.images.first().map(|i| i.url.clone()));
}

#[test]
fn the_plain_text_description_is_escaped() {
    let hoodie = find("prod_01HOODIE");
    let description = hoodie.description.unwrap_or_default();
    assert!(description.starts_with("<p>&lt;p&gt;Warm.&lt;/p&gt;&lt;script&gt;"), "{description}");
    assert!(!description.contains("<script"), "{description}");
    assert_eq!(hoodie.meta_title.as_deref(), Some("Medusa Hoodie"));
    assert!(hoodie.short_description.is_some_and(|s| s.len() < description.len() + 8));
}

#[test]
fn the_menu_follows_rank_three_levels_deep() {
    let menu = menu(&categories());
    let names = |nodes: &[NavigationNode]| nodes.iter().map(|n| n.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(&menu.children), ["Clothing", "Accessories", "Home"]);
    let clothing = &menu.children[0];
    assert_eq!(names(&clothing.children), ["Tops", "Bottoms"]);
    assert_eq!(names(&clothing.children[0].children), ["T-Shirts", "Hoodies"]);
    assert_eq!(clothing.children[0].children[0].url, "/categories/clothing/tops/t-shirts");
    assert_eq!(clothing.children_count, 2);
    assert!(clothing.children[0].children[0].children.is_empty());
    let top = top_categories(&categories());
    assert_eq!(names(&top), ["Clothing", "Accessories", "Home"]);
    assert!(top.iter().all(|n| n.children.is_empty() && n.url.starts_with("/categories/")));
}

#[test]
fn menus_stop_at_three_levels_and_ties_keep_list_order() {
    let category = |id: &str, rank: Option<f64>, children: Vec<MedusaCategory>| MedusaCategory {
        id: id.into(),
        name: Some(id.into()),
        handle: Some(id.into()),
        rank,
        category_children: children,
        ..MedusaCategory::default()
    };
    let deep = category(
        "a",
        Some(0.0),
        vec![category("b", None, vec![category("c", None, vec![category("d", None, vec![])])])],
    );
    let tree = vec![category("z", None, vec![]), deep, category("y", Some(0.0), vec![])];
    let menu = menu(&tree);
    assert_eq!(menu.children.iter().map(|n| n.id.as_str()).collect::<Vec<_>>(), ["a", "y", "z"]);
    let c = &menu.children[0].children[0].children[0];
    assert_eq!((c.url.as_str(), c.children.len()), ("/categories/a/b/c", 0));
    assert!(find_category(&tree, &["a", "b", "c", "d"]).is_some(), "deeper categories still resolve");
}

#[test]
fn urls_name_products_and_category_paths() {
    for (url, handle) in [
        ("/products/medusa-hoodie", Some("medusa-hoodie")),
        ("/products/", None),
        ("/products/a/b", None),
        ("/product/medusa-hoodie", None),
        ("/medusa-hoodie", None),
    ] {
        assert_eq!(product_handle(url), handle, "{url}");
    }
    for (url, handles) in [
        ("/categories/clothing", Some(vec!["clothing"])),
        ("/categories/clothing/tops/t-shirts", Some(vec!["clothing", "tops", "t-shirts"])),
        ("/categories/", None),
        ("/categories/clothing/", None),
        ("/categories", None),
        ("/collections/clothing", None),
    ] {
        assert_eq!(category_handles(url), handles, "{url}");
    }
}

#[test]
fn a_category_path_must_follow_the_tree() {
    let tree = categories();
    let path = find_category(&tree, &["clothing", "tops", "hoodies"]).expect("found");
    let page = category(&path);
    assert_eq!((page.id.as_str(), page.url.as_str()), ("pcat_01HOODIES", "/categories/clothing/tops/hoodies"));
    let crumbs: Vec<(&str, i32, &str)> =
        page.breadcrumbs.iter().map(|b| (b.name.as_str(), b.level, b.url.as_str())).collect();
    assert_eq!(crumbs, [("Clothing", 1, "/categories/clothing"), ("Tops", 2, "/categories/clothing/tops")]);
    assert_eq!(page.description.as_deref(), Some("<p>Warm layers.</p>"));
    let tops = category(&find_category(&tree, &["clothing", "tops"]).expect("tops"));
    assert_eq!(
        tops.children.iter().map(|c| c.url.as_str()).collect::<Vec<_>>(),
        ["/categories/clothing/tops/t-shirts", "/categories/clothing/tops/hoodies"]
    );
    for wrong in [&["tops"][..], &["clothing", "hoodies"], &["accessories", "tops"], &["clothing", "tops", "nope"]] {
        assert!(find_category(&tree, wrong).is_none(), "{wrong:?}");
    }
    let mut ids = subtree_ids(path[0]);
    ids.sort_unstable();
    let expected =
        ["BOTTOMS", "CLOTHING", "HOODIES", "SHORTS", "TOPS", "TROUSERS", "TSHIRTS"].map(|c| format!("pcat_01{c}"));
    assert_eq!(ids, expected, "clothing and its six descendants");
}

#[test]
fn pages_order_by_title_or_the_stores_own_order() {
    for (page, sort, query) in [
        (1, ProductSort::Position, "&limit=24&offset=0"),
        (2, ProductSort::Name, "&limit=24&offset=24&order=title"),
        (3, ProductSort::PriceAsc, "&limit=24&offset=48"),
        (1, ProductSort::PriceDesc, "&limit=24&offset=0"),
    ] {
        assert_eq!(page_query(page, sort), query, "{page} {sort:?}");
    }
    let list = ProductList { products: products(), count: 30 };
    let page = product_page(&list, 2);
    assert_eq!((page.total_count, page.page, page.page_size, page.products.len()), (30, 2, 24, 6));
    assert_eq!(page.sorts, listing::offered(&[ProductSort::Position, ProductSort::Name]));
}

#[test]
fn a_product_in_sizes_offers_each_at_its_own_price_and_stock() {
    let one: super::super::models::ProductOne =
        serde_json::from_str(include_str!("../testdata/product_with_sizes.json")).expect("product_with_sizes.json");
    let p = product(&one.product);
    let options: Vec<(&str, Vec<&str>)> =
        p.options.iter().map(|o| (o.name.as_str(), o.values.iter().map(String::as_str).collect())).collect();
    assert_eq!(options, [("Size", vec!["S", "M", "L", "XL"])]);
    // (id, sku, size, listed price, discount %, in stock): S and M are in the winter sale.
    type Row<'a> = (&'a str, Option<&'a str>, Vec<&'a str>, Option<i64>, Option<f64>, Option<bool>);
    let variants: Vec<Row> = p
        .variants
        .iter()
        .map(|v| {
            let selected = v.selected.iter().map(|s| s.value.as_str()).collect();
            (v.id.as_str(), v.sku.as_deref(), selected, v.price, v.discount.map(|d| d.percent), v.in_stock)
        })
        .collect();
    assert_eq!(
        variants,
        [
            ("variant_01JE3Z8QA0SWEAT", Some("SWEATSHIRT-S"), vec!["S"], Some(1000), Some(20.0), Some(true)),
            ("variant_01JE3Z8QA1SWEAT", Some("SWEATSHIRT-M"), vec!["M"], Some(1000), Some(20.0), Some(true)),
            ("variant_01JE3Z8QA2SWEAT", Some("SWEATSHIRT-L"), vec!["L"], Some(1000), None, Some(true)),
            ("variant_01JE3Z8QA3SWEAT", Some("SWEATSHIRT-XL"), vec!["XL"], Some(1000), None, Some(false)),
        ]
    );
    assert!(p.variants.iter().all(|v| v.selected.iter().all(|s| s.name == "Size")));
    // The product's own price stays its cheapest variant's (issue 13).
    assert_eq!((p.price, p.discount.map(|d| d.amount)), (Some(1000), Some(200)));
}

#[test]
fn medusas_default_option_is_no_choice() {
    let p: MedusaProduct = serde_json::from_value(serde_json::json!({
        "id": "prod_1",
        "options": [{"id": "opt_1", "title": "Default option", "values": [{"value": "Default option value", "option_id": "opt_1"}]}],
        "variants": [{"id": "variant_1", "options": [{"value": "Default option value", "option_id": "opt_1"}]}]
    }))
    .expect("parses");
    let p = product(&p);
    assert!(p.options.is_empty());
    assert_eq!(p.variants.iter().map(|v| (v.id.as_str(), v.selected.len())).collect::<Vec<_>>(), [("variant_1", 0)]);
}
