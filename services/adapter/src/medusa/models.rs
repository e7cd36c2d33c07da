//! The Medusa 2 Store API's payloads (`Store*` schemas of its OpenAPI document), as far
//! as the storefront reads them. Every field may be missing: a store's `fields` choice
//! or version can leave any out, and the transform decides what a missing one means.

use serde::{Deserialize, Deserializer};

#[derive(Debug, Default, Deserialize)]
pub struct ProductList {
    #[serde(default)]
    pub products: Vec<MedusaProduct>,
    #[serde(default)]
    pub count: u64,
}

#[derive(Debug, Deserialize)]
pub struct ProductOne {
    pub product: MedusaProduct,
}

#[derive(Debug, Default, Deserialize)]
pub struct MedusaProduct {
    pub id: String,
    pub title: Option<String>,
    pub handle: Option<String>,
    pub subtitle: Option<String>,
    pub description: Option<String>,
    pub thumbnail: Option<String>,
    #[serde(default, deserialize_with = "list")]
    pub images: Vec<MedusaImage>,
    #[serde(default, deserialize_with = "list")]
    pub variants: Vec<MedusaVariant>,
    /// The product's options (Medusa's default fields include them).
    #[serde(default, deserialize_with = "list")]
    pub options: Vec<MedusaOption>,
}

#[derive(Debug, Default, Deserialize)]
pub struct MedusaOption {
    #[serde(default)]
    pub id: String,
    pub title: Option<String>,
    #[serde(default, deserialize_with = "list")]
    pub values: Vec<MedusaOptionValue>,
}

/// A value of an option; a variant's `options` are the values it stands for.
#[derive(Debug, Default, Deserialize)]
pub struct MedusaOptionValue {
    pub value: Option<String>,
    pub option_id: Option<String>,
    /// The option itself, where it was asked for (a cart line's variant: its title).
    pub option: Option<MedusaOption>,
}

#[derive(Debug, Default, Deserialize)]
pub struct MedusaImage {
    #[serde(default)]
    pub id: String,
    pub url: Option<String>,
    /// Not in the 2.0.0 document; later 2.x stores send it, and the issue orders by it.
    #[serde(default, deserialize_with = "amount")]
    pub rank: Option<f64>,
}

#[derive(Debug, Default, Deserialize)]
pub struct MedusaVariant {
    #[serde(default)]
    pub id: String,
    pub sku: Option<String>,
    #[serde(default, deserialize_with = "list")]
    pub options: Vec<MedusaOptionValue>,
    pub manage_inventory: Option<bool>,
    #[serde(default, deserialize_with = "amount")]
    pub inventory_quantity: Option<f64>,
    pub allow_backorder: Option<bool>,
    pub calculated_price: Option<CalculatedPrice>,
}

