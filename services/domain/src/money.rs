//! Money. Inside the services an amount is a whole number of its currency's minor units
//! (cents of a dollar, yen, fils of a Bahraini dinar), carried beside the ISO 4217 code
//! it is in: sums and differences are exact, and a currency with 0 or 3 decimals is as
//! right as one with 2. Each backend's form is read here once (a decimal number, a
//! decimal string, or minor units already), and the public API's numbers are written
//! here once. Pure.

use iso_currency::Currency;

use crate::model::Discount;

/// The currency a backend that names none means (the storefront's default shop).
pub const DEFAULT_CURRENCY: &str = "USD";

/// How many decimals `currency` has (its ISO 4217 minor unit): 2 for USD and EUR,
/// 0 for JPY, 3 for BHD. A code ISO does not know, or a unit with no minor unit (gold,
/// XXX), counts as 2, the common case, so a backend's odd code still shows its amount.
#[must_use]
pub fn decimals(currency: Option<&str>) -> u32 {
    let code = currency.map(str::trim).filter(|c| !c.is_empty()).unwrap_or(DEFAULT_CURRENCY);
    Currency::from_code(&code.to_ascii_uppercase()).and_then(Currency::exponent).map_or(2, u32::from)
}

/// `10^decimals`, as the float the public API's numbers are made with.
fn scale(currency: Option<&str>) -> f64 {
    10_f64.powi(i32::try_from(decimals(currency)).unwrap_or(2))
}

/// An amount a backend gives as a decimal number of major units (`19.99` dollars), in
/// minor units (1999), rounded to the nearest: a float's `19.99` is `19.989999…`.
/// `None` for a number that is not finite or past what an `i64` holds.
#[must_use]
pub fn from_major(amount: f64, currency: Option<&str>) -> Option<i64> {
    let minor = (amount * scale(currency)).round();
    // An f64 holds every integer up to 2^53 exactly; past it, a price is nonsense anyway.
    (minor.is_finite() && minor.abs() <= 9_007_199_254_740_992.0).then(|| {
        #[expect(clippy::cast_possible_truncation, reason = "finite and bounded just above")]
        let minor = minor as i64;
        minor
    })
}

/// An amount a backend gives as decimal text of major units (`"19.99"`, `"-5"`,
/// `"1500.0"`), in minor units, exactly (no float on the way). More decimals than the
/// currency has are rounded half away from zero; anything that is not a plain decimal
/// number is `None`.
#[must_use]
pub fn from_decimal(text: &str, currency: Option<&str>) -> Option<i64> {
    let text = text.trim();
    let (negative, digits) = text.strip_prefix('-').map_or((false, text), |rest| (true, rest));
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let plain = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !plain(whole) || !plain(fraction) {
        return None;
    }
    let places = usize::try_from(decimals(currency)).ok()?;
    let mut minor: i64 = 0;
    for digit in whole.bytes().chain(fraction.bytes().chain(std::iter::repeat(b'0')).take(places)) {
        minor = minor.checked_mul(10)?.checked_add(i64::from(digit - b'0'))?;
    }
    if fraction.as_bytes().get(places).is_some_and(|&d| d >= b'5') {
        minor = minor.checked_add(1)?;
    }
    Some(if negative { -minor } else { minor })
}

/// An amount a backend keeps as an integer with `places` decimals whatever the currency
/// (Vendure's default money strategy keeps two), in minor units of `currency`: yen kept
/// as 150000 hundredths are 1500; a remainder is rounded half away from zero.
#[must_use]
pub fn from_places(amount: i64, places: u32, currency: Option<&str>) -> i64 {
    let target = decimals(currency);
    if target >= places {
        return amount.saturating_mul(10_i64.saturating_pow(target - places));
    }
    let divisor = 10_i64.saturating_pow(places - target);
    let (quotient, remainder) = (amount / divisor, amount % divisor);
    if remainder.abs() * 2 >= divisor { quotient + amount.signum() } else { quotient }
}

/// `minor` units as the public API's number of major units (1999 → 19.99, ¥1500 →
/// 1500.0, 1.234 BHD from 1234): the one place an amount becomes a float again.
#[must_use]
#[expect(clippy::cast_precision_loss, reason = "prices are far below 2^53 minor units")]
pub fn to_major(minor: i64, currency: Option<&str>) -> f64 {
    minor as f64 / scale(currency)
}

/// What a shopper pays for `price` less a discount of `amount`: the discount counts only
/// when it is above 0 and below the price (a backend's "100% off" or negative amount is
/// no offer). The one rule for a card, a product page, structured data's offers and the
/// carts Vitrine or its demo shops price.
#[must_use]
pub fn paid(price: i64, amount: Option<i64>) -> i64 {
    match amount {
        Some(amount) if amount > 0 && amount < price => price - amount,
        _ => price,
    }
}

