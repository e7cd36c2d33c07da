use std::collections::HashSet;

use vitrine_proto::v1::NavigationNode;

use super::super::{PRODUCT_COUNT, catalogue_tree, product_ids, products};
use super::*;

fn nodes(node: &NavigationNode) -> Vec<&NavigationNode> {
    let mut out = vec![node];
    for child in &node.children {
        out.extend(nodes(child));
    }
    out
}

fn depth(node: &NavigationNode) -> usize {
    node.children.iter().map(|c| 1 + depth(c)).max().unwrap_or(0)
}

#[test]
fn the_tree_grows_in_breadth_with_the_catalogue_then_in_depth() {
    // count, categories below the root (the large one included), children per node, levels
    for (count, categories, breadth, levels) in [
        (36, 15, 2, 3),
        (350, 85, 4, 3),
        (3500, 585, 8, 3),
        (35_000, 4_369, 16, 3),
        (40_960, 4_369, 16, 3),
        (40_961, 7_381, 9, 4),
    ] {
        let ids = product_ids(count);
        let (tree, assignment) = catalogue_tree(count, MAX_BREADTH, &ids);
        let all = nodes(&tree);
        assert_eq!(all.len() - 1, categories, "{count}: categories");
        assert_eq!(tree.children.len(), breadth + 1, "{count}: top level and the large category");
        assert_eq!(depth(&tree), levels, "{count}: levels");
        let per_category = f64::from(count) / categories as f64;
        assert!(count < 100 || (4.0..=12.0).contains(&per_category), "{count}: {per_category} products per category");
        let urls: HashSet<&str> = all.iter().map(|n| n.url.as_str()).collect();
        assert_eq!(urls.len(), all.len(), "{count}: every category url once");
        let ids_seen: HashSet<&str> = all.iter().map(|n| n.id.as_str()).collect();
        assert_eq!(ids_seen.len(), all.len(), "{count}: every category id once");
        for node in &all {
            let held = assignment.get(&node.id).map_or(0, Vec::len);
            assert_eq!(usize::try_from(node.total_products).unwrap_or(usize::MAX), held, "{}", node.url);
            assert_eq!(node.breadcrumbs.last().map(|b| b.url.as_str()), (node.url != "/").then_some(node.url.as_str()));
        }
        let listed: HashSet<&String> = all
            .iter()
            .filter(|n| n.children.is_empty() && n.url != LARGE_URL)
            .flat_map(|n| &assignment[&n.id])
            .collect();
        assert_eq!(listed.len(), ids.len(), "{count}: every product in a leaf");
        assert_eq!(assignment["root"].len(), ids.len(), "{count}: the root holds all");
    }
}

#[test]
fn a_deeper_tree_names_its_fourth_level_from_the_first_list_and_its_menu_stays_small() {
    let tree = tree(350_000, MAX_BREADTH);
    assert_eq!((tree.children.len(), depth(&tree)), (14, 4));
    let menu = nodes(&tree).into_iter().filter(|n| n.breadcrumbs.len() <= 3).count() - 1;
    assert_eq!(menu, 14 + 14 * 14 + 14 * 14 * 14, "the menu's three levels");
    let fourth = &tree.children[0].children[0].children[0].children[1];
    assert_eq!(fourth.url, "/books/bronze/soap/movies");
    assert_eq!(fourth.breadcrumbs.len(), 4);
    // A smaller bound makes a small catalogue as deep, as a test asks for it.
    let (deep, _) = catalogue_tree(600, 3, &product_ids(600));
    assert_eq!((deep.children.len(), depth(&deep), nodes(&deep).len() - 1), (3 + 1, 4, 3 + 9 + 27 + 81 + 1));
}

#[test]
fn the_large_category_holds_one_product_in_ten_in_list_order() {
    for (count, held, last_page) in [(36, 4, 1), (3500, 350, 15), (35_000, 3500, 146)] {
        let ids = product_ids(count);
        let (tree, assignment) = catalogue_tree(count, MAX_BREADTH, &ids);
        let large = tree.children.last().expect("a top level");
        assert_eq!((large.url.as_str(), large.children.len()), (LARGE_URL, 0));
        let products = &assignment[&large.id];
        assert_eq!(products.len(), held, "{count}");
        assert_eq!(products.len().div_ceil(24), last_page, "{count}: its last page of 24");
        assert_eq!(products.first().map(String::as_str), Some("1001"));
        assert_eq!(products.get(1).map(String::as_str), Some("1011"));
    }
}

#[test]
fn a_count_gives_one_catalogue_and_the_spec_s_stays_its_own() {
    let ids = product_ids(3500);
    assert_eq!(catalogue_tree(3500, MAX_BREADTH, &ids), catalogue_tree(3500, MAX_BREADTH, &ids));
    let spec = catalogue_tree(PRODUCT_COUNT, MAX_BREADTH, &product_ids(PRODUCT_COUNT)).0;
    assert!(nodes(&spec).iter().all(|n| n.url != LARGE_URL), "no large category at the spec's size");
    assert_eq!(
        spec.children.iter().map(|c| c.url.as_str()).collect::<Vec<_>>().first().map(|u| u.len() > 1),
        Some(true)
    );
}

#[test]
fn every_product_of_a_large_catalogue_is_whole_and_at_its_own_url() {
    let all: Vec<_> = products("http://img", 3500).collect();
    assert_eq!(all.len(), 3500);
    let urls: HashSet<&str> = all.iter().map(|p| p.url.as_str()).collect();
    assert_eq!(urls.len(), all.len(), "urls are unique");
    for p in &all {
        let price = p.price.unwrap_or_default();
        assert!(price > 0 && price % 100 == 0, "{}: {price}", p.id);
        assert!(!p.variants.is_empty() && !p.images.is_empty() && p.description.is_some(), "{}", p.id);
    }
    let with_options = all.iter().filter(|p| !p.options.is_empty()).count();
    assert!((2000..3000).contains(&with_options), "two in three have options: {with_options}");
}

#[test]
fn names_are_numbered_once_a_list_runs_out() {
    for (k, expected) in [(0, "Books"), (21, "Industrial"), (22, "Books 2"), (45, "Movies 3")] {
        assert_eq!(name(words::DEPARTMENTS, k), expected);
    }
    assert_eq!(slug("Books 2"), "books-2");
}
