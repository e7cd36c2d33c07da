//! A GraphQL-over-HTTP client shared by the GraphQL backends.
//!
//! - [`wire`]: the request and response shapes and their pure handling (errors, logs).
//! - [`batch`]: operations issued within 10 ms travel as one JSON array of at most 10,
//!   with a fallback to single requests for servers that refuse arrays.
//! - [`client`]: the client: store cache, in-flight coalescing, then batch or single.

mod batch;
mod client;
pub mod wire;

pub use client::{BATCH_INTERVAL, BATCH_MAX, GraphQlClient, GraphQlConfig};

/// One named operation: its name (sent as `operationName`) and its full document,
/// fragments included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operation {
    pub name: &'static str,
    pub document: &'static str,
}

/// `pub const $const: Operation` named `$name`: the document `$dir$file` followed by each
/// `$fragment` of `fragments/`, all read from beside the module that invokes it (as
/// `include_str!` reads). A backend's `operations.rs` wraps it per folder (`queries/`,
/// `mutations/`).
macro_rules! operation_from_files {
    ($dir:literal, $const:ident, $name:literal, $file:literal $(, $fragment:literal)*) => {
        pub const $const: $crate::graphql::Operation = $crate::graphql::Operation {
            name: $name,
            document: concat!(
                include_str!(concat!($dir, $file))
                $(, "\n", include_str!(concat!("fragments/", $fragment)))*
            ),
        };
    };
}
pub(crate) use operation_from_files;
