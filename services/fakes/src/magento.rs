//! A small Magento 2.4 catalogue (three products, a category tree, redirects, a CMS page)
//! behind [`FakeGraphQl`], validating every document against the real Magento schema
//! kept in `schemas/magento-2.4.graphql`.

use std::sync::Arc;

use serde_json::{Map, Value, json};

use crate::graphql::{FakeGraphQl, Resolver, load_schema};

/// Magento Open Source 2.4.6-p4's schema (public), for validation.
pub const SCHEMA: &str = include_str!("../schemas/magento-2.4.graphql");
const CATALOGUE: &str = include_str!("../fixtures/magento/catalogue.json");

/// The catalogue with `{base}` and `{media}` pointing at `base`.
#[must_use]
pub fn catalogue(base: &str) -> Value {
    let base = format!("{}/", base.trim_end_matches('/'));
    let text = CATALOGUE.replace("{media}", &format!("{base}media/")).replace("{base}", &base);
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

fn path_of(url_key: &Value, suffix: &Value) -> String {
    format!("/{}{}", url_key.as_str().unwrap_or_default(), suffix.as_str().unwrap_or_default())
}

fn categories(node: &Value, out: &mut Vec<Value>) {
    out.push(node.clone());
    for child in node["children"].as_array().into_iter().flatten() {
        categories(child, out);
    }
}

/// What `route(url)` answers: products, categories, CMS pages, redirects; else null.
fn route(catalogue: &Value, url: &str) -> Value {
    let url = if url.starts_with('/') { url.to_owned() } else { format!("/{url}") };
    for p in catalogue["products"].as_array().into_iter().flatten() {
        if path_of(&p["url_key"], &p["url_suffix"]) == url {
            let mut r = p.clone();
            r["type"] = json!("PRODUCT");
            r["relative_url"] = json!(url.trim_start_matches('/'));
            r["redirect_code"] = json!(0);
            return r;
        }
    }
    let mut all = Vec::new();
    categories(&catalogue["category_tree"], &mut all);
    for c in &all {
        if path_of(&c["url_path"], &c["url_suffix"]) == url {
            let mut r = c.clone();
            r["__typename"] = json!("CategoryTree");
            r["type"] = json!("CATEGORY");
            r["relative_url"] = json!(url.trim_start_matches('/'));
            r["redirect_code"] = json!(0);
            r["canonical_url"] = json!(url.trim_start_matches('/'));
            return r;
        }
    }
    for page in catalogue["cms_pages"].as_array().into_iter().flatten() {
        if format!("/{}", page["url_key"].as_str().unwrap_or_default()) == url {
            let mut r = page.clone();
            r["__typename"] = json!("CmsPage");
            r["type"] = json!("CMS_PAGE");
            r["relative_url"] = page["url_key"].clone();
            r["redirect_code"] = json!(0);
            return r;
        }
    }
    for redirect in catalogue["redirects"].as_array().into_iter().flatten() {
        if redirect["from"].as_str() == Some(url.as_str()) {
            let target = format!("/{}", redirect["to"].as_str().unwrap_or_default());
            let mut r = route(catalogue, &target);
            r["redirect_code"] = redirect["code"].clone();
            r["relative_url"] = redirect["to"].clone();
            return r;
        }
    }
    Value::Null
}

fn resolver(catalogue: Value) -> Resolver {
    Arc::new(move |field: &str, args: &Map<String, Value>| match field {
        "products" => {
            let all = catalogue["products"].as_array().cloned().unwrap_or_default();
            let sku = args.get("filter").and_then(|f| f["sku"]["eq"].as_str());
            let mut items: Vec<Value> =
                all.into_iter().filter(|p| sku.is_none_or(|s| p["sku"].as_str() == Some(s))).collect();
            let size = args.get("pageSize").and_then(Value::as_u64).unwrap_or(20) as usize;
            let total = items.len();
            items.truncate(size);
            json!({ "total_count": total, "items": items, "page_info": { "page_size": size, "current_page": 1 } })
        }
        "route" => route(&catalogue, args.get("url").and_then(Value::as_str).unwrap_or_default()),
        "categoryList" => {
            let uid = args.get("filters").and_then(|f| f["category_uid"]["eq"].as_str());
            let mut all = Vec::new();
            categories(&catalogue["category_tree"], &mut all);
            Value::Array(all.into_iter().filter(|c| c["uid"].as_str() == uid).collect())
        }
        "storeConfig" => json!({ "root_category_uid": catalogue["root_category_uid"], "store_code": "default" }),
        _ => Value::Null,
    })
}

/// Starts the fake shop: GraphQL at `{url}/graphql`, product photos at `{url}/media/…`.
/// Also the demo's Magento when no real shop is configured.
#[must_use]
pub fn start() -> FakeGraphQl {
    FakeGraphQl::start_with(
        load_schema(SCHEMA, "magento-2.4.graphql"),
        "/graphql",
        |url| resolver(catalogue(url)),
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_cover_products_categories_pages_and_redirects() {
        let c = catalogue("http://m.test");
        for (url, kind, code) in [
            ("/joust-duffle-bag.html", "PRODUCT", 0),
            ("gear/bags.html", "CATEGORY", 0),
            ("/about-us", "CMS_PAGE", 0),
            ("/old-duffle.html", "PRODUCT", 301),
            ("/summer-bag.html", "CATEGORY", 302),
        ] {
            let r = route(&c, url);
            assert_eq!((r["type"].as_str(), r["redirect_code"].as_i64()), (Some(kind), Some(code)), "{url}");
        }
        assert!(route(&c, "/nope.html").is_null());
    }
}
