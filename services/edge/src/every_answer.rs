//! What every answer passes through, in one layer around the route table:
//!
//! 1. the request's span ([`vitrine_common::request_span`]), which the whole request runs in
//!    (named by the route's pattern, found once for it and the metrics);
//! 2. its `Server-Timing` collection ([`crate::server_timing`]), written last;
//! 3. a change from another site refused before its body is read ([`crate::same_site`]);
//! 4. the faults the visitor injects ([`crate::faults`]), or their refusal;
//! 5. the route, then its count and time ([`crate::metrics`]);
//! 6. the security headers and the default cache policy ([`crate::headers`]);
//! 7. compression of what is not compressed already ([`crate::compress`]).
//!
//! One layer rather than one each: each layer is a boxed call and a boxed future on
//! every answer, a cost a warm answer from the cache notices
//! (`docs/decisions/warm-path.md`). Each step's rule stays in its own module.

use std::time::Instant;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{ResponseError as _, web};
use bytes::Bytes;
use tracing::Instrument as _;
use vitrine_common::request_span;
use vitrine_common::timing::{self, Timings};

use crate::{AppState, compress, faults, headers, same_site, server_timing};

/// The layer (`actix_web::middleware::from_fn`), with the app's `state`.
pub(crate) async fn around(
    state: web::Data<AppState>,
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let span = request_span::start(&req);
    let timings = Timings::start();
    let answered = timing::within(timings.clone(), answer(&state, req, next)).instrument(span.clone()).await;
    let (outcome, route) = match answered {
        Ok((mut res, route)) => {
            server_timing::write(res.headers_mut(), &timings, &span);
            (Ok(res), route)
        }
        Err(e) => (Err(e), None),
    };
    request_span::end_routed(&span, &outcome, route.as_deref());
    outcome
}

/// The answer, before its `Server-Timing`, and the pattern of the route that answered
/// it, found once for the metrics and the span.
async fn answer<B: MessageBody + 'static>(
    state: &AppState,
    req: ServiceRequest,
    next: Next<B>,
) -> Result<(ServiceResponse<EitherBody<EitherBody<B>, Bytes>>, Option<String>), actix_web::Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let policy = headers::default_policy(req.path());
    let faults = same_site::before_body(req.request(), state).and_then(|()| faults::of_request(req.request(), state));
    let mut res = match faults {
        Ok(faults) => faults::within(faults, next.call(req)).await?.map_into_left_body(),
        Err(refused) => req.into_response(refused.error_response()).map_into_right_body(),
    };
    let route = request_span::route_pattern(res.request());
    state.metrics.record(route.as_deref(), &method, res.status(), started);
    headers::set(res.headers_mut(), policy);
    Ok((compress::on_the_fly(res).await?, route))
}
