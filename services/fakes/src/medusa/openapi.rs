//! Checks a REST request against an OpenAPI 3.0 document, as a server that validates its
//! input would (Medusa validates every Store API query and body with its schemas): the
//! path must be one of the document's operations for the request's method, every query
//! parameter must be declared there with a value of its declared type, and a JSON body
//! must match the operation's `requestBody` schema ([`body`]). Used by the Medusa demo
//! shop; the check is a pure function of the document and the request.

mod body;

use std::collections::BTreeMap;

use serde_json::Value;

/// What a parameter's schema accepts, reduced to what a query string can carry.
#[derive(Debug, Clone, PartialEq)]
enum Kind {
    String,
    Number,
    Integer,
    Boolean,
    /// `name[]=a&name[]=b`, or the name repeated.
    Array(Box<Kind>),
    /// `name[key]=…` (deep objects); their inner keys are not checked.
    Object,
    OneOf(Vec<Kind>),
    /// A schema this check does not model: anything goes.
    Any,
}

/// The methods whose operations are checked (what the Store API declares).
const METHODS: [&str; 5] = ["get", "post", "delete", "put", "patch"];

/// One operation: its method, path template, query parameters and body schema.
#[derive(Debug)]
struct Operation {
    /// Lower case, as the document's keys are.
    method: &'static str,
    /// `None` for a `{param}` segment.
    segments: Vec<Option<String>>,
    query: BTreeMap<String, Kind>,
    /// The `application/json` schema of its `requestBody`; `None`: it takes no body.
    body: Option<Value>,
}

/// The operations of a document, and the document (for its schemas).
#[derive(Debug)]
pub struct OpenApi {
    operations: Vec<Operation>,
    doc: Value,
}

/// How deep [`OpenApi::missing`] follows nested objects: far enough for a product's
/// variants' option values, short of the schemas' cycles (a variant's product…).
const DEPTH: usize = 4;

/// One query pair as the server received it, decoded.
pub type QueryPair = (String, String);

impl OpenApi {
    /// The document's operations (YAML or JSON text).
    ///
    /// # Errors
    /// When the text is not a YAML document.
    pub fn parse(text: &str) -> Result<Self, String> {
        let doc: Value = serde_yaml_ng::from_str(text).map_err(|e| e.to_string())?;
        let mut operations = Vec::new();
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            let segments: Vec<Option<String>> =
                path.trim_matches('/').split('/').map(|s| (!s.starts_with('{')).then(|| s.to_owned())).collect();
            for method in METHODS {
                let Some(operation) = item.get(method) else { continue };
                let mut query = BTreeMap::new();
                let declared =
                    item["parameters"].as_array().into_iter().chain(operation["parameters"].as_array()).flatten();
                for param in declared.map(|p| resolve(&doc, p)) {
                    if param["in"] == "query"
                        && let Some(name) = param["name"].as_str()
                    {
                        query.insert(name.to_owned(), kind(&doc, &param["schema"]));
                    }
                }
                let body = resolve(&doc, &operation["requestBody"])["content"]["application/json"]["schema"].clone();
                let body = (!body.is_null()).then_some(body);
                operations.push(Operation { method, segments: segments.clone(), query, body });
            }
        }
        Ok(Self { operations, doc })
    }

    /// The required properties `value` lacks as the schema `components/schemas/{name}`
    /// (and the schemas of what it holds) declare them, each as a path: an answer's
    /// check, as a client generated from the document would make it. Empty when none.
    #[must_use]
    pub fn missing(&self, name: &str, value: &Value) -> Vec<String> {
        let mut out = Vec::new();
        let schema = &self.doc["components"]["schemas"][name];
        if schema.is_null() {
            return vec![format!("no schema {name}")];
        }
        missing_in(&self.doc, schema, value, name, DEPTH, &mut out);
        out
    }

    /// The problems of `GET path?query` (empty: the request is valid).
    #[must_use]
    pub fn check(&self, path: &str, query: &[QueryPair]) -> Vec<String> {
        self.check_request("GET", path, query, None)
    }

    /// The problems of `method path?query` with `body` (the bytes of a JSON body, as the
    /// server parses one: `None` when the request has none or does not say it is JSON).
    /// An operation that declares a body reads a missing one as `{}` (as Medusa's body
    /// parser leaves it), so its required properties are still asked for; one that
    /// declares none takes none. Empty: the request is valid.
    #[must_use]
    pub fn check_request(&self, method: &str, path: &str, query: &[QueryPair], body: Option<&[u8]>) -> Vec<String> {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        let lower = method.to_ascii_lowercase();
        let Some(operation) = self.operations.iter().find(|o| o.method == lower && matches(&o.segments, &segments))
        else {
            return vec![format!("no {} operation for {path}", method.to_ascii_uppercase())];
        };
        let mut problems = Vec::new();
        for (name, values) in group(query) {
            let Some(kind) = operation.query.get(&name.base) else {
                problems.push(format!("{path}: query parameter {:?} is not declared", name.base));
                continue;
            };
            if let Err(why) = accepts(kind, &name, &values) {
                problems.push(format!("{path}: {}: {why}", name.base));
            }
        }
        let body = body.filter(|b| !b.iter().all(u8::is_ascii_whitespace));
        match (&operation.body, body) {
            (None, None) => {}
            (None, Some(_)) => problems.push(format!("{path}: the operation takes no request body")),
            (Some(schema), body) => {
                match body.map_or(Ok(Value::Object(serde_json::Map::new())), serde_json::from_slice) {
                    Ok(value) => problems
                        .extend(body::problems(&self.doc, schema, &value).into_iter().map(|p| format!("{path}: {p}"))),
                    Err(_) => problems.push(format!("{path}: the request body is not JSON")),
                }
            }
        }
        problems
    }
}

