//! The edge's public JSON shapes: one type per body the SPA reads, apart from the proto
//! messages (the internal gRPC format), so renaming a proto field cannot change the API.
//!
//! Each type says exactly what goes on the wire (`openapi.json` is generated from these)
//! and is built from its proto message by a pure `From`. Field order is the order the
//! bodies had when they were the proto messages themselves: struct order for products and
//! navigation, alphabetical for `/api/resolve` and `/api/driver`, which were `json!`
//! maps. Absent optional values are sent as `null`, as before.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use vitrine_domain::{Driver, money};
use vitrine_proto::v1 as proto;

pub(crate) mod checkout;

/// A product image.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Image {
    pub(crate) id: String,
    pub(crate) url: String,
    pub(crate) label: String,
}

/// A markdown: the amount taken off the listed price, and its share of it in percent.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Discount {
    pub(crate) amount: f64,
    pub(crate) percent: f64,
}

/// The spec's "Product (normalised)".
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Product {
    pub(crate) id: String,
    /// "simple", "configurable" or "composite".
    #[serde(rename = "type")]
    pub(crate) kind: String,
    pub(crate) url: String,
    /// The one camelCase field.
    #[serde(rename = "canonicalUrl")]
    pub(crate) canonical_url: Option<String>,
    pub(crate) name: String,
    pub(crate) thumbnail: Option<Image>,
    pub(crate) images: Vec<Image>,
    /// The listed price, in major units of `currency` (19.99 dollars, 1500 yen).
    pub(crate) price: Option<f64>,
    pub(crate) discount: Option<Discount>,
    /// What a shopper pays: `price` less the discount when that is an offer (above 0 and
    /// below the price), else `price`.
    pub(crate) paid_price: Option<f64>,
    pub(crate) in_stock: Option<bool>,
    /// HTML, sanitised by the adapter.
    pub(crate) description: Option<String>,
    pub(crate) short_description: Option<String>,
    pub(crate) meta_title: Option<String>,
    pub(crate) meta_description: Option<String>,
    pub(crate) brand: Option<String>,
    pub(crate) review_count: Option<i32>,
    pub(crate) rating_summary: Option<f64>,
    pub(crate) sku: Option<String>,
    /// ISO 4217 code of every amount of the product and its variants; absent means USD.
    pub(crate) currency: Option<String>,
    /// The choices a shopper makes (size, colour…), in the backend's order.
    /// Only in a product's own answer (by url, by id, its page); a listing's cards leave
    /// options and variants out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) options: Vec<ProductOption>,
    /// The variants the options lead to; a product sold as it is has one. `price`,
    /// `discount` and `in_stock` above are the first one's.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) variants: Vec<Variant>,
    /// Whether the prices include tax, where the backend says (a sales channel's
    /// setting); absent where it does not, and the page then says nothing of tax.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) prices_include_tax: Option<bool>,
}

/// One choice of a product: its name and its values, in order.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct ProductOption {
    pub(crate) name: String,
    pub(crate) values: Vec<String>,
}

/// The value a variant has for one option.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct SelectedOption {
    pub(crate) name: String,
    pub(crate) value: String,
}

/// One sellable form of a product; `id` is what a cart adds.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Variant {
    pub(crate) id: String,
    pub(crate) sku: Option<String>,
    /// Its value of each option.
    pub(crate) selected: Vec<SelectedOption>,
    pub(crate) price: Option<f64>,
    pub(crate) discount: Option<Discount>,
    /// What a shopper pays for it, as the product's `paid_price`.
    pub(crate) paid_price: Option<f64>,
    pub(crate) in_stock: Option<bool>,
    /// Its own picture, when the backend gives one.
    pub(crate) image: Option<Image>,
}

/// The spec's "Product response: {id, products:[product]}".
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct ProductResponse {
    pub(crate) id: String,
    pub(crate) products: Vec<Product>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Breadcrumb {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) level: i32,
    pub(crate) url: String,
}

/// The spec's "Navigation node": the menu tree.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct NavigationNode {
    pub(crate) id: String,
    pub(crate) url: String,
    pub(crate) name: String,
    pub(crate) total_products: i32,
    pub(crate) children_count: i32,
    pub(crate) breadcrumbs: Vec<Breadcrumb>,
    // The schema refers to itself here; utoipa must not expand it forever.
    #[schema(no_recursion)]
    pub(crate) children: Vec<NavigationNode>,
}

