//! The demo shop's guest carts, answered as Magento 2.4.6 answers them:
//!
//! - `createEmptyCart` makes a cart and answers its masked id (32 characters);
//! - `addProductsToCart` adds each item or reports it in `user_errors` (HTTP 200, the
//!   cart as it is): a configurable product by its parent's SKU and the chosen values'
//!   uids, a variant already in the cart merged into its line, stock checked on the
//!   line's new quantity;
//! - `updateCartItems` (quantity 0 removes the line), `removeItemFromCart`, `cart`;
//! - a cart it does not know is a GraphQL error of category `graphql-no-such-entity`
//!   naming the cart, as is a line it does not know; a quantity it cannot supply on
//!   update is `graphql-input`.
//!
//! Every product sells at most [`SALABLE_QTY`] (an out-of-stock one none). The shop keeps
//! at most [`MAX_CARTS`] carts (the oldest dropped first) of at most [`MAX_LINES`] lines,
//! so no sequence of requests grows it without end.

use std::collections::hash_map::RandomState;
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, Hasher};

use serde_json::{Map, Value, json};

use crate::graphql::field_error;

/// The root fields these carts answer (their checkout's in [`checkout::FIELDS`]).
pub(super) const FIELDS: [&str; 5] =
    ["createEmptyCart", "addProductsToCart", "updateCartItems", "removeItemFromCart", "cart"];
/// How many carts the shop keeps; past it the oldest is dropped (as if expired).
pub const MAX_CARTS: usize = 2_000;
/// How many lines a cart holds (Vitrine's bound; Magento has none of its own).
pub const MAX_LINES: usize = 50;
/// How many of each product (or configurable child) the shop can sell.
pub const SALABLE_QTY: f64 = 10.0;

/// One line: a product (a configurable one's chosen child) and how many.
#[derive(Debug, Clone)]
struct Line {
    id: u64,
    sku: String,
    /// The configurable child's SKU; `None` for a product sold as it is.
    child: Option<String>,
    quantity: f64,
}

#[derive(Debug, Default)]
struct Cart {
    lines: Vec<Line>,
    /// Its checkout so far.
    checkout: checkout::Progress,
    /// Placed: Magento keeps the cart, inactive, and refuses every call naming it.
    ordered: bool,
}

/// The shop's carts by masked id.
pub(super) struct Carts {
    carts: HashMap<String, Cart>,
    /// The carts' ids, oldest first.
    order: VecDeque<String>,
    next_item: u64,
    next_cart: u64,
    /// Random keys, so masked ids cannot be guessed from one another.
    keys: RandomState,
    /// The orders placed, oldest first.
    orders: VecDeque<checkout::Placed>,
    next_order: u64,
}

impl Default for Carts {
    fn default() -> Self {
        Self {
            carts: HashMap::new(),
            order: VecDeque::new(),
            next_item: 1,
            next_cart: 1,
            keys: RandomState::new(),
            orders: VecDeque::new(),
            next_order: 1,
        }
    }
}

/// The demo shop's currency.
const CURRENCY: &str = "USD";

/// `Money` as Magento writes it (a decimal number of dollars) from minor units.
fn money(minor: i64) -> Value {
    json!({ "value": vitrine_domain::money::to_major(minor, Some(CURRENCY)), "currency": CURRENCY })
}

/// A `Money` object's value in minor units.
fn minor(money: &Value) -> Option<i64> {
    vitrine_domain::money::from_major(money["value"].as_f64()?, Some(CURRENCY))
}

fn no_such_entity(message: &str) -> Value {
    field_error(message, json!({ "category": "graphql-no-such-entity" }))
}

fn input_error(message: &str) -> Value {
    field_error(message, json!({ "category": "graphql-input" }))
}

fn cart_not_found(id: &str) -> Value {
    no_such_entity(&format!("Could not find a cart with ID \"{id}\""))
}

/// The cart `id` if a guest may still use it: not an unknown one, nor one ordered.
fn open<'a>(carts: &'a mut HashMap<String, Cart>, id: &str) -> Result<&'a mut Cart, Value> {
    match carts.get_mut(id) {
        None => Err(cart_not_found(id)),
        Some(cart) if cart.ordered => Err(no_such_entity("The cart isn't active.")),
        Some(cart) => Ok(cart),
    }
}

fn product<'a>(catalogue: &'a Value, sku: &str) -> Option<&'a Value> {
    catalogue["products"].as_array()?.iter().find(|p| p["sku"].as_str() == Some(sku))
}

