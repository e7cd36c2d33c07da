//! The demo shop's checkout, as Medusa 2 runs a guest's: the cart's email and
//! addresses (`POST /store/carts/{id}`: a shipping address outside the cart's region is a
//! 400 `invalid_data`, as `updateCartWorkflow` answers), the shipping options of the
//! region ([`SHIPPING_OPTIONS`]) and the one method chosen, a payment collection with a
//! session of the system provider ([`PAYMENT_PROVIDER`]), and completion into an order
//! numbered by `display_id` from 1.
//!
//! Tax: a rate per country of the shipping address ([`TAX_RATES`]) on the items'
//! subtotal, rounded to cents once for the cart; shipping is not taxed. So every total is
//! exact and a test can work it out.
//!
//! Completing answers as Medusa's route does: the order (`{type: "order"}`); a refused
//! payment as 200 `{type: "cart", cart, error}`; too little stock as a 400 `not_allowed`
//! (`insufficient_inventory`); a completed cart answers its order again (Medusa's
//! completion is idempotent) and refuses every change. A test can make the next
//! completions fail ([`Completion`]). At most [`MAX_ORDERS`] orders are kept, the oldest
//! dropped.

use std::collections::VecDeque;

use serde_json::{Value, json};

use vitrine_domain::money;

use super::{Book, Cart, Carts, NOW, Refusal, find, gone, in_stock, major, too_few};
use crate::medusa::fields::CART_TOTALS;
use crate::medusa::raw;

/// The most orders the shop keeps; a new one past it drops the oldest.
pub const MAX_ORDERS: usize = 10_000;
/// The system payment provider: Medusa's manual one, installed in every store.
pub const PAYMENT_PROVIDER: &str = "pp_system_default";
/// The shipping options of every address in the region: id, name, flat amount (major units).
/// Each at its amount in minor units of the region's currency.
pub const SHIPPING_OPTIONS: [(&str, &str, i64); 2] =
    [("so_01STANDARD", "Standard Shipping", 500), ("so_01EXPRESS", "Express Shipping", 1500)];
/// The tax rate of each country of the region (of the shipping address).
pub const TAX_RATES: [(&str, f64); 4] = [("de", 0.19), ("fr", 0.20), ("gb", 0.20), ("nl", 0.21)];
/// The fulfillment provider and service zone the options belong to.
const FULFILLMENT_PROVIDER: &str = "manual_manual";
const SERVICE_ZONE: &str = "serzo_01EUROPE";

/// What the next completions do instead of placing an order (a test's switch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Completion {
    /// Something sold out meanwhile: Medusa's 400 `not_allowed` `insufficient_inventory`.
    OutOfStock,
    /// The payment was not authorised: 200 `{type: "cart", cart, error}`.
    PaymentDeclined,
}

/// A cart's payment collection: its sessions (id, provider), authorised once completed.
struct Collection {
    id: String,
    sessions: Vec<(String, String)>,
}

/// What checkout set on a cart.
#[derive(Default)]
pub(in crate::medusa) struct Progress {
    email: Option<String>,
    /// The guest customer the first email made.
    customer: Option<String>,
    shipping_address: Option<Value>,
    billing_address: Option<Value>,
    /// The shipping method: its id and the option's index in [`SHIPPING_OPTIONS`].
    method: Option<(String, usize)>,
    collection: Option<Collection>,
    /// The order's id once the cart is completed.
    order: Option<String>,
}

/// The orders placed, oldest first, and how many were ever placed (the next display id).
#[derive(Default)]
pub(in crate::medusa) struct Orders {
    kept: VecDeque<Value>,
    placed: u64,
}

fn rate(country: &str) -> f64 {
    TAX_RATES.iter().find(|(c, _)| *c == country).map_or(0.0, |(_, r)| *r)
}

/// An amount, or 0 as Medusa writes a total nothing adds to.
fn amount(value: Option<i64>, currency: Option<&str>) -> Value {
    value.map_or_else(|| 0.into(), |v| major(v, currency))
}

