//! The in-memory backend's checkout through the real path (issue 26): the adapter's gRPC
//! over loopback → the in-memory driver → a real mock-data over HTTP, which keeps the
//! carts and places the orders. Each step, each refusal in the shopper's words, placing
//! twice, and nothing of a checkout in the upstream cache.

use std::sync::Arc;
use std::time::Duration;

use tonic::{Code, Status};
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::store::EmbeddedStore;
use vitrine_domain::checkout::{Refusal, field_errors};
use vitrine_domain::error::CART_GONE;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::{
    AddToCartRequest, Address, CartRequest, Checkout, CheckoutAddressRequest, CheckoutKind, DriverRequest, Order,
    PlaceOrderRequest, ShippingOptionRequest,
};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::checkout::address;
use vitrine_testkit::mock::{MockDataConfig, MockDataServer};
use vitrine_testkit::watched_store::WatchedStore;

struct Setup {
    /// First: the adapter stops before its upstream goes.
    _adapter: RunningAdapter,
    mock: MockDataServer,
    client: AdapterClient<GrpcChannel>,
    store: Arc<WatchedStore>,
}

async fn setup() -> Setup {
    let mock = MockDataServer::start(MockDataConfig { delay: Duration::ZERO, public_url: None }).await;
    let store = Arc::new(WatchedStore::new(Arc::new(EmbeddedStore::default())));
    let config = vitrine_adapter::Config::for_test(Backend::InMemory, &mock.url);
    let adapter = RunningAdapter::start_with_store(config, store.clone()).await;
    Setup { client: adapter.client(), _adapter: adapter, mock, store }
}

fn d() -> i32 {
    Driver::InMemory.into()
}

impl Setup {
    async fn cart(&self, variant: Option<&str>) -> String {
        let mut c = self.client.clone();
        let id = c.create_cart(DriverRequest { driver: d(), fresh_after_ms: 0 }).await.expect("create").into_inner().id;
        if let Some(variant) = variant {
            let add = AddToCartRequest { driver: d(), cart_id: id.clone(), variant: variant.into(), quantity: 2 };
            c.add_to_cart(add).await.expect("add");
        }
        id
    }

    async fn checkout(&self, cart: &str) -> Result<Checkout, Status> {
        let request = CartRequest { driver: d(), cart_id: cart.into() };
        self.client.clone().get_checkout(request).await.map(tonic::Response::into_inner)
    }

    async fn address(&self, cart: &str, email: &str, shipping: Address) -> Result<Checkout, Status> {
        let request = CheckoutAddressRequest {
            driver: d(),
            cart_id: cart.into(),
            email: email.into(),
            shipping: Some(shipping),
            billing: None,
        };
        self.client.clone().set_checkout_address(request).await.map(tonic::Response::into_inner)
    }

    async fn shipping(&self, cart: &str, option: &str) -> Result<Checkout, Status> {
        let request = ShippingOptionRequest { driver: d(), cart_id: cart.into(), option: option.into() };
        self.client.clone().set_shipping_option(request).await.map(tonic::Response::into_inner)
    }

    async fn place(&self, cart: &str) -> Result<Order, Status> {
        let request = PlaceOrderRequest { driver: d(), cart_id: cart.into() };
        self.client.clone().place_order(request).await.map(tonic::Response::into_inner)
    }
}

fn refused(result: Result<impl std::fmt::Debug, Status>) -> (Code, String) {
    let status = result.expect_err("refused");
    (status.code(), status.message().to_owned())
}

fn aborted(refusal: Refusal) -> (Code, String) {
    (Code::Aborted, refusal.text().to_owned())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cart_checks_out_into_an_order_in_the_mock() {
    let s = setup().await;
    let cart = s.cart(Some("1002")).await;

    let fresh = s.checkout(&cart).await.expect("checkout");
    assert_eq!((fresh.kind(), fresh.countries.len(), fresh.email.as_str()), (CheckoutKind::Native, 6, ""));
    let subtotal = fresh.cart.as_ref().and_then(|c| c.subtotal).expect("priced");

    // Steps out of order are the backend's refusals, in Vitrine's words.
    let options = CartRequest { driver: d(), cart_id: cart.clone() };
    assert_eq!(refused(s.client.clone().list_shipping_options(options.clone()).await), aborted(Refusal::AddressFirst));
    assert_eq!(refused(s.shipping(&cart, "standard").await), aborted(Refusal::AddressFirst));
    assert_eq!(refused(s.place(&cart).await), aborted(Refusal::AddressFirst));

    // The adapter checks the fields too; the country list is the backend's to refuse.
    let bad = refused(s.address(&cart, "not-an-email", address("US", "IL")).await);
    assert_eq!(bad.0, Code::InvalidArgument);
    let status = s.address(&cart, "a@b.io", Address { postal_code: "!".into(), ..address("US", "IL") }).await;
    let fields = field_errors(&status.expect_err("postal code"));
    assert_eq!(fields.iter().map(|f| f.field.as_str()).collect::<Vec<_>>(), ["shipping.postal_code"]);
    assert_eq!(refused(s.address(&cart, "a@b.io", address("BR", "")).await), aborted(Refusal::NoShippingTo));
    assert_eq!(refused(s.address(&cart, "a@b.io", address("US", "")).await), aborted(Refusal::AddressRejected));

    let set = s.address(&cart, " a@b.io ", address("us", "IL")).await.expect("address");
    assert_eq!((set.email.as_str(), set.shipping_address.map(|a| a.country)), ("a@b.io", Some("US".to_owned())));
    let listed = s.client.clone().list_shipping_options(options).await.expect("options").into_inner().options;
    assert_eq!(
        listed.iter().map(|o| (o.id.as_str(), o.price)).collect::<Vec<_>>(),
        [("standard", Some(5.0)), ("express", Some(15.0))]
    );
    assert_eq!(refused(s.shipping(&cart, "drone").await), aborted(Refusal::UnknownShippingOption));
    let shipped = s.shipping(&cart, "express").await.expect("shipping");
    let totals = shipped.totals.unwrap_or_default();
    let cents = |x: f64| (x * 100.0).round() / 100.0;
    assert_eq!(totals.total, Some(cents(subtotal + cents(subtotal * 0.1) + 15.0)));

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
    s.address(&empty, "a@b.io", address("GB", "")).await.expect("address");
    s.shipping(&empty, "standard").await.expect("shipping");
    assert_eq!(refused(s.place(&empty).await), aborted(Refusal::EmptyCart));

    // Nothing of a checkout touched the upstream cache.
    assert_eq!(s.store.touched(), Vec::<String>::new(), "no cache read or write");
}
