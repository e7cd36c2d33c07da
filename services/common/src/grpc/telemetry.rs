//! The gRPC side of tracing and metrics.
//!
//! - Server: [`ServerTelemetryLayer`] continues the caller's trace (W3C `traceparent` in
//!   the metadata), opens a server span named after the method with the OpenTelemetry
//!   RPC attributes (`rpc.system`, `rpc.service`, `rpc.method`, `rpc.grpc.status_code`),
//!   and counts and times the call.
//! - Client: [`InjectTraceContext`] writes the current span's context into each call.
//! - Timings: the server collects what its call cost ([`crate::timing`]) and
//!   sends it back in the response metadata, its own hop first; [`HopChannel`] adds
//!   what a called hop sent back to the caller's collection.
//! - Injected faults: the server takes the visitor's from the request
//!   metadata for its call ([`crate::hop`]); [`HopChannel`] passes them on.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tonic::Status;
use tracing::Instrument;
use tracing::field::Empty;

use vitrine_domain::faults::Faults;

use crate::{hop, metrics, timing};

/// Writes the calling span's trace context into every outgoing call.
#[derive(Debug, Clone, Copy, Default)]
pub struct InjectTraceContext;

impl tonic::service::Interceptor for InjectTraceContext {
    fn call(&mut self, mut request: tonic::Request<()>) -> Result<tonic::Request<()>, Status> {
        crate::telemetry::inject_metadata(request.metadata_mut());
        Ok(request)
    }
}

#[derive(Debug, Clone, Copy, Default)]
pub struct ServerTelemetryLayer;

impl<S> tower::Layer<S> for ServerTelemetryLayer {
    type Service = ServerTelemetry<S>;

    fn layer(&self, inner: S) -> Self::Service {
        ServerTelemetry { inner }
    }
}

#[derive(Debug, Clone)]
pub struct ServerTelemetry<S> {
    inner: S,
}

/// The status of a unary call as its response shows it: tonic answers an error as a
/// "trailers-only" response (the `grpc-status` header); a success carries it in the
/// trailers, which a unary success always sets to 0. Every Vitrine RPC is unary.
fn status_code(headers: &http::HeaderMap) -> tonic::Code {
    headers
        .get("grpc-status")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<i32>().ok())
        .map_or(tonic::Code::Ok, tonic::Code::from_i32)
}

/// `/vitrine.v1.Catalogue/GetProduct` → (`vitrine.v1.Catalogue`, `GetProduct`).
fn split_method(path: &str) -> (&str, &str) {
    path.trim_start_matches('/').split_once('/').unwrap_or((path, ""))
}

fn service_of(path: &str) -> &str {
    split_method(path).0
}

fn rpc_of(path: &str) -> &str {
    split_method(path).1
}

/// The entry name of a hop, by its gRPC service: the names a waterfall shows.
fn hop_name(service: &str) -> Option<&'static str> {
    Some(match service.rsplit('.').next()? {
        "Catalogue" => "catalogue",
        "Navigation" => "navigation",
        "UrlResolution" => "url-resolution",
        "Carts" => "cart",
        "Adapter" => "adapter",
        _ => return None,
    })
}

/// Writes this hop's entry (`hop`, `rpc`, its whole time) and what it collected into
/// the response metadata, bounded.
fn send_back(headers: &mut http::HeaderMap, hop: &'static str, rpc: &str, timings: &timing::Timings) {
    let own = timing::Entry::span(hop, timing::word(rpc), Duration::ZERO, timings.origin().elapsed());
    let value = timings.header(&[own], None);
    if let Ok(value) = http::HeaderValue::from_str(&value) {
        headers.insert(timing::METADATA, value);
    }
}

/// A gRPC client's channel that passes the calling request's injected faults on, and
/// adds what each called hop sent back (its timings metadata) to the calling task's
/// collection, shifted to when the call was sent.
#[derive(Debug, Clone)]
pub struct HopChannel<S> {
    inner: S,
}

impl<S> HopChannel<S> {
    pub const fn new(inner: S) -> Self {
        Self { inner }
    }
}

