//! The crates' floors: production code links no demo shop. `vitrine-fakes` (the demo
//! shops and their fake servers) stands above the adapter; only the binary, whose `vitrine
//! all` serves them, and the test kit depend on it. Read from each crate's manifest: its
//! `[dependencies]`, not its `[dev-dependencies]`.

use std::path::Path;

/// The crates whose production code may link the demo shops.
const MAY_LINK_FAKES: [&str; 2] = ["vitrine", "vitrine-testkit"];

/// The names in `manifest`'s `[dependencies]` section.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut inside = false;
    let mut names = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside
            && !line.starts_with('#')
            && let Some((name, _)) = line.split_once(['=', '.'])
        {
            names.push(name.trim().to_owned());
        }
    }
    names
}

fn package_name(manifest: &str) -> Option<String> {
    manifest.lines().find_map(|l| l.trim().strip_prefix("name = ").map(|n| n.trim_matches('"').to_owned()))
}

#[test]
fn only_the_binary_and_the_test_kit_link_the_demo_shops() {
    let services = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let mut linking = Vec::new();
    for entry in std::fs::read_dir(services).expect("services").flatten() {
        let Ok(manifest) = std::fs::read_to_string(entry.path().join("Cargo.toml")) else { continue };
        let name = package_name(&manifest).unwrap_or_default();
        if dependencies(&manifest).iter().any(|d| d == "vitrine-fakes") {
            linking.push(name);
        }
    }
    linking.sort();
    assert_eq!(linking, MAY_LINK_FAKES, "the crates whose production code links vitrine-fakes");
}

#[test]
fn a_manifest_s_dependencies_are_read_apart_from_its_dev_dependencies() {
    let manifest = "[package]\nname = \"x\"\n\n[dependencies]\n# why\nvitrine-domain.workspace = true\nserde = \"1\"\n\n\
                    [dev-dependencies]\nvitrine-fakes.workspace = true\n";
    assert_eq!(dependencies(manifest), ["vitrine-domain", "serde"]);
    assert_eq!(package_name(manifest).as_deref(), Some("x"));
}
