//! The cart rules that are the same for every backend: what a request may ask
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

/// What undoes an add that took a cart past its bounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Undo {
    /// The add made a new line, the 51st: remove it.
    Remove { line: String },
    /// The add merged past [`MAX_QUANTITY`]: set the line back to what it held.
    SetQuantity { line: String, quantity: u32 },
}

/// After adding `added` of `variant` to a cart, whether the cart `after` is past its
/// bounds, and what undoes the add with the shopper's reason. Checking after the add
/// costs a backend nothing on the usual path (one call, not a read first); the rare
/// cart past its bounds costs one more call, the undo.
#[must_use]
pub fn past_bounds(after: &Cart, variant: &str, added: u32) -> Option<(Undo, DriverError)> {
    let line = line_of(after, variant)?;
    if line.quantity > MAX_QUANTITY {
        let before = line.quantity.saturating_sub(added);
        let why = format!("the cart already holds {before} of this; a line holds at most {MAX_QUANTITY}");
        return Some((Undo::SetQuantity { line: line.id.clone(), quantity: before }, DriverError::BadInput(why)));
    }
    // The add made this line when it holds just what was added.
    (after.lines.len() > MAX_LINES && line.quantity == added).then(|| {
        let why = format!("a cart holds at most {MAX_LINES} lines");
        (Undo::Remove { line: line.id.clone() }, DriverError::BadInput(why))
    })
}

/// `cart` with each line's total (unit price × quantity, where the backend gave none)
/// and the subtotal (the sum of line totals, when every line is priced): the totals of a
/// cart Vitrine keeps, or of a backend that sends prices per unit only.
#[must_use]
pub fn totalled(mut cart: Cart) -> Cart {
    for line in &mut cart.lines {
        if line.line_total.is_none() {
            line.line_total = line.unit_price.and_then(|unit| unit.checked_mul(i64::from(line.quantity)));
        }
    }
    cart.subtotal = cart.lines.iter().map(|l| l.line_total).sum::<Option<i64>>();
    cart
}

/// "No cart": what a visitor without one, or whose cart is gone, is answered.
#[must_use]
pub fn empty() -> Cart {
    totalled(Cart::default())
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

    fn line(variant: &str, quantity: u32, unit: Option<i64>) -> CartLine {
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
        assert_eq!(
            quantity(0).map_err(|e| e.user_text()),
            Err("Bad request: quantity must be between 1 and 99".to_owned())
        );
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
    fn an_add_past_the_bounds_is_undone() {
        let many = |n: usize| (0..n).map(|i| line(&i.to_string(), 1, None)).collect::<Vec<_>>();
        let cart = |lines: Vec<CartLine>| Cart { lines, ..Cart::default() };
        let bad = |why: &str| DriverError::BadInput(why.to_owned());
        for (after, variant, added, expected) in [
            (cart(vec![line("a", 3, None)]), "a", 1, None),
            (cart(vec![line("a", 99, None)]), "a", 1, None),
            (
                cart(vec![line("a", 100, None)]),
                "a",
                2,
                Some((
                    Undo::SetQuantity { line: "l-a".into(), quantity: 98 },
                    bad("the cart already holds 98 of this; a line holds at most 99"),
                )),
            ),
            (cart(many(MAX_LINES)), "7", 1, None),
            (
                cart(many(MAX_LINES + 1)),
                "50",
                1,
                Some((Undo::Remove { line: "l-50".into() }, bad("a cart holds at most 50 lines"))),
            ),
            // A merge into a line of a cart already past 50 (a backend's own doing): kept.
            (cart([many(MAX_LINES + 1), vec![line("x", 3, None)]].concat()), "x", 1, None),
            (cart(vec![]), "a", 1, None),
        ] {
            assert_eq!(past_bounds(&after, variant, added), expected, "{variant}");
        }
    }

    #[test]
    fn totals_are_counted_where_the_backend_gives_units_only() {
        let cart = totalled(Cart {
            lines: vec![line("a", 3, Some(1999)), CartLine { line_total: Some(500), ..line("b", 2, Some(300)) }],
            ..Cart::default()
        });
        assert_eq!(cart.lines.iter().map(|l| l.line_total).collect::<Vec<_>>(), [Some(5997), Some(500)]);
        assert_eq!((cart.subtotal, count(&cart)), (Some(6497), 5));
        let unpriced = totalled(Cart { lines: vec![line("a", 1, Some(200)), line("b", 1, None)], ..Cart::default() });
        assert_eq!(unpriced.subtotal, None, "no subtotal from a line without a price");
        assert_eq!(totalled(Cart::default()).subtotal, Some(0), "an empty cart costs nothing");
        assert_eq!(line_of(&cart, "b").map(|l| l.id.as_str()), Some("l-b"));
    }
}
