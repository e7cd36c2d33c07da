//! Checkout, where the backend has one: the countries, a refused address, the address,
//! the shipping options, the method, totals that add up, placing, placing the same cart
//! again (never a second order) and the cart gone afterwards. One cart goes through the
//! steps in order; a step after a failed one is reported as blocked by it.

use std::time::{SystemTime, UNIX_EPOCH};

use vitrine_domain::checkout::Refusal;
use vitrine_domain::error::CART_GONE;
use vitrine_proto::v1::{
    CartRequest, Checkout as Answer, CheckoutAddressRequest, CheckoutKind, PlaceOrderRequest, ShippingOptionRequest,
};

use super::cart::adds_up;
use super::{Case, Checkout, Outcome, Report, Target, applicable, same, status_of};
use crate::checkout::address;

const SCENARIOS: [&str; 8] = [
    "checkout: the countries it ships to",
    "checkout: an address it does not ship to is refused",
    "checkout: the address",
    "checkout: the shipping options",
    "checkout: the method, and totals that add up",
    "checkout: placing the order, which the shop's record holds",
    "checkout: placing the same cart again makes no second order",
    "checkout: the cart is gone once placed",
];

pub(super) async fn run(t: &Target<'_>, r: &mut Report) {
    r.record("checkout: the kind the shop offers", kind(t).await);
    let (checkout, variant) = match (applicable(&t.fixture.checkout), applicable(&t.fixture.cart)) {
        (Ok(checkout), Ok(carts)) => (checkout, carts.variant.clone()),
        (Err(na), _) | (_, Err(na)) => {
            let why = if let Outcome::NotApplicable(why) = na { why } else { "no fixture" };
            for name in SCENARIOS {
                r.record(name, Ok(Outcome::NotApplicable(why)));
            }
            return;
        }
    };
    let mut flow = Flow { t, f: checkout, variant, cart: String::new(), email: email(t), answer: None, blocked: None };
    for (step, name) in SCENARIOS.into_iter().enumerate() {
        let result = match flow.blocked {
            Some(earlier) => Err(anyhow::anyhow!("not reached: \"{earlier}\" failed")),
            None => flow.step(step).await.map(|()| Outcome::Ran),
        };
        if result.is_err() && flow.blocked.is_none() {
            flow.blocked = Some(name);
        }
        r.record(name, result);
    }
}

/// One address per run, so the shop's record of this run's orders is told apart from any
/// other's (a real server keeps the orders of every run).
fn email(t: &Target<'_>) -> String {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("conformance-{}-{nanos}@example.com", t.fixture.driver.as_str())
}

async fn kind(t: &Target<'_>) -> anyhow::Result<Outcome> {
    let Ok(carts) = applicable(&t.fixture.cart) else {
        return Ok(Outcome::NotApplicable("the backend has no cart here"));
    };
    let cart = t.create().await?.id;
    t.add(&cart, &carts.variant, 1).await?;
    let request = CartRequest { driver: t.driver(), cart_id: cart };
    let answer = t.c().get_checkout(request).await?.into_inner();
    let want = match t.fixture.checkout {
        Case::Runs(_) => CheckoutKind::Native,
        Case::NotApplicable(_) => {
            anyhow::ensure!(answer.kind() != CheckoutKind::Native, "a native checkout the fixture does not run");
            return Ok(Outcome::Ran);
        }
    };
    same("the kind", answer.kind(), want)?;
    Ok(Outcome::Ran)
}

struct Flow<'t, 'a> {
    t: &'t Target<'a>,
    f: &'t Checkout,
    variant: String,
    cart: String,
    email: String,
    /// The last step's answer.
    answer: Option<Answer>,
    /// The first step that failed.
    blocked: Option<&'static str>,
}

impl Flow<'_, '_> {
    /// The step numbered as [`SCENARIOS`] lists them.
    async fn step(&mut self, step: usize) -> anyhow::Result<()> {
        match step {
            0 => self.countries().await,
            1 => self.refused().await,
            2 => self.address().await,
            3 => self.options().await,
            4 => self.method().await,
            5 => self.place().await,
            6 => self.again().await,
            _ => self.gone().await,
        }
    }

    fn request(&self) -> CartRequest {
        CartRequest { driver: self.t.driver(), cart_id: self.cart.clone() }
    }

    fn address_request(&self, country: &str, region: &str) -> CheckoutAddressRequest {
        CheckoutAddressRequest {
            driver: self.t.driver(),
            cart_id: self.cart.clone(),
            email: self.email.clone(),
            shipping: Some(address(country, region)),
            billing: None,
        }
    }

