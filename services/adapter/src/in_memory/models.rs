//! The mock's listing answers: `GET /api/categories/{id or url}/products` and
//! `GET /api/products/search`. Products and navigation nodes are already in the
//! normalised shape, so they decode straight into the proto messages.

use serde::Deserialize;
use vitrine_proto::v1::{NavigationNode, Product};

/// One page of a category's products or of a search.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct MockListing {
    /// The category (absent in a search answer); its `children` go one level down.
    pub category: Option<NavigationNode>,
    pub products: Vec<Product>,
    pub total_count: u32,
    pub page: u32,
    pub page_size: u32,
}
