//! The Magento (and Mage-OS) backend: GraphQL (spec §3, §5, §7).
//!
//! `queries/` and `fragments/` hold the documents, [`operations`] names them,
//! [`models`] are the payloads, [`transform`] is pure, [`driver`] sends then transforms.

pub mod backend;
pub mod config;
mod driver;
pub mod models;
pub mod operations;
pub mod transform;
pub mod variant_id;

pub use config::MagentoConfig;
pub use driver::MagentoDriver;
