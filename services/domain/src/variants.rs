//! Variants (issue 22): the sellable forms of a product. A backend that sells a product as
//! it is (the fake store, a simple product) gives it one variant, made here from the
//! product's own fields so that every backend makes it alike. Pure.

use crate::model::{Product, Variant};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Discount;

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
