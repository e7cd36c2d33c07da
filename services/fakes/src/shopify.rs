//! A small Shopify shop behind [`FakeGraphQl`] at `/api/2025-01/graphql.json`, validating
//! every document against the Storefront API 2025-01 schema
//! (`schemas/shopify-storefront-2025-01.json`) and refusing requests without the
//! storefront access token.
//!
//! The fixture holds three products (the snowboard in sizes and colours), two
//! collections (one empty), an "about" page and the
//! 'collections' menu. The demo shop ([`start_demo`]) adds generated snowboards to the
//! snowboards collection so that it spans two pages; [`start`] keeps the three
//! products the existing tests pin.
//!
//! Connections (`products`, `collection.products`, `search`) page with `first`/`after`
//! over opaque cursors and sort as the schema's sort keys say; search matches every word
//! of the query in a product's title or description, ignoring case.
//!
//! Carts ([`carts`]): the Cart API's mutations and `cart`, kept in memory, with
//! stock; [`FakeGraphQl::forget_carts`] forgets them all, as if each had expired.

pub mod carts;

use std::cmp::Ordering;
use std::sync::Arc;

use serde_json::{Map, Value, json};

use self::carts::Carts;
use crate::graphql::{Extras, FakeGraphQl, FieldResolver, Resolver, Session, load_schema};

/// Shopify's published Storefront API 2025-01 introspection result.
pub const SCHEMA_JSON: &str = include_str!("../schemas/shopify-storefront-2025-01.json");
const SHOP: &str = include_str!("../fixtures/shopify/shop.json");
pub const ACCESS_TOKEN_HEADER: &str = "X-Shopify-Storefront-Access-Token";
/// Snowboards the demo shop generates: with the fixture's one, 27 in the snowboards
/// collection, so page 2 holds 3.
pub const DEMO_SNOWBOARDS: usize = 26;
/// The collection the generated snowboards belong to.
const GENERATED_COLLECTION: &str = "snowboards";
/// The collection's own products, in merchandising order, kept out of any answer.
const MEMBERS: &str = "__members";

/// The Storefront schema as SDL.
#[must_use]
pub fn schema_sdl() -> String {
    crate::introspection::to_sdl(&serde_json::from_str(SCHEMA_JSON).unwrap_or(Value::Null))
}

struct Shop {
    products: Vec<Value>,
    collections: Vec<Value>,
    pages: Vec<Value>,
    menu: Value,
}

fn list(value: &Value, key: &str) -> Vec<Value> {
    value[key].as_array().cloned().unwrap_or_default()
}

fn arg<'a>(args: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    args.get(key).and_then(Value::as_str)
}

fn find(items: &[Value], args: &Map<String, Value>) -> Value {
    let by = |key: &str| arg(args, key).and_then(|w| items.iter().find(|i| i[key].as_str() == Some(w)));
    by("id").or_else(|| by("handle")).cloned().unwrap_or(Value::Null)
}

/// The `i`th generated snowboard: names, prices and stock follow from `i` alone.
fn snowboard(i: usize, base: &str) -> Value {
    const ELEMENTS: [&str; 13] = [
        "Argon", "Boron", "Carbon", "Cobalt", "Copper", "Krypton", "Lithium", "Neon", "Nickel", "Radon", "Silicon",
        "Xenon", "Zinc",
    ];
    const STYLES: [&str; 2] = ["Freeride", "Park"];
    let (element, style) = (ELEMENTS[i / STYLES.len() % ELEMENTS.len()], STYLES[i % STYLES.len()]);
    let handle = format!("{}-{}-snowboard", element.to_lowercase(), style.to_lowercase());
    // 37 and 400 are coprime: 26 distinct prices, so price sorting has one answer.
    let price = json!({ "amount": format!("{}.0", 120 + i * 37 % 400), "currencyCode": "USD" });
    json!({
        "__typename": "Product", "id": format!("gid://shopify/Product/{}", 7_982_853_620_000 + i), "handle": handle,
        "title": format!("The {element} {style} Snowboard"),
        "description": format!("A {} board with an {element} core.", style.to_lowercase()),
        "availableForSale": i % 7 != 3, "onlineStoreUrl": null,
        "priceRange": { "maxVariantPrice": price, "minVariantPrice": price },
        "images": { "nodes": [ { "id": format!("gid://shopify/ProductImage/{}", 100 + i),
                                 "url": format!("{base}/s/files/{handle}.png"), "altText": "" } ] },
        "seo": { "title": null, "description": null }
    })
}

