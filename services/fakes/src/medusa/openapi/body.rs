//! A JSON request body against an operation's `requestBody` schema, as Medusa's body
//! validators (zod) see it: required properties present, each property of its declared
//! type (arrays item by item, objects property by property), and no property the schema
//! does not declare.
//!
//! The last is a choice the document cannot make for us: it says `additionalProperties`
//! nowhere, while Medusa refuses undeclared properties on some bodies (`.strict()`: a
//! new cart) and drops them silently on others (a line item). Here an object schema that
//! lists its `properties` is closed, `allOf` parts together: a property Medusa does not
//! declare is one it refuses or ignores, and either way the caller meant something that
//! will not happen. A schema without `properties` (`metadata: {type: object}`), or with
//! `additionalProperties` other than `false`, is open. `null` passes only where the
//! schema says `nullable` (the document says it nowhere, and Vitrine never sends one).

use serde_json::{Map, Value};

use super::resolve;

/// How deep nested schemas are followed (the Store API's cycles: a line item's cart…).
const DEPTH: usize = 6;

/// The problems of `body` against `schema` (empty: it matches), each naming its path.
pub(super) fn problems(doc: &Value, schema: &Value, body: &Value) -> Vec<String> {
    let mut out = Vec::new();
    conform(doc, schema, body, "body", DEPTH, &mut out);
    out
}

/// The properties and required names of an object schema, `allOf` parts merged; `open`
/// when undeclared properties are allowed.
#[derive(Default)]
struct Shape<'a> {
    properties: Map<String, Value>,
    required: Vec<&'a str>,
    open: bool,
    lists_properties: bool,
}

