//! issue 26: what a shopper types at checkout, for the tests of every layer below the
//! edge. A valid address; tests break one field at a time with struct update syntax.

use vitrine_proto::v1::Address;

/// A valid address in `country` (and `region`, where the country needs one).
#[must_use]
pub fn address(country: &str, region: &str) -> Address {
    Address {
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        street: "1 Main St".into(),
        city: "Springfield".into(),
        postal_code: "62701".into(),
        country: country.into(),
        region: region.into(),
        telephone: "+1 555-0100".into(),
    }
}

/// An adapter's checkout calls for one driver, over real gRPC: each step as the tests of
/// every backend take it (issue 26).
pub struct AdapterCheckout {
    pub client: vitrine_proto::v1::adapter_client::AdapterClient<vitrine_common::grpc::GrpcChannel>,
    pub driver: vitrine_domain::Driver,
}

type Answer<T> = Result<T, tonic::Status>;

impl AdapterCheckout {
    fn driver(&self) -> i32 {
        self.driver.into()
    }

    fn cart_request(&self, cart: &str) -> vitrine_proto::v1::CartRequest {
        vitrine_proto::v1::CartRequest { driver: self.driver(), cart_id: cart.into() }
    }

    /// A new cart, with two of `variant` when one is given.
    ///
    /// # Panics
    /// When the backend refuses either.
    pub async fn cart(&self, variant: Option<&str>) -> String {
        use vitrine_proto::v1::{AddToCartRequest, DriverRequest};
        let mut c = self.client.clone();
        let created = c.create_cart(DriverRequest { driver: self.driver(), fresh_after_ms: 0 }).await;
        let id = created.expect("create").into_inner().id;
        if let Some(variant) = variant {
            let add =
                AddToCartRequest { driver: self.driver(), cart_id: id.clone(), variant: variant.into(), quantity: 2 };
            c.add_to_cart(add).await.expect("add");
        }
        id
    }

    /// # Errors
    /// The adapter's status when it refuses the step.
    pub async fn checkout(&self, cart: &str) -> Answer<vitrine_proto::v1::Checkout> {
        self.client.clone().get_checkout(self.cart_request(cart)).await.map(tonic::Response::into_inner)
    }

    /// # Errors
    /// The adapter's status when it refuses the step.
    pub async fn address(
        &self,
        cart: &str,
        email: &str,
        shipping: Address,
        billing: Option<Address>,
    ) -> Answer<vitrine_proto::v1::Checkout> {
        let request = vitrine_proto::v1::CheckoutAddressRequest {
            driver: self.driver(),
            cart_id: cart.into(),
            email: email.into(),
            shipping: Some(shipping),
            billing,
        };
        self.client.clone().set_checkout_address(request).await.map(tonic::Response::into_inner)
    }

    /// # Errors
    /// The adapter's status when it refuses the step.
    pub async fn options(&self, cart: &str) -> Answer<Vec<vitrine_proto::v1::ShippingOption>> {
        self.client.clone().list_shipping_options(self.cart_request(cart)).await.map(|r| r.into_inner().options)
    }

    /// # Errors
    /// The adapter's status when it refuses the step.
    pub async fn shipping(&self, cart: &str, option: &str) -> Answer<vitrine_proto::v1::Checkout> {
        let request = vitrine_proto::v1::ShippingOptionRequest {
            driver: self.driver(),
            cart_id: cart.into(),
            option: option.into(),
        };
        self.client.clone().set_shipping_option(request).await.map(tonic::Response::into_inner)
    }

    /// # Errors
    /// The adapter's status when it refuses the step.
    pub async fn place(&self, cart: &str) -> Answer<vitrine_proto::v1::Order> {
        let request = vitrine_proto::v1::PlaceOrderRequest { driver: self.driver(), cart_id: cart.into() };
        self.client.clone().place_order(request).await.map(tonic::Response::into_inner)
    }
}

/// The code and text of a refused step.
///
/// # Panics
/// When the step was not refused.
pub fn refused<T: std::fmt::Debug>(result: Answer<T>) -> (tonic::Code, String) {
    let status = result.expect_err("refused");
    (status.code(), status.message().to_owned())
}

/// What a backend's refusal answers: ABORTED with the refusal's text.
#[must_use]
pub fn aborted(refusal: vitrine_domain::checkout::Refusal) -> (tonic::Code, String) {
    (tonic::Code::Aborted, refusal.text().to_owned())
}