/// A shipping option as `listShippingOptionsForCartWorkflow` answers it, whatever the
/// `fields` asked: its columns, service zone (down to the stock location's address),
/// type, provider and rules, its price in `currency` (`calculated_price`, `prices`) and
/// the `amount` taken from it.
fn option_json(index: usize, currency: &Value) -> Value {
    let (id, name, amount) = SHIPPING_OPTIONS[index];
    let code = name.split_whitespace().next().unwrap_or_default().to_lowercase();
    let upper = code.to_uppercase();
    let price_set = format!("pset_01{upper}");
    let price_id = format!("price_01{upper}");
    let money = major(amount, currency.as_str());
    let price = json!({ "id": price_id, "price_list_id": null, "price_list_type": null,
                        "min_quantity": null, "max_quantity": null });
    json!({
        "id": id, "name": name, "price_type": "flat", "service_zone_id": SERVICE_ZONE,
        "shipping_profile_id": "sp_01DEFAULT", "provider_id": FULFILLMENT_PROVIDER, "data": null,
        "service_zone": {
            "id": SERVICE_ZONE, "fulfillment_set_id": "fuset_01EUROPE",
            "fulfillment_set": {
                "id": "fuset_01EUROPE", "type": "shipping",
                "location": {
                    "id": "sloc_01WAREHOUSE",
                    "address": {
                        "id": "laddr_01WAREHOUSE", "address_1": "Lagerstraße 1", "address_2": null, "company": null,
                        "city": "Hamburg", "country_code": "DE", "phone": null, "province": null,
                        "postal_code": "20095", "metadata": null, "created_at": NOW, "updated_at": NOW,
                        "deleted_at": null,
                    },
                },
            },
        },
        "type": { "id": format!("sotype_01{upper}"), "label": name, "description": name, "code": code },
        "provider": { "id": FULFILLMENT_PROVIDER, "is_enabled": true },
        "rules": [
            { "attribute": "enabled_in_store", "value": "true", "operator": "eq" },
            { "attribute": "is_return", "value": "false", "operator": "eq" },
        ],
        "calculated_price": {
            "id": price_set, "is_calculated_price_price_list": false, "is_calculated_price_tax_inclusive": false,
            "calculated_amount": money, "raw_calculated_amount": raw(&money),
            "is_original_price_price_list": false, "is_original_price_tax_inclusive": false,
            "original_amount": money, "raw_original_amount": raw(&money), "currency_code": currency,
            "calculated_price": price, "original_price": price,
        },
        "prices": [{
            "id": price_id, "title": null, "currency_code": currency, "rules_count": 0, "price_set_id": price_set,
            "price_list_id": null, "price_list": null, "amount": money, "raw_amount": raw(&money),
            "min_quantity": null, "max_quantity": null, "raw_min_quantity": null, "raw_max_quantity": null,
            "price_rules": [], "created_at": NOW, "updated_at": NOW, "deleted_at": null,
        }],
        "amount": money,
        "is_tax_inclusive": false,
        "insufficient_inventory": false,
    })
}

/// `value` when it is a string, else null (as an address keeps a field not given).
fn string(value: &Value) -> Value {
    value.as_str().map_or(Value::Null, |s| Value::from(s.trim()))
}

/// A `CreateAddress` as Medusa keeps it (`StoreCartAddress`), the country lower-cased.
fn address(id: &str, input: &Value) -> Value {
    let country = input["country_code"].as_str().map_or(Value::Null, |c| Value::from(c.trim().to_lowercase()));
    json!({
        "id": id, "customer_id": null, "company": string(&input["company"]),
        "first_name": string(&input["first_name"]), "last_name": string(&input["last_name"]),
        "phone": string(&input["phone"]), "address_1": string(&input["address_1"]),
        "address_2": string(&input["address_2"]), "city": string(&input["city"]), "country_code": country,
        "province": string(&input["province"]), "postal_code": string(&input["postal_code"]),
        "metadata": null, "created_at": NOW, "updated_at": NOW, "deleted_at": null,
    })
}

