//! A Medusa 2 store behind the Store API (`/store/…`), answering in the shapes of the
//! real server the project runs (2.21, `scripts/real-medusa`; the drift test
//! `adapter/tests/real_medusa.rs` holds the two together) for the calls a storefront
//! makes: regions, products (filters, search, paging, order,
//! region prices), product categories (top level and their descendants), and carts
//! (created, read, lines added, updated and deleted; `carts`), whose answers
//! honour `fields` as Medusa does (`fields`), and a guest's checkout (email and
//! addresses, shipping options and method, payment collection and session, completion
//! into orders the shop keeps; `carts::checkout`). Every request must carry the store's
//! publishable key in `x-publishable-api-key` (Medusa's 400 `not_allowed` otherwise), and
//! is checked against the Store API's OpenAPI document (`schemas/medusa-store-2.0.yaml`,
//! [`openapi`]): a method the path does not declare, an undeclared or mistyped query
//! parameter, or a JSON body that does not match the operation's schema is a 400
//! `invalid_data`, recorded for the tests ([`MedusaShop::invalid`]). Every request is
//! recorded, method and body included ([`MedusaShop::received`]), so a test can show
//! that a cart lives in the shop.
//!
//! The fixture (`fixtures/medusa/store.json`) holds each record with the columns Medusa
//! keeps of it; a route answers what its defaults name of them. One region (Europe,
//! euros; Germany, France, the United Kingdom and the Netherlands), twelve
//! categories on three levels listed out of `rank` order, 32 products (26 T-shirts, so a
//! T-shirt page of 24 runs onto a second; a discounted hoodie in sizes S, M and L, L dearer
//! and sold out, whose description holds markup; a tote without a thumbnail; a mug out of stock). Product photos are generated
//! PNGs under `/static/`, where Medusa's local file module serves uploads.

mod cart_routes;
mod carts;
mod checkout_routes;
mod fields;
pub mod openapi;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use serde_json::{Map, Value, json};

use self::carts::Carts;
pub use self::carts::checkout::{Completion, MAX_ORDERS, PAYMENT_PROVIDER, SHIPPING_OPTIONS, TAX_RATES};
pub use self::fields::field_path;
use self::openapi::{OpenApi, QueryPair};
use crate::serving::Serving;

/// Medusa's Store API OpenAPI document (2.0.0), as Medusa publishes it.
pub const OPENAPI_YAML: &str = include_str!("../../schemas/medusa-store-2.0.yaml");
const STORE: &str = include_str!("../../fixtures/medusa/store.json");
/// The demo shop's publishable key (publishable keys are public: storefronts send them
/// from browsers).
pub const DEMO_KEY: &str = "pk_vitrine_demo_store";
/// The fixture's one region.
pub const REGION_ID: &str = "reg_01EUROPE";
pub const KEY_HEADER: &str = "x-publishable-api-key";
const DEFAULT_LIMIT: usize = 50;
/// Medusa 2.0's texts for a missing and a wrong key.
const KEY_MISSING: &str = "Publishable API key required in the request header: x-publishable-api-key. You can manage \
                           your keys in settings in the dashboard.";
const KEY_WRONG: &str = "A valid publishable key is required to proceed with the request";

/// The Store API document, parsed once per process (it is a megabyte of YAML).
///
/// # Errors
/// When the document does not parse (then every request is refused).
pub fn openapi() -> &'static Result<OpenApi, String> {
    static API: OnceLock<Result<OpenApi, String>> = OnceLock::new();
    API.get_or_init(|| OpenApi::parse(OPENAPI_YAML))
}

/// One request as the shop received it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    /// `GET`, `POST`, `DELETE` …
    pub method: String,
    pub path_and_query: String,
    /// The `x-publishable-api-key` header, if any.
    pub key: Option<String>,
    /// The body, when there was one.
    pub body: Option<String>,
}

struct Shop {
    key: String,
    regions: Vec<Value>,
    categories: Vec<Value>,
    products: Vec<Value>,
    carts: Carts,
    received: Mutex<Vec<Received>>,
    invalid: Mutex<Vec<String>>,
    /// 0: answer normally; else every `/store` answer is this status.
    fail_with: AtomicU16,
    /// What the next completions answer instead of an order.
    refuse_completion: Mutex<Option<Completion>>,
    garbage: AtomicBool,
    delay_ms: AtomicU64,
    photos: Mutex<HashMap<String, Vec<u8>>>,
}

