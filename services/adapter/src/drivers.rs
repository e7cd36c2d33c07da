//! One trait per domain (STYLE habit 3): what pages need, nothing more. Every backend
//! implements the three read domains and its carts; the service holds them as `Arc<dyn …>`.

use std::sync::Arc;

use vitrine_domain::DriverError;
use vitrine_domain::checkout::{NO_CHECKOUT, NOT_YET};
use vitrine_proto::v1::{
    Address, Cart, CategoryPage, Checkout, CheckoutKind, ContentPage, NavigationNode, Order, Product, ProductPage,
    ProductResponse, ProductSort, RouteResolution, ShippingOptions,
};

pub type DriverResult<T> = Result<T, DriverError>;

#[async_trait::async_trait]
pub trait CatalogueDriver: Send + Sync {
    /// `limit` 0 means the backend's default length.
    async fn list(&self, limit: usize) -> DriverResult<Vec<Product>>;
    async fn best_sellers(&self) -> DriverResult<Vec<Product>>;
    async fn get(&self, id: &str) -> DriverResult<ProductResponse>;
    /// `url` is a normalised path with a leading slash.
    async fn get_by_url(&self, url: &str) -> DriverResult<ProductResponse>;

    // Listings: `page` is 1-based and bounded (`vitrine_domain::listing`); a page holds
    // `listing::PAGE_SIZE` products and lists the sorts this backend can do.

    /// The category at `url` (normalised, leading slash) with one page of its products.
    async fn category_page(&self, url: &str, page: u32, sort: ProductSort) -> DriverResult<CategoryPage>;
    /// Products matching `query` (trimmed, non-empty, bounded).
    async fn search(&self, query: &str, page: u32, sort: ProductSort) -> DriverResult<ProductPage>;
    /// The content (CMS) page at `url`; backends without content pages answer not found.
    async fn content_page(&self, url: &str) -> DriverResult<ContentPage>;
    /// The categories a home page links to, in the backend's order, without children:
    /// the top level of the backend's own menu, or its categories where the menu is
    /// another backend's (the fake store's).
    async fn categories(&self) -> DriverResult<Vec<NavigationNode>>;
}

#[async_trait::async_trait]
pub trait NavigationDriver: Send + Sync {
    async fn tree(&self) -> DriverResult<NavigationNode>;
}

#[async_trait::async_trait]
pub trait RouteDriver: Send + Sync {
    /// The backend's resolution of `url` (a path with a leading slash). Unknown routes are
    /// the not-found result, not an error.
    async fn resolve(&self, url: &str) -> DriverResult<RouteResolution>;
}

/// A backend's carts, on the write path: nothing here is cached, coalesced or
/// batched with another visitor's call. Every call but `create` names the cart; a cart
/// the backend does not know is [`DriverError::CartGone`], and only that (an unknown
/// variant or line, or stock, is a [`DriverError::Refused`] with the shopper's text).
/// Each answers the whole cart after the change. Adding a variant the cart holds merges
/// into its line, as the commerce backends do. Bounds are the cart service's.
#[async_trait::async_trait]
pub trait CartDriver: Send + Sync {
    async fn create(&self) -> DriverResult<Cart>;
    async fn get(&self, cart: &str) -> DriverResult<Cart>;
    async fn add(&self, cart: &str, variant: &str, quantity: u32) -> DriverResult<Cart>;
    async fn update(&self, cart: &str, line: &str, quantity: u32) -> DriverResult<Cart>;
    async fn remove(&self, cart: &str, line: &str) -> DriverResult<Cart>;
}

/// A backend's checkout of a cart, on the write path like carts (nothing
/// cached). A cart the backend does not know is [`DriverError::CartGone`]; a backend's
/// refusal is a [`vitrine_domain::checkout::Refusal`]'s error. The requests come checked
/// (`vitrine_domain::checkout`); the fields' rules are the cart service's.
#[async_trait::async_trait]
pub trait CheckoutDriver: Send + Sync {
    /// The cart with what is set so far, the countries, the payment and the kind.
    async fn checkout(&self, cart: &str) -> DriverResult<Checkout>;
    /// Sets the email and the addresses (no billing: the same as shipping).
    async fn set_address(
        &self,
        cart: &str,
        email: &str,
        shipping: &Address,
        billing: Option<&Address>,
    ) -> DriverResult<Checkout>;
    /// The methods the cart may ship by, with the currency of their prices.
    async fn shipping_options(&self, cart: &str) -> DriverResult<ShippingOptions>;
    async fn set_shipping(&self, cart: &str, option: &str) -> DriverResult<Checkout>;
    /// Places the order; the cart is gone afterwards.
    async fn place(&self, cart: &str) -> DriverResult<Order>;
}

