//! Magento's guest checkout through the real path (issue 26): the adapter's gRPC over
//! loopback → the Magento driver → the demo shop over HTTP, which validates every
//! document against the Magento 2.4.6 schema and keeps the carts and orders. The whole
//! flow to an order number and the shop's own record of it; the refusals in Vitrine's
//! words (a country the shop does not ship to, a missing region, steps out of order, an
//! unknown method, placing twice, an empty cart); nothing of a checkout in the cache.

use std::sync::Arc;

use tonic::Code;
use vitrine_adapter::magento::transform::checkout::PAYMENT_TITLE;
use vitrine_common::store::EmbeddedStore;
use vitrine_domain::checkout::Refusal;
use vitrine_domain::error::CART_GONE;
use vitrine_domain::{Backend, Driver, money};
use vitrine_proto::v1::CheckoutKind;
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::checkout::{AdapterCheckout, aborted, address, refused};
use vitrine_testkit::magento::{self, MagentoShop};
use vitrine_testkit::watched_store::WatchedStore;

struct Setup {
    /// First: the adapter stops before the shop goes.
    _adapter: RunningAdapter,
    shop: MagentoShop,
    calls: AdapterCheckout,
    /// In front of the adapter, remembering every key read or written.
    store: Arc<WatchedStore>,
}

async fn setup() -> Setup {
    let shop = magento::start_shop();
    let store = Arc::new(WatchedStore::new(Arc::new(EmbeddedStore::default())));
    let mut config = vitrine_adapter::Config::new(Backend::Magento);
    config.set(Backend::Magento, vitrine_adapter::magento::backend::BASE_URL, shop.url.clone());
    let adapter = RunningAdapter::start_with_store(config, store.clone()).await;
    let calls = AdapterCheckout { client: adapter.client(), driver: Driver::Magento };
    Setup { calls, _adapter: adapter, shop, store }
}

/// What the shopper types as their email.
const EMAIL: &str = "ada@example.com";

/// A simple product the shop sells.
const SIMPLE: Option<&str> = Some("24-MB01");

impl std::ops::Deref for Setup {
    type Target = AdapterCheckout;
    fn deref(&self) -> &AdapterCheckout {
        &self.calls
    }
}

