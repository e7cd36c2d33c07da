//! The demo shop's sessions and orders, as Vendure 3.7's Shop API keeps them:
//!
//! - A session is a bearer token (64 hexadecimal digits) handed out in the
//!   `vendure-auth-token` header the first time a call that needs one (an Owner field:
//!   the active order and every change of it) comes without one. A token the shop does not
//!   know answers an empty header, then a new session's token.
//! - A session has at most one active order, made by the first change. Changes answer the
//!   `UpdateOrderItemsResult` union: an order, or an `ErrorResult` member with HTTP 200.
//!   Short of stock, Vendure adds what it can (`InsufficientStockError` with
//!   `quantityAvailable` and the order).
//! - Checkout: a guest customer, addresses, a shipping method, `ArrangingPayment`, then a
//!   payment with the settling test handler: the order is placed (`PaymentSettled`), its
//!   stock allocated, and the session no longer has an active order. The dummy handler's
//!   `shouldDecline` / `shouldError` metadata decline or fail it, as Vendure's does (and
//!   the tests can have every payment declined: [`Orders::decline_payments`]).
//!
//! Bounded: [`MAX_SESSIONS`] sessions (the oldest forgotten with its unplaced order),
//! [`MAX_PLACED`] placed orders kept for the tests, [`MAX_LINE_QUANTITY`] a line.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::hash::{BuildHasher, RandomState};

use serde_json::{Map, Value, json};

use super::answers::{self, CURRENCY, with_tax};
use super::catalogue::Catalogue;
use crate::graphql::{Session, field_error};

/// The most sessions the shop keeps; the oldest is forgotten to make room.
pub const MAX_SESSIONS: usize = 2_000;
/// The most placed orders the shop keeps; the oldest is forgotten to make room.
pub const MAX_PLACED: usize = 10_000;
/// Vendure's default `orderItemsLimit` and `orderLineItemsLimit`.
pub const MAX_LINE_QUANTITY: i64 = 999;
/// The characters of an order's code (Vendure's: no 0, I or O).
const CODE_ALPHABET: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZ";

const ADDING_ITEMS: &str = "AddingItems";
const ARRANGING_PAYMENT: &str = "ArrangingPayment";
const PAYMENT_SETTLED: &str = "PaymentSettled";

struct Line {
    id: u32,
    /// Index into the catalogue's variants.
    variant: usize,
    quantity: i64,
}

#[derive(Default)]
struct Order {
    id: u32,
    code: String,
    state: &'static str,
    lines: Vec<Line>,
    customer: Option<Value>,
    shipping_address: Option<Value>,
    billing_address: Option<Value>,
    /// Index into the catalogue's shipping methods.
    shipping: Option<usize>,
    payment: Option<String>,
}

/// What a change of the session's order answers, rendered once the change is done: the
/// order, Vendure's `InsufficientStockError` over the order (the change made as far as the
/// stock allowed), or a refusal as it is (an `ErrorResult` member or a field error).
enum Changed {
    Order(u32),
    ShortOfStock { available: i64, order: u32 },
    Refused(Value),
}

#[derive(Default)]
pub struct Orders {
    /// Token → the id of its active order, if it has one.
    sessions: HashMap<String, Option<u32>>,
    /// Tokens, oldest first.
    session_order: VecDeque<String>,
    orders: BTreeMap<u32, Order>,
    /// Placed orders' ids, oldest first.
    placed: VecDeque<u32>,
    /// Per variant index: what placed orders hold.
    allocated: HashMap<usize, i64>,
    /// How many ids have been drawn (orders, lines, tokens).
    issued: u32,
    /// Every payment is declined, as the dummy handler declines one asked to.
    decline: bool,
    seed: RandomState,
}

/// An `ErrorResult` union member.
fn refusal(typename: &str, code: &str, message: &str) -> Value {
    json!({ "__typename": typename, "errorCode": code, "message": message })
}

fn no_active_order() -> Value {
    refusal(
        "NoActiveOrderError",
        "NO_ACTIVE_ORDER_ERROR",
        "There is no active Order associated with the current session",
    )
}

fn modification_refused() -> Value {
    refusal(
        "OrderModificationError",
        "ORDER_MODIFICATION_ERROR",
        "Order contents may only be modified when in the \"AddingItems\" state",
    )
}

fn user_input(message: &str) -> Value {
    field_error(message, json!({ "code": "USER_INPUT_ERROR" }))
}

