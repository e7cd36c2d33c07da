//! The demo's fake store ([`vitrine_fakes::fake_store`]) with broken answers added for the
//! error paths: `/products/500` (HTTP 500) and `/products/777` (not JSON).

pub use vitrine_fakes::fake_store::{routes, unknown};
use vitrine_fakes::upstream::{Canned, HttpUpstream};

/// Starts the store with its broken routes.
#[must_use]
pub fn start() -> HttpUpstream {
    HttpUpstream::start_with(
        |base| {
            let mut routes = routes(base);
            routes.insert(
                "/products/500".into(),
                Canned { status: 500, content_type: "text/plain", body: b"boom".to_vec() },
            );
            routes.insert(
                "/products/777".into(),
                Canned { status: 200, content_type: "text/html", body: b"<html>oops</html>".to_vec() },
            );
            routes
        },
        Some(unknown()),
    )
}