// Category pages, search and content pages.

/// An order a listing can be shown in; `position` is the backend's own order (relevance
/// for search). A listing names only the orders its backend can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Sort {
    Position,
    Name,
    PriceAsc,
    PriceDesc,
}

impl Sort {
    /// Every word, in the order the API documents them.
    pub(crate) const WORDS: [&'static str; 4] = ["position", "name", "price_asc", "price_desc"];

    /// The word for this order.
    pub(crate) const fn as_str(self) -> &'static str {
        Self::WORDS[self as usize]
    }

    /// A `sort` query parameter; `None` for any other word.
    pub(crate) fn parse(word: &str) -> Option<Self> {
        match word {
            "position" => Some(Self::Position),
            "name" => Some(Self::Name),
            "price_asc" => Some(Self::PriceAsc),
            "price_desc" => Some(Self::PriceDesc),
            _ => None,
        }
    }

    /// A `sort` as an address or the API gives it: any other word (or none) is position,
    /// as the SPA's `listingParams` reads its own address.
    pub(crate) fn read(word: &str) -> Self {
        Self::parse(word).unwrap_or(Self::Position)
    }
}

impl From<proto::ProductSort> for Sort {
    fn from(s: proto::ProductSort) -> Self {
        match s {
            proto::ProductSort::Position => Self::Position,
            proto::ProductSort::Name => Self::Name,
            proto::ProductSort::PriceAsc => Self::PriceAsc,
            proto::ProductSort::PriceDesc => Self::PriceDesc,
        }
    }
}

impl From<Sort> for proto::ProductSort {
    fn from(s: Sort) -> Self {
        match s {
            Sort::Position => Self::Position,
            Sort::Name => Self::Name,
            Sort::PriceAsc => Self::PriceAsc,
            Sort::PriceDesc => Self::PriceDesc,
        }
    }
}

/// One page of products: a category's or a search's.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct ProductPage {
    pub(crate) products: Vec<Product>,
    /// Products on every page together.
    pub(crate) total_count: u32,
    /// 1-based.
    pub(crate) page: u32,
    pub(crate) page_size: u32,
    /// How many pages `total_count` fills (0 when there are no products).
    pub(crate) page_count: u32,
    /// The orders this backend can show this listing in.
    pub(crate) sorts: Vec<Sort>,
}

/// A link to a category: a category page's children, the home page's chips.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct CategoryLink {
    pub(crate) id: String,
    pub(crate) name: String,
    /// Path with a leading slash.
    pub(crate) url: String,
    /// 0 when the backend does not count them.
    pub(crate) total_products: i32,
}

/// A category as its page shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Category {
    pub(crate) id: String,
    pub(crate) name: String,
    /// Path with a leading slash.
    pub(crate) url: String,
    /// HTML, sanitised by the adapter.
    pub(crate) description: Option<String>,
    pub(crate) meta_title: Option<String>,
    pub(crate) meta_description: Option<String>,
    /// From the top down, this category excluded (some backends end theirs with it).
    pub(crate) breadcrumbs: Vec<Breadcrumb>,
    pub(crate) children: Vec<CategoryLink>,
}

/// `GET /api/categories/by-url`: the category and one page of its products.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct CategoryPage {
    pub(crate) category: Category,
    pub(crate) listing: ProductPage,
}

/// `GET /api/pages/by-url`: a content (CMS) page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct ContentPage {
    pub(crate) id: String,
    /// Path with a leading slash.
    pub(crate) url: String,
    pub(crate) title: String,
    /// HTML, sanitised by the adapter.
    pub(crate) content: String,
    pub(crate) meta_title: Option<String>,
    pub(crate) meta_description: Option<String>,
}

