//! The Vendure backend: Vendure 3's Shop API over GraphQL (`{url}/shop-api`).

pub mod backend;
mod carts;
mod checkout;
pub mod config;
mod driver;
pub mod models;
pub mod operations;
pub mod transform;

pub use carts::VendureCarts;
pub use checkout::VendureCheckout;
pub use config::VendureConfig;
pub use driver::VendureDriver;
