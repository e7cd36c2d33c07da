//! The edge's one error type and its one mapping to HTTP (STYLE habit 7).
//!
//! A gRPC status from a service becomes an HTTP status and `{"error":{"code","message"}}`.
//! Only the messages of statuses our services raise on purpose (not found, bad input,
//! driver unavailable) reach the browser; transport details are logged, never sent.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use serde_json::json;
use tonic::Code;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ApiError {
    pub(crate) status: StatusCode,
    pub(crate) code: &'static str,
    pub(crate) message: String,
}

impl ApiError {
    pub(crate) fn bad_request(message: impl Into<String>) -> Self {
        Self { status: StatusCode::BAD_REQUEST, code: "bad_request", message: message.into() }
    }

    pub(crate) fn unavailable(message: impl Into<String>) -> Self {
        Self { status: StatusCode::SERVICE_UNAVAILABLE, code: "unavailable", message: message.into() }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.message)
    }
}

/// The one mapping from a service's gRPC status to what the browser sees.
impl From<tonic::Status> for ApiError {
    fn from(status: tonic::Status) -> Self {
        let (http, code, message) = match status.code() {
            Code::NotFound => (StatusCode::NOT_FOUND, "not_found", status.message().to_owned()),
            Code::InvalidArgument => (StatusCode::BAD_REQUEST, "bad_request", status.message().to_owned()),
            Code::FailedPrecondition => {
                (StatusCode::SERVICE_UNAVAILABLE, "driver_unavailable", status.message().to_owned())
            }
            Code::DeadlineExceeded => {
                (StatusCode::GATEWAY_TIMEOUT, "upstream_timeout", "The backend did not answer in time.".to_owned())
            }
            _ => (StatusCode::BAD_GATEWAY, "upstream_unavailable", "The backend is unavailable.".to_owned()),
        };
        if http.is_server_error() {
            tracing::warn!(grpc_code = ?status.code(), detail = status.message(), "service call failed");
        }
        Self { status: http, code, message }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status).json(json!({ "error": { "code": self.code, "message": self.message } }))
    }
}

/// Malformed JSON bodies answer in the same shape as every other error.
/// (actix hands the error over by value.)
#[allow(clippy::needless_pass_by_value)]
pub(crate) fn json_error(err: actix_web::error::JsonPayloadError, _: &HttpRequest) -> actix_web::Error {
    ApiError::bad_request(format!("Invalid JSON body: {err}")).into()
}

#[allow(clippy::needless_pass_by_value)]
pub(crate) fn query_error(err: actix_web::error::QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    ApiError::bad_request(format!("Invalid query: {err}")).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_map_to_http_once() {
        for (code, message, http, api_code, text) in [
            (Code::NotFound, "Not found: product 9", 404, "not_found", "Not found: product 9"),
            (Code::InvalidArgument, "Bad request: x", 400, "bad_request", "Bad request: x"),
            (
                Code::FailedPrecondition,
                "Client has not been defined yet",
                503,
                "driver_unavailable",
                "Client has not been defined yet",
            ),
            (Code::DeadlineExceeded, "deadline", 504, "upstream_timeout", "The backend did not answer in time."),
            (
                Code::Unavailable,
                "tcp connect error 10.0.0.1",
                502,
                "upstream_unavailable",
                "The backend is unavailable.",
            ),
            (Code::Internal, "panic at x.rs", 502, "upstream_unavailable", "The backend is unavailable."),
            (Code::Unknown, "transport error", 502, "upstream_unavailable", "The backend is unavailable."),
        ] {
            let e = ApiError::from(tonic::Status::new(code, message));
            assert_eq!((e.status.as_u16(), e.code, e.message.as_str()), (http, api_code, text), "{code:?}");
        }
    }
}
