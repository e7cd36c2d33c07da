//! Medusa 2's guest checkout in the normalised model, and what its refusals
//! mean (pure).
//!
//! - [`fields`]: what the driver asks a cart answer for at checkout.
//! - [`checkout`]: the cart, email, addresses, chosen method, totals and the region's
//!   countries; kind NATIVE with the system (manual) payment provider ([`PAYMENT`],
//!   shown as [`PAYMENT_TITLE`]), which every Medusa store has for test orders.
//! - [`countries`], [`ships_to`]: Medusa keeps the countries a cart ships to in its
//!   region, lower-case and without provinces (a province is free text there).
//! - [`address_input`], [`address`]: Vitrine's address as Medusa's and back.
//! - [`shipping_options`], [`completion`], [`order`]: the other steps' answers.
//! - [`failure`]: a failed step read from Medusa's error body. Medusa's messages may
//!   repeat what was typed (a country code, an email), so they are matched against known
//!   phrases here and never passed on nor logged; the shopper's text is [`Refusal`]'s.

use serde_json::{Value, json};
use vitrine_domain::DriverError;
use vitrine_domain::checkout::{Refusal, totals};
use vitrine_proto::v1::{Address, Checkout, CheckoutKind, Country, Order, ShippingOption, ShippingOptions};

use super::cart::FIELDS as CART_FIELDS;
use super::minor;
use crate::medusa::models::{Completion, ErrorBody, MedusaAddress, MedusaCart, MedusaCountry, MedusaShippingOption};

/// The system payment provider: Medusa's manual one, in every store, for test orders.
pub const PAYMENT: &str = "pp_system_default";
/// Its label for the shopper.
pub const PAYMENT_TITLE: &str = "Manual payment (test order, nothing is charged)";

/// What the shipping options' list is asked for.
pub const SHIPPING_OPTION_FIELDS: &str = "id,name,amount";

/// What a checkout reads of a cart: the cart's fields, the email, the region's countries,
/// both addresses (`*`: their own fields), the chosen method and the totals Vitrine shows.
/// Every path is one the Store API's cart routes allow as it is: Medusa drops any other
/// without a word (the countries' own fields come with `*region.countries`, never with
/// `region.countries.iso_2`, which is not on the list).
#[must_use]
pub fn fields() -> String {
    format!(
        "{CART_FIELDS},email,region.name,*region.countries,*shipping_address,\
         *billing_address,shipping_methods.shipping_option_id,shipping_methods.name,shipping_methods.amount,\
         shipping_subtotal,tax_total,total"
    )
}

/// A checkout step, each with its usual meaning of a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Address,
    ShippingOptions,
    ShippingMethod,
    /// `POST /store/payment-collections {cart_id}`: a 404 names the cart.
    PaymentCollection,
    /// `POST /store/payment-collections/{id}/payment-sessions`: a 404 names the collection
    /// just made or the provider, never the cart: the store failing.
    PaymentSession,
    Complete,
}

/// What a failed step means.
#[derive(Debug, PartialEq)]
pub enum Failure {
    /// The cart is gone (unknown, or completed meanwhile).
    Gone,
    Refused(Refusal),
    /// The store failed, or refused in a way Vitrine has no words for: its status.
    Failed(u16),
}

fn text(s: Option<&String>) -> String {
    s.map(|s| s.trim().to_owned()).unwrap_or_default()
}

fn non_empty(s: Option<&String>) -> Option<String> {
    Some(text(s)).filter(|s| !s.is_empty())
}

/// The region's countries, upper-cased as Vitrine's codes are; none has regions to choose.
#[must_use]
pub fn countries(list: &[MedusaCountry]) -> Vec<Country> {
    list.iter()
        .filter_map(|c| {
            let code = non_empty(c.iso_2.as_ref()).filter(|c| c.len() == 2)?.to_uppercase();
            Some(Country {
                name: non_empty(c.display_name.as_ref()).unwrap_or_else(|| code.clone()),
                code,
                regions: Vec::new(),
                region_required: false,
            })
        })
        .collect()
}

