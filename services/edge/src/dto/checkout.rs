//! Checkout's public shapes. What the shopper typed (email, names, addresses,
//! telephone) goes back only to the visitor who typed it, in answers that are never
//! cached (`Cache-Control: no-store`); an [`Order`] summary holds none of it, because the
//! edge keeps summaries in its store.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use vitrine_domain::Driver;
use vitrine_proto::v1 as proto;

use super::{Cart, CartLine, major};

/// Where an order goes, or who pays for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub(crate) struct Address {
    pub(crate) first_name: String,
    pub(crate) last_name: String,
    /// The street and house number, one line.
    pub(crate) street: String,
    pub(crate) city: String,
    pub(crate) postal_code: String,
    /// ISO 3166-1 alpha-2, one of the checkout's `countries`.
    pub(crate) country: String,
    /// A region's code of the country, where it has regions; empty otherwise.
    #[serde(default)]
    pub(crate) region: String,
    pub(crate) telephone: String,
}

impl From<proto::Address> for Address {
    fn from(a: proto::Address) -> Self {
        Self {
            first_name: a.first_name,
            last_name: a.last_name,
            street: a.street,
            city: a.city,
            postal_code: a.postal_code,
            country: a.country,
            region: a.region,
            telephone: a.telephone,
        }
    }
}

impl From<Address> for proto::Address {
    fn from(a: Address) -> Self {
        Self {
            first_name: a.first_name,
            last_name: a.last_name,
            street: a.street,
            city: a.city,
            postal_code: a.postal_code,
            country: a.country,
            region: a.region,
            telephone: a.telephone,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct Region {
    pub(crate) code: String,
    pub(crate) name: String,
}

/// A country the backend ships to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct Country {
    /// ISO 3166-1 alpha-2.
    pub(crate) code: String,
    pub(crate) name: String,
    pub(crate) regions: Vec<Region>,
    /// An address in this country names one of `regions`.
    pub(crate) region_required: bool,
}

impl From<proto::Country> for Country {
    fn from(c: proto::Country) -> Self {
        Self {
            code: c.code,
            name: c.name,
            regions: c.regions.into_iter().map(|r| Region { code: r.code, name: r.name }).collect(),
            region_required: c.region_required,
        }
    }
}

/// A shipping method, with its price for the cart and address.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct ShippingOption {
    /// What `PUT /api/checkout/shipping` names.
    pub(crate) id: String,
    pub(crate) label: String,
    pub(crate) price: Option<f64>,
}

impl ShippingOption {
    /// A method priced in `currency`.
    pub(crate) fn new(o: proto::ShippingOption, currency: Option<&str>) -> Self {
        Self { id: o.id, label: o.label, price: major(o.price, currency) }
    }
}

/// What the order costs, in the backend's currency; a figure the backend cannot tell
/// yet (shipping before a method is chosen, and so the total) is null.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Totals {
    pub(crate) subtotal: Option<f64>,
    pub(crate) shipping: Option<f64>,
    pub(crate) tax: Option<f64>,
    pub(crate) total: Option<f64>,
    /// ISO 4217.
    pub(crate) currency: Option<String>,
}

impl From<proto::Totals> for Totals {
    fn from(t: proto::Totals) -> Self {
        let currency = t.currency.filter(|c| !c.is_empty());
        let code = currency.as_deref();
        Self {
            subtotal: major(t.subtotal, code),
            shipping: major(t.shipping, code),
            tax: major(t.tax, code),
            total: major(t.total, code),
            currency,
        }
    }
}

/// How the backend checks out: `native` (here: address, shipping, place order),
/// `handoff` (on its own site, at the cart's `checkout_url`) or `none`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum CheckoutKind {
    Native,
    Handoff,
    None,
}

impl From<proto::CheckoutKind> for CheckoutKind {
    fn from(kind: proto::CheckoutKind) -> Self {
        match kind {
            proto::CheckoutKind::Native => Self::Native,
            proto::CheckoutKind::Handoff => Self::Handoff,
            proto::CheckoutKind::None | proto::CheckoutKind::Unspecified => Self::None,
        }
    }
}

/// `GET /api/checkout` and the steps' answers: the visitor's cart with what is set so
/// far. Never cached.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Checkout {
    pub(crate) kind: CheckoutKind,
    /// Why, in the shopper's words, where `kind` is not `native`; null otherwise.
    pub(crate) notice: Option<String>,
    pub(crate) cart: Cart,
    /// Null until set.
    pub(crate) email: Option<String>,
    pub(crate) shipping_address: Option<Address>,
    /// Null: the same as the shipping address.
    pub(crate) billing_address: Option<Address>,
    pub(crate) shipping_option: Option<ShippingOption>,
    pub(crate) totals: Totals,
    /// The payment the backend takes for test orders; null where there is no checkout here.
    pub(crate) payment_method: Option<String>,
    /// The countries the backend ships to.
    pub(crate) countries: Vec<Country>,
}

