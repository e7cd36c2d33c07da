//! The fake-store backend (driver value `fake`): a public fake-store REST API,
//! `GET /products` and `GET /products/{id}`. Its navigation is the
//! in-memory tree, chosen by the navigation service, not here.

pub mod backend;
mod carts;
mod driver;
pub mod models;
pub mod transform;

pub use carts::FakeStoreCarts;
pub use driver::FakeStoreDriver;
