//! The demo shop's catalogue, made from the same files as the real server's seed
//! (`fixtures/vendure/`: `shop.json`, Vendure's initial data as `populate` takes it, and
//! `products.csv` in Vendure's import format), with the ids Vendure's import gives: in
//! file order from 1, an asset once per file name, the root collection 1. The answers are
//! built by [`super::answers`]; this module only reads the files.

use serde_json::Value;

/// The shop's data, shared with the real server's seed (`deploy/vendure/seed.js`).
pub const SHOP: &str = include_str!("../../fixtures/vendure/shop.json");
/// The products, in Vendure's CSV import format.
pub const PRODUCTS: &str = include_str!("../../fixtures/vendure/products.csv");

/// The root collection every top-level collection hangs from (Vendure's `__root_collection__`).
pub const ROOT_COLLECTION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductOption {
    pub id: u32,
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionGroup {
    pub id: u32,
    pub code: String,
    pub name: String,
    pub options: Vec<ProductOption>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    pub id: u32,
    pub sku: String,
    pub name: String,
    /// Without tax, in minor units.
    pub price: i64,
    /// What is on hand; `None` when stock is not tracked.
    pub stock: Option<u32>,
    /// Option ids, one per group, in the product's group order.
    pub options: Vec<u32>,
    pub asset: Option<u32>,
    /// The index of its product in [`Catalogue::products`].
    pub product: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    pub id: u32,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub enabled: bool,
    /// `facet:value`, the product's and its variants'.
    pub facets: Vec<String>,
    pub assets: Vec<u32>,
    pub groups: Vec<OptionGroup>,
    /// Indexes into [`Catalogue::variants`].
    pub variants: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Collection {
    pub id: u32,
    pub name: String,
    pub slug: String,
    /// The parent's index in [`Catalogue::collections`]; `None` under the root.
    pub parent: Option<usize>,
    /// From 1 within its parent.
    pub position: u32,
    /// `facet:value` names a product must carry (with every ancestor's).
    pub filters: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub id: u32,
    pub code: String,
    pub name: String,
    /// Shipping's price in minor units (0 for the others).
    pub price: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalogue {
    pub products: Vec<Product>,
    pub variants: Vec<Variant>,
    /// Asset file names; an asset's id is its index plus one.
    pub assets: Vec<String>,
    pub collections: Vec<Collection>,
    /// `(code, name)`, enabled ones only.
    pub countries: Vec<(String, String)>,
    /// The channel's one tax rate, in percent (its prices exclude tax).
    pub tax_percent: i64,
    pub shipping: Vec<Named>,
    pub payments: Vec<Named>,
}

/// Vendure's `normalizeString(s, '-')` for the codes it makes: lower case, spaces to `-`.
#[must_use]
pub fn code(s: &str) -> String {
    s.trim().to_lowercase().split_whitespace().collect::<Vec<_>>().join("-")
}

/// `15.00` → 1500: a price as the CSV writes it (major units) in minor units, as
/// Vendure's import stores it. `None` for anything but digits with at most two decimals.
#[must_use]
pub fn minor_units(price: &str) -> Option<i64> {
    let (whole, fraction) = price.trim().split_once('.').unwrap_or((price.trim(), ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || fraction.len() > 2 || !(fraction.is_empty() || digits(fraction)) {
        return None;
    }
    let cents = format!("{fraction:0<2}").parse::<i64>().ok()?;
    whole.parse::<i64>().ok()?.checked_mul(100)?.checked_add(cents)
}

fn list(value: &str) -> Vec<String> {
    value.split('|').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect()
}

fn text(value: &Value, key: &str) -> String {
    value[key].as_str().unwrap_or_default().to_owned()
}

/// Reads `shop.json` and `products.csv` as the seed imports them.
///
/// # Errors
/// A file that does not parse, or a row that does not say what it must, named.
pub fn load(shop: &str, products: &str) -> Result<Catalogue, String> {
    let shop: Value = serde_json::from_str(shop).map_err(|e| format!("shop.json: {e}"))?;
    let data = &shop["initialData"];
    let disabled: Vec<String> = shop["disabledProducts"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default();
    let mut catalogue = Catalogue {
        products: Vec::new(),
        variants: Vec::new(),
        assets: Vec::new(),
        collections: Vec::new(),
        countries: data["countries"]
            .as_array()
            .map(|c| c.iter().map(|c| (text(c, "code"), text(c, "name"))).collect())
            .unwrap_or_default(),
        tax_percent: data["taxRates"][0]["percentage"].as_i64().unwrap_or_default(),
        shipping: named(&data["shippingMethods"], |m| m["price"].as_i64().unwrap_or_default()),
        payments: named(&data["paymentMethods"], |_| 0),
    };
    for entry in data["collections"].as_array().into_iter().flatten() {
        let parent_name = entry["parentName"].as_str();
        let parent = match parent_name {
            Some(name) => Some(
                catalogue
                    .collections
                    .iter()
                    .position(|c| c.name == name)
                    .ok_or_else(|| format!("collection {}: no earlier parent {name}", text(entry, "name")))?,
            ),
            None => None,
        };
        let position = u32::try_from(catalogue.collections.iter().filter(|c| c.parent == parent).count() + 1)
            .map_err(|e| e.to_string())?;
        let filters = entry["filters"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|f| f["args"]["facetValueNames"].as_array().cloned().unwrap_or_default())
            .filter_map(|n| n.as_str().map(str::to_owned))
            .collect();
        let name = text(entry, "name");
        let slug = entry["slug"].as_str().map_or_else(|| code(&name), str::to_owned);
        let id = ROOT_COLLECTION + u32::try_from(catalogue.collections.len() + 1).map_err(|e| e.to_string())?;
        catalogue.collections.push(Collection { id, name, slug, parent, position, filters });
    }
    read_products(&mut catalogue, products, &disabled)?;
    Ok(catalogue)
}

fn named(list: &Value, price: impl Fn(&Value) -> i64) -> Vec<Named> {
    list.as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, m)| Named {
            id: u32::try_from(i + 1).unwrap_or(u32::MAX),
            code: code(&text(m, "name")),
            name: text(m, "name"),
            price: price(m),
        })
        .collect()
}

impl Catalogue {
    /// The asset's id for a file name, added the first time it is named.
    fn asset(&mut self, file: &str) -> u32 {
        let index = self.assets.iter().position(|a| a == file).unwrap_or_else(|| {
            self.assets.push(file.to_owned());
            self.assets.len() - 1
        });
        u32::try_from(index + 1).unwrap_or(u32::MAX)
    }

    fn next_option_id(&self) -> u32 {
        let count: usize = self.products.iter().flat_map(|p| &p.groups).map(|g| g.options.len()).sum();
        u32::try_from(count + 1).unwrap_or(u32::MAX)
    }

    /// Numbers the last product's options group by group, as Vendure's import does (its
    /// rows name them variant by variant), and its variants' options with them.
    fn number_options(&mut self) {
        let Some((product, earlier)) = self.products.split_last_mut() else { return };
        let first = earlier.iter().flat_map(|p| &p.groups).map(|g| g.options.len()).sum::<usize>();
        let mut renumbered = std::collections::HashMap::new();
        let mut next = u32::try_from(first).unwrap_or(u32::MAX);
        for option in product.groups.iter_mut().flat_map(|g| &mut g.options) {
            next += 1;
            renumbered.insert(option.id, next);
            option.id = next;
        }
        for v in &product.variants {
            for id in &mut self.variants[*v].options {
                *id = renumbered.get(id).copied().unwrap_or(*id);
            }
        }
    }
}

fn read_products(catalogue: &mut Catalogue, csv: &str, disabled: &[String]) -> Result<(), String> {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let headers = reader.headers().map_err(|e| e.to_string())?.clone();
    let column = |name: &str| headers.iter().position(|h| h == name).ok_or(format!("products.csv: no column {name}"));
    let [name, slug, description, assets, facets, groups, values, sku, price, stock, tracked, variant_assets] = [
        "name",
        "slug",
        "description",
        "assets",
        "facets",
        "optionGroups",
        "optionValues",
        "sku",
        "price",
        "stockOnHand",
        "trackInventory",
        "variantAssets",
    ]
    .map(column);
    let (name, slug, description, assets, facets, groups, values, sku, price, stock, tracked, variant_assets) = (
        name?,
        slug?,
        description?,
        assets?,
        facets?,
        groups?,
        values?,
        sku?,
        price?,
        stock?,
        tracked?,
        variant_assets?,
    );
    for (line, row) in reader.records().enumerate() {
        let row = row.map_err(|e| format!("products.csv: {e}"))?;
        let cell = |i: usize| row.get(i).unwrap_or_default().trim();
        let row_name = format!("products.csv row {}", line + 2);
        if !cell(name).is_empty() {
            catalogue.number_options();
            let product_name = cell(name).to_owned();
            let product_slug = if cell(slug).is_empty() { code(&product_name) } else { cell(slug).to_owned() };
            let asset_ids = list(cell(assets)).iter().map(|a| catalogue.asset(a)).collect();
            let group_names = list(cell(groups));
            let first_group = u32::try_from(catalogue.products.iter().map(|p| p.groups.len()).sum::<usize>() + 1)
                .map_err(|e| e.to_string())?;
            let groups = (0u32..)
                .zip(&group_names)
                .map(|(i, g)| OptionGroup {
                    id: first_group + i,
                    code: code(&format!("{product_name}-{g}")),
                    name: g.clone(),
                    options: Vec::new(),
                })
                .collect();
            catalogue.products.push(Product {
                id: u32::try_from(catalogue.products.len() + 1).map_err(|e| e.to_string())?,
                enabled: !disabled.contains(&product_slug),
                name: product_name,
                slug: product_slug,
                description: cell(description).to_owned(),
                facets: list(cell(facets)),
                assets: asset_ids,
                groups,
                variants: Vec::new(),
            });
        }
        let product_index =
            catalogue.products.len().checked_sub(1).ok_or(format!("{row_name}: a variant before any product"))?;
        let option_values = list(cell(values));
        let mut option_ids = Vec::new();
        for (group, value) in option_values.iter().enumerate() {
            let next = catalogue.next_option_id();
            let product = &mut catalogue.products[product_index];
            let group = product.groups.get_mut(group).ok_or(format!("{row_name}: more option values than groups"))?;
            let id = match group.options.iter().find(|o| &o.name == value) {
                Some(option) => option.id,
                None => {
                    group.options.push(ProductOption { id: next, code: code(value), name: value.clone() });
                    next
                }
            };
            option_ids.push(id);
        }
        let product = &catalogue.products[product_index];
        if option_ids.len() != product.groups.len() {
            return Err(format!("{row_name}: {} option values for {} groups", option_ids.len(), product.groups.len()));
        }
        let variant_name = std::iter::once(product.name.as_str()).chain(option_values.iter().map(String::as_str));
        let variant_name = variant_name.collect::<Vec<_>>().join(" ");
        let asset = list(cell(variant_assets)).first().map(|a| catalogue.asset(a));
        let on_hand = cell(stock).parse::<u32>().unwrap_or_default();
        let variant = Variant {
            id: u32::try_from(catalogue.variants.len() + 1).map_err(|e| e.to_string())?,
            sku: cell(sku).to_owned(),
            name: variant_name,
            price: minor_units(cell(price)).ok_or(format!("{row_name}: price {:?}", cell(price)))?,
            stock: (cell(tracked) != "false").then_some(on_hand),
            options: option_ids,
            asset,
            product: product_index,
        };
        catalogue.products[product_index].variants.push(catalogue.variants.len());
        catalogue.variants.push(variant);
    }
    catalogue.number_options();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_in_major_units_become_minor_units() {
        for (text, expected) in [
            ("15.00", Some(1500)),
            ("15", Some(1500)),
            ("15.5", Some(1550)),
            ("0.07", Some(7)),
            ("15.001", None),
            ("-1.00", None),
            ("1e3", None),
            ("", None),
            (".50", None),
            ("99999999999999999999", None),
        ] {
            assert_eq!(minor_units(text), expected, "{text:?}");
        }
    }

    #[test]
    fn codes_are_lower_case_with_dashes() {
        assert_eq!(code("Vitrine Tee-Size"), "vitrine-tee-size");
        assert_eq!(code(" Standard  Shipping "), "standard-shipping");
    }

    #[test]
    fn the_seed_s_files_make_the_shop_the_real_server_holds() {
        let c = load(SHOP, PRODUCTS).expect("the fixture");
        let names: Vec<_> = c.products.iter().map(|p| (p.id, p.slug.as_str(), p.enabled)).collect();
        assert_eq!(names[0], (1, "vitrine-tee", true));
        assert_eq!(names.last(), Some(&(9, "vitrine-draft", false)));
        let tee = &c.products[0];
        let groups: Vec<_> = tee.groups.iter().map(|g| (g.id, g.code.as_str(), g.options.len())).collect();
        assert_eq!(groups, [(1, "vitrine-tee-size", 3), (2, "vitrine-tee-color", 2)]);
        assert_eq!(tee.groups[1].options[0], ProductOption { id: 4, code: "black".into(), name: "Black".into() });
        let white_l = &c.variants[5];
        assert_eq!(
            (white_l.id, white_l.sku.as_str(), white_l.name.as_str()),
            (6, "TEE-L-WHITE", "Vitrine Tee L White")
        );
        assert_eq!(
            (white_l.price, white_l.stock, white_l.options.as_slice(), white_l.asset),
            (1500, Some(0), &[3, 5][..], Some(2))
        );
        let hoodie = &c.products[1];
        assert_eq!(hoodie.groups[0].id, 3);
        assert_eq!(c.variants[hoodie.variants[0]].asset, None);
        let cap = c.products.iter().find(|p| p.slug == "vitrine-cap").expect("the fixture");
        assert_eq!(c.variants[cap.variants[0]].stock, None);
        assert_eq!(c.variants[cap.variants[0]].name, "Vitrine Cap");
        let collections: Vec<_> = c.collections.iter().map(|k| (k.id, k.slug.as_str(), k.parent, k.position)).collect();
        assert_eq!(
            collections,
            [
                (2, "clothing", None, 1),
                (3, "tops", Some(0), 1),
                (4, "t-shirts", Some(1), 1),
                (5, "accessories", None, 2)
            ]
        );
        assert_eq!(c.collections[2].filters, ["type:T-Shirts"]);
        assert_eq!(c.assets[3], "ember.png");
        assert_eq!((c.tax_percent, c.countries.len()), (10, 2));
        assert_eq!((c.shipping[0].code.as_str(), c.shipping[0].price), ("standard-shipping", 1000));
        assert_eq!(c.payments[0].code, "test-payment");
    }

    #[test]
    fn a_file_that_says_too_little_is_named() {
        let header = "name,slug,description,assets,facets,optionGroups,optionValues,sku,price,taxCategory,stockOnHand,trackInventory,variantAssets,variantFacets\n";
        let cases = [
            (format!("{header},,,,,,,X,1.00,standard,1,true,,\n"), "a variant before any product"),
            (format!("{header}A,a,,,,Size,S|M,A-S,1.00,standard,1,true,,\n"), "more option values than groups"),
            (format!("{header}A,a,,,,Size|Color,S,A-S,1.00,standard,1,true,,\n"), "1 option values for 2 groups"),
            (format!("{header}A,a,,,,,,A,cheap,standard,1,true,,\n"), "price \"cheap\""),
            ("name\nA\n".to_owned(), "no column slug"),
        ];
        for (csv, expected) in cases {
            let error = load(SHOP, &csv).expect_err("a refusal");
            assert!(error.contains(expected), "{error} should say {expected}");
        }
    }
}
