//! The cart rules that are the same for every backend (issue 23): what a request may ask
//! (a quantity of 1 to 99, ids of bounded length, at most 50 lines) and what a cart's
//! totals are where Vitrine or its mock keeps the cart. Pure.

use crate::DriverError;
use crate::model::{Cart, CartLine};

/// The most of one variant a line holds.
pub const MAX_QUANTITY: u32 = 99;
/// The most lines a cart holds.
pub const MAX_LINES: usize = 50;
/// The longest variant, line or cart id accepted (a Magento variant id carries two SKUs
/// and the option values' uids).
pub const MAX_ID_CHARS: usize = 256;

/// `quantity`, when it is one a line may hold.
///
/// # Errors
/// [`DriverError::BadInput`] outside 1 to [`MAX_QUANTITY`].
pub fn quantity(quantity: u32) -> Result<u32, DriverError> {
    if (1..=MAX_QUANTITY).contains(&quantity) {
        Ok(quantity)
    } else {
        Err(DriverError::BadInput(format!("quantity must be between 1 and {MAX_QUANTITY}")))
    }
}

/// `id` (a variant, line or cart id, named `what`), trimmed, when it is one.
///
/// # Errors
/// [`DriverError::BadInput`] when empty, too long, or holding control characters.
pub fn id<'a>(what: &str, id: &'a str) -> Result<&'a str, DriverError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(DriverError::BadInput(format!("{what} is required")));
    }
    if id.chars().count() > MAX_ID_CHARS || id.chars().any(char::is_control) {
        return Err(DriverError::BadInput(format!("{what} is not one this shop issues")));
    }
    Ok(id)
}

/// Whether `cart` has room for `quantity` more of `variant`: merged into its line (the
/// line then holds at most [`MAX_QUANTITY`]), or as a new line (at most [`MAX_LINES`]).
///
/// # Errors
/// [`DriverError::BadInput`] with the shopper's text when it has not.
pub fn room_for(cart: &Cart, variant: &str, quantity: u32) -> Result<(), DriverError> {
    match cart.lines.iter().find(|l| l.variant == variant) {
        Some(line) if line.quantity.saturating_add(quantity) > MAX_QUANTITY => Err(DriverError::BadInput(format!(
            "the cart already holds {} of this; a line holds at most {MAX_QUANTITY}",
            line.quantity
        ))),
        None if cart.lines.len() >= MAX_LINES => {
            Err(DriverError::BadInput(format!("a cart holds at most {MAX_LINES} lines")))
        }
        _ => Ok(()),
    }
}

/// Rounded to cents.
fn cents(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// `cart` with each line's total (unit price × quantity, where the backend gave none)
/// and the subtotal (the sum of line totals, when every line is priced): the totals of a
/// cart Vitrine keeps, or of a backend that sends prices per unit only.
#[must_use]
pub fn totalled(mut cart: Cart) -> Cart {
    for line in &mut cart.lines {
        if line.line_total.is_none() {
            line.line_total = line.unit_price.map(|unit| cents(unit * f64::from(line.quantity)));
        }
    }
    cart.subtotal = cart.lines.iter().map(|l| l.line_total).sum::<Option<f64>>().map(cents);
    cart
}

/// How many items the cart holds (the navigation bar's count).
#[must_use]
pub fn count(cart: &Cart) -> u32 {
    cart.lines.iter().map(|l| l.quantity).sum()
}

/// The line holding `variant`, if any (adding merges into it).
#[must_use]
pub fn line_of<'a>(cart: &'a Cart, variant: &str) -> Option<&'a CartLine> {
    cart.lines.iter().find(|l| l.variant == variant)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(variant: &str, quantity: u32, unit: Option<f64>) -> CartLine {
        CartLine {
            id: format!("l-{variant}"),
            variant: variant.into(),
            quantity,
            unit_price: unit,
            ..CartLine::default()
        }
    }

    #[test]
    fn quantities_run_from_1_to_99() {
        for (asked, ok) in [(0, false), (1, true), (2, true), (99, true), (100, false), (u32::MAX, false)] {
            assert_eq!(quantity(asked).is_ok(), ok, "{asked}");
        }
        assert_eq!(quantity(0).unwrap_err().user_text(), "Bad request: quantity must be between 1 and 99");
    }

    #[test]
    fn ids_are_bounded_and_printable() {
        let long = "x".repeat(MAX_ID_CHARS + 1);
        for (raw, expected) in [
            (" 1001-S-Black ", Ok("1001-S-Black")),
            ("MH01:MH01-S-Black:Y29u%3D", Ok("MH01:MH01-S-Black:Y29u%3D")),
            ("", Err("Bad request: variant is required")),
            ("   ", Err("Bad request: variant is required")),
            ("a\nb", Err("Bad request: variant is not one this shop issues")),
            (long.as_str(), Err("Bad request: variant is not one this shop issues")),
        ] {
            assert_eq!(id("variant", raw).map_err(|e| e.user_text()), expected.map_err(str::to_owned), "{raw:?}");
        }
    }

    #[test]
    fn room_for_merges_within_99_and_new_lines_within_50() {
        let cart = Cart { lines: vec![line("a", 98, None)], ..Cart::default() };
        assert!(room_for(&cart, "a", 1).is_ok());
        assert_eq!(
            room_for(&cart, "a", 2).unwrap_err().user_text(),
            "Bad request: the cart already holds 98 of this; a line holds at most 99"
        );
        let full = Cart { lines: (0..MAX_LINES).map(|i| line(&i.to_string(), 1, None)).collect(), ..Cart::default() };
        assert!(room_for(&full, "7", 1).is_ok(), "merging needs no new line");
        assert_eq!(room_for(&full, "new", 1).unwrap_err().user_text(), "Bad request: a cart holds at most 50 lines");
    }

    #[test]
    fn totals_are_counted_where_the_backend_gives_units_only() {
        let cart = totalled(Cart {
            lines: vec![line("a", 3, Some(19.99)), CartLine { line_total: Some(5.0), ..line("b", 2, Some(3.0)) }],
            ..Cart::default()
        });
        assert_eq!(cart.lines.iter().map(|l| l.line_total).collect::<Vec<_>>(), [Some(59.97), Some(5.0)]);
        assert_eq!((cart.subtotal, count(&cart)), (Some(64.97), 5));
        let unpriced = totalled(Cart { lines: vec![line("a", 1, Some(2.0)), line("b", 1, None)], ..Cart::default() });
        assert_eq!(unpriced.subtotal, None, "no subtotal from a line without a price");
        assert_eq!(totalled(Cart::default()).subtotal, Some(0.0), "an empty cart costs nothing");
        assert_eq!(line_of(&cart, "b").map(|l| l.id.as_str()), Some("l-b"));
    }
}
