//! Variants: the sellable forms of a product. A backend that sells a product as
//! it is (the fake store, a simple product) gives it one variant, made here from the
//! product's own fields so that every backend makes it alike. Pure.

use crate::model::{Discount, Product, Variant};

/// The one variant of a product sold as it is: its own id (what a cart adds), SKU,
/// price, discount and stock, and no options.
#[must_use]
pub fn sold_as_is(product: &Product) -> Variant {
    Variant {
        id: product.id.clone(),
        sku: product.sku.clone(),
        selected: Vec::new(),
        price: product.price,
        discount: product.discount,
        in_stock: product.in_stock,
        image: None,
    }
}

/// Rounded to cents (amounts) or hundredths of a percent.
#[must_use]
pub fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// What a shopper pays for `price` less a discount of `amount`: it counts only when it is
/// above 0 and below the price (a backend's "100% off" or negative amount is no offer);
/// rounded to cents. One rule (the SPA's `shownPrice`) for structured data's Offers and
/// the carts Vitrine or its mock prices.
#[must_use]
pub fn paid_price(price: f64, amount: Option<f64>) -> f64 {
    let amount = amount.unwrap_or(0.0);
    if amount > 0.0 && amount < price { hundredths(price - amount) } else { price }
}

/// The discount of a price marked down from `was` to `now` (a compare-at price,
/// an original amount); none unless `now` is below a positive `was`.
#[must_use]
pub fn markdown(was: f64, now: f64) -> Option<Discount> {
    (now < was && was > 0.0)
        .then(|| Discount { amount: hundredths(was - now), percent: hundredths((was - now) / was * 100.0) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_price_paid_is_as_the_spa_shows_it() {
        // The SPA's shownPrice table (frontend/src/app/listing.test.ts), its `paid` column.
        for (price, amount, paid) in [
            (100.0, None, 100.0),
            (100.0, Some(0.0), 100.0),
            (100.0, Some(25.0), 75.0),
            (18.0, Some(3.6), 14.4),
            (40.0, Some(10.0), 30.0),
            (10.0, Some(10.0), 10.0),
            (10.0, Some(-2.0), 10.0),
            (1439.0, Some(1162.0), 277.0),
        ] {
            assert_eq!(paid_price(price, amount), paid, "{price} less {amount:?}");
        }
    }

    #[test]
    fn a_markdown_is_the_amount_and_share_taken_off() {
        for (was, now, expected) in [
            (640.0, 512.0, Some(Discount { amount: 128.0, percent: 20.0 })),
            (30.0, 20.0, Some(Discount { amount: 10.0, percent: 33.33 })),
            (19.99, 9.99, Some(Discount { amount: 10.0, percent: 50.03 })),
            (20.0, 20.0, None),
            (20.0, 25.0, None),
            (0.0, -1.0, None),
        ] {
            assert_eq!(markdown(was, now), expected, "{was} → {now}");
        }
    }

    #[test]
    fn a_product_sold_as_it_is_is_its_own_variant() {
        let discount = Some(Discount { amount: 2.0, percent: 10.0 });
        for (product, expected) in [
            (
                Product {
                    id: "7".into(),
                    sku: Some("SKU-7".into()),
                    price: Some(20.0),
                    discount,
                    in_stock: Some(false),
                    ..Product::default()
                },
                Variant {
                    id: "7".into(),
                    sku: Some("SKU-7".into()),
                    price: Some(20.0),
                    discount,
                    in_stock: Some(false),
                    ..Variant::default()
                },
            ),
            (Product { id: "bare".into(), ..Product::default() }, Variant { id: "bare".into(), ..Variant::default() }),
        ] {
            assert_eq!(sold_as_is(&product), expected);
        }
    }
}
