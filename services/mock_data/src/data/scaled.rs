//! The navigation tree of a catalogue larger than the spec's 35 products, for
//! benchmarks (`Config::products`). Pure, so the same count gives the same tree:
//!
//! - Three levels below the root, as the spec's menu, each node with the same number of
//!   children `b`, the smallest whose `b³` leaves hold [`PRODUCTS_PER_LEAF`] products
//!   each: one category per 4 to 8 products (more per category as the catalogue grows).
//! - Up to a bound on children a node (16 by default, [`MAX_BREADTH`]), the tree grows
//!   in breadth; past it (over 40,960 products by default) it grows a level deeper, as a
//!   large shop's catalogue is deeper than its menu. The menu is cut at the spec's depth (`GET navigation?depth=3`), so it
//!   stays about a megabyte at any size; the levels below it are reached from their
//!   parents' category pages.
//! - Names come from the word lists (departments, then materials, then product words,
//!   then again from the first), numbered once a list runs out, so siblings never share
//!   a name or a url.
//! - One more top-level category, [`LARGE_URL`], holds every [`LARGE_SHARE`]th product:
//!   the large category whose last page lies deep (146 pages at 35,000 products).
//!
//! Which products the other categories hold is `categories::assign`'s rule, as for the
//! spec's tree.

use vitrine_proto::v1::{Breadcrumb, NavigationNode};

use super::categories::Assignment;
use super::words;

/// Products per leaf category, before each is listed in two (`categories::assign`).
pub(super) const PRODUCTS_PER_LEAF: u32 = 10;
/// The most children a node has before the tree grows a level deeper, unless a
/// benchmark or a test asks for another bound (`Config::max_breadth`).
pub const MAX_BREADTH: u32 = 16;
/// The spec's menu depth: the fewest levels a scaled tree has.
const MIN_LEVELS: u32 = 3;
/// The large category holds one product in this many.
pub const LARGE_SHARE: usize = 10;
/// Where the large category is.
pub const LARGE_URL: &str = "/clearance";
const LARGE_ID: &str = "category-clearance";

/// The tree for `count` products with at most `max_breadth` children a node (2 at
/// least), without the large category (see [`with_large`]).
#[must_use]
pub fn tree(count: u32, max_breadth: u32) -> NavigationNode {
    let leaves = count.div_ceil(PRODUCTS_PER_LEAF).max(1);
    let max_breadth = max_breadth.max(2);
    let levels = (MIN_LEVELS..).find(|l| max_breadth.saturating_pow(*l) >= leaves).unwrap_or(MIN_LEVELS);
    let breadth = (1..).find(|b: &u32| b.saturating_pow(levels) >= leaves).unwrap_or(1).max(2);
    let mut next_id = 0;
    let children = level(levels, breadth, &mut next_id, "", &[]);
    NavigationNode {
        id: "root".to_owned(),
        url: "/".to_owned(),
        name: "Catalogue".to_owned(),
        children_count: count_of(&children),
        breadcrumbs: Vec::new(),
        total_products: 0,
        children,
    }
}

/// `tree` and `assignment` with the large category added last at the top level, holding
/// every [`LARGE_SHARE`]th of `product_ids` (the first among them).
#[must_use]
pub fn with_large(
    mut tree: NavigationNode,
    mut assignment: Assignment,
    product_ids: &[String],
) -> (NavigationNode, Assignment) {
    let name = "Clearance";
    tree.children.push(NavigationNode {
        id: LARGE_ID.to_owned(),
        url: LARGE_URL.to_owned(),
        name: name.to_owned(),
        total_products: 0,
        children_count: 0,
        breadcrumbs: vec![Breadcrumb {
            id: LARGE_ID.to_owned(),
            name: name.to_owned(),
            level: 1,
            url: LARGE_URL.into(),
        }],
        children: Vec::new(),
    });
    tree.children_count = count_of(&tree.children);
    assignment.insert(LARGE_ID.to_owned(), product_ids.iter().step_by(LARGE_SHARE).cloned().collect());
    (tree, assignment)
}

fn count_of(children: &[NavigationNode]) -> i32 {
    i32::try_from(children.len()).unwrap_or(i32::MAX)
}

/// The `k`th name of `list`: the word itself, then numbered ("Books 2") once the list
/// has run out.
fn name(list: &[&str], k: u32) -> String {
    let len = u32::try_from(list.len()).unwrap_or(1).max(1);
    let word = list.get((k % len) as usize).copied().unwrap_or("Category");
    if k < len { word.to_owned() } else { format!("{word} {}", k / len + 1) }
}

/// A name as a url segment: lower case, words joined by `-`.
fn slug(name: &str) -> String {
    name.to_ascii_lowercase().split_whitespace().collect::<Vec<_>>().join("-")
}

/// The word list a level's names come from, the first level's again below the third.
fn names_at(depth: usize) -> &'static [&'static str] {
    const LISTS: [&[&str]; 3] = [words::DEPARTMENTS, words::MATERIALS, words::PRODUCTS];
    LISTS[depth % LISTS.len()]
}

/// `levels` levels below a node at `parent_url`, `breadth` children each.
fn level(
    levels: u32,
    breadth: u32,
    next_id: &mut u32,
    parent_url: &str,
    parent_crumbs: &[Breadcrumb],
) -> Vec<NavigationNode> {
    if levels == 0 {
        return Vec::new();
    }
    let list = names_at(parent_crumbs.len());
    let depth = i32::try_from(parent_crumbs.len()).unwrap_or(0) + 1;
    (0..breadth)
        .map(|k| {
            *next_id += 1;
            let id = format!("category-{next_id}");
            let name = name(list, k);
            let url = format!("{parent_url}/{}", slug(&name));
            let mut breadcrumbs = parent_crumbs.to_vec();
            breadcrumbs.push(Breadcrumb { id: id.clone(), name: name.clone(), level: depth, url: url.clone() });
            let children = level(levels - 1, breadth, next_id, &url, &breadcrumbs);
            NavigationNode {
                id,
                url,
                name,
                total_products: 0,
                children_count: count_of(&children),
                breadcrumbs,
                children,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