/// Medusa's body validator takes an email of this shape only (zod's `email()`, loosely).
fn is_email(email: &str) -> bool {
    email.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.'))
}

impl Progress {
    pub(super) const fn completed(&self) -> bool {
        self.order.is_some()
    }

    /// The shipping amount, once a method is chosen.
    fn shipping(&self) -> Option<i64> {
        self.method.as_ref().map(|(_, index)| SHIPPING_OPTIONS[*index].2)
    }

    /// The tax on `items`, once there is a shipping address.
    fn tax(&self, items: i64) -> Option<i64> {
        let country = self.shipping_address.as_ref()?["country_code"].as_str().unwrap_or_default().to_owned();
        Some(money::rate_of(items, rate(&country)))
    }

    /// Writes what checkout set, and the cart's totals, into `out` (a cart whose items
    /// add up to `items` minor units of `currency`).
    pub(super) fn render(&self, out: &mut Value, items: i64, currency: Option<&str>) {
        let (shipping, tax) = (self.shipping(), self.tax(items));
        let item_total = items + tax.unwrap_or(0);
        let subtotal = items + shipping.unwrap_or(0);
        let total = subtotal + tax.unwrap_or(0);
        let major = |minor| major(minor, currency);
        for (names, value) in [
            (&["item_subtotal", "original_item_subtotal"][..], major(items)),
            (
                &["item_tax_total", "original_item_tax_total", "tax_total", "original_tax_total"][..],
                amount(tax, currency),
            ),
            (&["item_total", "original_item_total"][..], major(item_total)),
            (
                &["shipping_subtotal", "shipping_total", "original_shipping_subtotal", "original_shipping_total"][..],
                amount(shipping, currency),
            ),
            (&["shipping_tax_total", "original_shipping_tax_total"][..], 0.into()),
            (&["subtotal", "original_subtotal"][..], major(subtotal)),
            (&["total", "original_total"][..], major(total)),
            (
                &[
                    "discount_total",
                    "discount_subtotal",
                    "discount_tax_total",
                    "item_discount_total",
                    "shipping_discount_total",
                    "credit_line_total",
                    "credit_line_subtotal",
                    "credit_line_tax_total",
                    "gift_card_total",
                    "gift_card_tax_total",
                ][..],
                0.into(),
            ),
        ] {
            for name in names {
                out[*name] = value.clone();
            }
        }
        let cart_id = out["id"].clone();
        out["email"] = self.email.clone().map_or(Value::Null, Value::from);
        // A guest's email makes the cart a customer of its own, as Medusa 2.21 does.
        out["customer_id"] = self.customer.clone().map_or(Value::Null, Value::from);
        out["customer"] =
            self.customer.as_ref().map_or(Value::Null, |id| json!({ "id": id, "email": self.email, "groups": [] }));
        for (key, address) in [("shipping_address", &self.shipping_address), ("billing_address", &self.billing_address)]
        {
            out[format!("{key}_id")] = address.as_ref().map_or(Value::Null, |a| a["id"].clone());
            out[key] = address.clone().unwrap_or(Value::Null);
        }
        out["shipping_methods"] = self
            .method
            .iter()
            .map(|(id, index)| {
                let (option, name, amount) = SHIPPING_OPTIONS[*index];
                let mut method = json!({
                    "id": id, "cart_id": cart_id, "name": name, "description": null, "amount": amount,
                    "raw_amount": raw(&amount.into()), "is_tax_inclusive": false, "is_custom_amount": false,
                    "shipping_option_id": option, "data": {}, "metadata": null,
                    "tax_lines": [], "adjustments": [], "created_at": NOW, "updated_at": NOW, "deleted_at": null,
                });
                for total in ["original_total", "original_subtotal", "total", "subtotal"] {
                    method[total] = amount.into();
                }
                for zero in ["original_tax_total", "tax_total", "discount_total", "discount_tax_total"] {
                    method[zero] = 0.into();
                }
                method
            })
            .collect();
        let currency = out["currency_code"].clone();
        out["payment_collection"] =
            self.collection.as_ref().map_or(Value::Null, |c| c.render(&currency, total, self.completed()));
        out["completed_at"] = if self.completed() { json!(NOW) } else { Value::Null };
    }
}