/// The domain implementations of one backend.
#[derive(Clone)]
pub struct Drivers {
    pub catalogue: Arc<dyn CatalogueDriver>,
    pub navigation: Arc<dyn NavigationDriver>,
    pub routes: Arc<dyn RouteDriver>,
    pub carts: Arc<dyn CartDriver>,
    pub checkout: Arc<dyn CheckoutDriver>,
    /// False when these stand in for a backend without settings ([`Unconfigured`]).
    pub configured: bool,
}

impl Drivers {
    /// One implementation serving the three read domains; carts are [`NoCarts`] and
    /// checkout [`NoCheckout::NOT_YET`] until [`with_carts`](Self::with_carts) and
    /// [`with_checkout`](Self::with_checkout) name the backend's.
    pub fn all_three<D: CatalogueDriver + NavigationDriver + RouteDriver + 'static>(driver: Arc<D>) -> Self {
        Self {
            catalogue: driver.clone(),
            navigation: driver.clone(),
            routes: driver,
            carts: Arc::new(NoCarts),
            checkout: Arc::new(NoCheckout::NOT_YET),
            configured: true,
        }
    }

    /// These drivers with `carts` as the backend's carts.
    #[must_use]
    pub fn with_carts(self, carts: Arc<dyn CartDriver>) -> Self {
        Self { carts, ..self }
    }

    /// These drivers with `checkout` as the backend's checkout.
    #[must_use]
    pub fn with_checkout(self, checkout: Arc<dyn CheckoutDriver>) -> Self {
        Self { checkout, ..self }
    }
}