/// `GET /api/page`: what a storefront path is and, in the same answer, the data its page
/// shows: the product, the category page or the content page, as the resolution names.
/// At most one of the three is set; none when the path is no page (not found, a
/// redirect, a failed lookup) or the backend found nothing after all.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct PageData {
    pub(crate) resolution: Resolution,
    pub(crate) product: Option<ProductResponse>,
    pub(crate) category: Option<CategoryPage>,
    pub(crate) content: Option<ContentPage>,
    /// Why the page's data could not be fetched although the path is a page (the
    /// backend failed): the SPA shows its error state or the failed-resolution path.
    pub(crate) failure: Option<ErrorDetail>,
    /// What the page's `<head>` says: the edge writes it into a page it serves.
    pub(crate) head: PageHead,
    /// `head` as the edge writes it into a page (`<title>`, then the tags marked
    /// `data-head`): the SPA swaps these in after a client-side navigation.
    pub(crate) head_html: String,
}

/// `GET /api/head/home`, `/api/head/search`, `/api/head/cart`: the head of a page the
/// SPA shows without `/api/page`, as [`PageData`] carries it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct HeadAnswer {
    pub(crate) head: PageHead,
    /// `head` as the edge writes it into a page.
    pub(crate) head_html: String,
}

/// A page's title, description, canonical link, link-preview image and structured
/// data, built once by the edge (`crate::head`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub(crate) struct PageHead {
    pub(crate) title: String,
    pub(crate) description: Option<String>,
    /// Absolute.
    pub(crate) canonical: String,
    /// OpenGraph type: "product" or "website".
    pub(crate) og_type: String,
    /// Absolute url of the link-preview image (through `/img`).
    pub(crate) image: Option<String>,
    /// schema.org objects, each written as its own `application/ld+json` script.
    #[schema(value_type = Vec<std::collections::HashMap<String, serde_json::Value>>)]
    pub(crate) json_ld: Vec<serde_json::Value>,
    /// The backend's url of the page's largest image, which the edge preloads.
    pub(crate) lcp_image: Option<String>,
    /// Search engines are asked not to index the page (the cart); absent
    /// when they may, so every other answer is as it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) noindex: bool,
}

/// The page data a backend attaches to a resolution (alphabetical, as it always was).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct RouteData {
    pub(crate) canonical_url: Option<String>,
    pub(crate) meta_description: Option<String>,
    pub(crate) title: Option<String>,
}

/// What the browser does with a resolution (the spec's "Route matching").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Outcome {
    Match,
    Redirect,
    NotFound,
    Failed,
}

impl Outcome {
    /// The url-resolution service's word for it; anything unknown is a failed lookup.
    fn parse(word: &str) -> Self {
        match word {
            "match" => Self::Match,
            "redirect" => Self::Redirect,
            "not_found" => Self::NotFound,
            _ => Self::Failed,
        }
    }
}

/// What a storefront path is (the spec's route `type`), in the words of Magento's
/// `UrlRewriteEntityTypeEnum`, which every adapter answers in (`vitrine_domain::route`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub(crate) enum RouteKind {
    Product,
    Category,
    CmsPage,
}

impl RouteKind {
    /// The word a route carries; `None` for any other (a backend's own entity type, a
    /// newer service's): the edge has no page for it, which the SPA reads as not found,
    /// as it read the unknown word before.
    fn parse(word: &str) -> Option<Self> {
        // Read by serde, so the words are written once: in the `rename_all` above.
        let word = serde::de::value::StrDeserializer::<serde::de::value::Error>::new(word);
        Self::deserialize(word).ok()
    }
}

/// `GET /api/resolve`: the spec's "Route resolution result" flattened with what to do with
/// it. Fields are alphabetical (the body used to be a `json!` map).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Resolution {
    /// 0 is taken as 200; 301/302 redirect; 404 not found.
    pub(crate) code: i32,
    pub(crate) data: Option<RouteData>,
    /// The spec's route result code: 404_NOT_FOUND, 4xx_CLIENT_ERROR, 5xx_SERVER_ERROR,
    /// 302_PERMANENT_REDIRECT, TEMPORARY_REDIRECT.
    #[schema(required = true)]
    pub(crate) error_code: Option<String>,
    /// Where the visitor goes when later calls fail.
    pub(crate) failed_resolution_path: String,
    #[schema(required = true)]
    pub(crate) id: Option<String>,
    /// Where the visitor goes: the redirect target or the failed-resolution path.
    #[schema(required = true)]
    pub(crate) location: Option<String>,
    pub(crate) outcome: Outcome,
    /// What was found; null when nothing was (or a kind this edge has no page for).
    #[serde(rename = "type")]
    #[schema(required = true)]
    pub(crate) kind: Option<RouteKind>,
    /// Without a leading slash (as the reference framework's).
    #[schema(required = true)]
    pub(crate) url: Option<String>,
}

