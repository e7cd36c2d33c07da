//! Checkout on the mock's carts, a REST API in which each call answers the whole
//! checkout (the mock's delay applies per call):
//!
//! | call | answer |
//! |---|---|
//! | `GET /api/carts/{id}/checkout` | the checkout: the cart, what is set so far, totals, the countries, the payment |
//! | `PUT /api/carts/{id}/checkout` `{email, shipping, billing?}` | the checkout; 400 a field missing, 422 a country it does not ship to or a region it needs |
//! | `GET /api/carts/{id}/shipping-options` | `[{id, label, price}]`; 409 before an address |
//! | `PUT /api/carts/{id}/shipping` `{option}` | the checkout; 422 an option it has not, 409 before an address |
//! | `POST /api/carts/{id}/order` | 201 the order (`M-100001`, counting up); 409 an empty cart, no address or no shipping; the cart is gone afterwards (404) |
//! | `GET /api/orders/{number}` | the order's number, lines and totals: nothing of the shopper's, as anyone may guess a number |
//! | `GET /_backoffice/orders/{number}` | the order as placed, its email too (the backend's own record), to the back office's token only |
//!
//! Each is the proto message as JSON (the in-memory adapter reads it straight in), and a
//! refusal's body names it by a `code` as well as in words. The rules of a shop:
//! - it ships to [`countries`] (US and Canada need a state or province);
//! - two flat rates, [`RATES`], in the cart's currency, for any address;
//! - tax: a flat sales tax of [`TAX_RATE`] (10 %) on the items' subtotal, shipping untaxed;
//! - payment: [`PAYMENT`], a mock that always accepts;
//! - at most [`MAX_ORDERS`] orders are kept, the oldest dropped, as carts are.

use std::collections::{HashMap, VecDeque};

use serde::Deserialize;
use serde_json::{Value, json};
use vitrine_domain::checkout::totals;
use vitrine_domain::money;
use vitrine_proto::v1::{
    Address, Cart, Checkout, CheckoutKind, Country, Order, Region, ShippingOption, ShippingOptions,
};

use crate::error::MockError;

/// The most orders kept at once.
pub(crate) const MAX_ORDERS: usize = 10_000;
/// The mock's sales tax on the items (not on shipping).
pub(crate) const TAX_RATE: f64 = 0.10;
/// The mock's payment, for test orders only.
pub(crate) const PAYMENT: &str = "Mock payment (test order, nothing is charged)";
/// Its flat rates: id, label, price.
/// Each in minor units of the cart's currency (cents of its dollars).
pub(crate) const RATES: [(&str, &str, i64); 2] =
    [("standard", "Standard (3-5 working days)", 500), ("express", "Express (next working day)", 1500)];
/// Order numbers start after this.
const FIRST_NUMBER: u64 = 100_000;

/// What a cart's checkout holds so far.
#[derive(Debug, Clone, Default)]
struct Progress {
    email: String,
    shipping: Option<Address>,
    billing: Option<Address>,
    option: Option<ShippingOption>,
}

#[derive(Default)]
pub(crate) struct Checkouts {
    /// By cart id; a cart's entry goes with the cart.
    progress: HashMap<String, Progress>,
    /// Placed orders, oldest first.
    orders: VecDeque<Order>,
    /// Orders placed since start: numbers are never given twice, even across a reset.
    placed: u64,
}

#[derive(Deserialize)]
pub(crate) struct SetAddress {
    #[serde(default)]
    email: String,
    shipping: Option<Address>,
    billing: Option<Address>,
}

#[derive(Deserialize)]
pub(crate) struct SetShipping {
    option: String,
}

/// The countries the mock ships to, in the order a form lists them.
#[must_use]
pub(crate) fn countries() -> Vec<Country> {
    let regions = |list: &[(&str, &str)]| {
        list.iter().map(|(code, name)| Region { code: (*code).to_owned(), name: (*name).to_owned() }).collect()
    };
    let country = |code: &str, name: &str, list: &[(&str, &str)]| Country {
        code: code.to_owned(),
        name: name.to_owned(),
        regions: regions(list),
        region_required: !list.is_empty(),
    };
    vec![
        country(
            "US",
            "United States",
            &[
                ("CA", "California"),
                ("FL", "Florida"),
                ("IL", "Illinois"),
                ("NY", "New York"),
                ("TX", "Texas"),
                ("WA", "Washington"),
            ],
        ),
        country(
            "CA",
            "Canada",
            &[
                ("AB", "Alberta"),
                ("BC", "British Columbia"),
                ("NS", "Nova Scotia"),
                ("ON", "Ontario"),
                ("QC", "Quebec"),
            ],
        ),
        country("GB", "United Kingdom", &[]),
        country("DE", "Germany", &[]),
        country("FR", "France", &[]),
        country("NL", "Netherlands", &[]),
    ]
}

/// The mock's rates.
fn rates() -> Vec<ShippingOption> {
    RATES
        .iter()
        .map(|(id, label, price)| ShippingOption {
            id: (*id).to_owned(),
            label: (*label).to_owned(),
            price: Some(*price),
        })
        .collect()
}

