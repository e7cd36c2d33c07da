//! The real Medusa 2 server the test command runs (`scripts/real-medusa`, the project's
//! seed in `deploy/medusa/`): the conformance suite through the adapter over real gRPC,
//! down to an order whose number Medusa's own database holds; every `fields` path the
//! driver asks for, answered; and the demo shop held to the real server's shapes, the
//! same walk through both compared answer by answer.

use serde_json::{Value, json};
use vitrine_domain::Driver;
use vitrine_fakes::medusa::field_path;
use vitrine_testkit::adapter::RunningAdapter;
use vitrine_testkit::checkout::{AdapterCheckout, address};
use vitrine_testkit::conformance::{self, Browse, Carts, Case, Checkout, Fixture, Limited, variant_id};
use vitrine_testkit::medusa::{self, DEMO_KEY};
use vitrine_testkit::real_medusa::{RealMedusa, Store};
use vitrine_testkit::shape::differences as differences_of;

#[tokio::test(flavor = "multi_thread")]
async fn the_conformance_suite_on_the_real_server() {
    let Some(medusa) = RealMedusa::from_env() else { return };
    let adapter = RunningAdapter::start(medusa.config()).await;
    let c = adapter.client();
    let tee = "/products/vitrine-tee";
    let hoodie = "/products/vitrine-hoodie";
    let fixture = Fixture {
        name: "medusa (real server)".into(),
        driver: Driver::Medusa,
        browse: Browse {
            menu: Case::Runs(()),
            category: "/categories/clothing/tops/t-shirts".into(),
            product: tee.into(),
            missing: "/products/no-such-thing".into(),
            unpublished: Case::Runs("/products/vitrine-draft".into()),
            search: "tee".into(),
            content: Case::NotApplicable("Medusa's Store API has no content pages"),
            variants: Case::Runs(()),
        },
        cart: Case::Runs(Carts {
            variant: variant_id(&c, Driver::Medusa, tee, "TEE-S-BLACK").await,
            other: variant_id(&c, Driver::Medusa, hoodie, "HOODIE-M").await,
            unknown_variant: "variant_01NOSUCHVARIANT0000000".into(),
            unknown_cart: "cart_01NEVERISSUED000000000000".into(),
            limited: Case::Runs(Limited {
                variant: variant_id(&c, Driver::Medusa, hoodie, "HOODIE-S").await,
                available: 5,
                reduced: false,
            }),
            sold_out: Case::Runs(variant_id(&c, Driver::Medusa, tee, "TEE-L-WHITE").await),
        }),
        checkout: Case::Runs(Checkout {
            country: ("US".into(), String::new()),
            refused_country: "GB".into(),
            backoffice: Box::new(medusa.clone()),
        }),
    };
    conformance::run(c, &fixture).await.assert_all_ran();
}

/// Whether `value` holds `path` (`a.b`: key `b` of `a`, of each item where `a` is a list).
/// A starred entry asks for a relation's own columns: the relation must come with some.
fn holds(value: &Value, path: &[&str], starred: bool) -> bool {
    let Some((first, rest)) = path.split_first() else {
        return !starred || value.as_object().is_some_and(|o| !o.is_empty()) || holds_each(value, starred);
    };
    match value {
        Value::Array(items) => !items.is_empty() && items.iter().all(|item| holds(item, path, starred)),
        Value::Object(object) => object.get(*first).is_some_and(|inner| holds(inner, rest, starred)),
        _ => false,
    }
}

fn holds_each(value: &Value, starred: bool) -> bool {
    value.as_array().is_some_and(|items| !items.is_empty() && items.iter().all(|i| holds(i, &[], starred)))
}

