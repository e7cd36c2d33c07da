//! Medusa's carts in the normalised model, and what its refusals mean (pure).
//!
//! - [`FIELDS`]: what the driver asks a cart answer for, and [`CHECK_FIELDS`] for a look.
//! - [`cart`]: a `StoreCart` as a [`Cart`]: a line's variant is Medusa's variant id (the
//!   product page's), its options the variant's title (Medusa's default variant
//!   hidden), its link `/products/{handle}`, its unit price
//!   `unit_price`, its total the item's `subtotal`; the cart's subtotal is
//!   `item_subtotal` (its `subtotal` would add shipping) in its currency, upper-cased.
//!   A cart that is not there, or was completed (an order now), is gone.
//! - [`failure`]: a failed change read from Medusa's error body ([`Failure`]), with the
//!   shopper's text of each refusal ([`Refusal`]), written here, never Medusa's message.

use serde::de::DeserializeOwned;
use vitrine_domain::DriverError;
use vitrine_domain::cart::totalled;
use vitrine_proto::v1::{Cart, CartLine, Image, SelectedOption};

use super::{minor, product_url};
use crate::medusa::models::{ErrorBody, MedusaCart, MedusaLineItem};

/// The fields of a cart answer the transform reads, and no others (Medusa's `fields`:
/// names without a sign replace its long default list, region and payment included).
/// Each is a path the Store API's cart routes allow as it is (Medusa drops any other
/// without a word). `item_subtotal` also makes Medusa total the lines (`items.subtotal`
/// comes only with a cart total). A line's variant is known by its title alone
/// (`items.variant_title`, "M / Black"): nothing below `items.variant` is allowed, nor
/// `items.variant_option_values`.
pub const FIELDS: &str = "id,currency_code,completed_at,item_subtotal,items.id,items.variant_id,\
                          items.product_handle,items.product_title,items.title,items.thumbnail,items.quantity,\
                          items.unit_price,items.subtotal,items.variant_title";

/// What a look at the cart needs: is it there, still open, and which lines it holds.
pub const CHECK_FIELDS: &str = "id,completed_at,items.id";

/// The titles Medusa gives the one variant of a product without options: no choice to show.
const DEFAULT_TITLES: [&str; 2] = ["Default option value", "Default variant"];

/// A cart change Medusa refused, each with the shopper's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The variant is not one the shop sells (in the cart's region).
    UnknownVariant,
    /// Medusa says only that there is not enough: none left, or fewer than asked for.
    NotEnoughStock,
    /// The line named is not in the cart.
    LineNotInCart,
}

impl Refusal {
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            Self::UnknownVariant => "This product option is not for sale in this shop.",
            Self::NotEnoughStock => "Not enough in stock: this option is sold out, or fewer are left than asked for.",
            Self::LineNotInCart => "That line is no longer in the cart.",
        }
    }
}

impl From<Refusal> for DriverError {
    fn from(refusal: Refusal) -> Self {
        Self::Refused(refusal.text().to_owned())
    }
}

/// The change a failure answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Create,
    Add,
    Update,
    Remove,
}

/// What a failed cart change means.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    Refused(Refusal),
    /// Either the cart is gone or this refusal: Medusa's answer does not say which (a
    /// 404 names the cart, the variant or the line only in its message; 2.0 answers an
    /// add to a cart it does not know with 400 `invalid_data`). A look at the cart tells.
    GoneOr(Refusal),
    /// The store failed: its status.
    Failed(u16),
}

/// A failed change's answer (`status`, Medusa's error `body`) read (a refused key was
/// read before, by the driver's error reader).
#[must_use]
pub fn failure(change: Change, status: u16, body: &[u8]) -> Failure {
    let error: ErrorBody = serde_json::from_slice(body).unwrap_or_default();
    // What a 404 and a 400 `invalid_data` mean when the cart is there: the variant or
    // line named is unknown, or (`invalid_data`) the variant has no price in the region.
    let (missing, invalid) = match change {
        Change::Create => return Failure::Failed(status),
        Change::Add => (Refusal::UnknownVariant, Refusal::UnknownVariant),
        Change::Update => (Refusal::LineNotInCart, Refusal::UnknownVariant),
        Change::Remove => (Refusal::LineNotInCart, Refusal::LineNotInCart),
    };
    let stock = error.code.as_deref() == Some("insufficient_inventory")
        || error.message.as_deref().is_some_and(|m| m.contains("required inventory"));
    match (status, error.kind.as_deref()) {
        (404, _) => Failure::GoneOr(missing),
        (400, Some("invalid_data")) => Failure::GoneOr(invalid),
        (400, Some("not_allowed")) if stock && change != Change::Remove => Failure::Refused(Refusal::NotEnoughStock),
        _ => Failure::Failed(status),
    }
}

