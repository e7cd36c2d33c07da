//! What a page's head reads from its answers: the first product's image, preloaded
//! (`shell::head_tags`) in the very box `ProductImage` gives it.

use serde::Deserialize;

/// The boxes, in CSS pixels, of a product page's image and a card's (`ProductView`,
/// `ProductCard`).
pub(crate) const PRODUCT_IMAGE: u32 = 560;
pub(crate) const CARD_IMAGE: u32 = 240;

#[derive(Deserialize)]
struct Thumbnail {
    url: String,
}

/// A product as an answer lists it (the field the head reads).
#[derive(Deserialize)]
pub(crate) struct Card {
    thumbnail: Option<Thumbnail>,
}

impl Card {
    /// The backend's url of the card's image, if it has one.
    pub(crate) fn image_url(&self) -> Option<String> {
        self.thumbnail.as_ref().map(|t| t.url.clone()).filter(|u| !u.is_empty())
    }
}

/// A page of products as `/api/search` answers it.
#[derive(Deserialize)]
pub(crate) struct Products {
    pub(crate) products: Vec<Card>,
}
