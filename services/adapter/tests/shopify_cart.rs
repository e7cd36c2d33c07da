//! Shopify's carts (issue 23) through the real path: the adapter's gRPC over loopback →
//! the Shopify cart driver → the demo shop over HTTP, which validates every document
//! against the Storefront API 2025-01 schema, demands the token, and keeps the carts.
//! The cart lives in the shop: its record of requests shows the mutations, and a fresh
//! read of the cart from the shop matches what the adapter answered. What holds for every
//! backend (carts made at once among it) is the conformance suite's (`tests/conformance.rs`).

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tonic::{Code, Status};
use vitrine_adapter::shopify::backend;
use vitrine_adapter::shopify::transform::cart::{NOT_IN_CART, OUT_OF_STOCK, UNKNOWN_VARIANT};
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::store::EmbeddedStore;
use vitrine_domain::error::CART_GONE;
use vitrine_domain::{Backend, Driver, money};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::{
    AddToCartRequest, Cart, CartRequest, DriverRequest, RemoveCartLineRequest, UpdateCartLineRequest,
};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::graphql::FakeGraphQl;
use vitrine_testkit::shopify::{self, ACCESS_TOKEN_HEADER, carts::STOCK};

const TOKEN: &str = "shpat_cart_token_0123";
/// The Hydrogen Snowboard's variants in the fixture (issue 22): 151/Ice at 600.0, 159/Sunset
/// at 512.0, and 155/Ice, which is not for sale (none in stock).
const ICE_151: &str = "43695710535901";
const SUNSET_159: &str = "43695710535905";
const ICE_155: &str = "43695710535902";
/// Helium Bindings, sold as it is: its one variant is "Title: Default Title".
const BINDINGS: &str = "79828536199411";

struct Setup {
    /// First: the adapter stops before the shop goes.
    _adapter: RunningAdapter,
    shop: FakeGraphQl,
    client: AdapterClient<GrpcChannel>,
    store: Arc<EmbeddedStore>,
}

async fn setup(token: &str) -> Setup {
    let shop = shopify::start(TOKEN);
    let store = Arc::new(EmbeddedStore::default());
    let mut config = vitrine_adapter::Config::new(Backend::Shopify);
    config.set(Backend::Shopify, backend::ENDPOINT, shop.url.clone());
    config.set(Backend::Shopify, backend::ACCESS_TOKEN, token);
    config.upstream_timeout = Duration::from_millis(500);
    let adapter = RunningAdapter::start_with_store(config, store.clone()).await;
    Setup { client: adapter.client(), _adapter: adapter, shop, store }
}

const fn driver() -> i32 {
    Driver::Shopify as i32
}

impl Setup {
    async fn create(&self) -> Result<Cart, Status> {
        let request = DriverRequest { driver: driver(), fresh_after_ms: 0 };
        self.client.clone().create_cart(request).await.map(tonic::Response::into_inner)
    }

    async fn get(&self, cart: &str) -> Result<Cart, Status> {
        let request = CartRequest { driver: driver(), cart_id: cart.into() };
        self.client.clone().get_cart(request).await.map(tonic::Response::into_inner)
    }

    async fn add(&self, cart: &str, variant: &str, quantity: u32) -> Result<Cart, Status> {
        let request = AddToCartRequest { driver: driver(), cart_id: cart.into(), variant: variant.into(), quantity };
        self.client.clone().add_to_cart(request).await.map(tonic::Response::into_inner)
    }

    async fn update(&self, cart: &str, line: &str, quantity: u32) -> Result<Cart, Status> {
        let request = UpdateCartLineRequest { driver: driver(), cart_id: cart.into(), line: line.into(), quantity };
        self.client.clone().update_cart_line(request).await.map(tonic::Response::into_inner)
    }

    async fn remove(&self, cart: &str, line: &str) -> Result<Cart, Status> {
        let request = RemoveCartLineRequest { driver: driver(), cart_id: cart.into(), line: line.into() };
        self.client.clone().remove_cart_line(request).await.map(tonic::Response::into_inner)
    }