/// A `$ref`'d parameter or schema, resolved within `doc` (once: the documents nest none).
fn resolve<'a>(doc: &'a Value, item: &'a Value) -> &'a Value {
    let Some(pointer) = item["$ref"].as_str().and_then(|r| r.strip_prefix('#')) else { return item };
    doc.pointer(pointer).unwrap_or(&Value::Null)
}

fn missing_in(doc: &Value, schema: &Value, value: &Value, at: &str, depth: usize, out: &mut Vec<String>) {
    let schema = resolve(doc, schema);
    let Some(object) = value.as_object() else { return };
    for part in schema["allOf"].as_array().into_iter().flatten() {
        missing_in(doc, part, value, at, depth, out);
    }
    for required in schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str) {
        if !object.contains_key(required) {
            out.push(format!("{at}.{required}"));
        }
    }
    if depth == 0 {
        return;
    }
    for (name, property) in schema["properties"].as_object().into_iter().flatten() {
        let (Some(inner), property) = (object.get(name), resolve(doc, property)) else { continue };
        match inner {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    missing_in(doc, &property["items"], item, &format!("{at}.{name}[{i}]"), depth - 1, out);
                }
            }
            Value::Object(_) => missing_in(doc, property, inner, &format!("{at}.{name}"), depth - 1, out),
            _ => {}
        }
    }
}

fn kind(doc: &Value, schema: &Value) -> Kind {
    let schema = resolve(doc, schema);
    if let Some(options) = schema["oneOf"].as_array().or_else(|| schema["anyOf"].as_array()) {
        return Kind::OneOf(options.iter().map(|o| kind(doc, o)).collect());
    }
    match schema["type"].as_str() {
        Some("string") => Kind::String,
        Some("number") => Kind::Number,
        Some("integer") => Kind::Integer,
        Some("boolean") => Kind::Boolean,
        Some("array") => Kind::Array(Box::new(kind(doc, &schema["items"]))),
        Some("object") => Kind::Object,
        _ => Kind::Any,
    }
}

fn matches(template: &[Option<String>], path: &[&str]) -> bool {
    template.len() == path.len()
        && template.iter().zip(path).all(|(t, p)| t.as_deref().is_none_or(|literal| literal == *p) && !p.is_empty())
}

/// A query key: `name`, `name[]` (an array item) or `name[key]…` (a deep object).
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Name {
    base: String,
    shape: Shape,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Plain,
    ArrayItem,
    Nested,
}