/// Shopify gives every product at least one variant: one sold as it is has one, under
/// the option "Title" whose one value is "Default Title". The fixture writes out only the
/// variants of products with options; the rest get theirs here, at the product's price
/// and availability (its id the product's with a 1 after it).
fn sold_as_is(product: &mut Value) {
    if product.get("variants").is_some() {
        return;
    }
    let id = product["id"].as_str().unwrap_or_default().rsplit('/').next().unwrap_or_default().to_owned();
    product["options"] = json!([{ "name": "Title", "optionValues": [{ "name": "Default Title" }] }]);
    product["variants"] = json!({ "nodes": [{
        "id": format!("gid://shopify/ProductVariant/{id}1"), "sku": null,
        "availableForSale": product["availableForSale"],
        "selectedOptions": [{ "name": "Title", "value": "Default Title" }],
        "price": product["priceRange"]["maxVariantPrice"], "compareAtPrice": null, "image": null,
    }] });
}

impl Shop {
    fn load(base: &str, generated: usize) -> Self {
        let fixture: Value = serde_json::from_str(&SHOP.replace("{base}", base)).unwrap_or(Value::Null);
        let mut products = list(&fixture, "products");
        let extra: Vec<Value> = (0..generated).map(|i| snowboard(i, base)).collect();
        let mut collections = list(&fixture, "collections");
        for collection in &mut collections {
            let mut handles = list(collection, "productHandles");
            if collection["handle"] == GENERATED_COLLECTION {
                handles.extend(extra.iter().map(|p| p["handle"].clone()));
            }
            collection[MEMBERS] = Value::Array(handles); // resolved to products below
        }
        products.extend(extra);
        for product in &mut products {
            sold_as_is(product);
        }
        for collection in &mut collections {
            let members = list(collection, MEMBERS)
                .iter()
                .filter_map(|h| products.iter().find(|p| &p["handle"] == h).cloned())
                .collect();
            collection[MEMBERS] = Value::Array(members);
        }
        Self { products, collections, pages: list(&fixture, "pages"), menu: fixture["menu"].clone() }
    }

    /// Products with every word of `query` in their title or description (ignoring
    /// case), title matches first: the fake's relevance.
    fn search(&self, query: &str) -> Vec<Value> {
        let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
        let text = |p: &Value, key: &str| p[key].as_str().unwrap_or_default().to_lowercase();
        let all_in = |haystack: &str| !words.is_empty() && words.iter().all(|w| haystack.contains(w.as_str()));
        let (mut by_title, mut by_description) = (Vec::new(), Vec::new());
        for p in &self.products {
            if all_in(&text(p, "title")) {
                by_title.push(p.clone());
            } else if all_in(&format!("{} {}", text(p, "title"), text(p, "description"))) {
                by_description.push(p.clone());
            }
        }
        by_title.extend(by_description);
        by_title
    }
}

fn price(p: &Value) -> f64 {
    p["priceRange"]["minVariantPrice"]["amount"].as_str().and_then(|a| a.parse().ok()).unwrap_or_default()
}

/// `items` in the order of `sortKey` (stable; keys without an order of their own, such
/// as COLLECTION_DEFAULT, MANUAL and RELEVANCE, keep the given order), then `reverse`.
fn sorted(mut items: Vec<Value>, args: &Map<String, Value>) -> Vec<Value> {
    match arg(args, "sortKey") {
        Some("TITLE") => items.sort_by_key(|p| p["title"].as_str().unwrap_or_default().to_lowercase()),
        Some("PRICE") => items.sort_by(|a, b| price(a).partial_cmp(&price(b)).unwrap_or(Ordering::Equal)),
        Some("ID") => items.sort_by_key(|p| p["id"].as_str().unwrap_or_default().to_owned()),
        _ => {}
    }
    if args.get("reverse").and_then(Value::as_bool) == Some(true) {
        items.reverse();
    }
    items
}

fn cursor(p: &Value) -> Value {
    json!(format!("cursor:{}", p["handle"].as_str().unwrap_or_default()))
}

/// A connection over `items` (already filtered): sorted, then `first` items after the
/// `after` cursor. An unknown cursor pages nothing.
fn connection(items: Vec<Value>, args: &Map<String, Value>) -> Value {
    let items = sorted(items, args);
    let total = items.len();
    let start = match args.get("after").filter(|a| !a.is_null()) {
        None => Some(0),
        Some(after) => items.iter().position(|p| &cursor(p) == after).map(|i| i + 1),
    }
    .unwrap_or(total);
    let first = args.get("first").and_then(Value::as_u64).map_or(0, |f| usize::try_from(f).unwrap_or(usize::MAX));
    let page: Vec<Value> = items.into_iter().skip(start).take(first).collect();
    let end = start + page.len();
    json!({
        "edges": page.iter().map(|p| json!({ "cursor": cursor(p), "node": p })).collect::<Vec<_>>(),
        "pageInfo": {
            "hasNextPage": end < total, "hasPreviousPage": start > 0,
            "startCursor": page.first().map(cursor), "endCursor": page.last().map(cursor),
        },
        "nodes": page,
        "totalCount": total,
    })
}

