//! Generated gRPC types and services of `proto/vitrine/v1`.
//!
//! The messages double as the normalised model (spec §3) and as the edge's JSON shapes,
//! which is why they derive serde (see `build.rs`).

#[allow(unreachable_pub, clippy::all, clippy::pedantic)]
pub mod v1 {
    tonic::include_proto!("vitrine.v1");
}