impl From<proto::Checkout> for Checkout {
    fn from(c: proto::Checkout) -> Self {
        let currency = c.totals.as_ref().and_then(|t| t.currency.clone());
        let currency = currency.or_else(|| c.cart.as_ref().and_then(|cart| cart.currency.clone()));
        Self {
            kind: CheckoutKind::from(c.kind()),
            notice: Some(c.notice).filter(|n| !n.is_empty()),
            cart: Cart::new(c.cart.unwrap_or_default(), false),
            email: Some(c.email).filter(|e| !e.is_empty()),
            shipping_address: c.shipping_address.map(Address::from),
            billing_address: c.billing_address.map(Address::from),
            shipping_option: c.shipping_option.map(|o| ShippingOption::new(o, currency.as_deref())),
            totals: Totals::from(c.totals.unwrap_or_default()),
            payment_method: Some(c.payment_method).filter(|p| !p.is_empty()),
            countries: c.countries.into_iter().map(Country::from).collect(),
        }
    }
}

/// `GET /api/checkout/shipping-options`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct ShippingOptions {
    pub(crate) options: Vec<ShippingOption>,
}

impl From<proto::ShippingOptions> for ShippingOptions {
    fn from(o: proto::ShippingOptions) -> Self {
        let currency = o.currency.as_deref();
        Self { options: o.options.into_iter().map(|option| ShippingOption::new(option, currency)).collect() }
    }
}

/// The body of `PUT /api/checkout/address`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub(crate) struct AddressStep {
    pub(crate) email: String,
    pub(crate) shipping: Address,
    /// Absent or null: bill to the shipping address.
    #[serde(default)]
    pub(crate) billing: Option<Address>,
}

/// The body of `PUT /api/checkout/shipping`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub(crate) struct ShippingChoice {
    /// A shipping option's `id`.
    pub(crate) option: String,
}

/// `POST /api/checkout/order` and `GET /api/orders/{number}`: a placed order as the
/// session that placed it sees it. Nothing personal: the edge keeps this summary.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Order {
    /// The backend's order number.
    pub(crate) number: String,
    /// The driver it was placed on.
    pub(crate) driver: String,
    pub(crate) lines: Vec<CartLine>,
    pub(crate) totals: Totals,
    /// When Vitrine placed it, ms since the Unix epoch.
    pub(crate) placed_at_ms: u64,
}

impl Order {
    /// The backend's order as the summary kept for the session (its email left out).
    pub(crate) fn placed(order: proto::Order, driver: Driver, placed_at_ms: u64) -> Self {
        let currency = order.totals.as_ref().and_then(|t| t.currency.clone());
        Self {
            number: order.number,
            driver: driver.as_str().to_owned(),
            lines: order.lines.into_iter().map(|l| CartLine::new(l, currency.as_deref())).collect(),
            totals: Totals::from(order.totals.unwrap_or_default()),
            placed_at_ms,
        }
    }
}

/// One refused field of a checkout step, in an `invalid_fields` error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct FieldError {
    /// `email`, `shipping.postal_code`, `billing.region`, `shipping_option` …
    pub(crate) field: String,
    /// What to fix, in the shopper's words (never what was typed).
    pub(crate) text: String,
}

impl From<proto::FieldError> for FieldError {
    fn from(e: proto::FieldError) -> Self {
        Self { field: e.field, text: e.text }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address() -> proto::Address {
        proto::Address {
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            street: "12 Marker Street".into(),
            city: "Austin".into(),
            postal_code: "78701".into(),
            country: "US".into(),
            region: "TX".into(),
            telephone: "+1 512 555 0100".into(),
        }
    }

    #[test]
    fn an_address_goes_out_and_comes_back_unchanged() {
        assert_eq!(proto::Address::from(Address::from(address())), address());
    }

    #[test]
    fn unset_values_are_null_and_kinds_are_words() {
        let checkout = Checkout::from(proto::Checkout { kind: proto::CheckoutKind::None.into(), ..Default::default() });
        let json = serde_json::to_value(&checkout).unwrap_or_default();
        for field in ["notice", "email", "shipping_address", "billing_address", "shipping_option", "payment_method"] {
            assert!(json[field].is_null(), "{field}: {json}");
        }
        assert_eq!(json["kind"], "none");
        for (kind, word) in [
            (proto::CheckoutKind::Native, "native"),
            (proto::CheckoutKind::Handoff, "handoff"),
            (proto::CheckoutKind::Unspecified, "none"),
        ] {
            assert_eq!(serde_json::to_value(CheckoutKind::from(kind)).unwrap_or_default(), word);
        }
    }

    #[test]
    fn an_order_summary_holds_nothing_personal() {
        let order = proto::Order {
            number: "000000007".into(),
            lines: vec![proto::CartLine { id: "l1".into(), name: "Tee".into(), quantity: 2, ..Default::default() }],
            totals: Some(proto::Totals { total: Some(2500), currency: Some("USD".into()), ..Default::default() }),
            email: Some("marker@example.com".into()),
        };
        let summary = Order::placed(order, Driver::Fake, 42);
        let json = serde_json::to_string(&summary).unwrap_or_default();
        assert!(!json.contains("marker@example.com"), "{json}");
        assert_eq!((summary.number.as_str(), summary.driver.as_str(), summary.lines.len()), ("000000007", "fake", 1));
        assert_eq!(summary.totals.total, Some(25.0));
    }
}
