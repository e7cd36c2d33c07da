//! The real Vendure 3 server the test command runs (`scripts/real-vendure`, the
//! project's seed in `deploy/vendure/`): the conformance suite through the adapter over
//! real gRPC, down to an order whose code Vendure's own database holds; and the drift
//! test, which holds the demo shop to the real server's shapes.

use serde_json::{Value, json};
use vitrine_adapter::graphql::Operation;
use vitrine_adapter::vendure::operations;
use vitrine_adapter::vendure::transform::{self, checkout};
use vitrine_fakes::vendure::TOKEN_HEADER;
use vitrine_proto::v1::ProductSort;
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::checkout::address;
use vitrine_testkit::conformance;
use vitrine_testkit::real_vendure::RealVendure;
use vitrine_testkit::shape::differences as differences_of;
use vitrine_testkit::vendure::fixture;

#[tokio::test(flavor = "multi_thread")]
async fn the_conformance_suite_on_the_real_server() {
    let Some(vendure) = RealVendure::from_env() else { return };
    let adapter = RunningAdapter::start(vendure.config()).await;
    let c = adapter.client();
    let fixture = fixture("vendure (real server)", &c, Box::new(vendure.clone())).await;
    conformance::run(c, &fixture).await.assert_all_ran();
}

/// The Shop API as the drift walk calls it: the adapter's own documents, a session token
/// kept as the adapter keeps it.
struct ShopApi {
    endpoint: String,
    http: reqwest::Client,
    token: Option<String>,
}

