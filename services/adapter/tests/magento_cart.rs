//! Magento's guest carts through the real path (issue 23): the adapter's gRPC over
//! loopback → the Magento driver → the demo shop over HTTP, which validates every
//! document against the Magento 2.4.6 schema and keeps the carts. Add, merge, update,
//! remove; refusals (unknown variant, out of stock, more than in stock); a cart the shop
//! forgot; the shop failing or slow; carts created at once never batched nor cached; the
//! shop's own record. What holds for every backend is the conformance suite's
//! (`tests/conformance.rs`).

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tonic::{Code, Status};
use vitrine_adapter::magento::transform::cart as texts;
use vitrine_common::grpc::GrpcChannel;
use vitrine_common::store::EmbeddedStore;
use vitrine_domain::error::CART_GONE;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::{
    AddToCartRequest, Cart, CartRequest, DriverRequest, ProductRequest, RemoveCartLineRequest, UpdateCartLineRequest,
};
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::magento::{self, MagentoShop};
use vitrine_testkit::watched_store::WatchedStore;

struct Setup {
    /// First: the adapter stops before the shop goes.
    _adapter: RunningAdapter,
    shop: MagentoShop,
    client: AdapterClient<GrpcChannel>,
    /// In front of the adapter, remembering every key read or written: nothing of a
    /// cart may reach it.
    store: Arc<WatchedStore>,
}

async fn setup_with(timeout: Duration) -> Setup {
    let shop = magento::start_shop();
    let store = Arc::new(WatchedStore::new(Arc::new(EmbeddedStore::default())));
    let mut config = vitrine_adapter::Config::new(Backend::Magento);
    config.set(Backend::Magento, vitrine_adapter::magento::backend::BASE_URL, shop.url.clone());
    config.upstream_timeout = timeout;
    let adapter = RunningAdapter::start_with_store(config, store.clone()).await;
    Setup { client: adapter.client(), _adapter: adapter, shop, store }
}

async fn setup() -> Setup {
    setup_with(Duration::from_secs(2)).await
}

fn driver() -> i32 {
    Driver::Magento.into()
}

impl Setup {
    fn c(&self) -> AdapterClient<GrpcChannel> {
        self.client.clone()
    }

    async fn create(&self) -> String {
        let cart = self.c().create_cart(DriverRequest { driver: driver(), fresh_after_ms: 0 }).await.expect("create");
        cart.into_inner().id
    }

    async fn get(&self, cart: &str) -> Result<Cart, Status> {
        let request = CartRequest { driver: driver(), cart_id: cart.into() };
        self.c().get_cart(request).await.map(tonic::Response::into_inner)
    }

    async fn add(&self, cart: &str, variant: &str, quantity: u32) -> Result<Cart, Status> {
        let request = AddToCartRequest { driver: driver(), cart_id: cart.into(), variant: variant.into(), quantity };
        self.c().add_to_cart(request).await.map(tonic::Response::into_inner)
    }

    async fn update(&self, cart: &str, line: &str, quantity: u32) -> Result<Cart, Status> {
        let request = UpdateCartLineRequest { driver: driver(), cart_id: cart.into(), line: line.into(), quantity };
        self.c().update_cart_line(request).await.map(tonic::Response::into_inner)
    }

    async fn remove(&self, cart: &str, line: &str) -> Result<Cart, Status> {
        let request = RemoveCartLineRequest { driver: driver(), cart_id: cart.into(), line: line.into() };
        self.c().remove_cart_line(request).await.map(tonic::Response::into_inner)
    }

    /// The id the product page lists for `sku`'s variant `child`.
    async fn variant(&self, sku: &str, child: &str) -> String {
        let page = self
            .c()
            .get_product(ProductRequest { driver: driver(), id: sku.into(), fresh_after_ms: 0 })
            .await
            .expect("product")
            .into_inner();
        let variants = &page.products[0].variants;
        variants.iter().find(|v| v.sku.as_deref() == Some(child)).map(|v| v.id.clone()).expect(child)
    }

    /// The operations the shop received, in order.
    fn operations(&self) -> Vec<String> {
        self.shop.received().iter().flat_map(|r| r.operations.clone()).collect()
    }

    /// The cart read from the shop itself, by a query of this test's own: each line's
    /// uid, SKU sold, quantity and row total, and the subtotal.
    async fn read_from_shop(&self, cart: &str) -> Value {
        let query = "query ShopSays($id: String!) { cart(cart_id: $id) { items { uid quantity \
                     product { sku } ... on ConfigurableCartItem { configured_variant { sku } } \
                     prices { row_total { value } } } prices { subtotal_excluding_tax { value } } } }";
        let body = json!({ "operationName": "ShopSays", "query": query, "variables": { "id": cart } });
        let answer: Value = reqwest::Client::new()
            .post(format!("{}/graphql", self.shop.url))
            .json(&body)
            .send()
            .await
            .expect("the shop answers")
            .json()
            .await
            .expect("json");
        answer["data"]["cart"].clone()
    }
}