impl Collection {
    /// The collection whole, with its sessions: `total` is the cart's; authorised (not
    /// captured: the system provider captures nothing) once the cart is completed.
    fn render(&self, currency: &Value, total: i64, completed: bool) -> Value {
        let total = major(total, currency.as_str());
        let authorized = if completed { total.clone() } else { 0.into() };
        let sessions: Vec<Value> = self
            .sessions
            .iter()
            .map(|(id, provider)| {
                json!({
                    "id": id, "currency_code": currency, "provider_id": provider, "data": {}, "context": {},
                    "status": if completed { "authorized" } else { "pending" },
                    "authorized_at": if completed { json!(NOW) } else { Value::Null },
                    "payment_collection_id": self.id,
                    "payment": if completed { json!({ "id": format!("pay_{id}") }) } else { Value::Null },
                    "metadata": {}, "amount": total, "raw_amount": raw(&total),
                    "created_at": NOW, "updated_at": NOW, "deleted_at": null,
                })
            })
            .collect();
        json!({
            "id": self.id, "currency_code": currency, "completed_at": null,
            "status": if completed { "authorized" } else { "not_paid" },
            "amount": total, "raw_amount": raw(&total),
            "authorized_amount": authorized, "raw_authorized_amount": raw(&authorized),
            "captured_amount": 0, "raw_captured_amount": raw(&0.into()),
            "refunded_amount": 0, "raw_refunded_amount": raw(&0.into()),
            "payment_providers": [{ "id": PAYMENT_PROVIDER }], "payment_sessions": sessions,
            "metadata": null, "created_at": NOW, "updated_at": NOW, "deleted_at": null,
        })
    }
}

/// Each of `names` of `out` as a number, with its `raw_*` twin.
fn with_raw(out: &mut Value, names: &[(&str, Value)]) {
    for (name, value) in names {
        out[*name] = value.clone();
        out[format!("raw_{name}")] = raw(value);
    }
}

/// An address of the cart as the order keeps it: copied, with an id of its own.
fn order_address(address: &Value, id: String) -> Value {
    if address.is_null() {
        return Value::Null;
    }
    let mut out = address.clone();
    out["id"] = id.into();
    out
}

