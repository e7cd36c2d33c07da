//! One list of scenarios every backend runs through its adapter over real gRPC: browse,
//! cart and checkout, each with assertions that hold for any shop, given a small
//! [`Fixture`] naming what of the shop to use. A backend's test builds the fixture and
//! calls [`run`]; what a backend cannot do is marked [`Case::NotApplicable`] with its
//! reason, and reported as such, never skipped in silence.
//!
//! Scenarios answer `anyhow::Result` rather than panicking, so one run reports every
//! scenario: [`Report`] prints one line each (ran, not applicable and why, failed and
//! why), and [`Report::assert_all_ran`] fails the test naming each failure.

mod browse;
mod cart;
mod checkout;

use std::fmt::Write as _;
use std::future::Future;
use std::pin::Pin;

use vitrine_common::grpc::GrpcChannel;
use vitrine_domain::Driver;
use vitrine_proto::v1::adapter_client::AdapterClient;

/// What a fixture names, or why the backend has none of it.
#[derive(Debug, Clone)]
pub enum Case<T> {
    Runs(T),
    NotApplicable(&'static str),
}

/// What of a shop the scenarios use.
pub struct Fixture {
    /// The fixture's name in the report, e.g. `medusa (real server)`.
    pub name: String,
    pub driver: Driver,
    pub browse: Browse,
    pub cart: Case<Carts>,
    pub checkout: Case<Checkout>,
}

pub struct Browse {
    /// Whether the adapter answers the menu itself.
    pub menu: Case<()>,
    /// A category's URL with products.
    pub category: String,
    /// A product's URL.
    pub product: String,
    /// A URL in the backend's own scheme that names nothing.
    pub missing: String,
    /// The URL of a product the shop holds but does not sell yet (a draft).
    pub unpublished: Case<String>,
    /// A word whose search finds [`Self::product`].
    pub search: String,
    /// A content page's URL.
    pub content: Case<String>,
    /// Whether [`Self::product`] has options and variants to choose from.
    pub variants: Case<()>,
}

pub struct Carts {
    /// A variant with at least four in stock (or stock not counted).
    pub variant: String,
    /// Another variant, for a second line.
    pub other: String,
    /// A variant id in the backend's format that it does not sell.
    pub unknown_variant: String,
    /// A cart id in the backend's format that it never issued.
    pub unknown_cart: String,
    /// A variant with a known, limited stock. No order of any test may use it, so the
    /// figure holds for as long as the shop runs.
    pub limited: Case<Limited>,
    /// A variant with none in stock.
    pub sold_out: Case<String>,
}

pub struct Limited {
    pub variant: String,
    /// How many are in stock.
    pub available: u32,
    /// What the shop does with more than that: refuses the change (`false`), or takes what
    /// it has and says so in a notice (`true`, Shopify's way).
    pub reduced: bool,
}

pub struct Checkout {
    /// A country the shop ships to, and its region where the country needs one.
    pub country: (String, String),
    /// A country the shop does not ship to.
    pub refused_country: String,
    /// The shop's own record of its orders.
    pub backoffice: Box<dyn Backoffice>,
}

/// Boxed, so the trait stays object-safe without a macro.
pub type Answer<'a, T> = Pin<Box<dyn Future<Output = anyhow::Result<T>> + Send + 'a>>;

/// The shop's own record, read as its back office would, not through the adapter.
pub trait Backoffice: Send + Sync {
    /// The email of the order numbered `number`, `None` when the shop has no such order.
    fn order_email<'a>(&'a self, number: &'a str) -> Answer<'a, Option<String>>;
    /// How many orders the shop holds with `email`.
    fn orders_with<'a>(&'a self, email: &'a str) -> Answer<'a, usize>;
}

/// A scenario's result.
#[derive(Debug)]
pub enum Outcome {
    Ran,
    NotApplicable(&'static str),
    Failed(String),
}

/// Every scenario's result for one fixture.
#[derive(Debug, Default)]
pub struct Report {
    pub fixture: String,
    pub rows: Vec<(&'static str, Outcome)>,
}

impl Report {
    fn record(&mut self, scenario: &'static str, result: anyhow::Result<Outcome>) {
        let outcome = result.unwrap_or_else(|e| Outcome::Failed(format!("{e:#}")));
        println!("conformance {}: {scenario}: {}", self.fixture, describe(&outcome));
        self.rows.push((scenario, outcome));
    }

