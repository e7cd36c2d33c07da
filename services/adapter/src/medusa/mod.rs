//! Medusa 2: the Store API over REST, `x-publishable-api-key` on every request.
//!
//! - `config`: the store's URL, key and optional region.
//! - `models`: the Store API's payloads, as far as the storefront reads them.
//! - `transform`: payloads → the normalised model, and the url rules (pure, table-tested).
//! - `driver`: the calls, over the cached REST client.
//! - `carts`: the cart calls, over the write path.
//! - `checkout`: a guest's checkout of a cart, over the write path.

pub mod backend;
mod carts;
mod checkout;
mod config;
mod driver;
pub mod models;
pub mod transform;

pub use carts::MedusaCarts;
pub use checkout::MedusaCheckout;
pub use config::{KEY_HEADER, MedusaConfig};
pub use driver::MedusaDriver;
