//! The route table of the mock backend: `/api/*` (the spec's "In-memory mock backend",
//! plus category products and search), generated images, health. Content pages need no route of their own: they are the generic collection `pages`.

use std::sync::{Arc, Mutex, RwLock};

use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::{Value, json};

use crate::carts::{AddLine, Carts, SetQuantity};
use crate::checkout::{SetAddress, SetShipping};
use crate::config::RuntimeConfig;
use crate::db::{Db, Reply};
use crate::error::MockError;
use crate::{data, images, listing, menu};

/// Best-sellers returns the first 4 mock products.
const BEST_SELLERS: usize = 4;

pub(crate) struct State {
    pub(crate) db: RwLock<Db>,
    /// Carts live beside the collections (each call answers a whole cart).
    pub(crate) carts: Mutex<Carts>,
    pub(crate) config: RwLock<RuntimeConfig>,
    pub(crate) image_base: String,
    /// The back office's token; `None`: there is no back office.
    pub(crate) backoffice_token: Option<String>,
    /// How many products a reset generates (`Config::products`).
    pub(crate) product_count: u32,
    pub(crate) max_breadth: u32,
}

impl State {
    fn config(&self) -> RuntimeConfig {
        self.config.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    fn db(&self) -> std::sync::RwLockReadGuard<'_, Db> {
        self.db.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn db_mut(&self) -> std::sync::RwLockWriteGuard<'_, Db> {
        self.db.write().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn carts(&self) -> std::sync::MutexGuard<'_, Carts> {
        self.carts.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(crate) fn reset(&self) {
        self.carts().clear();
        *self.db_mut() = Db::new(data::initial_collections(&self.image_base, self.product_count, self.max_breadth));
    }
}

pub(crate) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(|| async { HttpResponse::Ok().body("ok") }))
        .route("/images/{name}.svg", web::get().to(image))
        .route("/_backoffice/orders/{number}", web::get().to(backoffice_order))
        .route("/api/{tail:.*}", web::route().to(api))
        .default_service(web::to(|| async { to_http(Err(MockError::CollectionNotFound(String::new()))) }));
}

async fn image(name: web::Path<String>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header(("Cache-Control", "public, max-age=86400, immutable"))
        .body(images::svg(&name))
}

async fn api(
    req: HttpRequest,
    tail: web::Path<String>,
    body: web::Bytes,
    state: web::Data<Arc<State>>,
) -> HttpResponse {
    let config = state.config();
    // Responses are delayed (default 500 ms).
    if config.delay > 0 {
        tokio::time::sleep(std::time::Duration::from_millis(config.delay)).await;
    }
    let query: Vec<(String, String)> = web::Query::<Vec<(String, String)>>::from_query(req.query_string())
        .map(web::Query::into_inner)
        .unwrap_or_default();
    let segments: Vec<&str> = tail.split('/').filter(|s| !s.is_empty()).collect();
    let result = match segments.split_first() {
        Some((&"commands", rest)) => command(&state, rest.first().copied().unwrap_or_default(), req.method(), &body),
        Some((collection, rest)) => {
            let id = (!rest.is_empty()).then(|| rest.join("/"));
            dispatch(&state, &config, collection, id.as_deref(), req.method(), &body, &query)
        }
        None => Err(MockError::CollectionNotFound(String::new())),
    };
    to_http(result)
}

fn parse_body(body: &[u8]) -> Result<Value, MockError> {
    serde_json::from_slice(body).map_err(|_| MockError::BadBody)
}

fn dispatch(
    state: &State,
    config: &RuntimeConfig,
    collection: &str,
    id: Option<&str>,
    method: &Method,
    body: &[u8],
    query: &[(String, String)],
) -> Result<Reply, MockError> {
    match (collection, method.as_str(), id) {
        ("products", "GET", Some("best-sellers")) => {
            let db = state.db();
            let first: Vec<Value> = db.items("products")?.iter().take(BEST_SELLERS).cloned().collect();
            Ok(Reply::json(200, Value::Array(first)))
        }
        // Before products/{id}: a product cannot be called "search" (like best-sellers).
        ("products", "GET", Some("search")) => listing::search(&state.db(), query, config),
        ("products", "GET", Some(id)) => product(&state.db(), id),
        // Categories/{id or url}/products; categories and categories/{id} stay generic.
        ("categories", "GET", Some(path)) if path.ends_with("/products") => {
            listing::category_products(&state.db(), path.strip_suffix("/products").unwrap_or(path), query)
        }
        // GET navigation and navigation/{id} both answer the whole tree, or its top levels.
        ("navigation", "GET", _) => menu::navigation(&state.db(), query),
        ("carts", _, _) => cart(state, method, id, body),
        // An order's number is guessable: anyone gets its lines and totals, nothing of
        // the shopper's (the back office has the whole record).
        ("orders", "GET", Some(number)) => Ok(Reply::json(200, state.carts().checkout.public_order(number)?)),
        (_, "GET", _) => state.db().get(collection, id, query, config),
        (_, "POST", _) => state.db_mut().post(collection, id, parse_body(body)?, config),
        (_, "PUT", _) => state.db_mut().put(collection, id, parse_body(body)?, config),
        (_, "DELETE", _) => state.db_mut().delete(collection, id, config),
        (_, other, _) => Err(MockError::MethodNotAllowed(other.to_owned())),
    }
}