/// The running shop; stopped on drop or with [`MedusaShop::stop`].
pub struct MedusaShop {
    pub url: String,
    /// `host:port`, as allow-lists want it.
    pub authority: String,
    shop: Arc<Shop>,
    serving: Serving,
}

/// Starts the shop on a free loopback port, accepting `publishable_key`.
///
/// # Panics
/// When no port can be bound.
#[must_use]
pub fn start(publishable_key: &str) -> MedusaShop {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.set_nonblocking(true).expect("nonblocking");
    let authority = listener.local_addr().expect("addr").to_string();
    let url = format!("http://{authority}");
    let store: Value = serde_json::from_str(&STORE.replace("{base}", &url)).unwrap_or(Value::Null);
    let list = |key: &str| store[key].as_array().cloned().unwrap_or_default();
    let shop = Arc::new(Shop {
        key: publishable_key.to_owned(),
        regions: list("regions"),
        categories: list("product_categories"),
        products: list("products"),
        carts: Carts::default(),
        received: Mutex::default(),
        invalid: Mutex::default(),
        fail_with: AtomicU16::new(0),
        refuse_completion: Mutex::default(),
        garbage: AtomicBool::new(false),
        delay_ms: AtomicU64::new(0),
        photos: Mutex::default(),
    });
    let state = shop.clone();
    let server = HttpServer::new(move || {
        let shop = state.clone();
        let back_office = state.clone();
        App::new()
            // The store's own record of an order, as an admin sees it: what the
            // browser tests read to show an order placed through Vitrine is the store's.
            // Not the Store API (a guest's order by display id is the admin's).
            .route(
                "/_demo/orders/{display_id}",
                web::get().to(move |id: web::Path<u64>| {
                    let order = back_office.carts.order(*id);
                    async move {
                        order.map_or_else(
                            || actix_web::HttpResponse::NotFound().finish(),
                            |o| actix_web::HttpResponse::Ok().json(o),
                        )
                    }
                }),
            )
            .default_service(web::to(move |req: HttpRequest, body: web::Bytes| {
                let shop = shop.clone();
                async move { shop.answer(&req, &body).await }
            }))
    })
    .workers(1)
    .disable_signals()
    .listen(listener)
    .expect("listen")
    .run();
    MedusaShop { url, authority, shop, serving: Serving::spawn(server) }
}

impl MedusaShop {
    /// Every request so far, in order.
    #[must_use]
    pub fn received(&self) -> Vec<Received> {
        self.shop.received.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// The problems of the requests refused as not matching the OpenAPI document.
    #[must_use]
    pub fn invalid(&self) -> Vec<String> {
        self.shop.invalid.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Every `/store` answer becomes `status` with a Medusa error body; `None` restores.
    pub fn fail_with(&self, status: Option<u16>) {
        self.shop.fail_with.store(status.unwrap_or(0), Ordering::Relaxed);
    }

    /// Every `/store` answer becomes a 200 HTML page (a proxy's error page, say).
    pub fn garbage(&self, on: bool) {
        self.shop.garbage.store(on, Ordering::Relaxed);
    }

    /// Waits `delay` before each answer.
    pub fn delay(&self, delay: Duration) {
        self.shop.delay_ms.store(u64::try_from(delay.as_millis()).unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    /// Forgets every cart, as a store does with an expired or deleted cart: the next call
    /// naming one is a 404 `not_found`.
    pub fn forget_carts(&self) {
        self.shop.carts.forget();
    }

    /// The next completions answer `refusal` instead of placing an order
    /// (`None`: they place again).
    pub fn refuse_completion(&self, refusal: Option<Completion>) {
        *self.shop.refuse_completion.lock().unwrap_or_else(PoisonError::into_inner) = refusal;
    }

    /// The order numbered `display_id` as the shop keeps it (`StoreOrder`).
    #[must_use]
    pub fn order(&self, display_id: u64) -> Option<Value> {
        self.shop.carts.order(display_id)
    }

    /// How many orders the shop keeps (at most [`MAX_ORDERS`]).
    #[must_use]
    pub fn order_count(&self) -> usize {
        self.shop.carts.order_count()
    }

    /// Stops the server and returns once it has stopped.
    pub async fn stop(self) {
        self.serving.stop().await;
    }
}

/// Medusa's error body.
fn error(status: u16, kind: &str, message: &str) -> HttpResponse {
    HttpResponse::build(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR))
        .json(json!({ "type": kind, "message": message }))
}

fn not_found(message: &str) -> HttpResponse {
    error(404, "not_found", message)
}

/// The decoded query pairs, in order.
fn pairs(req: &HttpRequest) -> Vec<QueryPair> {
    web::Query::<Vec<QueryPair>>::from_query(req.query_string()).map(web::Query::into_inner).unwrap_or_default()
}

/// The values given for `name`, as `name`, `name[]` or repeated.
fn values<'a>(query: &'a [QueryPair], name: &str) -> Vec<&'a str> {
    query.iter().filter(|(k, _)| k == name || k.strip_suffix("[]") == Some(name)).map(|(_, v)| v.as_str()).collect()
}

fn first<'a>(query: &'a [QueryPair], name: &str) -> Option<&'a str> {
    values(query, name).into_iter().next()
}

