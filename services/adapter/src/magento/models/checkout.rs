//! Magento's guest checkout, as `fragments/checkout.graphql` and
//! `queries/get_checkout.graphql` select it. Everything is optional, as elsewhere.

use serde::Deserialize;

use super::MagentoMoney;
use super::cart::MagentoCart;

/// `MagentoGetCheckout`'s data: the cart with its checkout, and the countries.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCheckoutData {
    pub cart: Option<MagentoCheckoutCart>,
    pub countries: Option<Vec<Option<MagentoCountry>>>,
}

/// `Cart` with what its checkout has so far (`magentoCheckout` spreads `magentoCart`).
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCheckoutCart {
    #[serde(flatten)]
    pub cart: MagentoCart,
    pub email: Option<String>,
    /// One for a guest cart set over GraphQL (Magento's multi-shipping is not used).
    pub shipping_addresses: Option<Vec<Option<MagentoCartAddress>>>,
    pub billing_address: Option<MagentoCartAddress>,
    pub available_payment_methods: Option<Vec<Option<MagentoPaymentMethod>>>,
    /// `prices`, aliased: `magentoCart` selects its own.
    pub checkout_prices: Option<MagentoCheckoutPrices>,
}

/// `ShippingCartAddress` or `BillingCartAddress` (the billing one without methods).
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCartAddress {
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub street: Option<Vec<Option<String>>>,
    pub city: Option<String>,
    pub postcode: Option<String>,
    pub country: Option<MagentoCode>,
    pub region: Option<MagentoCode>,
    pub telephone: Option<String>,
    pub available_shipping_methods: Option<Vec<Option<MagentoShippingMethod>>>,
    pub selected_shipping_method: Option<MagentoShippingMethod>,
}

/// `CartAddressCountry`, `CartAddressRegion`: only their codes are read.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCode {
    pub code: Option<String>,
}

/// `AvailableShippingMethod` or `SelectedShippingMethod`.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoShippingMethod {
    pub carrier_code: Option<String>,
    pub method_code: Option<String>,
    pub carrier_title: Option<String>,
    pub method_title: Option<String>,
    /// Only on an available method: false when the carrier cannot ship this cart.
    pub available: Option<bool>,
    pub amount: Option<MagentoMoney>,
}

/// `AvailablePaymentMethod`.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoPaymentMethod {
    pub code: Option<String>,
    pub title: Option<String>,
}

/// `CartPrices`, as the checkout reads them.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCheckoutPrices {
    pub subtotal_excluding_tax: Option<MagentoMoney>,
    pub grand_total: Option<MagentoMoney>,
    pub applied_taxes: Option<Vec<Option<MagentoTax>>>,
}

/// `CartTaxItem`.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoTax {
    pub amount: Option<MagentoMoney>,
}

/// `Country` of the `countries` query: the store's allowed countries.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoCountry {
    pub id: Option<String>,
    pub two_letter_abbreviation: Option<String>,
    pub full_name_english: Option<String>,
    pub available_regions: Option<Vec<Option<MagentoRegion>>>,
}

/// `Region`.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoRegion {
    pub code: Option<String>,
    pub name: Option<String>,
}

/// `placeOrder`'s answer (2.4.6: `PlaceOrderOutput.order`, no `orderV2` nor `errors`).
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoPlaceOrder {
    pub order: Option<MagentoOrderNumber>,
}

/// `Order` (2.4.6): the increment id.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
pub struct MagentoOrderNumber {
    pub order_number: Option<String>,
}
