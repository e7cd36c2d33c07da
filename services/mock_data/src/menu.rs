//! `GET navigation`: the whole tree, as the spec has it, or with `?depth=N` its top `N`
//! levels below the root, as a storefront's menu asks for them. A benchmark's catalogue
//! of hundreds of thousands of products has tens of thousands of categories, read for
//! every menu; the levels below the menu are each on its parent's category page.
//! Transport-free like [`crate::listing`].

use serde_json::{Map, Value};

use crate::db::{Db, Reply};
use crate::error::MockError;
use crate::listing::bad;

/// The deepest cut a menu may ask for: deeper than any tree here.
const MAX_DEPTH: usize = 16;

/// The tree, whole or cut at `depth` (from `query`).
pub(crate) fn navigation(db: &Db, query: &[(String, String)]) -> Result<Reply, MockError> {
    let depth = query
        .iter()
        .find(|(name, _)| name == "depth")
        .map(|(_, value)| {
            value.parse().ok().filter(|d| (1..=MAX_DEPTH).contains(d)).ok_or_else(|| bad("depth", "1 to 16"))
        })
        .transpose()?;
    let items = db.items("navigation")?;
    let tree = items.first().map_or(Value::Null, |tree| depth.map_or_else(|| tree.clone(), |d| cut(tree, d)));
    Ok(Reply::json(200, tree))
}

/// `node` with its levels below `depth` left out, copying only what is kept. A node at
/// the cut keeps its `children_count`, so a menu still shows that it has children.
fn cut(node: &Value, depth: usize) -> Value {
    let Some(fields) = node.as_object() else { return node.clone() };
    let copy = |(name, value): (&String, &Value)| {
        let value = match (name.as_str(), value.as_array()) {
            ("children", Some(_)) if depth == 0 => Value::Array(Vec::new()),
            ("children", Some(children)) => children.iter().map(|c| cut(c, depth - 1)).collect(),
            _ => value.clone(),
        };
        (name.clone(), value)
    };
    Value::Object(fields.iter().map(copy).collect::<Map<String, Value>>())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn node(id: &str, children: Vec<Value>) -> Value {
        json!({"id": id, "children_count": children.len(), "children": Value::Array(children)})
    }

    fn ids(node: &Value) -> Vec<String> {
        let mut out = vec![node["id"].as_str().unwrap_or_default().to_owned()];
        for child in node["children"].as_array().into_iter().flatten() {
            out.extend(ids(child));
        }
        out
    }

    #[test]
    fn a_cut_keeps_the_levels_asked_for_and_the_counts_below() {
        let tree = node(
            "root",
            vec![node("a", vec![node("a1", vec![node("a1x", vec![node("deep", vec![])])])]), node("b", vec![])],
        );
        for (depth, kept) in [
            (1, vec!["root", "a", "b"]),
            (2, vec!["root", "a", "a1", "b"]),
            (3, vec!["root", "a", "a1", "a1x", "b"]),
            (4, vec!["root", "a", "a1", "a1x", "deep", "b"]),
            (9, vec!["root", "a", "a1", "a1x", "deep", "b"]),
        ] {
            assert_eq!(ids(&cut(&tree, depth)), kept, "depth {depth}");
        }
        let one = cut(&tree, 1);
        assert_eq!(
            (one["children"][0]["children_count"].as_u64(), one["children"][0]["children"].as_array().map(Vec::len)),
            (Some(1), Some(0))
        );
        assert_eq!(cut(&tree, 9), tree, "deeper than the tree: the tree");
    }
}
