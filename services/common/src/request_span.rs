//! The span of each HTTP request a service answers. It records the route's pattern
//! (`/api/cart/lines/{line}`), the method, the status and the error, and continues the
//! caller's trace context (`traceparent`). It never records the raw path and query,
//! where a cart id, a cart token or an order number would reach every log line and every
//! exported trace, nor the client's address or user agent, which are personal data.
//!
//! [`start`] opens it, the request's work runs inside it (`tracing::Instrument`), and
//! [`end`] records the outcome. The edge calls them from its one layer; other services
//! wrap their app in [`middleware`].

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::{Error, ResponseError};
use tracing::field::Empty;
use tracing::{Instrument as _, Span};

/// The request's span, continuing the caller's trace context if it sent one.
#[must_use]
pub fn start(request: &ServiceRequest) -> Span {
    let method = request.method().as_str();
    let span = tracing::info_span!(
        "HTTP request",
        http.method = %method,
        http.route = Empty,
        http.status_code = Empty,
        otel.name = %method,
        otel.kind = "server",
        otel.status_code = Empty,
        exception.message = Empty,
        exception.details = Empty,
    );
    // Filtered out, the span records nothing: the caller's trace context is not
    // looked up.
    if span.is_disabled() {
        return span;
    }
    let mut context = http::HeaderMap::new();
    for name in ["traceparent", "tracestate"] {
        if let Some(value) = request.headers().get(name).and_then(|v| http::HeaderValue::from_bytes(v.as_bytes()).ok())
        {
            context.insert(name, value);
        }
    }
    crate::telemetry::continue_trace(&span, &context);
    span
}

/// Records how the request ended in its span: the route, the status, and the error if
/// there was one (a server error marks the span failed; a client's error does not).
pub fn end<B>(span: &Span, outcome: &Result<ServiceResponse<B>, Error>) {
    if span.is_disabled() {
        return;
    }
    let route = outcome.as_ref().ok().and_then(|response| route_pattern(response.request()));
    end_routed(span, outcome, route.as_deref());
}

/// [`end`], with the request's [`route_pattern`] already found by a caller that needed
/// it anyway (the edge's metrics): finding it walks the route table again.
pub fn end_routed<B>(span: &Span, outcome: &Result<ServiceResponse<B>, Error>, route: Option<&str>) {
    if span.is_disabled() {
        return;
    }
    // The route is named once routed. Not a route of the table (a file, a page, nothing,
    // an error before routing): one name for all. An error with no response keeps the
    // method alone as its name.
    let request = outcome.as_ref().ok().map(ServiceResponse::request);
    let route = route.unwrap_or("other");
    span.record("http.route", route);
    if let Some(request) = request {
        span.record("otel.name", format!("{} {route}", request.method()));
    }
    match outcome {
        Ok(response) => match response.response().error() {
            Some(error) => record_error(span, response.status(), error.as_response_error()),
            None => {
                span.record("http.status_code", i64::from(response.status().as_u16()));
                span.record("otel.status_code", "OK");
            }
        },
        Err(error) => {
            let error = error.as_response_error();
            record_error(span, error.status_code(), error);
        }
    }
}

/// The pattern of the route that answered `request` (`/api/cart/lines/{line}`), asked
/// after routing, when a matched route names it at once; `None` for an address no route
/// claimed. A route claims its whole path, so part of it left unrouted means none did
/// (a default service answered): asked, actix would walk the whole table to find
/// nothing. A service mounted at the root (the edge's files of the build) it names by
/// its empty prefix.
#[must_use]
pub fn route_pattern(request: &actix_web::HttpRequest) -> Option<String> {
    if !request.match_info().unprocessed().is_empty() {
        return None;
    }
    request.match_pattern().filter(|pattern| !pattern.is_empty())
}

fn record_error(span: &Span, status: StatusCode, error: &dyn ResponseError) {
    span.record("exception.message", tracing::field::display(error.to_string()));
    span.record("exception.details", tracing::field::display(format!("{error:?}")));
    span.record("http.status_code", i64::from(status.as_u16()));
    span.record("otel.status_code", if status.is_client_error() { "OK" } else { "ERROR" });
}

/// Middleware (`actix_web::middleware::from_fn`): the request runs in its span.
///
/// # Errors
/// The inner service's.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let span = start(&req);
    let outcome = next.call(req).instrument(span.clone()).await;
    end(&span, &outcome);
    outcome
}

#[cfg(test)]
mod tests {
    use actix_web::{App, HttpRequest, HttpResponse, test, web};

    async fn named(req: HttpRequest) -> HttpResponse {
        HttpResponse::Ok().body(super::route_pattern(&req).unwrap_or_else(|| "-".to_owned()))
    }

    #[actix_web::test]
    async fn a_route_is_named_by_its_pattern_and_an_unclaimed_address_by_none() {
        let app = test::init_service(
            App::new()
                .service(
                    web::scope("/api")
                        .route("/items", web::get().to(named))
                        .route("/items/{id}", web::get().to(named))
                        .default_service(web::to(named)),
                )
                .route("/readyz", web::get().to(named))
                .route("/", web::get().to(named))
                .default_service(web::to(named)),
        )
        .await;
        for (path, expected) in [
            ("/api/items", "/api/items"),
            ("/api/items/7?x=1", "/api/items/{id}"),
            ("/api/unknown", "-"),
            ("/api", "-"),
            ("/readyz", "/readyz"),
            ("/", "/"),
            ("/1001", "-"),
            ("/readyz/more", "-"),
        ] {
            let res = test::call_service(&app, test::TestRequest::get().uri(path).to_request()).await;
            assert_eq!(test::read_body(res).await, expected.as_bytes(), "{path}");
        }
    }
}