fn number(query: &[QueryPair], name: &str, default: usize) -> usize {
    first(query, name).and_then(|v| v.parse::<f64>().ok()).map_or(default, |n| n.max(0.0) as usize)
}

/// `{key: page, count, offset, limit}` of `items`, paged by the query's `limit` and `offset`.
fn paged(key: &str, items: Vec<Value>, query: &[QueryPair]) -> Value {
    let (limit, offset) = (number(query, "limit", DEFAULT_LIMIT), number(query, "offset", 0));
    let count = items.len();
    let page: Vec<Value> = items.into_iter().skip(offset).take(limit).collect();
    json!({ key: page, "count": count, "offset": offset, "limit": limit })
}

impl Shop {
    async fn answer(&self, req: &HttpRequest, body: &[u8]) -> HttpResponse {
        let path = req.path();
        if let Some(name) = path.strip_prefix("/static/").and_then(|f| f.strip_suffix(".png")) {
            return self.photo(name);
        }
        let query = pairs(req);
        let key = req.headers().get(KEY_HEADER).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let path_and_query = req.uri().path_and_query().map_or_else(|| path.to_owned(), |pq| pq.as_str().to_owned());
        let method = req.method().as_str().to_owned();
        self.received.lock().unwrap_or_else(PoisonError::into_inner).push(Received {
            method: method.clone(),
            path_and_query,
            key: key.clone(),
            body: (!body.is_empty()).then(|| String::from_utf8_lossy(body).into_owned()),
        });
        let delay = self.delay_ms.load(Ordering::Relaxed);
        if delay > 0 {
            tokio::time::sleep(Duration::from_millis(delay)).await;
        }
        if !path.starts_with("/store/") {
            return not_found(&format!("Cannot GET {path}"));
        }
        match key.as_deref() {
            None | Some("") => return error(400, "not_allowed", KEY_MISSING),
            Some(k) if k != self.key => return error(400, "not_allowed", KEY_WRONG),
            Some(_) => {}
        }
        let failing = self.fail_with.load(Ordering::Relaxed);
        if failing != 0 {
            return error(failing, "unknown_error", "An unknown error occurred.");
        }
        if self.garbage.load(Ordering::Relaxed) {
            return HttpResponse::Ok().content_type("text/html").body("<html>not json");
        }
        // Medusa's body parser reads JSON only: any other body is none.
        let json =
            req.headers().get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|t| {
                t.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
            });
        let body = json.then_some(body).filter(|b| !b.is_empty());
        let problems = match openapi() {
            Ok(api) => api.check_request(&method, path, &query, body),
            Err(e) => vec![format!("the OpenAPI document does not parse: {e}")],
        };
        if !problems.is_empty() {
            let message = problems.join("; ");
            self.invalid.lock().unwrap_or_else(PoisonError::into_inner).push(message.clone());
            return error(400, "invalid_data", &message);
        }
        if method != "GET" {
            let body = body.and_then(|b| serde_json::from_slice(b).ok()).unwrap_or(Value::Null);
            return self.write(&method, path, &query, &body);
        }
        self.route(path, &query)
    }

    fn route(&self, path: &str, query: &[QueryPair]) -> HttpResponse {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        match segments.as_slice() {
            ["store", "carts", id] => self.cart(id, query),
            ["store", "shipping-options"] => self.shipping_options(query),
            ["store", "regions"] => {
                HttpResponse::Ok().json(paged("regions", self.regions.iter().map(store_region).collect(), query))
            }
            ["store", "regions", id] => self.region(id).map_or_else(
                || not_found(&format!("Region with id: {id} was not found")),
                |r| HttpResponse::Ok().json(json!({ "region": store_region(r) })),
            ),
            ["store", "products"] => self.products(query),
            ["store", "products", id] => self.product(id, query),
            ["store", "product-categories"] => self.categories(query),
            ["store", "product-categories", id] => {
                let descendants = first(query, "include_descendants_tree") == Some("true");
                self.categories.iter().find(|c| c["id"] == *id).map_or_else(
                    || not_found(&format!("Product category with id: {id} was not found")),
                    |c| HttpResponse::Ok().json(json!({ "product_category": self.listed_category(c, descendants) })),
                )
            }
            _ => not_found(&format!("Cannot GET {path}")),
        }
    }

    fn region(&self, id: &str) -> Option<&Value> {
        self.regions.iter().find(|r| r["id"] == id)
    }

    /// The region whose prices a request asks for: `Ok(None)` when it asks for none
    /// (Medusa adds `calculated_price` only with a region and the field asked for); the
    /// error is Medusa's text for an unknown region.
    fn pricing(&self, query: &[QueryPair]) -> Result<Option<&Value>, String> {
        let asked = first(query, "fields").is_some_and(|f| {
            f.split(',').any(|field| field.trim().trim_start_matches('+') == "*variants.calculated_price")
        });
        match first(query, "region_id") {
            Some(id) => match self.region(id) {
                Some(region) => Ok(asked.then_some(region)),
                None => Err(format!("Region with id: {id} was not found")),
            },
            None => Ok(None),
        }
    }

    fn products(&self, query: &[QueryPair]) -> HttpResponse {
        let region = match self.pricing(query) {
            Ok(region) => region,
            Err(message) => return not_found(&message),
        };
        let ids = values(query, "id");
        let handles = values(query, "handle");
        let categories = values(query, "category_id");
        let words: Vec<String> =
            first(query, "q").unwrap_or_default().split_whitespace().map(str::to_lowercase).collect();
        let mut found: Vec<&Value> = self
            .products
            .iter()
            .filter(|p| ids.is_empty() || ids.iter().any(|id| p["id"] == *id))
            .filter(|p| handles.is_empty() || handles.iter().any(|h| p["handle"] == *h))
            .filter(|p| {
                categories.is_empty()
                    || p["categories"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .any(|c| categories.iter().any(|id| c["id"] == *id))
            })
            .filter(|p| {
                let text = ["title", "subtitle", "description", "handle"]
                    .map(|f| p[f].as_str().unwrap_or_default().to_lowercase())
                    .join(" ");
                words.iter().all(|w| text.contains(w.as_str()))
            })
            .collect();
        if let Some(order) = first(query, "order") {
            let (field, descending) = order.strip_prefix('-').map_or((order, false), |f| (f, true));
            if !matches!(field, "title" | "created_at" | "updated_at" | "handle") {
                return error(400, "invalid_data", &format!("Order field {field} is not valid"));
            }
            found.sort_by(|a, b| a[field].as_str().cmp(&b[field].as_str()));
            if descending {
                found.reverse();
            }
        }
        let stock = stock_asked(query);
        let rendered = found.into_iter().map(|p| render(p, region, stock)).collect();
        HttpResponse::Ok().json(paged("products", rendered, query))
    }

    fn product(&self, id: &str, query: &[QueryPair]) -> HttpResponse {
        let region = match self.pricing(query) {
            Ok(region) => region,
            Err(message) => return not_found(&message),
        };
        self.products.iter().find(|p| p["id"] == id).map_or_else(
            || not_found(&format!("Product with id: {id} was not found")),
            |p| {
                let mut product = render(p, region, stock_asked(query));
                // The route asks for `categories.is_internal` whatever the fields (to hide
                // internal categories when categories are asked for), so each category
                // comes with that column alone.
                product["categories"] = p["categories"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|c| self.categories.iter().find(|full| full["id"] == c["id"]))
                    .map(|c| json!({ "is_internal": c["is_internal"] }))
                    .collect();
                HttpResponse::Ok().json(json!({ "product": product }))
            },
        )
    }

    fn categories(&self, query: &[QueryPair]) -> HttpResponse {
        let parents = values(query, "parent_category_id");
        let handles = values(query, "handle");
        let ids = values(query, "id");
        let descendants = first(query, "include_descendants_tree") == Some("true");
        let found = self
            .categories
            .iter()
            .filter(|c| {
                parents.is_empty()
                    || parents.iter().any(|p| {
                        if *p == "null" { c["parent_category_id"].is_null() } else { c["parent_category_id"] == *p }
                    })
            })
            .filter(|c| handles.is_empty() || handles.iter().any(|h| c["handle"] == *h))
            .filter(|c| ids.is_empty() || ids.iter().any(|id| c["id"] == *id))
            .map(|c| self.listed_category(c, descendants))
            .collect();
        HttpResponse::Ok().json(paged("product_categories", found, query))
    }

    /// The children of `category`, in the fixture's order: Medusa does not sort them by
    /// `rank`.
    fn children<'a>(&'a self, category: &'a Value) -> impl Iterator<Item = &'a Value> {
        self.categories.iter().filter(|c| c["parent_category_id"] == category["id"])
    }

    /// A category as the category routes list it: the route's default columns (no
    /// `mpath`, `is_active`, `is_internal` nor `deleted_at`), then
    /// - with `include_descendants_tree`: its descendants all the way down, each with every
    ///   column and its own `category_children`; no `parent_category`;
    /// - without: its parent and its children one level down, each with every column and
    ///   no relation of its own.
    fn listed_category(&self, category: &Value, descendants: bool) -> Value {
        let mut out: Map<String, Value> = LISTED_CATEGORY_FIELDS
            .iter()
            .filter_map(|f| category.get(*f).map(|v| ((*f).to_owned(), v.clone())))
            .collect();
        if descendants {
            out.insert("category_children".into(), self.children(category).map(|c| self.tree(c)).collect());
        } else {
            let parent = self.categories.iter().find(|c| c["id"] == category["parent_category_id"]);
            out.insert("parent_category".into(), parent.cloned().unwrap_or(Value::Null));
            out.insert("category_children".into(), self.children(category).cloned().collect());
        }
        Value::Object(out)
    }

    /// A descendant in `include_descendants_tree`: every column, and its own descendants.
    fn tree(&self, category: &Value) -> Value {
        let mut out = category.clone();
        out["category_children"] = self.children(category).map(|c| self.tree(c)).collect();
        out
    }

    fn photo(&self, name: &str) -> HttpResponse {
        if !self.products.iter().any(|p| p.to_string().contains(&format!("/static/{name}.png"))) {
            return HttpResponse::NotFound().finish();
        }
        let mut photos = self.photos.lock().unwrap_or_else(PoisonError::into_inner);
        let png = photos.entry(name.to_owned()).or_insert_with(|| photo(name)).clone();
        HttpResponse::Ok().content_type("image/png").body(png)
    }
}