/// The order Medusa makes of `cart` (whole), as the completion answers it (`StoreOrder`
/// as 2.21 fills it): the cart's totals, its lines as order lines (with their
/// fulfilment detail and the linked variant and product), its addresses and shipping
/// methods copied, the payment collection authorised, and a summary in which what is
/// still to be paid is the total (the system provider authorises, it does not capture).
fn order_json(id: &str, display_id: u64, cart: &Value) -> Value {
    let total = cart["total"].clone();
    let mut order = json!({
        "id": id, "status": "pending", "currency_code": cart["currency_code"], "display_id": display_id,
        "custom_display_id": null, "region_id": cart["region_id"], "email": cart["email"],
        "created_at": NOW, "updated_at": NOW, "credit_lines": [],
    });
    // 2.21's order has no shipping discount total; its gift card and line discount totals
    // are not copied from the cart.
    for name in CART_TOTALS.iter().filter(|n| {
        !matches!(**n, "shipping_discount_total" | "gift_card_total" | "gift_card_tax_total" | "item_discount_total")
    }) {
        order[*name] = cart[*name].clone();
    }
    let mut summary = json!({});
    with_raw(
        &mut summary,
        &[
            ("paid_total", 0.into()),
            ("refunded_total", 0.into()),
            ("accounting_total", total.clone()),
            ("credit_line_total", 0.into()),
            ("transaction_total", 0.into()),
            ("pending_difference", total.clone()),
            ("current_order_total", total.clone()),
            ("original_order_total", total.clone()),
        ],
    );
    order["summary"] = summary;
    let id_of = |prefix: &str, of: &Value| format!("{prefix}_{}", of.as_str().unwrap_or_default());
    order["items"] = cart["items"].as_array().into_iter().flatten().map(|line| order_line(id, line, &id_of)).collect();
    order["shipping_address"] =
        order_address(&cart["shipping_address"], id_of("ordaddr", &cart["shipping_address"]["id"]));
    order["billing_address"] =
        order_address(&cart["billing_address"], id_of("ordaddr", &cart["billing_address"]["id"]));
    order["shipping_methods"] = cart["shipping_methods"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|method| {
            let method_id = id_of("ordsm", &method["id"]);
            let mut out = json!({
                "id": method_id, "order_id": id, "name": method["name"], "description": method["description"],
                "is_tax_inclusive": false, "is_custom_amount": false, "shipping_option_id": method["shipping_option_id"],
                "data": method["data"], "metadata": null, "tax_lines": [], "adjustments": [],
                "created_at": NOW, "updated_at": NOW, "deleted_at": null,
                "detail": { "id": id_of("ordspmv", &method["id"]), "version": 1, "order_id": id, "return_id": null,
                            "exchange_id": null, "claim_id": null, "shipping_method_id": method_id,
                            "created_at": NOW, "updated_at": NOW, "deleted_at": null },
            });
            let amount = method["amount"].clone();
            with_raw(&mut out, &[("amount", amount.clone())]);
            let mut figures: Vec<(&str, Value)> =
                ["subtotal", "total", "original_subtotal", "original_total"].map(|n| (n, amount.clone())).to_vec();
            figures.extend(
                ["discount_total", "discount_subtotal", "discount_tax_total", "tax_total", "original_tax_total"]
                    .map(|n| (n, Value::from(0))),
            );
            with_raw(&mut out, &figures);
            out
        })
        .collect();
    let mut collection = cart["payment_collection"].clone();
    if let Some(c) = collection.as_object_mut() {
        for gone in ["payment_sessions", "payment_providers"] {
            c.remove(gone);
        }
    }
    order["payment_collections"] = Value::Array(vec![collection]);
    order
}

/// A cart's line as the order's (`ordli_…`), for order `order_id`.
fn order_line(order_id: &str, line: &Value, id_of: &dyn Fn(&str, &Value) -> String) -> Value {
    let item_id = id_of("ordli", &line["id"]);
    let mut out = line.clone();
    if let Some(o) = out.as_object_mut() {
        for gone in ["cart_id", "product", "item_total", "item_subtotal", "item_tax_total"] {
            o.remove(gone);
        }
    }
    out["id"] = item_id.clone().into();
    out["line_item_metadata"] = line["metadata"].clone();
    let quantity = line["quantity"].clone();
    with_raw(&mut out, &[("unit_price", line["unit_price"].clone()), ("quantity", quantity.clone())]);
    out["raw_compare_at_unit_price"] = line["compare_at_unit_price"].as_f64().map_or(Value::Null, |p| raw(&p.into()));
    let mut detail = json!({
        "id": id_of("orditem", &line["id"]), "version": 1, "order_id": order_id, "item_id": item_id,
        "raw_unit_price": null, "raw_compare_at_unit_price": null, "unit_price": null, "compare_at_unit_price": null,
        "metadata": {}, "created_at": NOW, "updated_at": NOW, "deleted_at": null,
    });
    let mut counts = vec![("quantity", quantity)];
    counts.extend(
        [
            "fulfilled_quantity",
            "delivered_quantity",
            "shipped_quantity",
            "return_requested_quantity",
            "return_received_quantity",
            "return_dismissed_quantity",
            "written_off_quantity",
        ]
        .map(|n| (n, Value::from(0))),
    );
    with_raw(&mut detail, &counts);
    out["detail"] = detail;
    let subtotal = line["subtotal"].clone();
    let unit = line["unit_price"].clone();
    let mut figures: Vec<(&str, Value)> =
        ["subtotal", "total", "original_subtotal", "original_total", "refundable_total"]
            .map(|n| (n, subtotal.clone()))
            .to_vec();
    figures.push(("refundable_total_per_unit", unit));
    figures.extend(
        [
            "discount_subtotal",
            "discount_tax_total",
            "discount_total",
            "tax_total",
            "original_tax_total",
            "fulfilled_total",
            "shipped_total",
            "return_requested_total",
            "return_received_total",
            "return_dismissed_total",
            "write_off_total",
        ]
        .map(|n| (n, Value::from(0))),
    );
    with_raw(&mut out, &figures);
    // The linked variant, with its product's columns.
    let mut product = line["product"].clone();
    if let Some(p) = product.as_object_mut() {
        for gone in ["categories", "tags"] {
            p.remove(gone);
        }
    }
    out["variant"]["product"] = product;
    out
}