fn arg<'a>(args: &'a Map<String, Value>, key: &str) -> &'a Value {
    args.get(key).unwrap_or(&Value::Null)
}

/// An id argument: Vendure's ids are numbers sent as strings.
fn id_arg(args: &Map<String, Value>, key: &str) -> Option<u32> {
    match arg(args, key) {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        _ => None,
    }
}

impl Orders {
    fn draw(&mut self) -> u64 {
        self.issued += 1;
        self.seed.hash_one(self.issued)
    }

    fn next_id(&mut self) -> u32 {
        self.issued += 1;
        self.issued
    }

    /// The request's session: the token it sent or was just given, when the shop knows it.
    /// With `start`, a request without one gets a new session (its token answered in the
    /// header); a token the shop does not know is answered empty first, as Vendure does.
    fn session(&mut self, session: &mut Session, start: bool) -> Option<String> {
        let current = session.answer.clone().filter(|t| !t.is_empty()).or_else(|| session.sent.clone());
        if let Some(token) = current.filter(|t| self.sessions.contains_key(t)) {
            return Some(token);
        }
        if session.sent.is_some() && session.answer.is_none() {
            session.answer = Some(String::new());
        }
        if !start {
            return None;
        }
        let token: String = (0..4).map(|_| format!("{:016x}", self.draw())).collect();
        if self.session_order.len() >= MAX_SESSIONS
            && let Some(oldest) = self.session_order.pop_front()
            && let Some(Some(order)) = self.sessions.remove(&oldest)
        {
            self.orders.remove(&order);
        }
        self.sessions.insert(token.clone(), None);
        self.session_order.push_back(token.clone());
        session.answer = Some(token.clone());
        Some(token)
    }

    fn active(&self, token: &str) -> Option<u32> {
        self.sessions.get(token).copied().flatten()
    }

    /// The session's active order, made when it has none.
    fn active_or_new(&mut self, token: &str) -> u32 {
        if let Some(id) = self.active(token) {
            return id;
        }
        let id = self.next_id();
        let code: String = {
            let mut bits = u128::from(self.draw()) << 64 | u128::from(self.draw());
            (0..16)
                .map(|_| {
                    let c = CODE_ALPHABET[usize::try_from(bits % CODE_ALPHABET.len() as u128).unwrap_or_default()];
                    bits /= CODE_ALPHABET.len() as u128;
                    char::from(c)
                })
                .collect()
        };
        self.orders.insert(id, Order { id, code, state: ADDING_ITEMS, ..Order::default() });
        self.sessions.insert(token.to_owned(), Some(id));
        id
    }

    /// What `v` can still sell (its index is its id less one, as the catalogue numbers them).
    #[must_use]
    pub fn saleable_variant(&self, catalogue: &Catalogue, v: &super::catalogue::Variant) -> Option<i64> {
        let index = usize::try_from(v.id).ok().and_then(|i| i.checked_sub(1)).unwrap_or_default();
        self.saleable(catalogue, index)
    }

    /// What the variant at `variant` (an index) can still sell; `None` when not tracked.
    #[must_use]
    pub fn saleable(&self, catalogue: &Catalogue, variant: usize) -> Option<i64> {
        let on_hand = catalogue.variants[variant].stock?;
        Some(i64::from(on_hand) - self.allocated.get(&variant).copied().unwrap_or_default())
    }

