//! The demo shop's guest checkout, answered as Magento 2.4.6 answers it:
//!
//! - `setGuestEmailOnCart`, `setShippingAddressesOnCart` (the first address),
//!   `setBillingAddressOnCart` (an address, or `same_as_shipping`),
//!   `setShippingMethodsOnCart`, `setPaymentMethodOnCart` (`checkmo` only), `placeOrder`;
//! - `countries`: the store's allowed countries ([`COUNTRIES`]); an address elsewhere is
//!   `graphql-input` "Country is not available", one without a region where the country
//!   has regions `"regionId" is required`;
//! - two methods for every address ([`METHODS`]: flat rate per item, a table rate per
//!   order) and one tax rule (Magento's sample: 8.25 % of the items shipped to Texas);
//! - `placeOrder` checks what Magento checks (items, email, address, method, payment),
//!   keeps the order under an increment id (`000000001` upwards) and makes the cart
//!   inactive: every later call naming it is `graphql-no-such-entity` "The cart isn't
//!   active.". At most [`MAX_ORDERS`] orders are kept, the oldest dropped.

use serde_json::{Map, Value, json};

use vitrine_domain::money;

use super::{Cart, Carts, input_error, money as money_json, open};

/// The checkout's root mutations.
pub(in crate::magento) const FIELDS: [&str; 6] = [
    "setGuestEmailOnCart",
    "setShippingAddressesOnCart",
    "setBillingAddressOnCart",
    "setShippingMethodsOnCart",
    "setPaymentMethodOnCart",
    "placeOrder",
];
/// How many orders the shop keeps.
pub const MAX_ORDERS: usize = 10_000;
/// The one payment method: offline, on in Magento's default configuration.
pub const PAYMENT: (&str, &str) = ("checkmo", "Check / Money order");
/// A country the shop ships to: code, name, its regions (code, name).
pub type ShipsTo = (&'static str, &'static str, &'static [(&'static str, &'static str)]);
/// The countries the shop ships to.
pub const COUNTRIES: [ShipsTo; 4] = [
    ("US", "United States", &[("CA", "California"), ("NY", "New York"), ("TX", "Texas"), ("WA", "Washington")]),
    ("CA", "Canada", &[("BC", "British Columbia"), ("ON", "Ontario"), ("QC", "Québec")]),
    ("GB", "United Kingdom", &[]),
    ("DE", "Germany", &[]),
];
/// A shipping method: carrier, method, their titles, the price per item and per order
/// (in cents).
pub type Method = (&'static str, &'static str, &'static str, &'static str, i64, i64);
/// The shipping methods.
pub const METHODS: [Method; 2] = [
    ("flatrate", "flatrate", "Flat Rate", "Fixed", 500, 0),
    ("tablerate", "bestway", "Best Way", "Table Rate", 0, 1500),
];
/// The tax rule: country, region, rate, label.
pub const TAX: (&str, &str, f64, &str) = ("US", "TX", 0.0825, "US-TX-*-Rate 1");

const SHIPPING_MISSING: &str = "The shipping address is missing. Set the address and try again.";

/// A cart's checkout so far; addresses as `CartAddressInput` (checked).
#[derive(Debug, Default, Clone)]
pub(super) struct Progress {
    email: Option<String>,
    shipping: Option<Value>,
    billing: Option<Value>,
    method: Option<usize>,
    payment: bool,
}

/// An order the shop placed: its own record, readable by tests.
#[derive(Debug, Clone)]
pub(super) struct Placed {
    pub number: String,
    pub record: Value,
}

/// The `countries` query.
#[must_use]
pub fn countries() -> Value {
    let mut region_id = 0;
    Value::Array(
        COUNTRIES
            .iter()
            .map(|(code, name, regions)| {
                let regions: Vec<Value> = regions
                    .iter()
                    .map(|(code, name)| {
                        region_id += 1;
                        json!({ "id": region_id, "code": code, "name": name })
                    })
                    .collect();
                json!({
                    "id": code,
                    "two_letter_abbreviation": code,
                    "three_letter_abbreviation": null,
                    "full_name_locale": name,
                    "full_name_english": name,
                    "available_regions": if regions.is_empty() { Value::Null } else { json!(regions) },
                })
            })
            .collect(),
    )
}

fn text(v: &Value) -> &str {
    v.as_str().map_or("", str::trim)
}

/// `address` (a `CartAddressInput`) as the shop keeps it, or Magento's error.
fn checked(address: &Value) -> Result<Value, Value> {
    let country = text(&address["country_code"]).to_uppercase();
    let Some((_, _, regions)) = COUNTRIES.iter().find(|(c, ..)| *c == country) else {
        return Err(input_error("Country is not available"));
    };
    for field in ["firstname", "lastname", "city", "telephone", "postcode"] {
        if text(&address[field]).is_empty() {
            return Err(input_error(&format!("\"{field}\" is required. Enter and try again.")));
        }
    }
    if address["street"].as_array().is_none_or(|s| s.iter().all(|l| text(l).is_empty())) {
        return Err(input_error("\"street\" is required. Enter and try again."));
    }
    let mut kept = address.clone();
    kept["country_code"] = json!(country);
    if regions.is_empty() {
        kept["region"] = Value::Null;
    } else {
        let asked = text(&address["region"]);
        let Some((code, _)) =
            regions.iter().find(|(c, n)| c.eq_ignore_ascii_case(asked) || n.eq_ignore_ascii_case(asked))
        else {
            return Err(input_error("\"regionId\" is required. Enter and try again."));
        };
        kept["region"] = json!(code);
    }
    Ok(kept)
}

fn country_name(code: &str) -> &'static str {
    COUNTRIES.iter().find(|(c, ..)| *c == code).map_or("", |(_, n, _)| n)
}

