//! Serving and reaching gRPC services the same way everywhere: every server records its
//! calls (span + metrics, [`telemetry`]), every client passes the trace context on.

pub mod balance;
mod telemetry;

use std::time::Duration;

use tokio::net::TcpListener;
use tokio_stream::wrappers::TcpListenerStream;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Server;
use tower::layer::util::{Identity, Stack};

pub use self::balance::{Balanced, TargetError};
pub use self::telemetry::{HopChannel, InjectTraceContext, ServerTelemetryLayer};
use crate::Shutdown;

/// How long a gRPC call between services may take before it fails with DEADLINE_EXCEEDED.
/// Upstream timeouts are shorter (see the adapter's config), so this only trips on a hung hop.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(15);

/// What every client of another service holds: a channel that carries the caller's
/// trace context and injected faults in each call's metadata, and brings back what the
/// call cost.
pub type GrpcChannel = HopChannel<InterceptedService<Balanced, InjectTraceContext>>;

/// A server builder with the telemetry layer every Vitrine gRPC server has.
pub type GrpcServer = Server<Stack<ServerTelemetryLayer, Identity>>;

/// What [`serve`] runs: a [`GrpcServer`] with its services added.
pub type GrpcRouter = tonic::transport::server::Router<Stack<ServerTelemetryLayer, Identity>>;

/// A channel to `target` that connects on first use, so services can start in any
/// order and a restarted peer is reconnected to without restarting the caller. The
/// target is one `http://host:port` or several, comma-separated; calls are balanced
/// over every address each host resolves to ([`balance`]).
///
/// # Errors
/// When `target` is not a list of `http://host:port` addresses.
pub fn lazy_channel(target: &str) -> Result<GrpcChannel, TargetError> {
    Ok(HopChannel::new(InterceptedService::new(Balanced::new(target)?, InjectTraceContext)))
}

/// The server builder every service starts from.
#[must_use]
pub fn server() -> GrpcServer {
    Server::builder().layer(ServerTelemetryLayer)
}

/// Serves `router` on `listener` until `shutdown` is cancelled, then drains in-flight calls.
///
/// # Errors
/// When the transport fails.
pub async fn serve(router: GrpcRouter, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    use tokio_stream::StreamExt;
    // No Nagle on the answers: a larger answer goes out in several writes (headers, data,
    // trailers), and Nagle held each later one until the caller's delayed ACK, some 40 ms
    // (the Timings panel showed a category page's hop at 44 ms over an adapter's 1 ms).
    // The builder's `tcp_nodelay` applies only to listeners it binds itself.
    let incoming = TcpListenerStream::new(listener).map(|stream| {
        if let Ok(stream) = &stream
            && let Err(e) = stream.set_nodelay(true)
        {
            tracing::warn!(error = %e, "TCP_NODELAY could not be set");
        }
        stream
    });
    router.serve_with_incoming_shutdown(incoming, shutdown.cancelled_owned()).await?;
    Ok(())
}

/// Whether `service` ("" for the whole server) answers SERVING on `channel` within
/// `within`: the edge's readiness and `vitrine probe` ask the same question.
pub async fn is_serving(channel: GrpcChannel, service: &str, within: Duration) -> bool {
    use tonic_health::pb::health_check_response::ServingStatus;
    let mut client = tonic_health::pb::health_client::HealthClient::new(channel);
    let request = tonic_health::pb::HealthCheckRequest { service: service.to_owned() };
    matches!(
        tokio::time::timeout(within, client.check(request)).await,
        Ok(Ok(r)) if r.get_ref().status == ServingStatus::Serving as i32
    )
}

/// The standard `grpc.health.v1.Health` service, with `service_name` and the whole server
/// reported SERVING.
pub async fn health_service(
    service_name: &str,
) -> tonic_health::pb::health_server::HealthServer<impl tonic_health::pb::health_server::Health> {
    let (reporter, service) = tonic_health::server::health_reporter();
    reporter.set_service_status(service_name, tonic_health::ServingStatus::Serving).await;
    reporter.set_service_status("", tonic_health::ServingStatus::Serving).await;
    service
}