/// The category routes' default columns of the categories they list.
const LISTED_CATEGORY_FIELDS: [&str; 10] = [
    "id",
    "name",
    "description",
    "handle",
    "rank",
    "external_id",
    "parent_category_id",
    "created_at",
    "updated_at",
    "metadata",
];

/// A region as the region routes answer it: their defaults are the region's columns but
/// `automatic_taxes` (which a cart's region carries), and every column of its countries.
fn store_region(region: &Value) -> Value {
    let mut out = region.clone();
    if let Some(r) = out.as_object_mut() {
        r.remove("automatic_taxes");
    }
    out
}

/// Whether `fields` asks for the variants' stock (`+variants.inventory_quantity`, as the
/// driver does): Medusa computes it only then.
fn stock_asked(query: &[QueryPair]) -> bool {
    first(query, "fields").is_some_and(|f| {
        f.split(',').any(|field| field.trim().trim_start_matches(['+', ' ']) == "variants.inventory_quantity")
    })
}

/// What the fixture's products hold that the product routes' defaults leave out: columns
/// (`status`, `external_id`, `metadata`, `deleted_at`; a cart's line and an order show
/// them) and the categories (the demo shop's record of membership, for `category_id`).
const PRODUCT_NOT_DEFAULT: [&str; 5] = ["status", "external_id", "metadata", "deleted_at", "categories"];

