//! Magento's guest cart → the normalised cart, and what its refusals and
//! errors mean. Pure.
//!
//! - [`cart`]: the lines (a configurable item's variant id is the one its product page
//!   lists: parent SKU, child SKU, the values' uids in the parent's option order), unit
//!   prices and row totals as Magento counts them, the items' subtotal and its currency.
//! - [`answer`], [`failure`]: a call's payload, or what its GraphQL errors' category says.
//! - [`added`], [`refusal`]: `addProductsToCart`'s `user_errors` (HTTP 200) are refusals.
//! - [`line_refusal`]: a line's change Magento refused, told apart by the cart as it is.
//!
//! The shopper's texts are Vitrine's, one per case: an upstream message is never shown,
//! nor logged (Magento's name the cart).

use serde::de::DeserializeOwned;
use serde_json::Value;
use vitrine_domain::DriverError;
use vitrine_proto::v1::{Cart, CartLine, Image, SelectedOption};

use super::{non_empty, path, picture};
use crate::graphql::wire::{GraphQlError, Response};
use crate::magento::models::cart::{MagentoAddToCart, MagentoCart, MagentoCartItem, MagentoSelectedOption};
use crate::magento::models::{MagentoConfigurableOption, MagentoMoney};
use crate::magento::variant_id;

/// `PRODUCT_NOT_FOUND`: no product has the SKU.
pub const NOT_SOLD: &str = "The shop does not sell this item.";
/// `NOT_SALABLE`: the product exists and cannot be bought now.
pub const NOT_SALABLE: &str = "This item cannot be bought at the moment.";
/// `INSUFFICIENT_STOCK`: out of stock, or fewer in stock than the line would hold.
pub const NOT_ENOUGH_STOCK: &str = "Not enough of this item is in stock.";
/// Any other code (`UNDEFINED`: options missing, a product that needs more choices …).
pub const NOT_ADDED: &str = "The shop could not add this item to the cart.";
/// An update Magento refused as input, the line being there: a quantity it cannot supply.
pub const QUANTITY_REFUSED: &str = "The shop cannot supply that many of this item.";
/// The line named is not in the cart (removed meanwhile, or another cart's).
pub const LINE_GONE: &str = "This line is no longer in the cart.";
/// A change to a line that is there, refused for another reason.
pub const LINE_NOT_CHANGED: &str = "The shop could not change this line.";

/// What `addProductsToCart`'s `user_errors` code means for the shopper.
#[must_use]
pub fn refusal(code: &str) -> DriverError {
    let text = match code {
        // 2.4.7 reports an unknown cart here too, not as a GraphQL error.
        "COULD_NOT_FIND_CART" => return DriverError::CartGone,
        "PRODUCT_NOT_FOUND" => NOT_SOLD,
        "NOT_SALABLE" => NOT_SALABLE,
        "INSUFFICIENT_STOCK" => NOT_ENOUGH_STOCK,
        _ => NOT_ADDED,
    };
    DriverError::Refused(text.to_owned())
}

/// What a cart call's GraphQL errors say (Magento's `extensions.category`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// `graphql-no-such-entity`: the cart is not known (expired, ordered, deleted), or,
    /// in a line's change, the line may not be.
    NoSuchEntity,
    /// `graphql-authorization`: the cart is now a customer's, no longer this guest's.
    NotYours,
    /// `graphql-input`: the input refused (a quantity the shop cannot supply, a line id
    /// it cannot read).
    Input,
    /// Any other category (its word, for the logs; never the message).
    Other(String),
}

/// The first error's meaning, if the answer carries errors.
#[must_use]
pub fn failure(errors: &[GraphQlError]) -> Option<Failure> {
    let first = errors.first()?;
    let category = first.extensions.as_ref().and_then(|x| x.get("category")).and_then(Value::as_str);
    Some(match category {
        Some("graphql-no-such-entity") => Failure::NoSuchEntity,
        Some("graphql-authorization") => Failure::NotYours,
        Some("graphql-input") => Failure::Input,
        other => Failure::Other(other.unwrap_or("none").chars().take(64).collect()),
    })
}

/// A cart call's outcome: its payload, or what its errors say.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer<T> {
    Done(T),
    Failed(Failure),
}

/// The payload of `field` in `response`, or its failure.
///
/// # Errors
/// [`DriverError::Undecodable`] when there are neither errors nor the payload (the text
/// names the operation and field only: a payload holds the cart's id).
pub fn answer<T: DeserializeOwned>(operation: &str, field: &str, response: Response) -> Result<Answer<T>, DriverError> {
    if let Some(failure) = failure(&response.errors) {
        return Ok(Answer::Failed(failure));
    }
    let payload = response
        .data
        .and_then(|mut data| data.get_mut(field).map(Value::take))
        .filter(|v| !v.is_null())
        .ok_or_else(|| DriverError::Undecodable(format!("{operation}: no {field}")))?;
    serde_json::from_value(payload)
        .map(Answer::Done)
        .map_err(|e| DriverError::Undecodable(format!("{operation}: {field} of another shape ({:?})", e.classify())))
}

/// `addProductsToCart`'s answer: the cart, or the first refused item's refusal (one item
/// is sent at a time).
///
/// # Errors
/// The refusal ([`refusal`]); [`DriverError::Undecodable`] without a cart.
pub fn added(answer: &MagentoAddToCart) -> Result<Cart, DriverError> {
    if let Some(refused) = answer.user_errors.first() {
        return Err(refusal(refused.code.as_deref().unwrap_or_default()));
    }
    answer.cart.as_ref().map(cart).ok_or_else(|| DriverError::Undecodable("addProductsToCart: no cart".into()))
}

