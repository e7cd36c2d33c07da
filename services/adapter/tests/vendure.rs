//! The Vendure driver's documents against the Shop API schema the demo shop serves
//! (introspected from Vendure 3.7.3); the conformance suite runs the driver against the
//! demo shop (`tests/conformance.rs`) and the real server (`tests/real_vendure.rs`).

use vitrine_adapter::vendure::operations;
use vitrine_testkit::graphql::{load_schema, validate_document};
use vitrine_testkit::vendure::SCHEMA;

#[test]
fn every_vendure_document_validates_against_the_schema() {
    let schema = load_schema(SCHEMA, "vendure-shop-3.7.3.graphql");
    for op in operations::ALL {
        let errors = validate_document(&schema, op.document);
        assert!(errors.is_empty(), "{}: {errors:?}", op.name);
    }
    // The schema is Vendure's: a field it lacks is refused.
    assert!(!validate_document(&schema, "query Q { product(slug: \"x\") { handle } }").is_empty());
}