/// `body` as `T`. The error says where the body stopped making sense, never what it
/// held (it names a cart).
///
/// # Errors
/// [`DriverError::Undecodable`] for a body that is not a `T`.
pub fn decode<T: DeserializeOwned>(body: &[u8]) -> Result<T, DriverError> {
    serde_json::from_slice(body)
        .map_err(|e| DriverError::Undecodable(format!("{:?} at line {} column {}", e.classify(), e.line(), e.column())))
}

/// The cart Medusa answered, when it is one a shopper can still change: not there (2.0's
/// `{}` for an unknown id) or completed is gone.
///
/// # Errors
/// [`DriverError::CartGone`].
pub fn open(answer: Option<MedusaCart>) -> Result<MedusaCart, DriverError> {
    answer.filter(|c| c.completed_at.as_ref().is_none_or(serde_json::Value::is_null)).ok_or(DriverError::CartGone)
}

/// The label of a line's variant, as Medusa's own storefront shows it.
pub const VARIANT: &str = "Variant";

/// A line's variant as the shopper chose it: its title ("M / Black"), unless it is the
/// one variant of a product without options (Medusa's "Default option value", or a title
/// that only repeats the product's).
fn options(item: &MedusaLineItem) -> Vec<SelectedOption> {
    let title = non_empty(item.variant_title.as_ref());
    let product = non_empty(item.product_title.as_ref());
    title
        .filter(|t| !DEFAULT_TITLES.contains(t) && Some(*t) != product)
        .map(|t| SelectedOption { name: VARIANT.to_owned(), value: t.to_owned() })
        .into_iter()
        .collect()
}

fn non_empty(text: Option<&String>) -> Option<&str> {
    text.map(|t| t.trim()).filter(|t| !t.is_empty())
}

fn line(item: &MedusaLineItem, currency: Option<&str>) -> CartLine {
    let minor = |amount: Option<f64>| minor(amount, currency);
    let name = non_empty(item.product_title.as_ref()).or(non_empty(item.title.as_ref())).unwrap_or_default().to_owned();
    CartLine {
        id: item.id.clone(),
        variant: item.variant_id.clone().unwrap_or_default(),
        product_url: non_empty(item.product_handle.as_ref()).map(product_url).unwrap_or_default(),
        options: options(item),
        image: non_empty(item.thumbnail.as_ref()).map(|url| Image {
            id: "thumbnail".to_owned(),
            url: url.to_owned(),
            label: name.clone(),
        }),
        // A quantity is a whole number of 1 to 99 (the cart service's bounds).
        quantity: item.quantity.map_or(0, |q| q.round().clamp(0.0, f64::from(u32::MAX)) as u32),
        unit_price: minor(item.unit_price),
        line_total: minor(item.subtotal),
        name,
    }
}

/// The cart Medusa answered, in the normalised model. Line totals it left out are unit
/// price × quantity, and its own items' subtotal wins over their sum.
///
/// # Errors
/// [`DriverError::CartGone`] as [`open`] says.
pub fn cart(answer: Option<MedusaCart>) -> Result<Cart, DriverError> {
    let medusa = open(answer)?;
    let currency = non_empty(medusa.currency_code.as_ref()).map(str::to_uppercase);
    let cart = totalled(Cart {
        id: medusa.id.clone(),
        lines: medusa.items.iter().map(|item| line(item, currency.as_deref())).collect(),
        currency,
        ..Cart::default()
    });
    let subtotal = minor(medusa.item_subtotal, cart.currency.as_deref());
    Ok(Cart { subtotal: subtotal.or(cart.subtotal), ..cart })
}

#[cfg(test)]
mod tests;