fn in_stock(product: &Value) -> bool {
    product["stock_status"].as_str() == Some("IN_STOCK")
}

/// The configurable product's child that stands for exactly the values `selected`.
fn child_of<'a>(parent: &'a Value, selected: &[&str]) -> Option<&'a Value> {
    parent["variants"].as_array()?.iter().find(|v| {
        let uids: Vec<&str> =
            v["attributes"].as_array().into_iter().flatten().filter_map(|a| a["uid"].as_str()).collect();
        uids.len() == selected.len() && selected.iter().all(|s| uids.contains(s))
    })
}

impl Carts {
    /// Answers one of [`FIELDS`].
    pub(super) fn resolve(&mut self, catalogue: &Value, field: &str, args: &Map<String, Value>) -> Value {
        let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
        match field {
            "createEmptyCart" => self.create(args.get("input").map(|i| &i["cart_id"]).and_then(Value::as_str)),
            "addProductsToCart" => self.add(catalogue, &text(&args["cartId"]), &args["cartItems"]),
            "updateCartItems" => {
                let input = &args["input"];
                self.update(catalogue, &text(&input["cart_id"]), &input["cart_items"])
            }
            "removeItemFromCart" => {
                let input = &args["input"];
                self.remove(catalogue, &text(&input["cart_id"]), &text(&input["cart_item_uid"]))
            }
            "cart" => {
                let id = text(&args["cart_id"]);
                match open(&mut self.carts, &id) {
                    Ok(c) => cart_json(catalogue, &id, c),
                    Err(gone) => gone,
                }
            }
            step if checkout::FIELDS.contains(&step) => self.checkout(catalogue, step, args),
            _ => Value::Null,
        }
    }

    /// Forgets every cart (what expiry or an order does to a guest cart).
    pub(super) fn forget(&mut self) {
        self.carts.clear();
        self.order.clear();
    }

    pub(super) fn len(&self) -> usize {
        self.carts.len()
    }

    /// 32 characters, as Magento's masked ids.
    fn new_id(&mut self) -> String {
        let mut id = String::new();
        for salt in [0u8, 1] {
            let mut h = self.keys.build_hasher();
            h.write_u64(self.next_cart);
            h.write_u8(salt);
            id.push_str(&format!("{:016x}", h.finish()));
        }
        self.next_cart += 1;
        id
    }

    fn create(&mut self, asked: Option<&str>) -> Value {
        let id = match asked {
            Some(id) if id.chars().count() != 32 => return input_error("Cart ID length should to be 32 symbols."),
            Some(id) if self.carts.contains_key(id) => {
                return field_error(
                    &format!("Cart with ID \"{id}\" already exists."),
                    json!({ "category": "graphql-already-exists" }),
                );
            }
            Some(id) => id.to_owned(),
            None => self.new_id(),
        };
        while self.carts.len() >= MAX_CARTS {
            let Some(oldest) = self.order.pop_front() else { break };
            self.carts.remove(&oldest);
        }
        self.carts.insert(id.clone(), Cart::default());
        self.order.push_back(id.clone());
        json!(id)
    }

    fn add(&mut self, catalogue: &Value, id: &str, items: &Value) -> Value {
        let cart = match open(&mut self.carts, id) {
            Ok(cart) => cart,
            Err(gone) => return gone,
        };
        let mut user_errors = Vec::new();
        for (position, item) in items.as_array().into_iter().flatten().enumerate() {
            if let Err((code, message)) = add_item(cart, catalogue, item, &mut self.next_item) {
                user_errors.push(json!({ "code": code, "message": message, "path": [position] }));
            }
        }
        json!({ "cart": cart_json(catalogue, id, cart), "user_errors": user_errors })
    }

    fn update(&mut self, catalogue: &Value, id: &str, items: &Value) -> Value {
        let cart = match open(&mut self.carts, id) {
            Ok(cart) => cart,
            Err(gone) => return gone,
        };
        for item in items.as_array().into_iter().flatten() {
            let uid = item["cart_item_uid"].as_str().unwrap_or_default();
            let Some(item_id) = item_id(uid) else {
                return input_error(&format!("Value of uid \"{uid}\" is incorrect."));
            };
            let Some(at) = cart.lines.iter().position(|l| l.id == item_id) else {
                return no_such_entity(&format!("Could not find cart item with id: {item_id}."));
            };
            let Some(quantity) = item["quantity"].as_f64() else {
                return input_error("Required parameter \"quantity\" for \"cart_items\" is missing.");
            };
            if quantity <= 0.0 {
                cart.lines.remove(at);
            } else if quantity > SALABLE_QTY {
                return input_error("Could not update cart item: The requested qty is not available");
            } else {
                cart.lines[at].quantity = quantity;
            }
        }
        json!({ "cart": cart_json(catalogue, id, cart) })
    }