    /// Answers an Owner field of the Shop API (the session's order, checkout), or `None`
    /// for a field that is not one (a public field still answers an empty session header
    /// for a token the shop does not know, as Vendure does).
    pub fn resolve(
        &mut self,
        catalogue: &Catalogue,
        base: &str,
        session: &mut Session,
        field: &str,
        args: &Map<String, Value>,
    ) -> Option<Value> {
        const OWNER: [&str; 14] = [
            "activeOrder",
            "addItemToOrder",
            "adjustOrderLine",
            "removeOrderLine",
            "removeAllOrderLines",
            "setCustomerForOrder",
            "setOrderShippingAddress",
            "setOrderBillingAddress",
            "eligibleShippingMethods",
            "setOrderShippingMethod",
            "transitionOrderToState",
            "eligiblePaymentMethods",
            "addPaymentToOrder",
            "nextOrderStates",
        ];
        if !OWNER.contains(&field) {
            self.session(session, false);
            return None;
        }
        let token = self.session(session, true)?;
        let answer = match field {
            "activeOrder" => {
                return Some(self.active(&token).map_or(Value::Null, |id| self.render(catalogue, base, id)));
            }
            "eligibleShippingMethods" => return Some(self.shipping_methods(catalogue, &token)),
            "eligiblePaymentMethods" => return Some(payment_methods(catalogue)),
            "nextOrderStates" => {
                let state = self.active(&token).and_then(|id| self.orders.get(&id)).map(|o| o.state);
                return Some(json!(match state {
                    Some(ADDING_ITEMS) => vec![ARRANGING_PAYMENT],
                    Some(ARRANGING_PAYMENT) => vec![ADDING_ITEMS],
                    _ => vec![],
                }));
            }
            "addPaymentToOrder" => match self.active(&token) {
                None => Changed::Refused(no_active_order()),
                Some(id) => self.pay(catalogue, &token, id, args),
            },
            _ => {
                let id = self.active_or_new(&token);
                match field {
                    "addItemToOrder" => self.add(catalogue, id, args),
                    "adjustOrderLine" => self.adjust(catalogue, id, args),
                    "removeOrderLine" => self.remove(id, args),
                    "removeAllOrderLines" => self.change(id, |o| o.lines.clear()),
                    "setCustomerForOrder" => {
                        let input = arg(args, "input");
                        let customer = json!({
                            "id": id.to_string(), "firstName": input["firstName"], "lastName": input["lastName"],
                            "emailAddress": input["emailAddress"],
                        });
                        self.with_order(id, |o| o.customer = Some(customer))
                    }
                    "setOrderShippingAddress" | "setOrderBillingAddress" => {
                        match address(catalogue, arg(args, "input")) {
                            Err(refused) => Changed::Refused(refused),
                            Ok(address) if field == "setOrderShippingAddress" => {
                                self.with_order(id, |o| o.shipping_address = Some(address))
                            }
                            Ok(address) => self.with_order(id, |o| o.billing_address = Some(address)),
                        }
                    }
                    "setOrderShippingMethod" => self.set_shipping(catalogue, id, args),
                    _ => self.transition(id, arg(args, "state").as_str().unwrap_or_default()),
                }
            }
        };
        Some(match answer {
            Changed::Order(id) => self.render(catalogue, base, id),
            Changed::ShortOfStock { available, order } => {
                short_of_stock(available, &self.render(catalogue, base, order))
            }
            Changed::Refused(answer) => answer,
        })
    }

    fn with_order(&mut self, id: u32, change: impl FnOnce(&mut Order)) -> Changed {
        if let Some(order) = self.orders.get_mut(&id) {
            change(order);
        }
        Changed::Order(id)
    }

    /// A change of the lines, refused unless the order is still adding items.
    fn change(&mut self, id: u32, change: impl FnOnce(&mut Order)) -> Changed {
        match self.orders.get_mut(&id) {
            Some(order) if order.state == ADDING_ITEMS => {
                change(order);
                Changed::Order(id)
            }
            _ => Changed::Refused(modification_refused()),
        }
    }

    fn add(&mut self, catalogue: &Catalogue, id: u32, args: &Map<String, Value>) -> Changed {
        let variant_id = arg(args, "productVariantId");
        let found = id_arg(args, "productVariantId").and_then(|v| {
            let index = usize::try_from(v).ok()?.checked_sub(1)?;
            let variant = catalogue.variants.get(index)?;
            catalogue.products[variant.product].enabled.then_some(index)
        });
        let Some(variant) = found else {
            let shown = variant_id.as_str().map_or_else(|| variant_id.to_string(), str::to_owned);
            return Changed::Refused(field_error(
                &format!("No ProductVariant with the id \"{shown}\" could be found"),
                json!({ "code": "ENTITY_NOT_FOUND" }),
            ));
        };
        let quantity = arg(args, "quantity").as_i64().unwrap_or_default();
        if quantity < 0 {
            return Changed::Refused(negative_quantity());
        }
        let saleable = self.saleable(catalogue, variant);
        let line_id = self.next_id();
        let Some(order) = self.orders.get_mut(&id).filter(|o| o.state == ADDING_ITEMS) else {
            return Changed::Refused(modification_refused());
        };
        let held = order.lines.iter().find(|l| l.variant == variant).map_or(0, |l| l.quantity);
        let wanted = held + quantity;
        if wanted > MAX_LINE_QUANTITY {
            return Changed::Refused(order_limit());
        }
        let set = saleable.map_or(wanted, |s| wanted.min(s.max(held)));
        match order.lines.iter_mut().find(|l| l.variant == variant) {
            Some(line) => line.quantity = set,
            None if set > 0 => order.lines.push(Line { id: line_id, variant, quantity: set }),
            None => {}
        }
        if set < wanted {
            return Changed::ShortOfStock { available: set - held, order: id };
        }
        Changed::Order(id)
    }