// Medusa checks the shipping address only, and with its own words: Vitrine asks before
// it sends either.
pub use vitrine_domain::checkout::in_countries as ships_to;

/// `CreateAddress`: the country lower-case (Medusa's `iso_2`), the region as the province
/// where there is one.
#[must_use]
pub fn address_input(a: &Address) -> Value {
    let mut input = json!({
        "first_name": a.first_name,
        "last_name": a.last_name,
        "address_1": a.street,
        "city": a.city,
        "postal_code": a.postal_code,
        "country_code": a.country.trim().to_lowercase(),
        "phone": a.telephone,
    });
    if !a.region.trim().is_empty() {
        input["province"] = json!(a.region.trim());
    }
    input
}

/// An address as Medusa keeps it; `None` without a country (not set).
#[must_use]
pub fn address(a: &MedusaAddress) -> Option<Address> {
    let country = non_empty(a.country_code.as_ref())?.to_uppercase();
    Some(Address {
        first_name: text(a.first_name.as_ref()),
        last_name: text(a.last_name.as_ref()),
        street: text(a.address_1.as_ref()),
        city: text(a.city.as_ref()),
        postal_code: text(a.postal_code.as_ref()),
        country,
        region: text(a.province.as_ref()),
        telephone: text(a.phone.as_ref()),
    })
}

/// The options Medusa offers the cart, by their ids (which a shipping method takes).
#[must_use]
pub fn shipping_options(list: &[MedusaShippingOption], currency: Option<String>) -> ShippingOptions {
    let options = list
        .iter()
        .filter(|o| !o.id.is_empty())
        .map(|o| ShippingOption {
            id: o.id.clone(),
            label: non_empty(o.name.as_ref()).unwrap_or_else(|| o.id.clone()),
            price: minor(o.amount, currency.as_deref()),
        })
        .collect();
    ShippingOptions { options, currency }
}

/// The checkout of a cart Medusa answered. Tax is known once there is a shipping
/// address (Medusa taxes by it); the total once a method is chosen, as Medusa's total.
///
/// # Errors
/// [`DriverError::CartGone`] for a cart not there or completed (`cart::open`).
pub fn checkout(answer: Option<MedusaCart>) -> Result<Checkout, DriverError> {
    let mut medusa = super::cart::open(answer)?;
    let currency = medusa.currency_code.clone();
    let minor = |amount: Option<f64>| minor(amount, currency.as_deref());
    let chosen = medusa.shipping_methods.first().and_then(|m| {
        Some(ShippingOption {
            id: non_empty(m.shipping_option_id.as_ref())?,
            label: non_empty(m.name.as_ref()).unwrap_or_default(),
            price: minor(m.amount),
        })
    });
    let shipping_address = medusa.shipping_address.as_ref().and_then(address);
    let billing_address = medusa.billing_address.as_ref().and_then(address);
    let region_countries = countries(&medusa.region.take().unwrap_or_default().countries);
    let email = text(medusa.email.as_ref());
    let (tax, total, shipping_subtotal) =
        (minor(medusa.tax_total), minor(medusa.total), minor(medusa.shipping_subtotal));
    let cart = super::cart::cart(Some(medusa))?;
    let shipping = chosen.as_ref().and_then(|o| shipping_subtotal.or(o.price));
    let mut figures = totals(cart.subtotal, shipping, shipping_address.as_ref().and(tax), cart.currency.clone());
    if chosen.is_some() {
        figures.total = total.or(figures.total);
    }
    let mut checkout = Checkout {
        cart: Some(cart),
        email,
        shipping_address,
        billing_address,
        shipping_option: chosen,
        totals: Some(figures),
        payment_method: PAYMENT_TITLE.to_owned(),
        countries: region_countries,
        ..Checkout::default()
    };
    checkout.set_kind(CheckoutKind::Native);
    Ok(checkout)
}