    /// The cart as the shop itself has it, read over its own GraphQL endpoint.
    async fn read_from_shop(&self, cart: &str) -> Value {
        let query = "query FreshRead($id: ID!) { cart(id: $id) { id checkoutUrl \
                     cost { subtotalAmount { amount currencyCode } } \
                     lines(first: 250) { nodes { id quantity cost { totalAmount { amount } } \
                     merchandise { ... on ProductVariant { id } } } } } }";
        let body = json!({ "operationName": "FreshRead", "query": query, "variables": { "id": cart } });
        let response = reqwest::Client::new()
            .post(format!("{}/api/2025-01/graphql.json", self.shop.url))
            .header(ACCESS_TOKEN_HEADER, TOKEN)
            .json(&body)
            .send()
            .await
            .expect("the shop answers");
        let answer: Value = response.json().await.expect("JSON");
        assert!(answer["errors"].is_null(), "{answer}");
        answer["data"]["cart"].clone()
    }

    /// The names of the operations the shop received, in order.
    fn operations(&self) -> Vec<String> {
        self.shop.received().into_iter().flat_map(|r| r.operations).collect()
    }
}

/// A `MoneyV2` as the shop holds it, in minor units of its currency.
fn amount(v: &Value) -> Option<i64> {
    money::from_decimal(v["amount"].as_str()?, v["currencyCode"].as_str())
}

/// What the adapter answered and what the shop holds are one cart.
fn assert_same(answered: &Cart, fresh: &Value) {
    assert_eq!(fresh["id"].as_str(), Some(answered.id.as_str()));
    assert_eq!(fresh["checkoutUrl"].as_str(), answered.checkout_url.as_deref());
    assert_eq!(amount(&fresh["cost"]["subtotalAmount"]), answered.subtotal);
    assert_eq!(fresh["cost"]["subtotalAmount"]["currencyCode"].as_str(), answered.currency.as_deref());
    let lines: Vec<(String, String, u32, Option<i64>)> = fresh["lines"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| {
            let variant = l["merchandise"]["id"].as_str().unwrap_or_default();
            // Vitrine names a line without its cart's token (the shop's id ends `?cart=`
            // and the token, which reads the cart).
            let id = l["id"].as_str().unwrap_or_default();
            (
                id.split_once("?cart=").map_or(id, |(line, _)| line).to_owned(),
                variant.trim_start_matches("gid://shopify/ProductVariant/").to_owned(),
                u32::try_from(l["quantity"].as_u64().unwrap_or_default()).unwrap_or_default(),
                amount(&l["cost"]["totalAmount"]),
            )
        })
        .collect();
    let answered: Vec<(String, String, u32, Option<i64>)> =
        answered.lines.iter().map(|l| (l.id.clone(), l.variant.clone(), l.quantity, l.line_total)).collect();
    assert_eq!(lines, answered);
}

fn line_of<'a>(cart: &'a Cart, variant: &str) -> &'a vitrine_proto::v1::CartLine {
    cart.lines.iter().find(|l| l.variant == variant).unwrap_or_else(|| panic!("no line of {variant}: {cart:?}"))
}

fn refused(result: Result<Cart, Status>) -> (Code, String) {
    let status = result.expect_err("refused");
    (status.code(), status.message().to_owned())
}

/// A checkout address the shop answers on another host than its own is never offered:
/// here the adapter asks the shop as `localhost`, and the shop writes its checkout address
/// on `127.0.0.1`.
#[tokio::test(flavor = "multi_thread")]
async fn a_checkout_address_on_another_host_is_not_offered() {
    let shop = shopify::start(TOKEN);
    let mut config = vitrine_adapter::Config::new(Backend::Shopify);
    config.set(Backend::Shopify, backend::ENDPOINT, shop.url.replace("127.0.0.1", "localhost"));
    config.set(Backend::Shopify, backend::ACCESS_TOKEN, TOKEN);
    let adapter = RunningAdapter::start_with_store(config, Arc::new(EmbeddedStore::default())).await;
    let request = DriverRequest { driver: driver(), fresh_after_ms: 0 };
    let cart = adapter.client().create_cart(request).await.expect("create").into_inner();
    assert!(cart.id.starts_with("gid://shopify/Cart/"), "the cart is made: {}", cart.id);
    assert_eq!(cart.checkout_url, None, "the shop's address names 127.0.0.1, not the shop's localhost");
}