fn region_name(country: &str, code: &str) -> &'static str {
    COUNTRIES
        .iter()
        .find(|(c, ..)| *c == country)
        .and_then(|(_, _, regions)| regions.iter().find(|(r, _)| *r == code))
        .map_or("", |(_, n)| n)
}

/// A method's price for a cart of `quantity` items.
fn method_price(method: usize, quantity: f64) -> i64 {
    let (.., per_item, per_order) = METHODS[method];
    money::rate_of(per_item, quantity) + per_order
}

fn method_json(method: usize, quantity: f64, available: bool) -> Value {
    let (carrier, code, carrier_title, title, ..) = METHODS[method];
    let amount = money_json(method_price(method, quantity));
    let mut m = json!({
        "carrier_code": carrier,
        "method_code": code,
        "carrier_title": carrier_title,
        "method_title": title,
        "amount": amount,
        "base_amount": amount,
        "price_excl_tax": amount,
        "price_incl_tax": amount,
    });
    if available {
        m["available"] = json!(true);
        m["error_message"] = Value::Null;
    }
    m
}

/// A kept address as `ShippingCartAddress` or `BillingCartAddress`.
fn address_json(address: &Value, uid: &str) -> Value {
    let country = text(&address["country_code"]);
    let region = address["region"]
        .as_str()
        .map(|code| json!({ "code": code, "label": region_name(country, code), "region_id": null }));
    json!({
        "uid": uid,
        "firstname": text(&address["firstname"]),
        "lastname": text(&address["lastname"]),
        "company": null,
        "street": address["street"].as_array().cloned().unwrap_or_default(),
        "city": text(&address["city"]),
        "region": region,
        "postcode": address["postcode"],
        "country": { "code": country, "label": country_name(country) },
        "telephone": address["telephone"],
        "vat_id": null,
        "customer_notes": null,
    })
}

