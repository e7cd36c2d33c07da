//! The catalogue's answers in the Shop API's shapes, as Vendure 3.7 gives them (captured
//! from the real server the tests run): products with their option groups and variants,
//! collections with breadcrumbs from the root, search results grouped by product with
//! price ranges, assets at `{base}/assets/…`. The stock a variant can still sell is the
//! caller's ([`Saleable`]), since orders change it.

use serde_json::{Value, json};

use super::catalogue::{Catalogue, Collection, Product, ROOT_COLLECTION, Variant};

/// The channel's currency (Vendure's default channel).
pub const CURRENCY: &str = "USD";
/// At or below this many saleable, a variant is `LOW_STOCK` (Vendure's default display strategy).
const LOW_STOCK: i64 = 2;

/// What a variant can still sell: its stock less what placed orders hold; `None` when
/// stock is not tracked.
pub type Saleable<'a> = &'a dyn Fn(&Variant) -> Option<i64>;

/// `price` with the channel's tax, rounded as Vendure rounds a unit price.
#[must_use]
pub fn with_tax(price: i64, percent: i64) -> i64 {
    (price * (100 + percent) + 50).div_euclid(100)
}

/// An asset by its id, as the Shop API answers one.
#[must_use]
pub fn asset(catalogue: &Catalogue, base: &str, id: u32) -> Value {
    let Some(file) = usize::try_from(id).ok().and_then(|i| catalogue.assets.get(i.checked_sub(1)?)) else {
        return Value::Null;
    };
    let stem = file.rsplit_once('.').map_or(file.as_str(), |(stem, _)| stem);
    json!({
        "__typename": "Asset", "id": id.to_string(), "name": file, "type": "IMAGE", "width": 800, "height": 800,
        "source": format!("{base}/assets/{file}"), "preview": format!("{base}/assets/{stem}__preview.png"),
    })
}

fn stock_level(saleable: Option<i64>) -> &'static str {
    match saleable {
        Some(n) if n < 1 => "OUT_OF_STOCK",
        Some(n) if n <= LOW_STOCK => "LOW_STOCK",
        _ => "IN_STOCK",
    }
}

/// A variant with its options and product, as a product's `variants` and an order line's
/// `productVariant` answer it.
#[must_use]
pub fn variant(catalogue: &Catalogue, base: &str, v: &Variant, saleable: Saleable<'_>) -> Value {
    let product = &catalogue.products[v.product];
    let options: Vec<Value> = product
        .groups
        .iter()
        .flat_map(|g| g.options.iter().map(move |o| (g, o)))
        .filter(|(_, o)| v.options.contains(&o.id))
        .map(|(g, o)| {
            json!({
                "id": o.id.to_string(), "code": o.code, "name": o.name, "groupId": g.id.to_string(),
                "group": { "id": g.id.to_string(), "code": g.code, "name": g.name },
            })
        })
        .collect();
    json!({
        "__typename": "ProductVariant", "id": v.id.to_string(), "sku": v.sku, "name": v.name,
        "price": v.price, "priceWithTax": with_tax(v.price, catalogue.tax_percent), "currencyCode": CURRENCY,
        "stockLevel": stock_level(saleable(v)),
        "featuredAsset": v.asset.map_or(Value::Null, |a| asset(catalogue, base, a)),
        "options": options,
        "product": { "id": product.id.to_string(), "name": product.name, "slug": product.slug },
    })
}

/// A product as `product(slug:)` answers it (enabled variants only: all of them here).
#[must_use]
pub fn product(catalogue: &Catalogue, base: &str, p: &Product, saleable: Saleable<'_>) -> Value {
    let groups: Vec<Value> = p
        .groups
        .iter()
        .map(|g| {
            let options: Vec<Value> = g
                .options
                .iter()
                .map(|o| json!({ "id": o.id.to_string(), "code": o.code, "name": o.name, "groupId": g.id.to_string() }))
                .collect();
            json!({ "id": g.id.to_string(), "code": g.code, "name": g.name, "options": options })
        })
        .collect();
    let assets: Vec<Value> = p.assets.iter().map(|a| asset(catalogue, base, *a)).collect();
    json!({
        "__typename": "Product", "id": p.id.to_string(), "name": p.name, "slug": p.slug,
        "description": p.description, "enabled": p.enabled,
        "featuredAsset": assets.first().cloned().unwrap_or(Value::Null),
        "assets": assets,
        "optionGroups": groups,
        "variants": p.variants.iter().map(|v| variant(catalogue, base, &catalogue.variants[*v], saleable)).collect::<Vec<_>>(),
    })
}

/// Whether `p` belongs in the collection at `index`: it carries the facets of the
/// collection's filters and of every ancestor's.
#[must_use]
pub fn in_collection(catalogue: &Catalogue, index: usize, p: &Product) -> bool {
    let mut at = Some(index);
    while let Some(i) = at {
        let c = &catalogue.collections[i];
        if !c.filters.iter().all(|f| p.facets.contains(f)) {
            return false;
        }
        at = c.parent;
    }
    true
}

fn parent_id(catalogue: &Catalogue, c: &Collection) -> String {
    c.parent.map_or(ROOT_COLLECTION, |p| catalogue.collections[p].id).to_string()
}

