//! Magento's guest carts: each call one operation on the write path
//! ([`GraphQlClient::mutate`]: no cache, no coalescing, no batching), then the pure
//! transform ([`transform::cart`]). The cart lives in the shop: the masked id is all
//! Vitrine keeps.
//!
//! A variant id is what `addProductsToCart` takes: a configurable product's child as its
//! parent's SKU with the chosen values' uids ([`variant_id`]), a simple product as its
//! own SKU. Magento merges an item already in the cart into its line.

use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use vitrine_domain::DriverError;
use vitrine_proto::v1::Cart;

use super::models::cart::{MagentoAddToCart, MagentoCart, MagentoCartOutput};
use super::transform::cart::{self as transform, Answer, Failure};
use super::{operations as ops, variant_id};
use crate::drivers::{CartDriver, DriverResult};
use crate::graphql::{GraphQlClient, Operation};

pub struct MagentoCarts {
    client: GraphQlClient,
}

/// The `CartItemInput` that adds `quantity` of `variant`.
fn cart_item(variant: &str, quantity: u32) -> Value {
    match variant_id::decode(variant) {
        Some(v) => json!({ "sku": v.parent_sku, "quantity": quantity, "selected_options": v.selected }),
        None => json!({ "sku": variant, "quantity": quantity }),
    }
}

/// A failure no cart rule explains: the shop's error, named for the logs by operation
/// and category only (its message names the cart).
fn shop_error(op: Operation, failure: &Failure) -> DriverError {
    let category = match failure {
        Failure::Other(category) => category.as_str(),
        Failure::NoSuchEntity => "graphql-no-such-entity",
        Failure::NotYours => "graphql-authorization",
        Failure::Input => "graphql-input",
    };
    tracing::warn!(operation = op.name, category, "Magento refused a cart call");
    DriverError::GraphQl(format!("{}: {category}", op.name))
}

/// The cart's answer, named by the id asked for when Magento leaves it out.
fn named(mut cart: Cart, id: &str) -> Cart {
    if cart.id.is_empty() {
        id.clone_into(&mut cart.id);
    }
    cart
}

impl MagentoCarts {
    #[must_use]
    pub const fn new(client: GraphQlClient) -> Self {
        Self { client }
    }

    /// Sends `op` and reads the payload of `field`.
    async fn call<T: DeserializeOwned>(&self, op: Operation, field: &str, variables: Value) -> DriverResult<Answer<T>> {
        let response = self.client.mutate(op, variables).await?;
        transform::answer(op.name, field, response)
    }

    /// A line's change (`update`, else a removal) and its answer.
    async fn change(&self, op: Operation, field: &str, cart: &str, line: &str, variables: Value) -> DriverResult<Cart> {
        match self.call::<MagentoCartOutput>(op, field, variables).await? {
            Answer::Done(MagentoCartOutput { cart: Some(c) }) => Ok(named(transform::cart(&c), cart)),
            Answer::Done(_) => Err(DriverError::Undecodable(format!("{}: no cart", op.name))),
            Answer::Failed(Failure::NotYours) => Err(DriverError::CartGone),
            // An unknown line is no-such-entity like an unknown cart; a quantity the shop
            // cannot supply is input: the cart as it now is (or its absence) says which.
            Answer::Failed(failure @ (Failure::NoSuchEntity | Failure::Input)) => {
                let now = self.get(cart).await?;
                Err(transform::line_refusal(&failure, &now, line, op == ops::UPDATE_CART_ITEM))
            }
            Answer::Failed(failure) => Err(shop_error(op, &failure)),
        }
    }
}

#[async_trait::async_trait]
impl CartDriver for MagentoCarts {
    /// An empty guest cart: its masked id (nothing to read yet).
    async fn create(&self) -> DriverResult<Cart> {
        match self.call::<String>(ops::CREATE_CART, "createEmptyCart", json!({})).await? {
            Answer::Done(id) if !id.is_empty() => Ok(Cart { id, subtotal: Some(0), ..Cart::default() }),
            Answer::Done(_) => Err(DriverError::Undecodable("createEmptyCart: an empty id".into())),
            Answer::Failed(failure) => Err(shop_error(ops::CREATE_CART, &failure)),
        }
    }

    async fn get(&self, cart: &str) -> DriverResult<Cart> {
        match self.call::<MagentoCart>(ops::GET_CART, "cart", json!({ "cartId": cart })).await? {
            Answer::Done(c) => Ok(named(transform::cart(&c), cart)),
            Answer::Failed(Failure::NoSuchEntity | Failure::NotYours) => Err(DriverError::CartGone),
            Answer::Failed(failure) => Err(shop_error(ops::GET_CART, &failure)),
        }
    }

    async fn add(&self, cart: &str, variant: &str, quantity: u32) -> DriverResult<Cart> {
        let variables = json!({ "cartId": cart, "cartItems": [cart_item(variant, quantity)] });
        match self.call::<MagentoAddToCart>(ops::ADD_TO_CART, "addProductsToCart", variables).await? {
            // HTTP 200 with `user_errors` is a refusal, not a success.
            Answer::Done(added) => transform::added(&added).map(|c| named(c, cart)),
            // Products are `user_errors`: the only entity this call can miss is the cart.
            Answer::Failed(Failure::NoSuchEntity | Failure::NotYours) => Err(DriverError::CartGone),
            Answer::Failed(Failure::Input) => Err(DriverError::Refused(transform::NOT_ADDED.to_owned())),
            Answer::Failed(failure) => Err(shop_error(ops::ADD_TO_CART, &failure)),
        }
    }

    async fn update(&self, cart: &str, line: &str, quantity: u32) -> DriverResult<Cart> {
        let variables = json!({ "cartId": cart, "line": line, "quantity": quantity });
        self.change(ops::UPDATE_CART_ITEM, "updateCartItems", cart, line, variables).await
    }

    async fn remove(&self, cart: &str, line: &str) -> DriverResult<Cart> {
        let variables = json!({ "cartId": cart, "line": line });
        self.change(ops::REMOVE_CART_ITEM, "removeItemFromCart", cart, line, variables).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_is_added_as_its_parent_with_the_chosen_values() {
        let configurable = variant_id::encode("MH01", "MH01-S-Black", &["Y29uZmlndXJhYmxlLzE0NC8xNjc=", "b64/2"]);
        for (variant, expected) in [
            (
                configurable.as_str(),
                json!({ "sku": "MH01", "quantity": 2, "selected_options": ["Y29uZmlndXJhYmxlLzE0NC8xNjc=", "b64/2"] }),
            ),
            ("24-MB01", json!({ "sku": "24-MB01", "quantity": 2 })),
        ] {
            assert_eq!(cart_item(variant, 2), expected, "{variant}");
        }
    }
}
