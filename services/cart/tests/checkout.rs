//! The cart service's checkout over real gRPC (issue 26): in front of the in-memory
//! adapter and a real mock-data, the fake store's adapter (no checkout) and a scripted
//! adapter (to see that a refused field never reaches a backend).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tonic::{Code, Status};
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::store::EmbeddedStore;
use vitrine_common::{SharedStore, Shutdown};
use vitrine_domain::checkout::{NO_CHECKOUT, Refusal, field_errors};
use vitrine_domain::error::CHECKOUT_GONE;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::carts_client::CartsClient;
use vitrine_proto::v1::{
    AddToCartRequest, Address, CartRequest, Checkout, CheckoutAddressRequest, CheckoutKind, Order, PlaceOrderRequest,
    RemoveCartLineRequest, ShippingOptionRequest,
};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::checkout::address;
use vitrine_testkit::mock::{MockDataConfig, MockDataServer};
use vitrine_testkit::scripted::{Script, ScriptedAdapter};

struct Setup {
    carts: CartsClient<GrpcChannel>,
    driver: Driver,
    shutdown: Shutdown,
}

impl Drop for Setup {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

async fn serve(adapters: Vec<(Backend, String)>, driver: Driver) -> Setup {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    let shutdown = Shutdown::new();
    tokio::spawn(vitrine_cart::serve(vitrine_cart::Config { adapters }, listener, shutdown.clone()));
    Setup { carts: CartsClient::new(vitrine_common::grpc::lazy_channel(&url).expect("url")), driver, shutdown }
}

impl Setup {
    fn d(&self) -> i32 {
        self.driver.into()
    }

    async fn cart_with_a_line(&self) -> (String, String) {
        let add = AddToCartRequest { driver: self.d(), cart_id: String::new(), variant: "1002".into(), quantity: 1 };
        let cart = self.carts.clone().add_to_cart(add).await.expect("add").into_inner().cart.unwrap_or_default();
        (cart.id.clone(), cart.lines[0].id.clone())
    }

    async fn checkout(&self, cart: &str) -> Result<Checkout, Status> {
        let request = CartRequest { driver: self.d(), cart_id: cart.into() };
        self.carts.clone().get_checkout(request).await.map(tonic::Response::into_inner)
    }

    async fn address(&self, cart: &str, email: &str, shipping: Address) -> Result<Checkout, Status> {
        let request = CheckoutAddressRequest {
            driver: self.d(),
            cart_id: cart.into(),
            email: email.into(),
            shipping: Some(shipping),
            billing: None,
        };
        self.carts.clone().set_checkout_address(request).await.map(tonic::Response::into_inner)
    }

    async fn shipping(&self, cart: &str, option: &str) -> Result<Checkout, Status> {
        let request = ShippingOptionRequest { driver: self.d(), cart_id: cart.into(), option: option.into() };
        self.carts.clone().set_shipping_option(request).await.map(tonic::Response::into_inner)
    }

