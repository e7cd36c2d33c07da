//! Medusa 2's guest checkout through the real path (issue 26): the adapter's gRPC over
//! loopback → the Medusa checkout driver → the Medusa demo shop over HTTP, which checks
//! every request against the Store API's OpenAPI document and keeps the carts and
//! orders. The whole flow to an order number and the shop's own record of it; the
//! refusals in Vitrine's words (a country outside the cart's region, steps out of order,
//! an unknown option, a refused payment and stock gone at completion, placing twice, an
//! empty cart); a failing shop is UNAVAILABLE and places nothing; nothing of a checkout
//! in the cache.

use std::sync::Arc;

use serde_json::json;
use tonic::Code;
use vitrine_adapter::medusa::backend;
use vitrine_adapter::medusa::transform::checkout::PAYMENT_TITLE;
use vitrine_common::store::EmbeddedStore;
use vitrine_domain::checkout::Refusal;
use vitrine_domain::error::CART_GONE;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::CheckoutKind;
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::checkout::{AdapterCheckout, aborted, address, refused};
use vitrine_testkit::medusa::{self, Completion, DEMO_KEY, MedusaShop};
use vitrine_testkit::shared_documents::check_medusa_requests;
use vitrine_testkit::watched_store::WatchedStore;

/// The hoodie in M: 45 euros.
const HOODIE_M: Option<&str> = Some("variant_01OODIE1");
const STANDARD: &str = "so_01STANDARD";
const EXPRESS: &str = "so_01EXPRESS";
const EMAIL: &str = "ada@example.com";

struct Setup {
    /// First: the adapter stops before the shop goes.
    _adapter: RunningAdapter,
    shop: MedusaShop,
    calls: AdapterCheckout,
    /// In front of the adapter, remembering every key read or written.
    store: Arc<WatchedStore>,
}

impl std::ops::Deref for Setup {
    type Target = AdapterCheckout;
    fn deref(&self) -> &AdapterCheckout {
        &self.calls
    }
}

/// The adapter on the demo shop, its region named (so no call reads it through the cache).
async fn setup() -> Setup {
    let shop = medusa::start(DEMO_KEY);
    let store = Arc::new(WatchedStore::new(Arc::new(EmbeddedStore::default())));
    let mut config = vitrine_adapter::Config::new(Backend::Medusa);
    config.set(Backend::Medusa, backend::URL, shop.url.clone());
    config.set(Backend::Medusa, backend::PUBLISHABLE_KEY, DEMO_KEY);
    config.set(Backend::Medusa, backend::REGION_ID, medusa::REGION_ID);
    let adapter = RunningAdapter::start_with_store(config, store.clone()).await;
    let calls = AdapterCheckout { client: adapter.client(), driver: Driver::Medusa };
    Setup { calls, _adapter: adapter, shop, store }
}

impl Setup {
    /// `METHOD path` (without the query) of every request the shop received, in order.
    fn requests(&self) -> Vec<String> {
        self.shop
            .received()
            .iter()
            .map(|r| format!("{} {}", r.method, r.path_and_query.split('?').next().unwrap_or_default()))
            .collect()
    }