impl Setup {
    /// The operations the shop received, in order.
    fn operations(&self) -> Vec<String> {
        self.shop.received().iter().flat_map(|r| r.operations.clone()).collect()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cart_checks_out_into_an_order_the_shop_keeps() {
    let s = setup().await;
    let cart = s.cart(SIMPLE).await;

    let fresh = s.checkout(&cart).await.expect("checkout");
    assert_eq!(
        (fresh.kind(), fresh.email.as_str(), fresh.payment_method.as_str()),
        (CheckoutKind::Native, "", PAYMENT_TITLE)
    );
    let codes: Vec<(&str, bool)> = fresh.countries.iter().map(|c| (c.code.as_str(), c.region_required)).collect();
    assert_eq!(codes, [("US", true), ("CA", true), ("GB", false), ("DE", false)]);
    assert_eq!(fresh.cart.as_ref().map(|c| c.lines.len()), Some(1));
    let subtotal = fresh.cart.as_ref().and_then(|c| c.subtotal).expect("priced");
    assert!(fresh.shipping_address.is_none() && fresh.shipping_option.is_none());

    let set = s.address(&cart, EMAIL, address("US", "TX"), None).await.expect("address");
    assert_eq!(set.email, "ada@example.com");
    let shipped_to = set.shipping_address.clone().expect("shipping address");
    assert_eq!(
        (shipped_to.country.as_str(), shipped_to.region.as_str(), shipped_to.street.as_str()),
        ("US", "TX", "1 Main St")
    );
    assert_eq!(set.billing_address, Some(shipped_to), "billing: the same as shipping");

    let options = s.options(&cart).await.expect("options");
    assert_eq!(
        options.iter().map(|o| (o.id.as_str(), o.label.as_str(), o.price)).collect::<Vec<_>>(),
        [
            ("flatrate/flatrate", "Flat Rate – Fixed", Some(1000)),
            ("tablerate/bestway", "Best Way – Table Rate", Some(1500))
        ]
    );
    let chosen = s.shipping(&cart, "tablerate/bestway").await.expect("shipping");
    assert_eq!(chosen.shipping_option.as_ref().map(|o| o.id.as_str()), Some("tablerate/bestway"));
    let totals = chosen.totals.clone().unwrap_or_default();
    let tax = money::rate_of(subtotal, 0.0825);
    assert_eq!(
        (totals.subtotal, totals.shipping, totals.tax, totals.total, totals.currency.as_deref()),
        (Some(subtotal), Some(1500), Some(tax), Some(subtotal + 1500 + tax), Some("USD"))
    );

    let order = s.place(&cart).await.expect("placed");
    assert_eq!(order.number, "000000001");
    assert_eq!((order.lines.len(), order.totals.and_then(|t| t.total)), (1, totals.total));
    assert_eq!(order.email.as_deref(), Some("ada@example.com"));
    // The shop's own record holds the order, as placed.
    let kept = s.shop.order(&order.number).expect("the shop's record");
    assert_eq!(kept["email"], "ada@example.com");
    assert_eq!(kept["shipping_addresses"][0]["selected_shipping_method"]["carrier_code"], "tablerate");
    assert_eq!(kept["items"][0]["product"]["sku"], "24-MB01");

    // Twice: the cart is no longer active, so gone; never a second order.
    assert_eq!(refused(s.place(&cart).await), (Code::NotFound, CART_GONE.to_owned()));
    assert_eq!(refused(s.checkout(&cart).await), (Code::NotFound, CART_GONE.to_owned()));
    assert_eq!(s.shop.order_count(), 1);

    // The next order counts up.
    let next = s.cart(SIMPLE).await;
    s.address(&next, EMAIL, address("GB", ""), Some(address("DE", ""))).await.expect("address");
    s.shipping(&next, "flatrate/flatrate").await.expect("shipping");
    assert_eq!(s.place(&next).await.expect("placed").number, "000000002");

    // The steps' operations, in order, each a document the 2.4.6 schema took.
    let ops = s.operations();
    for op in [
        "MagentoSetGuestEmail",
        "MagentoSetShippingAddress",
        "MagentoSetBillingAddress",
        "MagentoSetShippingMethod",
        "MagentoSetPaymentMethod",
        "MagentoPlaceOrder",
    ] {
        assert!(ops.iter().any(|o| o == op), "{op} in {ops:?}");
    }

    // Nothing of a checkout touched the upstream cache.
    assert_eq!(s.store.touched(), Vec::<String>::new(), "no cache read or write");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_shop_s_refusals_are_vitrine_s_words() {
    let s = setup().await;
    let cart = s.cart(SIMPLE).await;

    // Steps out of order.
    assert_eq!(refused(s.options(&cart).await), aborted(Refusal::AddressFirst));
    assert_eq!(refused(s.shipping(&cart, "flatrate/flatrate").await), aborted(Refusal::AddressFirst));
    assert_eq!(refused(s.place(&cart).await), aborted(Refusal::AddressFirst));

    // A country the shop does not ship to; a region missing where the country has them.
    assert_eq!(refused(s.address(&cart, EMAIL, address("FR", ""), None).await), aborted(Refusal::NoShippingTo));
    assert_eq!(refused(s.address(&cart, EMAIL, address("US", ""), None).await), aborted(Refusal::AddressRejected));
    assert_eq!(
        refused(s.address(&cart, EMAIL, address("CA", "Nowhere"), None).await),
        aborted(Refusal::AddressRejected)
    );
    // A billing address refused as the shipping one is.
    assert_eq!(
        refused(s.address(&cart, EMAIL, address("GB", ""), Some(address("FR", ""))).await),
        aborted(Refusal::NoShippingTo)
    );

    // Placing without a shipping method; a method the shop does not offer.
    s.address(&cart, EMAIL, address("CA", "ON"), None).await.expect("address");
    assert_eq!(refused(s.place(&cart).await), aborted(Refusal::ShippingFirst));
    assert_eq!(refused(s.shipping(&cart, "ups/ground").await), aborted(Refusal::UnknownShippingOption));
    assert_eq!(refused(s.shipping(&cart, "not-one-of-ours").await), aborted(Refusal::UnknownShippingOption));

    // An empty cart is refused at placing.
    let empty = s.cart(None).await;
    s.address(&empty, EMAIL, address("DE", ""), None).await.expect("address");
    s.shipping(&empty, "flatrate/flatrate").await.expect("shipping");
    assert_eq!(refused(s.place(&empty).await), aborted(Refusal::EmptyCart));

    // A cart the shop does not know.
    assert_eq!(refused(s.checkout("0123456789abcdef0123456789abcdef").await), (Code::NotFound, CART_GONE.to_owned()));
    assert_eq!(s.shop.order_count(), 0);
    assert_eq!(s.store.touched(), Vec::<String>::new(), "no cache read or write");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_shop_failing_is_unavailable_and_places_nothing() {
    let s = setup().await;
    let cart = s.cart(SIMPLE).await;
    s.address(&cart, EMAIL, address("GB", ""), None).await.expect("address");
    s.shipping(&cart, "flatrate/flatrate").await.expect("shipping");
    s.shop.fail_with(500);
    assert_eq!(refused(s.checkout(&cart).await).0, Code::Unavailable);
    assert_eq!(refused(s.place(&cart).await).0, Code::Unavailable);
    s.shop.fail_with(0);
    assert_eq!(s.shop.order_count(), 0, "nothing was placed");
    // The shop back, the same cart places its one order.
    assert_eq!(s.place(&cart).await.expect("placed").number, "000000001");
}
