//! The url-resolution gRPC service: route classification (spec §4) and driver routing.
