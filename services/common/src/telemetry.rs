//! Logs and traces, set up once per process, and the W3C trace context between hops.
//!
//! - Logs: `fmt` on stderr, filtered by `RUST_LOG` (default `info`).
//! - Traces: when an OTLP endpoint is given (`OTEL_EXPORTER_OTLP_ENDPOINT`), every
//!   `tracing` span is also an OpenTelemetry span, exported over OTLP/gRPC in batches.
//! - Propagation: [`inject`] writes the current span's `traceparent` into outgoing HTTP
//!   headers (reqwest, the upstream calls); [`extract`] reads an incoming one. The gRPC
//!   hops use them through [`crate::grpc`], the actix-web hops through tracing-actix-web,
//!   so one page view is one trace: browser → edge → service → adapter → upstream.

use opentelemetry::propagation::Injector;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, fmt};

/// Keeps the trace exporter alive; [`Telemetry::shutdown`] flushes what is still queued.
#[must_use = "dropping it without shutdown() loses the last spans"]
pub struct Telemetry {
    provider: Option<SdkTracerProvider>,
}

impl Telemetry {
    /// Exports the spans still queued and stops the exporter. Blocking: call it from a
    /// plain thread (`spawn_blocking`), not a runtime worker.
    pub fn shutdown(mut self) {
        if let Some(provider) = self.provider.take()
            && let Err(e) = provider.shutdown()
        {
            eprintln!("trace exporter shutdown: {e}");
        }
    }
}

/// Installs logging and, with `otlp_endpoint`, trace export as `service_name`. Safe to
/// call twice: the second call changes nothing, which tests rely on.
///
/// Must run inside a tokio runtime when `otlp_endpoint` is set: the batch exporter is a
/// task on it (the SDK's default thread-based one cannot drive tonic's I/O).
pub fn init(service_name: &str, otlp_endpoint: Option<&str>) -> Telemetry {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = fmt::layer().with_target(false);
    let endpoint = otlp_endpoint.filter(|e| !e.is_empty());
    let (provider, failure) = match endpoint.map(|e| tracer_provider(service_name, e)) {
        Some(Ok(provider)) => (Some(provider), None),
        Some(Err(e)) => (None, Some(e)),
        None => (None, None),
    };
    // `None` is a layer that does nothing: logs only.
    let traces = provider.as_ref().map(|p| tracing_opentelemetry::layer().with_tracer(p.tracer("vitrine")));
    if tracing_subscriber::registry().with(filter).with(logs).with(traces).try_init().is_err() {
        // Already initialised (a second call in one process): keep the first set-up.
        if let Some(provider) = provider {
            let _ = provider.shutdown();
        }
        return Telemetry { provider: None };
    }
    if let Some(e) = failure {
        tracing::error!(error = %e, endpoint, "trace export disabled: the OTLP exporter could not be built");
    }
    if let Some(provider) = &provider {
        opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
        opentelemetry::global::set_tracer_provider(provider.clone());
        tracing::info!(service_name, endpoint, "exporting traces over OTLP");
    }
    Telemetry { provider }
}

fn tracer_provider(service_name: &str, endpoint: &str) -> anyhow::Result<SdkTracerProvider> {
    use opentelemetry_otlp::WithExportConfig;
    use opentelemetry_sdk::trace::span_processor_with_async_runtime::BatchSpanProcessor;

    let exporter = opentelemetry_otlp::SpanExporter::builder().with_tonic().with_endpoint(endpoint).build()?;
    let processor = BatchSpanProcessor::builder(exporter, opentelemetry_sdk::runtime::Tokio).build();
    let resource = opentelemetry_sdk::Resource::builder().with_service_name(service_name.to_owned()).build();
    Ok(SdkTracerProvider::builder().with_span_processor(processor).with_resource(resource).build())
}

/// Writes the current span's trace context (`traceparent`, `tracestate`) into `headers`.
/// Nothing is written when traces are off.
pub fn inject(headers: &mut http::HeaderMap) {
    let context = tracing::Span::current().context();
    opentelemetry::global::get_text_map_propagator(|p| {
        p.inject_context(&context, &mut opentelemetry_http::HeaderInjector(headers));
    });
}

/// Makes `span` a child of the trace context carried by `headers`, if any.
pub fn continue_trace(span: &tracing::Span, headers: &http::HeaderMap) {
    let parent =
        opentelemetry::global::get_text_map_propagator(|p| p.extract(&opentelemetry_http::HeaderExtractor(headers)));
    // Fails only when the span is disabled (filtered out); nothing to link then.
    let _ = span.set_parent(parent);
}

/// Writes trace context into tonic request metadata (the gRPC client side).
pub(crate) struct MetadataInjector<'a>(pub(crate) &'a mut tonic::metadata::MetadataMap);

impl Injector for MetadataInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(key), Ok(value)) =
            (tonic::metadata::MetadataKey::from_bytes(key.as_bytes()), tonic::metadata::MetadataValue::try_from(value))
        {
            self.0.insert(key, value);
        }
    }
}

/// The current span's trace context as tonic metadata entries.
pub(crate) fn inject_metadata(metadata: &mut tonic::metadata::MetadataMap) {
    let context = tracing::Span::current().context();
    opentelemetry::global::get_text_map_propagator(|p| p.inject_context(&context, &mut MetadataInjector(metadata)));
}

/// The current span's trace context as a W3C `traceparent` value, when traces are on and
/// the span is in one.
#[must_use]
pub fn current_traceparent() -> Option<String> {
    use opentelemetry::trace::TraceContextExt;
    let context = tracing::Span::current().context();
    let span = context.span();
    let span_context = span.span_context();
    span_context.is_valid().then(|| {
        format!("00-{}-{}-{:02x}", span_context.trace_id(), span_context.span_id(), span_context.trace_flags().to_u8())
    })
}
