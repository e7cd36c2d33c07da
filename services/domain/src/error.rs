//! `DriverError`: everything that can go wrong below the domain services, with its gRPC
//! code and the text a visitor or developer may see, declared side by side.
//!
//! Internals (upstream bodies, socket errors) are logged where they happen and never put
//! into the text: see [`DriverError::user_text`].

use tonic::Code;

use crate::checkout::{self, FieldError};
use crate::{Backend, Driver};

/// Missing product on url lookup.
pub const NO_PRODUCT: &str = "The platform did not respond with a product.";
/// Client not yet set.
pub const CLIENT_NOT_DEFINED: &str = "Client has not been defined yet";
/// What a call naming a cart the backend no longer knows is answered.
pub const CART_GONE: &str = "The cart is no longer known to the backend.";
/// What a checkout call naming no cart, or a gone one, is answered.
pub const CHECKOUT_GONE: &str = "There is no cart to check out: it was ordered, or it expired.";
/// The text of refused checkout fields (each field's own is in the details).
pub const INVALID_FIELDS: &str = "Some fields need attention:";
/// The details of a [`DriverError::NoCheckout`] status ([`is_no_checkout`]).
const NO_CHECKOUT_DETAILS: &[u8] = b"vitrine.no_checkout";
/// Client set twice.
pub const CLIENT_ALREADY_DEFINED: &str = "Client has been already defined";

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DriverError {
    /// The backend answered, and the thing does not exist.
    #[error("not found: {0}")]
    NotFound(String),
    /// The backend answered without the product asked for.
    #[error("{NO_PRODUCT}")]
    NoProduct,
    /// The backend answered with a non-success HTTP status.
    #[error("upstream answered HTTP {0}")]
    UpstreamStatus(u16),
    /// The backend could not be reached (refused, reset, DNS).
    #[error("upstream unreachable: {0}")]
    Network(String),
    #[error("upstream timed out")]
    Timeout,
    /// The backend's answer was longer than the adapter reads (its limit in bytes):
    /// reading stopped there, the rest was never downloaded.
    #[error("upstream answer over {0} bytes")]
    TooLarge(u64),
    /// The backend answered something that is not the expected payload.
    #[error("undecodable upstream answer: {0}")]
    Undecodable(String),
    /// The backend's GraphQL answer carried errors.
    #[error("upstream GraphQL error: {0}")]
    GraphQl(String),
    #[error("driver {0} is disabled (coming soon)")]
    Disabled(Driver),
    /// No client (adapter URL or backend settings) was configured for this backend.
    #[error("{CLIENT_NOT_DEFINED}: {0}")]
    NotConfigured(Backend),
    /// A second client for a backend that has one (a configuration mistake).
    #[error("{CLIENT_ALREADY_DEFINED}: {0}")]
    AlreadyDefined(Backend),
    #[error("bad input: {0}")]
    BadInput(String),
    /// The backend refused this site's credentials (a missing or wrong key): a
    /// deployment mistake, named for its fixer by the setting that holds the key (its
    /// environment name, never its value), which the backend's folder declares.
    #[error("the {0} backend refused the configured key")]
    KeyRefused(Backend, &'static str),
    /// The backend does not know the cart named (expired, completed, deleted).
    /// The cart service replaces it; nothing else travels as NOT_FOUND from a cart call.
    #[error("the cart is gone")]
    CartGone,
    /// The backend (or a cart rule) refused a cart change: out of stock, more
    /// than it has, a variant it does not sell, a line not in the cart. The text is the
    /// shopper's and is written by Vitrine, never copied from an upstream body.
    #[error("refused: {0}")]
    Refused(String),
    /// Checkout fields refused, each with its text (`checkout::FieldError`):
    /// INVALID_ARGUMENT, the fields in the status's details (`checkout::field_errors`).
    #[error("invalid checkout fields: {}", field_names(.0))]
    InvalidFields(Vec<FieldError>),
    /// A checkout step on a backend Vitrine does not check out on (the fake
    /// store has none, Shopify checks out on its own site): the shopper's text.
    #[error("no checkout here: {0}")]
    NoCheckout(String),
    /// A checkout call naming no cart, or one the backend no longer knows (it
    /// was ordered, or it expired).
    #[error("the cart to check out is gone")]
    CheckoutGone,
}

/// The refused fields' names (never their values), for the `Display` in logs.
fn field_names(errors: &[FieldError]) -> String {
    errors.iter().map(FieldError::name).collect::<Vec<_>>().join(", ")
}

impl DriverError {
    /// The gRPC code this case travels as between services.
    #[must_use]
    pub const fn code(&self) -> Code {
        match self {
            Self::NotFound(_) | Self::NoProduct => Code::NotFound,
            Self::UpstreamStatus(_)
            | Self::Network(_)
            | Self::TooLarge(_)
            | Self::Undecodable(_)
            | Self::GraphQl(_) => Code::Unavailable,
            Self::Timeout => Code::DeadlineExceeded,
            Self::Disabled(_) | Self::NotConfigured(_) | Self::AlreadyDefined(_) | Self::KeyRefused(..) => {
                Code::FailedPrecondition
            }
            Self::BadInput(_) => Code::InvalidArgument,
            Self::CartGone | Self::CheckoutGone => Code::NotFound,
            Self::Refused(_) => Code::Aborted,
            Self::InvalidFields(_) => Code::InvalidArgument,
            Self::NoCheckout(_) => Code::FailedPrecondition,
        }
    }

    /// A short, stable label of the case for metrics and span attributes (bounded
    /// cardinality: never the detail).
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::NotFound(_) => "not_found",
            Self::NoProduct => "no_product",
            Self::UpstreamStatus(_) => "upstream_status",
            Self::Network(_) => "network",
            Self::Timeout => "timeout",
            Self::TooLarge(_) => "too_large",
            Self::Undecodable(_) => "undecodable",
            Self::GraphQl(_) => "graphql_error",
            Self::Disabled(_) => "disabled",
            Self::NotConfigured(_) => "not_configured",
            Self::AlreadyDefined(_) => "already_defined",
            Self::BadInput(_) => "bad_input",
            Self::KeyRefused(..) => "key_refused",
            Self::CartGone => "cart_gone",
            Self::Refused(_) => "refused",
            Self::InvalidFields(_) => "invalid_fields",
            Self::NoCheckout(_) => "no_checkout",
            Self::CheckoutGone => "checkout_gone",
        }
    }

    /// The text that may leave the service: no upstream bodies, hosts or socket details.
    #[must_use]
    pub fn user_text(&self) -> String {
        match self {
            Self::NotFound(what) => format!("Not found: {what}"),
            Self::NoProduct => NO_PRODUCT.to_owned(),
            Self::UpstreamStatus(status) => format!("The backend answered with HTTP status {status}."),
            Self::Network(_) => "The backend could not be reached.".to_owned(),
            Self::Timeout => "The backend did not answer in time.".to_owned(),
            Self::TooLarge(_) => "The backend's answer was larger than allowed.".to_owned(),
            Self::Undecodable(_) => "The backend answered with something that is not a valid response.".to_owned(),
            Self::GraphQl(_) => "The backend reported an error.".to_owned(),
            Self::Disabled(driver) => format!("The {driver} driver is coming soon; it cannot be used yet."),
            Self::NotConfigured(backend) => format!("{CLIENT_NOT_DEFINED} (backend: {backend})."),
            Self::AlreadyDefined(backend) => format!("{CLIENT_ALREADY_DEFINED} (backend: {backend})."),
            Self::BadInput(why) => format!("Bad request: {why}"),
            Self::KeyRefused(backend, setting) => {
                format!(
                    "The {backend} backend refused this site's key: check {setting} (the value is never shown or logged)."
                )
            }
            Self::CartGone => CART_GONE.to_owned(),
            Self::Refused(why) | Self::NoCheckout(why) => why.clone(),
            Self::InvalidFields(errors) => {
                std::iter::once(INVALID_FIELDS).chain(errors.iter().map(FieldError::text)).collect::<Vec<_>>().join(" ")
            }
            Self::CheckoutGone => CHECKOUT_GONE.to_owned(),
        }
    }

    /// The one mapping from this error to a gRPC status.
    #[must_use]
    pub fn to_status(&self) -> tonic::Status {
        match self {
            Self::InvalidFields(errors) => {
                tonic::Status::with_details(self.code(), self.user_text(), checkout::details(errors).into())
            }
            // FAILED_PRECONDITION is also an unusable driver (503 at the edge); the
            // marker tells a shop without checkout here from that.
            Self::NoCheckout(_) => {
                tonic::Status::with_details(self.code(), self.user_text(), NO_CHECKOUT_DETAILS.into())
            }
            _ => tonic::Status::new(self.code(), self.user_text()),
        }
    }
}

/// Whether `status` says the backend has no checkout here ([`DriverError::NoCheckout`]),
/// rather than that the driver cannot be used at all.
#[must_use]
pub fn is_no_checkout(status: &tonic::Status) -> bool {
    status.code() == Code::FailedPrecondition && status.details() == NO_CHECKOUT_DETAILS
}

impl From<DriverError> for tonic::Status {
    fn from(e: DriverError) -> Self {
        e.to_status()
    }
}

#[cfg(test)]
mod tests;