/// The order number of a completion: its `display_id`. A cart answered instead is a
/// payment Medusa did not authorise (the only errors its route answers with a 200).
///
/// # Errors
/// [`Refusal::PaymentDeclined`]; [`DriverError::Undecodable`] for an order without a number.
pub fn completion(answer: &Completion) -> Result<String, DriverError> {
    match answer.kind.as_deref() {
        Some("cart") => Err(Refusal::PaymentDeclined.error()),
        Some("order") => answer
            .order
            .as_ref()
            .and_then(|o| o.display_id)
            .filter(|n| n.is_finite() && *n >= 1.0 && n.fract() == 0.0)
            .map(|n| format!("{n:.0}"))
            .ok_or_else(|| DriverError::Undecodable("complete: an order without its display id".into())),
        _ => Err(DriverError::Undecodable("complete: neither an order nor a cart".into())),
    }
}

/// The order placed from `before` (the checkout read just before placing, for its lines),
/// with Medusa's own figures where the order has them.
#[must_use]
pub fn order(number: String, answer: &Completion, before: &Checkout) -> Order {
    let kept = before.totals.clone().unwrap_or_default();
    let figures = answer.order.as_ref().map_or(kept.clone(), |o| {
        let currency = non_empty(o.currency_code.as_ref()).map(|c| c.to_uppercase()).or(kept.currency.clone());
        let minor = |amount: Option<f64>| minor(amount, currency.as_deref());
        let mut figures = totals(
            minor(o.item_subtotal).or(kept.subtotal),
            minor(o.shipping_subtotal).or(kept.shipping),
            minor(o.tax_total).or(kept.tax),
            currency.clone(),
        );
        figures.total = minor(o.total).or(figures.total);
        figures
    });
    let email = answer.order.as_ref().and_then(|o| non_empty(o.email.as_ref()));
    Order {
        number,
        lines: before.cart.as_ref().map(|c| c.lines.clone()).unwrap_or_default(),
        totals: Some(figures),
        email: email.or_else(|| Some(before.email.clone()).filter(|e| !e.is_empty())),
    }
}

/// What a step's failed answer (`status`, Medusa's error `body`) means. A step names a
/// cart that was just read, so a 404 or "already completed" is the cart gone meanwhile.
#[must_use]
pub fn failure(step: Step, status: u16, body: &[u8]) -> Failure {
    let error: ErrorBody = serde_json::from_slice(body).unwrap_or_default();
    let message = error.message.as_deref().unwrap_or_default().to_lowercase();
    let says = |phrase: &str| message.contains(phrase);
    let stock = error.code.as_deref() == Some("insufficient_inventory") || says("required inventory");
    match (status, error.kind.as_deref()) {
        (404, _) if step != Step::PaymentSession => Failure::Gone,
        (400, Some("not_allowed")) if stock => Failure::Refused(Refusal::OutOfStock),
        (400, Some("invalid_data")) if says("already completed") => Failure::Gone,
        (400, Some("invalid_data")) => match step {
            _ if says("not within region") => Failure::Refused(Refusal::NoShippingTo),
            Step::Address => Failure::Refused(Refusal::AddressRejected),
            Step::ShippingMethod => Failure::Refused(Refusal::UnknownShippingOption),
            Step::Complete if says("shipping method") => Failure::Refused(Refusal::ShippingFirst),
            Step::Complete if says("no items") => Failure::Refused(Refusal::EmptyCart),
            Step::Complete if says("payment") => Failure::Refused(Refusal::PaymentDeclined),
            Step::ShippingOptions | Step::PaymentCollection | Step::PaymentSession | Step::Complete => {
                Failure::Failed(status)
            }
        },
        _ => Failure::Failed(status),
    }
}

#[cfg(test)]
mod tests;
