//! The checkout rules that are the same for every backend. Pure.
//!
//! - [`address_request`]: every field of the address step bounded and checked, before
//!   any backend call; [`ships_to`]: its countries and regions against the backend's list.
//! - [`shipping_option`], [`ready_to_place`]: the other steps' rules.
//! - [`Refusal`]: a backend's refusals, each with the shopper's text (written here, never
//!   copied from a backend, whose messages may repeat what was typed).
//! - [`totals`]: a summary's figures from its parts.
//! - [`field_errors`]: the refused fields back out of a status (the edge's side).
//!
//! Personal data: the proto messages holding it print `<redacted>` in `Debug`
//! (`vitrine_proto`'s `redact.rs`), and nothing here formats a value that was typed: a
//! [`FieldError`]'s text is fixed per field and problem.

use prost::Message;

use crate::DriverError;
use crate::model::{self, Address, Checkout, CheckoutAddressRequest, Country, Totals};

/// RFC 5321's longest forward path, less the brackets.
pub const MAX_EMAIL_CHARS: usize = 254;
pub const MAX_NAME_CHARS: usize = 50;
pub const MAX_STREET_CHARS: usize = 100;
pub const MAX_CITY_CHARS: usize = 50;
/// From the shortest (Iceland's 3 digits, 2 for some) to the longest with spaces and a
/// hyphen (a US ZIP+4 is 10).
pub const POSTAL_CODE_CHARS: std::ops::RangeInclusive<usize> = 2..=12;
/// E.164 is 15 digits; spaces and hyphens make room for the way people write them.
pub const MAX_TELEPHONE_CHARS: usize = 20;
pub const MIN_TELEPHONE_DIGITS: usize = 6;
pub const MAX_OPTION_CHARS: usize = 128;

/// A field of the checkout form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckoutField {
    Email,
    FirstName,
    LastName,
    Street,
    City,
    PostalCode,
    Country,
    Region,
    Telephone,
    ShippingOption,
}

impl CheckoutField {
    /// The field's name on the wire (`FieldError.field`), after its address's role.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::FirstName => "first_name",
            Self::LastName => "last_name",
            Self::Street => "street",
            Self::City => "city",
            Self::PostalCode => "postal_code",
            Self::Country => "country",
            Self::Region => "region",
            Self::Telephone => "telephone",
            Self::ShippingOption => "shipping_option",
        }
    }
}

/// Which address a field belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Shipping,
    Billing,
}

impl Role {
    const fn as_str(self) -> &'static str {
        match self {
            Self::Shipping => "shipping",
            Self::Billing => "billing",
        }
    }
}

/// What is wrong with a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    Missing,
    TooLong,
    /// Characters or a shape the field does not take.
    Malformed,
    /// Not one of the backend's (a country it does not ship to, a region not of the country).
    Unknown,
}

/// One refused field, with the shopper's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub role: Option<Role>,
    pub field: CheckoutField,
    pub problem: Problem,
}

impl FieldError {
    /// `email`, `shipping.street`, `billing.region` …
    #[must_use]
    pub fn name(&self) -> String {
        match self.role {
            Some(role) => format!("{}.{}", role.as_str(), self.field.as_str()),
            None => self.field.as_str().to_owned(),
        }
    }

    /// The text shown beside the field: fixed per field and problem, so it never repeats
    /// what was typed.
    #[must_use]
    pub const fn text(&self) -> &'static str {
        use CheckoutField as F;
        use Problem as P;
        match (self.field, self.problem) {
            (F::Email, P::Missing) => "Enter your email address.",
            (F::Email, P::TooLong) => "An email address has at most 254 characters.",
            (F::Email, _) => "Enter an email address like name@example.com",
            (F::FirstName, P::Missing) => "Enter a first name.",
            (F::FirstName, P::TooLong) => "A first name has at most 50 characters.",
            (F::LastName, P::Missing) => "Enter a last name.",
            (F::LastName, P::TooLong) => "A last name has at most 50 characters.",
            (F::FirstName | F::LastName, _) => "Write the name on one line, without tabs or control characters.",
            (F::Street, P::Missing) => "Enter the street and house number.",
            (F::Street, P::TooLong) => "A street has at most 100 characters.",
            (F::Street, _) => "Write the street on one line, without tabs or control characters.",
            (F::City, P::Missing) => "Enter a town or city.",
            (F::City, P::TooLong) => "A town or city has at most 50 characters.",
            (F::City, _) => "Write the town or city on one line, without tabs or control characters.",
            (F::PostalCode, P::Missing) => "Enter a postal code.",
            (F::PostalCode, _) => "Enter a postal code of 2 to 12 letters, digits, spaces or hyphens.",
            (F::Country, P::Missing) => "Choose a country.",
            (F::Country, _) => "This shop does not ship to that country; choose one from the list.",
            (F::Region, P::Missing) => "Choose a state or province.",
            (F::Region, _) => "Choose a state or province of the country from the list.",
            (F::Telephone, P::Missing) => "Enter a telephone number.",
            (F::Telephone, _) => {
                "Enter a telephone number of digits, spaces, + and - (at least 6 digits, 20 characters)."
            }
            (F::ShippingOption, P::Missing) => "Choose a shipping method.",
            (F::ShippingOption, _) => "Choose a shipping method from the list.",
        }
    }

    /// As it travels in an INVALID_ARGUMENT status's details.
    #[must_use]
    pub fn to_proto(&self) -> model::FieldError {
        model::FieldError { field: self.name(), text: self.text().to_owned() }
    }
}