    fn line_of(&self, id: u32, args: &Map<String, Value>) -> Result<u32, Value> {
        let line = id_arg(args, "orderLineId");
        let held = self.orders.get(&id).is_some_and(|o| o.lines.iter().any(|l| Some(l.id) == line));
        match line {
            Some(line) if held => Ok(line),
            _ => {
                let shown = arg(args, "orderLineId");
                let shown = shown.as_str().map_or_else(|| shown.to_string(), str::to_owned);
                Err(user_input(&format!("This order does not contain an OrderLine with the id {shown}")))
            }
        }
    }

    fn adjust(&mut self, catalogue: &Catalogue, id: u32, args: &Map<String, Value>) -> Changed {
        let line = match self.line_of(id, args) {
            Ok(line) => line,
            Err(refused) => return Changed::Refused(refused),
        };
        let quantity = arg(args, "quantity").as_i64().unwrap_or_default();
        if quantity < 0 {
            return Changed::Refused(negative_quantity());
        }
        if quantity > MAX_LINE_QUANTITY {
            return Changed::Refused(order_limit());
        }
        let variant = self.orders[&id].lines.iter().find(|l| l.id == line).map_or(0, |l| l.variant);
        let set = self.saleable(catalogue, variant).map_or(quantity, |s| quantity.min(s.max(0)));
        let answer = self.change(id, |o| {
            o.lines.retain_mut(|l| {
                if l.id == line {
                    l.quantity = set;
                }
                l.quantity > 0
            });
        });
        match answer {
            Changed::Order(order) if set < quantity => Changed::ShortOfStock { available: set, order },
            other => other,
        }
    }

    fn remove(&mut self, id: u32, args: &Map<String, Value>) -> Changed {
        match self.line_of(id, args) {
            Ok(line) => self.change(id, |o| o.lines.retain(|l| l.id != line)),
            Err(refused) => Changed::Refused(refused),
        }
    }

    fn shipping_methods(&self, catalogue: &Catalogue, token: &str) -> Value {
        if self.active(token).is_none() {
            return json!([]);
        }
        json!(
            catalogue
                .shipping
                .iter()
                .map(|m| json!({
                    "id": m.id.to_string(), "code": m.code, "name": m.name, "description": "",
                    "price": m.price, "priceWithTax": m.price, "metadata": null,
                }))
                .collect::<Vec<_>>()
        )
    }

    fn set_shipping(&mut self, catalogue: &Catalogue, id: u32, args: &Map<String, Value>) -> Changed {
        let ids = arg(args, "shippingMethodId");
        let wanted: Vec<&Value> = ids.as_array().map_or_else(|| vec![ids], |a| a.iter().collect());
        let method =
            wanted.first().and_then(|w| catalogue.shipping.iter().position(|m| w.as_str() == Some(&m.id.to_string())));
        let Some(method) = method.filter(|_| wanted.len() == 1) else {
            return Changed::Refused(refusal(
                "IneligibleShippingMethodError",
                "INELIGIBLE_SHIPPING_METHOD_ERROR",
                "This Order is not eligible for the selected ShippingMethod",
            ));
        };
        self.change(id, |o| o.shipping = Some(method))
    }

    fn transition(&mut self, id: u32, to: &str) -> Changed {
        let Some(order) = self.orders.get_mut(&id) else { return Changed::Refused(no_active_order()) };
        let refused = |reason: &str| {
            json!({ "__typename": "OrderStateTransitionError", "errorCode": "ORDER_STATE_TRANSITION_ERROR",
                    "message": "Cannot transition Order state", "transitionError": reason,
                    "fromState": order.state, "toState": to })
        };
        let reason = match (order.state, to) {
            (ADDING_ITEMS, ARRANGING_PAYMENT) if order.lines.is_empty() => {
                Some("Cannot transition Order to the \"ArrangingPayment\" state when it is empty")
            }
            (ADDING_ITEMS, ARRANGING_PAYMENT) if order.customer.is_none() => {
                Some("Cannot transition Order to the \"ArrangingPayment\" state without Customer details")
            }
            (ADDING_ITEMS, ARRANGING_PAYMENT) if order.shipping.is_none() => {
                Some("Cannot transition Order to the \"ArrangingPayment\" state without a ShippingMethod")
            }
            (ADDING_ITEMS, ARRANGING_PAYMENT) | (ARRANGING_PAYMENT, ADDING_ITEMS) => None,
            _ => Some("Cannot transition from this state"),
        };
        if let Some(reason) = reason {
            return Changed::Refused(refused(reason));
        }
        order.state = if to == ARRANGING_PAYMENT { ARRANGING_PAYMENT } else { ADDING_ITEMS };
        Changed::Order(id)
    }

