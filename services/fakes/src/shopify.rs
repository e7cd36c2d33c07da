//! A small Shopify shop (three products, the 'collections' menu) behind [`FakeGraphQl`]
//! at `/api/2025-01/graphql.json`, validating every document against the Storefront
//! API 2025-01 schema (`schemas/shopify-storefront-2025-01.json`) and refusing requests
//! without the storefront access token.

use std::sync::Arc;

use serde_json::{Map, Value, json};

use crate::graphql::{FakeGraphQl, Resolver, load_schema};

/// Shopify's published Storefront API 2025-01 introspection result.
pub const SCHEMA_JSON: &str = include_str!("../schemas/shopify-storefront-2025-01.json");
const SHOP: &str = include_str!("../fixtures/shopify/shop.json");
pub const ACCESS_TOKEN_HEADER: &str = "X-Shopify-Storefront-Access-Token";

/// The Storefront schema as SDL.
#[must_use]
pub fn schema_sdl() -> String {
    crate::introspection::to_sdl(&serde_json::from_str(SCHEMA_JSON).unwrap_or(Value::Null))
}

fn resolver(shop: Value) -> Resolver {
    Arc::new(move |field: &str, args: &Map<String, Value>| {
        let products = shop["products"].as_array().cloned().unwrap_or_default();
        match field {
            "products" => {
                let first = args.get("first").and_then(Value::as_u64).unwrap_or(0) as usize;
                json!({ "nodes": products.into_iter().take(first).collect::<Vec<_>>() })
            }
            "product" => {
                let by = |key: &str, wanted: Option<&Value>| {
                    wanted
                        .and_then(Value::as_str)
                        .and_then(|w| products.iter().find(|p| p[key].as_str() == Some(w)).cloned())
                };
                by("id", args.get("id")).or_else(|| by("handle", args.get("handle"))).unwrap_or(Value::Null)
            }
            "menu" if args.get("handle").and_then(Value::as_str) == Some("collections") => shop["menu"].clone(),
            _ => Value::Null,
        }
    })
}

/// Starts the shop; its endpoint is `{url}` (the driver adds `/api/2025-01/graphql.json`).
#[must_use]
pub fn start(access_token: &str) -> FakeGraphQl {
    let schema = load_schema(&schema_sdl(), "shopify-storefront-2025-01.graphql");
    FakeGraphQl::start_with(
        schema,
        "/api/2025-01/graphql.json",
        |url| resolver(serde_json::from_str(&SHOP.replace("{base}", url)).unwrap_or(Value::Null)),
        Some((ACCESS_TOKEN_HEADER.to_owned(), access_token.to_owned())),
    )
}
