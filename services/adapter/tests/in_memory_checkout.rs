//! The in-memory backend's checkout through the real path (issue 26): the adapter's gRPC
//! over loopback → the in-memory driver → a real mock-data over HTTP, which keeps the
//! carts and places the orders. Each step, each refusal in the shopper's words, placing
//! twice, and nothing of a checkout in the upstream cache.

use std::sync::Arc;
use std::time::Duration;

use tonic::Code;
use vitrine_common::store::EmbeddedStore;
use vitrine_domain::checkout::{Refusal, field_errors};
use vitrine_domain::error::CART_GONE;
use vitrine_domain::{Backend, Driver, money};
use vitrine_proto::v1::{Address, CheckoutKind};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::checkout::{AdapterCheckout, aborted, address, refused};
use vitrine_testkit::mock::{MockDataConfig, MockDataServer};
use vitrine_testkit::watched_store::WatchedStore;

struct Setup {
    /// First: the adapter stops before its upstream goes.
    _adapter: RunningAdapter,
    mock: MockDataServer,
    calls: AdapterCheckout,
    store: Arc<WatchedStore>,
}

async fn setup() -> Setup {
    let mock = MockDataServer::start(MockDataConfig { delay: Duration::ZERO, ..MockDataConfig::default() }).await;
    let store = Arc::new(WatchedStore::new(Arc::new(EmbeddedStore::default())));
    let config = vitrine_adapter::Config::for_test(Backend::InMemory, &mock.url);
    let adapter = RunningAdapter::start_with_store(config, store.clone()).await;
    let calls = AdapterCheckout { client: adapter.client(), driver: Driver::InMemory };
    Setup { calls, _adapter: adapter, mock, store }
}

impl std::ops::Deref for Setup {
    type Target = AdapterCheckout;
    fn deref(&self) -> &AdapterCheckout {
        &self.calls
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cart_checks_out_into_an_order_in_the_mock() {
    let s = setup().await;
    let cart = s.cart(Some("1002")).await;

    let fresh = s.checkout(&cart).await.expect("checkout");
    assert_eq!((fresh.kind(), fresh.countries.len(), fresh.email.as_str()), (CheckoutKind::Native, 6, ""));
    let subtotal = fresh.cart.as_ref().and_then(|c| c.subtotal).expect("priced");

    // Steps out of order are the backend's refusals, in Vitrine's words.
    assert_eq!(refused(s.options(&cart).await), aborted(Refusal::AddressFirst));
    assert_eq!(refused(s.shipping(&cart, "standard").await), aborted(Refusal::AddressFirst));
    assert_eq!(refused(s.place(&cart).await), aborted(Refusal::AddressFirst));

    // The adapter checks the fields too; the country list is the backend's to refuse.
    let bad = refused(s.address(&cart, "not-an-email", address("US", "IL"), None).await);
    assert_eq!(bad.0, Code::InvalidArgument);
    let status = s.address(&cart, "a@b.io", Address { postal_code: "!".into(), ..address("US", "IL") }, None).await;
    let fields = field_errors(&status.expect_err("postal code"));
    assert_eq!(fields.iter().map(|f| f.field.as_str()).collect::<Vec<_>>(), ["shipping.postal_code"]);
    assert_eq!(refused(s.address(&cart, "a@b.io", address("BR", ""), None).await), aborted(Refusal::NoShippingTo));
    assert_eq!(refused(s.address(&cart, "a@b.io", address("US", ""), None).await), aborted(Refusal::AddressRejected));

    let set = s.address(&cart, " a@b.io ", address("us", "IL"), None).await.expect("address");
    assert_eq!((set.email.as_str(), set.shipping_address.map(|a| a.country)), ("a@b.io", Some("US".to_owned())));
    let listed = s.options(&cart).await.expect("options");
    assert_eq!(
        listed.iter().map(|o| (o.id.as_str(), o.price)).collect::<Vec<_>>(),
        [("standard", Some(500)), ("express", Some(1500))]
    );
    assert_eq!(refused(s.shipping(&cart, "drone").await), aborted(Refusal::UnknownShippingOption));
    let shipped = s.shipping(&cart, "express").await.expect("shipping");
    let totals = shipped.totals.unwrap_or_default();
    assert_eq!(totals.total, Some(subtotal + money::rate_of(subtotal, 0.1) + 1500));

    let order = s.place(&cart).await.expect("placed");
    assert!(order.number.starts_with("M-1000"), "{}", order.number);
    assert_eq!((order.lines.len(), order.totals.and_then(|t| t.total)), (1, totals.total));
    assert_eq!(order.lines[0].product_url, "/1002", "lines keep their local links");
    // Twice: the cart is gone, as any gone cart.
    assert_eq!(refused(s.place(&cart).await), (Code::NotFound, CART_GONE.to_owned()));
    assert_eq!(refused(s.checkout(&cart).await).0, Code::NotFound);
    // The mock's own record holds the order.
    let kept = reqwest::get(format!("{}/api/orders/{}", s.mock.url, order.number)).await.expect("mock");
    assert_eq!(kept.status().as_u16(), 200);

    // An empty cart is refused at placing.
    let empty = s.cart(None).await;
    s.address(&empty, "a@b.io", address("GB", ""), None).await.expect("address");
    s.shipping(&empty, "standard").await.expect("shipping");
    assert_eq!(refused(s.place(&empty).await), aborted(Refusal::EmptyCart));

    // Nothing of a checkout touched the upstream cache.
    assert_eq!(s.store.touched(), Vec::<String>::new(), "no cache read or write");
}
