//! Magento's guest cart, as `fragments/cart.graphql` selects it, and the
//! answers of the operations that carry it. Everything is optional, as elsewhere.

use serde::Deserialize;

use super::{MagentoConfigurableOption, MagentoImage, MagentoMoney};

/// `Cart`.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCart {
    /// The masked id: what every later call names.
    pub id: Option<String>,
    /// Magento's list may hold nulls (an item whose product it can no longer load).
    pub items: Option<Vec<Option<MagentoCartItem>>>,
    pub prices: Option<MagentoCartPrices>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCartPrices {
    /// The items' subtotal (no shipping, no tax).
    pub subtotal_excluding_tax: Option<MagentoMoney>,
}

/// `CartItemInterface`: a `SimpleCartItem`, or a `ConfigurableCartItem` with the values
/// chosen and the child sold.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCartItem {
    #[serde(rename = "__typename")]
    pub typename: Option<String>,
    pub uid: Option<String>,
    /// A Float in the schema.
    pub quantity: Option<f64>,
    /// What is wrong with the line now (its quantity no longer in stock …).
    pub errors: Option<Vec<MagentoCartItemError>>,
    pub prices: Option<MagentoCartItemPrices>,
    /// The product added: a configurable item's parent.
    pub product: Option<MagentoCartProduct>,
    pub configurable_options: Option<Vec<MagentoSelectedOption>>,
    pub configured_variant: Option<MagentoCartProduct>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCartItemError {
    /// `UNDEFINED`, `ITEM_QTY`, `ITEM_INCREMENTS`.
    pub code: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCartItemPrices {
    /// One item, before cart rules.
    pub price: Option<MagentoMoney>,
    /// `price` × quantity.
    pub row_total: Option<MagentoMoney>,
}

/// A cart item's product: the parent (with its options, for their order) or the child.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCartProduct {
    pub sku: Option<String>,
    pub name: Option<String>,
    pub url_key: Option<String>,
    pub url_suffix: Option<String>,
    pub thumbnail: Option<MagentoImage>,
    pub configurable_options: Option<Vec<MagentoConfigurableOption>>,
}

/// `SelectedConfigurableOption`: one value chosen on a configurable item.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoSelectedOption {
    pub configurable_product_option_uid: Option<String>,
    /// The uid `addProductsToCart` took among `selected_options`.
    pub configurable_product_option_value_uid: Option<String>,
    pub option_label: Option<String>,
    pub value_label: Option<String>,
}

/// `CartUserInputError`: an item `addProductsToCart` did not add. The code is read as
/// text: later versions add codes (2.4.7's `COULD_NOT_FIND_CART`) this schema lacks.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCartUserError {
    pub code: Option<String>,
}

/// `addProductsToCart`'s answer.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoAddToCart {
    pub cart: Option<MagentoCart>,
    #[serde(default)]
    pub user_errors: Vec<MagentoCartUserError>,
}

/// `updateCartItems`' and `removeItemFromCart`'s answer.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCartOutput {
    pub cart: Option<MagentoCart>,
}