    fn remove(&mut self, catalogue: &Value, id: &str, uid: &str) -> Value {
        let cart = match open(&mut self.carts, id) {
            Ok(cart) => cart,
            Err(gone) => return gone,
        };
        let Some(item_id) = item_id(uid) else { return input_error(&format!("Value of uid \"{uid}\" is incorrect.")) };
        let Some(at) = cart.lines.iter().position(|l| l.id == item_id) else {
            return no_such_entity(&format!("The cart doesn't contain the {item_id} item."));
        };
        cart.lines.remove(at);
        json!({ "cart": cart_json(catalogue, id, cart) })
    }
}

/// Adds `item` (`CartItemInput`) to `cart`, or says why not as Magento's `user_errors`
/// do: a code and a message.
fn add_item(
    cart: &mut Cart,
    catalogue: &Value,
    item: &Value,
    next_item: &mut u64,
) -> Result<(), (&'static str, String)> {
    let sku = item["sku"].as_str().unwrap_or_default();
    let quantity = item["quantity"].as_f64().unwrap_or_default();
    if quantity <= 0.0 {
        return Err(("UNDEFINED", "The product quantity should be greater than 0".to_owned()));
    }
    let Some(product) = product(catalogue, sku) else {
        return Err(("PRODUCT_NOT_FOUND", format!("Could not find a product with SKU \"{sku}\"")));
    };
    if !in_stock(product) {
        return Err(("NOT_SALABLE", "Product that you are trying to add is not available.".to_owned()));
    }
    let child = match product["__typename"].as_str() {
        Some("ConfigurableProduct") => {
            let selected: Vec<&str> =
                item["selected_options"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            let Some(child) = child_of(product, &selected) else {
                return Err(("UNDEFINED", "You need to choose options for your item.".to_owned()));
            };
            if !in_stock(&child["product"]) {
                return Err(("INSUFFICIENT_STOCK", "This product is out of stock.".to_owned()));
            }
            Some(child["product"]["sku"].as_str().unwrap_or_default().to_owned())
        }
        Some("SimpleProduct" | "VirtualProduct") => None,
        _ => return Err(("UNDEFINED", "Please specify product option(s).".to_owned())),
    };
    let full = cart.lines.len() >= MAX_LINES;
    let line = cart.lines.iter_mut().find(|l| l.sku == sku && l.child == child);
    if line.as_ref().map_or(0.0, |l| l.quantity) + quantity > SALABLE_QTY {
        return Err(("INSUFFICIENT_STOCK", "The requested qty is not available".to_owned()));
    }
    match line {
        Some(line) => line.quantity += quantity,
        None if full => {
            return Err(("UNDEFINED", format!("This demo shop's carts hold at most {MAX_LINES} lines.")));
        }
        None => {
            cart.lines.push(Line { id: *next_item, sku: sku.to_owned(), child, quantity });
            *next_item += 1;
        }
    }
    Ok(())
}

/// The `Cart` object: everything a document may select, cut down by the server.
fn cart_json(catalogue: &Value, id: &str, cart: &Cart) -> Value {
    let items: Vec<Value> = cart.lines.iter().filter_map(|l| item_json(catalogue, l)).collect();
    let subtotal: i64 = items.iter().filter_map(|i| minor(&i["prices"]["row_total"])).sum();
    let quantity: f64 = cart.lines.iter().map(|l| l.quantity).sum();
    let mut json = json!({
        "id": id,
        "items": items,
        "prices": {
            "grand_total": money(subtotal),
            "subtotal_including_tax": money(subtotal),
            "subtotal_excluding_tax": money(subtotal),
            "subtotal_with_discount_excluding_tax": money(subtotal),
            "applied_taxes": [],
            "discounts": [],
        },
        "total_quantity": quantity,
        "is_virtual": false,
        "email": null,
        "shipping_addresses": [],
        "billing_address": null,
        "applied_coupons": null,
    });
    checkout::extend(&mut json, &cart.checkout, subtotal, quantity);
    json
}

/// A product as a cart item's `product` (or `configured_variant`) shows it: its image is
/// also its thumbnail in the demo.
fn with_thumbnail(mut product: Value) -> Value {
    product["thumbnail"] = product["image"].clone();
    product
}

/// One `CartItemInterface`: a `ConfigurableCartItem` (its chosen values, in the parent's
/// option order, and the child sold) or a `SimpleCartItem`.
fn item_json(catalogue: &Value, line: &Line) -> Option<Value> {
    let parent = product(catalogue, &line.sku)?;
    let mut item = json!({
        "__typename": "SimpleCartItem",
        "id": line.id.to_string(),
        "uid": base64::encode(line.id.to_string().as_bytes()),
        "quantity": line.quantity,
        "product": with_thumbnail(parent.clone()),
        "errors": null,
        "customizable_options": [],
    });
    let unit = match &line.child {
        Some(sku) => {
            let variants = parent["variants"].as_array()?;
            let variant = variants.iter().find(|v| v["product"]["sku"].as_str() == Some(sku))?;
            let mut options: Vec<&Value> = parent["configurable_options"].as_array()?.iter().collect();
            options.sort_by_key(|o| o["position"].as_i64().unwrap_or(i64::MAX));
            let attributes = variant["attributes"].as_array()?;
            let chosen: Vec<Value> = options
                .iter()
                .filter_map(|o| {
                    let a = attributes.iter().find(|a| a["code"] == o["attribute_code"])?;
                    Some(selected_option(o, a))
                })
                .collect();
            let mut child = with_thumbnail(variant["product"].clone());
            child["__typename"] = json!("SimpleProduct");
            child["name"] = parent["name"].clone();
            item["__typename"] = json!("ConfigurableCartItem");
            item["configurable_options"] = json!(chosen);
            item["configured_variant"] = child;
            minor(&variant["product"]["price_range"]["maximum_price"]["final_price"])?
        }
        None => minor(&parent["price_range"]["minimum_price"]["final_price"])?,
    };
    // Magento's quantities are decimal numbers; this shop's are whole.
    let row = vitrine_domain::money::rate_of(unit, line.quantity);
    item["prices"] = json!({
        "price": money(unit),
        "price_including_tax": money(unit),
        "row_total": money(row),
        "row_total_including_tax": money(row),
        "total_item_discount": money(0),
        "discounts": [],
    });
    Some(item)
}

/// `SelectedConfigurableOption` of `option` (the parent's) and the child's `attribute`.
/// A value's uid is `configurable/{attribute id}/{value id}` in base64; the option's is
/// `configurable/{attribute id}`.
fn selected_option(option: &Value, attribute: &Value) -> Value {
    let value_uid = attribute["uid"].as_str().unwrap_or_default();
    let decoded = base64::decode(value_uid).unwrap_or_default();
    let parts: Vec<&str> = decoded.split('/').collect();
    let number = |i: usize| parts.get(i).and_then(|p| p.parse::<i64>().ok()).unwrap_or_default();
    json!({
        "id": number(1),
        "configurable_product_option_uid": base64::encode(format!("configurable/{}", number(1)).as_bytes()),
        "option_label": option["label"],
        "value_id": number(2),
        "configurable_product_option_value_uid": value_uid,
        "value_label": attribute["label"],
    })
}

/// A cart item's id from its uid (base64 of the number, as Magento's).
fn item_id(uid: &str) -> Option<u64> {
    base64::decode(uid)?.parse().ok()
}

/// The standard base64 alphabet with padding: Magento's uids are `base64_encode` of text.
mod base64 {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    pub(super) fn encode(bytes: &[u8]) -> String {
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    /// The text `text` encodes; `None` when it is no base64 of UTF-8 text.
    pub(super) fn decode(text: &str) -> Option<String> {
        let digits = text.trim_end_matches('=');
        if !text.len().is_multiple_of(4) || text.len() - digits.len() > 2 {
            return None;
        }
        let mut bits = 0u32;
        let mut count = 0;
        let mut out = Vec::new();
        for c in digits.bytes() {
            let value = ALPHABET.iter().position(|a| *a == c)?;
            bits = bits << 6 | u32::try_from(value).ok()?;
            count += 6;
            if count >= 8 {
                count -= 8;
                out.push(u8::try_from(bits >> count & 0xff).ok()?);
            }
        }
        String::from_utf8(out).ok()
    }
}

pub mod checkout;

#[cfg(test)]
mod tests;
