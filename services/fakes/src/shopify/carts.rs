//! The demo shop's carts, kept in memory and answered as the Storefront API's
//! Cart API answers: `cartCreate`, `cartLinesAdd` (a variant the cart holds merges into
//! its line), `cartLinesUpdate` (0 removes the line), `cartLinesRemove`, and `cart(id:)`
//! (null for a cart the shop does not know). Each mutation answers the cart with
//! `userErrors` (nothing changed: an unknown cart, variant or line) and `warnings` (the
//! change was made, adjusted: stock).
//!
//! Stock: every variant for sale has [`STOCK`] available, the others none. Asking for more
//! than is available sets the line to what is (`MERCHANDISE_NOT_ENOUGH_STOCK`, targeting
//! the line); a variant with none is not added (`MERCHANDISE_OUT_OF_STOCK`, targeting the
//! variant). Bounded: [`MAX_CARTS`] carts (the oldest forgotten first), [`MAX_LINES`]
//! lines each. The ids are Shopify's shapes: `gid://shopify/Cart/{token}?key={key}` (the
//! key is what lets a client read the cart) and `gid://shopify/CartLine/{id}?cart={token}`;
//! `checkoutUrl` is the shop's own `/cart/c/{token}?key={key}`.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, RandomState};
use std::sync::{Mutex, PoisonError};

use actix_web::{HttpResponse, web};
use serde_json::{Map, Value, json};

/// What each variant for sale has in stock.
pub const STOCK: u32 = 5;
/// The most carts the shop keeps; the oldest is forgotten to make room.
pub const MAX_CARTS: usize = 2_000;
/// The most lines a cart holds (Shopify's bound on one `cartLinesAdd`).
pub const MAX_LINES: usize = 250;
const CART_GID: &str = "gid://shopify/Cart/";
const LINE_GID: &str = "gid://shopify/CartLine/";

struct Line {
    id: String,
    merchandise: String,
    quantity: u32,
}

struct Cart {
    key: String,
    lines: Vec<Line>,
}

#[derive(Default)]
struct Kept {
    carts: HashMap<String, Cart>,
    /// Tokens, oldest first.
    order: VecDeque<String>,
    /// How many carts and changes there have been: what ids are drawn from.
    issued: u64,
}