/// What an admin sees of an order besides what the store answers: its payment and
/// fulfilment status, its sales channel and customer.
const BACK_OFFICE: [&str; 4] = ["payment_status", "fulfillment_status", "sales_channel_id", "customer_id"];

/// The order as the shop keeps it: the store's answer and [`BACK_OFFICE`].
fn back_office(order: &Value, cart: &Value) -> Value {
    let mut kept = order.clone();
    kept["payment_status"] = "authorized".into();
    kept["fulfillment_status"] = "not_fulfilled".into();
    kept["sales_channel_id"] = cart["sales_channel_id"].clone();
    kept["customer_id"] = cart["customer_id"].clone();
    kept
}

/// The order kept, as the store answers it.
fn store_order(kept: &Value) -> Value {
    let mut order = kept.clone();
    if let Some(o) = order.as_object_mut() {
        for gone in BACK_OFFICE {
            o.remove(gone);
        }
    }
    order
}

impl Orders {
    fn keep(&mut self, order: Value) {
        if self.kept.len() >= MAX_ORDERS {
            self.kept.pop_front();
        }
        self.kept.push_back(order);
    }

    fn by_id(&self, id: &str) -> Option<&Value> {
        self.kept.iter().find(|o| o["id"] == id)
    }
}

impl Carts {
    /// The open cart `id` of `book`.
    fn open_cart<'a>(book: &'a mut Book, id: &str) -> Result<&'a mut Cart, Refusal> {
        book.carts.get_mut(id).ok_or_else(|| gone(id))?.open()
    }

    /// `POST /store/carts/{id}`: the email and addresses in `body` (what else it may
    /// hold, the demo shop does not change). `region` is the cart's, with its countries:
    /// the shipping address must be in one of them.
    ///
    /// # Errors
    /// An unknown or completed cart, an email Medusa does not take, a shipping address
    /// outside the region.
    pub(in crate::medusa) fn set_details(&self, id: &str, body: &Value, region: &Value) -> Result<Value, Refusal> {
        let mut book = self.book();
        if !book.carts.contains_key(id) {
            return Err(gone(id));
        }
        let email = match &body["email"] {
            Value::String(email) if is_email(email.trim()) => Some(email.trim().to_owned()),
            Value::Null => None,
            _ => return Err(Refusal::invalid("Invalid request: Field 'email' must be a valid email")),
        };
        let shipping = match &body["shipping_address"] {
            Value::Null => None,
            input => {
                let kept = address(&self.issue(&mut book, "caaddr"), input);
                let country = kept["country_code"].as_str().unwrap_or_default();
                let countries = region["countries"].as_array().cloned().unwrap_or_default();
                if !countries.iter().any(|c| c["iso_2"] == country) {
                    let name = region["name"].as_str().unwrap_or_default();
                    return Err(Refusal::invalid(&format!("Country with code {country} is not within region {name}")));
                }
                Some(kept)
            }
        };
        // Medusa checks the shipping address's country only.
        let billing = match &body["billing_address"] {
            Value::Null => None,
            input => Some(address(&self.issue(&mut book, "caaddr"), input)),
        };
        let customer = email.as_ref().map(|_| self.issue(&mut book, "cus"));
        let cart = Self::open_cart(&mut book, id)?;
        let progress = &mut cart.checkout;
        progress.customer = progress.customer.take().or(customer);
        progress.email = email.or_else(|| progress.email.take());
        progress.shipping_address = shipping.or_else(|| progress.shipping_address.take());
        progress.billing_address = billing.or_else(|| progress.billing_address.take());
        Ok(cart.render())
    }

    /// `GET /store/shipping-options?cart_id=`: every option (all serve the whole region;
    /// Medusa lists them before the cart has an address too).
    ///
    /// # Errors
    /// An unknown cart.
    pub(in crate::medusa) fn shipping_options(&self, id: &str) -> Result<Vec<Value>, Refusal> {
        let book = self.book();
        let cart = book.carts.get(id).ok_or_else(|| gone(id))?;
        let currency = &cart.region["currency_code"];
        Ok((0..SHIPPING_OPTIONS.len()).map(|i| option_json(i, currency)).collect())
    }

    /// `POST /store/carts/{id}/shipping-methods`: the cart's one method, from `option`
    /// (a second replaces the first, as Medusa does).
    ///
    /// # Errors
    /// An unknown or completed cart, an option not offered for the cart.
    pub(in crate::medusa) fn add_shipping_method(&self, id: &str, option: &str) -> Result<Value, Refusal> {
        let mut book = self.book();
        if !book.carts.contains_key(id) {
            return Err(gone(id));
        }
        let method_id = self.issue(&mut book, "casm");
        let cart = Self::open_cart(&mut book, id)?;
        let index = SHIPPING_OPTIONS
            .iter()
            .position(|(o, ..)| *o == option)
            .ok_or_else(|| Refusal::invalid("Shipping Options are invalid for cart."))?;
        cart.checkout.method = Some((method_id, index));
        Ok(cart.render())
    }

    /// `POST /store/payment-collections {cart_id}`: the cart's collection, made the first
    /// time (Medusa's route answers the one the cart has).
    ///
    /// # Errors
    /// An unknown cart, a completed one without a collection.
    pub(in crate::medusa) fn payment_collection(&self, cart_id: &str) -> Result<Value, Refusal> {
        let mut book = self.book();
        let cart = book.carts.get(cart_id).ok_or_else(|| gone(cart_id))?;
        if cart.checkout.collection.is_none() {
            let collection_id = self.issue(&mut book, "pay_col");
            let cart = Self::open_cart(&mut book, cart_id)?;
            cart.checkout.collection = Some(Collection { id: collection_id, sessions: Vec::new() });
        }
        let cart = book.carts.get(cart_id).ok_or_else(|| gone(cart_id))?;
        Ok(cart.render()["payment_collection"].take())
    }

    /// `POST /store/payment-collections/{id}/payment-sessions {provider_id}`: the
    /// collection's one session, with `provider` (it replaces any other, as Medusa does).
    ///
    /// # Errors
    /// An unknown collection, a provider other than the system one.
    pub(in crate::medusa) fn payment_session(&self, collection: &str, provider: &str) -> Result<Value, Refusal> {
        let mut book = self.book();
        let Some(cart_id) = book
            .carts
            .values()
            .find(|c| c.checkout.collection.as_ref().is_some_and(|p| p.id == collection))
            .map(|c| c.id.clone())
        else {
            return Err(Refusal::not_found(format!("Payment Collection with id: {collection} was not found")));
        };
        if provider != PAYMENT_PROVIDER {
            return Err(Refusal::not_found(format!("Could not find a payment provider with id: {provider}")));
        }
        let session_id = self.issue(&mut book, "payses");
        let cart = Self::open_cart(&mut book, &cart_id)?;
        if let Some(c) = cart.checkout.collection.as_mut() {
            c.sessions = vec![(session_id, provider.to_owned())];
        }
        Ok(cart.render()["payment_collection"].take())
    }

    /// `POST /store/carts/{id}/complete`: the order (a completed cart's again), or
    /// `refuse`'s answer, as the route's 200 body.
    ///
    /// # Errors
    /// An unknown cart; one without a payment session, shipping method or items; too
    /// little stock (`products`' inventory, or `refuse`).
    pub(in crate::medusa) fn complete(
        &self,
        id: &str,
        products: &[Value],
        refuse: Option<Completion>,
    ) -> Result<Value, Refusal> {
        let mut book = self.book();
        let cart = book.carts.get(id).ok_or_else(|| gone(id))?;
        if let Some(order_id) = &cart.checkout.order {
            let order = book.orders.by_id(order_id).map(store_order).ok_or_else(|| gone(id))?;
            return Ok(json!({ "type": "order", "order": order }));
        }
        let collection = cart.checkout.collection.as_ref();
        if collection.is_none() {
            return Err(Refusal::invalid("Payment collection has not been initiated for cart"));
        }
        if collection.is_none_or(|c| c.sessions.is_empty()) {
            return Err(Refusal::invalid("Payment sessions are required to complete cart"));
        }
        // Medusa 2.0 lets these through; later releases refuse them, and so does the shop.
        if cart.items.is_empty() {
            return Err(Refusal::invalid("Cart has no items"));
        }
        if cart.checkout.method.is_none() {
            return Err(Refusal::invalid(
                "No shipping method selected but the cart contains items that require shipping.",
            ));
        }
        let short =
            cart.items.iter().any(|l| !find(products, &l.variant_id).is_some_and(|(_, v)| in_stock(v, l.quantity)));
        if short || refuse == Some(Completion::OutOfStock) {
            return Err(too_few());
        }
        if refuse == Some(Completion::PaymentDeclined) {
            let error = json!({ "message": "Payment authorization failed", "name": "Error",
                                "type": "payment_authorization_error" });
            return Ok(json!({ "type": "cart", "cart": cart.render(), "error": error }));
        }
        let order_id = self.issue(&mut book, "order");
        book.orders.placed += 1;
        let display_id = book.orders.placed;
        let cart = book.carts.get_mut(id).ok_or_else(|| gone(id))?;
        cart.checkout.order = Some(order_id.clone());
        let whole = cart.render();
        let order = order_json(&order_id, display_id, &whole);
        book.orders.keep(back_office(&order, &whole));
        Ok(json!({ "type": "order", "order": order }))
    }

    /// The order numbered `display_id`, if the shop still keeps it.
    pub(in crate::medusa) fn order(&self, display_id: u64) -> Option<Value> {
        self.book().orders.kept.iter().find(|o| o["display_id"] == display_id).cloned()
    }

    /// How many orders the shop keeps.
    pub(in crate::medusa) fn order_count(&self) -> usize {
        self.book().orders.kept.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_are_bounded_the_oldest_dropped_first() {
        let mut orders = Orders::default();
        for n in 0..=MAX_ORDERS {
            orders.keep(json!({ "id": format!("order_{n}") }));
        }
        assert_eq!(orders.kept.len(), MAX_ORDERS);
        assert!(orders.by_id("order_0").is_none());
        assert!(orders.by_id("order_1").is_some());
        assert!(orders.by_id(&format!("order_{MAX_ORDERS}")).is_some());
    }

    #[test]
    fn totals_follow_the_address_and_the_method() {
        let figures = |p: &Progress| {
            let mut out = json!({ "id": "cart_1" });
            p.render(&mut out, 9000, Some("eur"));
            [&out["tax_total"], &out["shipping_total"], &out["subtotal"], &out["total"]].map(Clone::clone)
        };
        let mut progress = Progress::default();
        assert_eq!(figures(&progress), [json!(0), json!(0), json!(90.0), json!(90.0)], "untaxed, unshipped");
        progress.shipping_address = Some(json!({ "country_code": "nl" }));
        assert_eq!(figures(&progress), [json!(18.9), json!(0), json!(90.0), json!(108.9)], "the Netherlands' 21 %");
        progress.method = Some(("casm_1".into(), 1));
        assert_eq!(figures(&progress), [json!(18.9), json!(15.0), json!(105.0), json!(123.9)], "shipping untaxed");
    }
}
