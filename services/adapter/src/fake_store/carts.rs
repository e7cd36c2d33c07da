//! The fake store's carts. The public fake-store API keeps no carts, so
//! Vitrine keeps this backend's carts itself, in its store (Redis, or the embedded one),
//! one entry per cart under `vitrine:cart:fake:{id}` for [`CART_TTL`] after its last
//! change. Lines are priced from the store's products (read through the catalogue's
//! cache: a product is everyone's, a cart only its visitor's). A variant is a product
//! (the store sells each as it is).
//!
//! Two changes of one cart at once (two tabs) can race: the later write wins. A cart is
//! one visitor's, so that is the visitor's own two clicks, not two visitors'.

use std::sync::Arc;
use std::time::Duration;

use vitrine_common::SharedStore;
use vitrine_domain::money;
use vitrine_domain::{DriverError, cart};
use vitrine_proto::v1::{Cart, CartLine};

use super::FakeStoreDriver;
use crate::drivers::{CartDriver, CatalogueDriver, DriverResult};

/// How long a cart is kept after its last change.
const CART_TTL: Duration = Duration::from_secs(30 * 24 * 3600);

fn key(id: &str) -> String {
    format!("vitrine:cart:fake:{id}")
}

fn unavailable(e: &vitrine_common::StoreError) -> DriverError {
    tracing::warn!(error = %e, "the cart store failed");
    DriverError::Network("the cart store is unavailable".to_owned())
}

pub struct FakeStoreCarts {
    catalogue: Arc<FakeStoreDriver>,
    store: SharedStore,
}

impl FakeStoreCarts {
    #[must_use]
    pub const fn new(catalogue: Arc<FakeStoreDriver>, store: SharedStore) -> Self {
        Self { catalogue, store }
    }

    async fn load(&self, id: &str) -> DriverResult<Cart> {
        let bytes = self.store.get(&key(id)).await.map_err(|e| unavailable(&e))?.ok_or(DriverError::CartGone)?;
        serde_json::from_slice(&bytes).map_err(|e| DriverError::Undecodable(e.to_string()))
    }

    async fn save(&self, cart: Cart) -> DriverResult<Cart> {
        let cart = cart::totalled(Cart { lines: cart.lines.into_iter().map(untotalled).collect(), ..cart });
        let bytes = serde_json::to_vec(&cart).map_err(|e| DriverError::Undecodable(e.to_string()))?;
        // Kept: the fake store keeps no carts, so nothing could fetch this one again.
        self.store.set_kept(&key(&cart.id), &bytes, CART_TTL).await.map_err(|e| unavailable(&e))?;
        Ok(cart)
    }

    /// The line a new `variant` makes: the product's name, picture, link and price.
    async fn line(&self, variant: &str) -> DriverResult<CartLine> {
        let not_sold = || DriverError::Refused("This shop does not sell that product.".to_owned());
        let found = match self.catalogue.get(variant).await {
            Ok(found) => found,
            Err(DriverError::NotFound(_)) => return Err(not_sold()),
            Err(other) => return Err(other),
        };
        let product = found.products.into_iter().next().ok_or_else(not_sold)?;
        if product.in_stock == Some(false) {
            return Err(DriverError::Refused("That product is out of stock.".to_owned()));
        }
        let paid = product.price.map(|price| money::paid(price, product.discount.map(|d| d.amount)));
        Ok(CartLine {
            variant: product.id.clone(),
            product_url: product.url.clone(),
            name: product.name.clone(),
            image: product.thumbnail.clone(),
            unit_price: paid,
            ..CartLine::default()
        })
    }
}

/// A line whose total is counted again from its quantity.
fn untotalled(line: CartLine) -> CartLine {
    CartLine { line_total: None, ..line }
}

/// The next line id in `cart`: one past the highest.
fn next_line_id(cart: &Cart) -> String {
    let highest = cart.lines.iter().filter_map(|l| l.id.strip_prefix("line-")?.parse::<u64>().ok()).max();
    format!("line-{}", highest.unwrap_or(0) + 1)
}

fn not_in_cart() -> DriverError {
    DriverError::Refused("That line is not in the cart.".to_owned())
}

#[async_trait::async_trait]
impl CartDriver for FakeStoreCarts {
    async fn create(&self) -> DriverResult<Cart> {
        let id = uuid::Uuid::new_v4().simple().to_string();
        self.save(Cart { id, currency: Some("USD".to_owned()), ..Cart::default() }).await
    }

    async fn get(&self, cart: &str) -> DriverResult<Cart> {
        self.load(cart).await
    }

    async fn add(&self, cart: &str, variant: &str, quantity: u32) -> DriverResult<Cart> {
        let mut found = self.load(cart).await?;
        if let Some(line) = found.lines.iter_mut().find(|l| l.variant == variant) {
            line.quantity = cart::quantity(line.quantity.saturating_add(quantity))?;
        } else {
            let line = CartLine { id: next_line_id(&found), quantity, ..self.line(variant).await? };
            found.lines.push(line);
        }
        self.save(found).await
    }

    async fn update(&self, cart: &str, line: &str, quantity: u32) -> DriverResult<Cart> {
        let mut found = self.load(cart).await?;
        found.lines.iter_mut().find(|l| l.id == line).ok_or_else(not_in_cart)?.quantity = quantity;
        self.save(found).await
    }

    async fn remove(&self, cart: &str, line: &str) -> DriverResult<Cart> {
        let mut found = self.load(cart).await?;
        let before = found.lines.len();
        found.lines.retain(|l| l.id != line);
        if found.lines.len() == before {
            return Err(not_in_cart());
        }
        self.save(found).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ids_count_up_within_a_cart() {
        let line = |id: &str| CartLine { id: id.into(), ..CartLine::default() };
        for (lines, next) in [
            (vec![], "line-1"),
            (vec![line("line-1"), line("line-3")], "line-4"),
            (vec![line("odd"), line("line-2")], "line-3"),
        ] {
            assert_eq!(next_line_id(&Cart { lines, ..Cart::default() }), next);
        }
    }
}