/// A backend without checkout here, and why in the shopper's words: the fake store has
/// none ([`NoCheckout::NONE`]), a backend whose checkout is not wired yet
/// ([`NoCheckout::NOT_YET`]). `GetCheckout` answers the kind NONE and the reason; every
/// other call FAILED_PRECONDITION with it.
pub struct NoCheckout(pub &'static str);

impl NoCheckout {
    /// The backend has no checkout at all (the fake store).
    pub const NONE: Self = Self(NO_CHECKOUT);
    /// Vitrine does not run this backend's checkout yet.
    pub const NOT_YET: Self = Self(NOT_YET);
}

/// Every step past reading: refused, saying why.
pub(crate) fn refused<T>(why: &str) -> DriverResult<T> {
    Err(DriverError::NoCheckout(why.to_owned()))
}

#[async_trait::async_trait]
impl CheckoutDriver for NoCheckout {
    async fn checkout(&self, _: &str) -> DriverResult<Checkout> {
        Ok(Checkout { kind: CheckoutKind::None.into(), notice: self.0.to_owned(), ..Checkout::default() })
    }
    async fn set_address(&self, _: &str, _: &str, _: &Address, _: Option<&Address>) -> DriverResult<Checkout> {
        refused(self.0)
    }
    async fn shipping_options(&self, _: &str) -> DriverResult<ShippingOptions> {
        refused(self.0)
    }
    async fn set_shipping(&self, _: &str, _: &str) -> DriverResult<Checkout> {
        refused(self.0)
    }
    async fn place(&self, _: &str) -> DriverResult<Order> {
        refused(self.0)
    }
}

/// A backend whose carts are not wired: every cart call is refused, saying so.
pub struct NoCarts;

/// What a shopper is told where a backend's carts are not wired.
pub const NO_CARTS: &str = "This backend's cart is not available here yet.";

#[async_trait::async_trait]
impl CartDriver for NoCarts {
    async fn create(&self) -> DriverResult<Cart> {
        Err(DriverError::Refused(NO_CARTS.to_owned()))
    }
    async fn get(&self, _: &str) -> DriverResult<Cart> {
        Err(DriverError::Refused(NO_CARTS.to_owned()))
    }
    async fn add(&self, _: &str, _: &str, _: u32) -> DriverResult<Cart> {
        Err(DriverError::Refused(NO_CARTS.to_owned()))
    }
    async fn update(&self, _: &str, _: &str, _: u32) -> DriverResult<Cart> {
        Err(DriverError::Refused(NO_CARTS.to_owned()))
    }
    async fn remove(&self, _: &str, _: &str) -> DriverResult<Cart> {
        Err(DriverError::Refused(NO_CARTS.to_owned()))
    }
}

/// Stands in for a backend whose client was not configured: every call says so
/// (the spec's 'Client has not been defined yet') instead of the adapter failing to start.
/// A backend offered only where configured is the spec's "coming soon" instead.
pub struct Unconfigured(pub vitrine_domain::Backend);

impl Unconfigured {
    fn err<T>(&self) -> DriverResult<T> {
        Err(if self.0.always_enabled() {
            DriverError::NotConfigured(self.0)
        } else {
            DriverError::Disabled(self.0.driver())
        })
    }

    #[must_use]
    pub fn drivers(backend: vitrine_domain::Backend) -> Drivers {
        let this = Arc::new(Self(backend));
        Drivers {
            catalogue: this.clone(),
            navigation: this.clone(),
            routes: this.clone(),
            carts: this.clone(),
            checkout: this,
            configured: false,
        }
    }
}

#[async_trait::async_trait]
impl CatalogueDriver for Unconfigured {
    async fn list(&self, _: usize) -> DriverResult<Vec<Product>> {
        self.err()
    }
    async fn best_sellers(&self) -> DriverResult<Vec<Product>> {
        self.err()
    }
    async fn get(&self, _: &str) -> DriverResult<ProductResponse> {
        self.err()
    }
    async fn get_by_url(&self, _: &str) -> DriverResult<ProductResponse> {
        self.err()
    }
    async fn category_page(&self, _: &str, _: u32, _: ProductSort) -> DriverResult<CategoryPage> {
        self.err()
    }
    async fn search(&self, _: &str, _: u32, _: ProductSort) -> DriverResult<ProductPage> {
        self.err()
    }
    async fn content_page(&self, _: &str) -> DriverResult<ContentPage> {
        self.err()
    }
    async fn categories(&self) -> DriverResult<Vec<NavigationNode>> {
        self.err()
    }
}

#[async_trait::async_trait]
impl NavigationDriver for Unconfigured {
    async fn tree(&self) -> DriverResult<NavigationNode> {
        self.err()
    }
}

#[async_trait::async_trait]
impl RouteDriver for Unconfigured {
    async fn resolve(&self, _: &str) -> DriverResult<RouteResolution> {
        self.err()
    }
}

#[async_trait::async_trait]
impl CartDriver for Unconfigured {
    async fn create(&self) -> DriverResult<Cart> {
        self.err()
    }
    async fn get(&self, _: &str) -> DriverResult<Cart> {
        self.err()
    }
    async fn add(&self, _: &str, _: &str, _: u32) -> DriverResult<Cart> {
        self.err()
    }
    async fn update(&self, _: &str, _: &str, _: u32) -> DriverResult<Cart> {
        self.err()
    }
    async fn remove(&self, _: &str, _: &str) -> DriverResult<Cart> {
        self.err()
    }
}

#[async_trait::async_trait]
impl CheckoutDriver for Unconfigured {
    async fn checkout(&self, _: &str) -> DriverResult<Checkout> {
        self.err()
    }
    async fn set_address(&self, _: &str, _: &str, _: &Address, _: Option<&Address>) -> DriverResult<Checkout> {
        self.err()
    }
    async fn shipping_options(&self, _: &str) -> DriverResult<ShippingOptions> {
        self.err()
    }
    async fn set_shipping(&self, _: &str, _: &str) -> DriverResult<Checkout> {
        self.err()
    }
    async fn place(&self, _: &str) -> DriverResult<Order> {
        self.err()
    }
}
