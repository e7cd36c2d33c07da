//! The mock products' options and variants, decided by each product's id so
//! the seeded sequence that makes every other field is untouched:
//!
//! - id ≡ 2 (mod 3), e.g. 1001: a size (S to L) and a colour (Black, Navy, Sand), each
//!   colour with its own picture (the first colour the product's own), and one
//!   combination the shop does not make (S in Sand).
//! - id ≡ 1 (mod 3), e.g. 1003: a size, S to XL; the larger sizes cost more.
//! - the others (1002…): sold as they are, one variant.
//!
//! About one variant in five is out of stock, never the first: the product's own price,
//! discount and stock are its first variant's. Pure.

use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use vitrine_domain::money;
use vitrine_proto::v1::{Discount, Product, ProductOption, SelectedOption, Variant};

const SIZES: [&str; 4] = ["S", "M", "L", "XL"];
const COLOURS: [&str; 3] = ["Black", "Navy", "Sand"];
/// The combination of the two-option products that does not exist.
const NOT_MADE: [&str; 2] = ["S", "Sand"];

/// `product` with its options and variants.
#[must_use]
pub(super) fn with_variants(mut product: Product) -> Product {
    let id: u64 = product.id.parse().unwrap_or_default();
    let options = match id % 3 {
        1 => vec![option("Size", &SIZES)],
        2 => vec![option("Size", &SIZES[..3]), option("Color", &COLOURS)],
        _ => Vec::new(),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(0x7a71_a175 ^ id);
    let variants = if options.is_empty() {
        vec![vitrine_domain::variants::sold_as_is(&product)]
    } else {
        combinations(&options)
            .into_iter()
            .filter(|values| values.as_slice() != NOT_MADE)
            .enumerate()
            .map(|(n, values)| variant(&product, &options, &values, n == 0 || rng.random_range(0..5) != 0))
            .collect()
    };
    product.options = options;
    product.variants = variants;
    product
}

fn option(name: &str, values: &[&str]) -> ProductOption {
    ProductOption { name: name.to_owned(), values: values.iter().map(|v| (*v).to_owned()).collect() }
}

/// Every combination of the options' values, the first option's changing slowest.
fn combinations(options: &[ProductOption]) -> Vec<Vec<String>> {
    options.iter().fold(vec![Vec::new()], |done, option| {
        done.iter()
            .flat_map(|values| {
                option.values.iter().map(move |v| values.iter().cloned().chain([v.clone()]).collect::<Vec<_>>())
            })
            .collect()
    })
}

/// The variant of `values`: a size above M costs 5 % more per step (whole dollars), with
/// the product's discount; a colour shows its own picture.
fn variant(product: &Product, options: &[ProductOption], values: &[String], in_stock: bool) -> Variant {
    let base = product.price.unwrap_or_default();
    let step = SIZES.iter().position(|s| values.first() == Some(&(*s).to_owned())).unwrap_or_default();
    let extra = step.saturating_sub(1);
    let step = 1.0 + 0.05 * f64::from(u8::try_from(extra).unwrap_or_default());
    // Whole dollars, in cents; the discount leaves at least a dollar to pay.
    let price = money::rate_of(base, step / 100.0) * 100;
    let discount = product.discount.as_ref().map(|d| Discount { amount: d.amount.min(price - 100).max(0), ..*d });
    let colour = values.get(1).and_then(|c| COLOURS.iter().position(|k| k == c));
    // The first colour is the product as pictured; the others have pictures of their own.
    let image = match colour {
        Some(0) => product.thumbnail.clone(),
        Some(n) => product.images.get(n % product.images.len().max(1)).cloned(),
        None => None,
    };
    let code = values.join("-");
    Variant {
        id: format!("{}-{code}", product.id),
        sku: product.sku.as_ref().map(|sku| format!("{sku}-{code}")),
        selected: options
            .iter()
            .zip(values)
            .map(|(o, v)| SelectedOption { name: o.name.clone(), value: v.clone() })
            .collect(),
        price: Some(price),
        discount,
        in_stock: Some(in_stock),
        image,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vitrine_proto::v1::Image;

    fn product(id: &str) -> Product {
        let images = (0..3).map(|n| Image { id: format!("{id}-{n}"), url: format!("/i/{n}"), label: String::new() });
        Product {
            id: id.to_owned(),
            sku: Some(format!("MOCK-{id}")),
            price: Some(10000),
            discount: Some(Discount { amount: 1000, percent: 10.0 }),
            in_stock: Some(true),
            images: images.collect(),
            thumbnail: Some(Image { id: "t".into(), url: "/thumb".into(), label: String::new() }),
            ..Product::default()
        }
    }

    #[test]
    fn options_and_variants_follow_the_id() {
        for (id, options, ids) in [
            ("1003", vec!["Size: S M L XL"], vec!["1003-S", "1003-M", "1003-L", "1003-XL"]),
            (
                "1001",
                vec!["Size: S M L", "Color: Black Navy Sand"],
                vec![
                    "1001-S-Black",
                    "1001-S-Navy",
                    "1001-M-Black",
                    "1001-M-Navy",
                    "1001-M-Sand",
                    "1001-L-Black",
                    "1001-L-Navy",
                    "1001-L-Sand",
                ],
            ),
            ("1002", vec![], vec!["1002"]),
        ] {
            let p = with_variants(product(id));
            let named: Vec<String> = p.options.iter().map(|o| format!("{}: {}", o.name, o.values.join(" "))).collect();
            assert_eq!(named, options, "{id}");
            assert_eq!(p.variants.iter().map(|v| v.id.as_str()).collect::<Vec<_>>(), ids, "{id}");
        }
    }

    #[test]
    fn the_first_variant_is_the_product_and_larger_sizes_cost_more() {
        let p = with_variants(product("1003"));
        let first = &p.variants[0];
        assert_eq!((first.price, &first.discount, first.in_stock), (p.price, &p.discount, Some(true)));
        let prices: Vec<i64> = p.variants.iter().filter_map(|v| v.price).collect();
        assert_eq!(prices, [10000, 10000, 10500, 11000]);
        assert_eq!(p.variants[3].sku.as_deref(), Some("MOCK-1003-XL"));
        assert_eq!(
            p.variants[3].selected,
            [SelectedOption { name: "Size".into(), value: "XL".into() }],
            "what it stands for"
        );
        let coloured = with_variants(product("1001"));
        let images: Vec<_> = coloured.variants.iter().map(|v| v.image.as_ref().map(|i| i.url.as_str())).collect();
        assert_eq!(&images[..3], [Some("/thumb"), Some("/i/1"), Some("/thumb")]);
        assert_eq!(with_variants(product("1003")), p, "deterministic");
    }

    #[test]
    fn some_variants_are_out_of_stock_but_never_the_first() {
        let all: Vec<Product> = (1001..1036).map(|id| with_variants(product(&id.to_string()))).collect();
        let out = all.iter().flat_map(|p| &p.variants).filter(|v| v.in_stock == Some(false)).count();
        assert!(out > 0, "some are out of stock");
        assert!(all.iter().all(|p| p.variants[0].in_stock == Some(true)));
    }
}
