//! The gRPC `Adapter` service over one backend's drivers: validates requests, sanitises
//! every product and keeps only local links (`links`), maps `DriverError` to a status (in `vitrine_domain::error`, once).

use tonic::{Request, Response, Status};
use vitrine_common::SharedStore;
use vitrine_domain::{Backend, Driver, DriverError, cache, cart, checkout, listing};
use vitrine_proto::v1::adapter_server::Adapter;
use vitrine_proto::v1::{
    AdapterDescription, AddToCartRequest, Cart, CartRequest, CategoryList, CategoryPage, CategoryRequest, Checkout,
    CheckoutAddressRequest, ClearCacheResponse, ContentPage, DescribeRequest, DriverRequest, NavigationNode, Order,
    PlaceOrderRequest, ProductList, ProductPage, ProductRequest, ProductResponse, ProductsRequest,
    RemoveCartLineRequest, RouteResolution, SearchRequest, ShippingOptionRequest, ShippingOptions,
    UpdateCartLineRequest, UrlRequest,
};

use crate::drivers::Drivers;
use crate::upstream::fresh_after as fresh;
use crate::{links, sanitize};

/// What a caller of `ClearCache` learns when the store fails.
pub(crate) const STORE_UNAVAILABLE: &str = "The cache store is unavailable; nothing was cleared.";

pub(crate) struct AdapterService {
    backend: Backend,
    drivers: Drivers,
    store: SharedStore,
}

impl AdapterService {
    pub(crate) fn new(backend: Backend, drivers: Drivers, store: SharedStore) -> Self {
        Self { backend, drivers, store }
    }

    /// The request's driver (its proto number) must name a driver; it is recorded for the logs.
    fn check(&self, driver: i32, op: &'static str) -> Result<(), Status> {
        let driver = Driver::try_from(driver)?;
        tracing::debug!(backend = %self.backend, %driver, op, "adapter call");
        Ok(())
    }
}

/// A cart as it leaves the adapter: its lines' product links local (names are text,
/// which the SPA never renders as markup).
fn clean_cart(cart: Cart) -> Cart {
    links::cart(cart)
}

/// A checkout as it leaves the adapter: its cart's links local.
fn clean_checkout(mut checkout: Checkout) -> Checkout {
    checkout.cart = checkout.cart.map(clean_cart);
    checkout
}

/// An order as it leaves the adapter: its lines' links local, as a cart's.
fn clean_order(mut order: Order) -> Order {
    let lines = std::mem::take(&mut order.lines);
    order.lines = clean_cart(Cart { lines, ..Cart::default() }).lines;
    order
}

fn clean(products: Vec<vitrine_proto::v1::Product>) -> Vec<vitrine_proto::v1::Product> {
    let mut products = links::products(products);
    products.iter_mut().for_each(sanitize::product);
    products
}

/// The product asked for, cleaned; not found when its own link is unsafe (`links`).
fn clean_response(mut r: ProductResponse, not_found: DriverError) -> Result<ProductResponse, DriverError> {
    r.products = clean(r.products);
    if r.products.is_empty() { Err(not_found) } else { Ok(r) }
}