/// One choice of the debug bar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct DriverOption {
    pub(crate) enabled: bool,
    pub(crate) label: String,
    pub(crate) value: String,
}

/// Latency and faults injected into one backend's upstream calls, for the
/// visitor's own requests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub(crate) struct FaultsSetting {
    /// The backend whose calls are affected: one of [`FaultsState::backends`]' values.
    pub(crate) backend: String,
    /// Added to each call, in ms (its bound: `openapi/bounds.rs`).
    pub(crate) latency_ms: u32,
    /// The share of calls answered as the backend's 503, 0 to 100.
    #[schema(minimum = 0, maximum = 100)]
    pub(crate) error_percent: u8,
    /// Every call waits out the upstream timeout and fails with it (the page's 504).
    pub(crate) timeout: bool,
}

impl From<vitrine_domain::faults::Faults> for FaultsSetting {
    fn from(f: vitrine_domain::faults::Faults) -> Self {
        Self {
            backend: f.backend.as_str().to_owned(),
            latency_ms: f.latency_ms,
            error_percent: f.error_percent,
            timeout: f.timeout,
        }
    }
}

/// `/api/debug/faults`: whether faults can be injected here, the backends a setting can
/// name, and the visitor's setting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct FaultsState {
    pub(crate) enabled: bool,
    /// Every backend, in the debug bar's order. A fault names a backend, not a driver:
    /// Magento's calls are Mage-OS's too.
    pub(crate) backends: Vec<BackendOption>,
    /// Absent when nothing is injected.
    pub(crate) faults: Option<FaultsSetting>,
}

/// One backend a fault setting can name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct BackendOption {
    /// As a setting names it (`magento`).
    pub(crate) value: String,
    /// Its drivers' labels (`Magento / Mage-OS`).
    pub(crate) label: String,
}

impl BackendOption {
    /// Every backend, each labelled with the drivers it serves.
    pub(crate) fn all() -> Vec<Self> {
        vitrine_domain::Backend::ALL
            .into_iter()
            .map(|b| {
                let drivers = Driver::ALL.into_iter().filter(|d| d.backend() == b).map(Driver::label);
                Self { value: b.as_str().to_owned(), label: drivers.collect::<Vec<_>>().join(" / ") }
            })
            .collect()
    }
}

/// `POST /api/debug/compare`: each enabled backend's read times.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Comparison {
    /// Warm reads of each page kind.
    pub(crate) runs: u32,
    pub(crate) backends: Vec<BackendTimes>,
}

/// One backend's times: per page kind, and the median and 95th percentile of all its
/// warm reads, in ms.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct BackendTimes {
    pub(crate) driver: String,
    pub(crate) label: String,
    /// Why its pages could not all be read (its menu failed, or its reads took too long).
    pub(crate) error: Option<String>,
    pub(crate) kinds: Vec<KindTimes>,
    pub(crate) median_ms: Option<f64>,
    pub(crate) p95_ms: Option<f64>,
}

/// One page kind of a backend: `home`, `category`, `product` or `search`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct KindTimes {
    pub(crate) kind: String,
    /// The storefront address read.
    pub(crate) path: String,
    /// The read past every cache.
    pub(crate) cold_ms: Option<f64>,
    /// Of the warm reads.
    pub(crate) median_ms: Option<f64>,
    pub(crate) p95_ms: Option<f64>,
    /// Reads that failed.
    pub(crate) errors: u32,
}

/// `GET`/`PUT /api/driver`: the session's driver and every option (alphabetical fields).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct DriverInfo {
    pub(crate) driver: String,
    /// Why a PUT changed nothing (unknown or disabled driver); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub(crate) notice: Option<String>,
    pub(crate) options: Vec<DriverOption>,
    /// When the session chose it, ms since the Unix epoch (0: never switched, the
    /// default). The driver events carry the same stamp, so a tab tells a newer choice
    /// from one it already knows.
    pub(crate) switched_at_ms: u64,
}