/// A collection, with its breadcrumbs (from the root collection, ending with itself) and
/// its children in position order.
#[must_use]
pub fn collection(catalogue: &Catalogue, index: usize) -> Value {
    let c = &catalogue.collections[index];
    let mut chain = vec![index];
    while let Some(parent) = catalogue.collections[*chain.last().unwrap_or(&index)].parent {
        chain.push(parent);
    }
    let root =
        json!({ "id": ROOT_COLLECTION.to_string(), "name": "__root_collection__", "slug": "__root_collection__" });
    let breadcrumbs = std::iter::once(root).chain(chain.iter().rev().map(|i| {
        let b = &catalogue.collections[*i];
        json!({ "id": b.id.to_string(), "name": b.name, "slug": b.slug })
    }));
    let children: Vec<Value> = catalogue
        .collections
        .iter()
        .filter(|k| k.parent == Some(index))
        .map(|k| json!({ "id": k.id.to_string(), "name": k.name, "slug": k.slug, "position": k.position }))
        .collect();
    json!({
        "__typename": "Collection", "id": c.id.to_string(), "name": c.name, "slug": c.slug, "description": "",
        "position": c.position, "parentId": parent_id(catalogue, c),
        "breadcrumbs": breadcrumbs.collect::<Vec<_>>(), "children": children, "featuredAsset": null,
    })
}

fn range(min: i64, max: i64) -> Value {
    json!({ "__typename": "PriceRange", "min": min, "max": max })
}

/// One search result grouped by product: its price range over its variants, in stock
/// when any variant can be sold.
#[must_use]
pub fn search_item(catalogue: &Catalogue, base: &str, p: &Product, saleable: Saleable<'_>, score: f64) -> Value {
    let variants: Vec<&Variant> = p.variants.iter().map(|v| &catalogue.variants[*v]).collect();
    let prices = variants.iter().map(|v| v.price);
    let (min, max) = (prices.clone().min().unwrap_or_default(), prices.max().unwrap_or_default());
    let tax = catalogue.tax_percent;
    let first = variants.first();
    json!({
        "__typename": "SearchResult", "productId": p.id.to_string(), "productName": p.name, "slug": p.slug,
        "description": p.description, "sku": first.map(|v| v.sku.clone()),
        "productVariantId": first.map(|v| v.id.to_string()), "productVariantName": first.map(|v| v.name.clone()),
        "currencyCode": CURRENCY, "inStock": variants.iter().any(|v| saleable(v).is_none_or(|n| n > 0)),
        "productAsset": p.assets.first().map_or(Value::Null, |a| asset(catalogue, base, *a)),
        "price": range(min, max), "priceWithTax": range(with_tax(min, tax), with_tax(max, tax)),
        "collectionIds": catalogue.collections.iter().enumerate()
            .filter(|(i, _)| in_collection(catalogue, *i, p)).map(|(_, c)| c.id.to_string()).collect::<Vec<_>>(),
        "facetValueIds": [], "score": score,
    })
}

#[cfg(test)]
mod tests {
    use super::super::catalogue::{PRODUCTS, SHOP, load};
    use super::*;

    #[test]
    fn prices_with_tax_round_as_vendure_does() {
        for (price, percent, expected) in
            [(1500, 10, 1650), (1995, 10, 2195), (1994, 10, 2193), (0, 10, 0), (1000, 0, 1000)]
        {
            assert_eq!(with_tax(price, percent), expected, "{price} at {percent}%");
        }
    }

    #[test]
    fn stock_levels_follow_what_can_be_sold() {
        for (saleable, level) in [
            (None, "IN_STOCK"),
            (Some(0), "OUT_OF_STOCK"),
            (Some(-1), "OUT_OF_STOCK"),
            (Some(2), "LOW_STOCK"),
            (Some(3), "IN_STOCK"),
        ] {
            assert_eq!(stock_level(saleable), level, "{saleable:?}");
        }
    }

    #[test]
    fn a_collection_holds_what_it_and_its_ancestors_filter() {
        let c = load(SHOP, PRODUCTS).expect("the fixture");
        let members = |slug: &str| {
            let i = c.collections.iter().position(|k| k.slug == slug).expect("the fixture");
            c.products.iter().filter(|p| in_collection(&c, i, p)).map(|p| p.slug.as_str()).collect::<Vec<_>>()
        };
        assert_eq!(members("t-shirts").len(), 7, "six tees and the draft");
        assert!(members("tops").contains(&"vitrine-hoodie"));
        assert!(!members("t-shirts").contains(&"vitrine-hoodie"));
        assert_eq!(members("accessories"), ["vitrine-cap"]);
        let tops = collection(&c, 1);
        let crumbs: Vec<_> =
            tops["breadcrumbs"].as_array().expect("the fixture").iter().map(|b| b["slug"].clone()).collect();
        assert_eq!(crumbs, ["__root_collection__", "clothing", "tops"]);
        assert_eq!((tops["parentId"].as_str(), tops["children"][0]["slug"].as_str()), (Some("2"), Some("t-shirts")));
    }

    #[test]
    fn a_grouped_result_has_its_variants_price_range_and_stock() {
        let c = load(SHOP, PRODUCTS).expect("the fixture");
        let tee = &c.products[0];
        let none_left = |_: &Variant| Some(0);
        let item = search_item(&c, "http://shop", tee, &none_left, 0.0);
        assert_eq!((item["price"]["min"].as_i64(), item["priceWithTax"]["max"].as_i64()), (Some(1500), Some(1650)));
        assert_eq!(item["inStock"], false);
        assert_eq!(item["productAsset"]["preview"], "http://shop/assets/tee-black__preview.png");
        let untracked = |_: &Variant| None;
        assert_eq!(search_item(&c, "", tee, &untracked, 0.0)["inStock"], true);
    }
}
