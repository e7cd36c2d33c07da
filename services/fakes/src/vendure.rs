//! A Vendure 3 shop behind [`FakeGraphQl`] at `/shop-api`, validating every document
//! against the Shop API schema introspected from Vendure 3.7.3
//! (`schemas/vendure-shop-3.7.3.graphql`). Its catalogue is the real server's seed
//! (`fixtures/vendure/`, which `deploy/vendure/seed.js` imports into the real one), so the
//! demo shop and the real server the tests run hold the same shop; the drift test
//! (`adapter/tests/real_vendure.rs`) holds their answers to the same shapes.
//!
//! - Reads ([`answers`]): `collections`, `collection`, `search` (grouped by product, a
//!   collection's slug or id, a term of three characters or more whose words prefix a
//!   word of the name, description or a SKU, sorted by name or price, `skip`/`take`),
//!   `product` (disabled ones are null), `activeChannel` (prices exclude tax),
//!   `availableCountries`. Images at `/assets/…`.
//! - The session's order and checkout ([`orders`]), with bearer sessions in the
//!   `vendure-auth-token` header.

pub mod answers;
pub mod catalogue;
pub mod orders;

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use serde_json::{Map, Value, json};

use self::catalogue::Catalogue;
use self::orders::Orders;
use crate::graphql::{Extras, FakeGraphQl, Resolver, Session, load_schema};

/// Vendure 3.7.3's Shop API schema, introspected (`scripts/real-vendure schema`).
pub const SCHEMA: &str = include_str!("../schemas/vendure-shop-3.7.3.graphql");
/// The path of the Shop API.
pub const PATH: &str = "/shop-api";
/// The header that hands out a session's token (Vendure's `authTokenHeaderKey`).
pub const TOKEN_HEADER: &str = "vendure-auth-token";
/// `search`'s page when the input does not say (Vendure's default `take`).
const DEFAULT_TAKE: usize = 25;
/// A search term shorter than this is ignored, as Vendure's SQL search strategies do.
const MIN_TERM: usize = 3;

struct Shop {
    catalogue: Catalogue,
    base: String,
    orders: Mutex<Orders>,
}

fn arg<'a>(args: &'a Map<String, Value>, key: &str) -> &'a Value {
    args.get(key).unwrap_or(&Value::Null)
}

fn count(value: &Value, default: usize) -> usize {
    value.as_u64().and_then(|n| usize::try_from(n).ok()).unwrap_or(default)
}

impl Shop {
    fn orders(&self) -> MutexGuard<'_, Orders> {
        self.orders.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn answer(&self, session: &mut Session, field: &str, args: &Map<String, Value>) -> Value {
        let mut orders = self.orders();
        if let Some(answer) = orders.resolve(&self.catalogue, &self.base, session, field, args) {
            return answer;
        }
        let c = &self.catalogue;
        let saleable = |v: &catalogue::Variant| orders.saleable_variant(c, v);
        match field {
            "collections" => {
                let options = arg(args, "options");
                let top_only = options["topLevelOnly"] == true;
                let all: Vec<Value> = (0..c.collections.len())
                    .filter(|i| !top_only || c.collections[*i].parent.is_none())
                    .map(|i| answers::collection(c, i))
                    .collect();
                let total = all.len();
                let page = all.into_iter().skip(count(&options["skip"], 0)).take(count(&options["take"], usize::MAX));
                json!({ "items": page.collect::<Vec<_>>(), "totalItems": total })
            }
            "collection" => self.collection_index(args).map_or(Value::Null, |i| answers::collection(c, i)),
            "product" => c
                .products
                .iter()
                .filter(|p| p.enabled)
                .find(|p| {
                    arg(args, "slug").as_str() == Some(&p.slug) || arg(args, "id").as_str() == Some(&p.id.to_string())
                })
                .map_or(Value::Null, |p| answers::product(c, &self.base, p, &saleable)),
            "search" => self.search(arg(args, "input"), &saleable),
            "activeChannel" => json!({
                "id": "1", "code": "__default_channel__", "token": "", "pricesIncludeTax": false,
                "defaultCurrencyCode": answers::CURRENCY, "currencyCode": answers::CURRENCY, "defaultLanguageCode": "en",
            }),
            "availableCountries" => json!(
                c.countries
                    .iter()
                    .enumerate()
                    .map(|(i, (code, name))| json!({
                        "id": (i + 1).to_string(), "code": code, "name": name, "enabled": true,
                    }))
                    .collect::<Vec<_>>()
            ),
            _ => Value::Null,
        }
    }

    fn collection_index(&self, args: &Map<String, Value>) -> Option<usize> {
        self.catalogue.collections.iter().position(|k| {
            arg(args, "slug").as_str() == Some(&k.slug) || arg(args, "id").as_str() == Some(&k.id.to_string())
        })
    }

