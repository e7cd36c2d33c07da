//! A small Magento 2.4 catalogue (four products, one of them configurable with sizes and
//! colours, and a generated range, a category tree,
//! redirects, a CMS page) behind [`FakeGraphQl`], validating every document against the
//! real Magento schema kept in `schemas/magento-2.4.graphql`. Listings follow Magento's
//! rules: category membership, visibility (catalogue or search), sorting, paging. Guest
//! carts follow Magento 2.4.6's ([`carts`]).

use std::sync::{Arc, Mutex, PoisonError};

use serde_json::{Map, Value, json};

use crate::graphql::{FakeGraphQl, FieldResolver, Resolver, Session, load_schema};

pub mod carts;

/// Magento Open Source 2.4.6-p4's schema (public), for validation.
pub const SCHEMA: &str = include_str!("../schemas/magento-2.4.graphql");
const CATALOGUE: &str = include_str!("../fixtures/magento/catalogue.json");

/// The catalogue with `{base}` and `{media}` pointing at `base`, its generated products
/// added and every category's `product_count` counted.
#[must_use]
pub fn catalogue(base: &str) -> Value {
    let base = format!("{}/", base.trim_end_matches('/'));
    let text = CATALOGUE.replace("{media}", &format!("{base}media/")).replace("{base}", &base);
    let mut catalogue: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let generated = generate(&catalogue["generated"], &format!("{base}media/"));
    if let Some(products) = catalogue["products"].as_array_mut() {
        products.extend(generated);
    }
    let products = catalogue["products"].as_array().cloned().unwrap_or_default();
    count_products(&mut catalogue["category_tree"], &products);
    catalogue
}

fn money(value: f64) -> Value {
    json!({ "value": value, "currency": "USD" })
}

/// One product per `brands` × `items` name, up to `count`, deterministic: prices spread
/// out of position order (so sorting by price visibly reorders), every fifth one 10% off.
fn generate(spec: &Value, media: &str) -> Vec<Value> {
    let names = |key: &str| spec[key].as_array().into_iter().flatten().filter_map(Value::as_str).collect::<Vec<_>>();
    let (brands, items) = (names("brands"), names("items"));
    let count = spec["count"].as_u64().unwrap_or(0) as usize;
    (0..count.min(brands.len() * items.len()))
        .map(|i| {
            let name = format!("{} {}", brands[i / items.len()], items[i % items.len()]);
            let key = name.to_lowercase().replace(' ', "-");
            let regular = 5.0 + ((i * 37) % 90) as f64;
            let (off, percent) = if i % 5 == 4 { ((regular * 10.0).round() / 100.0, 10.0) } else { (0.0, 0.0) };
            let price = json!({
                "regular_price": money(regular),
                "final_price": money(regular - off),
                "discount": { "amount_off": off, "percent_off": percent },
            });
            json!({
                "__typename": "SimpleProduct", "uid": format!("gen-{i}"), "url_key": key, "url_suffix": ".html",
                "name": name, "sku": format!("24-FIT{:02}", i + 1), "stock_status": "IN_STOCK",
                "visibility": "catalog", "category_uids": spec["category_uids"],
                "price_range": { "maximum_price": price, "minimum_price": price },
                "image": { "url": format!("{media}catalog/product/fit/{key}.png"), "label": name },
                "meta_title": null, "meta_description": null, "canonical_url": null,
                "short_description": null, "description": { "html": format!("<p>The {name}.</p>") },
                "review_count": 0, "rating_summary": 0, "media_gallery_entries": [],
            })
        })
        .collect()
}

fn in_category(product: &Value, uid: &Value) -> bool {
    product["category_uids"].as_array().is_some_and(|uids| uids.contains(uid))
}

/// Magento's visibility: a listing by filter or category shows products visible in the
/// catalogue, a search those visible in search. Unset is both.
fn visible(product: &Value, search: bool) -> bool {
    match product["visibility"].as_str() {
        Some("catalog") => !search,
        Some("search") => search,
        _ => true,
    }
}

fn count_products(category: &mut Value, products: &[Value]) {
    let uid = category["uid"].clone();
    category["product_count"] = json!(products.iter().filter(|p| visible(p, false) && in_category(p, &uid)).count());
    for child in category["children"].as_array_mut().into_iter().flatten() {
        count_products(child, products);
    }
}

/// How well `product` matches the search words: 2 a word in the name or sku, 1 in the
/// description; 0 is no match (case-insensitive).
fn relevance(product: &Value, words: &[String]) -> usize {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_lowercase();
    let title = format!("{} {}", text(&product["name"]), text(&product["sku"]));
    let description = text(&product["description"]["html"]);
    words.iter().map(|w| if title.contains(w) { 2 } else { usize::from(description.contains(w)) }).sum()
}

fn final_price(product: &Value) -> f64 {
    product["price_range"]["minimum_price"]["final_price"]["value"].as_f64().unwrap_or_default()
}

