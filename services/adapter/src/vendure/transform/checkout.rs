//! Pure Vendure checkout rules: the order's addresses, shipping and totals as Vitrine's
//! checkout, the eligible shipping methods as options, a placed order, and what each
//! `ErrorResult` of a step means for the shopper.
//!
//! Totals follow the channel, as prices do: where prices exclude tax, the subtotal and
//! shipping are without it and the tax is added (`totalWithTax − total`); where they
//! include it, every figure includes it and no tax is added on top.

use serde_json::{Value, json};
use vitrine_domain::DriverError;
use vitrine_domain::checkout::{Refusal, totals};
use vitrine_proto::v1::{Address, Checkout, CheckoutKind, Country, Order, ShippingOption, ShippingOptions, Totals};

use super::cart::{NOT_CHANGEABLE, REFUSED, cart};
use super::{minor, shown};
use crate::vendure::models::{
    ActiveChannel, CheckoutOrder, OrderAddress, OrderCustomer, PaymentMethod, ShippingQuote, VendureCountry,
};

/// An email that belongs to an account of the shop (Vendure's default: a guest cannot
/// use it).
pub const ACCOUNT_EMAIL: &str =
    "This email belongs to an account with this shop; signing in is not available here, so use another email.";
/// A shop that takes no orders from guests.
pub const NO_GUESTS: &str = "This shop takes orders from signed-in customers only.";

/// `CreateAddressInput`: one name line (Vendure keeps the full name), the region as the
/// province.
#[must_use]
pub fn address_input(a: &Address) -> Value {
    json!({
        "fullName": format!("{} {}", a.first_name.trim(), a.last_name.trim()).trim(),
        "streetLine1": a.street,
        "city": a.city,
        "province": a.region,
        "postalCode": a.postal_code,
        "countryCode": a.country.to_uppercase(),
        "phoneNumber": a.telephone,
    })
}

/// `CreateCustomerInput` of a guest: the email and the shipping address's names.
#[must_use]
pub fn customer_input(email: &str, shipping: &Address) -> Value {
    json!({ "emailAddress": email, "firstName": shipping.first_name.trim(), "lastName": shipping.last_name.trim() })
}

/// A full name as first and last: the customer's own where the name is theirs (Vendure
/// keeps both), otherwise split at the last space.
fn names(full: &str, customer: Option<&OrderCustomer>) -> (String, String) {
    if let Some(c) = customer
        && format!("{} {}", c.first_name, c.last_name) == full
    {
        return (c.first_name.clone(), c.last_name.clone());
    }
    match full.rsplit_once(' ') {
        Some((first, last)) => (first.to_owned(), last.to_owned()),
        None => (full.to_owned(), String::new()),
    }
}

/// An order's address, or none where it is not set (Vendure answers an empty one).
fn address(a: Option<&OrderAddress>, customer: Option<&OrderCustomer>) -> Option<Address> {
    let a = a?;
    let country = a.country_code.as_deref().filter(|c| !c.is_empty())?;
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let (first_name, last_name) = names(a.full_name.as_deref().unwrap_or_default(), customer);
    Some(Address {
        first_name,
        last_name,
        street: text(&a.street_line1),
        city: text(&a.city),
        postal_code: text(&a.postal_code),
        country: country.to_uppercase(),
        region: text(&a.province),
        telephone: text(&a.phone_number),
    })
}

fn order_totals(o: &CheckoutOrder, channel: ActiveChannel) -> Totals {
    let currency = o.order.currency_code.as_str();
    let subtotal = Some(shown(channel, currency, o.order.sub_total, o.order.sub_total_with_tax));
    let shipping = (!o.shipping_lines.is_empty()).then(|| shown(channel, currency, o.shipping, o.shipping_with_tax));
    let tax = (!channel.prices_include_tax).then(|| minor(o.total_with_tax - o.total, currency));
    totals(subtotal, shipping, tax, Some(currency.to_owned()))
}