    /// The scenarios that failed, each with why.
    #[must_use]
    pub fn failures(&self) -> Vec<String> {
        self.rows
            .iter()
            .filter_map(|(name, o)| match o {
                Outcome::Failed(why) => Some(format!("{name}: {why}")),
                _ => None,
            })
            .collect()
    }

    /// # Panics
    /// When a scenario failed, naming each.
    pub fn assert_all_ran(&self) {
        let failures = self.failures();
        let mut text = String::new();
        for f in &failures {
            let _ = writeln!(text, "  - {f}");
        }
        assert!(failures.is_empty(), "{}: {} scenario(s) failed:\n{text}", self.fixture, failures.len());
    }
}

fn describe(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ran => "ran".to_owned(),
        Outcome::NotApplicable(why) => format!("not applicable: {why}"),
        Outcome::Failed(why) => format!("FAILED: {why}"),
    }
}

/// The adapter and the fixture, as the scenarios take them.
pub struct Target<'a> {
    pub client: AdapterClient<GrpcChannel>,
    pub fixture: &'a Fixture,
}

impl Target<'_> {
    fn driver(&self) -> i32 {
        self.fixture.driver.into()
    }

    fn c(&self) -> AdapterClient<GrpcChannel> {
        self.client.clone()
    }
}

/// Every scenario, in order, against `client` with `fixture`; the report names each.
pub async fn run(client: AdapterClient<GrpcChannel>, fixture: &Fixture) -> Report {
    let t = Target { client, fixture };
    let mut report = Report { fixture: fixture.name.clone(), rows: Vec::new() };
    browse::run(&t, &mut report).await;
    cart::run(&t, &mut report).await;
    checkout::run(&t, &mut report).await;
    report
}

/// `Ok(())` when `got == want`, else an error naming `what` and both.
#[expect(clippy::needless_pass_by_value, reason = "callers compare temporaries, as assert_eq! takes them")]
fn same<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> anyhow::Result<()> {
    anyhow::ensure!(got == want, "{what}: got {got:?}, want {want:?}");
    Ok(())
}

/// A gRPC answer's status as `(code, message)`, for comparing refusals.
fn status_of<T>(result: Result<T, tonic::Status>) -> anyhow::Result<(tonic::Code, String)> {
    match result {
        Ok(_) => anyhow::bail!("accepted, where a refusal was expected"),
        Err(s) => Ok((s.code(), s.message().to_owned())),
    }
}

/// `NotApplicable` for a scenario whose fixture part the backend has none of.
fn applicable<T>(case: &Case<T>) -> Result<&T, Outcome> {
    match case {
        Case::Runs(t) => Ok(t),
        Case::NotApplicable(why) => Err(Outcome::NotApplicable(why)),
    }
}

/// The id the product page at `url` lists for the variant whose SKU is `sku`: a real
/// server makes its own ids, so a fixture names its variants by SKU.
///
/// # Panics
/// When the product or the variant is not there.
pub async fn variant_id(client: &AdapterClient<GrpcChannel>, driver: Driver, url: &str, sku: &str) -> String {
    let request = vitrine_proto::v1::UrlRequest { driver: driver.into(), url: url.into(), fresh_after_ms: 0 };
    let answer = client.clone().get_product_by_url(request).await.unwrap_or_else(|e| panic!("{url}: {e}"));
    let products = answer.into_inner().products;
    let variants = products.iter().flat_map(|p| p.variants.iter());
    let found = variants.clone().find(|v| v.sku.as_deref() == Some(sku)).map(|v| v.id.clone());
    found.unwrap_or_else(|| panic!("{url} has no variant {sku}: {:?}", variants.map(|v| &v.sku).collect::<Vec<_>>()))
}
