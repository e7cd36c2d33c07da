//! Backend-independent rules of the storefront. Pure: no I/O, no async.
//!
//! - [`checkout`]: the checkout's fields, steps and refusals (issue 26).
//! - [`driver`]: the debug bar's driver values and which adapter serves each (spec §4).
//! - [`error`]: `DriverError`, its gRPC status and user text, mapped once (spec §8).
//! - [`faults`]: latency and faults a visitor injects into one backend's calls (issue 24).
//! - [`navigation`]: menu depth and breadcrumb order (spec §5, §9).
//! - [`route`]: route result classification and the failed result (spec §3, §4).
//! - [`paths`]: URL path normalisation and the route shapes of spec §2.
//! - [`listing`]: category and search listings: page size, bounds, paging.
//! - [`cache`]: named upstream cache policies and their store keys.
//! - [`variants`]: the one variant of a product sold as it is (issue 22).
//! - [`wire`]: `Driver` to and from the proto enum that carries it between services.

pub mod cache;
pub mod cart;
pub mod checkout;
pub mod driver;
pub mod error;
pub mod faults;
pub mod listing;
pub mod navigation;
pub mod paths;
pub mod route;
pub mod variants;
pub mod wire;

pub use driver::{Backend, Driver};
pub use error::DriverError;
pub use vitrine_proto::v1 as model;