    fn pay(&mut self, catalogue: &Catalogue, token: &str, id: u32, args: &Map<String, Value>) -> Changed {
        let input = arg(args, "input");
        let Some(method) = catalogue.payments.iter().find(|m| input["method"].as_str() == Some(&m.code)) else {
            return Changed::Refused(user_input("error.payment-method-not-found"));
        };
        if self.orders.get(&id).is_none_or(|o| o.state != ARRANGING_PAYMENT) {
            return Changed::Refused(refusal(
                "OrderPaymentStateError",
                "ORDER_PAYMENT_STATE_ERROR",
                "A Payment may only be added when Order is in \"ArrangingPayment\" state",
            ));
        }
        let metadata = &input["metadata"];
        if metadata["shouldDecline"] == true || self.decline {
            return Changed::Refused(
                json!({ "__typename": "PaymentDeclinedError", "errorCode": "PAYMENT_DECLINED_ERROR",
                           "message": "The payment was declined", "paymentErrorMessage": "Simulated decline" }),
            );
        }
        if metadata["shouldError"] == true {
            return Changed::Refused(json!({ "__typename": "PaymentFailedError", "errorCode": "PAYMENT_FAILED_ERROR",
                           "message": "The payment failed", "paymentErrorMessage": "Simulated error" }));
        }
        let code = method.code.clone();
        let Some(order) = self.orders.get_mut(&id) else { return Changed::Refused(no_active_order()) };
        order.state = PAYMENT_SETTLED;
        order.payment = Some(code);
        for line in &order.lines {
            *self.allocated.entry(line.variant).or_default() += line.quantity;
        }
        self.sessions.insert(token.to_owned(), None);
        self.placed.push_back(id);
        if self.placed.len() > MAX_PLACED
            && let Some(oldest) = self.placed.pop_front()
        {
            self.orders.remove(&oldest);
        }
        Changed::Order(id)
    }

    /// The order `id` as the Shop API answers an `Order`.
    fn render(&self, catalogue: &Catalogue, base: &str, id: u32) -> Value {
        let Some(order) = self.orders.get(&id) else { return Value::Null };
        let tax = catalogue.tax_percent;
        let lines: Vec<Value> = order
            .lines
            .iter()
            .map(|l| {
                let v = &catalogue.variants[l.variant];
                let featured = v.asset.or_else(|| catalogue.products[v.product].assets.first().copied());
                let saleable = |v: &super::catalogue::Variant| self.saleable_variant(catalogue, v);
                json!({
                    "id": l.id.to_string(), "quantity": l.quantity,
                    "unitPrice": v.price, "unitPriceWithTax": with_tax(v.price, tax),
                    "linePrice": v.price * l.quantity, "linePriceWithTax": with_tax(v.price, tax) * l.quantity,
                    "featuredAsset": featured.map_or(Value::Null, |a| answers::asset(catalogue, base, a)),
                    "productVariant": answers::variant(catalogue, base, v, &saleable),
                })
            })
            .collect();
        let sum = |key: &str| lines.iter().map(|l| l[key].as_i64().unwrap_or_default()).sum::<i64>();
        let (sub_total, sub_total_with_tax) = (sum("linePrice"), sum("linePriceWithTax"));
        let method = order.shipping.and_then(|m| catalogue.shipping.get(m));
        let shipping = method.map_or(0, |m| m.price);
        let shipping_lines: Vec<Value> = method
            .map(|m| {
                json!({ "id": "1", "price": m.price, "priceWithTax": m.price,
                        "shippingMethod": { "id": m.id.to_string(), "code": m.code, "name": m.name } })
            })
            .into_iter()
            .collect();
        let placed = order.state == PAYMENT_SETTLED;
        json!({
            "__typename": "Order", "id": order.id.to_string(), "code": order.code, "state": order.state,
            "active": !placed, "currencyCode": CURRENCY,
            "totalQuantity": order.lines.iter().map(|l| l.quantity).sum::<i64>(),
            "subTotal": sub_total, "subTotalWithTax": sub_total_with_tax,
            "shipping": shipping, "shippingWithTax": shipping,
            "total": sub_total + shipping, "totalWithTax": sub_total_with_tax + shipping,
            "lines": lines,
            "customer": order.customer.clone().unwrap_or(Value::Null),
            "shippingAddress": order.shipping_address.clone().unwrap_or_else(|| json!({})),
            "billingAddress": order.billing_address.clone().unwrap_or_else(|| json!({})),
            "shippingLines": shipping_lines,
            "payments": order.payment.as_ref().map(|m| vec![json!({
                "method": m, "state": "Settled", "amount": sub_total_with_tax + shipping,
            })]).unwrap_or_default(),
        })
    }

