//! The generated sample data (the spec's "Mock"): 35 products with ids 1001–1035, a
//! navigation tree 3 deep whose categories hold those products ([`categories`]), a few
//! content pages ([`pages`], written out) and filler collections. Seeded, so every run is
//! identical. A benchmark may ask for more products: then the tree is [`scaled`]'s, grown
//! with the catalogue.

pub mod categories;
mod navigation;
mod pages;
mod products;
pub mod scaled;
mod variants;
mod words;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use categories::Assignment;
pub use navigation::navigation_tree;
pub use pages::pages;
pub use products::{PRODUCT_COUNT, ids as product_ids, products};

/// The collections of a fresh database of `product_count` products (the spec's 35 at
/// least), in name order; `max_breadth` shapes a benchmark's tree ([`scaled`]).
#[must_use]
pub fn initial_collections(image_base: &str, product_count: u32, max_breadth: u32) -> Vec<(String, Vec<Value>)> {
    let product_count = product_count.max(PRODUCT_COUNT);
    let product_ids = products::ids(product_count);
    let (tree, assignment) = catalogue_tree(product_count, max_breadth, &product_ids);
    // One product at a time, so the catalogue is never held both as products and as JSON.
    let products: Vec<Value> = products(image_base, product_count).map(|p| json!(p)).collect();
    vec![
        ("airlines".to_owned(), airlines()),
        ("airplanes".to_owned(), airplanes()),
        ("airports".to_owned(), airports()),
        ("categories".to_owned(), categories::items(&tree, &assignment)),
        ("names".to_owned(), names()),
        ("navigation".to_owned(), vec![json!(tree)]),
        ("pages".to_owned(), pages().into_iter().map(|p| json!(p)).collect()),
        ("products".to_owned(), products),
    ]
}

/// The navigation tree of `product_count` products, with each node's count, and which
/// products each category holds: the spec's seeded tree for its 35, else [`scaled`]'s
/// with at most `max_breadth` children a node.
#[must_use]
pub fn catalogue_tree(
    product_count: u32,
    max_breadth: u32,
    product_ids: &[String],
) -> (vitrine_proto::v1::NavigationNode, Assignment) {
    let spec = product_count <= PRODUCT_COUNT;
    let tree = if spec { navigation_tree() } else { scaled::tree(product_count, max_breadth) };
    let assignment = categories::assign(&tree, product_ids);
    let (tree, assignment) = if spec { (tree, assignment) } else { scaled::with_large(tree, assignment, product_ids) };
    (categories::with_counts(tree, &assignment), assignment)
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
