//! The generated sample data (the spec's "Mock"): 35 products with ids 1001–1035, a
//! navigation tree 3 deep whose categories hold those products ([`categories`]), a few
//! content pages ([`pages`], written out) and filler collections. Seeded, so every run is
//! identical.

pub mod categories;
mod navigation;
mod pages;
mod products;
mod variants;
mod words;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

pub use navigation::navigation_tree;
pub use pages::pages;
pub use products::{PRODUCT_COUNT, products};

/// The collections of a fresh database, in name order.
#[must_use]
pub fn initial_collections(image_base: &str) -> Vec<(String, Vec<Value>)> {
    let products = products(image_base);
    let tree = navigation_tree();
    let product_ids: Vec<String> = products.iter().map(|p| p.id.clone()).collect();
    let assignment = categories::assign(&tree, &product_ids);
    let tree = categories::with_counts(tree, &assignment);
    vec![
        ("airlines".to_owned(), airlines()),
        ("airplanes".to_owned(), airplanes()),
        ("airports".to_owned(), airports()),
        ("categories".to_owned(), categories::items(&tree, &assignment)),
        ("names".to_owned(), names()),
        ("navigation".to_owned(), vec![json!(tree)]),
        ("pages".to_owned(), pages().into_iter().map(|p| json!(p)).collect()),
        ("products".to_owned(), products.into_iter().map(|p| json!(p)).collect()),
    ]
}

/// One generator per data kind, each with its own seed, so adding a field to one kind
/// does not reshuffle another.
pub(crate) fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn numbered<T>(items: &[T], f: impl Fn(&T) -> Value) -> Vec<Value> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let mut v = f(item);
            v["id"] = json!(i + 1);
            v
        })
        .collect()
}

fn airlines() -> Vec<Value> {
    numbered(words::AIRLINES, |(name, code)| json!({ "name": name, "code": code }))
}

fn airports() -> Vec<Value> {
    numbered(words::AIRPORTS, |(name, code)| json!({ "name": name, "code": code }))
}

fn airplanes() -> Vec<Value> {
    numbered(words::AIRPLANES, |model| json!({ "model": model }))
}

fn names() -> Vec<Value> {
    numbered(words::FIRST_NAMES, |name| json!({ "name": name }))
}
