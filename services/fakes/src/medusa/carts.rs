//! The demo shop's carts, kept in memory as Medusa 2 keeps them in its
//! database: created in a region, a line per variant (adding a variant the cart holds
//! adds to its line), unit prices from the variant's price when the line is written,
//! stock confirmed as Medusa's inventory step does (a variant whose inventory is managed
//! and not back-ordered holds at most `inventory_quantity`; the hoodie's L, at 0, none).
//! Bounded: at most [`MAX_CARTS`] carts (the oldest go first) of [`MAX_LINES`] lines.
//!
//! Medusa's answers to what goes wrong, as the shop gives them: a cart it does not know
//! is a 404 `not_found` on every route (as later 2.x releases answer; 2.0 answered a GET
//! with 200 and no cart), a variant it does not know a 400 `invalid_data` (2.21's "do not
//! exist or belong to a product that is not published"), a line not in
//! the cart a 404 `not_found` when it is updated, too little stock a 400 `not_allowed`
//! with the code `insufficient_inventory`. Deleting a line the cart does not hold answers
//! the cart unchanged, as Medusa's soft delete does.
//!
//! The checkout's state and routes live in [`checkout`]; a completed cart
//! refuses every change as Medusa's `validateCartStep` does (400 `invalid_data`).

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, RandomState};
use std::sync::{Mutex, PoisonError};

use serde_json::{Value, json};
use vitrine_domain::money;

pub(super) mod checkout;

/// The most carts the shop keeps; a new one past it drops the oldest.
pub(super) const MAX_CARTS: usize = 2000;
/// The most lines a cart holds here (Medusa sets no bound; the shop is in memory).
pub(super) const MAX_LINES: usize = 50;
/// The shop's clock stands still, so its answers are the same on every run.
const NOW: &str = "2024-11-02T10:00:00.000Z";
/// The default sales channel, the one the demo key is scoped to.
const SALES_CHANNEL: &str = "sc_01DEFAULT";
/// A line's totals that are its subtotal, and those that are 0.
const LINE_TOTALS: [&str; 6] =
    ["original_total", "original_subtotal", "item_total", "item_subtotal", "total", "subtotal"];
const LINE_ZERO_TOTALS: [&str; 5] =
    ["original_tax_total", "item_tax_total", "tax_total", "discount_total", "discount_tax_total"];

/// A refusal as Medusa's error handler writes it.
#[derive(Debug, PartialEq)]
pub(super) struct Refusal {
    pub(super) status: u16,
    pub(super) kind: &'static str,
    pub(super) code: Option<&'static str>,
    pub(super) message: String,
}

impl Refusal {
    fn not_found(message: String) -> Self {
        Self { status: 404, kind: "not_found", code: None, message }
    }

    pub(super) fn invalid(message: &str) -> Self {
        Self { status: 400, kind: "invalid_data", code: None, message: message.to_owned() }
    }
}

struct Line {
    id: String,
    variant_id: String,
    quantity: u64,
    /// In minor units of the cart's currency.
    unit_price: i64,
    /// What Medusa copies from the product and variant into the line when it is written.
    snapshot: Value,
}

struct Cart {
    id: String,
    region: Value,
    items: Vec<Line>,
    /// What checkout set.
    checkout: checkout::Progress,
}

#[derive(Default)]
struct Book {
    carts: HashMap<String, Cart>,
    /// Ids, oldest first.
    order: VecDeque<String>,
    issued: u64,
    /// The orders placed.
    orders: checkout::Orders,
}

/// Every cart of the shop.
#[derive(Default)]
pub(super) struct Carts {
    book: Mutex<Book>,
    ids: RandomState,
}

/// An amount as the Store API writes it: a decimal number of major units of `currency`
/// (Medusa 2 keeps money in major units), from minor units.
fn major(minor: i64, currency: Option<&str>) -> Value {
    Value::from(money::to_major(minor, currency))
}

/// `quantity` when it is a whole number of at least `least`.
fn whole(quantity: f64, least: u64) -> Result<u64, Refusal> {
    let ok = quantity.fract() == 0.0 && quantity >= least as f64 && quantity <= f64::from(u32::MAX);
    if ok { Ok(quantity as u64) } else { Err(Refusal::invalid("quantity must be a whole number of at least 1")) }
}

fn gone(id: &str) -> Refusal {
    Refusal::not_found(format!("Cart id not found: {id}"))
}

fn too_few() -> Refusal {
    Refusal {
        status: 400,
        kind: "not_allowed",
        code: Some("insufficient_inventory"),
        message: "Some variant does not have the required inventory".to_owned(),
    }
}

/// Whether `variant` can be sold `quantity` times (Medusa's inventory confirmation).
fn in_stock(variant: &Value, quantity: u64) -> bool {
    variant["manage_inventory"] == false
        || variant["allow_backorder"] == true
        || variant["inventory_quantity"].as_f64().is_some_and(|have| have >= quantity as f64)
}