    /// The placed order whose code is `code`, as the tests read the shop's record: its
    /// customer's email and its state.
    #[must_use]
    pub fn placed(&self, code: &str) -> Option<Value> {
        self.placed.iter().filter_map(|id| self.orders.get(id)).find(|o| o.code == code).map(|o| {
            json!({ "code": o.code, "state": o.state,
                    "email": o.customer.as_ref().map_or(Value::Null, |c| c["emailAddress"].clone()) })
        })
    }

    /// Every placed order's code, oldest first.
    #[must_use]
    pub fn placed_codes(&self) -> Vec<String> {
        self.placed.iter().filter_map(|id| self.orders.get(id)).map(|o| o.code.clone()).collect()
    }

    /// From now on every payment is declined (`true`), or none is but as asked.
    pub fn decline_payments(&mut self, decline: bool) {
        self.decline = decline;
    }

    /// Forgets every session and unplaced order, as if each had expired.
    pub fn forget_sessions(&mut self) {
        let placed: Vec<u32> = self.placed.iter().copied().collect();
        self.orders.retain(|id, _| placed.contains(id));
        self.sessions.clear();
        self.session_order.clear();
    }
}

/// `InsufficientStockError`: Vendure added (or kept) what it could, and answers the order
/// as it then is.
fn short_of_stock(available: i64, order: &Value) -> Value {
    json!({
        "__typename": "InsufficientStockError", "errorCode": "INSUFFICIENT_STOCK_ERROR",
        "message": format!("Only {available} items were added to the order due to insufficient stock"),
        "quantityAvailable": available, "order": order,
    })
}

fn negative_quantity() -> Value {
    refusal("NegativeQuantityError", "NEGATIVE_QUANTITY_ERROR", "The quantity may not be negative")
}

fn order_limit() -> Value {
    json!({ "__typename": "OrderLimitError", "errorCode": "ORDER_LIMIT_ERROR",
            "message": format!("Cannot add items. An order may consist of a maximum of {MAX_LINE_QUANTITY} items"),
            "maxItems": MAX_LINE_QUANTITY })
}

fn payment_methods(catalogue: &Catalogue) -> Value {
    json!(
        catalogue
            .payments
            .iter()
            .map(|m| json!({
                "id": m.id.to_string(), "code": m.code, "name": m.name, "description": "",
                "isEligible": true, "eligibilityMessage": null,
            }))
            .collect::<Vec<_>>()
    )
}

/// An address as `CreateAddressInput` gives it, answered as an `OrderAddress`; a country
/// the shop does not know is refused as Vendure refuses it.
fn address(catalogue: &Catalogue, input: &Value) -> Result<Value, Value> {
    let code = input["countryCode"].as_str().unwrap_or_default();
    let Some((_, country)) = catalogue.countries.iter().find(|(c, _)| c == code) else {
        return Err(user_input(&format!("The countryCode \"{code}\" was not recognized")));
    };
    let mut address = json!({
        "fullName": "", "company": "", "streetLine1": "", "streetLine2": "", "city": "", "province": "",
        "postalCode": "", "country": country, "countryCode": code, "phoneNumber": "",
    });
    for key in ["fullName", "company", "streetLine1", "streetLine2", "city", "province", "postalCode", "phoneNumber"] {
        if let Some(value) = input[key].as_str() {
            address[key] = json!(value);
        }
    }
    Ok(address)
}
