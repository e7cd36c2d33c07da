//! Medusa's carts (issue 23) through the real path: the adapter's gRPC over loopback →
//! the Medusa cart driver → the Medusa demo shop over HTTP, which keeps the carts and
//! checks every request (method, path, query and JSON body) against the Store API's
//! OpenAPI document and demands the publishable key. What holds for every backend (two
//! visitors creating carts at once among it) is the conformance suite's
//! (`tests/conformance.rs`).

use std::time::Duration;

use serde_json::{Value, json};
use tonic::Code;
use vitrine_adapter::medusa::backend;
use vitrine_common::grpc::GrpcChannel;
use vitrine_domain::error::CART_GONE;
use vitrine_domain::{Backend, Driver, money};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::{
    AddToCartRequest, Cart, CartRequest, DriverRequest, RemoveCartLineRequest, UpdateCartLineRequest,
};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::medusa::{self, DEMO_KEY, KEY_HEADER, MedusaShop, Received};
use vitrine_testkit::shared_documents::check_medusa_requests;

const HOODIE_M: &str = "variant_01OODIE1";
const HOODIE_L: &str = "variant_01OODIE2";
const TOTE: &str = "variant_01OTE0";
/// The logo cap: inventory not managed, sellable at 0.
const CAP: &str = "variant_01AP0";
const NOT_ENOUGH: &str = "Not enough in stock: this option is sold out, or fewer are left than asked for.";

struct Setup {
    shop: MedusaShop,
    client: AdapterClient<GrpcChannel>,
    _adapter: RunningAdapter,
}

async fn setup() -> Setup {
    let shop = medusa::start(DEMO_KEY);
    let mut config = vitrine_adapter::Config::new(Backend::Medusa);
    config.set(Backend::Medusa, backend::URL, shop.url.clone());
    config.set(Backend::Medusa, backend::PUBLISHABLE_KEY, DEMO_KEY);
    config.upstream_timeout = Duration::from_millis(500);
    let adapter = RunningAdapter::start(config).await;
    Setup { shop, client: adapter.client(), _adapter: adapter }
}

fn driver() -> i32 {
    Driver::Medusa.into()
}

async fn create(c: &mut AdapterClient<GrpcChannel>) -> Cart {
    c.create_cart(DriverRequest { driver: driver(), fresh_after_ms: 0 }).await.expect("create").into_inner()
}

async fn add(
    c: &mut AdapterClient<GrpcChannel>,
    cart: &str,
    variant: &str,
    quantity: u32,
) -> Result<Cart, tonic::Status> {
    let request = AddToCartRequest { driver: driver(), cart_id: cart.into(), variant: variant.into(), quantity };
    c.add_to_cart(request).await.map(tonic::Response::into_inner)
}

async fn update(
    c: &mut AdapterClient<GrpcChannel>,
    cart: &str,
    line: &str,
    quantity: u32,
) -> Result<Cart, tonic::Status> {
    let request = UpdateCartLineRequest { driver: driver(), cart_id: cart.into(), line: line.into(), quantity };
    c.update_cart_line(request).await.map(tonic::Response::into_inner)
}

async fn remove(c: &mut AdapterClient<GrpcChannel>, cart: &str, line: &str) -> Result<Cart, tonic::Status> {
    let request = RemoveCartLineRequest { driver: driver(), cart_id: cart.into(), line: line.into() };
    c.remove_cart_line(request).await.map(tonic::Response::into_inner)
}

async fn get(c: &mut AdapterClient<GrpcChannel>, cart: &str) -> Result<Cart, tonic::Status> {
    c.get_cart(CartRequest { driver: driver(), cart_id: cart.into() }).await.map(tonic::Response::into_inner)
}

/// (variant, quantity, unit price, line total) of each line.
fn lines(cart: &Cart) -> Vec<(String, u32, Option<i64>, Option<i64>)> {
    cart.lines.iter().map(|l| (l.variant.clone(), l.quantity, l.unit_price, l.line_total)).collect()
}

