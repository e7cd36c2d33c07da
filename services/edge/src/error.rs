//! The edge's one error type and its one table of status, code and text (STYLE habits 7, 8).
//!
//! Call sites name a variant; [`ApiError::parts`] is the only place that says what the
//! browser gets: an HTTP status and `{"error":{"code","message"}}`. A gRPC status from a
//! service becomes a variant in [`From<tonic::Status>`]: only the texts of statuses our
//! services raise on purpose (not found, bad input, driver unavailable; written by
//! `DriverError::user_text`) are passed on; anything else is logged and replaced.

use std::borrow::Cow;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use tonic::Code;
use vitrine_domain::error::{INVALID_FIELDS, is_no_checkout};
use vitrine_domain::{DriverError, checkout};

pub(crate) mod responses;

use crate::dto::checkout::FieldError;
use crate::dto::{ErrorBody, ErrorDetail};
use crate::image_widths;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ApiError {
    /// A lookup without its `url` query parameter.
    UrlMissing,
    /// A lookup whose `url` is longer than the edge accepts.
    UrlTooLong,
    /// A list asked for more products than `max`.
    LimitTooLarge {
        max: u32,
    },
    /// A search without words.
    SearchQueryMissing,
    /// A request body that is not the JSON the route takes.
    InvalidBody,
    /// A query string that does not parse (e.g. a negative limit).
    InvalidQuery,
    /// An `/api` path no route claims.
    NoSuchRoute,
    /// A service found nothing; carries its user text.
    NotFound(String),
    /// A service rejected the request's input; carries its user text.
    BadInput(String),
    /// The driver's backend cannot be used (not configured, disabled); its user text.
    DriverUnavailable(String),
    /// The backend did not answer in time.
    UpstreamTimeout,
    /// A service or the backend failed in any other way.
    UpstreamUnavailable,
    /// The session or its address switched drivers too often.
    TooManySwitches,
    /// The session has as many driver-event streams open as it may.
    TooManyStreams,
    /// The edge has as many driver-event streams open as it may.
    StreamsFull,
    /// The store could not save the session's new driver.
    DriverNotSaved,
    /// The store could not forget the session (its cookies stay).
    SessionNotForgotten,
    /// An answer could not be serialised.
    EncodingFailed,
    /// `/img` without its `src` query parameter.
    ImageSrcMissing,
    ImageSrcNotAbsolute,
    ImageSrcNotHttp,
    /// A `w` that is not one of the srcset's widths (`image_widths::WIDTHS`).
    ImageWidthNotOffered,
    /// A `q` other than the spec's 25.
    ImageQualityFixed,
    /// `src` outside the configured backends' image paths.
    ImageSourceNotAllowed,
    /// The image host answered 404.
    ImageNotFound,
    /// The image host could not be reached or answered an error.
    ImageFetchFailed,
    ImageTooLarge,
    /// The source declares a picture larger than the decoder takes (a decompression bomb).
    ImageDimensionsTooLarge {
        max: u32,
    },
    /// Every render permit is taken and the queue is full.
    ImageBusy,
    /// The resize task could not run.
    ImageNotProcessed,
    ImageUndecodable,
    /// A `/sitemap-{n}.xml` past the last page, or not a page number.
    SitemapPageNotFound,
    /// The sitemap could not be gathered from the services (any of their failures).
    SitemapUnavailable,
    // Carts.
    /// A change from another site (`same_site::before_body`).
    CrossSite,
    /// The backend or a cart rule refused a cart change; carries the shopper's text.
    CartRefused(String),
    /// The session's cart could not be read or remembered (the store failed).
    CartNotSaved,
    /// The session or its address changed carts too often.
    TooManyCartChanges,
    /// The session or its address made too many reads no cache answers.
    TooManyReads,
    // Checkout.
    /// Checkout fields refused, each with its text.
    InvalidFields(Vec<FieldError>),
    /// The backend has no checkout here; the shopper's text (the backend's notice).
    NoCheckout(String),
    /// Another request is placing this cart's order now.
    OrderInFlight,
    /// No order of this number was placed by this session.
    NoSuchOrder,
    /// An `Idempotency-Key` that is not 1 to 128 visible characters.
    IdempotencyKeyInvalid,
    /// An `Idempotency-Key` already used for another request.
    IdempotencyKeyReused,
    /// The first request with this `Idempotency-Key` is still running.
    IdempotencyInFlight,
    /// The debug tools (injected faults, the comparison) are off here.
    DebugToolsOff,
    /// An injected-faults setting out of its bounds.
    FaultsInvalid,
    /// This visitor's previous comparison still runs.
    ComparisonRunning,
    /// Too many comparisons from this address.
    TooManyComparisons,
}

