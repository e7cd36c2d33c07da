//! A scripted `Adapter`: a real tonic server on a free port answering what the test
//! says, so the domain services can be driven through cases no backend produces on
//! demand (a 301, a 503 resolution, an adapter error). Records every call it gets.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tonic::{Code, Request, Response, Status};
use vitrine_common::Shutdown;
use vitrine_proto::v1::adapter_server::{Adapter, AdapterServer};
use vitrine_proto::v1::{
    AdapterDescription, AddToCartRequest, Cart, CartRequest, CategoryList, CategoryPage, CategoryRequest, Checkout,
    CheckoutAddressRequest, ClearCacheResponse, ContentPage, DescribeRequest, DriverRequest, NavigationNode, Order,
    PlaceOrderRequest, Product, ProductList, ProductPage, ProductRequest, ProductResponse, ProductsRequest,
    RemoveCartLineRequest, RouteResolution, SearchRequest, ShippingOptionRequest, ShippingOptions,
    UpdateCartLineRequest, UrlRequest,
};

/// What the adapter answers; anything not scripted is NOT_FOUND.
#[derive(Debug, Clone, Default)]
pub struct Script {
    pub products: Option<Result<Vec<Product>, Code>>,
    pub by_url: HashMap<String, Result<ProductResponse, Code>>,
    pub navigation: Option<Result<NavigationNode, Code>>,
    /// When set, each navigation call first takes a permit of it: a test holds the
    /// menu's calls (none left) and lets them go one by one (`add_permits`).
    pub navigation_permits: Option<Arc<tokio::sync::Semaphore>>,
    pub categories: Option<Result<Vec<NavigationNode>, Code>>,
    pub resolutions: HashMap<String, Result<RouteResolution, Code>>,
    /// What `Describe` answers: whether the backend has its settings.
    pub configured: bool,
    /// issue 23: what each cart call answers, by its name (`create_cart`, `get_cart`,
    /// `add_to_cart`, `update_cart_line`, `remove_cart_line`).
    pub carts: HashMap<&'static str, Result<Cart, Code>>,
    /// issue 26: what each checkout call answering a checkout answers, by its name
    /// (`get_checkout`, `set_checkout_address`, `set_shipping_option`).
    pub checkouts: HashMap<&'static str, Result<Checkout, Code>>,
    pub shipping_options: Option<Result<ShippingOptions, Code>>,
    pub order: Option<Result<Order, Code>>,
}

type Calls = Arc<Mutex<Vec<String>>>;

struct Scripted {
    script: Script,
    calls: Calls,
}

pub struct ScriptedAdapter {
    pub url: String,
    calls: Calls,
    shutdown: Shutdown,
    served: Option<tokio::task::JoinHandle<anyhow::Result<()>>>,
}

fn answer<T: Clone>(found: Option<&Result<T, Code>>) -> Result<Response<T>, Status> {
    match found {
        Some(Ok(v)) => Ok(Response::new(v.clone())),
        Some(Err(code)) => Err(Status::new(*code, "scripted failure")),
        None => Err(Status::not_found("not scripted")),
    }
}

/// The driver a request names, as its debug-bar value (`driver#N` for a number that names none).
fn driver_name(number: i32) -> String {
    vitrine_domain::Driver::try_from(number).map_or_else(|_| format!("driver#{number}"), |d| d.as_str().to_owned())
}

impl Scripted {
    fn record(&self, call: String) {
        self.calls.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(call);
    }
}

