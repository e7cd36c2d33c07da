//! The offline demo shops: local servers that speak each backend's real protocol, so
//! every driver of `vitrine all` works without a network, and the tests drive the
//! adapters against the same servers (product code, not test harness: STYLE habit 11).
//! Error-path extras (broken routes) live in the test kit, on top of these.
//!
//! - [`graphql`]: a GraphQL server validating every document against a schema.
//! - [`introspection`]: an introspection result turned into SDL (Shopify's schema).
//! - [`magento`]: a small Magento catalogue behind that server.
//! - [`shopify`]: a small Shopify shop behind that server.
//! - [`fake_store`]: a fake-store REST server.
//! - [`medusa`]: a Medusa 2 store behind the Store API, checked against its OpenAPI
//!   document (`medusa::openapi`).
//! - [`vendure`]: a Vendure 3 shop behind the GraphQL server, the real server's seed.
//! - [`upstream`]: the canned-route HTTP server the fake store runs on.
//! - [`demo`]: a running demo shop with its settings; [`DEMO_SHOPS`] has each backend's.
//!
//! This crate stands above the adapter (it names the adapter's settings); the adapter
//! links no demo shop.

pub mod demo;
pub mod fake_store;
pub mod graphql;
pub mod introspection;
pub mod magento;
pub mod medusa;
pub mod shopify;
pub mod upstream;
pub mod vendure;

mod serving;

pub use demo::DemoShop;

/// Starts a demo shop.
pub type StartDemo = fn() -> DemoShop;

/// Each backend's demo shop, as `vitrine all` starts one for a backend left without
/// settings (in-memory's shop is mock-data, a service of its own).
pub static DEMO_SHOPS: &[(vitrine_domain::Backend, StartDemo)] = &[
    (vitrine_domain::Backend::Fake, fake_store::demo),
    (vitrine_domain::Backend::Magento, magento::demo),
    (vitrine_domain::Backend::Shopify, shopify::demo),
    (vitrine_domain::Backend::Medusa, medusa::demo),
    (vitrine_domain::Backend::Vendure, vendure::demo),
];

/// `backend`'s demo shop, if it has one.
#[must_use]
pub fn demo_shop(backend: vitrine_domain::Backend) -> Option<StartDemo> {
    DEMO_SHOPS.iter().find(|(b, _)| *b == backend).map(|(_, start)| *start)
}