/// The tax on `subtotal` for the cart's shipping address, by the one rule.
fn tax(progress: &Progress, subtotal: i64) -> Option<i64> {
    let shipping = progress.shipping.as_ref()?;
    let (country, region, rate, _) = TAX;
    (text(&shipping["country_code"]) == country && shipping["region"].as_str() == Some(region))
        .then(|| money::rate_of(subtotal, rate))
}

/// Adds the checkout's fields to `cart` (the `Cart` object of `super::cart_json`).
pub(super) fn extend(cart: &mut Value, progress: &Progress, subtotal: i64, quantity: f64) {
    cart["email"] = json!(progress.email);
    cart["shipping_addresses"] = json!(
        progress
            .shipping
            .iter()
            .map(|a| {
                let mut address = address_json(a, "shipping");
                address["available_shipping_methods"] =
                    Value::Array((0..METHODS.len()).map(|m| method_json(m, quantity, true)).collect());
                address["selected_shipping_method"] =
                    progress.method.map_or(Value::Null, |m| method_json(m, quantity, false));
                address["items_weight"] = json!(0);
                address["cart_items"] = json!([]);
                address["cart_items_v2"] = json!([]);
                address["pickup_location_code"] = Value::Null;
                address
            })
            .collect::<Vec<_>>()
    );
    cart["billing_address"] = progress.billing.as_ref().map_or(Value::Null, |a| address_json(a, "billing"));
    let (code, title) = PAYMENT;
    cart["available_payment_methods"] = json!([{ "code": code, "title": title, "is_deferred": false }]);
    cart["selected_payment_method"] = if progress.payment {
        json!({ "code": code, "title": title, "purchase_order_number": null })
    } else {
        json!({ "code": "", "title": "", "purchase_order_number": null })
    };
    let shipping = progress.method.map_or(0, |m| method_price(m, quantity));
    let tax = tax(progress, subtotal);
    let applied: Vec<Value> = tax.iter().map(|t| json!({ "amount": money_json(*t), "label": TAX.3 })).collect();
    let prices = &mut cart["prices"];
    prices["applied_taxes"] = json!(applied);
    prices["grand_total"] = money_json(subtotal + shipping + tax.unwrap_or(0));
    prices["subtotal_including_tax"] = money_json(subtotal + tax.unwrap_or(0));
}

impl Carts {
    /// Answers one of [`FIELDS`].
    pub(super) fn checkout(&mut self, catalogue: &Value, field: &str, args: &Map<String, Value>) -> Value {
        let input = &args["input"];
        let id = text(&input["cart_id"]).to_owned();
        let answer = match open(&mut self.carts, &id) {
            Err(gone) => return gone,
            Ok(cart) => match field {
                "setGuestEmailOnCart" => set_email(cart, text(&input["email"])),
                "setShippingAddressesOnCart" => set_shipping(cart, &input["shipping_addresses"]),
                "setBillingAddressOnCart" => set_billing(cart, &input["billing_address"]),
                "setShippingMethodsOnCart" => set_method(cart, &input["shipping_methods"]),
                "setPaymentMethodOnCart" => set_payment(cart, text(&input["payment_method"]["code"])),
                "placeOrder" => return self.place(catalogue, &id),
                _ => return Value::Null,
            },
        };
        match answer {
            Err(e) => e,
            Ok(()) => {
                self.carts.get(&id).map_or(Value::Null, |c| json!({ "cart": super::cart_json(catalogue, &id, c) }))
            }
        }
    }

