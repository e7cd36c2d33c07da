//! The backend conformance suite (`vitrine_testkit::conformance`) on every backend's
//! adapter over real gRPC: each demo shop here, and the real Medusa 2 server where the
//! test command runs one (`tests/real_medusa.rs`). Each test names what of its shop the
//! scenarios use, and how to read the shop's own record of an order.

use std::time::Duration;

use serde_json::Value;
use vitrine_adapter::medusa::backend as medusa_settings;
use vitrine_adapter::shopify::backend as shopify_settings;
use vitrine_domain::{Backend, Driver};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::conformance::{
    self, Answer, Backoffice, Browse, Carts, Case, Checkout, Fixture, Limited, variant_id,
};
use vitrine_testkit::magento::{self, MagentoShop};
use vitrine_testkit::medusa::{self, DEMO_KEY, MedusaShop};
use vitrine_testkit::mock::{MockDataConfig, MockDataServer};
use vitrine_testkit::shopify::{self, carts::STOCK};

/// The email of `record` (a JSON order), as each shop keeps it.
fn email_of(record: Option<Value>) -> Option<String> {
    record.and_then(|r| r["email"].as_str().map(str::to_owned))
}

#[tokio::test(flavor = "multi_thread")]
async fn in_memory() {
    /// The back office's token here: the public answer to an order holds no email.
    const BACKOFFICE: &str = "conformance-back-office-token";
    let config = MockDataConfig {
        delay: Duration::ZERO,
        backoffice_token: Some(BACKOFFICE.into()),
        ..MockDataConfig::default()
    };
    let mock = MockDataServer::start(config).await;
    let adapter = RunningAdapter::start(vitrine_adapter::Config::for_test(Backend::InMemory, &mock.url)).await;

    /// mock-data's orders, read in its back office (numbered `M-100001` on).
    struct Mock(String);
    impl Mock {
        async fn order(&self, number: &str) -> anyhow::Result<Option<String>> {
            let url = format!("{}/_backoffice/orders/{number}", self.0);
            let answer = reqwest::Client::new().get(url).bearer_auth(BACKOFFICE).send().await?;
            if answer.status() == reqwest::StatusCode::NOT_FOUND {
                return Ok(None);
            }
            Ok(email_of(Some(answer.error_for_status()?.json().await?)))
        }
    }
    impl Backoffice for Mock {
        fn order_email<'a>(&'a self, number: &'a str) -> Answer<'a, Option<String>> {
            Box::pin(self.order(number))
        }
        fn orders_with<'a>(&'a self, email: &'a str) -> Answer<'a, usize> {
            Box::pin(async move {
                let mut count = 0;
                for n in 100_001.. {
                    match self.order(&format!("M-{n}")).await? {
                        None => return Ok(count),
                        Some(e) => count += usize::from(e == email),
                    }
                }
                Ok(count)
            })
        }
    }

    let fixture = Fixture {
        name: "in-memory".into(),
        driver: Driver::InMemory,
        browse: Browse {
            menu: Case::Runs(()),
            category: "/computers".into(),
            product: "/1001".into(),
            missing: "/no-such-thing".into(),
            unpublished: Case::NotApplicable("the in-memory shop sells every product it holds"),
            search: "aluminum".into(),
            content: Case::Runs("/pages/shipping-and-returns".into()),
            variants: Case::Runs(()),
        },
        cart: Case::Runs(Carts {
            variant: "1001-L-Black".into(),
            other: "1002".into(),
            unknown_variant: "9999-XL-Plaid".into(),
            unknown_cart: "no-such-cart".into(),
            limited: Case::NotApplicable("the in-memory shop says in stock or not, never how many"),
            sold_out: Case::NotApplicable("the in-memory shop says in stock or not, never how many"),
        }),
        checkout: Case::Runs(Checkout {
            country: ("US".into(), "IL".into()),
            refused_country: "BR".into(),
            backoffice: Box::new(Mock(mock.url.clone())),
        }),
    };
    conformance::run(adapter.client(), &fixture).await.assert_all_ran();
}