/// One call as seen: what it was, the HTTP status, what the session header said (none,
/// empty or a token), and the answer.
type Seen = (String, u16, &'static str, Value);

impl ShopApi {
    fn new(url: &str) -> Self {
        Self { endpoint: format!("{}/shop-api", url.trim_end_matches('/')), http: reqwest::Client::new(), token: None }
    }

    async fn call(&mut self, what: &str, operation: &Operation, variables: Value) -> Seen {
        let body = json!({ "operationName": operation.name, "query": operation.document, "variables": variables });
        let mut request = self.http.post(&self.endpoint).json(&body);
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        let answer = request.send().await.unwrap_or_else(|e| panic!("{what}: {e}"));
        let status = answer.status().as_u16();
        let header = answer.headers().get(TOKEN_HEADER).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let said = match header.as_deref() {
            None => "no session header",
            Some("") => "an empty session header",
            Some(token) => {
                self.token = Some(token.to_owned());
                "a session's token"
            }
        };
        (what.to_owned(), status, said, answer.json().await.unwrap_or(Value::Null))
    }
}

/// The same calls, in the same order, to one shop: every read and change the driver
/// makes, each refusal it must read, down to a placed order and what a session says after.
async fn walk(url: &str) -> Vec<Seen> {
    let mut shop = ShopApi::new(url);
    let mut seen = Vec::new();
    let input = |filter: (&str, &str), sort| transform::search_input(filter, 1, sort);
    seen.push(shop.call("the menu", &operations::COLLECTIONS, json!({ "take": 100 })).await);
    seen.push(shop.call("a collection", &operations::COLLECTION, json!({ "slug": "tops" })).await);
    let page = input(("collectionSlug", "tops"), ProductSort::PriceAsc);
    seen.push(
        shop.call("a collection's page", &operations::COLLECTION_PAGE, json!({ "slug": "tops", "input": page })).await,
    );
    let search = input(("term", "tee"), ProductSort::Position);
    seen.push(shop.call("a search", &operations::SEARCH, json!({ "input": search })).await);
    let product = shop.call("a product", &operations::PRODUCT, json!({ "slug": "vitrine-tee" })).await;
    let sku = |s: &str| {
        let variants = product.3["data"]["product"]["variants"].as_array().cloned().unwrap_or_default();
        variants.iter().find(|v| v["sku"] == s).map(|v| v["id"].clone()).unwrap_or_default()
    };
    let (tee, tee_sold_out) = (sku("TEE-S-BLACK"), sku("TEE-L-WHITE"));
    seen.push(product);
    seen.push(shop.call("the channel", &operations::CHANNEL, json!({})).await);
    seen.push(shop.call("no session's order", &operations::ACTIVE_ORDER, json!({})).await);
    shop.token = None;
    seen.push(shop.call("a new cart", &operations::REMOVE_ALL_LINES, json!({})).await);
    seen.push(shop.call("the cart", &operations::ACTIVE_ORDER, json!({})).await);
    let added = shop.call("a line added", &operations::ADD_ITEM, json!({ "variant": tee, "quantity": 1 })).await;
    let line = added.3["data"]["addItemToOrder"]["lines"][0]["id"].clone();
    seen.push(added);
    let unknown = json!({ "variant": "999999", "quantity": 1 });
    seen.push(shop.call("an unknown variant", &operations::ADD_ITEM, unknown).await);
    let sold_out = json!({ "variant": tee_sold_out, "quantity": 1 });
    seen.push(shop.call("a sold-out variant", &operations::ADD_ITEM, sold_out).await);
    let negative = json!({ "variant": tee, "quantity": -1 });
    seen.push(shop.call("a negative quantity", &operations::ADD_ITEM, negative).await);
    let more = json!({ "line": line, "quantity": 999 });
    seen.push(shop.call("more than in stock", &operations::ADJUST_LINE, more).await);
    seen.push(shop.call("a quantity", &operations::ADJUST_LINE, json!({ "line": line, "quantity": 2 })).await);
    seen.push(shop.call("an unknown line", &operations::REMOVE_LINE, json!({ "line": "999999" })).await);
    seen.push(shop.call("the checkout", &operations::CHECKOUT, json!({})).await);
    let methods = shop.call("the shipping methods", &operations::SHIPPING_METHODS, json!({})).await;
    let method = methods.3["data"]["eligibleShippingMethods"][0]["id"].clone();
    seen.push(methods);
    let shopper = address("US", "");
    let (customer, place) =
        (checkout::customer_input("drift@example.com", &shopper), checkout::address_input(&shopper));
    let addresses = json!({ "customer": customer, "shipping": place, "billing": place });
    seen.push(shop.call("the addresses", &operations::SET_ADDRESS, addresses).await);
    let elsewhere =
        json!({ "customer": customer, "shipping": checkout::address_input(&address("GB", "")), "billing": place });
    seen.push(shop.call("a country it does not ship to", &operations::SET_ADDRESS, elsewhere).await);
    seen.push(shop.call("the shipping method", &operations::SET_SHIPPING_METHOD, json!({ "method": [method] })).await);
    let unpaid = json!({ "method": "test-payment" });
    seen.push(shop.call("paying too early", &operations::ADD_PAYMENT, unpaid.clone()).await);
    let arranging = json!({ "state": "ArrangingPayment" });
    seen.push(shop.call("ready to pay", &operations::TRANSITION, arranging).await);
    let late = json!({ "variant": tee, "quantity": 1 });
    seen.push(shop.call("a change while paying", &operations::ADD_ITEM, late).await);
    seen.push(shop.call("the payment", &operations::ADD_PAYMENT, unpaid).await);
    seen.push(shop.call("the cart once placed", &operations::ACTIVE_ORDER, json!({})).await);
    shop.token = Some("0".repeat(64));
    seen.push(shop.call("a token it never gave", &operations::ACTIVE_ORDER, json!({})).await);
    shop.token = Some("0".repeat(64));
    seen.push(shop.call("a read with a token it never gave", &operations::CHANNEL, json!({})).await);
    seen
}

#[tokio::test(flavor = "multi_thread")]
async fn the_demo_shop_answers_in_the_real_server_s_shapes() {
    let Some(vendure) = RealVendure::from_env() else { return };
    let demo = vitrine_testkit::vendure::start();
    let (demo_walk, real_walk) = (walk(&demo.url).await, walk(&vendure.url).await);
    let mut differences = Vec::new();
    for ((what, demo_status, demo_said, demo), (_, real_status, real_said, real)) in demo_walk.iter().zip(&real_walk) {
        if (demo_status, demo_said) != (real_status, real_said) {
            differences.push(format!(
                "{what}: the demo shop answers {demo_status} with {demo_said}, the real server {real_status} with \
                 {real_said}"
            ));
        } else {
            differences.extend(differences_of(demo, real).into_iter().map(|d| format!("{what}: {d}")));
        }
    }
    for d in &differences {
        println!("drift: {d}");
    }
    assert!(differences.is_empty(), "the demo shop drifted from the real server, first: {}", differences[0]);
}