    fn place(&mut self, catalogue: &Value, id: &str) -> Value {
        let Ok(cart) = open(&mut self.carts, id) else { return Value::Null };
        let p = &cart.checkout;
        let unable = |why: &str| -> Result<(), Value> { Err(input_error(&format!("Unable to place order: {why}"))) };
        let ready = if cart.lines.is_empty() {
            unable("Cart does not contain products.")
        } else if p.email.is_none() {
            unable("Guest email for cart is missing.")
        } else if p.shipping.is_none() {
            Err(input_error(SHIPPING_MISSING))
        } else if p.method.is_none() {
            unable("The shipping method is missing. Select the shipping method and try again.")
        } else if !p.payment {
            unable("Enter a valid payment method and try again.")
        } else {
            Ok(())
        };
        if let Err(e) = ready {
            return e;
        }
        let record = super::cart_json(catalogue, id, cart);
        cart.ordered = true;
        let number = format!("{:09}", self.next_order);
        self.next_order += 1;
        if self.orders.len() >= MAX_ORDERS {
            self.orders.pop_front();
        }
        let mut record = record;
        record["order_number"] = json!(number);
        self.orders.push_back(Placed { number: number.clone(), record });
        json!({ "order": { "order_number": number, "order_id": number } })
    }

    /// The shop's own record of order `number` (the cart as it was placed).
    pub(in crate::magento) fn order(&self, number: &str) -> Option<Value> {
        self.orders.iter().find(|o| o.number == number).map(|o| o.record.clone())
    }

    pub(in crate::magento) fn order_count(&self) -> usize {
        self.orders.len()
    }
}

fn set_email(cart: &mut Cart, email: &str) -> Result<(), Value> {
    let (local, domain) = email.split_once('@').unwrap_or_default();
    if local.is_empty() || !domain.contains('.') {
        return Err(input_error("Invalid email format"));
    }
    cart.checkout.email = Some(email.to_owned());
    Ok(())
}

fn set_shipping(cart: &mut Cart, addresses: &Value) -> Result<(), Value> {
    let addresses = addresses.as_array().cloned().unwrap_or_default();
    if addresses.len() > 1 {
        return Err(input_error("You cannot specify multiple shipping addresses."));
    }
    let Some(address) = addresses.first().map(|a| &a["address"]).filter(|a| a.is_object()) else {
        return Err(input_error("The shipping address must contain either \"customer_address_id\" or \"address\"."));
    };
    cart.checkout.shipping = Some(checked(address)?);
    Ok(())
}

fn set_billing(cart: &mut Cart, billing: &Value) -> Result<(), Value> {
    if billing["same_as_shipping"].as_bool() == Some(true) || billing["use_for_shipping"].as_bool() == Some(true) {
        if billing["address"].is_object() {
            let address = checked(&billing["address"])?;
            cart.checkout.billing = Some(address.clone());
            cart.checkout.shipping = Some(address);
            return Ok(());
        }
        let Some(shipping) = cart.checkout.shipping.clone() else { return Err(input_error(SHIPPING_MISSING)) };
        cart.checkout.billing = Some(shipping);
        return Ok(());
    }
    if !billing["address"].is_object() {
        return Err(input_error("The billing address must contain either \"customer_address_id\" or \"address\"."));
    }
    cart.checkout.billing = Some(checked(&billing["address"])?);
    Ok(())
}

fn set_method(cart: &mut Cart, methods: &Value) -> Result<(), Value> {
    if cart.checkout.shipping.is_none() {
        return Err(input_error(SHIPPING_MISSING));
    }
    let methods = methods.as_array().cloned().unwrap_or_default();
    let [method] = methods.as_slice() else {
        return Err(input_error("You cannot specify multiple shipping methods."));
    };
    let (carrier, code) = (text(&method["carrier_code"]), text(&method["method_code"]));
    let Some(at) = METHODS.iter().position(|(c, m, ..)| *c == carrier && *m == code) else {
        return Err(input_error(&format!("Carrier with such method not found: {carrier}, {code}")));
    };
    cart.checkout.method = Some(at);
    Ok(())
}

fn set_payment(cart: &mut Cart, code: &str) -> Result<(), Value> {
    if cart.checkout.shipping.is_none() {
        return Err(input_error(SHIPPING_MISSING));
    }
    if code != PAYMENT.0 {
        return Err(input_error("The requested Payment Method is not available."));
    }
    cart.checkout.payment = true;
    Ok(())
}

#[cfg(test)]
mod tests;