/// The product and variant of `variant_id`.
fn find<'a>(products: &'a [Value], variant_id: &str) -> Option<(&'a Value, &'a Value)> {
    products
        .iter()
        .find_map(|p| p["variants"].as_array().into_iter().flatten().find(|v| v["id"] == variant_id).map(|v| (p, v)))
}

/// The line Medusa writes for `variant` of `product` (`prepareLineItemData`): the
/// product's and variant's names copied (the line's title is the product's, its subtitle
/// the variant's), the unit price the variant's calculated price, the original one kept
/// as `compare_at_unit_price` when on sale; `variant_option_values` left empty. The
/// linked product and variant come with their own columns (the cart routes' defaults ask
/// for the product's categories and tags by id).
fn snapshot(cart_id: &str, product: &Value, variant: &Value) -> (i64, Value) {
    let price = &variant["price"];
    let unit = price["calculated_amount"].as_f64().unwrap_or_default();
    let original = price["original_amount"].as_f64().filter(|o| *o > unit);
    let unit_minor = money::from_major(unit, price["currency_code"].as_str()).unwrap_or_default();
    let mut linked = variant.clone();
    if let Some(v) = linked.as_object_mut() {
        for gone in ["price", "options", "inventory_quantity"] {
            v.remove(gone);
        }
    }
    // The product's columns, its type and collection (none here), its categories and
    // tags by id.
    let mut linked_product = product.clone();
    if let Some(p) = linked_product.as_object_mut() {
        for gone in ["variants", "options", "images"] {
            p.remove(gone);
        }
    }
    for list in ["categories", "tags"] {
        linked_product[list] =
            product[list].as_array().into_iter().flatten().map(|c| json!({ "id": c["id"] })).collect();
    }
    let line = json!({
        "cart_id": cart_id, "title": product["title"], "subtitle": variant["title"], "thumbnail": product["thumbnail"],
        "variant_id": variant["id"], "product_id": product["id"], "is_giftcard": product["is_giftcard"],
        "product_type_id": product["type_id"], "product_title": product["title"],
        "product_description": product["description"], "product_subtitle": product["subtitle"],
        "product_type": null, "product_collection": null, "product_handle": product["handle"],
        "variant_sku": variant["sku"], "variant_barcode": variant["barcode"],
        "variant_title": variant["title"], "variant_option_values": null,
        "requires_shipping": true, "is_discountable": product["discountable"], "is_tax_inclusive": false,
        "is_custom_price": false, "compare_at_unit_price": original, "unit_price": unit, "metadata": {},
        "created_at": NOW, "updated_at": NOW, "deleted_at": null, "tax_lines": [], "adjustments": [],
        "product": linked_product, "variant": linked,
    });
    (unit_minor, line)
}

impl Line {
    /// What the line costs, in minor units.
    fn subtotal(&self) -> i64 {
        self.unit_price.saturating_mul(i64::try_from(self.quantity).unwrap_or(i64::MAX))
    }

    fn render(&self, currency: Option<&str>) -> Value {
        let mut out = self.snapshot.clone();
        out["id"] = self.id.clone().into();
        out["quantity"] = self.quantity.into();
        totals(&mut out, &LINE_TOTALS, &major(self.subtotal(), currency), &LINE_ZERO_TOTALS);
        out
    }
}

impl Cart {
    /// The cart whole, every column and relation the shop keeps, with what checkout set
    /// and the totals that follow from it ([`checkout::Progress::render`]); the routes
    /// answer it cut to their `fields` (`fields::CART`).
    fn render(&self) -> Value {
        let currency = self.region["currency_code"].as_str();
        let items: Vec<Value> = self.items.iter().map(|l| l.render(currency)).collect();
        let sum: i64 = self.items.iter().map(Line::subtotal).sum();
        let mut out = json!({
            "id": self.id, "region_id": self.region["id"], "customer_id": null, "sales_channel_id": SALES_CHANNEL,
            "currency_code": self.region["currency_code"], "locale": null, "region": self.region,
            "items": items, "promotions": [], "credit_lines": [], "customer": null, "metadata": null,
            "created_at": NOW, "updated_at": NOW,
        });
        self.checkout.render(&mut out, sum, currency);
        out
    }

    /// The cart when it can still change: a completed one cannot (Medusa's `validateCartStep`).
    fn open(&mut self) -> Result<&mut Self, Refusal> {
        if self.checkout.completed() {
            return Err(Refusal::invalid(&format!("Cart {} is already completed.", self.id)));
        }
        Ok(self)
    }
}

/// Sets each of `names` to `value` and each of `zeros` to 0: the Store API's many totals.
fn totals(out: &mut Value, names: &[&str], value: &Value, zeros: &[&str]) {
    for name in names {
        out[*name] = value.clone();
    }
    for name in zeros {
        out[*name] = 0.into();
    }
}

