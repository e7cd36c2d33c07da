//! Compiles `vitrine/v1/*.proto` with protox (pure Rust), so no system `protoc` is needed.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let files = ["vitrine/v1/model.proto", "vitrine/v1/adapter.proto", "vitrine/v1/services.proto"];
    for f in files {
        println!("cargo:rerun-if-changed={f}");
    }
    let descriptors = protox::compile(files, ["."])?;
    tonic_prost_build::configure()
        // The edge serialises these messages as its JSON API, and the in-memory driver reads
        // the mock backend's JSON straight into them; absent fields take proto defaults.
        // Messages only: the `Driver` enum travels as a number inside them.
        .message_attribute(".vitrine.v1", "#[derive(serde::Serialize, serde::Deserialize)]")
        .message_attribute(".vitrine.v1", "#[serde(default)]")
        // spec §3: canonicalUrl is the one camelCase field of the product.
        .field_attribute(".vitrine.v1.Product.canonical_url", "#[serde(rename = \"canonicalUrl\")]")
        .compile_fds(descriptors)?;
    Ok(())
}
