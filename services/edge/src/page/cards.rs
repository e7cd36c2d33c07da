//! What a page's head reads from its answers: the first product's image, preloaded
//! (`shell::head_tags`) in the very box `ProductImage` gives it (the address table's,
//! `crate::spa_addresses::ImageBox`).

use crate::dto::Product;

/// The backend's url of a product's image, if it has one.
pub(crate) fn image_url(product: &Product) -> Option<String> {
    product.thumbnail.as_ref().map(|t| t.url.clone()).filter(|u| !u.is_empty())
}
