//! Magento payloads (the spec's "Magento source fields"), as the documents in `queries/`
//! select them. Everything is optional: Magento leaves fields null freely.

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoMoney {
    pub value: Option<f64>,
    pub currency: Option<String>,
}

impl MagentoMoney {
    /// Its value in minor units of its own currency.
    #[must_use]
    pub fn minor(&self) -> Option<i64> {
        vitrine_domain::money::from_major(self.value?, self.currency.as_deref())
    }
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoDiscount {
    pub amount_off: Option<f64>,
    pub percent_off: Option<f64>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoProductPrice {
    pub regular_price: Option<MagentoMoney>,
    pub final_price: Option<MagentoMoney>,
    pub discount: Option<MagentoDiscount>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoPriceRange {
    pub maximum_price: Option<MagentoProductPrice>,
    pub minimum_price: Option<MagentoProductPrice>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoImage {
    pub url: Option<String>,
    pub label: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoMediaGalleryEntry {
    pub label: Option<String>,
    pub file: Option<String>,
    pub position: Option<i64>,
    pub disabled: Option<bool>,
    pub uid: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoHtml {
    pub html: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoProduct {
    #[serde(rename = "__typename")]
    pub typename: Option<String>,
    pub uid: Option<String>,
    pub url_key: Option<String>,
    pub url_suffix: Option<String>,
    pub name: Option<String>,
    pub sku: Option<String>,
    pub stock_status: Option<String>,
    pub price_range: Option<MagentoPriceRange>,
    pub image: Option<MagentoImage>,
    pub meta_title: Option<String>,
    pub meta_description: Option<String>,
    pub canonical_url: Option<String>,
    pub short_description: Option<MagentoHtml>,
    pub description: Option<MagentoHtml>,
    pub review_count: Option<i32>,
    pub rating_summary: Option<f64>,
    pub media_gallery_entries: Option<Vec<MagentoMediaGalleryEntry>>,
    /// A `ConfigurableProduct`'s options, each an attribute and its values.
    pub configurable_options: Option<Vec<MagentoConfigurableOption>>,
    /// A `ConfigurableProduct`'s children: the option values each stands for, and the
    /// simple product sold (its own SKU, price, stock and image).
    pub variants: Option<Vec<MagentoVariant>>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoOptionValue {
    pub uid: Option<String>,
    pub label: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoConfigurableOption {
    pub attribute_code: Option<String>,
    pub label: Option<String>,
    pub position: Option<i64>,
    pub values: Option<Vec<MagentoOptionValue>>,
}

/// `ConfigurableAttributeOption`: one option value a child stands for.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoVariantAttribute {
    pub code: Option<String>,
    pub label: Option<String>,
    /// What `addProductsToCart` takes among `selected_options`.
    pub uid: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoVariant {
    pub attributes: Option<Vec<MagentoVariantAttribute>>,
    pub product: Option<Box<MagentoProduct>>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoProducts {
    pub total_count: Option<i64>,
    #[serde(default)]
    pub items: Vec<MagentoProduct>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct ProductsData {
    pub products: Option<MagentoProducts>,
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoBreadcrumb {
    pub category_uid: Option<String>,
    pub category_name: Option<String>,
    pub category_level: Option<i32>,
    pub category_url_path: Option<String>,
}

/// Magento sends `include_in_menu` as Int 0/1; some versions send a boolean.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum MagentoFlag {
    Int(i64),
    Bool(bool),
}

#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCategory {
    pub uid: Option<String>,
    pub url_path: Option<String>,
    pub url_suffix: Option<String>,
    pub level: Option<i32>,
    pub name: Option<String>,
    pub include_in_menu: Option<MagentoFlag>,
    pub position: Option<i64>,
    pub product_count: Option<i32>,
    /// A String in the schema.
    pub children_count: Option<String>,
    pub breadcrumbs: Option<Vec<MagentoBreadcrumb>>,
    pub children: Option<Vec<MagentoCategory>>,
    /// HTML; only the category page selects it (and the fields below).
    pub description: Option<String>,
    pub meta_title: Option<String>,
    pub meta_description: Option<String>,
    /// One page of the category's products (`CategoryInterface.products`).
    pub products: Option<MagentoProducts>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct CategoryListData {
    #[serde(rename = "categoryList", default)]
    pub category_list: Vec<MagentoCategory>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct MagentoStoreConfig {
    pub root_category_uid: Option<String>,
    pub store_code: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct StoreConfigData {
    #[serde(rename = "storeConfig")]
    pub store_config: Option<MagentoStoreConfig>,
}

/// `route(url)`: the routable fields plus the product, category or CMS page fields.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoRoute {
    #[serde(rename = "__typename")]
    pub typename: Option<String>,
    pub relative_url: Option<String>,
    pub redirect_code: Option<i32>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub uid: Option<String>,
    pub name: Option<String>,
    pub sku: Option<String>,
    pub meta_title: Option<String>,
    pub meta_description: Option<String>,
    pub canonical_url: Option<String>,
    pub review_count: Option<i32>,
    pub rating_summary: Option<f64>,
    pub stock_status: Option<String>,
    pub image: Option<MagentoImage>,
    pub price_range: Option<MagentoPriceRange>,
    pub identifier: Option<String>,
    pub url_key: Option<String>,
    pub title: Option<String>,
}

/// `route(url)` as the category page selects it: the route type and the category.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCategoryRoute {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    #[serde(flatten)]
    pub category: MagentoCategory,
}

/// `route(url)` as the content page selects it: a CMS page's fields.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCmsPage {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub identifier: Option<String>,
    pub url_key: Option<String>,
    pub title: Option<String>,
    pub content_heading: Option<String>,
    /// Raw HTML.
    pub content: Option<String>,
    pub meta_title: Option<String>,
    pub meta_description: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct RouteData<T> {
    pub route: Option<T>,
}

pub mod cart;
pub mod checkout;