/// The refused fields as the one error they travel as (none: no error).
fn refused(errors: Vec<FieldError>) -> Result<(), DriverError> {
    if errors.is_empty() { Ok(()) } else { Err(DriverError::InvalidFields(errors)) }
}

/// `status`'s refused fields (`DriverError::InvalidFields`' details); none for any other
/// status. The edge shows each text beside its field.
#[must_use]
pub fn field_errors(status: &tonic::Status) -> Vec<model::FieldError> {
    if status.code() != tonic::Code::InvalidArgument {
        return Vec::new();
    }
    model::FieldErrors::decode(status.details()).map(|d| d.errors).unwrap_or_default()
}

/// The details an INVALID_ARGUMENT status carries for `errors`.
pub(crate) fn details(errors: &[FieldError]) -> Vec<u8> {
    model::FieldErrors { errors: errors.iter().map(FieldError::to_proto).collect() }.encode_to_vec()
}

/// A free-text field trimmed, checked for presence, length and one line of printable text.
fn text(value: &mut String, max: usize) -> Result<(), Problem> {
    *value = value.trim().to_owned();
    if value.is_empty() {
        Err(Problem::Missing)
    } else if value.chars().count() > max {
        Err(Problem::TooLong)
    } else if value.chars().any(char::is_control) {
        Err(Problem::Malformed)
    } else {
        Ok(())
    }
}

/// Simple but sane: one `@`, a local part of 1 to 64 visible characters, a
/// domain of dot-separated labels of letters, digits and hyphens (not at a label's ends)
/// whose last label is 2 or more letters. No quoted local parts, no IP literals: no shop
/// mails those, and each backend checks again.
#[must_use]
pub fn is_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    let label_ok = |l: &str| {
        !l.is_empty()
            && l.len() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    let labels: Vec<&str> = domain.split('.').collect();
    let top_ok = labels.last().is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()));
    (1..=64).contains(&local.chars().count())
        && !local.chars().any(|c| c.is_whitespace() || c.is_control() || "@<>()[],;:\"\\".contains(c))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && labels.len() >= 2
        && labels.iter().all(|l| label_ok(l))
        && top_ok
}

fn email(value: &mut String) -> Result<(), Problem> {
    text(value, MAX_EMAIL_CHARS)?;
    if is_email(value) { Ok(()) } else { Err(Problem::Malformed) }
}

fn postal_code(value: &mut String) -> Result<(), Problem> {
    *value = value.trim().to_owned();
    let ok = |c: char| c.is_ascii_alphanumeric() || c == ' ' || c == '-';
    if value.is_empty() {
        Err(Problem::Missing)
    } else if !POSTAL_CODE_CHARS.contains(&value.chars().count())
        || !value.chars().all(ok)
        || !value.chars().any(|c| c.is_ascii_alphanumeric())
    {
        Err(Problem::Malformed)
    } else {
        Ok(())
    }
}

fn telephone(value: &mut String) -> Result<(), Problem> {
    *value = value.trim().to_owned();
    let ok = |c: char| c.is_ascii_digit() || c == ' ' || c == '+' || c == '-';
    if value.is_empty() {
        Err(Problem::Missing)
    } else if value.chars().count() > MAX_TELEPHONE_CHARS
        || !value.chars().all(ok)
        || value.chars().filter(char::is_ascii_digit).count() < MIN_TELEPHONE_DIGITS
    {
        Err(Problem::Malformed)
    } else {
        Ok(())
    }
}

/// Two ASCII letters, upper-cased; whether the shop ships there is [`ships_to`]'s.
fn country_code(value: &mut String) -> Result<(), Problem> {
    *value = value.trim().to_ascii_uppercase();
    if value.is_empty() {
        Err(Problem::Missing)
    } else if value.len() == 2 && value.chars().all(|c| c.is_ascii_uppercase()) {
        Ok(())
    } else {
        Err(Problem::Unknown)
    }
}

