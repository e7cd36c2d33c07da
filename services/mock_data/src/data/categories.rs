//! Which products each category of the mock tree holds. A pure function of
//! the seeded tree and product list, so it is the same on every run:
//!
//! - The stocked leaves are the tree's leaves in depth-first order, except one: the last
//!   leaf that has a sibling stays empty, so the "empty category" state exists without
//!   emptying its parent.
//! - The product at index `i` goes to stocked leaves `i mod L` and `(i + 1) mod L`
//!   (`L` stocked leaves): every product is in at least one category, and products are
//!   cross-listed as in real shops, so a department can run past one 24-product page.
//! - A parent category holds the union of its descendants' products; the root holds all.
//! - Within a category, products keep their order in the product list (the "position").

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};
use vitrine_proto::v1::NavigationNode;

/// Category id → the ids of its products, in product-list order. Every node of the tree
/// has an entry (possibly empty).
pub type Assignment = BTreeMap<String, Vec<String>>;

/// Assigns `product_ids` (in list order) to the categories of `tree`; see the module doc.
#[must_use]
pub fn assign(tree: &NavigationNode, product_ids: &[String]) -> Assignment {
    let mut leaves = Vec::new();
    collect_leaves(tree, false, &mut leaves);
    if let Some(last_with_sibling) = leaves.iter().rposition(|(_, has_sibling)| *has_sibling) {
        leaves.remove(last_with_sibling);
    }
    let mut by_leaf: BTreeMap<&str, BTreeSet<usize>> = BTreeMap::new();
    if !leaves.is_empty() {
        for i in 0..product_ids.len() {
            for slot in [i % leaves.len(), (i + 1) % leaves.len()] {
                by_leaf.entry(leaves[slot].0.id.as_str()).or_default().insert(i);
            }
        }
    }
    let mut assignment = Assignment::new();
    union(tree, &by_leaf, product_ids, &mut assignment);
    assignment
}

/// `tree` with every node's `total_products` set to its number of products.
#[must_use]
pub fn with_counts(mut tree: NavigationNode, assignment: &Assignment) -> NavigationNode {
    tree.total_products = assignment.get(&tree.id).map_or(0, |ids| i32::try_from(ids.len()).unwrap_or(i32::MAX));
    tree.children = tree.children.into_iter().map(|c| with_counts(c, assignment)).collect();
    tree
}

/// The `categories` collection: one item per node of `tree` (depth-first, root first),
/// shaped as a navigation node whose children stop one level down, plus `product_ids`.
#[must_use]
pub fn items(tree: &NavigationNode, assignment: &Assignment) -> Vec<Value> {
    let mut out = Vec::new();
    push_items(tree, assignment, &mut out);
    out
}

fn push_items(node: &NavigationNode, assignment: &Assignment, out: &mut Vec<Value>) {
    let shallow = NavigationNode {
        children: node.children.iter().map(|c| NavigationNode { children: Vec::new(), ..c.clone() }).collect(),
        ..node.clone()
    };
    let mut item = json!(shallow);
    item["product_ids"] = json!(assignment.get(&node.id).cloned().unwrap_or_default());
    out.push(item);
    for child in &node.children {
        push_items(child, assignment, out);
    }
}

fn collect_leaves<'a>(node: &'a NavigationNode, has_sibling: bool, out: &mut Vec<(&'a NavigationNode, bool)>) {
    if node.children.is_empty() {
        out.push((node, has_sibling));
    }
    for child in &node.children {
        collect_leaves(child, node.children.len() > 1, out);
    }
}

/// Fills `out` for `node` and its descendants; answers `node`'s product indexes.
fn union(
    node: &NavigationNode,
    by_leaf: &BTreeMap<&str, BTreeSet<usize>>,
    product_ids: &[String],
    out: &mut Assignment,
) -> BTreeSet<usize> {
    let mut own = by_leaf.get(node.id.as_str()).cloned().unwrap_or_default();
    for child in &node.children {
        own.extend(union(child, by_leaf, product_ids, out));
    }
    out.insert(node.id.clone(), own.iter().map(|&i| product_ids[i].clone()).collect());
    own
}

#[cfg(test)]
mod tests;
