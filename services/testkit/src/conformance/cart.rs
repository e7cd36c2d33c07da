//! The cart: a new visitor's empty cart, add, merge into a line, quantity, remove, an
//! unknown variant, more than in stock, a cart the backend does not have, two visitors
//! creating carts at once.

use vitrine_domain::error::CART_GONE;
use vitrine_proto::v1::{
    AddToCartRequest, Cart, CartRequest, DriverRequest, RemoveCartLineRequest, UpdateCartLineRequest,
};

use super::{Carts, Outcome, Report, Target, applicable, same, status_of};

type Answer = Result<Cart, tonic::Status>;

pub(super) async fn run(t: &Target<'_>, r: &mut Report) {
    let carts = match applicable(&t.fixture.cart) {
        Ok(carts) => carts,
        Err(Outcome::NotApplicable(why)) => {
            for name in SCENARIOS {
                r.record(name, Ok(Outcome::NotApplicable(why)));
            }
            return;
        }
        Err(_) => unreachable!("applicable answers NotApplicable or the case"),
    };
    r.record(SCENARIOS[0], empty(t).await);
    r.record(SCENARIOS[1], changes(t, carts).await);
    r.record(SCENARIOS[2], unknown_variant(t, carts).await);
    r.record(SCENARIOS[3], stock(t, carts).await);
    r.record(SCENARIOS[4], gone(t, carts).await);
    r.record(SCENARIOS[5], two_visitors(t, carts).await);
}

const SCENARIOS: [&str; 6] = [
    "cart: a new visitor's cart is empty",
    "cart: add, merge into the line, quantity, remove",
    "cart: an unknown variant is refused",
    "cart: more than in stock is refused",
    "cart: a cart the backend does not have is gone",
    "cart: two visitors creating carts at once",
];

impl Target<'_> {
    pub(super) async fn create(&self) -> Answer {
        let request = DriverRequest { driver: self.driver(), fresh_after_ms: 0 };
        self.c().create_cart(request).await.map(tonic::Response::into_inner)
    }

    pub(super) async fn add(&self, cart: &str, variant: &str, quantity: u32) -> Answer {
        let request =
            AddToCartRequest { driver: self.driver(), cart_id: cart.into(), variant: variant.into(), quantity };
        self.c().add_to_cart(request).await.map(tonic::Response::into_inner)
    }

    async fn update(&self, cart: &str, line: &str, quantity: u32) -> Answer {
        let request =
            UpdateCartLineRequest { driver: self.driver(), cart_id: cart.into(), line: line.into(), quantity };
        self.c().update_cart_line(request).await.map(tonic::Response::into_inner)
    }

    async fn remove(&self, cart: &str, line: &str) -> Answer {
        let request = RemoveCartLineRequest { driver: self.driver(), cart_id: cart.into(), line: line.into() };
        self.c().remove_cart_line(request).await.map(tonic::Response::into_inner)
    }

    pub(super) async fn get(&self, cart: &str) -> Answer {
        let request = CartRequest { driver: self.driver(), cart_id: cart.into() };
        self.c().get_cart(request).await.map(tonic::Response::into_inner)
    }
}

/// (variant, quantity) of each line.
fn lines(cart: &Cart) -> Vec<(String, u32)> {
    cart.lines.iter().map(|l| (l.variant.clone(), l.quantity)).collect()
}

/// Every line's total is its unit price times its quantity, and the subtotal their sum.
pub(super) fn adds_up(cart: &Cart) -> anyhow::Result<()> {
    let mut sum = 0;
    for line in &cart.lines {
        anyhow::ensure!(!line.name.trim().is_empty() && !line.id.is_empty(), "a line without id or name: {line:?}");
        let unit = line.unit_price.unwrap_or_default();
        anyhow::ensure!(unit > 0, "line {} has no unit price", line.id);
        same(&format!("line {}'s total", line.id), line.line_total, Some(unit * i64::from(line.quantity)))?;
        sum += line.line_total.unwrap_or_default();
    }
    same("the subtotal", cart.subtotal, Some(sum))
}

async fn empty(t: &Target<'_>) -> anyhow::Result<Outcome> {
    let cart = t.create().await?;
    anyhow::ensure!(!cart.id.is_empty(), "a cart without an id");
    same("its lines", cart.lines.len(), 0)?;
    anyhow::ensure!(cart.subtotal.unwrap_or_default() == 0, "an empty cart's subtotal is {:?}", cart.subtotal);
    same("read again", t.get(&cart.id).await?.lines.len(), 0)?;
    Ok(Outcome::Ran)
}

