//! The Magento (and Mage-OS) backend: GraphQL (spec §3, §5, §7).
//!
//! `queries/` and `fragments/` hold the documents (`mutations/` the cart's changes),
//! [`operations`] names them, [`models`] are the payloads, [`transform`] is pure,
//! [`driver`] sends then transforms; [`carts`] does so for the guest carts (issue 23),
//! [`checkout`] for their checkout (issue 26).

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
