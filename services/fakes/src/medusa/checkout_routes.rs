//! The demo shop's checkout routes: the request read, the checkout kept with
//! the cart (`carts::checkout`), the answer as Medusa's route writes it, or its error body.

use actix_web::HttpResponse;
use serde_json::{Value, json};

use super::cart_routes::refused;
use super::carts::Refusal;
use super::openapi::QueryPair;
use super::{Shop, fields, first, not_found};

impl Shop {
    /// `GET /store/shipping-options?cart_id=`: Medusa's validator wants the cart.
    pub(super) fn shipping_options(&self, query: &[QueryPair]) -> HttpResponse {
        let Some(cart) = first(query, "cart_id") else {
            return refused(Refusal::invalid("Invalid request: Field 'cart_id' is required"));
        };
        self.carts
            .shipping_options(cart)
            .map_or_else(refused, |options| HttpResponse::Ok().json(json!({ "shipping_options": options })))
    }

    /// The checkout's writes: a cart's email and addresses, its shipping method, a
    /// payment collection and its session, completion.
    pub(super) fn checkout_write(&self, method: &str, path: &str, query: &[QueryPair], body: &Value) -> HttpResponse {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        let collection = |answer: Result<Value, _>| {
            answer.map_or_else(refused, |c| {
                let c = fields::select(&c, first(query, "fields"), &fields::PAYMENT_COLLECTION);
                HttpResponse::Ok().json(json!({ "payment_collection": c }))
            })
        };
        match (method, segments.as_slice()) {
            ("POST", ["store", "carts", id]) => {
                let cart = match self.carts.get(id) {
                    Ok(cart) => cart,
                    Err(refusal) => return refused(refusal),
                };
                let region = cart["region_id"].as_str().and_then(|r| self.region(r)).cloned().unwrap_or_default();
                self.carts.set_details(id, body, &region).map_or_else(refused, |cart| self.cart_answer(&cart, query))
            }
            ("POST", ["store", "carts", id, "shipping-methods"]) => self
                .carts
                .add_shipping_method(id, body["option_id"].as_str().unwrap_or_default())
                .map_or_else(refused, |cart| self.cart_answer(&cart, query)),
            ("POST", ["store", "carts", id, "complete"]) => {
                let refuse = *self.refuse_completion.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                // A refused payment answers the cart, with the cart routes' defaults.
                self.carts.complete(id, &self.products, refuse).map_or_else(refused, |mut answer| {
                    if answer["type"] == "cart" {
                        answer["cart"] = fields::select(&answer["cart"], None, &fields::CART);
                    }
                    HttpResponse::Ok().json(answer)
                })
            }
            ("POST", ["store", "payment-collections"]) => {
                collection(self.carts.payment_collection(body["cart_id"].as_str().unwrap_or_default()))
            }
            ("POST", ["store", "payment-collections", id, "payment-sessions"]) => {
                collection(self.carts.payment_session(id, body["provider_id"].as_str().unwrap_or_default()))
            }
            _ => not_found(&format!("Cannot {method} {path}")),
        }
    }
}
