//! Pure Shopify cart → normalised cart: the cart and its lines, the shopper's
//! notices for the payload's `warnings`, what its `userErrors` mean, and the ids a cart
//! call sends. Every text here is Vitrine's: Shopify's `message`s are never asked for.
//!
//! | Shopify | Vitrine |
//! |---|---|
//! | `userErrors` on `cartId` | [`DriverError::CartGone`] |
//! | other `userErrors` | [`DriverError::Refused`], a fixed text per kind ([`refusal`]) |
//! | `warnings` (stock) | the cart, with a sentence per warning in `notices` |
//! | a stock warning on an add that added nothing | [`DriverError::Refused`] ([`added`]) |

use vitrine_domain::DriverError;
use vitrine_domain::cart::line_of;
use vitrine_proto::v1::{Cart, CartLine, SelectedOption};

use super::{amount, image, is_default_title, numeric_id};
use crate::shopify::models::{
    ShopifyCart, ShopifyCartLine, ShopifyCartPayload, ShopifyCartUserError, ShopifyCartWarning,
};

/// An add of a variant the shop does not sell (or an id that is none of Shopify's).
pub const UNKNOWN_VARIANT: &str = "This item is not sold by this shop.";
/// An update or removal of a line the cart does not hold.
pub const NOT_IN_CART: &str = "That item is not in the cart.";
/// An add of a variant with nothing in stock.
pub const OUT_OF_STOCK: &str = "This item is out of stock.";
/// A quantity the shop's own rules refuse (a maximum, a minimum, an increment).
pub const QUANTITY_REFUSED: &str = "The shop does not sell this item in that quantity.";
/// Any other refusal.
pub const REFUSED: &str = "The shop refused this change to the cart.";

const CART_GID: &str = "gid://shopify/Cart/";
const LINE_GID: &str = "gid://shopify/CartLine/";
const VARIANT_GID: &str = "gid://shopify/ProductVariant/";
const NOT_ENOUGH_STOCK: &str = "MERCHANDISE_NOT_ENOUGH_STOCK";
const NONE_IN_STOCK: &str = "MERCHANDISE_OUT_OF_STOCK";

/// Whether `id` can be a Shopify cart's: any other is not a cart this backend knows.
#[must_use]
pub fn is_cart_id(id: &str) -> bool {
    id.starts_with(CART_GID)
}

/// The cart's token: its id is `gid://shopify/Cart/{token}?key={key}`.
fn cart_token(cart_id: &str) -> Option<&str> {
    let rest = cart_id.strip_prefix(CART_GID)?;
    Some(rest.split_once('?').map_or(rest, |(token, _)| token)).filter(|t| !t.is_empty())
}

/// What names a line in Vitrine's answers and paths (`/api/cart/lines/{line}`): Shopify's
/// line id (`gid://shopify/CartLine/{id}?cart={token}`) without its cart's token, which
/// (with the key the cart id carries) is what reads the cart, and a path reaches access
/// logs, proxies and traces. The token stays where the cart id is, server-side
/// ([`line_id`] puts it back). An id of any other form is the handle as it is.
#[must_use]
pub fn line_handle(line_id: &str, cart_id: &str) -> String {
    match (line_id.split_once("?cart="), cart_token(cart_id)) {
        (Some((line, token)), Some(own)) if token == own => line.to_owned(),
        _ => line_id.to_owned(),
    }
}

/// Shopify's id of the line `handle` names in the cart `cart_id`; `None` for a handle no
/// Shopify line can have.
#[must_use]
pub fn line_id(handle: &str, cart_id: &str) -> Option<String> {
    let id = handle.strip_prefix(LINE_GID)?;
    if id.is_empty() {
        return None;
    }
    match cart_token(cart_id) {
        Some(token) if !id.contains('?') => Some(format!("{handle}?cart={token}")),
        _ => Some(handle.to_owned()),
    }
}

/// The merchandise id of the variant a product page lists (its numeric id);
/// `None` for anything else, which no Shopify variant is.
#[must_use]
pub fn merchandise_id(variant: &str) -> Option<String> {
    (!variant.is_empty() && variant.bytes().all(|b| b.is_ascii_digit())).then(|| format!("{VARIANT_GID}{variant}"))
}

fn line(l: &ShopifyCartLine, cart_id: &str) -> CartLine {
    let merchandise = l.merchandise.as_ref();
    let product = merchandise.and_then(|m| m.product.as_ref());
    let name = product.and_then(|p| p.title.clone()).unwrap_or_default();
    let cost = l.cost.as_ref();
    CartLine {
        id: line_handle(l.id.as_deref().unwrap_or_default(), cart_id),
        variant: numeric_id(merchandise.and_then(|m| m.id.as_deref()).unwrap_or_default()).to_owned(),
        product_url: product.and_then(|p| p.handle.as_deref()).map(|h| format!("/products/{h}")).unwrap_or_default(),
        options: merchandise
            .and_then(|m| m.selected_options.as_ref())
            .into_iter()
            .flatten()
            .filter_map(|o| {
                let (name, value) = (o.name.clone()?, o.value.clone().unwrap_or_default());
                (!is_default_title(&name, &[value.as_str()])).then_some(SelectedOption { name, value })
            })
            .collect(),
        image: merchandise.and_then(|m| m.image.as_ref()).and_then(|i| image(i, &name)),
        quantity: l.quantity.unwrap_or_default(),
        unit_price: amount(cost.and_then(|c| c.amount_per_quantity.as_ref())),
        line_total: amount(cost.and_then(|c| c.total_amount.as_ref())),
        name,
    }
}