/// The cart read from the shop itself, over HTTP, as a storefront would.
async fn from_the_shop(shop: &MedusaShop, cart: &str) -> (u16, Value) {
    let response = reqwest::Client::new()
        .get(format!("{}/store/carts/{cart}", shop.url))
        .header(KEY_HEADER, DEMO_KEY)
        .send()
        .await
        .expect("the shop answers");
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

/// The cart requests the shop received: (method, path without the cart id, body).
fn writes(received: &[Received], cart: &str) -> Vec<(String, String, Option<Value>)> {
    received
        .iter()
        .filter(|r| r.path_and_query.starts_with("/store/carts"))
        .map(|r| {
            let path = r.path_and_query.split('?').next().unwrap_or_default().replace(cart, "{id}");
            (r.method.clone(), path, r.body.as_deref().map(|b| serde_json::from_str(b).expect("a JSON body")))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn add_merge_update_and_remove_in_a_cart_the_shop_keeps() {
    let s = setup().await;
    let mut c = s.client.clone();
    let cart = create(&mut c).await;
    assert!(cart.id.starts_with("cart_"), "{}", cart.id);
    assert_eq!((cart.lines.len(), cart.subtotal, cart.currency.as_deref()), (0, Some(0), Some("EUR")));

    let added = add(&mut c, &cart.id, HOODIE_M, 1).await.expect("add");
    assert_eq!(lines(&added), [(HOODIE_M.into(), 1, Some(4500), Some(4500))], "the region's calculated price");
    let line = &added.lines[0];
    assert_eq!((line.name.as_str(), line.product_url.as_str()), ("Medusa Hoodie", "/products/medusa-hoodie"));
    let options: Vec<(&str, &str)> = line.options.iter().map(|o| (o.name.as_str(), o.value.as_str())).collect();
    assert_eq!(options, [("Variant", "M")], "the variant's title, as the line keeps it");
    assert!(line.image.as_ref().is_some_and(|i| i.url.ends_with("/static/hoodie-front.png")), "{:?}", line.image);

    // The same variant again: one line, quantities summed (Medusa merges).
    let merged = add(&mut c, &cart.id, HOODIE_M, 2).await.expect("merge");
    assert_eq!(lines(&merged), [(HOODIE_M.into(), 3, Some(4500), Some(13500))]);
    assert_eq!(merged.lines[0].id, line.id, "the same line");
    assert_eq!(merged.subtotal, Some(13500));

    let updated = update(&mut c, &cart.id, &line.id, 2).await.expect("update");
    assert_eq!((lines(&updated), updated.subtotal), (vec![(HOODIE_M.into(), 2, Some(4500), Some(9000))], Some(9000)));

    let two = add(&mut c, &cart.id, TOTE, 1).await.expect("a second line");
    assert_eq!(two.subtotal, Some(10950));
    let tote = two.lines.iter().find(|l| l.variant == TOTE).expect("the tote's line");
    let chosen: Vec<(&str, &str)> = tote.options.iter().map(|o| (o.name.as_str(), o.value.as_str())).collect();
    assert_eq!(chosen, [("Variant", "One size")], "the variant's title, as the line keeps it");
    let removed = remove(&mut c, &cart.id, &tote.id).await.expect("remove");
    assert_eq!((lines(&removed), removed.subtotal), (vec![(HOODIE_M.into(), 2, Some(4500), Some(9000))], Some(9000)));

    // A fresh read, from the adapter and from the shop itself, is what the adapter answered.
    assert_eq!(get(&mut c, &cart.id).await.expect("get"), removed);
    let (status, body) = from_the_shop(&s.shop, &cart.id).await;
    assert_eq!(status, 200, "{body}");
    let kept = &body["cart"];
    assert_eq!((kept["item_subtotal"].as_f64(), &kept["currency_code"]), (Some(90.0), &json!("eur")));
    let kept_lines: Vec<(String, u32, Option<i64>, Option<i64>)> = kept["items"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| {
            let quantity = u32::try_from(i["quantity"].as_u64().unwrap_or_default()).unwrap_or_default();
            let unit = i["unit_price"].as_f64().and_then(|unit| money::from_major(unit, Some("EUR")));
            (
                i["variant_id"].as_str().unwrap_or_default().to_owned(),
                quantity,
                unit,
                // Medusa 2.21's default cart fields hold no line total: unit × quantity.
                unit.map(|unit| unit * i64::from(quantity)),
            )
        })
        .collect();
    assert_eq!(kept_lines, lines(&removed));
    assert_eq!(kept["items"][0]["id"].as_str(), Some(line.id.as_str()));

    // The shop's own record shows every change, each with the key, bodies as sent.
    let received = s.shop.received();
    let id = "{id}";
    let line_path = format!("/store/carts/{id}/line-items/{}", line.id);
    let tote_path = format!("/store/carts/{id}/line-items/{}", tote.id);
    let expected: Vec<(String, String, Option<Value>)> = vec![
        ("POST".into(), "/store/carts".into(), Some(json!({ "region_id": medusa::REGION_ID }))),
        (
            "POST".into(),
            format!("/store/carts/{id}/line-items"),
            Some(json!({ "variant_id": HOODIE_M, "quantity": 1 })),
        ),
        (
            "POST".into(),
            format!("/store/carts/{id}/line-items"),
            Some(json!({ "variant_id": HOODIE_M, "quantity": 2 })),
        ),
        ("POST".into(), line_path, Some(json!({ "quantity": 2 }))),
        ("POST".into(), format!("/store/carts/{id}/line-items"), Some(json!({ "variant_id": TOTE, "quantity": 1 }))),
        ("GET".into(), format!("/store/carts/{id}"), None),
        ("DELETE".into(), tote_path, None),
        ("GET".into(), format!("/store/carts/{id}"), None),
        ("GET".into(), format!("/store/carts/{id}"), None),
    ];
    assert_eq!(writes(&received, &cart.id), expected);
    assert!(received.iter().all(|r| r.key.as_deref() == Some(DEMO_KEY)), "every request carries the key");
    let cart_calls = received.iter().filter(|r| r.path_and_query.starts_with("/store/carts")).count();
    let with_fields = received.iter().filter(|r| r.path_and_query.contains("?fields=")).count();
    assert_eq!(with_fields, cart_calls - 1, "every cart call asks for its fields (the test's own read aside)");
    assert!(s.shop.invalid().is_empty(), "every request matched the OpenAPI document: {:?}", s.shop.invalid());
    check_medusa_requests(&received);
}

#[tokio::test(flavor = "multi_thread")]
async fn refusals_are_clear_texts_and_change_nothing() {
    let s = setup().await;
    let mut c = s.client.clone();
    let cart = create(&mut c).await.id;
    let refused = |result: Result<Cart, tonic::Status>| {
        let status = result.expect_err("refused");
        (status.code(), status.message().to_owned())
    };
    assert_eq!(
        refused(add(&mut c, &cart, "variant_nope", 1).await),
        (Code::Aborted, "This product option is not for sale in this shop.".into())
    );
    let not_enough = (Code::Aborted, NOT_ENOUGH.to_owned());
    assert_eq!(refused(add(&mut c, &cart, HOODIE_L, 1).await), not_enough, "the hoodie's L is sold out");
    assert_eq!(refused(add(&mut c, &cart, HOODIE_M, 11).await), not_enough, "ten are in stock");
    let held = add(&mut c, &cart, HOODIE_M, 6).await.expect("six of ten");
    assert_eq!(refused(add(&mut c, &cart, HOODIE_M, 5).await), not_enough, "six held and five more are eleven");
    let line = held.lines[0].id.clone();
    assert_eq!(refused(update(&mut c, &cart, &line, 11).await), not_enough);
    let gone_line = (Code::Aborted, "That line is no longer in the cart.".to_owned());
    assert_eq!(refused(update(&mut c, &cart, "cali_nope", 1).await), gone_line);
    assert_eq!(refused(remove(&mut c, &cart, "cali_nope").await), gone_line);
    // Another cart's line is not this cart's, to change or to remove.
    let other = create(&mut c).await.id;
    let theirs = add(&mut c, &other, TOTE, 1).await.expect("their line").lines[0].id.clone();
    assert_eq!(refused(remove(&mut c, &cart, &theirs).await), gone_line);
    assert_eq!(refused(update(&mut c, &cart, &theirs, 2).await), gone_line);
    assert_eq!(lines(&get(&mut c, &other).await.expect("theirs")), [(TOTE.into(), 1, Some(1950), Some(1950))]);

    // Inventory not managed: sellable at 0, as many as asked.
    let capped = add(&mut c, &cart, CAP, 20).await.expect("not managed");
    assert_eq!(lines(&get(&mut c, &cart).await.expect("get")), lines(&capped));
    assert_eq!(
        lines(&capped),
        [(HOODIE_M.into(), 6, Some(4500), Some(27000)), (CAP.into(), 20, Some(2200), Some(44000))],
        "the refusals changed nothing"
    );
    assert!(s.shop.invalid().is_empty(), "{:?}", s.shop.invalid());
    check_medusa_requests(&s.shop.received());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cart_the_shop_no_longer_knows_is_gone() {
    let s = setup().await;
    let mut c = s.client.clone();
    let cart = create(&mut c).await.id;
    let line = add(&mut c, &cart, HOODIE_M, 1).await.expect("add").lines[0].id.clone();
    s.shop.forget_carts();
    assert_eq!(from_the_shop(&s.shop, &cart).await.0, 404, "the shop forgot it");
    for result in [
        get(&mut c, &cart).await,
        add(&mut c, &cart, HOODIE_M, 1).await,
        add(&mut c, &cart, "variant_nope", 1).await,
        update(&mut c, &cart, &line, 2).await,
        remove(&mut c, &cart, &line).await,
        get(&mut c, "cart_01NEVERISSUED").await,
    ] {
        let status = result.expect_err("gone");
        assert_eq!((status.code(), status.message()), (Code::NotFound, CART_GONE));
    }
    assert!(!s.shop.received().iter().any(|r| r.method == "DELETE"), "nothing deleted from a cart not there");
    assert!(s.shop.invalid().is_empty(), "{:?}", s.shop.invalid());
}

#[tokio::test(flavor = "multi_thread")]
async fn server_errors_and_timeouts_fail_like_reads() {
    let s = setup().await;
    let mut c = s.client.clone();
    let cart = create(&mut c).await.id;
    s.shop.fail_with(Some(500));
    for result in [
        c.create_cart(DriverRequest { driver: driver(), fresh_after_ms: 0 }).await.map(tonic::Response::into_inner),
        get(&mut c, &cart).await,
        add(&mut c, &cart, HOODIE_M, 1).await,
        remove(&mut c, &cart, "cali_any").await,
    ] {
        let status = result.expect_err("500");
        assert_eq!(
            (status.code(), status.message()),
            (Code::Unavailable, "The backend answered with HTTP status 500.")
        );
    }
    s.shop.fail_with(None);

    s.shop.delay(Duration::from_secs(2));
    let status = add(&mut c, &cart, HOODIE_M, 1).await.expect_err("timeout");
    assert_eq!((status.code(), status.message()), (Code::DeadlineExceeded, "The backend did not answer in time."));
    s.shop.delay(Duration::ZERO);

    // Nothing was kept of the failures: the cart answers again, as the shop has it (the
    // add that timed out still lands once the shop's delay is over, as a real store's may).
    tokio::time::sleep(Duration::from_secs(2)).await;
    let now = get(&mut c, &cart).await.expect("recovered");
    let (_, body) = from_the_shop(&s.shop, &cart).await;
    assert_eq!(now.lines.len(), body["cart"]["items"].as_array().map_or(0, Vec::len));
}
