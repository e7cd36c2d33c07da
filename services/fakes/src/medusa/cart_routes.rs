//! The demo shop's cart routes: the request read, the cart kept in `carts`,
//! the answer as Medusa's (`{cart}`, a deleted line's `{id, object, deleted, parent}`, or
//! its error body), cut to the `fields` asked for.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use serde_json::{Value, json};

use super::carts::Refusal;
use super::openapi::QueryPair;
use super::{Shop, fields, first, not_found};

/// A cart route's refusal: Medusa's error body, with its `code` where it has one.
pub(super) fn refused(refusal: Refusal) -> HttpResponse {
    let mut body = json!({ "type": refusal.kind, "message": Value::String(refusal.message) });
    if let Some(code) = refusal.code {
        body["code"] = code.into();
    }
    HttpResponse::build(StatusCode::from_u16(refusal.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)).json(body)
}

impl Shop {
    /// `{cart}`, cut to the fields asked for (`fields::CART`: the cart routes' defaults
    /// when none are).
    pub(super) fn cart_answer(&self, cart: &Value, query: &[QueryPair]) -> HttpResponse {
        HttpResponse::Ok().json(json!({ "cart": fields::select(cart, first(query, "fields"), &fields::CART) }))
    }

    /// `GET /store/carts/{id}`.
    pub(super) fn cart(&self, id: &str, query: &[QueryPair]) -> HttpResponse {
        self.carts.get(id).map_or_else(refused, |cart| self.cart_answer(&cart, query))
    }

    /// The cart routes that change something, each answering as Medusa does:
    /// the cart (`{cart}`; a deleted line's `{id, object, deleted, parent}`), cut to the
    /// `fields` asked for.
    pub(super) fn write(&self, method: &str, path: &str, query: &[QueryPair], body: &Value) -> HttpResponse {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        let quantity = body["quantity"].as_f64().unwrap_or_default();
        let changed = match (method, segments.as_slice()) {
            ("POST", ["store", "carts"]) => {
                let region = match body["region_id"].as_str() {
                    Some(id) => self.region(id).ok_or_else(|| format!("Region with id: {id} was not found")),
                    None => self.regions.first().ok_or_else(|| "No regions found".to_owned()),
                };
                match region {
                    Ok(region) => Ok(self.carts.create(region)),
                    Err(message) => return not_found(&message),
                }
            }
            ("POST", ["store", "carts", id, "line-items"]) => {
                self.carts.add(id, body["variant_id"].as_str().unwrap_or_default(), quantity, &self.products)
            }
            ("POST", ["store", "carts", id, "line-items", line]) => {
                self.carts.update(id, line, quantity, &self.products)
            }
            ("DELETE", ["store", "carts", id, "line-items", line]) => {
                let cart = match self.carts.remove(id, line) {
                    Ok(cart) => cart,
                    Err(refusal) => return refused(refusal),
                };
                let parent = fields::select(&cart, first(query, "fields"), &fields::CART);
                return HttpResponse::Ok()
                    .json(json!({ "id": line, "object": "line-item", "deleted": true, "parent": parent }));
            }
            _ => return self.checkout_write(method, path, query, body),
        };
        changed.map_or_else(refused, |cart| self.cart_answer(&cart, query))
    }
}