/// The cart routes (`carts`): each answers the whole cart.
fn cart(state: &State, method: &Method, id: Option<&str>, body: &[u8]) -> Result<Reply, MockError> {
    let parts: Vec<&str> = id.map(|i| i.split('/').collect()).unwrap_or_default();
    let json = |cart| Ok(Reply::json(200, json!(cart)));
    match (method.as_str(), parts.as_slice()) {
        ("POST", []) => Ok(Reply::json(201, json!(state.carts().create(new_cart_id())))),
        ("GET", [cart]) => json(state.carts().get(cart)?),
        ("POST", [cart, "lines"]) => {
            let add: AddLine = body_of(body)?;
            // Read in place: copying a benchmark's catalogue for each line added would cost
            // more than the line.
            let db = state.db();
            json(state.carts().add(cart, db.items("products")?, &add.variant, add.quantity)?)
        }
        ("PUT", [cart, "lines", line]) => {
            json(state.carts().update(cart, line, body_of::<SetQuantity>(body)?.quantity)?)
        }
        ("DELETE", [cart, "lines", line]) => json(state.carts().remove(cart, line)?),
        // Checkout (`crate::checkout`).
        ("GET", [cart, "checkout"]) => Ok(Reply::json(200, json!(state.carts().checkout(cart)?))),
        ("PUT", [cart, "checkout"]) => {
            let set: SetAddress = body_of(body)?;
            Ok(Reply::json(200, json!(state.carts().set_address(cart, set)?)))
        }
        ("GET", [cart, "shipping-options"]) => Ok(Reply::json(200, json!(state.carts().shipping_options(cart)?))),
        ("PUT", [cart, "shipping"]) => {
            let set: SetShipping = body_of(body)?;
            Ok(Reply::json(200, json!(state.carts().set_shipping(cart, &set)?)))
        }
        ("POST", [cart, "order"]) => Ok(Reply::json(201, json!(state.carts().place(cart)?))),
        (other, _) => Err(MockError::MethodNotAllowed(other.to_owned())),
    }
}

fn body_of<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, MockError> {
    serde_json::from_slice(body).map_err(|_| MockError::BadBody)
}

/// A cart id no one can guess from another's.
fn new_cart_id() -> String {
    use rand::Rng;
    let bytes: [u8; 16] = rand::rng().random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `GET /_backoffice/orders/{number}`: the order as placed, the shopper's email too, as a
/// shop's staff see it; what tests read to show that an order placed through Vitrine is
/// the shopper's. Only to `Authorization: Bearer <token>` with the configured token;
/// without one configured there is no back office (404, as any unknown path).
async fn backoffice_order(req: HttpRequest, number: web::Path<String>, state: web::Data<Arc<State>>) -> HttpResponse {
    let Some(token) = state.backoffice_token.as_deref() else {
        return to_http(Err(MockError::CollectionNotFound(String::new())));
    };
    let given = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    if !given.is_some_and(|given| same_secret(given.as_bytes(), token.as_bytes())) {
        let mut res = to_http(Err(MockError::BackOfficeToken));
        res.headers_mut().insert(
            actix_web::http::header::WWW_AUTHENTICATE,
            actix_web::http::header::HeaderValue::from_static("Bearer"),
        );
        return res;
    }
    let order = state.carts().checkout.order(&number);
    to_http(order.map(|o| Reply::json(200, json!(o))))
}

/// Whether two secrets are equal, in a time that does not depend on where they differ
/// (only on their length), so that timing answers does not reveal the token byte by byte.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |differ, (x, y)| differ | (x ^ y)) == 0
}

/// Products/{id} answers one product wrapped as {id, products}; an id that is
/// not a product id is tried as the product's url ("products with a url suffix").
fn product(db: &Db, id_or_url: &str) -> Result<Reply, MockError> {
    let p = db.by_id_or_url("products", id_or_url)?;
    Ok(Reply::json(200, json!({ "id": p["id"], "products": [p] })))
}

/// Command endpoints to reset the db and read or write config. A
/// command that changes state answers POST only, so that a GET (a link, an image URL, a
/// crawler) never resets or reconfigures the backend; reading the config stays a GET.
fn command(state: &State, name: &str, method: &Method, body: &[u8]) -> Result<Reply, MockError> {
    match (name, method.as_str()) {
        ("config", "GET") => Ok(Reply::json(200, json!(state.config()))),
        ("resetDb" | "resetdb", "POST") => {
            state.reset();
            Ok(Reply::no_content())
        }
        ("config", "POST") => {
            let mut merged = json!(state.config());
            let Value::Object(changes) = parse_body(body)? else { return Err(MockError::BadBody) };
            for (k, v) in changes {
                merged[k] = v;
            }
            let next: RuntimeConfig = serde_json::from_value(merged).map_err(|_| MockError::BadBody)?;
            *state.config.write().unwrap_or_else(std::sync::PoisonError::into_inner) = next;
            Ok(Reply::no_content())
        }
        ("resetDb" | "resetdb" | "config", other) => {
            Err(MockError::CommandNeedsPost { command: name.to_owned(), method: other.to_owned() })
        }
        (other, _) => Err(MockError::UnknownCommand(other.to_owned())),
    }
}

fn to_http(result: Result<Reply, MockError>) -> HttpResponse {
    match result {
        Ok(reply) => {
            let mut res = HttpResponse::build(StatusCode::from_u16(reply.status).unwrap_or(StatusCode::OK));
            if let Some(location) = reply.location {
                res.insert_header(("Location", format!("/api/{location}")));
            }
            match reply.body {
                Some(body) => res.json(body),
                None => res.finish(),
            }
        }
        Err(e) => {
            let mut body = json!({ "error": e.to_string() });
            if let Some(code) = e.code() {
                body["code"] = json!(code);
            }
            HttpResponse::build(StatusCode::from_u16(e.status()).unwrap_or(StatusCode::NOT_FOUND)).json(body)
        }
    }
}
