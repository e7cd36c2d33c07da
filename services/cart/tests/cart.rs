//! The cart service over real gRPC: against the in-memory adapter and a real mock-data
//! (whose carts are the backend's), the fake-store adapter (whose carts Vitrine keeps in
//! its store), and a scripted adapter for what no backend does on demand.

use std::collections::HashMap;
use std::sync::Arc;

use tonic::Code;
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::store::EmbeddedStore;
use vitrine_common::{SharedStore, Shutdown};
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::carts_client::CartsClient;
use vitrine_proto::v1::{
    AddToCartRequest, Cart, CartAnswer, CartLine, CartRequest, RemoveCartLineRequest, UpdateCartLineRequest,
};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::mock::{MockDataConfig, MockDataServer};
use vitrine_testkit::scripted::{Script, ScriptedAdapter};

struct Setup {
    carts: CartsClient<GrpcChannel>,
    shutdown: Shutdown,
}

impl Drop for Setup {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

async fn serve(adapters: Vec<(Backend, String)>) -> Setup {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    let shutdown = Shutdown::new();
    tokio::spawn(vitrine_cart::serve(vitrine_cart::Config { adapters }, listener, shutdown.clone()));
    Setup { carts: CartsClient::new(vitrine_common::grpc::lazy_channel(&url).expect("url")), shutdown }
}

fn add(driver: Driver, cart: &str, variant: &str, quantity: u32) -> AddToCartRequest {
    AddToCartRequest { driver: driver.into(), cart_id: cart.into(), variant: variant.into(), quantity }
}

fn update(driver: Driver, cart: &str, line: &str, quantity: u32) -> UpdateCartLineRequest {
    UpdateCartLineRequest { driver: driver.into(), cart_id: cart.into(), line: line.into(), quantity }
}

fn remove(driver: Driver, cart: &str, line: &str) -> RemoveCartLineRequest {
    RemoveCartLineRequest { driver: driver.into(), cart_id: cart.into(), line: line.into() }
}

fn get(driver: Driver, cart: &str) -> CartRequest {
    CartRequest { driver: driver.into(), cart_id: cart.into() }
}

fn cart_of(answer: CartAnswer) -> Cart {
    answer.cart.unwrap_or_default()
}

/// `(variant, quantity, line total)` of each line.
fn lines(cart: &Cart) -> Vec<(String, u32, Option<i64>)> {
    cart.lines.iter().map(|l| (l.variant.clone(), l.quantity, l.line_total)).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn in_memory_carts_live_in_the_mock_and_follow_the_rules() {
    let mock =
        MockDataServer::start(MockDataConfig { delay: std::time::Duration::ZERO, ..MockDataConfig::default() }).await;
    let store: SharedStore = Arc::new(EmbeddedStore::default());
    let adapter = RunningAdapter::start_with_store(
        vitrine_adapter::Config::for_test(Backend::InMemory, &mock.url),
        store.clone(),
    )
    .await;
    let mut s = serve(vec![(Backend::InMemory, adapter.url.clone())]).await;
    let d = Driver::InMemory;

    // No cart yet: an empty one, nothing created.
    let none = s.carts.get_cart(get(d, "")).await.expect("get").into_inner();
    assert_eq!((none.replaced, cart_of(none).id), (false, String::new()));

    // The first add makes the cart; the same variant again merges into its line.
    let first = cart_of(s.carts.add_to_cart(add(d, "", "1001-S-Black", 1)).await.expect("add").into_inner());
    assert!(!first.id.is_empty());
    let unit = first.lines[0].unit_price.expect("priced");
    let merged = cart_of(s.carts.add_to_cart(add(d, &first.id, "1001-S-Black", 1)).await.expect("merge").into_inner());
    assert_eq!(lines(&merged), [("1001-S-Black".to_owned(), 2, Some(unit * 2))]);
    assert_eq!(merged.subtotal, merged.lines[0].line_total);
    let line = merged.lines[0].id.clone();

    // Quantity, then removal, within the cart; the mock's own record is the same cart.
    let three = cart_of(s.carts.update_cart_line(update(d, &first.id, &line, 3)).await.expect("update").into_inner());
    assert_eq!(three.lines[0].quantity, 3);
    let stored: Cart = reqwest::get(format!("{}/api/carts/{}", mock.url, first.id))
        .await
        .expect("mock")
        .json()
        .await
        .expect("cart json");
    assert_eq!(lines(&stored), lines(&three), "the cart lives in the backend");
    let emptied = cart_of(s.carts.remove_cart_line(remove(d, &first.id, &line)).await.expect("remove").into_inner());
    assert!(emptied.lines.is_empty());

    // Refusals and bounds, each with its code and the shopper's text.
    for (request, code, text) in [
        (add(d, &first.id, "no-such-variant", 1), Code::Aborted, "This shop does not sell that variant."),
        (add(d, &first.id, "1001-S-Black", 0), Code::InvalidArgument, "Bad request: quantity must be between 1 and 99"),
        (
            add(d, &first.id, "1001-S-Black", 100),
            Code::InvalidArgument,
            "Bad request: quantity must be between 1 and 99",
        ),
        (add(d, &first.id, "", 1), Code::InvalidArgument, "Bad request: variant is required"),
    ] {
        let err = s.carts.add_to_cart(request).await.expect_err("refused");
        assert_eq!((err.code(), err.message()), (code, text));
    }
    let err = s.carts.update_cart_line(update(d, &first.id, "line-999", 1)).await.expect_err("no such line");
    assert_eq!((err.code(), err.message()), (Code::Aborted, "That line is not in the cart."));

    // A merge past 99 is undone: the line keeps what it held.
    s.carts.add_to_cart(add(d, &first.id, "1001-S-Black", 98)).await.expect("98");
    let err = s.carts.add_to_cart(add(d, &first.id, "1001-S-Black", 2)).await.expect_err("past 99");
    assert_eq!(err.code(), Code::InvalidArgument);
    let kept = cart_of(s.carts.get_cart(get(d, &first.id)).await.expect("get").into_inner());
    assert_eq!(kept.lines[0].quantity, 98);

    // A cart the backend no longer knows: a read answers an empty cart, an add a new one.
    reqwest::Client::new().post(format!("{}/api/commands/resetDb", mock.url)).send().await.expect("reset");
    let gone = s.carts.get_cart(get(d, &first.id)).await.expect("get").into_inner();
    assert!(gone.replaced);
    assert!(cart_of(gone).lines.is_empty());
    let renewed = s.carts.add_to_cart(add(d, &first.id, "1002", 1)).await.expect("add").into_inner();
    assert!(renewed.replaced);
    let renewed = cart_of(renewed);
    assert_ne!(renewed.id, first.id);
    assert_eq!(lines(&renewed).len(), 1);

    // Two visitors at once: two carts.
    let (mut one, mut other) = (s.carts.clone(), s.carts.clone());
    let (a, b) = tokio::join!(one.add_to_cart(add(d, "", "1002", 1)), other.add_to_cart(add(d, "", "1002", 1)));
    let (a, b) = (cart_of(a.expect("a").into_inner()), cart_of(b.expect("b").into_inner()));
    assert_ne!(a.id, b.id);

    // Nothing of a cart reached the upstream cache: the cart calls wrote no entry at all.
    assert_eq!(store.delete_prefix("vitrine:").await.expect("count"), 0);
    s.shutdown.cancel();
}

#[tokio::test(flavor = "multi_thread")]
async fn fake_store_carts_are_kept_by_vitrine() {
    let api = vitrine_testkit::fake_store::start();
    let store: SharedStore = Arc::new(EmbeddedStore::default());
    let mut config = vitrine_adapter::Config::new(Backend::Fake);
    config.set(Backend::Fake, vitrine_adapter::fake_store::backend::URL, api.url.clone());
    let adapter = RunningAdapter::start_with_store(config, store.clone()).await;
    let mut s = serve(vec![(Backend::Fake, adapter.url.clone())]).await;
    let d = Driver::Fake;

    let cart = cart_of(s.carts.add_to_cart(add(d, "", "1", 1)).await.expect("add").into_inner());
    let merged = cart_of(s.carts.add_to_cart(add(d, &cart.id, "1", 2)).await.expect("merge").into_inner());
    assert_eq!(merged.lines.len(), 1);
    let line: &CartLine = &merged.lines[0];
    assert_eq!((line.quantity, line.product_url.as_str(), merged.currency.as_deref()), (3, "/product/1", Some("USD")));
    assert_eq!(merged.subtotal, line.unit_price.map(|u| u * 3));
    // Kept in Vitrine's store, under the cart's own key.
    assert!(store.get(&format!("vitrine:cart:fake:{}", cart.id)).await.expect("get").is_some());
    let two = cart_of(s.carts.update_cart_line(update(d, &cart.id, &line.id, 2)).await.expect("u").into_inner());
    assert_eq!(two.lines[0].quantity, 2);
    let err = s.carts.add_to_cart(add(d, &cart.id, "424242", 1)).await.expect_err("unknown");
    assert_eq!((err.code(), err.message()), (Code::Aborted, "This shop does not sell that product."));
    let none = cart_of(s.carts.remove_cart_line(remove(d, &cart.id, &line.id)).await.expect("r").into_inner());
    assert!(none.lines.is_empty());
    // Gone from the store: replaced.
    store.delete(&format!("vitrine:cart:fake:{}", cart.id)).await.expect("delete");
    assert!(s.carts.get_cart(get(d, &cart.id)).await.expect("get").into_inner().replaced);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_new_line_past_fifty_is_removed_again() {
    let line =
        |i: usize| CartLine { id: format!("l{i}"), variant: format!("v{i}"), quantity: 1, ..CartLine::default() };
    let full = Cart { id: "c".into(), lines: (0..51).map(line).collect(), ..Cart::default() };
    let adapter = ScriptedAdapter::start(Script {
        carts: HashMap::from([
            ("add_to_cart", Ok(full)),
            ("remove_cart_line", Ok(Cart { id: "c".into(), ..Cart::default() })),
        ]),
        ..Script::default()
    })
    .await;
    let mut s = serve(vec![(Backend::Magento, adapter.url.clone())]).await;
    let err = s.carts.add_to_cart(add(Driver::MageOs, "c", "v50", 1)).await.expect_err("51 lines");
    assert_eq!((err.code(), err.message()), (Code::InvalidArgument, "Bad request: a cart holds at most 50 lines"));
    assert_eq!(adapter.calls(), ["add_to_cart mageos c v50 1", "remove_cart_line mageos c l50"], "mageos is magento's");
    // An adapter failure is the caller's failure, not a replaced cart.
    let down = ScriptedAdapter::start(Script {
        carts: HashMap::from([("get_cart", Err(Code::Unavailable))]),
        ..Script::default()
    })
    .await;
    let mut s = serve(vec![(Backend::Magento, down.url.clone())]).await;
    assert_eq!(s.carts.get_cart(get(Driver::Magento, "c")).await.expect_err("down").code(), Code::Unavailable);
    assert_eq!(
        s.carts.get_cart(get(Driver::Shopify, "c")).await.expect_err("unconfigured").code(),
        Code::FailedPrecondition
    );
}
