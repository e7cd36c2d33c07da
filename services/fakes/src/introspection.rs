//! An introspection result (`{"__schema": …}`, as Shopify publishes its Storefront API
//! schema) turned into SDL, so the same validator serves GraphQL schemas from either
//! source. Descriptions and custom directive definitions are left out: they do not
//! affect whether an executable document is valid.

use std::fmt::Write;

use serde_json::Value;

const BUILT_IN_SCALARS: [&str; 5] = ["String", "Int", "Float", "Boolean", "ID"];

fn type_ref(t: &Value) -> String {
    match t["kind"].as_str() {
        Some("NON_NULL") => format!("{}!", type_ref(&t["ofType"])),
        Some("LIST") => format!("[{}]", type_ref(&t["ofType"])),
        _ => t["name"].as_str().unwrap_or_default().to_owned(),
    }
}

fn arguments(args: &Value) -> String {
    let list: Vec<String> = args
        .as_array()
        .into_iter()
        .flatten()
        .map(|a| {
            let default = a["defaultValue"].as_str().map(|d| format!(" = {d}")).unwrap_or_default();
            format!("{}: {}{default}", a["name"].as_str().unwrap_or_default(), type_ref(&a["type"]))
        })
        .collect();
    if list.is_empty() { String::new() } else { format!("({})", list.join(", ")) }
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array().into_iter().flatten().filter_map(|i| i["name"].as_str()).collect()
}

/// SDL for the introspection result `json` (with or without a `data` wrapper).
#[must_use]
pub fn to_sdl(json: &Value) -> String {
    let schema = if json["data"].is_object() { &json["data"]["__schema"] } else { &json["__schema"] };
    let mut out = String::new();
    let roots: Vec<String> =
        [("query", "queryType"), ("mutation", "mutationType"), ("subscription", "subscriptionType")]
            .iter()
            .filter_map(|(op, key)| schema[*key]["name"].as_str().map(|n| format!("{op}: {n}")))
            .collect();
    let _ = writeln!(out, "schema {{ {} }}", roots.join(" "));
    for t in schema["types"].as_array().into_iter().flatten() {
        let name = t["name"].as_str().unwrap_or_default();
        if name.starts_with("__") || BUILT_IN_SCALARS.contains(&name) {
            continue;
        }
        let implements = names(&t["interfaces"]);
        let implements =
            if implements.is_empty() { String::new() } else { format!(" implements {}", implements.join(" & ")) };
        let fields = |key: &str| -> String {
            t[key]
                .as_array()
                .into_iter()
                .flatten()
                .map(|f| {
                    format!(
                        "  {}{}: {}\n",
                        f["name"].as_str().unwrap_or_default(),
                        arguments(&f["args"]),
                        type_ref(&f["type"])
                    )
                })
                .collect()
        };
        match t["kind"].as_str() {
            Some("SCALAR") => {
                let _ = writeln!(out, "scalar {name}");
            }
            Some("OBJECT") => {
                let _ = writeln!(out, "type {name}{implements} {{\n{}}}", fields("fields"));
            }
            Some("INTERFACE") => {
                let _ = writeln!(out, "interface {name}{implements} {{\n{}}}", fields("fields"));
            }
            Some("UNION") => {
                let _ = writeln!(out, "union {name} = {}", names(&t["possibleTypes"]).join(" | "));
            }
            Some("ENUM") => {
                let _ = writeln!(out, "enum {name} {{ {} }}", names(&t["enumValues"]).join(" "));
            }
            Some("INPUT_OBJECT") => {
                let inputs: String = t["inputFields"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|f| {
                        let default = f["defaultValue"].as_str().map(|d| format!(" = {d}")).unwrap_or_default();
                        format!("  {}: {}{default}\n", f["name"].as_str().unwrap_or_default(), type_ref(&f["type"]))
                    })
                    .collect();
                let _ = writeln!(out, "input {name} {{\n{inputs}}}");
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::graphql::{load_schema, validate_document};

    #[test]
    fn a_small_introspection_becomes_a_working_schema() {
        let introspection = json!({"__schema": {
        "queryType": {"name": "QueryRoot"}, "mutationType": null, "subscriptionType": null,
        "types": [
            {"kind": "OBJECT", "name": "QueryRoot", "interfaces": [], "fields": [
                {"name": "product", "args": [{"name": "handle", "type": {"kind": "SCALAR", "name": "String", "ofType": null}, "defaultValue": null}],
                 "type": {"kind": "OBJECT", "name": "Product", "ofType": null}}]},
            {"kind": "INTERFACE", "name": "Node", "fields": [{"name": "id", "args": [], "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "SCALAR", "name": "ID", "ofType": null}}}], "interfaces": []},
            {"kind": "OBJECT", "name": "Product", "interfaces": [{"name": "Node"}], "fields": [
                {"name": "id", "args": [], "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "SCALAR", "name": "ID", "ofType": null}}},
                {"name": "tags", "args": [], "type": {"kind": "LIST", "name": null, "ofType": {"kind": "SCALAR", "name": "String", "ofType": null}}}]},
            {"kind": "SCALAR", "name": "String"}, {"kind": "SCALAR", "name": "ID"}
        ]}});
        let schema = load_schema(&to_sdl(&introspection), "s.graphql");
        assert!(validate_document(&schema, "query Q($h: String) { product(handle: $h) { id tags } }").is_empty());
        assert!(
            !validate_document(&schema, "query Q { product(handle: \"x\") { title } }").is_empty(),
            "unknown field"
        );
    }
}
