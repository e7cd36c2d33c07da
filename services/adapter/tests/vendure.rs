//! The Vendure driver's documents against the Shop API schema the demo shop serves
//! (introspected from Vendure 3.7.3); the conformance suite runs the driver against the
//! demo shop (`tests/conformance.rs`) and the real server (`tests/real_vendure.rs`).

use std::sync::Arc;

use vitrine_adapter::vendure::{backend, operations};
use vitrine_domain::checkout::Refusal;
use vitrine_domain::{Backend, Driver};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::checkout::{AdapterCheckout, aborted, address, refused};
use vitrine_testkit::conformance::variant_id;
use vitrine_testkit::graphql::{load_schema, validate_document};
use vitrine_testkit::vendure::{self, SCHEMA};

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

#[tokio::test(flavor = "multi_thread")]
async fn a_declined_payment_is_a_refusal_and_the_cart_stays_to_pay_again() {
    let shop = Arc::new(vendure::start());
    let mut config = vitrine_adapter::Config::new(Backend::Vendure);
    config.set(Backend::Vendure, backend::URL, shop.url.clone());
    let adapter = RunningAdapter::start(config).await;
    let checkout = AdapterCheckout { client: adapter.client(), driver: Driver::Vendure };
    let tee = variant_id(&checkout.client, Driver::Vendure, "/products/vitrine-tee", "TEE-S-BLACK").await;
    let cart = checkout.cart(Some(&tee)).await;
    checkout.address(&cart, "ada@example.com", address("US", ""), None).await.expect("address");
    let option = checkout.options(&cart).await.expect("options")[0].id.clone();
    checkout.shipping(&cart, &option).await.expect("shipping");

    shop.decline_payments(true);
    assert_eq!(refused(checkout.place(&cart).await), aborted(Refusal::PaymentDeclined));
    assert!(shop.placed_codes().is_empty(), "no order is placed");
    let kept = checkout.checkout(&cart).await.expect("the cart is still there");
    assert_eq!(kept.cart.map(|c| c.lines.len()), Some(1), "with its line");

    shop.decline_payments(false);
    let order = checkout.place(&cart).await.expect("placed once the payment goes through");
    assert_eq!(shop.placed_codes(), std::slice::from_ref(&order.number));
    assert_eq!(shop.order(&order.number).map(|o| o["email"].clone()), Some("ada@example.com".into()));
}
