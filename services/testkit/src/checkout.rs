//! issue 26: what a shopper types at checkout, for the tests of every layer below the
//! edge. A valid address; tests break one field at a time with struct update syntax.

use vitrine_proto::v1::Address;

/// A valid address in `country` (and `region`, where the country needs one).
#[must_use]
pub fn address(country: &str, region: &str) -> Address {
    Address {
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        street: "1 Main St".into(),
        city: "Springfield".into(),
        postal_code: "62701".into(),
        country: country.into(),
        region: region.into(),
        telephone: "+1 555-0100".into(),
    }
}