/// `products(search, filter, pageSize, currentPage, sort)` and a category's
/// `products(pageSize, currentPage, sort)` (`category` is its uid): matching, ordering
/// (position or relevance by default; name; price) and paging as Magento does.
fn listing(catalogue: &Value, args: &Map<String, Value>, category: Option<&Value>) -> Value {
    let search = args.get("search").and_then(Value::as_str);
    let words: Vec<String> = search.unwrap_or_default().split_whitespace().map(str::to_lowercase).collect();
    let filter = args.get("filter");
    let sku = filter.and_then(|f| f["sku"]["eq"].as_str());
    let category = category.or_else(|| filter.map(|f| &f["category_uid"]["eq"]).filter(|u| !u.is_null()));
    let mut scored: Vec<(usize, &Value)> = catalogue["products"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| visible(p, search.is_some()))
        .filter(|p| sku.is_none_or(|s| p["sku"].as_str() == Some(s)))
        .filter(|p| category.is_none_or(|uid| in_category(p, uid)))
        .map(|p| (relevance(p, &words), p))
        .filter(|(score, _)| words.is_empty() || *score > 0)
        .collect();
    let sort = args.get("sort").and_then(Value::as_object).and_then(|s| s.iter().next());
    match sort.map(|(key, direction)| (key.as_str(), direction.as_str() == Some("DESC"))) {
        Some(("name", desc)) => scored.sort_by(|a, b| {
            let order = a.1["name"].as_str().cmp(&b.1["name"].as_str());
            if desc { order.reverse() } else { order }
        }),
        Some(("price", desc)) => scored.sort_by(|a, b| {
            let order = final_price(a.1).total_cmp(&final_price(b.1));
            if desc { order.reverse() } else { order }
        }),
        // Position is the catalogue's order; relevance the best match first.
        _ => scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score)),
    }
    let size = args.get("pageSize").and_then(Value::as_u64).unwrap_or(20).max(1) as usize;
    let page = args.get("currentPage").and_then(Value::as_u64).unwrap_or(1).max(1) as usize;
    let total = scored.len();
    let items: Vec<&Value> = scored.into_iter().skip((page - 1) * size).take(size).map(|(_, p)| p).collect();
    json!({
        "total_count": total,
        "items": items,
        "page_info": { "page_size": size, "current_page": page, "total_pages": total.div_ceil(size) },
    })
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

fn resolvers(catalogue: Value, carts: Arc<Mutex<carts::Carts>>) -> (Resolver, FieldResolver) {
    let catalogue = Arc::new(catalogue);
    let shared = catalogue.clone();
    // A category's own `products(pageSize, currentPage, sort)`, as a route answers it.
    let fields: FieldResolver =
        Arc::new(move |_parent_type: &str, field: &str, parent: &Value, args: &Map<String, Value>| {
            (field == "products" && parent.get("url_path").is_some())
                .then(|| listing(&shared, args, Some(&parent["uid"])))
        });
    let root: Resolver = Arc::new(move |_: &mut Session, field: &str, args: &Map<String, Value>| match field {
        "products" => listing(&catalogue, args, None),
        "cmsPage" => {
            let identifier = args.get("identifier").and_then(Value::as_str);
            let mut pages = catalogue["cms_pages"].as_array().into_iter().flatten();
            pages.find(|p| p["identifier"].as_str() == identifier).cloned().unwrap_or(Value::Null)
        }
        "route" => route(&catalogue, args.get("url").and_then(Value::as_str).unwrap_or_default()),
        "categoryList" => {
            let uid = args.get("filters").and_then(|f| f["category_uid"]["eq"].as_str());
            let mut all = Vec::new();
            categories(&catalogue["category_tree"], &mut all);
            Value::Array(all.into_iter().filter(|c| c["uid"].as_str() == uid).collect())
        }
        "storeConfig" => json!({ "root_category_uid": catalogue["root_category_uid"], "store_code": "default" }),
        "countries" => carts::checkout::countries(),
        cart if carts::FIELDS.contains(&cart) || carts::checkout::FIELDS.contains(&cart) => {
            carts.lock().unwrap_or_else(PoisonError::into_inner).resolve(&catalogue, cart, args)
        }
        _ => Value::Null,
    });
    (root, fields)
}

/// The demo shop with its test hooks; it is its [`FakeGraphQl`] server otherwise.
pub struct MagentoShop {
    server: FakeGraphQl,
    carts: Arc<Mutex<carts::Carts>>,
}

impl std::ops::Deref for MagentoShop {
    type Target = FakeGraphQl;

    fn deref(&self) -> &FakeGraphQl {
        &self.server
    }
}

impl MagentoShop {
    fn carts(&self) -> std::sync::MutexGuard<'_, carts::Carts> {
        self.carts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Forgets every cart, as Magento does a guest cart it expired or turned into an
    /// order: a call naming one then answers `graphql-no-such-entity`.
    pub fn forget_carts(&self) {
        self.carts().forget();
    }