    /// `search(input:)`, always grouped by product (the one way the driver asks).
    fn search(&self, input: &Value, saleable: answers::Saleable<'_>) -> Value {
        let c = &self.catalogue;
        let by_slug = input["collectionSlug"].as_str().map(|s| c.collections.iter().position(|k| k.slug == s));
        let by_id = input["collectionId"].as_str().map(|s| c.collections.iter().position(|k| k.id.to_string() == s));
        let collection = by_slug.or(by_id);
        let term = input["term"].as_str().map(str::trim).filter(|t| t.chars().count() >= MIN_TERM);
        let words: Vec<String> =
            term.map(|t| t.split_whitespace().map(str::to_lowercase).collect()).unwrap_or_default();
        let mut found: Vec<(f64, &catalogue::Product)> = c
            .products
            .iter()
            .filter(|p| p.enabled)
            .filter(|p| match collection {
                None => true,
                Some(None) => false,
                Some(Some(i)) => answers::in_collection(c, i, p),
            })
            .filter_map(|p| {
                let skus = p.variants.iter().map(|v| c.variants[*v].sku.to_lowercase());
                let name = p.name.to_lowercase();
                let text = format!("{name} {} {}", p.description.to_lowercase(), skus.collect::<Vec<_>>().join(" "));
                let has = |hay: &str, w: &str| hay.split_whitespace().any(|h| h.starts_with(w));
                if !words.iter().all(|w| has(&text, w)) {
                    return None;
                }
                // The fake's relevance: a word in the name counts ten times one elsewhere.
                let score = words.iter().map(|w| if has(&name, w) { 1.0 } else { 0.1 }).sum::<f64>();
                Some((score, p))
            })
            .collect();
        let min_price =
            |p: &catalogue::Product| p.variants.iter().map(|v| c.variants[*v].price).min().unwrap_or_default();
        let sort = &input["sort"];
        if let Some(direction) = sort["name"].as_str() {
            found.sort_by_key(|(_, p)| p.name.to_lowercase());
            if direction == "DESC" {
                found.reverse();
            }
        } else if let Some(direction) = sort["price"].as_str() {
            found.sort_by_key(|(_, p)| min_price(p));
            if direction == "DESC" {
                found.reverse();
            }
        } else if !words.is_empty() {
            found.sort_by(|a, b| b.0.total_cmp(&a.0));
        }
        let total = found.len();
        let items: Vec<Value> = found
            .into_iter()
            .skip(count(&input["skip"], 0))
            .take(count(&input["take"], DEFAULT_TAKE))
            .map(|(score, p)| answers::search_item(c, &self.base, p, saleable, score))
            .collect();
        json!({ "totalItems": total, "items": items, "facetValues": [], "collections": [] })
    }
}

/// The demo shop with its test hooks; it is its [`FakeGraphQl`] server otherwise.
pub struct VendureShop {
    server: FakeGraphQl,
    shop: Arc<std::sync::OnceLock<Arc<Shop>>>,
}

impl std::ops::Deref for VendureShop {
    type Target = FakeGraphQl;

    fn deref(&self) -> &FakeGraphQl {
        &self.server
    }
}

impl VendureShop {
    fn with_orders<T>(&self, read: impl FnOnce(&Orders) -> T) -> Option<T> {
        self.shop.get().map(|shop| read(&shop.orders()))
    }

    /// The shop's own record of a placed order, by its code: `{code, state, email}`.
    #[must_use]
    pub fn order(&self, code: &str) -> Option<Value> {
        self.with_orders(|o| o.placed(code)).flatten()
    }

    /// Every placed order's code, oldest first.
    #[must_use]
    pub fn placed_codes(&self) -> Vec<String> {
        self.with_orders(Orders::placed_codes).unwrap_or_default()
    }

    /// Declines every payment from now on (`true`), as a card the payment provider refuses.
    pub fn decline_payments(&self, decline: bool) {
        if let Some(shop) = self.shop.get() {
            shop.orders().decline_payments(decline);
        }
    }

    /// Stops the server and returns once it has stopped.
    pub async fn stop(self) {
        self.server.stop().await;
    }
}

/// Starts the demo shop: the Shop API at `{url}/shop-api`, images at `{url}/assets/…`.
///
/// # Panics
/// When no port can be bound, or the seed's files (built in) do not parse.
#[must_use]
pub fn start() -> VendureShop {
    let kept: Arc<std::sync::OnceLock<Arc<Shop>>> = Arc::default();
    let (made, forget) = (kept.clone(), kept.clone());
    let extras = Extras {
        forget: Some(Arc::new(move || {
            if let Some(shop) = forget.get() {
                shop.orders().forget_sessions();
            }
        })),
        session_header: Some(TOKEN_HEADER),
        ..Extras::default()
    };
    let server = FakeGraphQl::start_with_extras(
        load_schema(SCHEMA, "vendure-shop-3.7.3.graphql"),
        PATH,
        move |url| {
            #[allow(clippy::expect_used)]
            let catalogue = catalogue::load(catalogue::SHOP, catalogue::PRODUCTS).expect("the seed's files parse");
            let shop = made
                .get_or_init(|| Arc::new(Shop { catalogue, base: url.to_owned(), orders: Mutex::default() }))
                .clone();
            let resolver: Resolver = Arc::new(move |session: &mut Session, field: &str, args: &Map<String, Value>| {
                shop.answer(session, field, args)
            });
            (resolver, Arc::new(|_: &str, _: &str, _: &Value, _: &Map<String, Value>| None))
        },
        None,
        extras,
    );
    VendureShop { server, shop: kept }
}

/// The demo shop of `vitrine all`, and the settings that point the adapter at it.
#[must_use]
pub fn demo() -> crate::demo::DemoShop {
    let shop = start();
    let url = shop.url.clone();
    let settings = vitrine_adapter::Settings::new().with(vitrine_adapter::vendure::backend::URL, url.clone());
    crate::demo::DemoShop::new(url, settings, move || shop.stop())
}