#[tokio::test(flavor = "multi_thread")]
async fn fake_store() {
    let shop = vitrine_testkit::fake_store::start();
    let mut config = vitrine_adapter::Config::new(Backend::Fake);
    config.set(Backend::Fake, vitrine_adapter::fake_store::backend::URL, shop.url.clone());
    let adapter = RunningAdapter::start(config).await;
    let fixture = Fixture {
        name: "fake".into(),
        driver: Driver::Fake,
        browse: Browse {
            menu: Case::NotApplicable(
                "the fake store's menu is in-memory's: the navigation service never asks its adapter",
            ),
            category: "/category/men-s-clothing".into(),
            product: "/product/1".into(),
            missing: "/product/99".into(),
            unpublished: Case::NotApplicable("the fake-store API lists every product it holds"),
            search: "backpack".into(),
            content: Case::NotApplicable("the fake store has no content pages"),
            variants: Case::NotApplicable("the fake store sells each product as it is"),
        },
        cart: Case::Runs(Carts {
            variant: "1".into(),
            other: "2".into(),
            unknown_variant: "9999".into(),
            unknown_cart: "no-such-cart".into(),
            limited: Case::NotApplicable("the fake store counts no stock"),
            sold_out: Case::NotApplicable("the fake store counts no stock"),
        }),
        checkout: Case::NotApplicable("the fake store has no checkout"),
    };
    conformance::run(adapter.client(), &fixture).await.assert_all_ran();
}

/// A demo shop's orders, numbered from 1 in the shop's own format.
struct Numbered<F: Fn(usize) -> Option<Value> + Send + Sync, N: Fn() -> usize + Send + Sync> {
    order: F,
    count: N,
    /// The number's text as the adapter answers it.
    format: fn(usize) -> String,
}