/// A product as the product routes answer it with their defaults: the fixture's product
/// but [`PRODUCT_NOT_DEFAULT`], each option value with its option's columns, each
/// variant's `inventory_quantity` only when `stock` was asked for, and its
/// `calculated_price` in `region`'s currency when prices were asked for.
fn render(product: &Value, region: Option<&Value>, stock: bool) -> Value {
    let mut product = product.clone();
    let options: Vec<Value> = product["options"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| {
            let mut own = o.clone();
            if let Some(own) = own.as_object_mut() {
                own.remove("values");
            }
            own
        })
        .collect();
    if let Some(p) = product.as_object_mut() {
        for gone in PRODUCT_NOT_DEFAULT {
            p.remove(gone);
        }
    }
    for variant in product["variants"].as_array_mut().into_iter().flatten() {
        for value in variant["options"].as_array_mut().into_iter().flatten() {
            let option = options.iter().find(|o| o["id"] == value["option_id"]);
            value["option"] = option.cloned().unwrap_or(Value::Null);
        }
        let Some(v) = variant.as_object_mut() else { continue };
        let price = v.remove("price").unwrap_or(Value::Null);
        if !stock {
            v.remove("inventory_quantity");
        }
        if let Some(region) = region {
            v.insert("calculated_price".into(), calculated_price(v, &price, &region["currency_code"]));
        }
    }
    product
}

