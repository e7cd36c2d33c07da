//! An OTLP trace receiver: the collector's gRPC `TraceService` on a free loopback port,
//! keeping every span it is sent, flattened for assertions. Services under test export
//! to it exactly as they would to Jaeger (`OTEL_EXPORTER_OTLP_ENDPOINT`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{TraceService, TraceServiceServer};
use opentelemetry_proto::tonic::collector::trace::v1::{ExportTraceServiceRequest, ExportTraceServiceResponse};
use opentelemetry_proto::tonic::common::v1::{AnyValue, KeyValue, any_value};
use tonic::{Request, Response, Status};
use vitrine_common::Shutdown;

/// One received span, with its resource's `service.name`.
#[derive(Debug, Clone)]
pub struct ReceivedSpan {
    pub service: String,
    pub name: String,
    /// Lower-case hex, as `traceparent` writes it.
    pub trace_id: String,
    pub span_id: String,
    pub parent_span_id: String,
    pub duration: Duration,
    pub attributes: HashMap<String, String>,
}

impl ReceivedSpan {
    #[must_use]
    pub fn attr(&self, key: &str) -> Option<&str> {
        self.attributes.get(key).map(String::as_str)
    }
}

type Spans = Arc<Mutex<Vec<ReceivedSpan>>>;

pub struct OtlpReceiver {
    /// What `OTEL_EXPORTER_OTLP_ENDPOINT` should say.
    pub endpoint: String,
    spans: Spans,
    shutdown: Shutdown,
}

struct Collector {
    spans: Spans,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn text(value: Option<&AnyValue>) -> String {
    match value.and_then(|v| v.value.as_ref()) {
        Some(any_value::Value::StringValue(s)) => s.clone(),
        Some(any_value::Value::IntValue(i)) => i.to_string(),
        Some(any_value::Value::DoubleValue(d)) => d.to_string(),
        Some(any_value::Value::BoolValue(b)) => b.to_string(),
        Some(other) => format!("{other:?}"),
        None => String::new(),
    }
}

fn attributes(list: &[KeyValue]) -> HashMap<String, String> {
    list.iter().map(|kv| (kv.key.clone(), text(kv.value.as_ref()))).collect()
}

#[tonic::async_trait]
impl TraceService for Collector {
    async fn export(
        &self,
        request: Request<ExportTraceServiceRequest>,
    ) -> Result<Response<ExportTraceServiceResponse>, Status> {
        let mut received = Vec::new();
        for resource_spans in request.into_inner().resource_spans {
            let resource = resource_spans.resource.map(|r| attributes(&r.attributes)).unwrap_or_default();
            let service = resource.get("service.name").cloned().unwrap_or_default();
            for span in resource_spans.scope_spans.into_iter().flat_map(|s| s.spans) {
                received.push(ReceivedSpan {
                    service: service.clone(),
                    name: span.name,
                    trace_id: hex(&span.trace_id),
                    span_id: hex(&span.span_id),
                    parent_span_id: hex(&span.parent_span_id),
                    duration: Duration::from_nanos(span.end_time_unix_nano.saturating_sub(span.start_time_unix_nano)),
                    attributes: attributes(&span.attributes),
                });
            }
        }
        self.spans.lock().unwrap_or_else(std::sync::PoisonError::into_inner).extend(received);
        Ok(Response::new(ExportTraceServiceResponse { partial_success: None }))
    }
}

impl OtlpReceiver {
    /// # Panics
    /// When no loopback port can be bound.
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind loopback");
        let endpoint = format!("http://{}", listener.local_addr().expect("addr"));
        let spans = Spans::default();
        let shutdown = Shutdown::new();
        let router =
            vitrine_common::grpc::server().add_service(TraceServiceServer::new(Collector { spans: spans.clone() }));
        tokio::spawn(vitrine_common::grpc::serve(router, listener, shutdown.clone()));
        Self { endpoint, spans, shutdown }
    }

    /// Every span received so far.
    #[must_use]
    pub fn spans(&self) -> Vec<ReceivedSpan> {
        self.spans.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// The spans of one trace.
    #[must_use]
    pub fn trace(&self, trace_id: &str) -> Vec<ReceivedSpan> {
        self.spans().into_iter().filter(|s| s.trace_id == trace_id).collect()
    }
}

impl Drop for OtlpReceiver {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}