#[tokio::test(flavor = "multi_thread")]
async fn add_merge_update_and_remove_change_the_cart_the_shop_keeps() {
    let s = setup(TOKEN).await;
    let empty = s.create().await.expect("create");
    assert!(empty.id.starts_with("gid://shopify/Cart/") && empty.id.contains("?key="), "{}", empty.id);
    assert!(empty.lines.is_empty() && empty.notices.is_empty());
    assert_eq!((empty.subtotal, empty.currency.as_deref()), (Some(0), Some("USD")));
    let checkout = empty.checkout_url.clone().expect("a checkout url");
    assert!(checkout.starts_with(&format!("{}/cart/c/", s.shop.url)), "{checkout}");
    let page = reqwest::get(&checkout).await.expect("the checkout page");
    assert_eq!(page.status(), 200, "the demo's checkout page");
    let cart = empty.id.clone();

    let one = s.add(&cart, ICE_151, 1).await.expect("add");
    assert_eq!(one.lines.len(), 1);
    let line = &one.lines[0];
    assert_eq!(
        (line.variant.as_str(), line.name.as_str(), line.product_url.as_str(), line.quantity),
        (ICE_151, "The Hydrogen Snowboard", "/products/hydrogen-snowboard", 1)
    );
    let options: Vec<(&str, &str)> = line.options.iter().map(|o| (o.name.as_str(), o.value.as_str())).collect();
    assert_eq!(options, [("Size", "151"), ("Color", "Ice")]);
    let image = line.image.as_ref().expect("the variant's picture");
    assert_eq!(
        (image.url.clone(), image.label.as_str()),
        (format!("{}/s/files/snowboard-ice.png", s.shop.url), "The ice snowboard")
    );
    assert_eq!((line.unit_price, line.line_total, one.subtotal), (Some(60000), Some(60000), Some(60000)));

    // The same variant again merges into its line.
    let merged = s.add(&cart, ICE_151, 1).await.expect("add again");
    assert_eq!(merged.lines.len(), 1, "one line");
    assert_eq!((merged.lines[0].id.as_str(), merged.lines[0].quantity), (line.id.as_str(), 2));
    assert_eq!((merged.lines[0].line_total, merged.subtotal), (Some(120_000), Some(120_000)));

    // A product sold as it is: no "Title: Default Title" option.
    let two = s.add(&cart, BINDINGS, 1).await.expect("add bindings");
    let bindings = line_of(&two, BINDINGS);
    assert_eq!(
        (bindings.name.as_str(), bindings.options.len(), bindings.unit_price),
        ("Helium Bindings", 0, Some(24900))
    );
    assert_eq!(two.subtotal, Some(144_900));

    let updated = s.update(&cart, &line.id, 3).await.expect("update");
    assert_eq!((line_of(&updated, ICE_151).quantity, line_of(&updated, ICE_151).line_total), (3, Some(180_000)));
    assert_eq!(updated.subtotal, Some(204_900));
    assert_same(&updated, &s.read_from_shop(&cart).await);

    let removed = s.remove(&cart, &line.id).await.expect("remove");
    let left: Vec<&str> = removed.lines.iter().map(|l| l.variant.as_str()).collect();
    assert_eq!((left, removed.subtotal), (vec![BINDINGS], Some(24900)));
    assert_same(&removed, &s.read_from_shop(&cart).await);
    assert_eq!(s.get(&cart).await.expect("get"), removed, "a read answers what the last change did");

    // The cart lives in the shop: every change was its mutation.
    let ops = s.operations();
    for op in [
        "ShopifyCartCreate",
        "ShopifyCartLinesAdd",
        "ShopifyCartLinesUpdate",
        "ShopifyCartLinesRemove",
        "ShopifyGetCart",
    ] {
        assert!(ops.iter().any(|o| o == op), "{op} in {ops:?}");
    }
    assert_eq!(ops.iter().filter(|o| *o == "ShopifyCartLinesAdd").count(), 3);
    assert!(s.shop.received().iter().all(|r| r.batch_size == 1), "a cart call is never batched");
    assert_eq!(s.store.held_keys(), 0, "nothing of a cart is cached");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_variant_or_line_is_refused_with_a_clear_text() {
    let s = setup(TOKEN).await;
    let cart = s.create().await.expect("create").id;
    let kept = s.add(&cart, SUNSET_159, 1).await.expect("add");
    for variant in ["999", "not-a-variant", "gid://shopify/ProductVariant/43695710535905"] {
        assert_eq!(refused(s.add(&cart, variant, 1).await), (Code::Aborted, UNKNOWN_VARIANT.to_owned()), "{variant}");
    }
    for line in ["gid://shopify/CartLine/nope?cart=x", "line-1"] {
        assert_eq!(refused(s.update(&cart, line, 2).await), (Code::Aborted, NOT_IN_CART.to_owned()), "{line}");
        assert_eq!(refused(s.remove(&cart, line).await), (Code::Aborted, NOT_IN_CART.to_owned()), "{line}");
    }
    assert_eq!(s.get(&cart).await.expect("get"), kept, "refusals change nothing");
    // "999" reached the shop, which refused it; the others were refused before sending.
    assert_eq!(s.operations().iter().filter(|o| *o == "ShopifyCartLinesAdd").count(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn stock_refuses_what_cannot_be_had_and_tells_the_shopper_what_was_reduced() {
    let s = setup(TOKEN).await;
    let cart = s.create().await.expect("create").id;
    assert_eq!(refused(s.add(&cart, ICE_155, 1).await), (Code::Aborted, OUT_OF_STOCK.to_owned()), "none in stock");
    assert!(s.get(&cart).await.expect("get").lines.is_empty());

    let reduced = s.add(&cart, ICE_151, STOCK + 2).await.expect("more than in stock: reduced");
    assert_eq!(line_of(&reduced, ICE_151).quantity, STOCK);
    assert_eq!(
        reduced.notices,
        [format!("Only {STOCK} of The Hydrogen Snowboard (151, Ice) were available; the quantity was reduced.")]
    );
    assert_eq!(
        refused(s.add(&cart, ICE_151, 1).await),
        (
            Code::Aborted,
            format!(
                "Only {STOCK} of The Hydrogen Snowboard (151, Ice) are available, and the cart already holds them."
            )
        ),
        "more than in stock, with all of it in the cart already"
    );
    let line = line_of(&reduced, ICE_151).id.clone();
    let updated = s.update(&cart, &line, STOCK + 4).await.expect("update past the stock: reduced");
    assert_eq!((line_of(&updated, ICE_151).quantity, updated.notices.len()), (STOCK, 1));
    let fresh = s.get(&cart).await.expect("get");
    assert!(fresh.notices.is_empty(), "a notice says what one change did; a read has none");
    assert_same(&fresh, &s.read_from_shop(&cart).await);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cart_the_shop_no_longer_knows_is_gone() {
    let s = setup(TOKEN).await;
    let cart = s.create().await.expect("create").id;
    let line = s.add(&cart, ICE_151, 1).await.expect("add").lines[0].id.clone();
    s.shop.forget_carts();
    assert_eq!(s.read_from_shop(&cart).await, Value::Null, "the shop forgot it");
    let gone = (Code::NotFound, CART_GONE.to_owned());
    assert_eq!(refused(s.get(&cart).await), gone, "get");
    assert_eq!(refused(s.add(&cart, ICE_151, 1).await), gone, "add");
    assert_eq!(refused(s.update(&cart, &line, 2).await), gone, "update");
    assert_eq!(refused(s.remove(&cart, &line).await), gone, "remove");
    let wrong_key = cart.split("?key=").next().map(|t| format!("{t}?key=0")).unwrap_or_default();
    for other in ["gid://shopify/Cart/c1-unknown?key=0", wrong_key.as_str(), "c1-not-a-shopify-id"] {
        assert_eq!(refused(s.get(other).await), gone, "{other}");
    }
    // The shop said so for the update and the removal, whose userErrors name `cartId`.
    let ops = s.operations();
    assert!(ops.iter().any(|o| o == "ShopifyCartLinesUpdate") && ops.iter().any(|o| o == "ShopifyCartLinesRemove"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_failing_slow_or_refusing_shop_is_a_clean_error() {
    let s = setup(TOKEN).await;
    let cart = s.create().await.expect("create").id;
    s.shop.fail_with(500);
    let failed = (Code::Unavailable, "The backend answered with HTTP status 500.".to_owned());
    assert_eq!(refused(s.create().await), failed);
    assert_eq!(refused(s.add(&cart, ICE_151, 1).await), failed);
    s.shop.fail_with(0);
    s.shop.delay(Duration::from_secs(2));
    assert_eq!(refused(s.get(&cart).await).0, Code::DeadlineExceeded);
    assert_eq!(refused(s.create().await).0, Code::DeadlineExceeded);
    s.shop.delay(Duration::ZERO);
    assert!(s.get(&cart).await.expect("back").lines.is_empty());

    let wrong = setup("not-the-token").await;
    let (code, message) = refused(wrong.create().await);
    assert_eq!(code, Code::Unavailable);
    assert!(!message.contains("not-the-token") && !message.contains(TOKEN), "{message}");
}