    /// The shop's own record of order `number`: the cart as placed, with its
    /// email, addresses and method, and `order_number`.
    #[must_use]
    pub fn order(&self, number: &str) -> Option<serde_json::Value> {
        self.carts().order(number)
    }

    /// How many orders the shop keeps (at most [`carts::checkout::MAX_ORDERS`]).
    #[must_use]
    pub fn order_count(&self) -> usize {
        self.carts().order_count()
    }

    /// How many carts the shop keeps (at most [`carts::MAX_CARTS`]).
    #[must_use]
    pub fn cart_count(&self) -> usize {
        self.carts().len()
    }

    /// Stops the server and returns once it has stopped.
    pub async fn stop(self) {
        self.server.stop().await;
    }
}

/// Starts the fake shop: GraphQL at `{url}/graphql`, product photos at `{url}/media/…`.
/// Also the demo's Magento when no real shop is configured.
#[must_use]
pub fn start() -> FakeGraphQl {
    start_shop().server
}

/// As [`start`], keeping the shop's test hooks (its carts).
#[must_use]
pub fn start_shop() -> MagentoShop {
    let carts = Arc::new(Mutex::new(carts::Carts::default()));
    let kept = carts.clone();
    let back_office = carts.clone();
    let extras = crate::graphql::Extras {
        pages: Some(Arc::new(move |config| orders_page(config, back_office.clone()))),
        ..Default::default()
    };
    let server = FakeGraphQl::start_with_extras(
        load_schema(SCHEMA, "magento-2.4.graphql"),
        "/graphql",
        move |url| resolvers(catalogue(url), kept),
        None,
        extras,
    );
    MagentoShop { server, carts }
}

/// `GET /_demo/orders/{number}`: the shop's own record of an order, as an admin sees it
/// in Magento's back office: what the browser tests read to show an order
/// placed through Vitrine is the shop's. Not Magento's API (2.4.6 cannot read a guest
/// order back): the demo shop's window onto its records.
fn orders_page(config: &mut actix_web::web::ServiceConfig, carts: Arc<Mutex<carts::Carts>>) {
    use actix_web::{HttpResponse, web};
    config.route(
        "/_demo/orders/{number}",
        web::get().to(move |number: web::Path<String>| {
            let order = carts.lock().unwrap_or_else(PoisonError::into_inner).order(&number);
            async move { order.map_or_else(|| HttpResponse::NotFound().finish(), |o| HttpResponse::Ok().json(o)) }
        }),
    );
}

/// The demo shop of `vitrine all`, and the settings that point the adapter at it.
#[must_use]
pub fn demo() -> crate::demo::DemoShop {
    let shop = start();
    let url = shop.url.clone();
    let settings = vitrine_adapter::Settings::new().with(vitrine_adapter::magento::backend::BASE_URL, url.clone());
    crate::demo::DemoShop::new(url, settings, move || shop.stop())
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

    #[test]
    fn the_generated_range_fills_a_category_past_one_page() {
        let c = catalogue("http://m.test");
        let products = c["products"].as_array().cloned().unwrap_or_default();
        let urls: std::collections::HashSet<String> =
            products.iter().map(|p| path_of(&p["url_key"], &p["url_suffix"])).collect();
        assert_eq!((products.len(), urls.len()), (30, 30), "4 + 26 generated, each its own url");
        let counts: Vec<(String, i64)> = {
            let mut all = Vec::new();
            categories(&c["category_tree"], &mut all);
            all.iter()
                .map(|k| (k["name"].as_str().unwrap_or_default().to_owned(), k["product_count"].as_i64().unwrap_or(-1)))
                .collect()
        };
        let count = |name: &str| counts.iter().find(|(n, _)| n == name).map(|(_, n)| *n);
        assert_eq!(
            (count("Gear"), count("Fitness Equipment"), count("Men"), count("Sale Archive")),
            (Some(28), Some(27), Some(2), Some(0))
        );
    }

    #[test]
    fn listings_filter_by_visibility_category_and_words() {
        let c = catalogue("http://m.test");
        for (args, total, first) in [
            (json!({"search": ""}), 4, "24-MB01"),
            (json!({"search": "ROLLER"}), 0, ""),
            (json!({"filter": {"category_uid": {"eq": "NQ=="}}, "pageSize": 24, "currentPage": 2}), 27, "24-FIT24"),
            (json!({"filter": {"category_uid": {"eq": "MTE="}}, "sort": {"price": "DESC"}}), 2, "MH01"),
            (json!({"filter": {"sku": {"eq": "24-FIT01"}}}), 1, "24-FIT01"),
        ] {
            let answer = listing(&c, args.as_object().unwrap_or(&Map::new()), None);
            assert_eq!(
                (answer["total_count"].as_u64(), answer["items"][0]["sku"].as_str().unwrap_or_default()),
                (Some(total), first),
                "{args}"
            );
        }
    }
}