impl DriverInfo {
    /// `enabled` tells which drivers can be chosen here (`crate::availability`); the
    /// others keep the spec's "coming soon" label.
    pub(crate) fn new(
        driver: Driver,
        switched_at_ms: u64,
        notice: Option<String>,
        enabled: impl Fn(Driver) -> bool,
    ) -> Self {
        let options = Driver::ALL
            .into_iter()
            .map(|d| {
                let enabled = enabled(d);
                let label = if enabled { d.label().to_owned() } else { d.disabled_label() };
                DriverOption { enabled, label, value: d.as_str().to_owned() }
            })
            .collect();
        Self { driver: driver.as_str().to_owned(), notice, options, switched_at_ms }
    }
}

/// `GET /api/debug`: what the debug bar's Timings panel links to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct DebugInfo {
    /// The Jaeger UI's base address (`VITRINE_JAEGER_UI_URL`, no trailing slash), where
    /// `/trace/{trace id}` shows a trace; null when none is configured.
    #[serde(rename = "jaegerUrl")]
    #[schema(required = true)]
    pub(crate) jaeger_url: Option<String>,
}

/// Every error: `{"error":{"code","message"}}` (see `error.rs` for the codes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct ErrorBody {
    pub(crate) error: ErrorDetail,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct ErrorDetail {
    /// Stable, machine-readable: bad_request, not_found, driver_unavailable,
    /// upstream_timeout, upstream_unavailable, unavailable.
    pub(crate) code: String,
    /// Safe to show a visitor: never hosts, upstream bodies or internal paths.
    pub(crate) message: String,
    /// Each refused field of a checkout step (code invalid_fields); absent
    /// otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(nullable = false)]
    pub(crate) fields: Vec<checkout::FieldError>,
}

/// One line of the visitor's cart.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct CartLine {
    /// What `PATCH` and `DELETE /api/cart/lines/{line}` name.
    pub(crate) id: String,
    /// The variant's id, as the product lists it.
    pub(crate) variant: String,
    /// The product's page; empty when the backend gave no safe link.
    pub(crate) product_url: String,
    pub(crate) name: String,
    /// The variant's value of each option.
    pub(crate) options: Vec<SelectedOption>,
    pub(crate) image: Option<Image>,
    pub(crate) quantity: u32,
    /// What one costs.
    pub(crate) unit_price: Option<f64>,
    /// What the line costs (after the backend's line discounts).
    pub(crate) line_total: Option<f64>,
}

/// The visitor's cart on their driver's backend. Never cached or shared.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub(crate) struct Cart {
    pub(crate) lines: Vec<CartLine>,
    /// The items' subtotal (no shipping); 0 for an empty cart.
    pub(crate) subtotal: Option<f64>,
    /// ISO 4217; null when there is none (an empty cart).
    pub(crate) currency: Option<String>,
    /// How many items: the sum of the lines' quantities.
    pub(crate) count: u32,
    /// Where the backend checks this cart out (Shopify); null elsewhere.
    pub(crate) checkout_url: Option<String>,
    /// What the backend did other than asked (a quantity reduced to the stock), for the shopper.
    pub(crate) notices: Vec<String>,
    /// The cart the session named was gone (expired, completed): this one replaces it.
    pub(crate) replaced: bool,
}

/// The body of `POST /api/cart/lines`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub(crate) struct AddLine {
    /// A variant id, as the product lists it.
    pub(crate) variant: String,
    /// From `minimum` to `maximum` (the cart's bounds).
    pub(crate) quantity: u32,
}

/// The body of `PATCH /api/cart/lines/{line}`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub(crate) struct LineQuantity {
    /// From `minimum` to `maximum` (the cart's bounds).
    pub(crate) quantity: u32,
}

impl CartLine {
    /// A line of a cart in `currency`.
    pub(crate) fn new(l: proto::CartLine, currency: Option<&str>) -> Self {
        Self {
            id: l.id,
            variant: l.variant,
            product_url: l.product_url,
            name: l.name,
            options: l.options.into_iter().map(SelectedOption::from).collect(),
            image: l.image.map(Image::from),
            quantity: l.quantity,
            unit_price: major(l.unit_price, currency),
            line_total: major(l.line_total, currency),
        }
    }
}

