//! Variants: the sellable forms of a product. A backend that sells a product as
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