fn shape<'a>(doc: &'a Value, schema: &'a Value, into: &mut Shape<'a>, depth: usize) {
    let schema = resolve(doc, schema);
    for part in schema["allOf"].as_array().into_iter().flatten() {
        if depth > 0 {
            shape(doc, part, into, depth - 1);
        }
    }
    if let Some(properties) = schema["properties"].as_object() {
        into.lists_properties = true;
        into.properties.extend(properties.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    into.required.extend(schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str));
    if !matches!(schema.get("additionalProperties"), None | Some(Value::Bool(false))) {
        into.open = true;
    }
}

/// Whether `schema` describes an object (a type, properties or parts that say so).
fn is_object(schema: &Value) -> bool {
    schema["type"] == "object" || schema.get("properties").is_some() || schema.get("allOf").is_some()
}

fn conform(doc: &Value, schema: &Value, value: &Value, at: &str, depth: usize, out: &mut Vec<String>) {
    let schema = resolve(doc, schema);
    if depth == 0 {
        return;
    }
    if let Some(options) = schema["oneOf"].as_array().or_else(|| schema["anyOf"].as_array()) {
        let fits = options.iter().any(|option| {
            let mut inner = Vec::new();
            conform(doc, option, value, at, depth - 1, &mut inner);
            inner.is_empty()
        });
        if !fits {
            out.push(format!("{at} matches none of its schemas"));
        }
        return;
    }
    if value.is_null() {
        if schema["nullable"] != true && (is_object(schema) || schema.get("type").is_some()) {
            out.push(format!("{at} is null"));
        }
        return;
    }
    if is_object(schema) {
        let Some(object) = value.as_object() else {
            out.push(format!("{at} is not an object"));
            return;
        };
        let mut declared = Shape::default();
        shape(doc, schema, &mut declared, depth);
        for name in &declared.required {
            if !object.contains_key(*name) {
                out.push(format!("{at}.{name} is required"));
            }
        }
        for (name, inner) in object {
            match declared.properties.get(name) {
                Some(property) => conform(doc, property, inner, &format!("{at}.{name}"), depth - 1, out),
                None if declared.lists_properties && !declared.open => out.push(format!("{at}.{name} is not declared")),
                None => {}
            }
        }
        return;
    }
    let fits = match schema["type"].as_str() {
        Some("string") => value.is_string(),
        Some("number") => value.is_number(),
        Some("integer") => value.is_i64() || value.is_u64(),
        Some("boolean") => value.is_boolean(),
        Some("array") => {
            let Some(items) = value.as_array() else {
                out.push(format!("{at} is not an array"));
                return;
            };
            for (i, item) in items.iter().enumerate() {
                conform(doc, &schema["items"], item, &format!("{at}[{i}]"), depth - 1, out);
            }
            true
        }
        _ => true,
    };
    if !fits {
        out.push(format!("{at} is not a {}", schema["type"].as_str().unwrap_or("value")));
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const DOC: &str = r"
components:
  schemas:
    AddLine:
      type: object
      required: [variant_id, quantity]
      properties:
        variant_id: { type: string }
        quantity: { type: number }
        metadata: { type: object }
    NewCart:
      allOf:
        - { $ref: '#/components/schemas/CartData' }
        - { type: object, properties: { additional_data: { type: object } } }
    CartData:
      type: object
      properties:
        region_id: { type: string }
        items: { type: array, items: { $ref: '#/components/schemas/AddLine' } }
        promo_codes: { type: array, items: { type: string } }
        address: { oneOf: [{ type: string }, { $ref: '#/components/schemas/Address' }] }
    Address:
      type: object
      required: [city]
      properties: { city: { type: string }, count: { type: integer }, gift: { type: boolean } }
    Open:
      type: object
      properties: { a: { type: string } }
      additionalProperties: { type: string }
";

    fn check(schema: &str, body: &Value) -> Vec<String> {
        let doc: Value = serde_yaml_ng::from_str(DOC).expect("yaml");
        problems(&doc, &json!({ "$ref": format!("#/components/schemas/{schema}") }), body)
    }

    #[test]
    fn bodies_are_checked_against_their_schema() {
        for (schema, body, expected) in [
            ("AddLine", json!({ "variant_id": "v", "quantity": 2 }), vec![]),
            ("AddLine", json!({ "variant_id": "v", "quantity": 2, "metadata": { "any": [1] } }), vec![]),
            ("AddLine", json!({ "variant_id": "v" }), vec!["body.quantity is required"]),
            (
                "AddLine",
                json!({ "variant_id": 7, "quantity": "2" }),
                vec!["body.quantity is not a number", "body.variant_id is not a string"],
            ),
            ("AddLine", json!({ "variant_id": "v", "quantity": 1, "qty": 1 }), vec!["body.qty is not declared"]),
            ("AddLine", json!({ "variant_id": null, "quantity": 1 }), vec!["body.variant_id is null"]),
            ("AddLine", json!(["v", 1]), vec!["body is not an object"]),
            // allOf parts together: both parts' properties are declared.
            ("NewCart", json!({ "region_id": "reg", "additional_data": {} }), vec![]),
            ("NewCart", json!({}), vec![]),
            ("NewCart", json!({ "region": "reg" }), vec!["body.region is not declared"]),
            // Arrays item by item, into the items' own schema.
            ("NewCart", json!({ "promo_codes": ["A", 2] }), vec!["body.promo_codes[1] is not a string"]),
            ("NewCart", json!({ "items": [{ "variant_id": "v" }] }), vec!["body.items[0].quantity is required"]),
            ("NewCart", json!({ "items": {} }), vec!["body.items is not an array"]),
            // oneOf: any option that fits.
            ("NewCart", json!({ "address": "addr_1" }), vec![]),
            ("NewCart", json!({ "address": { "city": "Lyon", "count": 2, "gift": true } }), vec![]),
            ("NewCart", json!({ "address": { "count": 2.5 } }), vec!["body.address matches none of its schemas"]),
            // additionalProperties other than false: open.
            ("Open", json!({ "a": "x", "b": "y" }), vec![]),
        ] {
            let (mut found, mut expected) = (check(schema, &body), expected);
            found.sort();
            expected.sort();
            assert_eq!(found, expected, "{schema} {body}");
        }
    }
}