fn name(key: &str) -> Name {
    match key.split_once('[') {
        None => Name { base: key.to_owned(), shape: Shape::Plain },
        Some((base, "]")) => Name { base: base.to_owned(), shape: Shape::ArrayItem },
        Some((base, _)) => Name { base: base.to_owned(), shape: Shape::Nested },
    }
}

/// The pairs by parameter, in order, with every value a key carried.
fn group(query: &[QueryPair]) -> BTreeMap<Name, Vec<&str>> {
    let mut grouped: BTreeMap<Name, Vec<&str>> = BTreeMap::new();
    for (key, value) in query {
        grouped.entry(name(key)).or_default().push(value);
    }
    grouped
}

/// Whether `kind` takes `values` given under `name`.
fn accepts(kind: &Kind, name: &Name, values: &[&str]) -> Result<(), String> {
    let arrays = || match kind {
        Kind::Array(item) => Some(item.as_ref()),
        Kind::OneOf(options) => {
            options.iter().find_map(|o| if let Kind::Array(item) = o { Some(item.as_ref()) } else { None })
        }
        _ => None,
    };
    match name.shape {
        Shape::Nested => {
            let object = matches!(kind, Kind::Object | Kind::Any)
                || matches!(kind, Kind::OneOf(o) if o.iter().any(|k| matches!(k, Kind::Object | Kind::Any)));
            if object { Ok(()) } else { Err("not an object".to_owned()) }
        }
        Shape::ArrayItem => {
            let item = arrays().ok_or("not an array")?;
            values.iter().try_for_each(|v| scalar(item, v))
        }
        Shape::Plain if values.len() > 1 => {
            let item = arrays().ok_or("given more than once")?;
            values.iter().try_for_each(|v| scalar(item, v))
        }
        Shape::Plain => {
            let value = values.first().copied().unwrap_or_default();
            // A single value also stands for a one-item array (as qs parses it).
            scalar(kind, value).or_else(|e| arrays().map_or(Err(e), |item| scalar(item, value)))
        }
    }
}

fn scalar(kind: &Kind, value: &str) -> Result<(), String> {
    let ok = match kind {
        // Medusa reads the literal `null` as null (`parent_category_id=null`: top level).
        Kind::String | Kind::Any => true,
        Kind::Number => value.parse::<f64>().is_ok_and(f64::is_finite),
        Kind::Integer => value.parse::<i64>().is_ok(),
        Kind::Boolean => matches!(value, "true" | "false"),
        Kind::Array(_) | Kind::Object => false,
        Kind::OneOf(options) => options.iter().any(|o| scalar(o, value).is_ok()),
    };
    if ok { Ok(()) } else { Err(format!("{value:?} is not a {kind:?}")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = r"
openapi: 3.0.0
paths:
  /store/products:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: number } }
        - { name: fields, in: query, schema: { type: string } }
        - { $ref: '#/components/parameters/handle' }
        - name: category_id
          in: query
          schema: { oneOf: [{ type: string }, { type: array, items: { type: string } }] }
        - { name: is_giftcard, in: query, schema: { type: boolean } }
        - { name: variants, in: query, schema: { type: object } }
        - { name: x-publishable-api-key, in: header, schema: { type: string } }
  /store/products/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - { name: region_id, in: query, schema: { type: string } }
  /store/carts:
    post:
      parameters:
        - { name: fields, in: query, schema: { type: string } }
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { region_id: { type: string } } }
  /store/carts/{id}/line-items/{line_id}:
    parameters:
      - { name: fields, in: query, schema: { type: string } }
    post:
      requestBody: { $ref: '#/components/requestBodies/quantity' }
    delete: {}
components:
  parameters:
    handle: { name: handle, in: query, schema: { type: string } }
  requestBodies:
    quantity:
      content:
        application/json:
          schema: { type: object, required: [quantity], properties: { quantity: { type: number } } }
