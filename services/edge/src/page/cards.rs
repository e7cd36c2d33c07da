//! What a page's head reads from its answers: the first product's image, preloaded
//! (`shell::head_tags`) in the very box `ProductImage` gives it.

use crate::dto::Product;

/// The boxes, in CSS pixels, of a product page's image and a card's (`ProductView`,
/// `ProductCard`).
pub(crate) const PRODUCT_IMAGE: u32 = 560;
pub(crate) const CARD_IMAGE: u32 = 240;

/// The backend's url of a product's image, if it has one.
pub(crate) fn image_url(product: &Product) -> Option<String> {
    product.thumbnail.as_ref().map(|t| t.url.clone()).filter(|u| !u.is_empty())
}