    /// Every request was one the Store API document takes (the copy, and the published
    /// one where `.ci/run` names it).
    fn all_valid(&self) {
        assert_eq!(self.shop.invalid(), Vec::<String>::new());
        check_medusa_requests(&self.shop.received());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cart_checks_out_into_an_order_the_shop_keeps() {
    let s = setup().await;
    let cart = s.cart(HOODIE_M).await;

    let fresh = s.checkout(&cart).await.expect("checkout");
    assert_eq!(
        (fresh.kind(), fresh.email.as_str(), fresh.payment_method.as_str()),
        (CheckoutKind::Native, "", PAYMENT_TITLE)
    );
    let countries: Vec<(&str, &str, bool)> =
        fresh.countries.iter().map(|c| (c.code.as_str(), c.name.as_str(), c.region_required)).collect();
    assert_eq!(
        countries,
        [
            ("DE", "Germany", false),
            ("FR", "France", false),
            ("GB", "United Kingdom", false),
            ("NL", "Netherlands", false)
        ]
    );
    assert_eq!(fresh.cart.as_ref().map(|c| (c.lines.len(), c.subtotal)), Some((1, Some(9000))));
    assert!(fresh.shipping_address.is_none() && fresh.shipping_option.is_none());

    let set = s.address(&cart, EMAIL, address("DE", "Berlin"), None).await.expect("address");
    assert_eq!(set.email, EMAIL);
    let shipped_to = set.shipping_address.clone().expect("shipping address");
    assert_eq!(
        (shipped_to.country.as_str(), shipped_to.region.as_str(), shipped_to.street.as_str()),
        ("DE", "Berlin", "1 Main St"),
        "Medusa keeps the province as typed"
    );
    assert_eq!(set.billing_address, Some(shipped_to), "billing: the same as shipping");
    let totals = set.totals.clone().unwrap_or_default();
    assert_eq!((totals.tax, totals.total), (Some(1710), None), "taxed by the address; no total before shipping");

    let options = s.options(&cart).await.expect("options");
    assert_eq!(
        options.iter().map(|o| (o.id.as_str(), o.label.as_str(), o.price)).collect::<Vec<_>>(),
        [(STANDARD, "Standard Shipping", Some(500)), (EXPRESS, "Express Shipping", Some(1500))]
    );
    let chosen = s.shipping(&cart, EXPRESS).await.expect("shipping");
    assert_eq!(chosen.shipping_option.as_ref().map(|o| o.id.as_str()), Some(EXPRESS));
    let totals = chosen.totals.clone().unwrap_or_default();
    // 2 × 45 = 90; Germany's 19 % of it is 17.10; shipping is not taxed.
    assert_eq!(
        (totals.subtotal, totals.shipping, totals.tax, totals.total, totals.currency.as_deref()),
        (Some(9000), Some(1500), Some(1710), Some(12210), Some("EUR"))
    );

    let order = s.place(&cart).await.expect("placed");
    assert_eq!(order.number, "1");
    assert_eq!((order.lines.len(), order.totals.and_then(|t| t.total)), (1, Some(12210)));
    assert_eq!(order.email.as_deref(), Some(EMAIL));
    // The shop's own record holds the order, as placed.
    let kept = s.shop.order(1).expect("the shop's record");
    assert_eq!(
        (&kept["email"], &kept["total"], &kept["shipping_address"]["country_code"]),
        (&json!(EMAIL), &json!(122.1), &json!("de"))
    );
    assert_eq!(kept["shipping_methods"][0]["shipping_option_id"], EXPRESS);
    assert_eq!(kept["items"][0]["variant_id"], "variant_01OODIE1");
    assert_eq!(kept["payment_status"], "authorized");

    // Twice: the cart is completed, so gone; never the order again, never a second one.
    assert_eq!(refused(s.place(&cart).await), (Code::NotFound, CART_GONE.to_owned()));
    assert_eq!(refused(s.checkout(&cart).await), (Code::NotFound, CART_GONE.to_owned()));
    assert_eq!(s.shop.order_count(), 1);
    let completions = s.requests().iter().filter(|r| r.ends_with("/complete")).count();
    assert_eq!(completions, 1, "the second place never asked Medusa to complete");

    // The next order counts up; a billing address of its own, in another country.
    let next = s.cart(HOODIE_M).await;
    let set = s.address(&next, EMAIL, address("GB", ""), Some(address("NL", ""))).await.expect("address");
    assert_eq!(set.billing_address.map(|a| a.country), Some("NL".to_owned()));
    let chosen = s.shipping(&next, STANDARD).await.expect("shipping");
    // The United Kingdom's 20 % of 90 is 18.
    assert_eq!(chosen.totals.and_then(|t| t.total), Some(11300));
    assert_eq!(s.place(&next).await.expect("placed").number, "2");
    assert_eq!(s.shop.order(2).map(|o| o["billing_address"]["country_code"].clone()), Some(json!("nl")));

    // Each step's call, every one a request the Store API document takes.
    let requests = s.requests();
    for expected in [
        format!("POST /store/carts/{cart}"),
        "GET /store/shipping-options".to_owned(),
        format!("POST /store/carts/{cart}/shipping-methods"),
        "POST /store/payment-collections".to_owned(),
        format!("POST /store/carts/{cart}/complete"),
    ] {
        assert!(requests.contains(&expected), "{expected} in {requests:?}");
    }
    assert!(
        requests.iter().any(|r| r.starts_with("POST /store/payment-collections/") && r.ends_with("/payment-sessions"))
    );
    let sessions: Vec<String> = s
        .shop
        .received()
        .iter()
        .filter(|r| r.path_and_query.ends_with("/payment-sessions"))
        .filter_map(|r| r.body.clone())
        .collect();
    assert!(sessions.iter().all(|b| b.contains("pp_system_default")), "{sessions:?}");
    s.all_valid();

    // Nothing of a checkout touched the upstream cache.
    assert_eq!(s.store.touched(), Vec::<String>::new(), "no cache read or write");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_shop_s_refusals_are_vitrine_s_words() {
    let s = setup().await;
    let cart = s.cart(HOODIE_M).await;

    // Steps out of order.
    assert_eq!(refused(s.options(&cart).await), aborted(Refusal::AddressFirst));
    assert_eq!(refused(s.shipping(&cart, STANDARD).await), aborted(Refusal::AddressFirst));
    assert_eq!(refused(s.place(&cart).await), aborted(Refusal::AddressFirst));

    // A country outside the cart's region, for either address; nothing is sent then.
    let before = s.shop.received().len();
    assert_eq!(refused(s.address(&cart, EMAIL, address("US", "TX"), None).await), aborted(Refusal::NoShippingTo));
    assert_eq!(
        refused(s.address(&cart, EMAIL, address("DE", ""), Some(address("CA", "ON"))).await),
        aborted(Refusal::NoShippingTo)
    );
    let sent: Vec<String> = s.requests()[before..].to_vec();
    assert!(sent.iter().all(|r| r.starts_with("GET ")), "only the cart read: {sent:?}");

    // Placing without a shipping method; a method the shop does not offer.
    s.address(&cart, EMAIL, address("FR", ""), None).await.expect("address");
    assert_eq!(refused(s.place(&cart).await), aborted(Refusal::ShippingFirst));
    assert_eq!(refused(s.shipping(&cart, "so_01NOPE").await), aborted(Refusal::UnknownShippingOption));

    // Completion refused: the payment (Medusa's 200 with the cart), then stock gone.
    s.shipping(&cart, STANDARD).await.expect("shipping");
    s.shop.refuse_completion(Some(Completion::PaymentDeclined));
    assert_eq!(refused(s.place(&cart).await), aborted(Refusal::PaymentDeclined));
    s.shop.refuse_completion(Some(Completion::OutOfStock));
    assert_eq!(refused(s.place(&cart).await), aborted(Refusal::OutOfStock));
    assert_eq!(s.shop.order_count(), 0, "neither placed an order");
    // The same cart places once the shop takes it (its payment collection is reused).
    s.shop.refuse_completion(None);
    assert_eq!(s.place(&cart).await.expect("placed").number, "1");

    // An empty cart is refused at placing.
    let empty = s.cart(None).await;
    s.address(&empty, EMAIL, address("NL", ""), None).await.expect("address");
    s.shipping(&empty, STANDARD).await.expect("shipping");
    assert_eq!(refused(s.place(&empty).await), aborted(Refusal::EmptyCart));

    // A cart the shop does not know.
    assert_eq!(refused(s.checkout("cart_01UNKNOWN").await), (Code::NotFound, CART_GONE.to_owned()));
    assert_eq!(refused(s.address("cart_01UNKNOWN", EMAIL, address("DE", ""), None).await).0, Code::NotFound);
    assert_eq!(s.shop.order_count(), 1);
    s.all_valid();
    assert_eq!(s.store.touched(), Vec::<String>::new(), "no cache read or write");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_shop_failing_is_unavailable_and_places_nothing() {
    let s = setup().await;
    let cart = s.cart(HOODIE_M).await;
    s.address(&cart, EMAIL, address("DE", ""), None).await.expect("address");
    s.shipping(&cart, STANDARD).await.expect("shipping");
    s.shop.fail_with(Some(500));
    assert_eq!(refused(s.checkout(&cart).await).0, Code::Unavailable);
    assert_eq!(refused(s.options(&cart).await).0, Code::Unavailable);
    assert_eq!(refused(s.place(&cart).await).0, Code::Unavailable);
    s.shop.fail_with(None);
    assert_eq!(s.shop.order_count(), 0, "nothing was placed");
    // The shop back, the same cart places its one order.
    assert_eq!(s.place(&cart).await.expect("placed").number, "1");
    assert_eq!(s.shop.order_count(), 1);
}