/// `address`'s fields checked and trimmed (the region too, bounded as a name; whether it
/// is the country's is [`ships_to`]'s), each failure pushed to `errors`.
fn check_address(role: Role, address: &mut Address, errors: &mut Vec<FieldError>) {
    use CheckoutField as F;
    let checks: [(F, Result<(), Problem>); 8] = [
        (F::FirstName, text(&mut address.first_name, MAX_NAME_CHARS)),
        (F::LastName, text(&mut address.last_name, MAX_NAME_CHARS)),
        (F::Street, text(&mut address.street, MAX_STREET_CHARS)),
        (F::City, text(&mut address.city, MAX_CITY_CHARS)),
        (F::PostalCode, postal_code(&mut address.postal_code)),
        (F::Country, country_code(&mut address.country)),
        (F::Region, region_syntax(&mut address.region)),
        (F::Telephone, telephone(&mut address.telephone)),
    ];
    errors.extend(
        checks
            .into_iter()
            .filter_map(|(field, r)| r.err().map(|problem| FieldError { role: Some(role), field, problem })),
    );
}

/// A region is optional here (the country decides, in [`ships_to`]), bounded as a name.
fn region_syntax(value: &mut String) -> Result<(), Problem> {
    match text(value, MAX_NAME_CHARS) {
        Err(Problem::Missing) => Ok(()),
        Err(Problem::TooLong) => Err(Problem::Unknown),
        other => other,
    }
}

/// The address step's request with every field trimmed, checked and bounded: the email,
/// the shipping address and, when given, the billing one. What it cannot know without the
/// backend (the countries it ships to) is [`ships_to`]'s.
///
/// # Errors
/// [`DriverError::InvalidFields`] naming every refused field at once (a form shows them
/// all), [`DriverError::BadInput`] without a cart id.
pub fn address_request(mut request: CheckoutAddressRequest) -> Result<CheckoutAddressRequest, DriverError> {
    crate::cart::id("cart", &request.cart_id)?;
    let mut errors = Vec::new();
    if let Err(problem) = email(&mut request.email) {
        errors.push(FieldError { role: None, field: CheckoutField::Email, problem });
    }
    let shipping = request.shipping.get_or_insert_with(Address::default);
    check_address(Role::Shipping, shipping, &mut errors);
    if let Some(billing) = request.billing.as_mut() {
        check_address(Role::Billing, billing, &mut errors);
    }
    refused(errors).map(|()| request)
}

/// Each address of `request` in a country of `countries` (the backend's), with a region
/// of the country where it has regions (named by code or name, any case; kept as the
/// code) and none where it has none.
///
/// # Errors
/// [`DriverError::InvalidFields`] naming the countries and regions refused.
pub fn ships_to(
    mut request: CheckoutAddressRequest,
    countries: &[Country],
) -> Result<CheckoutAddressRequest, DriverError> {
    let mut errors = Vec::new();
    if let Some(shipping) = request.shipping.as_mut() {
        place(Role::Shipping, shipping, countries, &mut errors);
    }
    if let Some(billing) = request.billing.as_mut() {
        place(Role::Billing, billing, countries, &mut errors);
    }
    refused(errors).map(|()| request)
}

fn place(role: Role, address: &mut Address, countries: &[Country], errors: &mut Vec<FieldError>) {
    let error = |field, problem| FieldError { role: Some(role), field, problem };
    let Some(country) = countries.iter().find(|c| c.code.eq_ignore_ascii_case(&address.country)) else {
        errors.push(error(CheckoutField::Country, Problem::Unknown));
        return;
    };
    address.country.clone_from(&country.code);
    let wanted = address.region.trim();
    if country.regions.is_empty() {
        // A region where the country has none is no choice the backend can take.
        address.region.clear();
    } else if wanted.is_empty() {
        if country.region_required {
            errors.push(error(CheckoutField::Region, Problem::Missing));
        }
    } else {
        match country
            .regions
            .iter()
            .find(|r| r.code.eq_ignore_ascii_case(wanted) || r.name.eq_ignore_ascii_case(wanted))
        {
            Some(region) => address.region.clone_from(&region.code),
            None => errors.push(error(CheckoutField::Region, Problem::Unknown)),
        }
    }
}

/// A shipping method's id, trimmed, when it may be one.
///
/// # Errors
/// [`DriverError::InvalidFields`] on `shipping_option`.
pub fn shipping_option(option: &str) -> Result<&str, DriverError> {
    let option = option.trim();
    let problem = if option.is_empty() {
        Some(Problem::Missing)
    } else if option.chars().count() > MAX_OPTION_CHARS || option.chars().any(char::is_control) {
        Some(Problem::Unknown)
    } else {
        None
    };
    match problem {
        None => Ok(option),
        Some(problem) => Err(DriverError::InvalidFields(vec![FieldError {
            role: None,
            field: CheckoutField::ShippingOption,
            problem,
        }])),
    }
}