/// BaseCalculatedPriceSet: amounts in major units, as Medusa 2 stores them.
#[derive(Debug, Default, Deserialize)]
pub struct CalculatedPrice {
    #[serde(default, deserialize_with = "amount")]
    pub calculated_amount: Option<f64>,
    #[serde(default, deserialize_with = "amount")]
    pub original_amount: Option<f64>,
    pub currency_code: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct CategoryList {
    #[serde(default)]
    pub product_categories: Vec<MedusaCategory>,
}

#[derive(Debug, Default, Clone, Deserialize)]
pub struct MedusaCategory {
    pub id: String,
    pub name: Option<String>,
    pub handle: Option<String>,
    pub description: Option<String>,
    #[serde(default, deserialize_with = "amount")]
    pub rank: Option<f64>,
    #[serde(default, deserialize_with = "list")]
    pub category_children: Vec<MedusaCategory>,
}

#[derive(Debug, Default, Deserialize)]
pub struct RegionList {
    #[serde(default)]
    pub regions: Vec<MedusaRegion>,
}

#[derive(Debug, Default, Deserialize)]
pub struct MedusaRegion {
    pub id: String,
}

/// Medusa's error body (`Error`): `type` says what kind (`not_allowed`, `not_found`, …),
/// `code` sometimes more (`insufficient_inventory`). The message is read to tell cases
/// apart, never shown.
#[derive(Debug, Default, Deserialize)]
pub struct ErrorBody {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub code: Option<String>,
    pub message: Option<String>,
}

/// `{cart}` (`StoreCartResponse`). Medusa 2.0 answers a GET of a cart it does
/// not know with 200 and no cart: `None`.
#[derive(Debug, Default, Deserialize)]
pub struct CartAnswer {
    pub cart: Option<MedusaCart>,
}

/// A deleted line's answer, `{id, object, deleted, parent}`: `parent` is the cart after.
#[derive(Debug, Default, Deserialize)]
pub struct LineDeleted {
    pub parent: Option<MedusaCart>,
}

/// `StoreCart`, as far as the fields the driver asks for (`transform::cart::FIELDS`).
#[derive(Debug, Default, Deserialize)]
pub struct MedusaCart {
    #[serde(default)]
    pub id: String,
    pub currency_code: Option<String>,
    /// Set once the cart became an order (not in the 2.0 document; Medusa sends it).
    pub completed_at: Option<serde_json::Value>,
    /// The items' subtotal (`subtotal` would add shipping).
    #[serde(default, deserialize_with = "amount")]
    pub item_subtotal: Option<f64>,
    #[serde(default, deserialize_with = "list")]
    pub items: Vec<MedusaLineItem>,
    // What checkout reads (`transform::checkout::FIELDS`).
    pub email: Option<String>,
    pub region: Option<MedusaCartRegion>,
    pub shipping_address: Option<MedusaAddress>,
    pub billing_address: Option<MedusaAddress>,
    #[serde(default, deserialize_with = "list")]
    pub shipping_methods: Vec<MedusaShippingMethod>,
    /// Shipping before tax (`shipping_total` adds its tax).
    #[serde(default, deserialize_with = "amount")]
    pub shipping_subtotal: Option<f64>,
    #[serde(default, deserialize_with = "amount")]
    pub tax_total: Option<f64>,
    #[serde(default, deserialize_with = "amount")]
    pub total: Option<f64>,
}

/// A cart's region, as far as checkout reads it: the countries it ships to.
#[derive(Debug, Default, Deserialize)]
pub struct MedusaCartRegion {
    pub name: Option<String>,
    #[serde(default, deserialize_with = "list")]
    pub countries: Vec<MedusaCountry>,
}

/// `StoreRegionCountry`: Medusa keys countries by their lower-case `iso_2`.
#[derive(Debug, Default, Deserialize)]
pub struct MedusaCountry {
    pub iso_2: Option<String>,
    pub display_name: Option<String>,
}

/// `StoreCartAddress`: the province is free text in Medusa.
#[derive(Debug, Default, Clone, Deserialize)]
pub struct MedusaAddress {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub address_1: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    pub country_code: Option<String>,
    pub province: Option<String>,
    pub phone: Option<String>,
}

/// `StoreCartShippingMethod`: the option it was made from, its name and amount.
#[derive(Debug, Default, Deserialize)]
pub struct MedusaShippingMethod {
    pub shipping_option_id: Option<String>,
    pub name: Option<String>,
    #[serde(default, deserialize_with = "amount")]
    pub amount: Option<f64>,
}

/// `StoreShippingOptionListResponse`.
#[derive(Debug, Default, Deserialize)]
pub struct ShippingOptionList {
    #[serde(default, deserialize_with = "list")]
    pub shipping_options: Vec<MedusaShippingOption>,
}

/// `StoreCartShippingOption`: its amount in major units, as every Medusa 2 amount.
#[derive(Debug, Default, Deserialize)]
pub struct MedusaShippingOption {
    #[serde(default)]
    pub id: String,
    pub name: Option<String>,
    #[serde(default, deserialize_with = "amount")]
    pub amount: Option<f64>,
}

/// `StorePaymentCollectionResponse`, as far as its id.
#[derive(Debug, Default, Deserialize)]
pub struct PaymentCollectionAnswer {
    pub payment_collection: Option<IdOnly>,
}

#[derive(Debug, Default, Deserialize)]
pub struct IdOnly {
    #[serde(default)]
    pub id: String,
}

/// `POST /store/carts/{id}/complete`'s 200: `{type: "order", order}`, or `{type: "cart",
/// cart, error}` when the payment was not authorised.
#[derive(Debug, Default, Deserialize)]
pub struct Completion {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub order: Option<MedusaOrder>,
    pub error: Option<ErrorBody>,
}

/// `StoreOrder`, as far as the order Vitrine answers.
#[derive(Debug, Default, Deserialize)]
pub struct MedusaOrder {
    #[serde(default, deserialize_with = "amount")]
    pub display_id: Option<f64>,
    pub email: Option<String>,
    pub currency_code: Option<String>,
    #[serde(default, deserialize_with = "amount")]
    pub item_subtotal: Option<f64>,
    #[serde(default, deserialize_with = "amount")]
    pub shipping_subtotal: Option<f64>,
    #[serde(default, deserialize_with = "amount")]
    pub tax_total: Option<f64>,
    #[serde(default, deserialize_with = "amount")]
    pub total: Option<f64>,
}

/// `StoreCartLineItem`: Medusa copies the product's and variant's names into the line.
#[derive(Debug, Default, Deserialize)]
pub struct MedusaLineItem {
    #[serde(default)]
    pub id: String,
    pub variant_id: Option<String>,
    pub product_handle: Option<String>,
    pub product_title: Option<String>,
    pub title: Option<String>,
    pub thumbnail: Option<String>,
    #[serde(default, deserialize_with = "amount")]
    pub quantity: Option<f64>,
    #[serde(default, deserialize_with = "amount")]
    pub unit_price: Option<f64>,
    /// Before taxes and discounts: unit price × quantity.
    #[serde(default, deserialize_with = "amount")]
    pub subtotal: Option<f64>,
    /// The variant's title, as the line keeps it ("M / Black").
    pub variant_title: Option<String>,
}

/// A number, a numeric string (some stores serialise big numbers as strings), or null.
fn amount<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Amount {
        Number(f64),
        Text(String),
        Other(serde::de::IgnoredAny),
    }
    Ok(match Option::<Amount>::deserialize(d)? {
        Some(Amount::Number(n)) => Some(n),
        Some(Amount::Text(t)) => t.trim().parse().ok(),
        Some(Amount::Other(_)) | None => None,
    })
}

/// A list, or nothing for `null`.
fn list<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    Ok(Option::<Vec<T>>::deserialize(d)?.unwrap_or_default())
}
