//! The mock's carts, a REST API in which each operation is one call answering
//! the whole cart (the mock's delay applies per call, as to every route):
//!
//! | call | answer |
//! |---|---|
//! | `POST /api/carts` | 201, a new empty cart |
//! | `GET /api/carts/{id}` | the cart; 404 when there is none |
//! | `POST /api/carts/{id}/lines` `{variant, quantity}` | the cart, the variant merged into its line; 422 for a variant no product has, 409 when it is out of stock |
//! | `PUT /api/carts/{id}/lines/{line}` `{quantity}` | the cart; 422 for a line not in it |
//! | `DELETE /api/carts/{id}/lines/{line}` | the cart |
//!
//! Their checkout is `crate::checkout`'s.
//!
//! Carts are the proto `Cart` as JSON (the in-memory adapter reads them straight in),
//! priced from the products' variants (the price paid: the listed price less its
//! discount). At most [`MAX_CARTS`] are kept, the oldest dropped first, so no caller can
//! grow the process without bound.

use std::collections::{HashMap, VecDeque};

use serde::Deserialize;
use serde_json::Value;
use vitrine_domain::cart::{self, MAX_LINES};
use vitrine_domain::money;
use vitrine_proto::v1::{Cart, CartLine, Checkout, Order, Product, ShippingOptions};

use crate::checkout::{Checkouts, SetAddress, SetShipping};
use crate::error::MockError;

/// The most carts kept at once.
pub(crate) const MAX_CARTS: usize = 10_000;

#[derive(Default)]
pub(crate) struct Carts {
    carts: HashMap<String, Cart>,
    /// Creation order, for dropping the oldest.
    order: VecDeque<String>,
    /// Line ids count up across carts: a line id never names two lines.
    next_line: u64,
    /// What each cart's checkout has so far, and the orders placed.
    pub(crate) checkout: Checkouts,
}

#[derive(Deserialize)]
pub(crate) struct AddLine {
    pub(crate) variant: String,
    pub(crate) quantity: u32,
}

#[derive(Deserialize)]
pub(crate) struct SetQuantity {
    pub(crate) quantity: u32,
}

fn quantity(q: u32) -> Result<u32, MockError> {
    cart::quantity(q).map_err(|_| MockError::BadQuantity)
}

/// The product selling `variant`, with the variant's line as a new line would hold it.
fn offer(products: &[Value], variant: &str) -> Result<CartLine, MockError> {
    for value in products {
        let Ok(product) = Product::deserialize(value) else { continue };
        let Some(v) = product.variants.iter().find(|v| v.id == variant) else { continue };
        if v.in_stock == Some(false) {
            return Err(MockError::OutOfStock(variant.to_owned()));
        }
        let paid = v.price.map(|price| money::paid(price, v.discount.map(|d| d.amount)));
        return Ok(CartLine {
            id: String::new(),
            variant: v.id.clone(),
            product_url: product.url.clone(),
            name: product.name.clone(),
            options: v.selected.clone(),
            image: v.image.clone().or_else(|| product.thumbnail.clone()),
            quantity: 0,
            unit_price: paid,
            line_total: None,
        });
    }
    Err(MockError::VariantNotSold(variant.to_owned()))
}

/// A cart's totals, counted afresh after each change.
fn priced(mut cart: Cart) -> Cart {
    cart.lines.iter_mut().for_each(|l| l.line_total = None);
    cart::totalled(cart)
}

impl Carts {
    /// Forgets every cart and checkout; order numbers keep counting (`Checkouts::clear`).
    pub(crate) fn clear(&mut self) {
        let mut checkout = std::mem::take(&mut self.checkout);
        checkout.clear();
        *self = Self { checkout, ..Self::default() };
    }

    pub(crate) fn create(&mut self, id: String) -> Cart {
        if self.order.len() >= MAX_CARTS
            && let Some(oldest) = self.order.pop_front()
        {
            self.carts.remove(&oldest);
            self.checkout.forget(&oldest);
        }
        let cart = priced(Cart { id: id.clone(), currency: Some("USD".to_owned()), ..Cart::default() });
        self.order.push_back(id.clone());
        self.carts.insert(id, cart.clone());
        cart
    }

    pub(crate) fn get(&self, id: &str) -> Result<Cart, MockError> {
        self.carts.get(id).cloned().ok_or_else(|| MockError::CartNotFound(id.to_owned()))
    }

    /// The cart `id` taken out (it was ordered): gone for every later call.
    pub(crate) fn complete(&mut self, id: &str) -> Result<Cart, MockError> {
        let cart = self.carts.remove(id).ok_or_else(|| MockError::CartNotFound(id.to_owned()))?;
        self.order.retain(|kept| kept != id);
        self.checkout.forget(id);
        Ok(cart)
    }

    fn cart_mut(&mut self, id: &str) -> Result<&mut Cart, MockError> {
        self.carts.get_mut(id).ok_or_else(|| MockError::CartNotFound(id.to_owned()))
    }

    pub(crate) fn add(
        &mut self,
        id: &str,
        products: &[Value],
        variant: &str,
        quantity: u32,
    ) -> Result<Cart, MockError> {
        let quantity = self::quantity(quantity)?;
        self.cart_mut(id)?;
        let line = offer(products, variant)?;
        let next_line = self.next_line + 1;
        let cart = self.cart_mut(id)?;
        if let Some(existing) = cart.lines.iter_mut().find(|l| l.variant == line.variant) {
            existing.quantity = self::quantity(existing.quantity.saturating_add(quantity))?;
        } else if cart.lines.len() >= MAX_LINES {
            return Err(MockError::CartFull);
        } else {
            cart.lines.push(CartLine { id: format!("line-{next_line}"), quantity, ..line });
            self.next_line = next_line;
        }
        self.reprice(id)
    }

