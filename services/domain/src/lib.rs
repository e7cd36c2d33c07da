//! Backend-independent rules of the storefront. Pure: no I/O, no async.
//!
//! - [`checkout`]: the checkout's fields, steps and refusals.
//! - [`driver`]: the debug bar's driver values and which adapter serves each.
//! - [`error`]: `DriverError`, its gRPC status and user text, mapped once.
//! - [`faults`]: latency and faults a visitor injects into one backend's calls.
//! - [`navigation`]: menu depth and breadcrumb order.
//! - [`route`]: route result classification and the failed result.
//! - [`paths`]: URL path normalisation and the spec's route shapes.
//! - [`listing`]: category and search listings: page size, bounds, paging.
//! - [`money`]: amounts in minor units: read from a backend's form once, written once.
//! - [`cache`]: named upstream cache policies and their store keys.
//! - [`variants`]: the one variant of a product sold as it is.
//! - [`wire`]: `Driver` to and from the proto enum that carries it between services.

pub mod cache;
pub mod cart;
pub mod checkout;
pub mod driver;
pub mod error;
pub mod faults;
pub mod listing;
pub mod money;
pub mod navigation;
pub mod paths;
pub mod route;
pub mod variants;
pub mod wire;

pub use driver::{Backend, Driver};
pub use error::DriverError;
pub use vitrine_proto::v1 as model;
