//! The catalogue gRPC service: product rules and driver routing.
