//! The mock navigation tree: depth 3 below the root, 1 to 3 children per node.

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use vitrine_proto::v1::{Breadcrumb, NavigationNode};

use super::{rng, words};

/// Navigation tree depth 3.
pub(super) const DEPTH: u32 = 3;
const SEED: u64 = 0x5eed_0003;

#[must_use]
pub fn navigation_tree() -> NavigationNode {
    let mut rng = rng(SEED);
    let mut next_id = 0;
    let children = subtrees(&mut rng, &mut next_id, 1, "", &[]);
    NavigationNode {
        id: "root".to_owned(),
        url: "/".to_owned(),
        name: "Catalogue".to_owned(),
        total_products: children.iter().map(|c| c.total_products).sum(),
        children_count: count(&children),
        breadcrumbs: Vec::new(),
        children,
    }
}

fn count(children: &[NavigationNode]) -> i32 {
    i32::try_from(children.len()).unwrap_or(i32::MAX)
}

fn subtrees(
    rng: &mut ChaCha8Rng,
    next_id: &mut u32,
    level: i32,
    parent_url: &str,
    parent_crumbs: &[Breadcrumb],
) -> Vec<NavigationNode> {
    if level > DEPTH as i32 {
        return Vec::new();
    }
    // Distinct names among siblings, so menus never show the same entry twice.
    let mut names = words::DEPARTMENTS.to_vec();
    names.shuffle(rng);
    let n = rng.random_range(1..=3);
    names
        .into_iter()
        .take(n)
        .map(|name| {
            *next_id += 1;
            let id = format!("category-{next_id}");
            let url = format!("{parent_url}/{}", name.to_ascii_lowercase());
            let mut breadcrumbs = parent_crumbs.to_vec();
            breadcrumbs.push(Breadcrumb { id: id.clone(), name: name.to_owned(), level, url: url.clone() });
            let children = subtrees(rng, next_id, level + 1, &url, &breadcrumbs);
            NavigationNode {
                id,
                url,
                name: name.to_owned(),
                // A placeholder that `categories::with_counts` replaces with the real count;
                // drawn still, so the seeded tree keeps the shape it has always had.
                total_products: rng.random_range(1..=20),
                children_count: count(&children),
                breadcrumbs,
                children,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(node: &NavigationNode) -> u32 {
        node.children.iter().map(|c| 1 + depth(c)).max().unwrap_or(0)
    }

    fn check(node: &NavigationNode, level: i32) {
        assert_eq!(node.children_count, count(&node.children));
        if level < DEPTH as i32 {
            assert!((1..=3).contains(&node.children.len()), "{} has {}", node.id, node.children.len());
        }
        if level > 0 {
            assert_eq!(node.breadcrumbs.len(), level as usize);
            assert!(node.breadcrumbs.windows(2).all(|w| w[0].level < w[1].level));
        }
        for c in &node.children {
            check(c, level + 1);
        }
    }

    #[test]
    fn tree_is_three_deep_with_one_to_three_children() {
        let tree = navigation_tree();
        assert_eq!(depth(&tree), DEPTH);
        check(&tree, 0);
    }
}