/// Whether `checkout` can be placed: a line, an email and a shipping address, a shipping
/// method. The backend checks again; this answers the usual case without asking it.
///
/// # Errors
/// The [`Refusal`] of the first step missing, or [`DriverError::NoCheckout`] where the
/// backend has no checkout here.
pub fn ready_to_place(checkout: &Checkout) -> Result<(), DriverError> {
    native(checkout)?;
    if checkout.cart.as_ref().is_none_or(|c| c.lines.is_empty()) {
        return Err(Refusal::EmptyCart.error());
    }
    if checkout.email.is_empty() || checkout.shipping_address.is_none() {
        return Err(Refusal::AddressFirst.error());
    }
    if checkout.shipping_option.is_none() {
        return Err(Refusal::ShippingFirst.error());
    }
    Ok(())
}

/// Whether `checkout` is one Vitrine runs (NATIVE), else the shopper's reason.
///
/// # Errors
/// [`DriverError::NoCheckout`] with the backend's notice.
pub fn native(checkout: &Checkout) -> Result<(), DriverError> {
    if checkout.kind() == model::CheckoutKind::Native {
        Ok(())
    } else if checkout.notice.is_empty() {
        Err(DriverError::NoCheckout(NO_CHECKOUT.to_owned()))
    } else {
        Err(DriverError::NoCheckout(checkout.notice.clone()))
    }
}

/// The fake store: no checkout anywhere.
pub const NO_CHECKOUT: &str = "This shop has no checkout.";
/// Shopify: its own checkout, at the cart's checkout link.
pub const HANDOFF: &str = "This shop checks out on its own site: continue at its checkout link.";
/// A backend whose checkout Vitrine does not run yet.
pub const NOT_YET: &str = "Checkout on this backend is not available in Vitrine yet.";

/// What a backend refused at a step, in the shopper's words. Each backend's folder maps
/// its own codes here; the texts are the same whichever backend refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The backend has no shipping method for the address.
    NoShippingTo,
    /// The backend did not take the address (a field it checks and Vitrine does not).
    AddressRejected,
    /// A step that needs the address, before it was set.
    AddressFirst,
    /// Placing before a shipping method was chosen.
    ShippingFirst,
    /// A shipping method the backend does not offer (now) for the address.
    UnknownShippingOption,
    /// Placing a cart without lines.
    EmptyCart,
    /// Something in the cart can no longer be sold (at placing).
    OutOfStock,
    /// The test payment was not accepted.
    PaymentDeclined,
}

impl Refusal {
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            Self::NoShippingTo => "This shop does not ship to that address; check the country and postal code.",
            Self::AddressRejected => "The shop did not accept this address; check each field and try again.",
            Self::AddressFirst => "Enter your email and shipping address first.",
            Self::ShippingFirst => "Choose a shipping method first.",
            Self::UnknownShippingOption => "That shipping method is not offered for this address; choose another.",
            Self::EmptyCart => "Your cart is empty: add something before placing an order.",
            Self::OutOfStock => "Something in your cart is no longer in stock; check the cart and try again.",
            Self::PaymentDeclined => "The payment was not accepted; nothing was ordered. Try again.",
        }
    }

    /// As it travels: ABORTED with the text.
    #[must_use]
    pub fn error(self) -> DriverError {
        DriverError::Refused(self.text().to_owned())
    }
}

/// Whether both addresses are in `countries`, the ones the backend ships to (checked
/// before anything is sent: not every backend checks the billing address, nor in words
/// Vitrine can show).
///
/// # Errors
/// [`Refusal::NoShippingTo`].
pub fn in_countries(countries: &[Country], shipping: &Address, billing: Option<&Address>) -> Result<(), DriverError> {
    let known = |a: &Address| countries.iter().any(|c| c.code.eq_ignore_ascii_case(a.country.trim()));
    if known(shipping) && billing.is_none_or(known) { Ok(()) } else { Err(Refusal::NoShippingTo.error()) }
}

/// A summary's figures, in minor units: the total is the sum of the parts once shipping
/// is known (a total without it would be a price the shopper does not pay).
#[must_use]
pub fn totals(subtotal: Option<i64>, shipping: Option<i64>, tax: Option<i64>, currency: Option<String>) -> Totals {
    let total = match (subtotal, shipping) {
        (Some(subtotal), Some(shipping)) => Some(subtotal + shipping + tax.unwrap_or(0)),
        _ => None,
    };
    Totals { subtotal, shipping, tax, total, currency }
}

#[cfg(test)]
mod tests;
