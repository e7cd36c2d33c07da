//! Shopify Storefront payloads (the spec's "Shopify source fields").

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyMoney {
    /// A decimal string.
    pub amount: Option<String>,
    pub currency_code: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyPriceRange {
    pub max_variant_price: Option<ShopifyMoney>,
    pub min_variant_price: Option<ShopifyMoney>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyImage {
    pub id: Option<String>,
    pub url: Option<String>,
    pub alt_text: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct ShopifyImages {
    #[serde(default)]
    pub nodes: Vec<ShopifyImage>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct ShopifySeo {
    pub title: Option<String>,
    pub description: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyProduct {
    pub id: Option<String>,
    pub handle: Option<String>,
    pub title: Option<String>,
    pub description: Option<String>,
    pub available_for_sale: Option<bool>,
    pub online_store_url: Option<String>,
    pub price_range: Option<ShopifyPriceRange>,
    pub images: Option<ShopifyImages>,
    pub seo: Option<ShopifySeo>,
    /// The product page's pictures (`gallery: images(first: 10)`); a card selects one.
    pub gallery: Option<ShopifyImages>,
    /// The product page only: its options and its variants.
    pub options: Option<Vec<ShopifyOption>>,
    pub variants: Option<ShopifyVariants>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct ShopifyOptionValue {
    pub name: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyOption {
    pub name: Option<String>,
    pub option_values: Option<Vec<ShopifyOptionValue>>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct ShopifySelectedOption {
    pub name: Option<String>,
    pub value: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyVariant {
    pub id: Option<String>,
    pub sku: Option<String>,
    pub available_for_sale: Option<bool>,
    pub selected_options: Option<Vec<ShopifySelectedOption>>,
    pub price: Option<ShopifyMoney>,
    pub compare_at_price: Option<ShopifyMoney>,
    pub image: Option<ShopifyImage>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct ShopifyVariants {
    #[serde(default)]
    pub nodes: Vec<ShopifyVariant>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct ProductData {
    pub product: Option<ShopifyProduct>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct ProductNodes {
    #[serde(default)]
    pub nodes: Vec<ShopifyProduct>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct ProductsData {
    pub products: Option<ProductNodes>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct ShopifyResource {
    pub handle: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyMenuItem {
    pub id: Option<String>,
    pub title: Option<String>,
    pub resource_id: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub url: Option<String>,
    pub resource: Option<ShopifyResource>,
    pub items: Option<Vec<ShopifyMenuItem>>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct ShopifyMenu {
    pub id: Option<String>,
    pub title: Option<String>,
    #[serde(default)]
    pub items: Vec<ShopifyMenuItem>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct MenuData {
    pub menu: Option<ShopifyMenu>,
}

// Collections, search and pages.

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyCollection {
    pub id: Option<String>,
    pub handle: Option<String>,
    pub title: Option<String>,
    pub description_html: Option<String>,
    pub online_store_url: Option<String>,
    pub seo: Option<ShopifySeo>,
    pub products: Option<ProductNodes>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct CollectionData {
    pub collection: Option<ShopifyCollection>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct ShopifyEdge {
    pub cursor: String,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyPageInfo {
    pub has_next_page: bool,
    pub end_cursor: Option<String>,
}

/// The cursors of one stretch of a connection (no nodes): what paging walks.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CursorConnection {
    #[serde(default)]
    pub edges: Vec<ShopifyEdge>,
    #[serde(default)]
    pub page_info: ShopifyPageInfo,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct CollectionCursors {
    pub products: CursorConnection,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct CollectionCursorsData {
    pub collection: Option<CollectionCursors>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct SearchCursorsData {
    pub search: CursorConnection,
}

/// Search results: with `types: [PRODUCT]` every node is a product.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct ShopifySearch {
    pub total_count: u32,
    #[serde(default)]
    pub nodes: Vec<ShopifyProduct>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct SearchData {
    pub search: ShopifySearch,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyPage {
    pub id: Option<String>,
    pub handle: Option<String>,
    pub title: Option<String>,
    pub body: Option<String>,
    pub online_store_url: Option<String>,
    pub seo: Option<ShopifySeo>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct PageData {
    pub page: Option<ShopifyPage>,
}

// Carts (`fragments/cart.graphql`).

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct ShopifyProductRef {
    pub title: Option<String>,
    pub handle: Option<String>,
}

/// A line's `merchandise`: the `Merchandise` union, whose one member is `ProductVariant`.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyMerchandise {
    pub id: Option<String>,
    pub selected_options: Option<Vec<ShopifySelectedOption>>,
    pub image: Option<ShopifyImage>,
    pub product: Option<ShopifyProductRef>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyCartLineCost {
    pub amount_per_quantity: Option<ShopifyMoney>,
    pub total_amount: Option<ShopifyMoney>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct ShopifyCartLine {
    pub id: Option<String>,
    pub quantity: Option<u32>,
    pub cost: Option<ShopifyCartLineCost>,
    pub merchandise: Option<ShopifyMerchandise>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct ShopifyCartLines {
    #[serde(default)]
    pub nodes: Vec<ShopifyCartLine>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyCartCost {
    pub subtotal_amount: Option<ShopifyMoney>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyCart {
    pub id: Option<String>,
    pub checkout_url: Option<String>,
    pub cost: Option<ShopifyCartCost>,
    pub lines: Option<ShopifyCartLines>,
}

/// A `CartUserError`: the mutation changed nothing. `field` is the path of the input at
/// fault (`["cartId"]`, `["lines", "0", "merchandiseId"]`).
#[derive(Debug, Clone, Deserialize, Default, PartialEq, Eq)]
pub struct ShopifyCartUserError {
    pub code: Option<String>,
    pub field: Option<Vec<String>>,
}

/// A `CartWarning`: the change was made, adjusted. `target` is the line (or, for a
/// variant that was not added, the variant) it is about.
#[derive(Debug, Clone, Deserialize, Default, PartialEq, Eq)]
pub struct ShopifyCartWarning {
    pub code: String,
    pub target: Option<String>,
}

/// What every cart mutation answers (`CartCreatePayload`, `CartLinesAddPayload`, …).
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ShopifyCartPayload {
    pub cart: Option<ShopifyCart>,
    #[serde(default)]
    pub user_errors: Vec<ShopifyCartUserError>,
    #[serde(default)]
    pub warnings: Vec<ShopifyCartWarning>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct CartData {
    pub cart: Option<ShopifyCart>,
}
