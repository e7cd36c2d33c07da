//! What two JSON answers share in shape, not in value (pure): the keys of each object, the
//! type of each value, arrays by their first element. A demo shop is held to its real
//! server with it: the same request to both must answer the same shape.
//!
//! A `null` on one side and a value on the other is taken as data (a product without an
//! image), not as shape: one answer cannot tell whether a key is ever null.

use serde_json::Value;

/// The first place where `demo` and `real` differ in shape, as `path: what`, in key order.
#[must_use]
pub fn first_difference(demo: &Value, real: &Value) -> Option<String> {
    differences(demo, real).into_iter().next()
}

/// Every place where `demo` and `real` differ in shape, in key order (below a difference,
/// nothing more).
#[must_use]
pub fn differences(demo: &Value, real: &Value) -> Vec<String> {
    let mut found = Vec::new();
    differ("$", demo, real, &mut found);
    found
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn differ(path: &str, demo: &Value, real: &Value, found: &mut Vec<String>) {
    match (demo, real) {
        (Value::Null, _) | (_, Value::Null) => {}
        (Value::Object(d), Value::Object(r)) => {
            let mut keys: Vec<&String> = d.keys().chain(r.keys()).collect();
            keys.sort();
            keys.dedup();
            for key in keys {
                match (d.get(key), r.get(key)) {
                    (Some(_), None) => {
                        found.push(format!("{path}.{key}: the demo shop sends it, the real server does not"));
                    }
                    (None, Some(_)) => {
                        found.push(format!("{path}.{key}: the real server sends it, the demo shop does not"));
                    }
                    (Some(d), Some(r)) => differ(&format!("{path}.{key}"), d, r, found),
                    (None, None) => {}
                }
            }
        }
        (Value::Array(d), Value::Array(r)) => {
            if let (Some(d), Some(r)) = (d.first(), r.first()) {
                differ(&format!("{path}[0]"), d, r, found);
            }
        }
        (d, r) if kind(d) == kind(r) => {}
        (d, r) => found.push(format!("{path}: the demo shop sends {}, the real server {}", kind(d), kind(r))),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn shapes_differ_in_keys_and_types_not_in_values() {
        for (demo, real, expected) in [
            (json!({"a": 1, "b": "x"}), json!({"b": "y", "a": 2.5}), None),
            (json!({"a": 1}), json!({"a": 1, "b": 2}), Some("$.b: the real server sends it, the demo shop does not")),
            (json!({"a": 1, "c": 2}), json!({"a": 1}), Some("$.c: the demo shop sends it, the real server does not")),
            (json!({"a": "1"}), json!({"a": 1}), Some("$.a: the demo shop sends a string, the real server a number")),
            (json!({"a": null}), json!({"a": {"b": 1}}), None),
            (json!({"a": [{"b": 1}, {}]}), json!({"a": [{"b": 2}]}), None),
            (
                json!({"a": [{"b": 1}]}),
                json!({"a": [{"c": 1}]}),
                Some("$.a[0].b: the demo shop sends it, the real server does not"),
            ),
            (json!({"a": []}), json!({"a": [{"c": 1}]}), None),
            (
                json!({"a": {"x": [1]}}),
                json!({"a": {"x": {}}}),
                Some("$.a.x: the demo shop sends an array, the real server an object"),
            ),
            // The first difference in key order.
            (
                json!({"z": 1, "b": "s"}),
                json!({"b": 1}),
                Some("$.b: the demo shop sends a string, the real server a number"),
            ),
        ] {
            assert_eq!(first_difference(&demo, &real).as_deref(), expected, "{demo} vs {real}");
        }
    }
}