";

    fn pairs(query: &[(&str, &str)]) -> Vec<QueryPair> {
        query.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn requests_are_checked_against_their_operation() {
        let api = OpenApi::parse(DOC).expect("parses");
        for (path, query, problems) in [
            ("/store/products", vec![], 0),
            ("/store/products", vec![("limit", "24"), ("fields", "*variants.calculated_price")], 0),
            ("/store/products", vec![("handle", "medusa-hoodie")], 0),
            ("/store/products", vec![("category_id[]", "a"), ("category_id[]", "b")], 0),
            ("/store/products", vec![("category_id", "a"), ("category_id", "b")], 0),
            ("/store/products", vec![("category_id", "a")], 0),
            ("/store/products", vec![("variants[options][size]", "M")], 0),
            ("/store/products", vec![("is_giftcard", "false")], 0),
            ("/store/products/prod_1", vec![("region_id", "reg_1")], 0),
            // Undeclared, wrongly typed, repeated scalars, nested scalars, headers as queries.
            ("/store/products", vec![("sort", "title")], 1),
            ("/store/products", vec![("limit", "many")], 1),
            ("/store/products", vec![("is_giftcard", "yes")], 1),
            ("/store/products", vec![("limit", "1"), ("limit", "2")], 1),
            ("/store/products", vec![("handle[]", "a")], 1),
            ("/store/products", vec![("limit[x]", "1")], 1),
            ("/store/products", vec![("x-publishable-api-key", "pk")], 1),
            ("/store/products/prod_1", vec![("limit", "1")], 1),
            // Unknown paths, paths without a GET, empty segments.
            ("/store/nothing", vec![], 1),
            ("/store/carts", vec![], 1),
            ("/store/products/", vec![], 0),
            ("/store//products", vec![], 1),
        ] {
            let found = api.check(path, &pairs(&query));
            assert_eq!(found.len(), problems, "{path} {query:?}: {found:?}");
        }
    }

    #[test]
    fn writes_are_checked_by_method_query_and_body() {
        let api = OpenApi::parse(DOC).expect("parses");
        let line = "/store/carts/cart_1/line-items/cali_1";
        let fields = [("fields", "id,items.id")];
        for (method, path, query, body, problems) in [
            ("POST", "/store/carts", &fields[..], Some(r#"{"region_id":"reg_1"}"#), vec![]),
            ("post", "/store/carts", &[][..], None, vec![]),
            ("POST", line, &fields[..], Some(r#"{"quantity":3}"#), vec![]),
            ("DELETE", line, &fields[..], None, vec![]),
            ("DELETE", line, &[][..], Some("  "), vec![]),
            // The method must be one the path declares.
            (
                "PATCH",
                line,
                &[][..],
                Some(r#"{"quantity":3}"#),
                vec!["no PATCH operation for /store/carts/cart_1/line-items/cali_1"],
            ),
            ("GET", "/store/carts", &[][..], None, vec!["no GET operation for /store/carts"]),
            ("DELETE", "/store/carts", &[][..], None, vec!["no DELETE operation for /store/carts"]),
            // Query parameters as for GETs, path-level ones included.
            (
                "POST",
                "/store/carts",
                &[("expand", "items")][..],
                None,
                vec!["/store/carts: query parameter \"expand\" is not declared"],
            ),
            // The body: required (a missing body reads as `{}`), declared, typed, JSON.
            ("POST", line, &[][..], None, vec!["/store/carts/cart_1/line-items/cali_1: body.quantity is required"]),
            (
                "POST",
                line,
                &[][..],
                Some(r#"{"quantity":"3"}"#),
                vec!["/store/carts/cart_1/line-items/cali_1: body.quantity is not a number"],
            ),
            (
                "POST",
                "/store/carts",
                &[][..],
                Some(r#"{"region_id":"r","currency":"eur"}"#),
                vec!["/store/carts: body.currency is not declared"],
            ),
            ("POST", "/store/carts", &[][..], Some("region_id=r"), vec!["/store/carts: the request body is not JSON"]),
            (
                "DELETE",
                line,
                &[][..],
                Some("{}"),
                vec!["/store/carts/cart_1/line-items/cali_1: the operation takes no request body"],
            ),
        ] {
            let found = api.check_request(method, path, &pairs(query), body.map(str::as_bytes));
            assert_eq!(found, problems, "{method} {path} {query:?} {body:?}");
        }
    }

    #[test]
    fn a_text_that_is_not_yaml_is_refused() {
        assert!(OpenApi::parse("paths: [unclosed").is_err());
    }
}
