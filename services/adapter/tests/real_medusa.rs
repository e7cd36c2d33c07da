//! The real Medusa 2 server the test command runs (`scripts/real-medusa`, the project's
//! seed in `deploy/medusa/`): the conformance suite through the adapter over real gRPC,
//! down to an order whose number Medusa's own database holds.

use vitrine_domain::Driver;
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::conformance::{self, Browse, Carts, Case, Checkout, Fixture, Limited, variant_id};
use vitrine_testkit::real_medusa::RealMedusa;

#[tokio::test(flavor = "multi_thread")]
async fn the_conformance_suite_on_the_real_server() {
    let Some(medusa) = RealMedusa::from_env() else { return };
    let adapter = RunningAdapter::start(medusa.config()).await;
    let c = adapter.client();
    let tee = "/products/vitrine-tee";
    let hoodie = "/products/vitrine-hoodie";
    let fixture = Fixture {
        name: "medusa (real server)".into(),
        driver: Driver::Medusa,
        browse: Browse {
            menu: Case::Runs(()),
            category: "/categories/clothing/tops/t-shirts".into(),
            product: tee.into(),
            missing: "/products/no-such-thing".into(),
            search: "tee".into(),
            content: Case::NotApplicable("Medusa's Store API has no content pages"),
            variants: Case::Runs(()),
        },
        cart: Case::Runs(Carts {
            variant: variant_id(&c, Driver::Medusa, tee, "TEE-S-BLACK").await,
            other: variant_id(&c, Driver::Medusa, hoodie, "HOODIE-M").await,
            unknown_variant: "variant_01NOSUCHVARIANT0000000".into(),
            unknown_cart: "cart_01NEVERISSUED000000000000".into(),
            limited: Case::Runs(Limited {
                variant: variant_id(&c, Driver::Medusa, hoodie, "HOODIE-S").await,
                available: 5,
                reduced: false,
            }),
            sold_out: Case::Runs(variant_id(&c, Driver::Medusa, tee, "TEE-L-WHITE").await),
        }),
        checkout: Case::Runs(Checkout {
            country: ("US".into(), String::new()),
            refused_country: "GB".into(),
            backoffice: Box::new(medusa.clone()),
        }),
    };
    conformance::run(c, &fixture).await.assert_all_ran();
}
