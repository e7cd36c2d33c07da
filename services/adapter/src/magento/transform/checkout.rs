//! Magento's guest checkout → the normalised checkout, and what its errors
//! mean. Pure.
//!
//! - [`checkout`]: the cart, email, addresses, chosen method, totals, countries; kind
//!   NATIVE with Check / Money order ([`PAYMENT`]), the payment Magento offers for test
//!   orders in its default configuration.
//! - [`shipping_options`]: the shipping address's available methods, each named
//!   `carrier_code/method_code` ([`option_id`], read back by [`split_option`]).
//! - [`address_input`]: Vitrine's address as Magento's `CartAddressInput`.
//! - [`refusal`]: a step's GraphQL errors as Vitrine's [`Refusal`]s. Magento's messages
//!   may repeat what was typed, so they are matched against known phrases here and never
//!   passed on nor logged.

use serde_json::{Value, json};
use vitrine_domain::DriverError;
use vitrine_domain::checkout::{Refusal, totals};
use vitrine_proto::v1::{Address, Checkout, CheckoutKind, Country, Order, Region, ShippingOption, ShippingOptions};

use crate::graphql::wire::GraphQlError;
use crate::magento::models::MagentoMoney;
use crate::magento::models::checkout::{
    MagentoCartAddress, MagentoCheckoutCart, MagentoCountry, MagentoShippingMethod,
};

/// Check / Money order: offline, enabled in Magento's default configuration.
pub const PAYMENT: &str = "checkmo";
/// Its title, where the shop's list does not name it.
pub const PAYMENT_TITLE: &str = "Check / Money order";

/// The step a GraphQL error answered (each has its own usual meaning).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Read,
    Email,
    ShippingAddress,
    BillingAddress,
    ShippingMethod,
    Payment,
    Place,
}

fn text(s: Option<&String>) -> String {
    s.cloned().unwrap_or_default()
}

/// `carrier_code/method_code`: what `setShippingMethodsOnCart` takes back.
#[must_use]
pub fn option_id(carrier: &str, method: &str) -> String {
    format!("{carrier}/{method}")
}

/// The carrier and method codes of an option id; `None` for one Vitrine did not make.
#[must_use]
pub fn split_option(id: &str) -> Option<(&str, &str)> {
    id.split_once('/').filter(|(c, m)| !c.is_empty() && !m.is_empty() && !m.contains('/'))
}

/// A shipping method as an option; `None` without its codes (nothing could choose it).
#[must_use]
pub fn option(m: &MagentoShippingMethod) -> Option<ShippingOption> {
    let carrier = m.carrier_code.as_deref().filter(|c| !c.is_empty())?;
    let method = m.method_code.as_deref().filter(|c| !c.is_empty())?;
    let titles: Vec<&str> = [m.carrier_title.as_deref(), m.method_title.as_deref()]
        .into_iter()
        .flatten()
        .filter(|t| !t.is_empty())
        .collect();
    let label = match titles.as_slice() {
        [] => option_id(carrier, method),
        [carrier, method] if carrier != method => format!("{carrier} – {method}"),
        [one, ..] => (*one).to_owned(),
    };
    Some(ShippingOption {
        id: option_id(carrier, method),
        label,
        price: m.amount.as_ref().and_then(MagentoMoney::minor),
    })
}

/// An address as Magento holds it; `None` for one without a country (not set).
#[must_use]
pub fn address(a: &MagentoCartAddress) -> Option<Address> {
    let country = a.country.as_ref().and_then(|c| c.code.clone()).filter(|c| !c.is_empty())?;
    let street: Vec<&str> = a.street.iter().flatten().flatten().map(String::as_str).filter(|s| !s.is_empty()).collect();
    Some(Address {
        first_name: text(a.firstname.as_ref()),
        last_name: text(a.lastname.as_ref()),
        street: street.join(" "),
        city: text(a.city.as_ref()),
        postal_code: text(a.postcode.as_ref()),
        country,
        region: a.region.as_ref().and_then(|r| r.code.clone()).unwrap_or_default(),
        telephone: text(a.telephone.as_ref()),
    })
}

/// The store's allowed countries; a region is required where the country lists some
/// (Magento's default: required for the countries it knows regions of).
#[must_use]
pub fn countries(list: &[Option<MagentoCountry>]) -> Vec<Country> {
    list.iter()
        .flatten()
        .filter_map(|c| {
            let code = c.two_letter_abbreviation.clone().or_else(|| c.id.clone()).filter(|c| c.len() == 2)?;
            let regions: Vec<Region> = c
                .available_regions
                .iter()
                .flatten()
                .flatten()
                .filter_map(|r| {
                    let code = r.code.clone().filter(|c| !c.is_empty())?;
                    Some(Region { name: r.name.clone().unwrap_or_else(|| code.clone()), code })
                })
                .collect();
            Some(Country {
                name: c.full_name_english.clone().unwrap_or_else(|| code.clone()),
                code,
                region_required: !regions.is_empty(),
                regions,
            })
        })
        .collect()
}

fn shipping_address(c: &MagentoCheckoutCart) -> Option<&MagentoCartAddress> {
    c.shipping_addresses.iter().flatten().flatten().next()
}