/// The discount of a price marked down from `was` to `now` (a compare-at price, an
/// original amount): the amount taken off and its share of `was` in hundredths of a
/// percent; none unless `now` is below a positive `was`.
#[must_use]
pub fn markdown(was: i64, now: i64) -> Option<Discount> {
    (now < was && was > 0).then(|| Discount { amount: was - now, percent: share(was - now, was) })
}

/// `part` of `whole` in percent, rounded to hundredths (a percentage may stay a float).
#[must_use]
#[expect(clippy::cast_precision_loss, reason = "prices are far below 2^53 minor units")]
pub fn share(part: i64, whole: i64) -> f64 {
    if whole == 0 { 0.0 } else { (part as f64 / whole as f64 * 10_000.0).round() / 100.0 }
}

/// `rate` (a fraction: 0.1 for 10 %) of `minor`, rounded to the nearest minor unit: a
/// tax or a percentage discount on an amount.
#[must_use]
#[expect(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    reason = "prices are far below 2^53 minor units"
)]
pub fn rate_of(minor: i64, rate: f64) -> i64 {
    (minor as f64 * rate).round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_and_written_in_currencies_of_0_2_and_3_decimals() {
        // (currency, decimals, major number, its decimal text, minor units)
        for (currency, places, major, text, minor) in [
            (Some("USD"), 2, 19.99, "19.99", 1999),
            (Some("usd"), 2, 0.1 + 0.2, "0.30", 30),
            (None, 2, 1439.0, "1439", 143_900),
            (Some("EUR"), 2, -5.5, "-5.50", -550),
            (Some("JPY"), 0, 1500.0, "1500", 1500),
            (Some("KRW"), 0, 12_000.0, "12000.0", 12_000),
            (Some("BHD"), 3, 1.234, "1.234", 1234),
            (Some("KWD"), 3, 0.5, ".5", 500),
            (Some("XXX"), 2, 2.5, "2.50", 250),
            (Some("NOT-A-CODE"), 2, 3.0, "3", 300),
        ] {
            assert_eq!(decimals(currency), places, "{currency:?}");
            assert_eq!(from_major(major, currency), Some(minor), "{major} {currency:?}");
            assert_eq!(from_decimal(text, currency), Some(minor), "{text:?} {currency:?}");
            assert!((to_major(minor, currency) - major).abs() < 1e-9, "{minor} {currency:?}");
        }
    }

    #[test]
    fn decimal_text_is_read_exactly_or_not_at_all() {
        for (text, currency, expected) in [
            ("19.994", Some("USD"), Some(1999)),
            ("19.995", Some("USD"), Some(2000)),
            ("-19.995", Some("USD"), Some(-2000)),
            ("1500.5", Some("JPY"), Some(1501)),
            ("0.0005", Some("BHD"), Some(1)),
            ("90071992547409.93", Some("USD"), Some(9_007_199_254_740_993)),
            ("99999999999999999999", Some("USD"), None),
            ("", None, None),
            (".", None, None),
            ("1e3", None, None),
            ("12,50", None, None),
            ("+1", None, None),
            ("1.2.3", None, None),
        ] {
            assert_eq!(from_decimal(text, currency), expected, "{text:?} {currency:?}");
        }
        assert_eq!(from_major(f64::NAN, None), None);
        assert_eq!(from_major(1e300, None), None);
    }

    #[test]
    fn the_price_paid_is_the_price_less_a_discount_that_is_an_offer() {
        for (price, amount, expected) in [
            (10_000, None, 10_000),
            (10_000, Some(0), 10_000),
            (10_000, Some(2500), 7500),
            (1800, Some(360), 1440),
            (1000, Some(1000), 1000),
            (1000, Some(-200), 1000),
            (143_900, Some(116_200), 27_700),
        ] {
            assert_eq!(paid(price, amount), expected, "{price} less {amount:?}");
        }
    }

    #[test]
    fn a_markdown_is_the_amount_and_share_taken_off() {
        for (was, now, expected) in [
            (64_000, 51_200, Some(Discount { amount: 12_800, percent: 20.0 })),
            (3000, 2000, Some(Discount { amount: 1000, percent: 33.33 })),
            (1999, 999, Some(Discount { amount: 1000, percent: 50.03 })),
            (2000, 2000, None),
            (2000, 2500, None),
            (0, -100, None),
        ] {
            assert_eq!(markdown(was, now), expected, "{was} → {now}");
        }
        assert_eq!(rate_of(2599, 0.1), 260);
        assert_eq!(rate_of(1234, 0.075), 93);
    }

    #[test]
    fn amounts_kept_at_two_places_whatever_the_currency_are_read_in_its_own() {
        for (amount, currency, expected) in [
            (1550, Some("USD"), 1550),
            (150_000, Some("JPY"), 1500),
            (150_050, Some("JPY"), 1501),
            (-150_050, Some("JPY"), -1501),
            (150_049, Some("JPY"), 1500),
            (1234, Some("BHD"), 12_340),
            (0, Some("JPY"), 0),
        ] {
            assert_eq!(from_places(amount, 2, currency), expected, "{amount} {currency:?}");
        }
    }
}