async fn changes(t: &Target<'_>, f: &Carts) -> anyhow::Result<Outcome> {
    let cart = t.create().await?.id;
    let added = t.add(&cart, &f.variant, 1).await?;
    same("after an add", lines(&added), vec![(f.variant.clone(), 1)])?;
    adds_up(&added)?;
    let line = added.lines[0].id.clone();

    let merged = t.add(&cart, &f.variant, 2).await?;
    same("the same variant again: one line", lines(&merged), vec![(f.variant.clone(), 3)])?;
    adds_up(&merged)?;

    let line = merged.lines.first().map_or(line, |l| l.id.clone());
    let updated = t.update(&cart, &line, 2).await?;
    same("after a quantity", lines(&updated), vec![(f.variant.clone(), 2)])?;
    adds_up(&updated)?;

    let two = t.add(&cart, &f.other, 1).await?;
    same("a second line", two.lines.len(), 2)?;
    adds_up(&two)?;
    let other = two.lines.iter().find(|l| l.variant == f.other).map(|l| l.id.clone());
    let removed = t.remove(&cart, &other.unwrap_or_default()).await?;
    same("after a remove", lines(&removed), vec![(f.variant.clone(), 2)])?;
    adds_up(&removed)?;
    same("read again", lines(&t.get(&cart).await?), lines(&removed))?;
    Ok(Outcome::Ran)
}

async fn unknown_variant(t: &Target<'_>, f: &Carts) -> anyhow::Result<Outcome> {
    let cart = t.create().await?.id;
    t.add(&cart, &f.variant, 1).await?;
    let (code, text) = status_of(t.add(&cart, &f.unknown_variant, 1).await)?;
    anyhow::ensure!(code == tonic::Code::Aborted && !text.is_empty(), "refused as {code:?} {text:?}");
    same("the cart after", lines(&t.get(&cart).await?), vec![(f.variant.clone(), 1)])?;
    Ok(Outcome::Ran)
}

async fn stock(t: &Target<'_>, f: &Carts) -> anyhow::Result<Outcome> {
    let limited = match applicable(&f.limited) {
        Ok(limited) => limited,
        Err(na) => return Ok(na),
    };
    let (variant, available) = (&limited.variant, limited.available);
    let all = vec![(variant.clone(), available)];
    let cart = t.create().await?.id;
    // One more than there is: refused, or reduced to what there is with a notice.
    let over = t.add(&cart, variant, available + 1).await;
    let held = if limited.reduced {
        let reduced = over?;
        same("one more than in stock, reduced", lines(&reduced), all.clone())?;
        anyhow::ensure!(!reduced.notices.is_empty(), "reduced without a notice");
        reduced
    } else {
        same("one more than in stock", status_of(over)?.0, tonic::Code::Aborted)?;
        t.add(&cart, variant, available).await?
    };
    same("all there are", lines(&held), all.clone())?;
    let over = t.update(&cart, &held.lines[0].id, available + 1).await;
    if limited.reduced {
        same("a quantity above the stock, reduced", lines(&over?), all.clone())?;
    } else {
        same("a quantity above the stock", status_of(over)?.0, tonic::Code::Aborted)?;
    }
    if let Ok(sold_out) = applicable(&f.sold_out) {
        let (code, _) = status_of(t.add(&cart, sold_out, 1).await)?;
        same("a variant none are left of", code, tonic::Code::Aborted)?;
    }
    same("the cart after", lines(&t.get(&cart).await?), all)?;
    Ok(Outcome::Ran)
}

async fn gone(t: &Target<'_>, f: &Carts) -> anyhow::Result<Outcome> {
    let gone = (tonic::Code::NotFound, CART_GONE.to_owned());
    same("reading it", status_of(t.get(&f.unknown_cart).await)?, gone.clone())?;
    same("adding to it", status_of(t.add(&f.unknown_cart, &f.variant, 1).await)?, gone)?;
    Ok(Outcome::Ran)
}

async fn two_visitors(t: &Target<'_>, f: &Carts) -> anyhow::Result<Outcome> {
    let (one, two) = tokio::join!(t.create(), t.create());
    let (one, two) = (one?.id, two?.id);
    anyhow::ensure!(one != two, "both visitors got cart {one}");
    let (a, b) = tokio::join!(t.add(&one, &f.variant, 1), t.add(&two, &f.other, 2));
    same("the first visitor's cart", lines(&a?), vec![(f.variant.clone(), 1)])?;
    same("the second visitor's cart", lines(&b?), vec![(f.other.clone(), 2)])?;
    same("the first, read again", lines(&t.get(&one).await?), vec![(f.variant.clone(), 1)])?;
    Ok(Outcome::Ran)
}
