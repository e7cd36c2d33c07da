//! The Magento demo shop's guest carts over HTTP (issue 23): mutations are validated
//! against the schema like queries, a `... on ConfigurableCartItem` fragment applies to
//! configurable items only, a resolver's failure is a GraphQL error with its category,
//! and the shop records the operations it received.

use serde_json::{Value, json};
use vitrine_fakes::magento;

async fn post(url: &str, name: &str, query: &str, variables: Value) -> Value {
    let body = json!({ "operationName": name, "query": query, "variables": variables });
    let response = reqwest::Client::new().post(format!("{url}/graphql")).json(&body).send().await.expect("answer");
    assert_eq!(response.status(), 200, "{name}");
    response.json().await.expect("json")
}

const ADD: &str = "mutation Add($cart: String!, $items: [CartItemInput!]!) {
  addProductsToCart(cartId: $cart, cartItems: $items) {
    cart {
      items {
        __typename
        quantity
        ... on ConfigurableCartItem { configurable_options { option_label value_label } configured_variant { sku } }
      }
    }
    user_errors { code message }
  }
}";

#[tokio::test(flavor = "multi_thread")]
async fn carts_speak_magento_s_graphql() {
    let shop = magento::start_shop();
    let url = shop.url.clone();
    let created = post(&url, "Create", "mutation Create { createEmptyCart }", json!({})).await;
    let cart = created["data"]["createEmptyCart"].as_str().expect("a masked id").to_owned();

    let items = json!([
        { "sku": "MH01", "quantity": 1, "selected_options": ["Y29uZmlndXJhYmxlLzE0NC8xNjg=", "Y29uZmlndXJhYmxlLzkzLzQ5"] },
        { "sku": "24-MB01", "quantity": 2 },
        { "sku": "MH01", "quantity": 1, "selected_options": ["Y29uZmlndXJhYmxlLzE0NC8xNjg=", "Y29uZmlndXJhYmxlLzkzLzUy"] },
    ]);
    let added = post(&url, "Add", ADD, json!({ "cart": cart, "items": items })).await;
    assert_eq!(
        added,
        json!({ "data": { "addProductsToCart": {
            "cart": { "items": [
                {
                    "__typename": "ConfigurableCartItem", "quantity": 1.0,
                    "configurable_options": [
                        { "option_label": "Size", "value_label": "M" },
                        { "option_label": "Color", "value_label": "Black" }
                    ],
                    "configured_variant": { "sku": "MH01-M-Black" }
                },
                { "__typename": "SimpleCartItem", "quantity": 2.0 }
            ] },
            "user_errors": [{ "code": "INSUFFICIENT_STOCK", "message": "This product is out of stock." }]
        } } }),
        "the fragment only on the configurable item; M-Gray is out of stock"
    );

    // A document the schema refuses never reaches the carts.
    let invalid = post(&url, "Bad", "mutation Bad { createEmptyCart { id } }", json!({})).await;
    assert!(invalid["errors"][0]["message"].is_string(), "{invalid}");

    shop.forget_carts();
    assert_eq!(shop.cart_count(), 0);
    let query = "query Read($cart: String!) { cart(cart_id: $cart) { items { quantity } } }";
    let gone = post(&url, "Read", query, json!({ "cart": cart })).await;
    assert_eq!(
        gone,
        json!({
            "errors": [{
                "message": format!("Could not find a cart with ID \"{cart}\""),
                "extensions": { "category": "graphql-no-such-entity" },
                "path": ["cart"],
                // Where the field stands in the document, as a GraphQL server says it.
                "locations": [{ "line": 1, "column": 30 }]
            }],
            "data": { "cart": null }
        })
    );
    let operations: Vec<String> = shop.received().iter().flat_map(|r| r.operations.clone()).collect();
    assert_eq!(operations, ["Create", "Add", "Bad", "Read"]);
    shop.stop().await;
}
