//! The in-memory backend: the mock-data service's REST API under `/api`.
//!
//! The mock already answers products and menus in the normalised shape; [`models`] holds
//! its listing envelope, and [`transform`] the route-resolution rule the
//! reference ran in-process plus the listing paths and shapes.

pub mod backend;
mod carts;
mod checkout;
mod driver;
pub mod models;
pub mod transform;

pub use backend::MOCK_DATA_URL;
pub use carts::InMemoryCarts;
pub use checkout::InMemoryCheckout;
pub use driver::InMemoryDriver;