/// The cart: its lines (a line's total is Shopify's, after its own line discounts), the
/// subtotal and its currency (`cost.subtotalAmount`), and where Shopify checks it out.
#[must_use]
pub fn cart(c: &ShopifyCart) -> Cart {
    let subtotal = c.cost.as_ref().and_then(|cost| cost.subtotal_amount.as_ref());
    let id = c.id.clone().unwrap_or_default();
    Cart {
        lines: c.lines.iter().flat_map(|l| &l.nodes).map(|l| line(l, &id)).collect(),
        id,
        subtotal: amount(subtotal),
        currency: subtotal.and_then(|m| m.currency_code.clone()),
        // Offered to the shopper only where the shop's hosts allow (`ShopifyCarts`).
        checkout_url: c.checkout_url.clone(),
        notices: Vec::new(),
    }
}

/// How a line is named to the shopper: "The Hydrogen Snowboard (159, Sunset)".
fn label(line: &CartLine) -> String {
    if line.options.is_empty() {
        return line.name.clone();
    }
    let values: Vec<&str> = line.options.iter().map(|o| o.value.as_str()).collect();
    format!("{} ({})", line.name, values.join(", "))
}

/// "were"/"was" for `n`.
const fn were(n: u32) -> &'static str {
    if n == 1 { "was" } else { "were" }
}

/// A sentence for the shopper per stock warning, about the line it targets (other
/// warnings, about delivery or payment, concern no cart line: none).
#[must_use]
pub fn notices(warnings: &[ShopifyCartWarning], cart: &Cart) -> Vec<String> {
    let mut said = Vec::new();
    for w in warnings {
        // The warning names Shopify's whole line id; the cart, its handle.
        let target = w.target.as_deref().map(|t| line_handle(t, &cart.id));
        let line = target.and_then(|t| cart.lines.iter().find(|l| l.id == t));
        let notice = match (w.code.as_str(), line) {
            (NOT_ENOUGH_STOCK, Some(l)) => {
                format!("Only {} of {} {} available; the quantity was reduced.", l.quantity, label(l), were(l.quantity))
            }
            (NOT_ENOUGH_STOCK, None) => "Fewer were available than asked for; the quantity was reduced.".to_owned(),
            (NONE_IN_STOCK, Some(l)) => format!("{} is out of stock.", label(l)),
            (NONE_IN_STOCK, None) => "An item is out of stock and was not added.".to_owned(),
            (code, _) => {
                tracing::debug!(code, "a Shopify cart warning with nothing to tell the shopper");
                continue;
            }
        };
        if !said.contains(&notice) {
            said.push(notice);
        }
    }
    said
}

fn names(e: &ShopifyCartUserError, input: &str) -> bool {
    e.field.iter().flatten().any(|f| f == input)
}

/// What a non-empty `userErrors` means: a cart Shopify does not know (an error on
/// `cartId`, whatever else it says) is gone; anything else is refused with a fixed text
/// for the input at fault. `None` when there is none.
#[must_use]
pub fn refusal(errors: &[ShopifyCartUserError]) -> Option<DriverError> {
    let first = errors.first()?;
    if errors.iter().any(|e| names(e, "cartId")) {
        return Some(DriverError::CartGone);
    }
    let text = match first.code.as_deref() {
        _ if names(first, "merchandiseId") => UNKNOWN_VARIANT,
        Some("INVALID_MERCHANDISE_LINE") => NOT_IN_CART,
        _ if names(first, "lineIds") || names(first, "id") => NOT_IN_CART,
        Some("MAXIMUM_EXCEEDED" | "LESS_THAN" | "MINIMUM_NOT_MET" | "INVALID_INCREMENT") => QUANTITY_REFUSED,
        _ if names(first, "quantity") => QUANTITY_REFUSED,
        code => {
            tracing::warn!(code, "a Shopify cart refusal without a text of its own");
            REFUSED
        }
    };
    Some(DriverError::Refused(text.to_owned()))
}

/// A mutation's answer: refused as its `userErrors` say, else its cart with a notice
/// per warning.
///
/// # Errors
/// [`refusal`]'s, or [`DriverError::Undecodable`] for a payload without a cart.
pub fn outcome(payload: &ShopifyCartPayload) -> Result<Cart, DriverError> {
    if let Some(refused) = refusal(&payload.user_errors) {
        return Err(refused);
    }
    let found = payload.cart.as_ref().ok_or_else(|| DriverError::Undecodable("cart payload without a cart".into()))?;
    let mut answer = cart(found);
    answer.notices = notices(&payload.warnings, &answer);
    Ok(answer)
}

/// Whether the payload warns about stock.
#[must_use]
pub fn warns_of_stock(payload: &ShopifyCartPayload) -> bool {
    payload.warnings.iter().any(|w| w.code == NOT_ENOUGH_STOCK || w.code == NONE_IN_STOCK)
}

/// An add of `variant` that warned of stock (`stock_warned`), judged by what the cart
/// held before (`before`) and holds after: when it added nothing the shopper is refused
/// (none in stock, or the cart already holds all there is); when it added fewer than
/// asked, the cart answers with its notice.
///
/// # Errors
/// [`DriverError::Refused`] when nothing was added.
pub fn added(before: &Cart, after: Cart, variant: &str, stock_warned: bool) -> Result<Cart, DriverError> {
    let had = line_of(before, variant).map_or(0, |l| l.quantity);
    match line_of(&after, variant) {
        _ if !stock_warned => Ok(after),
        None => Err(DriverError::Refused(OUT_OF_STOCK.to_owned())),
        Some(l) if l.quantity <= had => Err(DriverError::Refused(format!(
            "Only {} of {} {} available, and the cart already holds {}.",
            l.quantity,
            label(l),
            if l.quantity == 1 { "is" } else { "are" },
            if l.quantity == 1 { "it" } else { "them" },
        ))),
        Some(_) => Ok(after),
    }
}

#[cfg(test)]
mod tests;
