//! `DriverError`: everything that can go wrong below the domain services, with its gRPC
//! code and the text a visitor or developer may see, declared side by side (spec §8).
//!
//! Internals (upstream bodies, socket errors) are logged where they happen and never put
//! into the text: see [`DriverError::user_text`].

use tonic::Code;

use crate::{Backend, Driver};

/// spec §8: missing product on url lookup.
pub const NO_PRODUCT: &str = "The platform did not respond with a product.";
/// spec §8: client not yet set.
pub const CLIENT_NOT_DEFINED: &str = "Client has not been defined yet";
/// spec §8: client set twice.
pub const CLIENT_ALREADY_DEFINED: &str = "Client has been already defined";

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DriverError {
    /// The backend answered, and the thing does not exist.
    #[error("not found: {0}")]
    NotFound(String),
    /// The backend answered without the product asked for (spec §5, §8).
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
    /// The backend refused this site's credentials (issue 13: Medusa's 400 `not_allowed`
    /// for a missing or wrong publishable key): a deployment mistake, named for its fixer.
    #[error("the {0} backend refused the configured key")]
    KeyRefused(Backend),
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
            Self::Disabled(_) | Self::NotConfigured(_) | Self::AlreadyDefined(_) | Self::KeyRefused(_) => {
                Code::FailedPrecondition
            }
            Self::BadInput(_) => Code::InvalidArgument,
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
            Self::KeyRefused(_) => "key_refused",
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
            Self::KeyRefused(backend) => format!(
                "The {backend} backend refused this site's key: check {} (the value is never shown or logged).",
                backend.key_setting()
            ),
        }
    }

    /// The one mapping from this error to a gRPC status.
    #[must_use]
    pub fn to_status(&self) -> tonic::Status {
        tonic::Status::new(self.code(), self.user_text())
    }
}

impl From<DriverError> for tonic::Status {
    fn from(e: DriverError) -> Self {
        e.to_status()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every case, with the code it travels as, its exact user text and its label.
    #[test]
    fn every_case_has_its_code_and_text() {
        let cases = [
            (DriverError::NotFound("product 7".into()), Code::NotFound, "Not found: product 7", "not_found"),
            (DriverError::NoProduct, Code::NotFound, "The platform did not respond with a product.", "no_product"),
            (
                DriverError::UpstreamStatus(503),
                Code::Unavailable,
                "The backend answered with HTTP status 503.",
                "upstream_status",
            ),
            (
                DriverError::Network("connection refused 10.0.0.1".into()),
                Code::Unavailable,
                "The backend could not be reached.",
                "network",
            ),
            (DriverError::Timeout, Code::DeadlineExceeded, "The backend did not answer in time.", "timeout"),
            (DriverError::TooLarge(8), Code::Unavailable, "The backend's answer was larger than allowed.", "too_large"),
            (
                DriverError::Undecodable("expected value at line 1".into()),
                Code::Unavailable,
                "The backend answered with something that is not a valid response.",
                "undecodable",
            ),
            (
                DriverError::GraphQl("secret internals".into()),
                Code::Unavailable,
                "The backend reported an error.",
                "graphql_error",
            ),
            (
                DriverError::Disabled(Driver::Medusa),
                Code::FailedPrecondition,
                "The medusa driver is coming soon; it cannot be used yet.",
                "disabled",
            ),
            (
                DriverError::NotConfigured(Backend::Shopify),
                Code::FailedPrecondition,
                "Client has not been defined yet (backend: shopify).",
                "not_configured",
            ),
            (
                DriverError::AlreadyDefined(Backend::Magento),
                Code::FailedPrecondition,
                "Client has been already defined (backend: magento).",
                "already_defined",
            ),
            (DriverError::BadInput("empty id".into()), Code::InvalidArgument, "Bad request: empty id", "bad_input"),
            (
                DriverError::KeyRefused(Backend::Medusa),
                Code::FailedPrecondition,
                "The medusa backend refused this site's key: check VITRINE_MEDUSA_PUBLISHABLE_KEY (the value is never \
                 shown or logged).",
                "key_refused",
            ),
        ];
        for (error, code, text, kind) in cases {
            assert_eq!(error.kind(), kind, "{error:?}");
            let status = error.to_status();
            assert_eq!(status.code(), code, "{error:?}");
            assert_eq!(status.message(), text, "{error:?}");
        }
    }

    #[test]
    fn internals_never_reach_the_text() {
        for e in [
            DriverError::Network("10.1.2.3:443 refused".into()),
            DriverError::Undecodable("<html>secret</html>".into()),
            DriverError::GraphQl("token abc".into()),
        ] {
            let text = e.user_text();
            assert!(!text.contains("10.1.2.3") && !text.contains("secret") && !text.contains("abc"), "{text}");
        }
    }
}
