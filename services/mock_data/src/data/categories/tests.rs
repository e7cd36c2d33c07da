use super::*;
use crate::data::{PRODUCT_COUNT, navigation_tree, products};

fn node(id: &str, children: Vec<NavigationNode>) -> NavigationNode {
    NavigationNode { id: id.to_owned(), children, ..NavigationNode::default() }
}

fn ids(range: impl IntoIterator<Item = u32>) -> Vec<String> {
    range.into_iter().map(|i| i.to_string()).collect()
}

fn seeded() -> (NavigationNode, Assignment) {
    let tree = navigation_tree();
    let product_ids: Vec<String> = products("x", PRODUCT_COUNT).map(|p| p.id).collect();
    let assignment = assign(&tree, &product_ids);
    (tree, assignment)
}

#[test]
fn a_small_tree_cross_lists_round_robin_and_keeps_one_leaf_empty() {
    // a3 is the last leaf with a sibling; b1 has none, so it is stocked.
    let tree = node(
        "root",
        vec![
            node("a", vec![node("a1", vec![]), node("a2", vec![]), node("a3", vec![])]),
            node("b", vec![node("b1", vec![])]),
        ],
    );
    let products: Vec<String> = ["p0", "p1", "p2", "p3"].map(String::from).to_vec();
    let got = assign(&tree, &products);
    for (category, expected) in [
        ("a1", vec!["p0", "p2", "p3"]),
        ("a2", vec!["p0", "p1", "p3"]),
        ("a3", vec![]),
        ("b1", vec!["p1", "p2"]),
        ("a", vec!["p0", "p1", "p2", "p3"]),
        ("b", vec!["p1", "p2"]),
        ("root", vec!["p0", "p1", "p2", "p3"]),
    ] {
        let expected: Vec<String> = expected.into_iter().map(String::from).collect();
        assert_eq!(got.get(category), Some(&expected), "{category}");
    }
    assert_eq!(got.len(), 7, "one entry per node");
}

#[test]
fn a_tree_without_siblings_or_products_degrades_gracefully() {
    let chain = node("root", vec![node("a", vec![node("a1", vec![])])]);
    let got = assign(&chain, &ids([1, 2]));
    assert_eq!(got.get("a1"), Some(&ids([1, 2])), "no leaf has a sibling: none is left empty");
    let none = assign(&chain, &[]);
    assert!(none.values().all(Vec::is_empty));
}

#[test]
fn the_seeded_catalogue_is_assigned_as_documented() {
    let (_, got) = seeded();
    for (category, expected) in [
        // Stocked leaves in depth-first order: 3, 4, 6, 8, 9, 13, 15, 17 (L = 8).
        ("category-3", ids([1001, 1008, 1009, 1016, 1017, 1024, 1025, 1032, 1033])),
        ("category-4", ids([1001, 1002, 1009, 1010, 1017, 1018, 1025, 1026, 1033, 1034])),
        ("category-17", ids([1007, 1008, 1015, 1016, 1023, 1024, 1031, 1032])),
        // /computers/movies/beauty: the last leaf with a sibling.
        ("category-10", vec![]),
        // /computers/movies: leaves 8 and 9 (slots 3 and 4).
        ("category-7", ids([1003, 1004, 1005, 1011, 1012, 1013, 1019, 1020, 1021, 1027, 1028, 1029, 1035])),
        // /clothing: slots 5..7, so indexes ≡ 4..7 (mod 8).
        (
            "category-11",
            ids([1005, 1006, 1007, 1008, 1013, 1014, 1015, 1016, 1021, 1022, 1023, 1024, 1029, 1030, 1031, 1032]),
        ),
        ("root", ids(1001..=1035)),
    ] {
        assert_eq!(got.get(category), Some(&expected), "{category}");
    }
    // /computers runs past one page of 24.
    assert_eq!(got.get("category-1").map(Vec::len), Some(27));
}

#[test]
fn every_leaf_but_one_and_every_product_is_stocked_and_parents_are_unions() {
    fn check(node: &NavigationNode, got: &Assignment, empty: &mut Vec<String>) {
        let own = &got[&node.id];
        if node.children.is_empty() && own.is_empty() {
            empty.push(node.id.clone());
        }
        if !node.children.is_empty() {
            let mut union: Vec<&String> = node.children.iter().flat_map(|c| &got[&c.id]).collect();
            union.sort_unstable();
            union.dedup();
            let mut sorted: Vec<&String> = own.iter().collect();
            sorted.sort_unstable();
            assert_eq!(sorted, union, "{} is the union of its children", node.id);
        }
        for c in &node.children {
            check(c, got, empty);
        }
    }
    let (tree, got) = seeded();
    let mut empty = Vec::new();
    check(&tree, &got, &mut empty);
    assert_eq!(empty, ["category-10"]);
    assert_eq!(got["root"].len(), 35, "every product is in some category");
    assert_eq!(seeded().1, got, "the same on every run");
}

#[test]
fn counts_follow_the_assignment() {
    let (tree, got) = seeded();
    let counted = with_counts(tree, &got);
    assert_eq!(counted.total_products, 35);
    assert_eq!(counted.children[0].total_products, 27);
    assert_eq!(counted.children[0].children[2].children[2].total_products, 0, "category-10");
}
