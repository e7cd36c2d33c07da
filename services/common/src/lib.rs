//! Shared plumbing for every Vitrine service.
//!
//! - [`store`]: the `Store` trait with its Redis and embedded implementations.
//! - [`adapters`]: gRPC clients of the per-driver adapters, looked up by backend.
//! - [`grpc`]: serving a tonic router with the standard health service and shutdown.
//! - [`telemetry`]: logs, trace export and W3C trace context propagation.
//! - [`request_span`]: the span of each HTTP request, by route (never the raw path).
//! - [`metrics`]: the process-wide Prometheus registry and the metrics port.
//! - [`shutdown`]: the token every server watches for SIGINT/SIGTERM.
//! - [`hop`]: what travels with a request between hops (its injected faults), and `spawn`.
//! - [`running`]: keys with something running under them, one at a time each.
//! - [`timing`]: what a request cost, hop by hop (`Server-Timing` entries).
//! - [`clock`]: wall-clock instants in the unit the services compare (ms since the epoch).

pub mod adapters;
pub mod clock;
pub mod grpc;
pub mod hop;
pub mod metrics;
pub mod request_span;
pub mod running;
pub mod shutdown;
pub mod store;
pub mod telemetry;
pub mod timing;

pub use shutdown::Shutdown;
pub use store::{SharedStore, Store, StoreError};