    pub(crate) fn update(&mut self, id: &str, line: &str, quantity: u32) -> Result<Cart, MockError> {
        let quantity = self::quantity(quantity)?;
        let cart = self.cart_mut(id)?;
        let found =
            cart.lines.iter_mut().find(|l| l.id == line).ok_or_else(|| MockError::LineNotFound(line.to_owned()))?;
        found.quantity = quantity;
        self.reprice(id)
    }

    pub(crate) fn remove(&mut self, id: &str, line: &str) -> Result<Cart, MockError> {
        let cart = self.cart_mut(id)?;
        let before = cart.lines.len();
        cart.lines.retain(|l| l.id != line);
        if cart.lines.len() == before {
            return Err(MockError::LineNotFound(line.to_owned()));
        }
        self.reprice(id)
    }

    fn reprice(&mut self, id: &str) -> Result<Cart, MockError> {
        let cart = self.cart_mut(id)?;
        *cart = priced(std::mem::take(cart));
        Ok(cart.clone())
    }
}

/// The checkout of a cart: its rules are `crate::checkout`'s, on the cart as it is now.
impl Carts {
    pub(crate) fn checkout(&self, id: &str) -> Result<Checkout, MockError> {
        Ok(self.checkout.checkout(id, self.get(id)?))
    }

    pub(crate) fn set_address(&mut self, id: &str, set: SetAddress) -> Result<Checkout, MockError> {
        let cart = self.get(id)?;
        self.checkout.set_address(id, cart, set)
    }

    pub(crate) fn shipping_options(&self, id: &str) -> Result<ShippingOptions, MockError> {
        self.get(id)?;
        self.checkout.shipping_options(id)
    }

    pub(crate) fn set_shipping(&mut self, id: &str, set: &SetShipping) -> Result<Checkout, MockError> {
        let cart = self.get(id)?;
        self.checkout.set_shipping(id, cart, set)
    }

    /// Places the order of cart `id`: refused while a step is missing; then the cart is
    /// gone, and the order kept.
    pub(crate) fn place(&mut self, id: &str) -> Result<Order, MockError> {
        let checkout = self.checkout(id)?;
        Checkouts::ready(&checkout)?;
        let placed = self.complete(id)?;
        Ok(self.checkout.place(checkout, placed))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn products() -> Vec<Value> {
        vec![json!({
            "id": "1001", "url": "/1001", "name": "Chair",
            "thumbnail": {"id": "t", "url": "http://m/1001.svg", "label": "Chair"},
            "variants": [
                {"id": "1001-S", "selected": [{"name": "Size", "value": "S"}], "price": 4000,
                 "discount": {"amount": 400, "percent": 10.0}, "in_stock": true},
                {"id": "1001-M", "selected": [{"name": "Size", "value": "M"}], "price": 4000, "in_stock": false},
            ],
        })]
    }

    #[test]
    fn adding_merges_prices_and_refuses_what_cannot_be_sold() {
        let mut carts = Carts::default();
        carts.create("c".into());
        let cart = carts.add("c", &products(), "1001-S", 1).expect("added");
        assert_eq!((cart.lines.len(), cart.lines[0].unit_price, cart.subtotal), (1, Some(3600), Some(3600)));
        assert_eq!(cart.lines[0].options[0].value, "S");
        let merged = carts.add("c", &products(), "1001-S", 2).expect("merged");
        assert_eq!((merged.lines.len(), merged.lines[0].quantity, merged.subtotal), (1, 3, Some(10800)));
        for (variant, quantity, error) in [
            ("1001-M", 1, MockError::OutOfStock("1001-M".into())),
            ("nope", 1, MockError::VariantNotSold("nope".into())),
            ("1001-S", 0, MockError::BadQuantity),
            ("1001-S", 97, MockError::BadQuantity),
        ] {
            assert_eq!(carts.add("c", &products(), variant, quantity), Err(error), "{variant} × {quantity}");
        }
        assert_eq!(carts.add("gone", &products(), "1001-S", 1), Err(MockError::CartNotFound("gone".into())));
    }

    #[test]
    fn lines_change_and_go_within_their_own_cart() {
        let mut carts = Carts::default();
        carts.create("a".into());
        carts.create("b".into());
        let line = carts.add("a", &products(), "1001-S", 1).expect("added").lines[0].id.clone();
        assert_eq!(carts.update("a", &line, 2).map(|c| c.subtotal), Ok(Some(7200)));
        assert_eq!(carts.update("b", &line, 2), Err(MockError::LineNotFound(line.clone())));
        assert_eq!(carts.remove("b", &line), Err(MockError::LineNotFound(line.clone())));
        let emptied = carts.remove("a", &line).expect("removed");
        assert_eq!((emptied.lines.len(), emptied.subtotal), (0, Some(0)));
    }

    #[test]
    fn the_oldest_carts_make_room() {
        let mut carts = Carts::default();
        for i in 0..=MAX_CARTS {
            carts.create(format!("c{i}"));
        }
        assert_eq!(carts.carts.len(), MAX_CARTS);
        assert!(carts.get("c0").is_err() && carts.get(&format!("c{MAX_CARTS}")).is_ok());
    }
}
