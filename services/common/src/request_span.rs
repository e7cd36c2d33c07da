//! The span of each HTTP request a service answers: what `tracing-actix-web` records by
//! default, less what can name a visitor. Its default span writes the raw path and query
//! (`http.target`), where a cart id, a cart token or an order number in a path would
//! reach every log line and every exported trace, and the client's address and user
//! agent, which are personal data. This one records the route's pattern
//! (`/api/cart/lines/{line}`), the method, the status and the error, and continues the
//! caller's trace context (`traceparent`) as the default does.

use actix_web::Error;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use tracing::Span;
use tracing::field::Empty;
use tracing_actix_web::{DefaultRootSpanBuilder, RootSpanBuilder};

/// The request span by route: use as `TracingLogger::<RouteSpan>::new()`.
pub struct RouteSpan;

impl RootSpanBuilder for RouteSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
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
            if let Some(value) =
                request.headers().get(name).and_then(|v| http::HeaderValue::from_bytes(v.as_bytes()).ok())
            {
                context.insert(name, value);
            }
        }
        crate::telemetry::continue_trace(&span, &context);
        span
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        // The route is named once routed, when the matched route gives its pattern at
        // once (before, the whole route table is walked for it). Not a route of the
        // table (a file, a page, nothing, an error before routing): one name for all.
        // An error with no response keeps the method alone as its name.
        if !span.is_disabled() {
            let request = outcome.as_ref().ok().map(ServiceResponse::request);
            let route = request.and_then(actix_web::HttpRequest::match_pattern);
            let route = route.as_deref().unwrap_or("other");
            span.record("http.route", route);
            if let Some(request) = request {
                span.record("otel.name", format!("{} {route}", request.method()));
            }
        }
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}