impl Cart {
    /// The cart service's answer as the browser gets it.
    pub(crate) fn from_answer(answer: proto::CartAnswer) -> Self {
        Self::new(answer.cart.unwrap_or_default(), answer.replaced)
    }

    /// `cart` as the browser gets it; `replaced`: it stands for a gone one.
    pub(crate) fn new(cart: proto::Cart, replaced: bool) -> Self {
        let count = vitrine_domain::cart::count(&cart);
        let currency = cart.currency.filter(|c| !c.is_empty());
        let code = currency.as_deref();
        Self {
            count,
            lines: cart.lines.into_iter().map(|l| CartLine::new(l, code)).collect(),
            subtotal: major(cart.subtotal, code),
            currency,
            checkout_url: cart.checkout_url.filter(|u| !u.is_empty()),
            notices: cart.notices,
            replaced,
        }
    }
}

/// The body of `PUT /api/driver`.
#[derive(Debug, Clone, serde::Deserialize, ToSchema)]
pub(crate) struct DriverChange {
    /// A driver value, e.g. "in-memory", "fake", "magento", "mageos", "shopify".
    pub(crate) driver: String,
}

impl From<proto::SelectedOption> for SelectedOption {
    fn from(o: proto::SelectedOption) -> Self {
        Self { name: o.name, value: o.value }
    }
}

impl From<proto::Image> for Image {
    fn from(i: proto::Image) -> Self {
        Self { id: i.id, url: i.url, label: i.label }
    }
}

/// Minor units as the public API's number of major units of `currency`: the one place
/// an amount leaves the services.
pub(crate) fn major(minor: Option<i64>, currency: Option<&str>) -> Option<f64> {
    minor.map(|m| money::to_major(m, currency))
}

/// A price and its discount as the API writes them: the listed price, the discount,
/// and what a shopper pays.
struct Priced {
    price: Option<f64>,
    discount: Option<Discount>,
    paid_price: Option<f64>,
}

impl Priced {
    fn new(price: Option<i64>, discount: Option<proto::Discount>, currency: Option<&str>) -> Self {
        let paid = price.map(|p| money::paid(p, discount.map(|d| d.amount)));
        let discount = discount.map(|d| Discount { amount: money::to_major(d.amount, currency), percent: d.percent });
        Self { price: major(price, currency), discount, paid_price: major(paid, currency) }
    }
}

impl From<proto::Product> for Product {
    fn from(p: proto::Product) -> Self {
        let currency = p.currency.as_deref();
        let Priced { price, discount, paid_price } = Priced::new(p.price, p.discount, currency);
        let variants = p.variants.into_iter().map(|v| Variant::new(v, currency)).collect();
        Self {
            id: p.id,
            kind: p.r#type,
            url: p.url,
            canonical_url: p.canonical_url,
            name: p.name,
            thumbnail: p.thumbnail.map(Image::from),
            images: p.images.into_iter().map(Image::from).collect(),
            price,
            discount,
            paid_price,
            in_stock: p.in_stock,
            description: p.description,
            short_description: p.short_description,
            meta_title: p.meta_title,
            meta_description: p.meta_description,
            brand: p.brand,
            review_count: p.review_count,
            rating_summary: p.rating_summary,
            sku: p.sku,
            currency: p.currency,
            options: p.options.into_iter().map(|o| ProductOption { name: o.name, values: o.values }).collect(),
            variants,
            prices_include_tax: p.prices_include_tax,
        }
    }
}

impl Variant {
    /// A variant of a product priced in `currency`.
    fn new(v: proto::Variant, currency: Option<&str>) -> Self {
        let Priced { price, discount, paid_price } = Priced::new(v.price, v.discount, currency);
        Self {
            id: v.id,
            sku: v.sku,
            selected: v.selected.into_iter().map(SelectedOption::from).collect(),
            price,
            discount,
            paid_price,
            in_stock: v.in_stock,
            image: v.image.map(Image::from),
        }
    }
}

