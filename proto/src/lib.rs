//! Generated gRPC types and services of `proto/vitrine/v1`.
//!
//! The messages are the normalised model between services. They derive serde
//! for the mock backend's JSON (see `build.rs`); the edge's public JSON is its own types.
//! [`redact`]: `Debug` of the checkout messages, which hold personal data.

#[allow(unreachable_pub, clippy::all, clippy::pedantic)]
pub mod v1 {
    tonic::include_proto!("vitrine.v1");
}

mod redact;
