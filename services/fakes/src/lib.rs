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

pub mod fake_store;
pub mod graphql;
pub mod introspection;
pub mod magento;
pub mod medusa;
pub mod shopify;
pub mod upstream;
pub mod vendure;

mod serving;
