//! The API's contract: the OpenAPI document kept in the repo (`services/edge/openapi.json`)
//! is the one the code generates, and the edge serves it at `/api/openapi.json`.
//!
//! After changing a handler or a shape of `dto.rs`, regenerate the kept file with
//! `VITRINE_UPDATE_OPENAPI=1 cargo test -p vitrine-edge --test openapi`, then the SPA's
//! types with `cd frontend && npm run api:generate`.

use serde_json::Value;
use vitrine_testkit::{TestApp, assert, browser};

const KEPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json");
const REGENERATE: &str = "VITRINE_UPDATE_OPENAPI=1 cargo test -p vitrine-edge --test openapi";

/// The first line where `kept` and `generated` differ, for the failure message.
fn first_difference(kept: &str, generated: &str) -> String {
    let mut lines = kept.lines().zip(generated.lines()).enumerate();
    lines.find(|(_, (k, g))| k != g).map_or_else(
        || format!("lengths differ ({} vs {} lines)", kept.lines().count(), generated.lines().count()),
        |(n, (k, g))| format!("line {}: kept `{}`, code `{}`", n + 1, k.trim(), g.trim()),
    )
}

#[test]
fn the_kept_document_is_the_one_the_code_generates() {
    let generated = vitrine_edge::openapi::document();
    if std::env::var_os("VITRINE_UPDATE_OPENAPI").is_some() {
        std::fs::write(KEPT, &generated).expect("write openapi.json");
        return;
    }
    let kept = std::fs::read_to_string(KEPT).unwrap_or_default();
    assert!(
        kept == generated,
        "services/edge/openapi.json differs from the code ({}).\nRegenerate it with: {REGENERATE}\n\
         and the SPA's types with: cd frontend && npm run api:generate",
        first_difference(&kept, &generated)
    );
}

/// Every `$ref` under `value`, as the JSON pointer it names.
fn refs(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get("$ref") {
                out.push(target.trim_start_matches('#').to_owned());
            }
            map.values().for_each(|v| refs(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

#[test]
fn every_reference_resolves() {
    let doc: Value = serde_json::from_str(&vitrine_edge::openapi::document()).expect("json");
    let mut found = Vec::new();
    refs(&doc, &mut found);
    assert!(found.len() > 10, "{found:?}");
    for pointer in found {
        assert!(doc.pointer(&pointer).is_some(), "{pointer} is referenced but not defined");
    }
}

#[test]
fn every_api_route_and_its_errors_are_described() {
    let doc: Value = serde_json::from_str(&vitrine_edge::openapi::document()).expect("json");
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.1")), "{}", doc["openapi"]);
    let mut routes: Vec<String> = doc["paths"]
        .as_object()
        .into_iter()
        .flatten()
        .flat_map(|(path, item)| {
            item.as_object().into_iter().flatten().map(move |(method, _)| format!("{method} {path}"))
        })
        .collect();
    routes.sort();
    assert_eq!(
        routes,
        [
            "delete /api/cart/lines/{line}",
            "delete /api/debug/faults",
            "delete /api/session",
            "get /api/cart",
            "get /api/categories",
            "get /api/categories/by-url",
            "get /api/checkout",
            "get /api/checkout/shipping-options",
            "get /api/debug",
            "get /api/debug/faults",
            "get /api/driver",
            "get /api/driver/events",
            "get /api/head/cart",
            "get /api/head/checkout",
            "get /api/head/compare",
            "get /api/head/home",
            "get /api/head/order",
            "get /api/head/search",
            "get /api/navigation",
            "get /api/openapi.json",
            "get /api/orders/{number}",
            "get /api/page",
            "get /api/pages/by-url",
            "get /api/products",
            "get /api/products/best-sellers",
            "get /api/products/by-url",
            "get /api/products/{id}",
            "get /api/resolve",
            "get /api/search",
            "patch /api/cart/lines/{line}",
            "post /api/cart/lines",
            "post /api/checkout/order",
            "post /api/debug/compare",
            "put /api/checkout/address",
            "put /api/checkout/shipping",
            "put /api/debug/faults",
            "put /api/driver",
        ]
    );
    // issue 23: a cart change says what it can be refused for.
    let add = &doc["paths"]["/api/cart/lines"]["post"]["responses"];
    for status in ["200", "400", "403", "409", "422", "429", "503"] {
        assert!(add[status].is_object(), "adding answers {status}");
    }
    // issue 26: placing an order says what it can be refused for, and a step its fields.
    let place = &doc["paths"]["/api/checkout/order"]["post"]["responses"];
    for status in ["200", "400", "403", "404", "409", "422", "429", "503"] {
        assert!(place[status].is_object(), "placing answers {status}");
    }
    assert!(doc.pointer("/components/schemas/ErrorDetail/properties/fields").is_some(), "refused fields are described");
    // Generated clients name each operation by its id: one each (a handler's name).
    let mut ids: Vec<&str> = doc["paths"]
        .as_object()
        .into_iter()
        .flatten()
        .flat_map(|(_, item)| item.as_object().into_iter().flatten().filter_map(|(_, op)| op["operationId"].as_str()))
        .collect();
    let count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), count, "operation ids are unique: {ids:?}");
    // issue 24: the debug tools say when they are off and what bounds they keep.
    let compare = &doc["paths"]["/api/debug/compare"]["post"]["responses"];
    for status in ["200", "403", "404", "409", "429"] {
        assert!(compare[status].is_object(), "comparing answers {status}");
    }
    let by_url = &doc["paths"]["/api/products/by-url"]["get"]["responses"];
    for status in ["200", "400", "404", "502", "503", "504"] {
        assert!(by_url[status].is_object(), "by-url answers {status}");
    }
    let error = &doc["paths"]["/api/products/{id}"]["get"]["responses"]["404"]["content"]["application/json"]["schema"];
    assert_eq!(error["$ref"], "#/components/schemas/ErrorBody");
    let product = &doc["components"]["schemas"]["Product"]["properties"];
    assert!(product["canonicalUrl"].is_object() && product["type"].is_object(), "the wire names: {product}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_edge_serves_the_document() {
    let app = TestApp::builder().start().await;
    let res = browser().get(app.url("/api/openapi.json")).send().await.expect("get");
    let served = assert::ok_json(res).await;
    let generated: Value = serde_json::from_str(&vitrine_edge::openapi::document()).expect("json");
    assert_eq!(served, generated);
}
