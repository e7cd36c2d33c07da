//! The per-driver adapter gRPC service: speaks each backend's protocol and normalises it.