/// Each line as `(variant, quantity, unit price, line total)`.
fn lines(cart: &Cart) -> Vec<(String, u32, Option<i64>, Option<i64>)> {
    cart.lines.iter().map(|l| (l.variant.clone(), l.quantity, l.unit_price, l.line_total)).collect()
}

fn refused(r: Result<Cart, Status>, text: &str) {
    let e = r.expect_err(text);
    assert_eq!((e.code(), e.message()), (Code::Aborted, text));
}

fn gone(r: Result<Cart, Status>, what: &str) {
    let e = r.expect_err(what);
    assert_eq!((e.code(), e.message()), (Code::NotFound, CART_GONE), "{what}");
}

#[tokio::test(flavor = "multi_thread")]
async fn add_merge_update_and_remove_in_the_shop_s_own_cart() {
    let s = setup().await;
    let hoodie = s.variant("MH01", "MH01-S-Black").await;
    let cart = s.create().await;
    assert_eq!(cart.len(), 32, "Magento's masked id");
    let empty = s.get(&cart).await.expect("empty");
    assert_eq!((empty.id.as_str(), empty.lines.len(), empty.subtotal), (cart.as_str(), 0, Some(0)));

    let added = s.add(&cart, &hoodie, 1).await.expect("add");
    assert_eq!(lines(&added), [(hoodie.clone(), 1, Some(5200), Some(5200))], "the product page's variant id");
    let line = &added.lines[0];
    assert_eq!((line.name.as_str(), line.product_url.as_str()), ("Chaz Kangeroo Hoodie", "/chaz-kangeroo-hoodie.html"));
    let options: Vec<(&str, &str)> = line.options.iter().map(|o| (o.name.as_str(), o.value.as_str())).collect();
    assert_eq!(options, [("Size", "S"), ("Color", "Black")]);
    let image = line.image.as_ref().map(|i| i.url.clone()).unwrap_or_default();
    assert_eq!(image, format!("{}/media/catalog/product/m/h/mh01-black_main.png", s.shop.url), "the child's picture");
    assert_eq!(
        (added.id.as_str(), added.subtotal, added.currency.as_deref()),
        (cart.as_str(), Some(5200), Some("USD"))
    );

    let merged = s.add(&cart, &hoodie, 2).await.expect("add again");
    assert_eq!(lines(&merged), [(hoodie.clone(), 3, Some(5200), Some(15600))], "one line, quantities summed");
    assert_eq!(merged.lines[0].id, line.id, "the same line");

    let both = s.add(&cart, "24-MB01", 1).await.expect("a simple product");
    assert_eq!(
        lines(&both),
        [(hoodie.clone(), 3, Some(5200), Some(15600)), ("24-MB01".to_owned(), 1, Some(3400), Some(3400))]
    );
    let (hoodie_line, bag_line) = (both.lines[0].id.clone(), both.lines[1].id.clone());

    let updated = s.update(&cart, &hoodie_line, 2).await.expect("update");
    assert_eq!(lines(&updated)[0], (hoodie.clone(), 2, Some(5200), Some(10400)));
    assert_eq!(updated.subtotal, Some(13800), "the items' subtotal");

    let removed = s.remove(&cart, &bag_line).await.expect("remove");
    assert_eq!(lines(&removed), [(hoodie.clone(), 2, Some(5200), Some(10400))]);

    // The cart lives in the shop: its record shows the mutations, one request each (no
    // batching), and its own answer is the adapter's.
    let cart_calls: Vec<String> = s.operations().into_iter().filter(|o| o != "MagentoGetAProduct").collect();
    assert_eq!(
        cart_calls,
        [
            "MagentoCreateCart",
            "MagentoGetCart",
            "MagentoAddToCart",
            "MagentoAddToCart",
            "MagentoAddToCart",
            "MagentoUpdateCartItem",
            "MagentoRemoveCartItem"
        ]
    );
    assert!(s.shop.received().iter().all(|r| r.batch_size == 1));
    let fresh = s.get(&cart).await.expect("read again");
    assert_eq!(fresh, removed, "a fresh read answers the same cart");
    let shop_says = s.read_from_shop(&cart).await;
    assert_eq!(
        shop_says,
        json!({
            "items": [{
                "uid": hoodie_line, "quantity": 2.0, "product": { "sku": "MH01" },
                "configured_variant": { "sku": "MH01-S-Black" }, "prices": { "row_total": { "value": 104.0 } }
            }],
            "prices": { "subtotal_excluding_tax": { "value": 104.0 } }
        })
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_shop_s_refusals_are_refusals_with_the_shopper_s_text() {
    let s = setup().await;
    let (black, gray) = (s.variant("MH01", "MH01-S-Black").await, s.variant("MH01", "MH01-M-Gray").await);
    let cart = s.create().await;
    s.add(&cart, "24-MB01", 6).await.expect("6 of the 10 in stock");

    refused(s.add(&cart, "NO-SUCH-SKU", 1).await, texts::NOT_SOLD);
    // A combination the shop has no child for (L in orange).
    let none = vitrine_adapter::magento::variant_id::encode(
        "MH01",
        "MH01-L-Orange",
        &["Y29uZmlndXJhYmxlLzE0NC8xNjk=", "Y29uZmlndXJhYmxlLzkzLzU2"],
    );
    refused(s.add(&cart, &none, 1).await, texts::NOT_ADDED);
    refused(s.add(&cart, "MT12", 1).await, texts::NOT_SALABLE);
    refused(s.add(&cart, &gray, 1).await, texts::NOT_ENOUGH_STOCK);
    refused(s.add(&cart, &black, 11).await, texts::NOT_ENOUGH_STOCK);
    refused(s.add(&cart, "24-MB01", 5).await, texts::NOT_ENOUGH_STOCK);
    assert_eq!(lines(&s.get(&cart).await.expect("cart")), [("24-MB01".to_owned(), 6, Some(3400), Some(20400))]);

    let line = s.get(&cart).await.expect("cart").lines[0].id.clone();
    refused(s.update(&cart, &line, 11).await, texts::QUANTITY_REFUSED);
    refused(s.update(&cart, "OTk5", 1).await, texts::LINE_GONE);
    refused(s.update(&cart, "not-a-uid", 1).await, texts::LINE_GONE);
    refused(s.remove(&cart, "OTk5").await, texts::LINE_GONE);
    s.remove(&cart, &line).await.expect("remove");
    refused(s.remove(&cart, &line).await, texts::LINE_GONE);
    // Another cart's line is not this cart's.
    let other = s.create().await;
    let theirs = s.add(&other, "24-MB01", 1).await.expect("add").lines[0].id.clone();
    refused(s.update(&cart, &theirs, 2).await, texts::LINE_GONE);
    assert_eq!(s.get(&other).await.expect("theirs").lines[0].quantity, 1, "untouched");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cart_the_shop_no_longer_knows_is_gone() {
    let s = setup().await;
    let cart = s.create().await;
    let line = s.add(&cart, "24-MB01", 1).await.expect("add").lines[0].id.clone();
    s.shop.forget_carts();
    gone(s.get(&cart).await, "get");
    gone(s.add(&cart, "24-MB01", 1).await, "add");
    gone(s.update(&cart, &line, 2).await, "update");
    gone(s.remove(&cart, &line).await, "remove");
    gone(s.get(&"0".repeat(32)).await, "an id the shop never made");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_shop_failing_is_unavailable_and_too_slow_a_timeout() {
    let s = setup_with(Duration::from_millis(300)).await;
    let cart = s.create().await;
    s.shop.fail_with(500);
    let failed = s.c().create_cart(DriverRequest { driver: driver(), fresh_after_ms: 0 }).await.expect_err("500");
    assert_eq!(failed.code(), Code::Unavailable);
    for r in [s.get(&cart).await, s.add(&cart, "24-MB01", 1).await, s.update(&cart, "MQ==", 1).await] {
        assert_eq!(r.expect_err("500").code(), Code::Unavailable);
    }
    s.shop.fail_with(0);
    s.shop.delay(Duration::from_secs(2));
    let slow = s.add(&cart, "24-MB01", 1).await.expect_err("slow");
    assert_eq!(slow.code(), Code::DeadlineExceeded);
    assert_eq!(s.get(&cart).await.expect_err("slow").code(), Code::DeadlineExceeded);
}

/// (That carts made at once are different carts is the conformance suite's: here, what
/// Magento's transport must not do with them.)
#[tokio::test(flavor = "multi_thread")]
async fn carts_created_at_once_are_never_batched_and_nothing_of_them_is_cached() {
    let s = setup().await;
    let ids = futures_util::future::join_all((0..8).map(|_| s.create())).await;
    let created = s.shop.received();
    assert_eq!(created.len(), 8, "one request per cart: nothing shared, nothing batched");
    assert!(created.iter().all(|r| r.batch_size == 1 && r.operations == ["MagentoCreateCart"]));
    assert_eq!(s.shop.cart_count(), 8);

    s.add(&ids[0], "24-MB01", 1).await.expect("add");
    // Reading a cart twice asks the shop twice, and the store never saw a cart call.
    let before = s.shop.received().len();
    s.get(&ids[0]).await.expect("again");
    s.get(&ids[0]).await.expect("and again");
    assert_eq!(s.shop.received().len(), before + 2);
    assert_eq!(s.store.touched(), Vec::<String>::new(), "no cache read or write");
}