    async fn countries(&mut self) -> anyhow::Result<()> {
        self.cart = self.t.create().await?.id;
        self.t.add(&self.cart, &self.variant, 2).await?;
        let fresh = self.t.c().get_checkout(self.request()).await?.into_inner();
        let (country, region) = &self.f.country;
        let listed = fresh.countries.iter().find(|c| &c.code == country);
        let listed = listed.ok_or_else(|| anyhow::anyhow!("{country} is not among {:?}", fresh.countries))?;
        same("whether its region is required", listed.region_required, !region.is_empty())?;
        let refused = &self.f.refused_country;
        anyhow::ensure!(!fresh.countries.iter().any(|c| &c.code == refused), "{refused} is listed");
        same(
            "a fresh checkout's email and address",
            (fresh.email.as_str(), fresh.shipping_address.is_none()),
            ("", true),
        )?;
        same("its lines", fresh.cart.as_ref().map(|c| c.lines.len()), Some(1))?;
        Ok(())
    }

    async fn refused(&mut self) -> anyhow::Result<()> {
        let request = self.address_request(&self.f.refused_country, "");
        let refusal = status_of(self.t.c().set_checkout_address(request).await)?;
        same("the refusal", refusal, (tonic::Code::Aborted, Refusal::NoShippingTo.text().to_owned()))
    }

    async fn address(&mut self) -> anyhow::Result<()> {
        let (country, region) = self.f.country.clone();
        let set = self.t.c().set_checkout_address(self.address_request(&country, &region)).await?.into_inner();
        same("the email", set.email.as_str(), self.email.as_str())?;
        let shipped = set.shipping_address.clone().unwrap_or_default();
        same("the address kept", (shipped.country.as_str(), shipped.street.as_str()), (country.as_str(), "1 Main St"))?;
        same("billing, the same as shipping", set.billing_address.as_ref(), Some(&shipped))?;
        Ok(())
    }

    async fn options(&mut self) -> anyhow::Result<()> {
        let options = self.t.c().list_shipping_options(self.request()).await?.into_inner().options;
        anyhow::ensure!(!options.is_empty(), "no shipping option");
        for o in &options {
            anyhow::ensure!(!o.id.is_empty() && !o.label.trim().is_empty(), "an option without id or label: {o:?}");
            anyhow::ensure!(o.price.is_some_and(|p| p >= 0), "option {} has no price", o.id);
        }
        let first = options[0].clone();
        let request =
            ShippingOptionRequest { driver: self.t.driver(), cart_id: self.cart.clone(), option: first.id.clone() };
        let chosen = self.t.c().set_shipping_option(request).await?.into_inner();
        same("the option chosen", chosen.shipping_option.as_ref().map(|o| o.id.as_str()), Some(first.id.as_str()))?;
        same("its price in the totals", chosen.totals.as_ref().and_then(|t| t.shipping), first.price)?;
        self.answer = Some(chosen);
        Ok(())
    }

    async fn method(&mut self) -> anyhow::Result<()> {
        let read = self.t.c().get_checkout(self.request()).await?.into_inner();
        let cart = read.cart.clone().unwrap_or_default();
        adds_up(&cart)?;
        let totals = read.totals.clone().unwrap_or_default();
        same("the subtotal, the cart's", totals.subtotal, cart.subtotal)?;
        let sum = totals.subtotal.unwrap_or_default() + totals.shipping.unwrap_or_default() + totals.tax.unwrap_or(0);
        same("the total: subtotal, shipping and tax", totals.total, Some(sum))?;
        anyhow::ensure!(totals.currency.as_deref().is_some_and(|c| c.len() == 3), "currency {:?}", totals.currency);
        self.answer = Some(read);
        Ok(())
    }

    async fn place(&mut self) -> anyhow::Result<()> {
        let before = self.f.backoffice.orders_with(&self.email).await?;
        same("orders with this run's email before", before, 0)?;
        let request = PlaceOrderRequest { driver: self.t.driver(), cart_id: self.cart.clone() };
        let order = self.t.c().place_order(request).await?.into_inner();
        anyhow::ensure!(!order.number.is_empty(), "an order without a number");
        let shown = self.answer.as_ref().and_then(|a| a.totals.as_ref()).and_then(|t| t.total);
        same("the order's total, the one shown", order.totals.as_ref().and_then(|t| t.total), shown)?;
        same("its email", order.email.as_deref(), Some(self.email.as_str()))?;
        same("its lines", order.lines.len(), 1)?;
        let kept = self.f.backoffice.order_email(&order.number).await?;
        same("the shop's record of it", kept.as_deref(), Some(self.email.as_str()))?;
        println!("conformance {}: order {} placed, the shop's record holds it", self.t.fixture.name, order.number);
        Ok(())
    }

    async fn again(&mut self) -> anyhow::Result<()> {
        let request = PlaceOrderRequest { driver: self.t.driver(), cart_id: self.cart.clone() };
        let second = status_of(self.t.c().place_order(request).await)?;
        same("placing again", second, (tonic::Code::NotFound, CART_GONE.to_owned()))?;
        same("orders with this run's email", self.f.backoffice.orders_with(&self.email).await?, 1)
    }

    async fn gone(&mut self) -> anyhow::Result<()> {
        let gone = (tonic::Code::NotFound, CART_GONE.to_owned());
        same("the cart", status_of(self.t.get(&self.cart).await)?, gone.clone())?;
        same("its checkout", status_of(self.t.c().get_checkout(self.request()).await)?, gone)
    }
}
