//! The Shopify backend: Storefront API 2025-01 over GraphQL.

pub mod backend;
mod carts;
pub mod config;
mod driver;
pub mod models;
pub mod operations;
pub mod transform;

pub use carts::ShopifyCarts;
pub use config::{CheckoutHosts, ShopifyConfig};
pub use driver::ShopifyDriver;
