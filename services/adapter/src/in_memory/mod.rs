//! The in-memory backend: the mock-data service's REST API under `/api` (spec §7).
//!
//! The mock already answers in the normalised shape, so [`models`] are the normalised
//! types; [`transform`] holds the route-resolution rule the reference ran in-process.

mod driver;
pub mod transform;

pub use driver::InMemoryDriver;
