//! The navigation gRPC service: menu rules and driver routing.