impl Product {
    /// A product as a listing's card shows it: without its options and variants, which
    /// only its own page needs (a listing of 24 would carry hundreds).
    fn card(p: proto::Product) -> Self {
        Self { options: Vec::new(), variants: Vec::new(), ..Self::from(p) }
    }
}

/// A product list (`/api/products`, `/api/products/best-sellers`) is a bare array of cards.
pub(crate) fn products(list: proto::ProductList) -> Vec<Product> {
    list.products.into_iter().map(Product::card).collect()
}

impl From<proto::ProductResponse> for ProductResponse {
    fn from(r: proto::ProductResponse) -> Self {
        Self { id: r.id, products: r.products.into_iter().map(Product::from).collect() }
    }
}

impl From<proto::Breadcrumb> for Breadcrumb {
    fn from(b: proto::Breadcrumb) -> Self {
        Self { id: b.id, name: b.name, level: b.level, url: b.url }
    }
}

impl From<proto::NavigationNode> for NavigationNode {
    fn from(n: proto::NavigationNode) -> Self {
        Self {
            id: n.id,
            url: n.url,
            name: n.name,
            total_products: n.total_products,
            children_count: n.children_count,
            breadcrumbs: n.breadcrumbs.into_iter().map(Breadcrumb::from).collect(),
            children: n.children.into_iter().map(NavigationNode::from).collect(),
        }
    }
}

impl From<proto::RouteData> for RouteData {
    fn from(d: proto::RouteData) -> Self {
        Self { canonical_url: d.canonical_url, meta_description: d.meta_description, title: d.title }
    }
}

impl From<proto::RouteOutcome> for Resolution {
    fn from(o: proto::RouteOutcome) -> Self {
        // The service always sends a route; a missing one reads as "nothing there".
        let route = o.route.unwrap_or_else(vitrine_domain::route::not_found);
        Self {
            code: route.code,
            data: route.data.map(RouteData::from),
            error_code: o.error_code,
            failed_resolution_path: o.failed_resolution_path,
            id: route.id,
            location: o.location,
            outcome: Outcome::parse(&o.outcome),
            kind: route.r#type.as_deref().and_then(RouteKind::parse),
            url: route.url,
        }
    }
}

impl From<proto::ProductPage> for ProductPage {
    fn from(p: proto::ProductPage) -> Self {
        let page_size = p.page_size.max(1);
        Self {
            page_count: p.total_count.div_ceil(page_size),
            // An order this edge does not know (a newer service) is left out, not guessed.
            sorts: p.sorts.iter().filter_map(|s| proto::ProductSort::try_from(*s).ok()).map(Sort::from).collect(),
            products: p.products.into_iter().map(Product::card).collect(),
            total_count: p.total_count,
            page: p.page,
            page_size: p.page_size,
        }
    }
}

impl From<proto::NavigationNode> for CategoryLink {
    fn from(n: proto::NavigationNode) -> Self {
        Self { id: n.id, name: n.name, url: n.url, total_products: n.total_products }
    }
}

impl From<proto::Category> for Category {
    fn from(c: proto::Category) -> Self {
        let mut breadcrumbs: Vec<Breadcrumb> = c.breadcrumbs.into_iter().map(Breadcrumb::from).collect();
        if breadcrumbs.last().is_some_and(|b| b.url == c.url) {
            breadcrumbs.pop();
        }
        Self {
            id: c.id,
            name: c.name,
            url: c.url,
            description: c.description,
            meta_title: c.meta_title,
            meta_description: c.meta_description,
            breadcrumbs,
            children: c.children.into_iter().map(CategoryLink::from).collect(),
        }
    }
}

impl From<proto::CategoryPage> for CategoryPage {
    fn from(p: proto::CategoryPage) -> Self {
        Self {
            category: Category::from(p.category.unwrap_or_default()),
            listing: ProductPage::from(p.listing.unwrap_or_default()),
        }
    }
}

impl From<proto::ContentPage> for ContentPage {
    fn from(p: proto::ContentPage) -> Self {
        Self {
            id: p.id,
            url: p.url,
            title: p.title,
            content: p.content,
            meta_title: p.meta_title,
            meta_description: p.meta_description,
        }
    }
}

#[cfg(test)]
mod tests;
