//! Fake-store payloads (the spec's "Fake store source": id, title, image, price,
//! description, category).

use serde::Deserialize;

/// Ids are numbers in the public API; some clones send strings.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum FakeStoreId {
    Number(u64),
    Text(String),
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct FakeStoreProduct {
    pub id: FakeStoreId,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub image: Option<String>,
    #[serde(default)]
    pub price: Option<f64>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub category: Option<String>,
}