/// An amount's `raw_*` twin, as Medusa's big numbers carry it (`{"value": "11.55",
/// "precision": 20}`).
pub(crate) fn raw(amount: &Value) -> Value {
    let value = match amount.as_f64() {
        Some(x) if x.fract() == 0.0 && x.abs() < 1e15 => format!("{}", x as i64),
        Some(x) => x.to_string(),
        None => amount.to_string(),
    };
    json!({ "value": value, "precision": 20 })
}

/// Medusa's calculated price set of one variant: `price` holds the fixture's
/// `calculated_amount` and `original_amount`, in major units; a lower calculated amount
/// is a sale price list's.
fn calculated_price(variant: &Map<String, Value>, price: &Value, currency: &Value) -> Value {
    let (calculated, original) = (&price["calculated_amount"], &price["original_amount"]);
    let on_sale = calculated.as_f64() < original.as_f64();
    let variant_id = variant.get("id").and_then(Value::as_str).unwrap_or_default();
    let id = format!("pset_{variant_id}");
    let list = |sale: bool| {
        json!({
            "id": format!("price_{variant_id}{}", if sale { "_SALE" } else { "" }),
            "price_list_id": if sale { json!("plist_01SALE") } else { Value::Null },
            "price_list_type": if sale { json!("sale") } else { Value::Null }, "min_quantity": null, "max_quantity": null
        })
    };
    json!({
        "id": id,
        "is_calculated_price_price_list": on_sale,
        "is_calculated_price_tax_inclusive": false,
        "calculated_amount": calculated,
        "raw_calculated_amount": raw(calculated),
        "is_original_price_price_list": false,
        "is_original_price_tax_inclusive": false,
        "original_amount": original,
        "raw_original_amount": raw(original),
        "currency_code": currency,
        "calculated_price": list(on_sale),
        "original_price": list(false),
    })
}

/// A product photo: a disc whose colour follows from the file's name.
fn photo(name: &str) -> Vec<u8> {
    let seed = name.bytes().fold(7u8, |h, b| h.wrapping_mul(31).wrapping_add(b));
    let img = image::RgbImage::from_fn(400, 400, |x, y| {
        let (dx, dy) = (i64::from(x) - 200, i64::from(y) - 200);
        if dx * dx + dy * dy < 120 * 120 {
            image::Rgb([seed, seed.wrapping_mul(3), 160])
        } else {
            image::Rgb([245, 244, 240])
        }
    });
    let mut out = Vec::new();
    let _ = image::DynamicImage::ImageRgb8(img).write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png);
    out
}

/// The demo shop of `vitrine all`, its demo key, and the settings that point the adapter at it.
#[must_use]
pub fn demo() -> crate::demo::DemoShop {
    use vitrine_adapter::medusa::backend::{PUBLISHABLE_KEY, URL};
    let shop = start(DEMO_KEY);
    let url = shop.url.clone();
    let settings = vitrine_adapter::Settings::new().with(URL, url.clone()).with(PUBLISHABLE_KEY, DEMO_KEY);
    crate::demo::DemoShop::new(url, settings, move || shop.stop())
}