/// A change to `line` failed with `failure` (`update`: a quantity; else a removal), and
/// `now` is the cart as Magento now has it: Magento answers a line it does not know as
/// it answers a cart it does not know, and the cart tells the two apart.
#[must_use]
pub fn line_refusal(failure: &Failure, now: &Cart, line: &str, update: bool) -> DriverError {
    let text = if now.lines.iter().all(|l| l.id != line) {
        LINE_GONE
    } else if update && *failure == Failure::Input {
        QUANTITY_REFUSED
    } else {
        LINE_NOT_CHANGED
    };
    DriverError::Refused(text.to_owned())
}

/// Magento's stand-in picture for a product without its own (`…/placeholder/…`).
fn is_placeholder(image: &Image) -> bool {
    image.url.contains("/placeholder/")
}

/// The values chosen on a configurable item, in its parent's option order (by position,
/// each value found by its uid among an option's values), as the product page lists them.
fn chosen(item: &MagentoCartItem) -> Vec<&MagentoSelectedOption> {
    let mut options: Vec<&MagentoConfigurableOption> =
        item.product.iter().flat_map(|p| p.configurable_options.iter().flatten()).collect();
    options.sort_by_key(|o| o.position.unwrap_or(i64::MAX));
    let rank = |s: &MagentoSelectedOption| {
        let uid = s.configurable_product_option_value_uid.as_deref();
        options.iter().position(|o| o.values.iter().flatten().any(|v| v.uid.as_deref() == uid)).unwrap_or(usize::MAX)
    };
    let mut chosen: Vec<&MagentoSelectedOption> = item.configurable_options.iter().flatten().collect();
    // Stable: values of options the parent did not list keep Magento's order, last.
    chosen.sort_by_key(|s| rank(s));
    chosen
}

/// One line; `None` for an item without a uid (nothing could change or remove it).
fn line(item: &MagentoCartItem) -> Option<CartLine> {
    let id = non_empty(item.uid.as_ref())?;
    let product = item.product.clone().unwrap_or_default();
    let parent_sku = product.sku.clone().unwrap_or_default();
    let chosen = chosen(item);
    let variant = match item.configured_variant.as_ref().and_then(|c| c.sku.as_deref()) {
        Some(child) => {
            let uids: Vec<&str> =
                chosen.iter().map(|s| s.configurable_product_option_value_uid.as_deref().unwrap_or_default()).collect();
            variant_id::encode(&parent_sku, child, &uids)
        }
        None => parent_sku,
    };
    // The child's own picture, else the product's (Magento gives a child without one
    // its placeholder).
    let image = item
        .configured_variant
        .as_ref()
        .and_then(|c| picture(c.thumbnail.as_ref()))
        .filter(|i| !is_placeholder(i))
        .or_else(|| picture(product.thumbnail.as_ref()));
    let prices = item.prices.as_ref();
    Some(CartLine {
        id,
        variant,
        product_url: non_empty(product.url_key.as_ref())
            .map(|key| path(Some(key.as_str()), product.url_suffix.as_deref()))
            .unwrap_or_default(),
        name: product.name.clone().unwrap_or_default(),
        options: chosen
            .iter()
            .map(|s| SelectedOption {
                name: s.option_label.clone().unwrap_or_default(),
                value: s.value_label.clone().unwrap_or_default(),
            })
            .collect(),
        image,
        // A Float in the schema; whole numbers in a cart of items sold by the piece.
        quantity: item.quantity.map_or(0, |q| q.round().clamp(0.0, f64::from(u32::MAX)) as u32),
        unit_price: prices.and_then(|p| p.price.as_ref()).and_then(MagentoMoney::minor),
        line_total: prices.and_then(|p| p.row_total.as_ref()).and_then(MagentoMoney::minor),
    })
}

/// What Magento says is wrong with a line now (its `errors`), in the shopper's words.
fn notices(item: &MagentoCartItem) -> impl Iterator<Item = String> + '_ {
    let name = item.product.as_ref().and_then(|p| p.name.as_deref()).unwrap_or("An item");
    item.errors.iter().flatten().map(move |e| match e.code.as_deref() {
        Some("ITEM_QTY") => format!("{name}: the shop no longer has this quantity in stock."),
        Some("ITEM_INCREMENTS") => format!("{name}: the shop sells this only in other quantities."),
        _ => format!("{name}: the shop reports a problem with this line."),
    })
}

/// The normalised cart. The subtotal is the items' (`subtotal_excluding_tax`), in its
/// currency; Magento has no checkout link for a guest cart made over GraphQL.
#[must_use]
pub fn cart(c: &MagentoCart) -> Cart {
    let items: Vec<&MagentoCartItem> = c.items.iter().flatten().flatten().collect();
    let subtotal = c.prices.as_ref().and_then(|p| p.subtotal_excluding_tax.as_ref());
    let line_currency = items.iter().find_map(|i| i.prices.as_ref()?.price.as_ref()?.currency.clone());
    Cart {
        id: c.id.clone().unwrap_or_default(),
        lines: items.iter().filter_map(|i| line(i)).collect(),
        subtotal: subtotal.and_then(MagentoMoney::minor),
        currency: subtotal.and_then(|m| m.currency.clone()).or(line_currency),
        checkout_url: None,
        notices: items.iter().flat_map(|i| notices(i)).collect(),
    }
}

#[cfg(test)]
mod tests;
