//! The Shop API's answers as the driver's documents ask for them (`queries/`,
//! `fragments/`): only the fields selected there. Money is an integer in the currency's
//! minor units (Vendure's `Money`); ids are strings.

use serde::Deserialize;

#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
pub struct VendureAsset {
    pub id: String,
    /// An absolute URL where the server's asset storage gives one (its asset plugin does).
    pub preview: String,
}

/// `SearchResultPrice`: one price, or the range of a product's variants (a search grouped
/// by product always answers a range).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum SearchPrice {
    Range { min: i64, max: i64 },
    Single { value: i64 },
}

impl SearchPrice {
    /// The lowest: a product card's "from" price.
    #[must_use]
    pub const fn lowest(self) -> i64 {
        match self {
            Self::Range { min, .. } => min,
            Self::Single { value } => value,
        }
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ListingItem {
    pub product_id: String,
    pub product_name: String,
    pub slug: String,
    #[serde(default)]
    pub description: String,
    pub currency_code: String,
    pub in_stock: bool,
    pub product_asset: Option<VendureAsset>,
    pub price: SearchPrice,
    pub price_with_tax: SearchPrice,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SearchAnswer {
    pub total_items: u32,
    pub items: Vec<ListingItem>,
}

/// Whether the channel's prices, as entered and as its storefront shows them, include tax.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ActiveChannel {
    pub prices_include_tax: bool,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SearchData {
    pub search: SearchAnswer,
    pub active_channel: ActiveChannel,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct CollectionLink {
    pub id: String,
    pub name: String,
    pub slug: String,
    #[serde(default)]
    pub position: i64,
}

/// A collection as its page needs it: `breadcrumbs` run from the hidden root collection
/// to this one.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct VendureCollection {
    pub id: String,
    pub name: String,
    pub slug: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub breadcrumbs: Vec<CollectionLink>,
    #[serde(default)]
    pub children: Vec<CollectionLink>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CollectionPageData {
    pub collection: Option<VendureCollection>,
    pub search: SearchAnswer,
    pub active_channel: ActiveChannel,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct CollectionData {
    pub collection: Option<VendureCollection>,
}

/// One collection of the whole list (the menu): its parent is the hidden root for the
/// top level.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MenuCollection {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub position: i64,
    pub parent_id: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CollectionList {
    pub total_items: u32,
    pub items: Vec<MenuCollection>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct CollectionsData {
    pub collections: CollectionList,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct VendureOption {
    pub id: String,
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct OptionGroup {
    pub id: String,
    pub code: String,
    pub name: String,
    pub options: Vec<VendureOption>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct VariantOption {
    pub id: String,
    pub code: String,
    pub name: String,
    pub group_id: String,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct VendureVariant {
    pub id: String,
    pub sku: String,
    pub name: String,
    pub price: i64,
    pub price_with_tax: i64,
    pub currency_code: String,
    /// The channel's stock display: `IN_STOCK`, `LOW_STOCK` or `OUT_OF_STOCK` by default.
    pub stock_level: String,
    pub featured_asset: Option<VendureAsset>,
    pub options: Vec<VariantOption>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct VendureProduct {
    pub id: String,
    pub name: String,
    pub slug: String,
    #[serde(default)]
    pub description: String,
    pub featured_asset: Option<VendureAsset>,
    #[serde(default)]
    pub assets: Vec<VendureAsset>,
    #[serde(default)]
    pub option_groups: Vec<OptionGroup>,
    #[serde(default)]
    pub variants: Vec<VendureVariant>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ProductData {
    pub product: Option<VendureProduct>,
    pub active_channel: ActiveChannel,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct ChannelData {
    #[serde(rename = "activeChannel")]
    pub active_channel: ActiveChannel,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct NamedGroup {
    pub name: String,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct LineOption {
    pub name: String,
    pub group: NamedGroup,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct LineProduct {
    pub name: String,
    pub slug: String,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct LineVariant {
    pub id: String,
    pub sku: String,
    pub name: String,
    pub product: LineProduct,
    #[serde(default)]
    pub options: Vec<LineOption>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub id: String,
    pub quantity: u32,
    pub unit_price: i64,
    pub unit_price_with_tax: i64,
    pub line_price: i64,
    pub line_price_with_tax: i64,
    pub featured_asset: Option<VendureAsset>,
    pub product_variant: LineVariant,
}

/// An order as the cart and checkout read it (`fragments/order.graphql`).
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct VendureOrder {
    pub id: String,
    /// The order's number, as the shopper and the shop's staff name it.
    pub code: String,
    pub state: String,
    pub active: bool,
    pub currency_code: String,
    pub sub_total: i64,
    pub sub_total_with_tax: i64,
    #[serde(default)]
    pub lines: Vec<OrderLine>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ActiveOrderData {
    pub active_order: Option<VendureOrder>,
}

/// What a change of the order answers: the order, or one of the `ErrorResult` members
/// (HTTP 200, like any answer). An `InsufficientStockError` carries the order as Vendure
/// left it: it added what it had.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(tag = "__typename")]
pub enum OrderChange {
    Order(VendureOrder),
    #[serde(rename_all = "camelCase")]
    InsufficientStockError {
        quantity_available: u32,
        order: VendureOrder,
    },
    #[serde(untagged)]
    Refused(ErrorAnswer),
}

/// Any other `ErrorResult` member, by its code (`ORDER_MODIFICATION_ERROR`,
/// `ORDER_LIMIT_ERROR`, `NEGATIVE_QUANTITY_ERROR`, …). Its `message` is Vendure's, in
/// English, and never asked for: the shopper's texts are Vitrine's.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ErrorAnswer {
    #[serde(default, rename = "__typename")]
    pub typename: String,
    pub error_code: String,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OrderAddress {
    pub full_name: Option<String>,
    pub street_line1: Option<String>,
    pub city: Option<String>,
    pub province: Option<String>,
    pub postal_code: Option<String>,
    pub country_code: Option<String>,
    pub phone_number: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OrderCustomer {
    pub first_name: String,
    pub last_name: String,
    pub email_address: String,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct MethodName {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ShippingLine {
    pub shipping_method: MethodName,
}

/// An order as checkout reads it (`fragments/checkout_order.graphql`).
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutOrder {
    #[serde(flatten)]
    pub order: VendureOrder,
    pub shipping: i64,
    pub shipping_with_tax: i64,
    pub total: i64,
    pub total_with_tax: i64,
    pub customer: Option<OrderCustomer>,
    pub shipping_address: Option<OrderAddress>,
    pub billing_address: Option<OrderAddress>,
    #[serde(default)]
    pub shipping_lines: Vec<ShippingLine>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct VendureCountry {
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethod {
    pub code: String,
    pub name: String,
    pub is_eligible: bool,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutData {
    pub active_order: Option<CheckoutOrder>,
    pub available_countries: Vec<VendureCountry>,
    pub eligible_payment_methods: Vec<PaymentMethod>,
    pub active_channel: ActiveChannel,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ShippingQuote {
    pub id: String,
    pub name: String,
    pub price: i64,
    pub price_with_tax: i64,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ShippingMethodsData {
    pub eligible_shipping_methods: Vec<ShippingQuote>,
}

/// A checkout step's answer: the order, or an `ErrorResult` member by its code.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(tag = "__typename")]
pub enum CheckoutChange {
    Order(Box<CheckoutOrder>),
    #[serde(untagged)]
    Refused(ErrorAnswer),
}

/// One step of several in a document, where only its outcome is asked for.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct StepOutcome {
    #[serde(rename = "__typename")]
    pub typename: String,
    pub error_code: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SetAddressData {
    pub set_customer_for_order: StepOutcome,
    pub set_order_shipping_address: StepOutcome,
    pub set_order_billing_address: CheckoutChange,
}
