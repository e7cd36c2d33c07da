//! Compiles `vitrine/v1/*.proto` with protox (pure Rust), so no system `protoc` is needed.

/// The messages holding personal data (email, names, addresses, telephone): their
/// `Debug` is written by hand in `src/redact.rs`, so no `{:?}` can log what a shopper typed.
const REDACTED: [&str; 4] =
    [".vitrine.v1.Address", ".vitrine.v1.Checkout", ".vitrine.v1.CheckoutAddressRequest", ".vitrine.v1.Order"];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let files = [
        "vitrine/v1/model.proto",
        "vitrine/v1/cart.proto",
        "vitrine/v1/checkout.proto",
        "vitrine/v1/adapter.proto",
        "vitrine/v1/services.proto",
    ];
    for f in files {
        println!("cargo:rerun-if-changed={f}");
    }
    let descriptors = protox::compile(files, ["."])?;
    tonic_prost_build::configure()
        // The in-memory driver reads the mock backend's JSON straight into these messages
        // (absent fields take proto defaults). The edge's public JSON has its own types
        // (services/edge/src/dto.rs), so nothing here shapes the public API.
        // Messages only: the `Driver` enum travels as a number inside them.
        .message_attribute(".vitrine.v1", "#[derive(serde::Serialize, serde::Deserialize)]")
        .message_attribute(".vitrine.v1", "#[serde(default)]")
        // The spec's product: canonicalUrl is its one camelCase field.
        .field_attribute(".vitrine.v1.Product.canonical_url", "#[serde(rename = \"canonicalUrl\")]")
        // The messages holding personal data print none of it (`src/redact.rs`).
        .skip_debug(REDACTED)
        .compile_fds(descriptors)?;
    Ok(())
}
