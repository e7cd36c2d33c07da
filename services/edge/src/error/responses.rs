//! The error answers a route can give, for the OpenAPI document only: handlers answer
//! [`super::ApiError`], whose one table decides the status; these name the same statuses,
//! with the errors, so that the handlers describe their answers without importing the
//! document that is built from them.

use utoipa::IntoResponses;

use crate::dto::ErrorBody;

/// A request the edge refuses before calling any service (status 400).
#[derive(IntoResponses)]
#[response(
    status = 400,
    description = "Bad request: a missing or invalid parameter or body (code bad_request), or checkout fields \
                   refused, each with its text in `fields` (code invalid_fields)"
)]
pub(crate) struct InputError(#[allow(dead_code)] ErrorBody);

/// What a service call can answer besides success.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub(crate) enum ServiceErrors {
    #[response(status = 404, description = "Nothing there (code not_found)")]
    NotFound(ErrorBody),
    #[response(status = 502, description = "The backend or a service failed (code upstream_unavailable)")]
    Upstream(ErrorBody),
    #[response(
        status = 503,
        description = "The driver's backend cannot be used: not configured or disabled (code driver_unavailable)"
    )]
    DriverUnavailable(ErrorBody),
    #[response(status = 504, description = "The backend did not answer in time (code upstream_timeout)")]
    Timeout(ErrorBody),
}

/// What a change of the visitor's cart or checkout can answer besides success, a bad
/// body (`InputError`; a checkout step's refused fields too) and the service errors.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub(crate) enum ChangeErrors {
    #[response(status = 403, description = "A change from another site (code forbidden)")]
    CrossSite(ErrorBody),
    #[response(
        status = 409,
        description = "The backend refused (out of stock, an unknown variant or line, no shipping there: code \
                       refused), has no checkout here (code no_checkout), this cart's order is being placed (code \
                       order_in_flight), or the first request with this Idempotency-Key still runs (code \
                       idempotency_in_flight)"
    )]
    Refused(ErrorBody),
    #[response(
        status = 422,
        description = "The Idempotency-Key was used for another request (code idempotency_key_reused)"
    )]
    KeyReused(ErrorBody),
    #[response(
        status = 429,
        description = "Too many cart and checkout changes from this session or address (code too_many_requests)"
    )]
    TooMany(ErrorBody),
}

/// What a debug tool's change can answer besides its own: from another site, or
/// where the tools are off.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub(crate) enum DebugToolErrors {
    #[response(status = 403, description = "A change from another site (code forbidden)")]
    CrossSite(ErrorBody),
    #[response(status = 404, description = "The debug tools are off here (code not_found)")]
    Off(ErrorBody),
}

/// A change from another site: every change is checked before its body is read.
#[derive(IntoResponses)]
#[response(status = 403, description = "A change from another site (code forbidden)")]
pub(crate) struct CrossSite(#[allow(dead_code)] ErrorBody);

/// A switch the store could not carry out (nothing was switched).
#[derive(IntoResponses)]
#[response(status = 503, description = "The store could not save the driver (code unavailable)")]
pub(crate) struct SwitchFailed(#[allow(dead_code)] ErrorBody);

/// A read no cache answers (a cart, a checkout, shipping options), over the per-minute
/// limits; `Retry-After` says when to try again.
#[derive(IntoResponses)]
#[response(status = 429, description = "Too many such reads from this session or address (code too_many_requests)")]
pub(crate) struct TooManyReads(#[allow(dead_code)] ErrorBody);

/// A "forget me" the store could not carry out (nothing was removed).
#[derive(IntoResponses)]
#[response(status = 503, description = "The store could not forget the session (code unavailable)")]
pub(crate) struct ForgetFailed(#[allow(dead_code)] ErrorBody);

/// A switch over the per-minute limits; `Retry-After` says when to try again.
#[derive(IntoResponses)]
#[response(status = 429, description = "Too many switches from this session or address (code too_many_requests)")]
pub(crate) struct TooManySwitches(#[allow(dead_code)] ErrorBody);