#[tonic::async_trait]
impl Adapter for Scripted {
    async fn list_products(&self, req: Request<ProductsRequest>) -> Result<Response<ProductList>, Status> {
        self.record(format!("list_products {} {}", driver_name(req.get_ref().driver), req.get_ref().limit));
        answer(self.script.products.as_ref()).map(|r| r.map(|products| ProductList { products }))
    }
    async fn best_sellers(&self, req: Request<DriverRequest>) -> Result<Response<ProductList>, Status> {
        self.record(format!("best_sellers {}", driver_name(req.get_ref().driver)));
        answer(self.script.products.as_ref()).map(|r| r.map(|products| ProductList { products }))
    }
    async fn get_product(&self, req: Request<ProductRequest>) -> Result<Response<ProductResponse>, Status> {
        self.record(format!("get_product {} {}", driver_name(req.get_ref().driver), req.get_ref().id));
        Err(Status::not_found("not scripted"))
    }
    async fn get_product_by_url(&self, req: Request<UrlRequest>) -> Result<Response<ProductResponse>, Status> {
        self.record(format!("get_product_by_url {} {}", driver_name(req.get_ref().driver), req.get_ref().url));
        answer(self.script.by_url.get(&req.get_ref().url))
    }
    async fn get_category_page(&self, req: Request<CategoryRequest>) -> Result<Response<CategoryPage>, Status> {
        let r = req.get_ref();
        self.record(format!("get_category_page {} {} {} {}", driver_name(r.driver), r.url, r.page, r.sort));
        Err(Status::not_found("not scripted"))
    }
    async fn search(&self, req: Request<SearchRequest>) -> Result<Response<ProductPage>, Status> {
        let r = req.get_ref();
        self.record(format!("search {} {} {} {}", driver_name(r.driver), r.query, r.page, r.sort));
        Err(Status::not_found("not scripted"))
    }
    async fn get_content_page(&self, req: Request<UrlRequest>) -> Result<Response<ContentPage>, Status> {
        self.record(format!("get_content_page {} {}", driver_name(req.get_ref().driver), req.get_ref().url));
        Err(Status::not_found("not scripted"))
    }
    async fn list_categories(&self, req: Request<DriverRequest>) -> Result<Response<CategoryList>, Status> {
        self.record(format!("list_categories {}", driver_name(req.get_ref().driver)));
        answer(self.script.categories.as_ref()).map(|r| r.map(|categories| CategoryList { categories }))
    }
    async fn get_navigation(&self, req: Request<DriverRequest>) -> Result<Response<NavigationNode>, Status> {
        self.record(format!("get_navigation {}", driver_name(req.get_ref().driver)));
        if let Some(permits) = &self.script.navigation_permits {
            permits.acquire().await.map_err(|_| Status::unavailable("closed"))?.forget();
        }
        answer(self.script.navigation.as_ref())
    }
    async fn resolve(&self, req: Request<UrlRequest>) -> Result<Response<RouteResolution>, Status> {
        self.record(format!("resolve {} {}", driver_name(req.get_ref().driver), req.get_ref().url));
        answer(self.script.resolutions.get(&req.get_ref().url))
    }
    async fn clear_cache(&self, req: Request<DriverRequest>) -> Result<Response<ClearCacheResponse>, Status> {
        self.record(format!("clear_cache {}", driver_name(req.get_ref().driver)));
        Ok(Response::new(ClearCacheResponse { removed: 0 }))
    }
    async fn create_cart(&self, req: Request<DriverRequest>) -> Result<Response<Cart>, Status> {
        self.record(format!("create_cart {}", driver_name(req.get_ref().driver)));
        answer(self.script.carts.get("create_cart"))
    }
    async fn get_cart(&self, req: Request<CartRequest>) -> Result<Response<Cart>, Status> {
        self.record(format!("get_cart {} {}", driver_name(req.get_ref().driver), req.get_ref().cart_id));
        answer(self.script.carts.get("get_cart"))
    }
    async fn add_to_cart(&self, req: Request<AddToCartRequest>) -> Result<Response<Cart>, Status> {
        let r = req.get_ref();
        self.record(format!("add_to_cart {} {} {} {}", driver_name(r.driver), r.cart_id, r.variant, r.quantity));
        answer(self.script.carts.get("add_to_cart"))
    }
    async fn update_cart_line(&self, req: Request<UpdateCartLineRequest>) -> Result<Response<Cart>, Status> {
        let r = req.get_ref();
        self.record(format!("update_cart_line {} {} {} {}", driver_name(r.driver), r.cart_id, r.line, r.quantity));
        answer(self.script.carts.get("update_cart_line"))
    }
    async fn remove_cart_line(&self, req: Request<RemoveCartLineRequest>) -> Result<Response<Cart>, Status> {
        let r = req.get_ref();
        self.record(format!("remove_cart_line {} {} {}", driver_name(r.driver), r.cart_id, r.line));
        answer(self.script.carts.get("remove_cart_line"))
    }
    // issue 26: recorded by driver and cart only: what a shopper typed is never kept.
    async fn get_checkout(&self, req: Request<CartRequest>) -> Result<Response<Checkout>, Status> {
        self.record(format!("get_checkout {} {}", driver_name(req.get_ref().driver), req.get_ref().cart_id));
        answer(self.script.checkouts.get("get_checkout"))
    }
    async fn set_checkout_address(&self, req: Request<CheckoutAddressRequest>) -> Result<Response<Checkout>, Status> {
        self.record(format!("set_checkout_address {} {}", driver_name(req.get_ref().driver), req.get_ref().cart_id));
        answer(self.script.checkouts.get("set_checkout_address"))
    }
    async fn list_shipping_options(&self, req: Request<CartRequest>) -> Result<Response<ShippingOptions>, Status> {
        self.record(format!("list_shipping_options {} {}", driver_name(req.get_ref().driver), req.get_ref().cart_id));
        answer(self.script.shipping_options.as_ref())
    }
    async fn set_shipping_option(&self, req: Request<ShippingOptionRequest>) -> Result<Response<Checkout>, Status> {
        let r = req.get_ref();
        self.record(format!("set_shipping_option {} {} {}", driver_name(r.driver), r.cart_id, r.option));
        answer(self.script.checkouts.get("set_shipping_option"))
    }
    async fn place_order(&self, req: Request<PlaceOrderRequest>) -> Result<Response<Order>, Status> {
        self.record(format!("place_order {} {}", driver_name(req.get_ref().driver), req.get_ref().cart_id));
        answer(self.script.order.as_ref())
    }
    async fn describe(&self, _: Request<DescribeRequest>) -> Result<Response<AdapterDescription>, Status> {
        self.record("describe".to_owned());
        Ok(Response::new(AdapterDescription { configured: self.script.configured }))
    }
}

impl ScriptedAdapter {
    /// Serves `script` on a free loopback port.
    ///
    /// # Panics
    /// When no port can be bound.
    pub async fn start(script: Script) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind loopback");
        let url = format!("http://{}", listener.local_addr().expect("addr"));
        let calls = Calls::default();
        let shutdown = Shutdown::new();
        let router =
            vitrine_common::grpc::server().add_service(AdapterServer::new(Scripted { script, calls: calls.clone() }));
        let served = tokio::spawn(vitrine_common::grpc::serve(router, listener, shutdown.clone()));
        Self { url, calls, shutdown, served: Some(served) }
    }

    /// Stops serving and waits until it has: its port refuses connections and no call
    /// reaches it any more (a replica gone, issue 25).
    pub async fn stop(mut self) {
        self.shutdown.cancel();
        if let Some(served) = self.served.take() {
            let _ = served.await;
        }
    }

    /// Every call received so far, as `"method driver argument"`.
    #[must_use]
    pub fn calls(&self) -> Vec<String> {
        self.calls.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }
}

impl Drop for ScriptedAdapter {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}