/// One change asked of a cart's lines.
enum Change<'a> {
    Add(&'a [Value]),
    Update(&'a [Value]),
    Remove(&'a [Value]),
}

pub(crate) struct Carts {
    /// Every variant by its global id, as `merchandise` answers it.
    merchandise: HashMap<String, Value>,
    kept: Mutex<Kept>,
    /// Per shop: tokens nobody can guess from another shop's.
    seed: RandomState,
}

fn user_error(field: &[String], message: &str) -> Value {
    json!({ "code": "INVALID", "field": field, "message": message })
}

fn field(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|p| (*p).to_owned()).collect()
}

fn warning(code: &str, target: &str) -> Value {
    json!({ "code": code, "target": target, "message": match code {
        "MERCHANDISE_OUT_OF_STOCK" => "The merchandise is out of stock.",
        _ => "The merchandise does not have enough stock.",
    } })
}

/// A decimal string as Shopify writes one (`"600.0"`, `"29.95"`) in cents.
/// A decimal string of dollars (the fixture's prices) in cents.
fn cents(amount: &Value) -> i64 {
    amount.as_str().and_then(|a| vitrine_domain::money::from_decimal(a, Some("USD"))).unwrap_or_default()
}

fn decimal(cents: i64) -> String {
    let (whole, part) = (cents / 100, cents % 100);
    if part % 10 == 0 { format!("{whole}.{}", part / 10) } else { format!("{whole}.{part:02}") }
}

fn money(cents: i64, currency: &str) -> Value {
    json!({ "amount": decimal(cents), "currencyCode": currency })
}

fn quantity(line: &Value) -> Option<i64> {
    line.get("quantity").and_then(Value::as_i64)
}

impl Carts {
    /// The carts of a shop selling `products` (each with its `variants`).
    pub(crate) fn new(products: &[Value]) -> Self {
        let mut merchandise = HashMap::new();
        for product in products {
            let mut owner = product.clone();
            if let Some(fields) = owner.as_object_mut() {
                fields.remove("variants");
            }
            for variant in product["variants"]["nodes"].as_array().into_iter().flatten() {
                let mut v = variant.clone();
                let title: Vec<&str> = variant["selectedOptions"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|o| o["value"].as_str())
                    .collect();
                let stock = if variant["availableForSale"] == true { STOCK } else { 0 };
                v["__typename"] = json!("ProductVariant");
                v["title"] = json!(title.join(" / "));
                v["quantityAvailable"] = json!(stock);
                v["product"] = owner.clone();
                merchandise.insert(variant["id"].as_str().unwrap_or_default().to_owned(), v);
            }
        }
        Self { merchandise, kept: Mutex::default(), seed: RandomState::new() }
    }

    fn available(&self, merchandise: &str) -> u32 {
        self.merchandise
            .get(merchandise)
            .and_then(|m| m["quantityAvailable"].as_u64())
            .map_or(0, |q| u32::try_from(q).unwrap_or(u32::MAX))
    }

    /// Forgets every cart, as if each had expired.
    pub(crate) fn forget(&self) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.carts.clear();
        kept.order.clear();
    }

    /// The answer to a cart field (`cart`, `cartCreate`, `cartLines…`), or `None` for any
    /// other field. `base` is the shop's own URL (for `checkoutUrl`).
    pub(crate) fn resolve(&self, field_name: &str, args: &Map<String, Value>, base: &str) -> Option<Value> {
        let cart_id = args.get("cartId").or_else(|| args.get("id")).and_then(Value::as_str).unwrap_or_default();
        let empty = Vec::new();
        let list = |key: &str| args.get(key).and_then(Value::as_array).unwrap_or(&empty);
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        Some(match field_name {
            "cart" => token(cart_id, &kept).map_or(Value::Null, |t| self.render(&t, &kept.carts[&t], base)),
            "cartCreate" => {
                let token = self.create(&mut kept);
                let lines = args.get("input").and_then(|i| i.get("lines")).and_then(Value::as_array);
                self.change(&mut kept, &token, &Change::Add(lines.unwrap_or(&empty)), base)
            }
            "cartLinesAdd" | "cartLinesUpdate" | "cartLinesRemove" => {
                let Some(token) = token(cart_id, &kept) else {
                    let error = user_error(&field(&["cartId"]), "The specified cart does not exist.");
                    return Some(json!({ "cart": null, "userErrors": [error], "warnings": [] }));
                };
                let change = match field_name {
                    "cartLinesAdd" => Change::Add(list("lines")),
                    "cartLinesUpdate" => Change::Update(list("lines")),
                    _ => Change::Remove(list("lineIds")),
                };
                self.change(&mut kept, &token, &change, base)
            }
            _ => return None,
        })
    }

    /// A new empty cart's token; the oldest cart goes when the shop holds [`MAX_CARTS`].
    fn create(&self, kept: &mut Kept) -> String {
        kept.issued += 1;
        let issued = kept.issued;
        let token = format!("c1-{:016x}{issued:x}", self.seed.hash_one(("cart", issued)));
        let key = format!("{:016x}", self.seed.hash_one(("key", issued)));
        while kept.order.len() >= MAX_CARTS {
            if let Some(oldest) = kept.order.pop_front() {
                kept.carts.remove(&oldest);
            }
        }
        kept.order.push_back(token.clone());
        kept.carts.insert(token.clone(), Cart { key, lines: Vec::new() });
        token
    }

    /// Applies `change` to the cart `token` when every part of it is valid (else nothing
    /// changes: `userErrors`), and answers the payload.
    fn change(&self, kept: &mut Kept, token: &str, change: &Change<'_>, base: &str) -> Value {
        // Every change draws its own number, so the lines it adds get ids of their own.
        kept.issued += 1;
        let issued = kept.issued;
        let Some(cart) = kept.carts.get_mut(token) else { return Value::Null };
        let errors = self.check(cart, change);
        let mut warnings = Vec::new();
        if errors.is_empty() {
            match change {
                Change::Add(lines) => {
                    for (i, line) in lines.iter().enumerate() {
                        let merchandise = line["merchandiseId"].as_str().unwrap_or_default();
                        let asked = u32::try_from(quantity(line).unwrap_or(1)).unwrap_or(0);
                        let id = format!("{LINE_GID}{:016x}?cart={token}", self.seed.hash_one(("line", issued, i)));
                        self.add(cart, merchandise, asked, id, &mut warnings);
                    }
                }
                Change::Update(lines) => {
                    for line in *lines {
                        let id = line["id"].as_str().unwrap_or_default();
                        if let Some(asked) = quantity(line) {
                            self.set(cart, id, u32::try_from(asked).unwrap_or(0), &mut warnings);
                        }
                    }
                }
                Change::Remove(ids) => cart.lines.retain(|l| !ids.iter().any(|id| id.as_str() == Some(&l.id))),
            }
        }
        let cart = &kept.carts[token];
        json!({ "cart": self.render(token, cart, base), "userErrors": errors, "warnings": warnings })
    }

    /// The `userErrors` of `change` on `cart`: empty when it can be made.
    fn check(&self, cart: &Cart, change: &Change<'_>) -> Vec<Value> {
        let has_line = |id: &Value| id.as_str().is_some_and(|id| cart.lines.iter().any(|l| l.id == id));
        let mut errors = Vec::new();
        match change {
            Change::Add(lines) => {
                let mut new = 0;
                for (i, line) in lines.iter().enumerate() {
                    let at = |leaf: &str| field(&["lines", &i.to_string(), leaf]);
                    let merchandise = line["merchandiseId"].as_str().unwrap_or_default();
                    if !self.merchandise.contains_key(merchandise) {
                        errors.push(user_error(
                            &at("merchandiseId"),
                            &format!("The merchandise with id {merchandise} does not exist."),
                        ));
                    } else if !cart.lines.iter().any(|l| l.merchandise == merchandise) {
                        new += 1;
                    }
                    if quantity(line).is_some_and(|q| q < 1) {
                        errors.push(user_error(&at("quantity"), "The quantity must be at least 1."));
                    }
                }
                if cart.lines.len() + new > MAX_LINES {
                    errors.push(user_error(&field(&["lines"]), &format!("A cart holds at most {MAX_LINES} lines.")));
                }
            }
            Change::Update(lines) => {
                for (i, line) in lines.iter().enumerate() {
                    if !has_line(&line["id"]) {
                        let id = line["id"].as_str().unwrap_or_default();
                        let at = field(&["lines", &i.to_string(), "id"]);
                        errors.push(user_error(&at, &format!("The merchandise line with id {id} does not exist.")));
                    }
                    if quantity(line).is_some_and(|q| q < 0) {
                        let at = field(&["lines", &i.to_string(), "quantity"]);
                        errors.push(user_error(&at, "The quantity must not be negative."));
                    }
                }
            }
            Change::Remove(ids) => {
                for (i, id) in ids.iter().enumerate() {
                    if !has_line(id) {
                        let at = field(&["lineIds", &i.to_string()]);
                        let id = id.as_str().unwrap_or_default();
                        errors.push(user_error(&at, &format!("The merchandise line with id {id} does not exist.")));
                    }
                }
            }
        }
        errors
    }

    /// `asked` more of `merchandise`: into its line, else a new line `id`; as many as
    /// are in stock.
    fn add(&self, cart: &mut Cart, merchandise: &str, asked: u32, id: String, warnings: &mut Vec<Value>) {
        let available = self.available(merchandise);
        match cart.lines.iter_mut().find(|l| l.merchandise == merchandise) {
            Some(line) if available == 0 => warnings.push(warning("MERCHANDISE_OUT_OF_STOCK", &line.id)),
            Some(line) => {
                let wanted = line.quantity.saturating_add(asked);
                line.quantity = wanted.min(available);
                if wanted > available {
                    warnings.push(warning("MERCHANDISE_NOT_ENOUGH_STOCK", &line.id));
                }
            }
            None if available == 0 => warnings.push(warning("MERCHANDISE_OUT_OF_STOCK", merchandise)),
            None => {
                if asked > available {
                    warnings.push(warning("MERCHANDISE_NOT_ENOUGH_STOCK", &id));
                }
                cart.lines.push(Line { id, merchandise: merchandise.to_owned(), quantity: asked.min(available) });
            }
        }
    }

    /// The line `id` at `asked` (0 removes it), as many as are in stock.
    fn set(&self, cart: &mut Cart, id: &str, asked: u32, warnings: &mut Vec<Value>) {
        if asked == 0 {
            cart.lines.retain(|l| l.id != id);
            return;
        }
        let Some(line) = cart.lines.iter_mut().find(|l| l.id == id) else { return };
        let available = self.available(&line.merchandise);
        if available == 0 {
            warnings.push(warning("MERCHANDISE_OUT_OF_STOCK", &line.id));
        } else {
            line.quantity = asked.min(available);
            if asked > available {
                warnings.push(warning("MERCHANDISE_NOT_ENOUGH_STOCK", &line.id));
            }
        }
    }

    /// The cart as the `Cart` type answers it.
    fn render(&self, token: &str, cart: &Cart, base: &str) -> Value {
        let mut currency = "USD".to_owned();
        let mut subtotal = 0;
        let lines: Vec<Value> = cart
            .lines
            .iter()
            .map(|line| {
                let merchandise = self.merchandise.get(&line.merchandise).cloned().unwrap_or(Value::Null);
                let price = &merchandise["price"];
                price["currencyCode"].as_str().unwrap_or("USD").clone_into(&mut currency);
                let unit = cents(&price["amount"]);
                let total = unit * i64::from(line.quantity);
                subtotal += total;
                json!({
                    "__typename": "CartLine", "id": line.id, "quantity": line.quantity,
                    "attributes": [], "discountAllocations": [],
                    "cost": {
                        "amountPerQuantity": money(unit, &currency),
                        "compareAtAmountPerQuantity": merchandise["compareAtPrice"],
                        "subtotalAmount": money(total, &currency),
                        "totalAmount": money(total, &currency),
                    },
                    "merchandise": merchandise,
                })
            })
            .collect();
        let total = money(subtotal, &currency);
        json!({
            "__typename": "Cart",
            "id": format!("{CART_GID}{token}?key={}", cart.key),
            "checkoutUrl": format!("{base}/cart/c/{token}?key={}", cart.key),
            "totalQuantity": cart.lines.iter().map(|l| l.quantity).sum::<u32>(),
            "note": null, "attributes": [], "discountCodes": [], "discountAllocations": [],
            "cost": {
                "subtotalAmount": total, "totalAmount": total, "checkoutChargeAmount": total,
                "subtotalAmountEstimated": false, "totalAmountEstimated": false,
                "totalTaxAmount": null, "totalTaxAmountEstimated": false,
                "totalDutyAmount": null, "totalDutyAmountEstimated": false,
            },
            "lines": { "nodes": lines },
        })
    }
}

