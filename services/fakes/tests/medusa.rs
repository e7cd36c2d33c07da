//! The Medusa demo shop over HTTP: the key, the OpenAPI check, and the Store API's
//! answers a storefront relies on.

use std::time::Duration;

use serde_json::{Value, json};
use vitrine_fakes::medusa::{self, DEMO_KEY, KEY_HEADER, REGION_ID};

const PRICED: &str = "fields=*variants.calculated_price&region_id=reg_01EUROPE";

struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    async fn get(&self, path: &str, key: Option<&str>) -> (u16, Value) {
        let mut request = self.http.get(format!("{}{path}", self.base));
        if let Some(key) = key {
            request = request.header(KEY_HEADER, key);
        }
        let response = request.send().await.expect(path);
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// `method path` with `body` as JSON (`None`: no body), with the demo key.
    async fn send(&self, method: reqwest::Method, path: &str, body: Option<&Value>) -> (u16, Value) {
        let mut request = self.http.request(method, format!("{}{path}", self.base)).header(KEY_HEADER, DEMO_KEY);
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await.expect(path);
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn ok(&self, path: &str) -> Value {
        let (status, body) = self.get(path, Some(DEMO_KEY)).await;
        assert_eq!(status, 200, "{path}: {body}");
        body
    }
}

fn titles(body: &Value, key: &str, field: &str) -> Vec<String> {
    body[key].as_array().into_iter().flatten().map(|i| i[field].as_str().unwrap_or_default().to_owned()).collect()
}

/// `problems` (what an answer lacks of what the Store API's 2.0 document requires) but
/// those in `unsent`: what Medusa 2.21, the real server the drift test
/// (`adapter/tests/real_medusa.rs`) holds the shop to, does not send either. In `unsent`,
/// `[]` stands for any index and an entry ending in `.` for anything below it.
fn besides(problems: Vec<String>, unsent: &[&str]) -> Vec<String> {
    problems
        .into_iter()
        .filter(|p| {
            let general = without_indices(p);
            !unsent.iter().any(|u| if u.ends_with('.') { general.starts_with(u) } else { general == *u })
        })
        .collect()
}

/// `a[0].b[12]` as `a[].b[]`.
fn without_indices(path: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for ch in path.chars() {
        match ch {
            '[' | ']' => {
                inside = ch == '[';
                out.push(ch);
            }
            _ if inside => {}
            _ => out.push(ch),
        }
    }
    out
}

/// What 2.21's product routes leave out of their defaults.
const PRODUCT_UNSENT: [&str; 3] = ["StoreProduct.status", "StoreProduct.external_id", "StoreProduct.deleted_at"];

/// What 2.21's cart routes leave out of their defaults: three totals, a line's totals,
/// `cart`, `cart_id` and `is_discountable`, all of a line's product but its id,
/// collection, type, categories and tags, the addresses' dates; and a country has no `id`
/// (it is keyed by `iso_2`).
const CART_UNSENT: [&str; 23] = [
    "StoreCart.original_subtotal",
    "StoreCart.gift_card_total",
    "StoreCart.gift_card_tax_total",
    "StoreCart.items[].cart",
    "StoreCart.items[].cart_id",
    "StoreCart.items[].is_discountable",
    "StoreCart.items[].item_total",
    "StoreCart.items[].item_subtotal",
    "StoreCart.items[].item_tax_total",
    "StoreCart.items[].original_total",
    "StoreCart.items[].original_subtotal",
    "StoreCart.items[].original_tax_total",
    "StoreCart.items[].total",
    "StoreCart.items[].subtotal",
    "StoreCart.items[].tax_total",
    "StoreCart.items[].discount_total",
    "StoreCart.items[].discount_tax_total",
    "StoreCart.items[].product.",
    "StoreCart.region.countries[].id",
    "StoreCart.shipping_address.created_at",
    "StoreCart.shipping_address.updated_at",
    "StoreCart.billing_address.created_at",
    "StoreCart.billing_address.updated_at",
];

#[tokio::test(flavor = "multi_thread")]
async fn the_key_is_required_and_every_request_is_checked_against_the_openapi_document() {
    let shop = medusa::start(DEMO_KEY);
    let c = Client { http: reqwest::Client::new(), base: shop.url.clone() };
    let (status, body) = c.get("/store/products", None).await;
    assert_eq!((status, &body["type"]), (400, &Value::from("not_allowed")));
    assert!(body["message"].as_str().unwrap_or_default().starts_with("Publishable API key required"), "{body}");
    let (status, body) = c.get("/store/products", Some("pk_wrong")).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("A valid publishable key is required to proceed with the request"))
    );
    assert!(shop.invalid().is_empty(), "key refusals are not OpenAPI problems");

    c.ok(&format!("/store/products?limit=2&offset=1&order=-title&{PRICED}&category_id[]=pcat_01TSHIRTS")).await;
    c.ok("/store/product-categories?parent_category_id=null&include_descendants_tree=true&limit=100").await;
    assert!(shop.invalid().is_empty(), "{:?}", shop.invalid());

    for path in ["/store/products?sort=title", "/store/products?limit=lots", "/store/products/prod_01HOODIE?limit=1"] {
        let (status, body) = c.get(path, Some(DEMO_KEY)).await;
        assert_eq!((status, &body["type"]), (400, &Value::from("invalid_data")), "{path}");
    }
    assert_eq!(shop.invalid().len(), 3, "{:?}", shop.invalid());
    let received = shop.received();
    assert_eq!(received[0].key, None);
    assert_eq!(received[1].key.as_deref(), Some("pk_wrong"));
    assert!(received[2].path_and_query.contains("category_id[]=pcat_01TSHIRTS"), "{:?}", received[2]);
    shop.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn products_filter_page_order_and_carry_region_prices_only_when_asked() {
    let shop = medusa::start(DEMO_KEY);
    let c = Client { http: reqwest::Client::new(), base: shop.url.clone() };
    let all = c.ok("/store/products").await;
    assert_eq!(all["count"], 32);
    assert!(all["products"][0]["variants"][0].get("calculated_price").is_none(), "no prices without fields and region");
    let fields_only = c.ok("/store/products?fields=*variants.calculated_price&limit=1").await;
    assert!(fields_only["products"][0]["variants"][0].get("calculated_price").is_none(), "no region, no prices");

    let hoodie = c.ok(&format!("/store/products?handle=medusa-hoodie&{PRICED}")).await;
    let price = &hoodie["products"][0]["variants"][0]["calculated_price"];
    assert_eq!((price["calculated_amount"].as_f64(), price["original_amount"].as_f64()), (Some(45.0), Some(60.0)));
    assert_eq!(price["currency_code"], "eur");
    // Its categories are not among the product routes' defaults (`category_id` finds it).
    assert!(hoodie["products"][0].get("categories").is_none(), "{}", hoodie["products"][0]);
    let by_id = c.ok(&format!("/store/products/prod_01TOTE?{PRICED}")).await;
    assert_eq!(by_id["product"]["thumbnail"], Value::Null);
    assert_eq!(c.get("/store/products/prod_nope", Some(DEMO_KEY)).await.0, 404);
    assert_eq!(c.get("/store/products?region_id=reg_nope", Some(DEMO_KEY)).await.0, 404);

    let page1 = c.ok("/store/products?category_id[]=pcat_01TSHIRTS&limit=24&offset=0").await;
    let page2 = c.ok("/store/products?category_id[]=pcat_01TSHIRTS&limit=24&offset=24").await;
    assert_eq!((page1["count"].as_u64(), titles(&page1, "products", "id").len()), (Some(26), 24));
    assert_eq!(titles(&page2, "products", "id").len(), 2);
    let two = c.ok("/store/products?category_id[]=pcat_01HOODIES&category_id[]=pcat_01BAGS").await;
    assert_eq!(titles(&two, "products", "title"), ["Medusa Hoodie", "Canvas Tote"]);

    let found = c.ok("/store/products?q=MEDUSA%20cotton").await;
    assert_eq!(titles(&found, "products", "title"), ["Medusa Hoodie", "Medusa T-Shirt"]);
    let by_title = c.ok("/store/products?order=title&limit=3").await;
    assert_eq!(titles(&by_title, "products", "title"), ["Amber Crew Tee", "Amber V-Neck Tee", "Azure Crew Tee"]);
    shop.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn categories_nest_three_levels_out_of_rank_order() {
    let shop = medusa::start(DEMO_KEY);
    let c = Client { http: reqwest::Client::new(), base: shop.url.clone() };
    let top = c.ok("/store/product-categories?parent_category_id=null&include_descendants_tree=true").await;
    assert_eq!(titles(&top, "product_categories", "name"), ["Home", "Clothing", "Accessories"]);
    let ranks: Vec<u64> =
        top["product_categories"].as_array().into_iter().flatten().filter_map(|c| c["rank"].as_u64()).collect();
    assert_eq!(ranks, [2, 0, 1], "the client sorts by rank");
    let clothing = &top["product_categories"][1];
    let tops = &clothing["category_children"][0];
    assert_eq!(tops["name"], "Tops");
    let leaves: Vec<&str> =
        tops["category_children"].as_array().into_iter().flatten().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(leaves, ["Hoodies", "T-Shirts"]);
    // Without the tree: the parent, and the children one level down (their own columns).
    let flat = c.ok("/store/product-categories?handle=tops").await;
    let tops = &flat["product_categories"][0];
    assert_eq!(tops["parent_category"]["handle"], "clothing");
    assert_eq!(titles(tops, "category_children", "name"), ["Hoodies", "T-Shirts"]);
    assert!(tops["category_children"][0].get("category_children").is_none(), "{tops}");
    // With it: no parent; the top level without the columns its descendants carry.
    assert!(clothing.get("parent_category").is_none() && clothing.get("mpath").is_none(), "{clothing}");
    assert_eq!(clothing["category_children"][0]["mpath"], "pcat_01CLOTHING.pcat_01TOPS");
    assert_eq!(c.ok("/store/regions").await["regions"][0]["id"], REGION_ID);
    shop.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn failures_garbage_delays_and_photos() {
    let shop = medusa::start(DEMO_KEY);
    let c = Client { http: reqwest::Client::new(), base: shop.url.clone() };
    shop.fail_with(Some(500));
    assert_eq!(c.get("/store/products", Some(DEMO_KEY)).await.0, 500);
    shop.fail_with(None);
    shop.garbage(true);
    let r = c.http.get(format!("{}/store/products", shop.url)).header(KEY_HEADER, DEMO_KEY).send().await.expect("get");
    assert_eq!(r.headers()["content-type"], "text/html");
    shop.garbage(false);
    shop.delay(Duration::from_millis(300));
    let slow = c
        .http
        .get(format!("{}/store/regions", shop.url))
        .header(KEY_HEADER, DEMO_KEY)
        .timeout(Duration::from_millis(100));
    assert!(slow.send().await.is_err(), "the answer waits");
    shop.delay(Duration::ZERO);

    let hoodie = c.ok("/store/products/prod_01HOODIE").await;
    let thumbnail = hoodie["product"]["thumbnail"].as_str().expect("a thumbnail").to_owned();
    assert!(thumbnail.starts_with(&format!("{}/static/", shop.url)), "{thumbnail}");
    let photo = c.http.get(&thumbnail).send().await.expect("photo");
    assert_eq!(photo.headers()["content-type"], "image/png");
    assert!(photo.bytes().await.expect("bytes").starts_with(b"\x89PNG"));
    assert_eq!(c.http.get(format!("{}/static/nope.png", shop.url)).send().await.expect("get").status(), 404);
    shop.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn products_options_and_variants_are_what_the_openapi_document_requires() {
    let shop = medusa::start(DEMO_KEY);
    let c = Client { http: reqwest::Client::new(), base: shop.url.clone() };
    let api = medusa::openapi().as_ref().expect("the document parses");
    let list = c.ok(&format!("/store/products?limit=100&{PRICED}")).await;
    let products = list["products"].as_array().cloned().unwrap_or_default();
    assert_eq!(products.len(), 32);
    for product in &products {
        let problems = besides(api.missing("StoreProduct", product), &PRODUCT_UNSENT);
        assert!(problems.is_empty(), "{}: {problems:?}", product["id"]);
    }
    // issue 22: the hoodie in three sizes, each variant naming its value of the option.
    let hoodie = c.ok(&format!("/store/products/prod_01HOODIE?{PRICED}")).await["product"].clone();
    let sizes: Vec<String> = hoodie["options"][0]["values"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|v| v["value"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(
        (hoodie["options"][0]["title"].as_str(), sizes),
        (Some("Size"), vec!["S".into(), "M".into(), "L".into()])
    );
    let option_id = &hoodie["options"][0]["id"];
    for variant in hoodie["variants"].as_array().into_iter().flatten() {
        assert_eq!(&variant["options"][0]["option_id"], option_id, "{variant}");
        assert_eq!(variant["options"][0]["value"], variant["title"]);
    }
    // The check reaches a variant's option values.
    let mut broken = hoodie.clone();
    broken["variants"][1]["options"][0].as_object_mut().map(|v| v.remove("value"));
    assert_eq!(
        besides(api.missing("StoreProduct", &broken), &PRODUCT_UNSENT),
        ["StoreProduct.variants[1].options[0].value"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn carts_are_kept_and_answered_as_the_store_api_says() {
    use reqwest::Method;
    let shop = medusa::start(DEMO_KEY);
    let c = Client { http: reqwest::Client::new(), base: shop.url.clone() };
    let api = medusa::openapi().as_ref().expect("the document parses");
    let (status, created) = c.send(Method::POST, "/store/carts", Some(&json!({ "region_id": REGION_ID }))).await;
    assert_eq!(status, 200, "{created}");
    let id = created["cart"]["id"].as_str().expect("an id").to_owned();
    let lines = format!("/store/carts/{id}/line-items");
    let (status, added) =
        c.send(Method::POST, &lines, Some(&json!({ "variant_id": "variant_01OODIE1", "quantity": 2 }))).await;
    assert_eq!(status, 200, "{added}");
    // The whole answer is what the document requires, but for what Medusa 2.21 does not
    // send with the cart routes' defaults either.
    let cart = &added["cart"];
    assert_eq!(besides(api.missing("StoreCart", cart), &CART_UNSENT), Vec::<String>::new());
    assert_eq!(
        (&cart["item_subtotal"], &cart["items"][0]["unit_price"], &cart["items"][0]["compare_at_unit_price"]),
        (&json!(90.0), &json!(45.0), &json!(60.0))
    );

    // `fields` cuts the answer to what is asked for (a line carries what is asked of it).
    let (_, cut) = c.send(Method::GET, &format!("/store/carts/{id}?fields=item_subtotal,items.quantity"), None).await;
    let line = cart["items"][0]["id"].clone();
    assert_eq!(cut, json!({ "cart": { "id": id, "item_subtotal": 90.0, "items": [{ "quantity": 2 }] } }));

    // A deleted line: `{id, object, deleted, parent}`.
    let line = line.as_str().expect("a line id").to_owned();
    let (status, deleted) = c.send(Method::DELETE, &format!("{lines}/{line}?fields=id,items.id"), None).await;
    assert_eq!(
        (status, deleted),
        (200, json!({ "id": line, "object": "line-item", "deleted": true, "parent": { "id": id, "items": [] } }))
    );
    assert!(shop.invalid().is_empty(), "{:?}", shop.invalid());

    // Bodies and methods are checked against the document; each refusal is recorded.
    for (method, path, body) in [
        (Method::POST, lines.clone(), json!({ "variant_id": "variant_01OODIE1" })),
        (Method::POST, lines.clone(), json!({ "variant_id": "variant_01OODIE1", "quantity": "2" })),
        (Method::POST, lines.clone(), json!({ "variant_id": "variant_01OODIE1", "quantity": 1, "note": "x" })),
        (Method::PATCH, format!("{lines}/{line}"), json!({ "quantity": 1 })),
        (Method::POST, "/store/products".to_owned(), json!({})),
    ] {
        let (status, body) = c.send(method.clone(), &path, Some(&body)).await;
        assert_eq!((status, &body["type"]), (400, &json!("invalid_data")), "{method} {path}: {body}");
    }
    let form = c.http.post(format!("{}{lines}", shop.url)).header(KEY_HEADER, DEMO_KEY).body("variant_id=v&quantity=1");
    assert_eq!(form.send().await.expect("post").status(), 400, "not JSON: no body, so no variant_id");
    assert_eq!(shop.invalid().len(), 6, "{:?}", shop.invalid());
    let received = shop.received();
    let body: Option<Value> = received[1].body.as_deref().and_then(|b| serde_json::from_str(b).ok());
    assert_eq!(received[1].method, "POST", "the method is recorded");
    assert_eq!(body, Some(json!({ "variant_id": "variant_01OODIE1", "quantity": 2 })), "and the body");

    // Forgotten carts are unknown: 404 `not_found`, as Medusa answers.
    shop.forget_carts();
    let (status, body) = c.send(Method::GET, &format!("/store/carts/{id}"), None).await;
    assert_eq!((status, &body["type"]), (404, &json!("not_found")));
    shop.stop().await;
}

/// issue 26: a guest's checkout as Medusa 2 runs it, every request checked against the
/// document and every answer holding what the document requires.
#[tokio::test(flavor = "multi_thread")]
async fn a_cart_checks_out_into_an_order_as_the_store_api_says() {
    use reqwest::Method;
    let shop = medusa::start(DEMO_KEY);
    let c = Client { http: reqwest::Client::new(), base: shop.url.clone() };
    let api = medusa::openapi().as_ref().expect("the document parses");
    let (_, created) = c.send(Method::POST, "/store/carts", Some(&json!({ "region_id": REGION_ID }))).await;
    let id = created["cart"]["id"].as_str().expect("an id").to_owned();
    let cart = format!("/store/carts/{id}");
    let lines = json!({ "variant_id": "variant_01OODIE1", "quantity": 2 });
    c.send(Method::POST, &format!("{cart}/line-items"), Some(&lines)).await;

    // The region's countries: among the defaults (`*region.countries`); a path below a
    // relation that the cart routes do not allow is dropped without a word.
    let (_, plain) = c.send(Method::GET, &cart, None).await;
    let codes: Vec<&str> = plain["cart"]["region"]["countries"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["iso_2"].as_str())
        .collect();
    assert_eq!(codes, ["de", "fr", "gb", "nl"]);
    let (_, asked) = c.send(Method::GET, &format!("{cart}?fields=region.countries.iso_2"), None).await;
    assert_eq!(asked, json!({ "cart": { "id": id } }));

    // The options are listed before the address too; an address outside the region is
    // refused.
    let options = format!("/store/shipping-options?cart_id={id}");
    let (_, early) = c.send(Method::GET, &options, None).await;
    assert_eq!(titles(&early, "shipping_options", "id"), ["so_01STANDARD", "so_01EXPRESS"]);
    let address = json!({ "first_name": "Ada", "last_name": "Lovelace", "address_1": "1 Main St", "city": "Berlin",
                          "postal_code": "10115", "country_code": "de", "phone": "+49 30 1234567" });
    let mut abroad = address.clone();
    abroad["country_code"] = json!("us");
    let (status, refused) = c.send(Method::POST, &cart, Some(&json!({ "shipping_address": abroad }))).await;
    assert_eq!(
        (status, &refused["type"], refused["message"].as_str()),
        (400, &json!("invalid_data"), Some("Country with code us is not within region Europe"))
    );
    let body = json!({ "email": "ada@example.com", "shipping_address": address, "billing_address": address });
    let (status, set) = c.send(Method::POST, &cart, Some(&body)).await;
    assert_eq!(status, 200, "{set}");
    assert_eq!(besides(api.missing("StoreCart", &set["cart"]), &CART_UNSENT), Vec::<String>::new());
    let set = &set["cart"];
    assert_eq!((&set["email"], &set["shipping_address"]["city"]), (&json!("ada@example.com"), &json!("Berlin")));
    assert_eq!((&set["item_subtotal"], &set["tax_total"], &set["total"]), (&json!(90.0), &json!(17.1), &json!(107.1)));

    let (_, listed) = c.send(Method::GET, &options, None).await;
    for option in listed["shipping_options"].as_array().into_iter().flatten() {
        assert!(api.missing("StoreCartShippingOption", option).is_empty(), "{option}");
    }
    assert_eq!(titles(&listed, "shipping_options", "id"), ["so_01STANDARD", "so_01EXPRESS"]);
    let methods = format!("{cart}/shipping-methods");
    let (status, _) = c.send(Method::POST, &methods, Some(&json!({ "option_id": "so_nope" }))).await;
    assert_eq!(status, 400, "an option not offered");
    let (_, chosen) = c.send(Method::POST, &methods, Some(&json!({ "option_id": "so_01EXPRESS" }))).await;
    let chosen = &chosen["cart"];
    assert_eq!(
        (
            &chosen["shipping_subtotal"],
            &chosen["subtotal"],
            &chosen["total"],
            chosen["shipping_methods"].as_array().map(Vec::len)
        ),
        (&json!(15.0), &json!(105.0), &json!(122.1), Some(1))
    );

    // Completing wants a payment session first.
    let complete = format!("{cart}/complete");
    let (status, refused) = c.send(Method::POST, &complete, None).await;
    assert_eq!((status, &refused["type"]), (400, &json!("invalid_data")));
    let (_, collection) = c.send(Method::POST, "/store/payment-collections", Some(&json!({ "cart_id": id }))).await;
    // 2.21's defaults for a collection: its id, currency, amount and sessions.
    let unsent = [
        "StorePaymentCollection.payment_providers",
        "StorePaymentCollection.region_id",
        "StorePaymentCollection.status",
    ];
    assert_eq!(
        besides(api.missing("StorePaymentCollection", &collection["payment_collection"]), &unsent),
        Vec::<String>::new()
    );
    let collection_id = collection["payment_collection"]["id"].as_str().expect("an id").to_owned();
    let (_, again) = c.send(Method::POST, "/store/payment-collections", Some(&json!({ "cart_id": id }))).await;
    assert_eq!(again["payment_collection"]["id"], collection_id.as_str(), "the cart's one collection");
    let sessions = format!("/store/payment-collections/{collection_id}/payment-sessions");
    let (_, with_session) = c.send(Method::POST, &sessions, Some(&json!({ "provider_id": "pp_system_default" }))).await;
    assert_eq!(with_session["payment_collection"]["payment_sessions"][0]["provider_id"], "pp_system_default");
    assert_eq!(with_session["payment_collection"]["amount"], json!(122.1));

    // A refused payment is a 200 with the cart; too little stock a 400.
    shop.refuse_completion(Some(medusa::Completion::PaymentDeclined));
    let (status, declined) = c.send(Method::POST, &complete, None).await;
    assert_eq!(
        (status, &declined["type"], &declined["error"]["type"]),
        (200, &json!("cart"), &json!("payment_authorization_error"))
    );
    shop.refuse_completion(Some(medusa::Completion::OutOfStock));
    let (status, short) = c.send(Method::POST, &complete, None).await;
    assert_eq!((status, &short["code"]), (400, &json!("insufficient_inventory")));
    shop.refuse_completion(None);
    assert_eq!(shop.order_count(), 0);

    let (status, placed) = c.send(Method::POST, &complete, None).await;
    assert_eq!((status, &placed["type"], &placed["order"]["display_id"]), (200, &json!("order"), &json!(1)));
    // All the document requires, but what 2.21's completion does not send either: the
    // statuses, sales channel and customer (an admin's), two totals, a line's `item_*`
    // totals, the details' item and shipping method (which they belong to), a variant's
    // options, a collection's providers and region, and the 2.0 summary (2.21's counts
    // what is paid and still to pay).
    let unsent = [
        "StoreOrder.customer_id",
        "StoreOrder.sales_channel_id",
        "StoreOrder.payment_status",
        "StoreOrder.fulfillment_status",
        "StoreOrder.gift_card_total",
        "StoreOrder.gift_card_tax_total",
        "StoreOrder.items[].item_total",
        "StoreOrder.items[].item_subtotal",
        "StoreOrder.items[].item_tax_total",
        "StoreOrder.items[].detail.item",
        "StoreOrder.items[].variant.options",
        "StoreOrder.payment_collections[].payment_providers",
        "StoreOrder.payment_collections[].region_id",
        "StoreOrder.shipping_methods[].detail.shipping_method",
        "StoreOrder.summary.",
    ];
    assert_eq!(besides(api.missing("StoreOrder", &placed["order"]), &unsent), Vec::<String>::new());
    assert_eq!(placed["order"]["summary"]["pending_difference"], placed["order"]["total"], "authorised, not paid");
    // The shop's record: the order, and what its back office adds.
    let record = shop.order(1).expect("the record");
    assert_eq!((&record["id"], &record["total"]), (&placed["order"]["id"], &placed["order"]["total"]));
    assert_eq!(
        (&record["payment_status"], &record["fulfillment_status"]),
        (&json!("authorized"), &json!("not_fulfilled"))
    );
    // Completing again answers the same order (Medusa's completion is idempotent); the
    // cart is completed and takes no change.
    let (_, again) = c.send(Method::POST, &complete, None).await;
    assert_eq!((&again["order"]["id"], shop.order_count()), (&placed["order"]["id"], 1));
    let (_, read) = c.send(Method::GET, &cart, None).await;
    assert!(read["cart"]["completed_at"].is_string(), "{read}");
    let (status, refused) = c.send(Method::POST, &cart, Some(&json!({ "email": "b@example.com" }))).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some(format!("Cart {id} is already completed.").as_str())));
    assert!(shop.invalid().is_empty(), "{:?}", shop.invalid());
    shop.stop().await;
}