/// As a shop checks what it is sent: every field given, a country it ships to, the
/// region where the country needs one. (Vitrine checks more before it asks.)
fn check(address: &Address) -> Result<(), MockError> {
    let given = [
        &address.first_name,
        &address.last_name,
        &address.street,
        &address.city,
        &address.postal_code,
        &address.telephone,
    ];
    if given.iter().any(|v| v.trim().is_empty()) {
        return Err(MockError::AddressIncomplete);
    }
    let Some(country) = countries().into_iter().find(|c| c.code == address.country) else {
        return Err(MockError::NoShippingTo);
    };
    // A region, required or given, is one of the country's.
    let known = country.regions.iter().any(|r| r.code == address.region);
    if !known && (country.region_required || !address.region.is_empty()) {
        return Err(MockError::RegionRequired);
    }
    Ok(())
}

/// The checkout of `cart` with `progress`: the totals at the mock's tax.
fn checkout_of(cart: Cart, progress: &Progress) -> Checkout {
    let tax = cart.subtotal.map(|s| money::rate_of(s, TAX_RATE));
    let shipping = progress.option.as_ref().and_then(|o| o.price);
    Checkout {
        totals: Some(totals(cart.subtotal, shipping, tax, cart.currency.clone())),
        cart: Some(cart),
        email: progress.email.clone(),
        shipping_address: progress.shipping.clone(),
        billing_address: progress.billing.clone(),
        shipping_option: progress.option.clone(),
        payment_method: PAYMENT.to_owned(),
        countries: countries(),
        kind: CheckoutKind::Native.into(),
        notice: String::new(),
    }
}

impl Checkouts {
    /// Forgets every checkout and order; the numbering goes on.
    pub(crate) fn clear(&mut self) {
        *self = Self { placed: self.placed, ..Self::default() };
    }

    /// Forgets the checkout of a cart that is gone.
    pub(crate) fn forget(&mut self, cart: &str) {
        self.progress.remove(cart);
    }

    fn keep(&mut self, order: Order) {
        if self.orders.len() >= MAX_ORDERS {
            self.orders.pop_front();
        }
        self.orders.push_back(order);
    }

    /// The order numbered `number` as anyone may read it: its number, lines and totals.
    /// Named field by field, so that a field orders gain later stays out of it until it
    /// is chosen here.
    pub(crate) fn public_order(&self, number: &str) -> Result<Value, MockError> {
        let order = self.order(number)?;
        Ok(json!({ "number": order.number, "lines": order.lines, "totals": order.totals }))
    }

    pub(crate) fn order(&self, number: &str) -> Result<Order, MockError> {
        self.orders
            .iter()
            .find(|o| o.number == number)
            .cloned()
            .ok_or_else(|| MockError::OrderNotFound(number.to_owned()))
    }
}

impl Checkouts {
    fn progress(&self, id: &str) -> Progress {
        self.progress.get(id).cloned().unwrap_or_default()
    }

    /// Like `progress`, for a step that needs the address.
    fn addressed(&self, id: &str) -> Result<Progress, MockError> {
        let progress = self.progress(id);
        if progress.shipping.is_none() { Err(MockError::AddressFirst) } else { Ok(progress) }
    }

    /// The checkout of `cart` (whose id is `id`).
    pub(crate) fn checkout(&self, id: &str, cart: Cart) -> Checkout {
        checkout_of(cart, &self.progress(id))
    }

    pub(crate) fn set_address(&mut self, id: &str, cart: Cart, set: SetAddress) -> Result<Checkout, MockError> {
        let shipping = set.shipping.ok_or(MockError::AddressIncomplete)?;
        if !set.email.contains('@') {
            return Err(MockError::AddressIncomplete);
        }
        check(&shipping)?;
        if let Some(billing) = &set.billing {
            check(billing)?;
        }
        let progress = self.progress.entry(id.to_owned()).or_default();
        progress.email = set.email;
        // Billing the same as shipping unless given, as the real backends keep it.
        progress.billing = Some(set.billing.unwrap_or_else(|| shipping.clone()));
        progress.shipping = Some(shipping);
        Ok(checkout_of(cart, progress))
    }

    pub(crate) fn shipping_options(&self, id: &str) -> Result<ShippingOptions, MockError> {
        self.addressed(id)?;
        Ok(ShippingOptions { options: rates(), currency: Some(money::DEFAULT_CURRENCY.to_owned()) })
    }

    pub(crate) fn set_shipping(&mut self, id: &str, cart: Cart, set: &SetShipping) -> Result<Checkout, MockError> {
        self.addressed(id)?;
        let option = rates().into_iter().find(|r| r.id == set.option).ok_or(MockError::UnknownShippingOption)?;
        let progress = self.progress.entry(id.to_owned()).or_default();
        progress.option = Some(option);
        Ok(checkout_of(cart, progress))
    }

    /// Whether `checkout` can be placed: refused while a step is missing.
    pub(crate) fn ready(checkout: &Checkout) -> Result<(), MockError> {
        if checkout.cart.as_ref().is_none_or(|c| c.lines.is_empty()) {
            return Err(MockError::EmptyCart);
        }
        if checkout.shipping_address.is_none() {
            return Err(MockError::AddressFirst);
        }
        if checkout.shipping_option.is_none() {
            return Err(MockError::ShippingFirst);
        }
        Ok(())
    }

    /// The order of `checkout`, whose cart is now gone (`placed`, its lines): numbered and kept.
    pub(crate) fn place(&mut self, checkout: Checkout, placed: Cart) -> Order {
        self.placed += 1;
        let order = Order {
            number: format!("M-{}", FIRST_NUMBER + self.placed),
            lines: placed.lines,
            totals: checkout.totals,
            email: Some(checkout.email),
        };
        self.keep(order.clone());
        order
    }
}

#[cfg(test)]
mod tests;
