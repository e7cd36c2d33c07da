//! The Vendure shop the tests share. The demo shop (`vitrine_fakes::vendure`, re-exported
//! here) and the real server (`scripts/real-vendure`) hold the same seed, so one
//! conformance fixture serves both ([`fixture`]); only how an order is read back differs.

use std::sync::Arc;

use vitrine_common::grpc::GrpcChannel;
use vitrine_domain::Driver;
use vitrine_proto::v1::adapter_client::AdapterClient;

use crate::conformance::{Answer, Backoffice, Browse, Carts, Case, Checkout, Fixture, Limited, variant_id};
pub use vitrine_fakes::vendure::{SCHEMA, VendureShop, start};

/// The conformance fixture for the seed (`services/fakes/fixtures/vendure`): its
/// variants' ids read through the adapter, by SKU.
pub async fn fixture(name: &str, client: &AdapterClient<GrpcChannel>, backoffice: Box<dyn Backoffice>) -> Fixture {
    let (tee, hoodie) = ("/products/vitrine-tee", "/products/vitrine-hoodie");
    Fixture {
        name: name.into(),
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
            variant: variant_id(client, Driver::Vendure, tee, "TEE-S-BLACK").await,
            other: variant_id(client, Driver::Vendure, hoodie, "HOODIE-M").await,
            unknown_variant: "999999".into(),
            // A session token Vendure never gave (its own are 64 hexadecimal digits).
            unknown_cart: "0".repeat(64),
            limited: Case::Runs(Limited {
                variant: variant_id(client, Driver::Vendure, hoodie, "HOODIE-S").await,
                available: 5,
                reduced: true,
            }),
            sold_out: Case::Runs(variant_id(client, Driver::Vendure, tee, "TEE-L-WHITE").await),
        }),
        checkout: Case::Runs(Checkout {
            country: ("US".into(), String::new()),
            refused_country: "GB".into(),
            backoffice,
        }),
    }
}

/// The demo shop's own record of its orders, by code.
pub struct DemoOrders(pub Arc<VendureShop>);

impl Backoffice for DemoOrders {
    fn order_email<'a>(&'a self, number: &'a str) -> Answer<'a, Option<String>> {
        let email = self.0.order(number).and_then(|o| o["email"].as_str().map(str::to_owned));
        Box::pin(async move { Ok(email) })
    }

    fn orders_with<'a>(&'a self, email: &'a str) -> Answer<'a, usize> {
        let count = self
            .0
            .placed_codes()
            .iter()
            .filter_map(|code| self.0.order(code))
            .filter(|o| o["email"].as_str() == Some(email))
            .count();
        Box::pin(async move { Ok(count) })
    }
}