/// The countries Vendure ships to: its available ones (none has regions to choose).
#[must_use]
pub fn countries(list: &[VendureCountry]) -> Vec<Country> {
    list.iter().map(|c| Country { code: c.code.to_uppercase(), name: c.name.clone(), ..Country::default() }).collect()
}

/// The session's order as Vitrine's checkout. `cart` is the session's token.
#[must_use]
pub fn checkout(
    cart_id: &str,
    o: &CheckoutOrder,
    countries: Vec<Country>,
    payments: &[PaymentMethod],
    channel: ActiveChannel,
) -> Checkout {
    let customer = o.customer.as_ref();
    let shipping_address = address(o.shipping_address.as_ref(), customer);
    let billing_address = address(o.billing_address.as_ref(), customer);
    Checkout {
        cart: Some(cart(cart_id, &o.order, channel)),
        email: customer.map(|c| c.email_address.clone()).unwrap_or_default(),
        shipping_address,
        billing_address,
        shipping_option: o.shipping_lines.first().map(|l| ShippingOption {
            id: l.shipping_method.id.clone(),
            label: l.shipping_method.name.clone(),
            price: Some(shown(channel, &o.order.currency_code, o.shipping, o.shipping_with_tax)),
        }),
        totals: Some(order_totals(o, channel)),
        payment_method: payments.iter().find(|p| p.is_eligible).map(|p| p.name.clone()).unwrap_or_default(),
        countries,
        kind: CheckoutKind::Native.into(),
        notice: String::new(),
    }
}

/// The eligible shipping methods, at the channel's prices in the order's `currency`.
#[must_use]
pub fn shipping_options(quotes: &[ShippingQuote], channel: ActiveChannel, currency: &str) -> ShippingOptions {
    let options = quotes
        .iter()
        .map(|q| ShippingOption {
            id: q.id.clone(),
            label: q.name.clone(),
            price: Some(shown(channel, currency, q.price, q.price_with_tax)),
        })
        .collect();
    ShippingOptions { options, currency: Some(currency.to_owned()) }
}

/// The code of the payment method to pay with: the first eligible one.
#[must_use]
pub fn payment_method(payments: &[PaymentMethod]) -> Option<&str> {
    payments.iter().find(|p| p.is_eligible).map(|p| p.code.as_str())
}

/// A placed order: its number is Vendure's order code.
#[must_use]
pub fn order(placed: &CheckoutOrder, channel: ActiveChannel) -> Order {
    Order {
        number: placed.order.code.clone(),
        lines: cart("", &placed.order, channel).lines,
        totals: Some(order_totals(placed, channel)),
        email: placed.customer.as_ref().map(|c| c.email_address.clone()),
    }
}

/// What a checkout step's `ErrorResult` code means.
#[must_use]
pub fn refusal(error_code: &str) -> DriverError {
    match error_code {
        "NO_ACTIVE_ORDER_ERROR" => DriverError::CartGone,
        "EMAIL_ADDRESS_CONFLICT_ERROR" => DriverError::Refused(ACCOUNT_EMAIL.to_owned()),
        "GUEST_CHECKOUT_ERROR" => DriverError::Refused(NO_GUESTS.to_owned()),
        "INELIGIBLE_SHIPPING_METHOD_ERROR" => Refusal::UnknownShippingOption.error(),
        "ORDER_MODIFICATION_ERROR" => DriverError::Refused(NOT_CHANGEABLE.to_owned()),
        // Moving to payment needs the lines in stock (the rest is checked before).
        "ORDER_STATE_TRANSITION_ERROR" | "INSUFFICIENT_STOCK_ERROR" => Refusal::OutOfStock.error(),
        "PAYMENT_DECLINED_ERROR" | "PAYMENT_FAILED_ERROR" | "INELIGIBLE_PAYMENT_METHOD_ERROR" => {
            Refusal::PaymentDeclined.error()
        }
        _ => DriverError::Refused(REFUSED.to_owned()),
    }
}

#[cfg(test)]
mod tests;