    async fn place(&self, cart: &str) -> Result<Order, Status> {
        let request = PlaceOrderRequest { driver: self.d(), cart_id: cart.into() };
        self.carts.clone().place_order(request).await.map(tonic::Response::into_inner)
    }
}

fn refused(result: Result<impl std::fmt::Debug, Status>) -> (Code, String) {
    let status = result.expect_err("refused");
    (status.code(), status.message().to_owned())
}

/// The refused fields' names.
fn fields(result: Result<impl std::fmt::Debug, Status>) -> Vec<String> {
    let status = result.expect_err("refused");
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    field_errors(&status).into_iter().map(|f| f.field).collect()
}

fn aborted(refusal: Refusal) -> (Code, String) {
    (Code::Aborted, refusal.text().to_owned())
}

#[tokio::test(flavor = "multi_thread")]
async fn in_memory_checkout_follows_the_rules_to_an_order() {
    let mock = MockDataServer::start(MockDataConfig { delay: Duration::ZERO, ..MockDataConfig::default() }).await;
    let store: SharedStore = Arc::new(EmbeddedStore::default());
    let config = vitrine_adapter::Config::for_test(Backend::InMemory, &mock.url);
    let adapter = RunningAdapter::start_with_store(config, store).await;
    let s = serve(vec![(Backend::InMemory, adapter.url.clone())], Driver::InMemory).await;
    let gone = (Code::NotFound, CHECKOUT_GONE.to_owned());

    // No cart: nothing to check out.
    assert_eq!(refused(s.checkout("").await), gone);
    assert_eq!(refused(s.place("").await), gone);

    let (cart, _) = s.cart_with_a_line().await;
    let fresh = s.checkout(&cart).await.expect("checkout");
    assert_eq!((fresh.kind(), fresh.payment_method.is_empty()), (CheckoutKind::Native, false));

    // Each bad field named, the country and region against the backend's list.
    for (email, shipping, expected) in [
        ("nope", address("US", "IL"), vec!["email"]),
        ("a@b.io", Address { postal_code: "62_701".into(), ..address("US", "IL") }, vec!["shipping.postal_code"]),
        ("a@b.io", Address { telephone: "call me".into(), ..address("US", "IL") }, vec!["shipping.telephone"]),
        ("a@b.io", Address { city: " ".into(), ..address("US", "IL") }, vec!["shipping.city"]),
        ("a@b.io", address("BR", ""), vec!["shipping.country"]),
        ("a@b.io", address("US", ""), vec!["shipping.region"]),
        ("a@b.io", address("US", "ZZ"), vec!["shipping.region"]),
        ("", address("", ""), vec!["email", "shipping.country"]),
    ] {
        assert_eq!(fields(s.address(&cart, email, shipping).await), expected, "{email}");
    }
    assert_eq!(fields(s.shipping(&cart, " ").await), ["shipping_option"]);
    assert_eq!(refused(s.place(&cart).await), aborted(Refusal::AddressFirst));

    // Named by its name, kept as the backend's code.
    let set = s.address(&cart, "a@b.io", address("us", "illinois")).await.expect("address");
    assert_eq!(set.shipping_address.map(|a| (a.country, a.region)), Some(("US".to_owned(), "IL".to_owned())));
    assert_eq!(refused(s.place(&cart).await), aborted(Refusal::ShippingFirst));
    let mut c = s.carts.clone();
    let options = c.list_shipping_options(CartRequest { driver: s.d(), cart_id: cart.clone() }).await;
    assert_eq!(options.expect("options").into_inner().options.len(), 2);
    assert_eq!(refused(s.shipping(&cart, "drone").await), aborted(Refusal::UnknownShippingOption));
    s.shipping(&cart, "standard").await.expect("shipping");

    let order = s.place(&cart).await.expect("placed");
    assert!(order.number.starts_with("M-"), "{}", order.number);
    assert_eq!(order.email.as_deref(), Some("a@b.io"));
    // Placing twice: the cart is gone; so is its checkout.
    assert_eq!(refused(s.place(&cart).await), gone);
    assert_eq!(refused(s.checkout(&cart).await), gone);
    assert_eq!(refused(s.shipping(&cart, "standard").await), gone);

    // An empty cart, every other step done: refused before the backend is asked.
    let (empty, line_of_empty) = s.cart_with_a_line().await;
    s.address(&empty, "a@b.io", address("CA", "ON")).await.expect("address");
    s.shipping(&empty, "express").await.expect("shipping");
    let remove = RemoveCartLineRequest { driver: s.d(), cart_id: empty.clone(), line: line_of_empty };
    s.carts.clone().remove_cart_line(remove).await.expect("removed");
    assert_eq!(refused(s.place(&empty).await), aborted(Refusal::EmptyCart));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_fake_store_has_no_checkout() {
    let api = vitrine_testkit::fake_store::start();
    let store: SharedStore = Arc::new(EmbeddedStore::default());
    let mut config = vitrine_adapter::Config::new(Backend::Fake);
    config.set(Backend::Fake, vitrine_adapter::fake_store::backend::URL, api.url.clone());
    let adapter = RunningAdapter::start_with_store(config, store).await;
    let s = serve(vec![(Backend::Fake, adapter.url.clone())], Driver::Fake).await;
    let add = AddToCartRequest { driver: s.d(), cart_id: String::new(), variant: "1".into(), quantity: 1 };
    let cart = s.carts.clone().add_to_cart(add).await.expect("add").into_inner().cart.unwrap_or_default().id;
    let answer = s.checkout(&cart).await.expect("checkout");
    assert_eq!((answer.kind(), answer.notice.as_str()), (CheckoutKind::None, NO_CHECKOUT));
    let no = (Code::FailedPrecondition, NO_CHECKOUT.to_owned());
    assert_eq!(refused(s.address(&cart, "a@b.io", address("US", "IL")).await), no);
    assert_eq!(refused(s.shipping(&cart, "standard").await), no);
    assert_eq!(refused(s.place(&cart).await), no);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refused_field_never_reaches_the_backend() {
    let ready = Checkout { kind: CheckoutKind::Native.into(), ..Checkout::default() };
    let adapter =
        ScriptedAdapter::start(Script { checkouts: HashMap::from([("get_checkout", Ok(ready))]), ..Script::default() })
            .await;
    let s = serve(vec![(Backend::Magento, adapter.url.clone())], Driver::MageOs).await;
    assert_eq!(fields(s.address("c", "a@", address("US", "IL")).await), ["email"]);
    assert_eq!(fields(s.shipping("c", "").await), ["shipping_option"]);
    assert_eq!(adapter.calls(), Vec::<String>::new(), "nothing was asked of the backend");
    // A known cart in no step yet: refused before placing, after one read.
    assert_eq!(refused(s.place("c").await), aborted(Refusal::EmptyCart));
    assert_eq!(adapter.calls(), ["get_checkout mageos c"], "mageos is magento's; placing was not asked");
    // The adapter's NOT_FOUND (unscripted) is the checkout's gone cart.
    assert_eq!(refused(s.shipping("c", "standard").await), (Code::NotFound, CHECKOUT_GONE.to_owned()));
}
