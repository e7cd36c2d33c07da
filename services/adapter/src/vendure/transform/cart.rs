//! Pure Vendure order → normalised cart: the lines, the subtotal as the channel shows
//! prices, and what each `ErrorResult` of a change means for the shopper. Every text is
//! Vitrine's: Vendure's `message`s are never asked for.
//!
//! | Vendure | Vitrine |
//! |---|---|
//! | `Order` | the cart |
//! | `InsufficientStockError` | the cart as Vendure left it, with a notice ([`changed`]) |
//! | `InsufficientStockError` of an add that added none | [`DriverError::Refused`] ([`OUT_OF_STOCK`]) |
//! | `OrderLimitError`, `NegativeQuantityError` | [`DriverError::Refused`] ([`QUANTITY_REFUSED`]) |
//! | `OrderModificationError` | [`DriverError::Refused`] ([`NOT_CHANGEABLE`]) |
//! | any other | [`DriverError::Refused`] ([`REFUSED`]) |

use vitrine_domain::DriverError;
use vitrine_proto::v1::{Cart, CartLine, SelectedOption};

use super::{image, product_url, shown};
use crate::vendure::models::{ActiveChannel, OrderChange, OrderLine, VendureOrder};

/// An add of a variant the shop does not sell (or an id that is none of Vendure's).
pub const UNKNOWN_VARIANT: &str = "This item is not sold by this shop.";
/// An update or removal of a line the cart does not hold.
pub const NOT_IN_CART: &str = "That item is not in the cart.";
/// An add of a variant with nothing (more) in stock.
pub const OUT_OF_STOCK: &str = "This item is out of stock.";
/// A quantity the shop's own rules refuse (its limit per order or per line).
pub const QUANTITY_REFUSED: &str = "The shop does not sell this item in that quantity.";
/// A change to an order past the point where its lines may change (checkout under way).
pub const NOT_CHANGEABLE: &str = "This cart can no longer be changed: it is being checked out.";
/// Any other refusal.
pub const REFUSED: &str = "The shop refused this change to the cart.";

fn line(l: &OrderLine, channel: ActiveChannel, currency: &str) -> CartLine {
    let variant = &l.product_variant;
    let name = variant.product.name.clone();
    CartLine {
        id: l.id.clone(),
        variant: variant.id.clone(),
        product_url: product_url(&variant.product.slug),
        options: variant
            .options
            .iter()
            .map(|o| SelectedOption { name: o.group.name.clone(), value: o.name.clone() })
            .collect(),
        image: l.featured_asset.as_ref().and_then(|a| image(a, &name)),
        quantity: l.quantity,
        unit_price: Some(shown(channel, currency, l.unit_price, l.unit_price_with_tax)),
        line_total: Some(shown(channel, currency, l.line_price, l.line_price_with_tax)),
        name,
    }
}

/// The session's order as its cart: `id` is the session's token, the cart's id in
/// Vitrine (Vendure keeps one active order per session).
#[must_use]
pub fn cart(id: &str, order: &VendureOrder, channel: ActiveChannel) -> Cart {
    Cart {
        id: id.to_owned(),
        lines: order.lines.iter().map(|l| line(l, channel, &order.currency_code)).collect(),
        subtotal: Some(shown(channel, &order.currency_code, order.sub_total, order.sub_total_with_tax)),
        currency: Some(order.currency_code.clone()),
        ..Cart::default()
    }
}

/// The refusal an `ErrorResult` code means.
#[must_use]
pub fn refusal(error_code: &str) -> DriverError {
    DriverError::Refused(
        match error_code {
            "ORDER_LIMIT_ERROR" | "NEGATIVE_QUANTITY_ERROR" => QUANTITY_REFUSED,
            "ORDER_MODIFICATION_ERROR" => NOT_CHANGEABLE,
            "INSUFFICIENT_STOCK_ERROR" => OUT_OF_STOCK,
            _ => REFUSED,
        }
        .to_owned(),
    )
}

/// Which change an answer is to: an add, or a line's new quantity (they read Vendure's
/// `quantityAvailable` differently).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Add,
    Adjust,
}

/// A change's answer as the cart after it. Short of stock, Vendure changes what it can:
/// an add adds `quantityAvailable` (none: the cart is unchanged, and the add refused); a
/// new quantity becomes `quantityAvailable` (none: Vendure removes the line). The cart
/// shows what Vendure did, with a notice saying so.
///
/// # Errors
/// The refusal the answer means.
pub fn changed(id: &str, answer: &OrderChange, channel: ActiveChannel, change: Change) -> Result<Cart, DriverError> {
    match answer {
        OrderChange::Order(order) => Ok(cart(id, order, channel)),
        OrderChange::InsufficientStockError { quantity_available: 0, .. } if change == Change::Add => {
            Err(DriverError::Refused(OUT_OF_STOCK.to_owned()))
        }
        OrderChange::InsufficientStockError { quantity_available, order } => {
            let mut after = cart(id, order, channel);
            after.notices.push(match (change, quantity_available) {
                (Change::Add, n) => format!("Only {n} more could be added: that is all the shop has in stock."),
                (Change::Adjust, 0) => "That item is out of stock: it was taken out of the cart.".to_owned(),
                (Change::Adjust, n) => format!("Only {n} are in stock: the cart holds {n}."),
            });
            Ok(after)
        }
        OrderChange::Refused(error) => Err(refusal(&error.error_code)),
    }
}

#[cfg(test)]
mod tests;