/// The checkout. Tax is known once there is a shipping address (Magento taxes by it);
/// the total once a method is chosen, as Magento's grand total.
#[must_use]
pub fn checkout(c: &MagentoCheckoutCart, countries_list: &[Option<MagentoCountry>]) -> Checkout {
    let cart = super::cart::cart(&c.cart);
    let shipping = shipping_address(c);
    let chosen = shipping.and_then(|a| a.selected_shipping_method.as_ref()).and_then(option);
    let prices = c.checkout_prices.clone().unwrap_or_default();
    let subtotal = prices.subtotal_excluding_tax.as_ref().and_then(MagentoMoney::minor).or(cart.subtotal);
    let tax = shipping.map(|_| {
        prices.applied_taxes.iter().flatten().flatten().filter_map(|t| t.amount.as_ref()?.minor()).sum::<i64>()
    });
    let currency = prices.grand_total.as_ref().and_then(|m| m.currency.clone()).or_else(|| cart.currency.clone());
    let mut figures = totals(subtotal, chosen.as_ref().and_then(|o| o.price), tax, currency);
    if chosen.is_some() {
        figures.total = prices.grand_total.as_ref().and_then(MagentoMoney::minor).or(figures.total);
    }
    let payment = c
        .available_payment_methods
        .iter()
        .flatten()
        .flatten()
        .find(|m| m.code.as_deref() == Some(PAYMENT))
        .and_then(|m| m.title.clone())
        .unwrap_or_else(|| PAYMENT_TITLE.to_owned());
    let mut checkout = Checkout {
        cart: Some(cart),
        email: text(c.email.as_ref()),
        shipping_address: shipping.and_then(address),
        billing_address: c.billing_address.as_ref().and_then(address),
        shipping_option: chosen,
        totals: Some(figures),
        payment_method: payment,
        countries: countries(countries_list),
        ..Checkout::default()
    };
    checkout.set_kind(CheckoutKind::Native);
    checkout
}

/// The shipping address's methods the shop can apply now.
///
/// # Errors
/// [`Refusal::AddressFirst`] before a shipping address is set.
pub fn shipping_options(c: &MagentoCheckoutCart) -> Result<ShippingOptions, DriverError> {
    let shipping = shipping_address(c).ok_or_else(|| Refusal::AddressFirst.error())?;
    let methods: Vec<&MagentoShippingMethod> =
        shipping.available_shipping_methods.iter().flatten().flatten().filter(|m| m.available != Some(false)).collect();
    let currency = methods.iter().find_map(|m| m.amount.as_ref()?.currency.clone());
    Ok(ShippingOptions { options: methods.into_iter().filter_map(option).collect(), currency })
}

/// The order placed from `checkout` (its summary, taken before placing: Magento 2.4.6
/// cannot read a guest order back).
#[must_use]
pub fn order(number: String, checkout: &Checkout) -> Order {
    Order {
        number,
        lines: checkout.cart.as_ref().map(|c| c.lines.clone()).unwrap_or_default(),
        totals: checkout.totals.clone(),
        email: Some(checkout.email.clone()).filter(|e| !e.is_empty()),
    }
}

/// `CartAddressInput`: the street on one line, the region by code where there is one;
/// not saved to an address book (a guest has none).
#[must_use]
pub fn address_input(a: &Address) -> Value {
    let mut input = json!({
        "firstname": a.first_name,
        "lastname": a.last_name,
        "street": [a.street],
        "city": a.city,
        "postcode": a.postal_code,
        "country_code": a.country,
        "telephone": a.telephone,
        "save_in_address_book": false,
    });
    if !a.region.is_empty() {
        input["region"] = json!(a.region);
    }
    input
}

/// What a step's errors mean: `Some` for a gone cart or a refusal Vitrine can word,
/// `None` for a failure of the shop (logged by operation and category only).
#[must_use]
pub fn refusal(step: Step, errors: &[GraphQlError]) -> Option<DriverError> {
    let first = errors.first()?;
    let category = first.extensions.as_ref().and_then(|x| x.get("category")).and_then(Value::as_str);
    let message = first.message.to_lowercase();
    let says = |phrases: &[&str]| phrases.iter().any(|p| message.contains(p));
    // An ordered cart is "not active": gone, whichever category a version files it under.
    if says(&["isn't active", "is not active"]) {
        return Some(DriverError::CartGone);
    }
    match category {
        Some("graphql-no-such-entity" | "graphql-authorization") => return Some(DriverError::CartGone),
        Some("graphql-input") => {}
        _ => return None,
    }
    let refused = if says(&["country is not available", "country is not allowed", "is not allowed for"]) {
        Refusal::NoShippingTo
    } else if says(&["address is missing", "email for cart is missing", "email is missing"]) {
        Refusal::AddressFirst
    } else if says(&["shipping method is missing"]) {
        Refusal::ShippingFirst
    } else if says(&["contain products", "cart is empty"]) {
        Refusal::EmptyCart
    } else if says(&["carrier with such method not found", "shipping method"]) {
        Refusal::UnknownShippingOption
    } else if says(&["out of stock", "requested qty", "not salable", "not available"]) {
        Refusal::OutOfStock
    } else {
        match step {
            Step::Email | Step::ShippingAddress | Step::BillingAddress => Refusal::AddressRejected,
            Step::ShippingMethod => Refusal::UnknownShippingOption,
            Step::Payment => Refusal::PaymentDeclined,
            Step::Read | Step::Place => return None,
        }
    };
    Some(refused.error())
}

#[cfg(test)]
mod tests;
