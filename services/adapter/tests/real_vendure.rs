//! The real Vendure 3 server the test command runs (`scripts/real-vendure`, the
//! project's seed in `deploy/vendure/`): the conformance suite through the adapter over
//! real gRPC, down to an order whose code Vendure's own database holds.

use vitrine_domain::Driver;
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::conformance::{self, Browse, Carts, Case, Checkout, Fixture, Limited, variant_id};
use vitrine_testkit::real_vendure::RealVendure;

#[tokio::test(flavor = "multi_thread")]
async fn the_conformance_suite_on_the_real_server() {
    let Some(vendure) = RealVendure::from_env() else { return };
    let adapter = RunningAdapter::start(vendure.config()).await;
    let c = adapter.client();
    let tee = "/products/vitrine-tee";
    let hoodie = "/products/vitrine-hoodie";
    let fixture = Fixture {
        name: "vendure (real server)".into(),
        driver: Driver::Vendure,
        browse: Browse {
            menu: Case::Runs(()),
            category: "/collections/t-shirts".into(),
            product: tee.into(),
            missing: "/products/no-such-thing".into(),
            unpublished: Case::Runs("/products/vitrine-draft".into()),
            search: "tee".into(),
            content: Case::NotApplicable("Vendure's Shop API has no content pages"),
            variants: Case::Runs(()),
        },
        cart: Case::Runs(Carts {
            variant: variant_id(&c, Driver::Vendure, tee, "TEE-S-BLACK").await,
            other: variant_id(&c, Driver::Vendure, hoodie, "HOODIE-M").await,
            unknown_variant: "999999".into(),
            // A session token Vendure never gave (its own are 64 hexadecimal digits).
            unknown_cart: "0".repeat(64),
            limited: Case::Runs(Limited {
                variant: variant_id(&c, Driver::Vendure, hoodie, "HOODIE-S").await,
                available: 5,
                reduced: true,
            }),
            sold_out: Case::Runs(variant_id(&c, Driver::Vendure, tee, "TEE-L-WHITE").await),
        }),
        checkout: Case::Runs(Checkout {
            country: ("US".into(), String::new()),
            refused_country: "GB".into(),
            backoffice: Box::new(vendure.clone()),
        }),
    };
    conformance::run(c, &fixture).await.assert_all_ran();
}
