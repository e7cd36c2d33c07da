//! The document's small truths: the route kind is an enum, and every bound and width is
//! the constant the code checks against.

use serde_json::{Value, json};

use super::bounds::{BOUNDS, Bound, IMAGE_WIDTH, properties};
use super::document;
use crate::image_widths;

fn doc() -> Value {
    serde_json::from_str(&document()).expect("json")
}

/// Every `(route, parameter)` whose schema is inline, with that schema.
fn parameters(doc: &Value) -> Vec<(String, String, Value)> {
    let mut found = Vec::new();
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        for operation in item.as_object().into_iter().flatten().map(|(_, o)| o) {
            for p in operation["parameters"].as_array().into_iter().flatten() {
                let name = p["name"].as_str().unwrap_or_default().to_owned();
                found.push((path.clone(), name, p["schema"].clone()));
            }
        }
    }
    found
}

#[test]
fn the_route_kind_is_an_enum_of_the_wire_words() {
    let doc = doc();
    let kind = &doc["components"]["schemas"]["Resolution"]["properties"]["type"];
    assert!(kind.to_string().contains("#/components/schemas/RouteKind"), "{kind}");
    assert_eq!(doc["components"]["schemas"]["RouteKind"]["enum"], json!(["PRODUCT", "CATEGORY", "CMS_PAGE"]));
}

#[test]
fn every_bounded_parameter_carries_its_bound_on_every_route() {
    let params = parameters(&doc());
    for (name, bound) in BOUNDS {
        let bounded: Vec<_> = params.iter().filter(|(_, n, _)| n == name).collect();
        assert!(!bounded.is_empty(), "no route takes {name}");
        for (path, _, schema) in bounded {
            let limits = (&schema["maxLength"], &schema["minimum"], &schema["maximum"]);
            match bound {
                Bound::Length(max) => assert_eq!(limits, (&json!(max), &Value::Null, &Value::Null), "{path} {name}"),
                Bound::Whole(min, max) => assert_eq!(limits, (&Value::Null, &json!(min), &json!(max)), "{path} {name}"),
                Bound::Chars(..) => panic!("{path} {name}: parameters are bounded by length or value"),
            }
        }
    }
}

#[test]
fn the_bounds_are_issue_10_s() {
    use Bound::{Length, Whole};
    // Pages 1–1000, queries of at most 200 characters; lookups and lists as before.
    assert_eq!(BOUNDS, [("url", Length(2048)), ("q", Length(200)), ("page", Whole(1, 1000)), ("limit", Whole(0, 100))]);
}

#[test]
fn the_image_widths_are_the_image_service_s() {
    let widths = &doc()["components"]["schemas"][IMAGE_WIDTH];
    assert_eq!(widths["type"], "integer");
    assert_eq!(widths["enum"], json!(image_widths::WIDTHS));
}

#[test]
fn every_bounded_property_carries_its_bound() {
    let doc = doc();
    for (name, property, bound) in properties() {
        let schema = &doc["components"]["schemas"][name]["properties"][property];
        let limits = (&schema["minLength"], &schema["maxLength"], &schema["minimum"], &schema["maximum"]);
        let null = &Value::Null;
        match bound {
            Bound::Length(max) => assert_eq!(limits, (null, &json!(max), null, null), "{name}.{property}"),
            Bound::Chars(min, max) => assert_eq!(limits, (&json!(min), &json!(max), null, null), "{name}.{property}"),
            Bound::Whole(min, max) => assert_eq!(limits, (null, null, &json!(min), &json!(max)), "{name}.{property}"),
        }
    }
}

#[test]
fn the_bodies_bounds_are_the_cart_s_and_the_checkout_s() {
    use Bound::{Chars, Length, Whole};
    assert_eq!(
        properties(),
        [
            ("FaultsSetting", "latency_ms", Whole(0, 5000)),
            ("AddLine", "quantity", Whole(1, 99)),
            ("LineQuantity", "quantity", Whole(1, 99)),
            ("AddressStep", "email", Length(254)),
            ("Address", "first_name", Length(50)),
            ("Address", "last_name", Length(50)),
            ("Address", "street", Length(100)),
            ("Address", "city", Length(50)),
            ("Address", "postal_code", Chars(2, 12)),
            ("Address", "telephone", Length(20)),
        ]
    );
}
