use serde::Deserialize;
use serde_json::Value;

use super::*;

/// The table's examples, as the SPA's test reads them too.
pub(crate) fn examples() -> Value {
    let table: Value = serde_json::from_str(SOURCE).expect("the address table is JSON");
    table["examples"].clone()
}

#[test]
fn the_table_reads() {
    assert_eq!(check(), Ok(()));
    let table = table();
    assert_eq!((table.page_param(), table.sort_param()), ("page", "sort"));
    assert_eq!((table.image_box(ImageBox::Product), table.image_box(ImageBox::Card)), (560, 240));
}

#[test]
fn components_are_encoded_as_encode_uri_component_does() {
    for (text, expected) in [
        ("/1001", "%2F1001"),
        ("a b&c=d", "a%20b%26c%3Dd"),
        ("-_.!~*'()", "-_.!~*'()"),
        ("café/é", "caf%C3%A9%2F%C3%A9"),
        ("<script>", "%3Cscript%3E"),
    ] {
        assert_eq!(encode_component(text), expected, "{text}");
    }
}

#[derive(Deserialize)]
struct ImageExample {
    src: String,
    #[serde(rename = "box")]
    image_box: String,
    img: Img,
}

#[derive(Deserialize)]
struct Img {
    src: String,
    srcset: String,
    sizes: String,
}

#[test]
fn the_image_examples_are_the_edge_s() {
    let examples: Vec<ImageExample> = serde_json::from_value(examples()["images"].clone()).expect("image examples");
    assert!(!examples.is_empty());
    for example in examples {
        let image_box = match example.image_box.as_str() {
            "product" => ImageBox::Product,
            "card" => ImageBox::Card,
            other => panic!("no box {other}"),
        };
        let (src, srcset, sizes) = table().image_sources(&example.src, image_box);
        let expected = (example.img.src.as_str(), example.img.srcset.as_str(), example.img.sizes.as_str());
        assert_eq!((src.as_str(), srcset.as_str(), sizes), expected, "{} in a {} box", example.src, example.image_box);
    }
}

#[test]
fn a_malformed_table_is_refused_saying_where() {
    let table: Value = serde_json::from_str(SOURCE).expect("json");
    let with = |pointer: &str, value: Value| {
        let mut changed = table.clone();
        *changed.pointer_mut(pointer).expect(pointer) = value;
        Table::parse(&changed.to_string()).expect_err(pointer)
    };
    assert!(with("/images/sizes", "100vw".into()).contains("images.sizes"));
    assert!(with("/images/url", "/img?w={width}".into()).contains("images.url"));
    assert!(with("/listing/sort/default", "cheapest".into()).contains("listing.sort.default"));
    assert!(with("/own/order/canonical", Value::Null).contains("own.order"));
    assert!(with("/keyed/page/prefix", "/api/page".into()).contains("keyed.page.prefix"));
    assert!(with("/keyed/searchHead/withoutWords", Value::Null).contains("withoutWords"));
    assert!(with("/keys/driver", 7.into()).contains("invalid type"));
    assert!(Table::parse("{}").is_err() && Table::parse("").is_err());
}

#[test]
fn the_image_builds_the_edge_with_the_table() {
    // The edge's image (the repository's Dockerfile) builds the binary from its sources
    // and the table they include: the table is copied in before `cargo build`.
    let dockerfile =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Dockerfile")).expect("Dockerfile");
    let stage = dockerfile.split("FROM ").find(|s| s.contains("cargo build")).expect("the binary's stage");
    let copied = stage.find("COPY frontend/src/api/addresses.json frontend/src/api/addresses.json");
    let built = stage.find("RUN cargo build");
    assert!(
        copied.is_some_and(|c| built.is_some_and(|b| c < b)),
        "the binary's stage copies the address table first:\n{stage}"
    );
}