impl ApiError {
    /// The one table: HTTP status, stable code, and the text a visitor may see.
    pub(crate) fn parts(&self) -> (StatusCode, &'static str, Cow<'_, str>) {
        use StatusCode as S;
        match self {
            Self::UrlMissing => (S::BAD_REQUEST, "bad_request", "The url query parameter is required.".into()),
            Self::UrlTooLong => (S::BAD_REQUEST, "bad_request", "The url is too long.".into()),
            Self::LimitTooLarge { max } => {
                (S::BAD_REQUEST, "bad_request", format!("limit may be at most {max}.").into())
            }
            Self::SearchQueryMissing => {
                (S::BAD_REQUEST, "bad_request", "The q query parameter must hold the words to search for.".into())
            }
            Self::InvalidBody => {
                (S::BAD_REQUEST, "bad_request", r#"The body must be JSON like {"driver": "in-memory"}."#.into())
            }
            Self::InvalidQuery => {
                (S::BAD_REQUEST, "bad_request", "The query string is not valid for this route.".into())
            }
            Self::NoSuchRoute => (S::NOT_FOUND, "not_found", "There is no such API route.".into()),
            Self::NotFound(text) => (S::NOT_FOUND, "not_found", text.as_str().into()),
            Self::BadInput(text) => (S::BAD_REQUEST, "bad_request", text.as_str().into()),
            Self::DriverUnavailable(text) => (S::SERVICE_UNAVAILABLE, "driver_unavailable", text.as_str().into()),
            Self::UpstreamTimeout => {
                (S::GATEWAY_TIMEOUT, "upstream_timeout", "The backend did not answer in time.".into())
            }
            Self::UpstreamUnavailable => (S::BAD_GATEWAY, "upstream_unavailable", "The backend is unavailable.".into()),
            Self::TooManySwitches => (
                S::TOO_MANY_REQUESTS,
                "too_many_requests",
                "Too many driver switches; wait a minute, then try again.".into(),
            ),
            Self::TooManyStreams => (
                S::TOO_MANY_REQUESTS,
                "too_many_requests",
                "Too many open event streams for this session; close a tab, then reload.".into(),
            ),
            Self::StreamsFull => (
                S::SERVICE_UNAVAILABLE,
                "unavailable",
                "The edge serves as many event streams as it can; try again later.".into(),
            ),
            Self::DriverNotSaved => {
                (S::SERVICE_UNAVAILABLE, "unavailable", "The driver could not be saved; nothing was switched.".into())
            }
            Self::SessionNotForgotten => (
                S::SERVICE_UNAVAILABLE,
                "unavailable",
                "The session could not be forgotten; nothing was removed. Try again.".into(),
            ),
            Self::EncodingFailed => (S::SERVICE_UNAVAILABLE, "unavailable", "The answer could not be encoded.".into()),
            Self::ImageSrcMissing => (S::BAD_REQUEST, "bad_request", "The src query parameter is required.".into()),
            Self::ImageSrcNotAbsolute => (S::BAD_REQUEST, "bad_request", "src must be an absolute URL.".into()),
            Self::ImageSrcNotHttp => (S::BAD_REQUEST, "bad_request", "src must be an http or https URL.".into()),
            Self::ImageWidthNotOffered => {
                let widths: Vec<String> = image_widths::WIDTHS.iter().map(u32::to_string).collect();
                (S::BAD_REQUEST, "bad_request", format!("w must be one of {}.", widths.join(", ")).into())
            }
            Self::ImageQualityFixed => {
                (S::BAD_REQUEST, "bad_request", "q is fixed at 25; leave it out or send 25.".into())
            }
            Self::ImageSourceNotAllowed => {
                (S::FORBIDDEN, "forbidden", "Images are served from the configured backends' image paths only.".into())
            }
            Self::ImageNotFound => (S::NOT_FOUND, "not_found", "No such image.".into()),
            Self::ImageFetchFailed => {
                (S::BAD_GATEWAY, "upstream_unavailable", "The image could not be fetched.".into())
            }
            Self::ImageTooLarge => (S::BAD_GATEWAY, "upstream_unavailable", "The image is too large.".into()),
            Self::ImageDimensionsTooLarge { max } => (
                S::BAD_GATEWAY,
                "upstream_unavailable",
                format!("The image is larger than {max} × {max} pixels, the most this service decodes.").into(),
            ),
            Self::ImageBusy => {
                (S::SERVICE_UNAVAILABLE, "unavailable", "The image service is busy; try again shortly.".into())
            }
            Self::ImageNotProcessed => {
                (S::BAD_GATEWAY, "upstream_unavailable", "The image could not be processed.".into())
            }
            Self::ImageUndecodable => {
                (S::BAD_GATEWAY, "upstream_unavailable", "The source is not an image this service can read.".into())
            }
            Self::SitemapPageNotFound => (S::NOT_FOUND, "not_found", "There is no such sitemap page.".into()),
            Self::SitemapUnavailable => {
                (S::SERVICE_UNAVAILABLE, "unavailable", "The sitemap cannot be built now; try again later.".into())
            }
            Self::CrossSite => (S::FORBIDDEN, "forbidden", "Changes can only be made from this site.".into()),
            Self::CartRefused(why) => (S::CONFLICT, "refused", why.as_str().into()),
            Self::CartNotSaved => {
                (S::SERVICE_UNAVAILABLE, "unavailable", "Your cart cannot be reached now; try again shortly.".into())
            }
            Self::TooManyCartChanges => (
                S::TOO_MANY_REQUESTS,
                "too_many_requests",
                "Too many cart changes from this session or address; try again in a minute.".into(),
            ),
            Self::TooManyReads => (
                S::TOO_MANY_REQUESTS,
                "too_many_requests",
                "Too many requests from this session or address; try again in a minute.".into(),
            ),
            Self::InvalidFields(_) => (S::BAD_REQUEST, "invalid_fields", INVALID_FIELDS.into()),
            Self::NoCheckout(why) => (S::CONFLICT, "no_checkout", why.as_str().into()),
            Self::OrderInFlight => (
                S::CONFLICT,
                "order_in_flight",
                "Your order is being placed; wait a moment, then look at your orders.".into(),
            ),
            Self::NoSuchOrder => (S::NOT_FOUND, "not_found", "There is no such order in this session.".into()),
            Self::IdempotencyKeyInvalid => {
                (S::BAD_REQUEST, "bad_request", "Idempotency-Key must be 1 to 128 visible characters.".into())
            }
            Self::IdempotencyKeyReused => (
                S::UNPROCESSABLE_ENTITY,
                "idempotency_key_reused",
                "This Idempotency-Key was used for another request.".into(),
            ),
            Self::IdempotencyInFlight => (
                S::CONFLICT,
                "idempotency_in_flight",
                "A request with this Idempotency-Key is still running; try again shortly.".into(),
            ),
            Self::DebugToolsOff => (S::NOT_FOUND, "not_found", "The debug tools are off on this site.".into()),
            Self::FaultsInvalid => (
                S::BAD_REQUEST,
                "bad_request",
                format!(
                    "Faults need a backend, latency_ms from 0 to {}, error_percent from 0 to 100 and timeout.",
                    vitrine_domain::faults::MAX_LATENCY_MS
                )
                .into(),
            ),
            Self::ComparisonRunning => {
                (S::CONFLICT, "comparison_running", "Your comparison is still running; wait for it.".into())
            }
            Self::TooManyComparisons => (
                S::TOO_MANY_REQUESTS,
                "too_many_requests",
                "Too many comparisons from this address; wait a minute, then try again.".into(),
            ),
        }
    }

    pub(crate) fn body(&self) -> ErrorBody {
        let (_, code, message) = self.parts();
        let fields = if let Self::InvalidFields(fields) = self { fields.clone() } else { Vec::new() };
        ErrorBody { error: ErrorDetail { code: code.to_owned(), message: message.into_owned(), fields } }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (status, code, message) = self.parts();
        write!(f, "{} {code}: {message}", status.as_u16())
    }
}

/// The one mapping from a service's gRPC status to a variant.
impl From<tonic::Status> for ApiError {
    fn from(status: tonic::Status) -> Self {
        let text = || status.message().to_owned();
        let error = match status.code() {
            Code::NotFound => Self::NotFound(text()),
            Code::InvalidArgument => match checkout::field_errors(&status) {
                fields if fields.is_empty() => Self::BadInput(text()),
                fields => Self::InvalidFields(fields.into_iter().map(FieldError::from).collect()),
            },
            Code::FailedPrecondition if is_no_checkout(&status) => Self::NoCheckout(text()),
            Code::FailedPrecondition => Self::DriverUnavailable(text()),
            Code::DeadlineExceeded => Self::UpstreamTimeout,
            Code::Aborted => Self::CartRefused(text()),
            _ => Self::UpstreamUnavailable,
        };
        if error.parts().0.is_server_error() {
            tracing::warn!(grpc_code = ?status.code(), detail = status.message(), "service call failed");
        }
        error
    }
}

/// The edge's own uses of the domain rules go through the same mapping as the services'.
impl From<DriverError> for ApiError {
    fn from(e: DriverError) -> Self {
        e.to_status().into()
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.parts().0
    }

    fn error_response(&self) -> HttpResponse {
        let mut res = HttpResponse::build(self.status_code());
        if matches!(self, Self::TooManySwitches | Self::TooManyCartChanges | Self::TooManyReads) {
            res.insert_header((actix_web::http::header::RETRY_AFTER, crate::limits::WINDOW.as_secs()));
        }
        res.json(self.body())
    }
}

/// Malformed JSON bodies answer in the same shape as every other error; serde's detail
/// is logged, not sent. (actix hands the error over by value.)
#[allow(clippy::needless_pass_by_value)]
pub(crate) fn json_error(err: actix_web::error::JsonPayloadError, _: &HttpRequest) -> actix_web::Error {
    tracing::debug!(error = %err, "invalid JSON body");
    ApiError::InvalidBody.into()
}

#[allow(clippy::needless_pass_by_value)]
pub(crate) fn query_error(err: actix_web::error::QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    tracing::debug!(error = %err, "invalid query");
    ApiError::InvalidQuery.into()
}

#[cfg(test)]
mod tests;