/// The token of the cart `id` names, when the shop keeps it and the key matches.
fn token(id: &str, kept: &Kept) -> Option<String> {
    let (token, key) = id.strip_prefix(CART_GID)?.split_once("?key=")?;
    kept.carts.get(token).filter(|c| c.key == key).map(|_| token.to_owned())
}

/// A cart's `lines(first:)`: the first `first` lines, as nodes and edges.
pub(crate) fn lines(cart: &Value, args: &Map<String, Value>) -> Value {
    let first =
        args.get("first").and_then(Value::as_u64).map_or(usize::MAX, |f| usize::try_from(f).unwrap_or(usize::MAX));
    let all = cart["lines"]["nodes"].as_array().cloned().unwrap_or_default();
    let more = all.len() > first;
    let nodes: Vec<Value> = all.into_iter().take(first).collect();
    let cursor = |n: &Value| json!(format!("line:{}", n["id"].as_str().unwrap_or_default()));
    json!({
        "edges": nodes.iter().map(|n| json!({ "cursor": cursor(n), "node": n })).collect::<Vec<_>>(),
        "pageInfo": {
            "hasNextPage": more, "hasPreviousPage": false,
            "startCursor": nodes.first().map(cursor), "endCursor": nodes.last().map(cursor),
        },
        "nodes": nodes,
    })
}

/// The checkout page a cart's `checkoutUrl` leads to: the demo ends there.
async fn checkout() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body("<!doctype html><title>Checkout</title><h1>Checkout</h1><p>This demo shop's checkout ends here.</p>")
}

/// The shop's pages beside its GraphQL endpoint.
pub(crate) fn pages(config: &mut web::ServiceConfig) {
    config.route("/cart/c/{token}", web::get().to(checkout));
}

#[cfg(test)]
mod tests;
