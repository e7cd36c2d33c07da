//! The Magento (and Mage-OS) backend: GraphQL.
//!
//! `queries/` and `fragments/` hold the documents (`mutations/` the cart's changes),
//! [`operations`] names them, [`models`] are the payloads, [`transform`] is pure,
//! [`driver`] sends then transforms; [`carts`] does so for the guest carts,
//! [`checkout`] for their checkout.

pub mod backend;
pub mod carts;
pub mod checkout;
pub mod config;
mod driver;
pub mod models;
pub mod operations;
pub mod transform;
pub mod variant_id;

pub use carts::MagentoCarts;
pub use checkout::MagentoCheckout;
pub use config::MagentoConfig;
pub use driver::MagentoDriver;
