//! Menu rules every backend's tree goes through.

use crate::model::NavigationNode;

/// Navigation tree depth 3 (levels below the root).
pub const DEPTH: usize = 3;

/// Cuts the tree at `depth` levels below `node`, sorts every node's breadcrumbs by level
///  and makes `children_count` agree with the children kept.
#[must_use]
pub fn normalise(mut node: NavigationNode, depth: usize) -> NavigationNode {
    node.breadcrumbs.sort_by_key(|b| b.level);
    if depth == 0 {
        // The real count stays: a leaf at the cut still tells the menu it has children.
        node.children.clear();
        return node;
    }
    node.children = std::mem::take(&mut node.children).into_iter().map(|c| normalise(c, depth - 1)).collect();
    if !node.children.is_empty() {
        node.children_count = i32::try_from(node.children.len()).unwrap_or(i32::MAX);
    }
    node
}

/// A menu's root (`/`, id `root`) over its top-level `children`, as a backend whose
/// tree has no root of its own answers it.
#[must_use]
pub fn root(children: Vec<NavigationNode>) -> NavigationNode {
    NavigationNode {
        id: "root".to_owned(),
        url: "/".to_owned(),
        children_count: i32::try_from(children.len()).unwrap_or(i32::MAX),
        children,
        ..NavigationNode::default()
    }
}

/// The top level of a menu as links (the home page's categories): the root's
/// children in order, their own children dropped. Each keeps its `children_count`, as a
/// node at the cut does in [`normalise`].
#[must_use]
pub fn top_level(root: NavigationNode) -> Vec<NavigationNode> {
    root.children.into_iter().map(|c| NavigationNode { children: Vec::new(), ..c }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Breadcrumb;

    fn node(id: &str, children: Vec<NavigationNode>) -> NavigationNode {
        NavigationNode { id: id.into(), children_count: 99, children, ..NavigationNode::default() }
    }

    fn depth_of(n: &NavigationNode) -> usize {
        n.children.iter().map(|c| 1 + depth_of(c)).max().unwrap_or(0)
    }

    #[test]
    fn cuts_at_depth_and_fixes_counts() {
        let deep = node("r", vec![node("a", vec![node("b", vec![node("c", vec![node("d", vec![])])])])]);
        for (depth, expected_depth) in [(0, 0), (1, 1), (3, 3), (5, 4)] {
            let out = normalise(deep.clone(), depth);
            assert_eq!(depth_of(&out), expected_depth, "depth {depth}");
        }
        let out = normalise(deep, 3);
        assert_eq!(out.children_count, 1);
        assert_eq!(out.children[0].children[0].children[0].children_count, 99, "leaf at the cut keeps its count");
    }

    #[test]
    fn the_top_level_is_the_roots_children_without_theirs() {
        let tree = node("r", vec![node("a", vec![node("a1", vec![])]), node("b", vec![])]);
        let top = top_level(tree);
        let ids: Vec<(&str, usize, i32)> =
            top.iter().map(|n| (n.id.as_str(), n.children.len(), n.children_count)).collect();
        assert_eq!(ids, [("a", 0, 99), ("b", 0, 99)]);
        assert!(top_level(node("r", vec![])).is_empty());
    }

    #[test]
    fn breadcrumbs_sorted_by_level() {
        let crumb = |level| Breadcrumb { level, ..Breadcrumb::default() };
        let mut n = node("x", vec![]);
        n.breadcrumbs = vec![crumb(3), crumb(1), crumb(2)];
        let levels: Vec<i32> = normalise(n, 3).breadcrumbs.iter().map(|b| b.level).collect();
        assert_eq!(levels, [1, 2, 3]);
    }
}