#[tonic::async_trait]
impl Adapter for AdapterService {
    async fn list_products(&self, req: Request<ProductsRequest>) -> Result<Response<ProductList>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "list_products")?;
        let products = fresh(req.fresh_after_ms, self.drivers.catalogue.list(req.limit as usize)).await?;
        Ok(Response::new(ProductList { products: clean(products) }))
    }

    async fn best_sellers(&self, req: Request<DriverRequest>) -> Result<Response<ProductList>, Status> {
        self.check(req.get_ref().driver, "best_sellers")?;
        let products = fresh(req.get_ref().fresh_after_ms, self.drivers.catalogue.best_sellers()).await?;
        Ok(Response::new(ProductList { products: clean(products) }))
    }

    async fn get_product(&self, req: Request<ProductRequest>) -> Result<Response<ProductResponse>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "get_product")?;
        let id = req.id.trim();
        let found = fresh(req.fresh_after_ms, self.drivers.catalogue.get(id)).await?;
        Ok(Response::new(clean_response(found, DriverError::NotFound(format!("product {id}")))?))
    }

    async fn get_product_by_url(&self, req: Request<UrlRequest>) -> Result<Response<ProductResponse>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "get_product_by_url")?;
        // Normalised by the domain service that received it first (catalogue).
        let found = fresh(req.fresh_after_ms, self.drivers.catalogue.get_by_url(&req.url)).await?;
        // Missing product on url lookup.
        Ok(Response::new(clean_response(found, DriverError::NoProduct)?))
    }

    async fn get_category_page(&self, req: Request<CategoryRequest>) -> Result<Response<CategoryPage>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "get_category_page")?;
        let page = listing::page(req.page)?;
        let category = self.drivers.catalogue.category_page(&req.url, page, listing::sort(req.sort));
        let mut answer = links::category_page(fresh(req.fresh_after_ms, category).await?)?;
        if let Some(category) = answer.category.as_mut() {
            sanitize::category(category);
        }
        if let Some(products) = answer.listing.as_mut() {
            products.products.iter_mut().for_each(sanitize::product);
        }
        Ok(Response::new(answer))
    }

    async fn search(&self, req: Request<SearchRequest>) -> Result<Response<ProductPage>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "search")?;
        let (query, page) = (listing::query(&req.query)?, listing::page(req.page)?);
        let found = self.drivers.catalogue.search(&query, page, listing::sort(req.sort));
        let mut answer = fresh(req.fresh_after_ms, found).await?;
        answer.products = clean(std::mem::take(&mut answer.products));
        Ok(Response::new(answer))
    }

    async fn get_content_page(&self, req: Request<UrlRequest>) -> Result<Response<ContentPage>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "get_content_page")?;
        let mut page =
            links::content_page(fresh(req.fresh_after_ms, self.drivers.catalogue.content_page(&req.url)).await?)?;
        sanitize::content_page(&mut page);
        Ok(Response::new(page))
    }

    async fn list_categories(&self, req: Request<DriverRequest>) -> Result<Response<CategoryList>, Status> {
        self.check(req.get_ref().driver, "list_categories")?;
        let categories = fresh(req.get_ref().fresh_after_ms, self.drivers.catalogue.categories()).await?;
        Ok(Response::new(CategoryList { categories: links::nodes(categories) }))
    }

    async fn get_navigation(&self, req: Request<DriverRequest>) -> Result<Response<NavigationNode>, Status> {
        self.check(req.get_ref().driver, "get_navigation")?;
        Ok(Response::new(links::tree(fresh(req.get_ref().fresh_after_ms, self.drivers.navigation.tree()).await?)))
    }

    async fn resolve(&self, req: Request<UrlRequest>) -> Result<Response<RouteResolution>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "resolve")?;
        // Normalised by the domain service that received it first (url-resolution).
        Ok(Response::new(links::resolution(fresh(req.fresh_after_ms, self.drivers.routes.resolve(&req.url)).await?)))
    }

    async fn clear_cache(&self, req: Request<DriverRequest>) -> Result<Response<ClearCacheResponse>, Status> {
        self.check(req.get_ref().driver, "clear_cache")?;
        let removed = self.store.delete_prefix(&cache::backend_prefix(self.backend)).await.map_err(|e| {
            // The store's error names hosts and sockets: logged here, never sent.
            tracing::warn!(backend = %self.backend, error = %e, "cache clear failed");
            Status::unavailable(STORE_UNAVAILABLE)
        })?;
        Ok(Response::new(ClearCacheResponse { removed }))
    }

    // The write path. Nothing here touches the upstream cache; the cart's id is
    // never logged (`check` records the operation and driver only).

    async fn create_cart(&self, req: Request<DriverRequest>) -> Result<Response<Cart>, Status> {
        self.check(req.get_ref().driver, "create_cart")?;
        Ok(Response::new(clean_cart(self.drivers.carts.create().await?)))
    }

    async fn get_cart(&self, req: Request<CartRequest>) -> Result<Response<Cart>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "get_cart")?;
        let cart = cart::id("cart", &req.cart_id)?;
        Ok(Response::new(clean_cart(self.drivers.carts.get(cart).await?)))
    }

    async fn add_to_cart(&self, req: Request<AddToCartRequest>) -> Result<Response<Cart>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "add_to_cart")?;
        let (cart, variant) = (cart::id("cart", &req.cart_id)?, cart::id("variant", &req.variant)?);
        let quantity = cart::quantity(req.quantity)?;
        Ok(Response::new(clean_cart(self.drivers.carts.add(cart, variant, quantity).await?)))
    }

    async fn update_cart_line(&self, req: Request<UpdateCartLineRequest>) -> Result<Response<Cart>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "update_cart_line")?;
        let (cart, line) = (cart::id("cart", &req.cart_id)?, cart::id("line", &req.line)?);
        let quantity = cart::quantity(req.quantity)?;
        Ok(Response::new(clean_cart(self.drivers.carts.update(cart, line, quantity).await?)))
    }

    async fn remove_cart_line(&self, req: Request<RemoveCartLineRequest>) -> Result<Response<Cart>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "remove_cart_line")?;
        let (cart, line) = (cart::id("cart", &req.cart_id)?, cart::id("line", &req.line)?);
        Ok(Response::new(clean_cart(self.drivers.carts.remove(cart, line).await?)))
    }

    // Checkout, on the write path as carts. The requests are checked again
    // here (the cart service checked them first): an adapter trusts no caller with a
    // backend's write. Personal data is never logged: `check` records the operation and
    // driver, and the messages' `Debug` prints none of it.

    async fn get_checkout(&self, req: Request<CartRequest>) -> Result<Response<Checkout>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "get_checkout")?;
        let cart = cart::id("cart", &req.cart_id)?;
        Ok(Response::new(clean_checkout(self.drivers.checkout.checkout(cart).await?)))
    }

    async fn set_checkout_address(&self, req: Request<CheckoutAddressRequest>) -> Result<Response<Checkout>, Status> {
        let req = checkout::address_request(req.into_inner())?;
        self.check(req.driver, "set_checkout_address")?;
        let shipping = req.shipping.unwrap_or_default();
        let answer =
            self.drivers.checkout.set_address(&req.cart_id, &req.email, &shipping, req.billing.as_ref()).await?;
        Ok(Response::new(clean_checkout(answer)))
    }

    async fn list_shipping_options(&self, req: Request<CartRequest>) -> Result<Response<ShippingOptions>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "list_shipping_options")?;
        let cart = cart::id("cart", &req.cart_id)?;
        Ok(Response::new(self.drivers.checkout.shipping_options(cart).await?))
    }

    async fn set_shipping_option(&self, req: Request<ShippingOptionRequest>) -> Result<Response<Checkout>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "set_shipping_option")?;
        let (cart, option) = (cart::id("cart", &req.cart_id)?, checkout::shipping_option(&req.option)?);
        Ok(Response::new(clean_checkout(self.drivers.checkout.set_shipping(cart, option).await?)))
    }

    async fn place_order(&self, req: Request<PlaceOrderRequest>) -> Result<Response<Order>, Status> {
        let req = req.into_inner();
        self.check(req.driver, "place_order")?;
        let cart = cart::id("cart", &req.cart_id)?;
        Ok(Response::new(clean_order(self.drivers.checkout.place(cart).await?)))
    }

    async fn describe(&self, _: Request<DescribeRequest>) -> Result<Response<AdapterDescription>, Status> {
        Ok(Response::new(AdapterDescription { configured: self.drivers.configured }))
    }
}