fn resolver(shop: Arc<Shop>, carts: Arc<Carts>, base: String) -> Resolver {
    Arc::new(move |_: &mut Session, field: &str, args: &Map<String, Value>| match field {
        "cart" | "cartCreate" | "cartLinesAdd" | "cartLinesUpdate" | "cartLinesRemove" => {
            carts.resolve(field, args, &base).unwrap_or(Value::Null)
        }
        "products" => connection(shop.products.clone(), args),
        "product" => find(&shop.products, args),
        "collection" => find(&shop.collections, args),
        "page" => find(&shop.pages, args),
        "search" => {
            let types = args.get("types").and_then(Value::as_array);
            let products = types.is_none_or(|t| t.iter().any(|t| t == "PRODUCT"));
            let found = if products { shop.search(arg(args, "query").unwrap_or_default()) } else { Vec::new() };
            connection(found, args)
        }
        "menu" if arg(args, "handle") == Some("collections") => shop.menu.clone(),
        _ => Value::Null,
    })
}

/// The first `first` of a list (`options(first:)`) or a connection's nodes
/// (`images(first:)`, `variants(first:)`).
fn first_of(value: &Value, args: &Map<String, Value>) -> Value {
    let first =
        args.get("first").and_then(Value::as_u64).map_or(usize::MAX, |f| usize::try_from(f).unwrap_or(usize::MAX));
    match value {
        Value::Array(items) => Value::Array(items.iter().take(first).cloned().collect()),
        Value::Object(_) => json!({ "nodes": list(value, "nodes").into_iter().take(first).collect::<Vec<_>>() }),
        other => other.clone(),
    }
}

/// A collection's `products(first, after, sortKey, reverse)`; a product's first images,
/// options and variants; a cart's first lines.
fn fields() -> FieldResolver {
    Arc::new(|ty: &str, field: &str, parent: &Value, args: &Map<String, Value>| match (ty, field) {
        ("Collection", "products") => Some(connection(list(parent, MEMBERS), args)),
        ("Cart", "lines") => Some(carts::lines(parent, args)),
        ("Product", "images" | "options" | "variants") => Some(first_of(&parent[field], args)),
        _ => None,
    })
}

fn start_shop(access_token: &str, generated: usize) -> FakeGraphQl {
    let schema = load_schema(&schema_sdl(), "shopify-storefront-2025-01.graphql");
    // The carts sell what the shop lists, whose image urls need the shop's url: the
    // carts are filled in once it is known, and forgetting them needs no url.
    let kept: Arc<std::sync::OnceLock<Arc<Carts>>> = Arc::default();
    let forget = kept.clone();
    let extras = Extras {
        pages: Some(Arc::new(carts::pages)),
        forget: Some(Arc::new(move || {
            if let Some(carts) = forget.get() {
                carts.forget();
            }
        })),
        ..Default::default()
    };
    FakeGraphQl::start_with_extras(
        schema,
        "/api/2025-01/graphql.json",
        |url| {
            let shop = Shop::load(url, generated);
            let carts = kept.get_or_init(|| Arc::new(Carts::new(&shop.products))).clone();
            (resolver(Arc::new(shop), carts, url.to_owned()), fields())
        },
        Some((ACCESS_TOKEN_HEADER.to_owned(), access_token.to_owned())),
        extras,
    )
}

/// Starts the fixture shop (three products); its endpoint is `{url}` (the driver adds
/// `/api/2025-01/graphql.json`).
#[must_use]
pub fn start(access_token: &str) -> FakeGraphQl {
    start_shop(access_token, 0)
}

/// Starts the demo shop: the fixture plus [`DEMO_SNOWBOARDS`] generated snowboards in the
/// snowboards collection, enough for a second page.
#[must_use]
pub fn start_demo(access_token: &str) -> FakeGraphQl {
    start_shop(access_token, DEMO_SNOWBOARDS)
}

/// The demo shop of `vitrine all` (with generated snowboards), behind a token made for it
/// alone (it guards nothing real), and the settings that point the adapter at it.
#[must_use]
pub fn demo() -> crate::demo::DemoShop {
    use vitrine_adapter::shopify::backend::{ACCESS_TOKEN, ENDPOINT};
    let token = uuid::Uuid::new_v4().simple().to_string();
    let shop = start_demo(&token);
    let url = shop.url.clone();
    let settings = vitrine_adapter::Settings::new().with(ENDPOINT, url.clone()).with(ACCESS_TOKEN, token);
    crate::demo::DemoShop::new(url, settings, move || shop.stop())
}