/// Each entry of `fields` that `answer` does not hold.
fn missing(answer: &Value, fields: &str) -> Vec<String> {
    fields
        .split(',')
        .filter(|entry| {
            let starred = entry.trim_start_matches(['+', '-', ' ']).starts_with('*') || entry.ends_with(".*");
            let path: Vec<&str> = field_path(entry).split('.').collect();
            !holds(answer, &path, starred)
        })
        .map(str::to_owned)
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn every_field_path_the_driver_asks_for_comes_back() {
    use vitrine_adapter::medusa::transform::{self, cart, checkout};
    let Some(medusa) = RealMedusa::from_env() else { return };
    let adapter = RunningAdapter::start(medusa.config()).await;
    let c = adapter.client();
    // A cart with a line, an address and a shipping method, through the adapter; a
    // variant no other test counts the stock of.
    let calls = AdapterCheckout { client: c.clone(), driver: Driver::Medusa };
    let variant = variant_id(&c, Driver::Medusa, "/products/vitrine-tee", "TEE-S-WHITE").await;
    let id = calls.cart(Some(&variant)).await;
    calls.address(&id, "fields@example.com", address("US", "NY"), None).await.expect("address");
    let options = calls.options(&id).await.expect("options");
    calls.shipping(&id, &options[0].id).await.expect("shipping");

    let store = medusa.store();
    let encode = |f: &str| urlencoding::encode(f).into_owned();
    let region = &medusa.region_id;
    let (_, products) = store
        .get(&format!(
            "/store/products?handle=vitrine-tee&region_id={region}&fields={}",
            encode(transform::PRODUCT_FIELDS)
        ))
        .await;
    let product_id = products["products"][0]["id"].as_str().expect("the tee").to_owned();
    let checkout_fields = checkout::fields();
    let asks: [(&str, String, &str, &str); 6] = [
        (
            "a product list",
            format!("/store/products?handle=vitrine-tee&region_id={region}"),
            "products",
            transform::PRODUCT_FIELDS,
        ),
        ("a product", format!("/store/products/{product_id}?region_id={region}"), "product", transform::PRODUCT_FIELDS),
        ("a cart", format!("/store/carts/{id}?"), "cart", cart::FIELDS),
        ("a look at a cart", format!("/store/carts/{id}?"), "cart", cart::CHECK_FIELDS),
        ("a checkout", format!("/store/carts/{id}?"), "cart", &checkout_fields),
        (
            "the shipping options",
            format!("/store/shipping-options?cart_id={id}"),
            "shipping_options",
            checkout::SHIPPING_OPTION_FIELDS,
        ),
    ];
    let mut dropped = Vec::new();
    for (what, path, root, fields) in asks {
        let joined = if path.ends_with('?') { "" } else { "&" };
        let (status, answer) = store.get(&format!("{path}{joined}fields={}", encode(fields))).await;
        assert_eq!(status, 200, "{what}: {answer}");
        for entry in missing(&answer[root], fields) {
            dropped.push(format!("{what}: {entry}"));
        }
        println!("{what}: every one of {} paths came back", fields.split(',').count());
    }
    assert_eq!(dropped, Vec::<String>::new(), "paths the real server did not answer");
}

/// One storefront's walk through a Medusa Store API, request by request as the driver
/// makes them: each answer under its name, with its status.
async fn walk(store: &Store, region: &str, handle: &str, sku: &str, country: &str) -> Vec<(&'static str, u16, Value)> {
    use vitrine_adapter::medusa::transform::{self, cart, checkout};
    let encode = |f: &str| urlencoding::encode(f).into_owned();
    let (lines, check, checkout) = (encode(cart::FIELDS), encode(cart::CHECK_FIELDS), encode(&checkout::fields()));
    let mut seen = Vec::new();
    let categories = "/store/product-categories?parent_category_id=null&include_descendants_tree=true&limit=1000";
    let (status, answer) = store.get(categories).await;
    seen.push(("the category tree", status, answer));
    let (status, answer) = store.get("/store/regions?limit=1").await;
    seen.push(("the first region", status, answer));
    let product_fields = encode(transform::PRODUCT_FIELDS);
    let by_handle = format!("/store/products?fields={product_fields}&region_id={region}&handle={handle}&limit=1");
    let (status, answer) = store.get(&by_handle).await;
    let product = answer["products"][0].clone();
    seen.push(("a product by its handle", status, answer));
    let by_id = format!(
        "/store/products/{}?fields={product_fields}&region_id={region}",
        product["id"].as_str().unwrap_or_default()
    );
    let (status, answer) = store.get(&by_id).await;
    seen.push(("a product by its id", status, answer));
    let variants = product["variants"].as_array().cloned().unwrap_or_default();
    let variant = variants.iter().find(|v| v["sku"] == sku).map(|v| v["id"].clone()).unwrap_or_default();
    let listed = format!("/store/products?fields={product_fields}&region_id={region}&limit=2&offset=0&order=title");
    let (status, answer) = store.get(&listed).await;
    seen.push(("a page of products by title", status, answer));

    let (status, answer) = store.post(&format!("/store/carts?fields={lines}"), &json!({ "region_id": region })).await;
    let id = answer["cart"]["id"].as_str().unwrap_or_default().to_owned();
    seen.push(("a new cart", status, answer));
    let add = format!("/store/carts/{id}/line-items?fields={lines}");
    let (status, answer) = store.post(&add, &json!({ "variant_id": variant, "quantity": 1 })).await;
    seen.push(("a line added", status, answer));
    let (status, answer) = store.get(&format!("/store/carts/{id}?fields={check}")).await;
    seen.push(("a look at the cart", status, answer));
    let (status, answer) =
        store.post(&add, &json!({ "variant_id": "variant_01NOSUCHVARIANT000000000", "quantity": 1 })).await;
    seen.push(("an unknown variant refused", status, answer));
    let (status, answer) = store.post(&add, &json!({ "variant_id": variant, "quantity": 999 })).await;
    seen.push(("more than in stock refused", status, answer));
    let (status, answer) = store.get(&format!("/store/carts/cart_01NEVERISSUED0000000000000?fields={check}")).await;
    seen.push(("an unknown cart", status, answer));

    let shopper = vitrine_adapter::medusa::transform::checkout::address_input(&address(country, ""));
    let body = json!({ "email": "drift@example.com", "shipping_address": shopper, "billing_address": shopper });
    let (status, answer) = store.post(&format!("/store/carts/{id}?fields={checkout}"), &body).await;
    seen.push(("the address", status, answer));
    let options = format!("/store/shipping-options?cart_id={id}&fields={}", checkout::SHIPPING_OPTION_FIELDS);
    let (status, answer) = store.get(&options).await;
    let option = answer["shipping_options"][0]["id"].clone();
    seen.push(("the shipping options", status, answer));
    let method = format!("/store/carts/{id}/shipping-methods?fields={checkout}");
    let (status, answer) = store.post(&method, &json!({ "option_id": option })).await;
    seen.push(("the shipping method", status, answer));
    let (status, answer) = store.get(&format!("/store/carts/{id}?fields={checkout}")).await;
    seen.push(("the checkout", status, answer));
    let (status, answer) = store.post("/store/payment-collections", &json!({ "cart_id": id })).await;
    let collection = answer["payment_collection"]["id"].as_str().unwrap_or_default().to_owned();
    seen.push(("the payment collection", status, answer));
    let session = format!("/store/payment-collections/{collection}/payment-sessions");
    let (status, answer) = store.post(&session, &json!({ "provider_id": checkout::PAYMENT })).await;
    seen.push(("the payment session", status, answer));
    // Without a body, as the driver completes a cart (the Store API declares none).
    let (status, answer) = store.post_without_body(&format!("/store/carts/{id}/complete")).await;
    seen.push(("the completion", status, answer));
    seen
}

#[tokio::test(flavor = "multi_thread")]
async fn the_demo_shop_answers_in_the_real_server_s_shapes() {
    let Some(medusa) = RealMedusa::from_env() else { return };
    let demo = medusa::start(DEMO_KEY);
    let demo_walk = walk(&Store::new(&demo.url, DEMO_KEY), medusa::REGION_ID, "medusa-hoodie", "OODIE-M", "DE").await;
    let real_walk = walk(&medusa.store(), &medusa.region_id, "vitrine-hoodie", "HOODIE-L", "US").await;
    let mut differences = Vec::new();
    for ((what, demo_status, demo), (_, real_status, real)) in demo_walk.iter().zip(&real_walk) {
        if demo_status != real_status {
            differences
                .push(format!("{what}: the demo shop answers {demo_status}, the real server {real_status}: {real}"));
        } else {
            differences.extend(differences_of(demo, real).into_iter().map(|d| format!("{what}: {d}")));
        }
    }
    for d in &differences {
        println!("drift: {d}");
    }
    assert!(differences.is_empty(), "the demo shop drifted from the real server, first: {}", differences[0]);
}