impl Carts {
    fn book(&self) -> std::sync::MutexGuard<'_, Book> {
        self.book.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A new id like Medusa's (`cart_01…`, `cali_01…`): not guessable, never repeated.
    fn issue(&self, book: &mut Book, prefix: &str) -> String {
        book.issued += 1;
        format!("{prefix}_01{:016X}{:08X}", self.ids.hash_one(book.issued), book.issued)
    }

    /// A new, empty cart in `region`; the oldest goes when the shop holds [`MAX_CARTS`].
    pub(super) fn create(&self, region: &Value) -> Value {
        let region = region.clone();
        let mut book = self.book();
        while book.order.len() >= MAX_CARTS {
            if let Some(oldest) = book.order.pop_front() {
                book.carts.remove(&oldest);
            }
        }
        let id = self.issue(&mut book, "cart");
        let cart = Cart { id: id.clone(), region, items: Vec::new(), checkout: checkout::Progress::default() };
        let rendered = cart.render();
        book.order.push_back(id.clone());
        book.carts.insert(id, cart);
        rendered
    }

    /// The cart as the Store API answers it.
    ///
    /// # Errors
    /// An unknown cart.
    pub(super) fn get(&self, id: &str) -> Result<Value, Refusal> {
        let unknown = || Refusal::not_found(format!("Cart with id '{id}' not found"));
        self.book().carts.get(id).map(Cart::render).ok_or_else(unknown)
    }

    /// Adds `quantity` of `variant_id`: into its line when the cart has one.
    ///
    /// # Errors
    /// An unknown cart or variant, a quantity that is not a whole number above 0, too
    /// little stock for the line's new quantity, a new line past [`MAX_LINES`].
    pub(super) fn add(&self, id: &str, variant_id: &str, quantity: f64, products: &[Value]) -> Result<Value, Refusal> {
        let mut book = self.book();
        if !book.carts.contains_key(id) {
            return Err(gone(id));
        }
        let (product, variant) = find(products, variant_id).ok_or_else(|| {
            Refusal::invalid(&format!(
                "Variants {variant_id} do not exist or belong to a product that is not published"
            ))
        })?;
        let quantity = whole(quantity, 1)?;
        let line_id = self.issue(&mut book, "cali");
        let cart = book.carts.get_mut(id).ok_or_else(|| gone(id))?.open()?;
        let held = cart.items.iter().find(|l| l.variant_id == variant_id).map_or(0, |l| l.quantity);
        if !in_stock(variant, held + quantity) {
            return Err(too_few());
        }
        let lines = cart.items.len();
        match cart.items.iter_mut().find(|l| l.variant_id == variant_id) {
            Some(line) => line.quantity += quantity,
            None if lines >= MAX_LINES => {
                return Err(Refusal::invalid("The demo shop keeps at most 50 lines in a cart"));
            }
            None => {
                let (unit_price, snapshot) = snapshot(id, product, variant);
                cart.items.push(Line {
                    id: line_id,
                    variant_id: variant_id.to_owned(),
                    quantity,
                    unit_price,
                    snapshot,
                });
            }
        }
        Ok(cart.render())
    }

    /// Sets the line's quantity (0 removes it, as later 2.x releases do).
    ///
    /// # Errors
    /// An unknown cart or line, a quantity that is not a whole number, too little stock.
    pub(super) fn update(&self, id: &str, line_id: &str, quantity: f64, products: &[Value]) -> Result<Value, Refusal> {
        let mut book = self.book();
        let cart = book.carts.get_mut(id).ok_or_else(|| gone(id))?.open()?;
        let Some(at) = cart.items.iter().position(|l| l.id == line_id) else {
            return Err(Refusal::not_found(format!("Line item with id: {line_id} was not found")));
        };
        let quantity = whole(quantity, 0)?;
        if quantity == 0 {
            cart.items.remove(at);
            return Ok(cart.render());
        }
        let line = &mut cart.items[at];
        if !find(products, &line.variant_id).is_some_and(|(_, variant)| in_stock(variant, quantity)) {
            return Err(too_few());
        }
        line.quantity = quantity;
        Ok(cart.render())
    }

    /// Deletes the line; one the cart does not hold leaves it as it is.
    ///
    /// # Errors
    /// An unknown cart.
    pub(super) fn remove(&self, id: &str, line_id: &str) -> Result<Value, Refusal> {
        let mut book = self.book();
        let cart = book.carts.get_mut(id).ok_or_else(|| gone(id))?.open()?;
        cart.items.retain(|l| l.id != line_id);
        Ok(cart.render())
    }

    /// Forgets every cart (a test's "the cart expired").
    pub(super) fn forget(&self) {
        let mut book = self.book();
        book.carts.clear();
        book.order.clear();
    }
}

#[cfg(test)]
mod tests;