impl<S, B, RB> tower::Service<http::Request<B>> for HopChannel<S>
where
    S: tower::Service<http::Request<B>, Response = http::Response<RB>>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<B>) -> Self::Future {
        // Called in the caller's task: its collection and faults, if any, are taken now.
        if let Some(faults) = hop::faults()
            && let Ok(value) = http::HeaderValue::from_str(&faults.encode())
        {
            request.headers_mut().insert(hop::FAULTS, value);
        }
        let timings = timing::current();
        let sent = Instant::now();
        let future = self.inner.call(request);
        Box::pin(async move {
            let result = future.await;
            if let (Some(timings), Ok(response)) = (timings, &result)
                && let Some(value) = response.headers().get(timing::METADATA).and_then(|v| v.to_str().ok())
            {
                timings.absorb(value, sent);
            }
            result
        })
    }
}

fn code_name(code: tonic::Code) -> String {
    format!("{code:?}")
}

impl<S, B, RB> tower::Service<http::Request<B>> for ServerTelemetry<S>
where
    S: tower::Service<http::Request<B>, Response = http::Response<RB>> + Send,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
    RB: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        let method = request.uri().path().to_owned();
        let (service, rpc) = split_method(&method);
        // Health probes arrive every few seconds from orchestrators: counted, not traced.
        let span = if service.starts_with("grpc.health") {
            tracing::Span::none()
        } else {
            tracing::info_span!(
                "grpc.server",
                otel.name = %method.trim_start_matches('/'),
                otel.kind = "server",
                otel.status_code = Empty,
                rpc.system = "grpc",
                rpc.service = service,
                rpc.method = rpc,
                rpc.grpc.status_code = Empty,
            )
        };
        crate::telemetry::continue_trace(&span, request.headers());
        let started = Instant::now();
        let timings = timing::Timings::start();
        let faults = request.headers().get(hop::FAULTS).and_then(|v| v.to_str().ok()).and_then(Faults::parse);
        let future = span.in_scope(|| self.inner.call(request));
        let future = timing::within(timings.clone(), hop::with_faults(faults, future));
        let recorded = span.clone();
        Box::pin(
            async move {
                let mut result = future.await;
                if let (Ok(response), Some(hop)) = (result.as_mut(), hop_name(service_of(&method))) {
                    send_back(response.headers_mut(), hop, rpc_of(&method), &timings);
                }
                let code = result.as_ref().map_or(tonic::Code::Unknown, |r| status_code(r.headers()));
                recorded.record("rpc.grpc.status_code", code as i32);
                if !matches!(code, tonic::Code::Ok | tonic::Code::NotFound | tonic::Code::InvalidArgument) {
                    recorded.record("otel.status_code", "ERROR");
                }
                metrics::GRPC_REQUESTS.with_label_values(&[method.as_str(), code_name(code).as_str()]).inc();
                metrics::GRPC_DURATION.with_label_values(&[method.as_str()]).observe(started.elapsed().as_secs_f64());
                result
            }
            .instrument(span),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_split_into_service_and_rpc() {
        for (path, expected) in [
            ("/vitrine.v1.Catalogue/GetProduct", ("vitrine.v1.Catalogue", "GetProduct")),
            ("/grpc.health.v1.Health/Check", ("grpc.health.v1.Health", "Check")),
            ("/odd", ("/odd", "")),
        ] {
            assert_eq!(split_method(path), expected, "{path}");
        }
    }

    #[test]
    fn hops_are_named_after_their_service() {
        for (service, name) in [
            ("vitrine.v1.Catalogue", Some("catalogue")),
            ("vitrine.v1.UrlResolution", Some("url-resolution")),
            ("vitrine.v1.Carts", Some("cart")),
            ("vitrine.v1.Adapter", Some("adapter")),
            ("grpc.health.v1.Health", None),
        ] {
            assert_eq!(hop_name(service), name, "{service}");
        }
    }

    #[test]
    fn the_status_is_read_from_a_trailers_only_answer() {
        let mut headers = http::HeaderMap::new();
        assert_eq!(status_code(&headers), tonic::Code::Ok, "a success names no status in its headers");
        headers.insert("grpc-status", http::HeaderValue::from_static("5"));
        assert_eq!(status_code(&headers), tonic::Code::NotFound);
        headers.insert("grpc-status", http::HeaderValue::from_static("garbage"));
        assert_eq!(status_code(&headers), tonic::Code::Ok);
    }
}