impl<F: Fn(usize) -> Option<Value> + Send + Sync, N: Fn() -> usize + Send + Sync> Backoffice for Numbered<F, N> {
    fn order_email<'a>(&'a self, number: &'a str) -> Answer<'a, Option<String>> {
        let found = (1..=(self.count)()).find(|n| (self.format)(*n) == number);
        Box::pin(async move { Ok(found.and_then(|n| email_of((self.order)(n)))) })
    }
    fn orders_with<'a>(&'a self, email: &'a str) -> Answer<'a, usize> {
        let count = (1..=(self.count)()).filter(|n| email_of((self.order)(*n)).as_deref() == Some(email)).count();
        Box::pin(async move { Ok(count) })
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn magento() {
    let shop = std::sync::Arc::new(magento::start_shop());
    let mut config = vitrine_adapter::Config::new(Backend::Magento);
    config.set(Backend::Magento, vitrine_adapter::magento::backend::BASE_URL, shop.url.clone());
    let adapter = RunningAdapter::start(config).await;
    let hoodie = "/chaz-kangeroo-hoodie.html";
    let variant = variant_id(&adapter.client(), Driver::Magento, hoodie, "MH01-S-Black").await;
    let (records, counted): (std::sync::Arc<MagentoShop>, std::sync::Arc<MagentoShop>) = (shop.clone(), shop.clone());
    let fixture = Fixture {
        name: "magento (demo shop)".into(),
        driver: Driver::Magento,
        browse: Browse {
            menu: Case::Runs(()),
            category: "/gear.html".into(),
            product: hoodie.into(),
            missing: "/no-such-page.html".into(),
            unpublished: Case::NotApplicable("the demo catalogue holds no disabled product"),
            search: "hoodie".into(),
            content: Case::Runs("/about-us".into()),
            variants: Case::Runs(()),
        },
        cart: Case::Runs(Carts {
            variant,
            other: "24-MB01".into(),
            unknown_variant: "NO-SUCH-SKU".into(),
            unknown_cart: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA".into(),
            limited: Case::Runs(Limited { variant: "24-MB01".into(), available: 10, reduced: false }),
            sold_out: Case::NotApplicable("no variant of the demo catalogue is sold out"),
        }),
        checkout: Case::Runs(Checkout {
            country: ("US".into(), "TX".into()),
            refused_country: "FR".into(),
            backoffice: Box::new(Numbered {
                order: move |n| records.order(&format!("{n:09}")),
                count: move || counted.order_count(),
                format: |n| format!("{n:09}"),
            }),
        }),
    };
    conformance::run(adapter.client(), &fixture).await.assert_all_ran();
}

#[tokio::test(flavor = "multi_thread")]
async fn shopify() {
    const TOKEN: &str = "shpat_conformance_0123";
    let shop = shopify::start_demo(TOKEN);
    let mut config = vitrine_adapter::Config::new(Backend::Shopify);
    config.set(Backend::Shopify, shopify_settings::ENDPOINT, shop.url.clone());
    config.set(Backend::Shopify, shopify_settings::ACCESS_TOKEN, TOKEN);
    let adapter = RunningAdapter::start(config).await;
    let fixture = Fixture {
        name: "shopify (demo shop)".into(),
        driver: Driver::Shopify,
        browse: Browse {
            menu: Case::Runs(()),
            category: "/collections/snowboards".into(),
            product: "/products/hydrogen-snowboard".into(),
            missing: "/products/nope".into(),
            unpublished: Case::NotApplicable("the demo shop holds no unpublished product"),
            search: "hydrogen".into(),
            content: Case::Runs("/pages/about".into()),
            variants: Case::Runs(()),
        },
        cart: Case::Runs(Carts {
            variant: "43695710535901".into(),
            other: "43695710535905".into(),
            unknown_variant: "99999999999999".into(),
            unknown_cart: "gid://shopify/Cart/c1-unknown?key=0".into(),
            limited: Case::Runs(Limited { variant: "43695710535905".into(), available: STOCK, reduced: true }),
            sold_out: Case::Runs("43695710535902".into()),
        }),
        checkout: Case::NotApplicable("Shopify checks out on its own site, at the cart's checkout link"),
    };
    conformance::run(adapter.client(), &fixture).await.assert_all_ran();
}

#[tokio::test(flavor = "multi_thread")]
async fn medusa_demo_shop() {
    let shop = std::sync::Arc::new(medusa::start(DEMO_KEY));
    let mut config = vitrine_adapter::Config::new(Backend::Medusa);
    config.set(Backend::Medusa, medusa_settings::URL, shop.url.clone());
    config.set(Backend::Medusa, medusa_settings::PUBLISHABLE_KEY, DEMO_KEY);
    let adapter = RunningAdapter::start(config).await;
    let (records, counted): (std::sync::Arc<MedusaShop>, std::sync::Arc<MedusaShop>) = (shop.clone(), shop.clone());
    let fixture = Fixture {
        name: "medusa (demo shop)".into(),
        driver: Driver::Medusa,
        browse: Browse {
            menu: Case::Runs(()),
            category: "/categories/clothing/tops".into(),
            product: "/products/medusa-hoodie".into(),
            missing: "/products/no-such-thing".into(),
            unpublished: Case::NotApplicable("the demo fixture holds no draft"),
            search: "hoodie".into(),
            content: Case::NotApplicable("Medusa's Store API has no content pages"),
            variants: Case::Runs(()),
        },
        cart: Case::Runs(Carts {
            variant: "variant_01OODIE1".into(),
            other: "variant_01OTE0".into(),
            unknown_variant: "variant_01NOSUCH".into(),
            unknown_cart: "cart_01NEVERISSUED".into(),
            limited: Case::Runs(Limited { variant: "variant_01OODIE0".into(), available: 10, reduced: false }),
            sold_out: Case::Runs("variant_01OODIE2".into()),
        }),
        checkout: Case::Runs(Checkout {
            country: ("DE".into(), String::new()),
            refused_country: "US".into(),
            backoffice: Box::new(Numbered {
                order: move |n| records.order(n as u64),
                count: move || counted.order_count(),
                format: |n| n.to_string(),
            }),
        }),
    };
    conformance::run(adapter.client(), &fixture).await.assert_all_ran();
}

#[tokio::test(flavor = "multi_thread")]
async fn vendure_demo_shop() {
    use vitrine_testkit::vendure::{self, DemoOrders};
    let shop = std::sync::Arc::new(vendure::start());
    let mut config = vitrine_adapter::Config::new(Backend::Vendure);
    config.set(Backend::Vendure, vitrine_adapter::vendure::backend::URL, shop.url.clone());
    let adapter = RunningAdapter::start(config).await;
    let c = adapter.client();
    let fixture = vendure::fixture("vendure (demo shop)", &c, Box::new(DemoOrders(shop))).await;
    conformance::run(c, &fixture).await.assert_all_ran();
}
