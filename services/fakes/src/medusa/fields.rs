//! Medusa's `fields` query parameter applied to an answer the demo shop built whole, so an
//! answer holds what Medusa's (2.21) would, and no more (pure). The rules are those
//! `docs/decisions/medusa-field-selection.md` measured on the real server:
//!
//! - **Replace or add.** The list (split on `,`) replaces the route's defaults as soon as
//!   one entry has no leading `+`, `-` or space and is not starred (`*a`, `a.*`); then
//!   every entry is asked for, its signs stripped (a `-x` there asks for `x`). Otherwise
//!   the defaults stay: `+x` (or ` x`, an unencoded `+`) and `*x` add, `-x` removes each
//!   default that is `x`, `*x` or below `x`. The root's `id` always comes.
//! - **Allowed list, exact, silent.** A path (stars stripped) outside the route's defaults
//!   and extra fields is dropped without a word: a relation grants nothing below it.
//! - **The answer's shape.** `a.b` is column `b` of relation `a` (of each item where `a`
//!   is a list); `*a` is every column of `a` (not its relations). A relation named alone
//!   answers nothing of it (a to-one relation of the same module answers its `id`).
//!   Nested objects carry only what was asked, but for the lists that always carry their
//!   `id` (shipping methods) and the objects reached through a module link, which carry
//!   their `id` and put their foreign key on their parent (`region.name` answers the
//!   cart's `region_id`). A list item left with nothing is `null`.
//! - **Computed totals.** The root's totals come whenever named; a line's (or a shipping
//!   method's) totals only when the same list names a root total too.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

/// What one route answers and how (its query config, and what its answer's relations are).
pub(super) struct Route {
    pub(super) defaults: &'static [&'static str],
    pub(super) extra: &'static [&'static str],
    /// Relations reached through a module link, each with the foreign key it puts on its
    /// parent (none for a link kept in a table of its own).
    pub(super) linked: &'static [(&'static str, Option<&'static str>)],
    /// Lists whose items carry their `id` whatever was asked.
    pub(super) with_id: &'static [&'static str],
    /// To-one relations of the route's own module: named alone, they answer `{id}`.
    pub(super) own_to_one: &'static [&'static str],
    /// The root's totals: naming one lets the lists' totals come.
    pub(super) root_totals: &'static [&'static str],
    /// Each list's computed totals.
    pub(super) list_totals: &'static [(&'static str, &'static [&'static str])],
}

/// A line's (and a shipping method's) totals, computed by Medusa when asked for.
const LINE_TOTALS: &[&str] = &[
    "total",
    "subtotal",
    "tax_total",
    "discount_total",
    "discount_tax_total",
    "original_total",
    "original_subtotal",
    "original_tax_total",
    "item_total",
    "item_subtotal",
    "item_tax_total",
];

/// A cart's own totals, computed by Medusa when asked for (an order carries most of them).
pub(super) const CART_TOTALS: &[&str] = &[
    "total",
    "subtotal",
    "tax_total",
    "discount_total",
    "discount_subtotal",
    "discount_tax_total",
    "original_total",
    "original_tax_total",
    "original_subtotal",
    "item_total",
    "item_subtotal",
    "item_tax_total",
    "item_discount_total",
    "original_item_total",
    "original_item_subtotal",
    "original_item_tax_total",
    "shipping_total",
    "shipping_subtotal",
    "shipping_tax_total",
    "shipping_discount_total",
    "original_shipping_tax_total",
    "original_shipping_subtotal",
    "original_shipping_total",
    "credit_line_subtotal",
    "credit_line_tax_total",
    "credit_line_total",
    "gift_card_total",
    "gift_card_tax_total",
];

/// The cart routes (every cart route shares one query config).
pub(super) const CART: Route = Route {
    defaults: CART_DEFAULTS,
    extra: CART_EXTRA,
    linked: &[
        ("region", Some("region_id")),
        ("customer", Some("customer_id")),
        ("items.variant", Some("variant_id")),
        ("items.product", Some("product_id")),
        ("payment_collection", None),
        ("promotions", None),
    ],
    with_id: &["shipping_methods"],
    own_to_one: &["shipping_address", "billing_address"],
    root_totals: CART_TOTALS,
    list_totals: &[("items", LINE_TOTALS), ("shipping_methods", LINE_TOTALS)],
};

/// `POST /store/payment-collections` and its sessions' route.
pub(super) const PAYMENT_COLLECTION: Route = Route {
    defaults: &["id", "currency_code", "amount", "*payment_sessions"],
    extra: &[
        "status",
        "payment_providers",
        "payment_providers.id",
        "payment_sessions.id",
        "payment_sessions.amount",
        "payment_sessions.currency_code",
        "payment_sessions.provider_id",
        "payment_sessions.data",
        "payment_sessions.status",
    ],
    linked: &[],
    with_id: &[],
    own_to_one: &[],
    root_totals: &[],
    list_totals: &[],
};

/// The cart routes' default fields (`defaultStoreCartFields`).
pub(super) const CART_DEFAULTS: &[&str] = &[
    "id",
    "currency_code",
    "email",
    "locale",
    "region_id",
    "created_at",
    "updated_at",
    "completed_at",
    "total",
    "subtotal",
    "tax_total",
    "discount_total",
    "discount_subtotal",
    "discount_tax_total",
    "original_total",
    "original_tax_total",
    "item_total",
    "item_subtotal",
    "item_tax_total",
    "item_discount_total",
    "original_item_total",
    "original_item_subtotal",
    "original_item_tax_total",
    "shipping_total",
    "shipping_subtotal",
    "shipping_tax_total",
    "shipping_discount_total",
    "original_shipping_tax_total",
    "original_shipping_subtotal",
    "original_shipping_total",
    "credit_line_subtotal",
    "credit_line_tax_total",
    "credit_line_total",
    "metadata",
    "sales_channel_id",
    "promotions.id",
    "promotions.code",
    "promotions.is_automatic",
    "promotions.is_tax_inclusive",
    "promotions.application_method.value",
    "promotions.application_method.type",
    "promotions.application_method.currency_code",
    "items.id",
    "items.thumbnail",
    "items.product",
    "items.product.id",
    "items.variant",
    "items.variant_id",
    "items.product_id",
    "items.is_giftcard",
    "items.product.categories.id",
    "items.product.tags.id",
    "items.product.collection_id",
    "items.product.type_id",
    "items.product_type_id",
    "items.product_title",
    "items.product_description",
    "items.product_subtitle",
    "items.product_type",
    "items.product_collection",
    "items.product_handle",
    "items.variant_sku",
    "items.variant_barcode",
    "items.variant_title",
    "items.requires_shipping",
    "items.metadata",
    "items.created_at",
    "items.updated_at",
    "items.title",
    "items.quantity",
    "items.unit_price",
    "items.compare_at_unit_price",
    "items.is_tax_inclusive",
    "items.tax_lines.id",
    "items.tax_lines.description",
    "items.tax_lines.code",
    "items.tax_lines.rate",
    "items.tax_lines.provider_id",
    "items.tax_lines.data",
    "items.tax_lines.metadata",
    "items.adjustments.id",
    "items.adjustments.code",
    "items.adjustments.promotion_id",
    "items.adjustments.amount",
    "items.adjustments.is_tax_inclusive",
    "customer.id",
    "customer.email",
    "customer.groups.id",
    "shipping_methods.tax_lines.id",
    "shipping_methods.tax_lines.description",
    "shipping_methods.tax_lines.code",
    "shipping_methods.tax_lines.rate",
    "shipping_methods.tax_lines.provider_id",
    "shipping_methods.tax_lines.data",
    "shipping_methods.tax_lines.metadata",
    "shipping_methods.amount",
    "shipping_methods.is_tax_inclusive",
    "shipping_methods.adjustments.id",
    "shipping_methods.adjustments.code",
    "shipping_methods.adjustments.amount",
    "shipping_methods.shipping_option_id",
    "shipping_address_id",
    "shipping_address.id",
    "shipping_address.first_name",
    "shipping_address.last_name",
    "shipping_address.company",
    "shipping_address.address_1",
    "shipping_address.address_2",
    "shipping_address.city",
    "shipping_address.postal_code",
    "shipping_address.country_code",
    "shipping_address.region_code",
    "shipping_address.province",
    "shipping_address.phone",
    "billing_address_id",
    "billing_address.id",
    "billing_address.first_name",
    "billing_address.last_name",
    "billing_address.company",
    "billing_address.address_1",
    "billing_address.address_2",
    "billing_address.city",
    "billing_address.postal_code",
    "billing_address.country_code",
    "billing_address.region_code",
    "billing_address.province",
    "billing_address.phone",
    "region.id",
    "region.name",
    "region.currency_code",
    "region.automatic_taxes",
    "*region.countries",
    "*payment_collection",
    "*payment_collection.payment_sessions",
    "*credit_lines",
];

/// What the cart routes allow besides their defaults (`allowedStoreCartExtraFields`).
pub(super) const CART_EXTRA: &[&str] = &[
    "items",
    "region",
    "promotions",
    "customer",
    "shipping_methods",
    "shipping_address",
    "billing_address",
    "items.total",
    "items.subtotal",
    "items.tax_total",
    "items.discount_total",
    "items.discount_tax_total",
    "items.original_total",
    "items.original_subtotal",
    "items.original_tax_total",
    "items.item_total",
    "items.item_subtotal",
    "items.item_tax_total",
    "shipping_methods.name",
    "payment_collection.payment_sessions.data",
    "original_subtotal",
    "gift_card_total",
    "gift_card_tax_total",
    "items.cart_id",
    "items.is_discountable",
    "items.tax_lines",
    "items.tax_lines.item_id",
    "items.tax_lines.total",
    "items.tax_lines.subtotal",
    "items.tax_lines.tax_rate_id",
    "items.tax_lines.created_at",
    "items.tax_lines.updated_at",
    "items.adjustments",
    "items.adjustments.cart_id",
    "items.adjustments.item_id",
    "items.adjustments.description",
    "items.adjustments.provider_id",
    "items.adjustments.created_at",
    "items.adjustments.updated_at",
    "shipping_methods.id",
    "shipping_methods.cart_id",
    "shipping_methods.description",
    "shipping_methods.data",
    "shipping_methods.metadata",
    "shipping_methods.original_total",
    "shipping_methods.original_subtotal",
    "shipping_methods.original_tax_total",
    "shipping_methods.total",
    "shipping_methods.subtotal",
    "shipping_methods.tax_total",
    "shipping_methods.discount_total",
    "shipping_methods.discount_tax_total",
    "shipping_methods.created_at",
    "shipping_methods.updated_at",
    "shipping_methods.tax_lines",
    "shipping_methods.tax_lines.shipping_method_id",
    "shipping_methods.tax_lines.total",
    "shipping_methods.tax_lines.subtotal",
    "shipping_methods.tax_lines.tax_rate_id",
    "shipping_methods.tax_lines.created_at",
    "shipping_methods.tax_lines.updated_at",
    "shipping_methods.adjustments",
    "shipping_methods.adjustments.cart_id",
    "shipping_methods.adjustments.shipping_method_id",
    "shipping_methods.adjustments.description",
    "shipping_methods.adjustments.provider_id",
    "shipping_methods.adjustments.promotion_id",
    "shipping_methods.adjustments.created_at",
    "shipping_methods.adjustments.updated_at",
    "shipping_address.created_at",
    "shipping_address.updated_at",
    "billing_address.created_at",
    "billing_address.updated_at",
    "region.countries.id",
    "payment_collection.id",
    "payment_collection.currency_code",
    "payment_collection.amount",
    "payment_collection.status",
    "payment_collection.payment_providers",
    "payment_collection.payment_providers.id",
    "payment_collection.payment_sessions.id",
    "payment_collection.payment_sessions.amount",
    "payment_collection.payment_sessions.currency_code",
    "payment_collection.payment_sessions.provider_id",
    "payment_collection.payment_sessions.status",
];

/// A `fields` entry as the path the allowed list names: without its sign and its star
/// (`*a`, `a.*`). Shared with the tests that send the driver's entries to a real server.
pub fn field_path(name: &str) -> &str {
    let name = name.trim_start_matches(['+', '-', ' ']);
    let name = name.strip_prefix('*').unwrap_or(name);
    name.strip_suffix(".*").unwrap_or(name)
}

fn starred(name: &str) -> bool {
    let name = name.trim_start_matches(['+', '-', ' ']);
    name.starts_with('*') || name.ends_with(".*")
}

/// The fields asked for below one object.
#[derive(Debug, Default)]
struct Node {
    /// Named as a path's last segment.
    named: bool,
    /// `*name`: the object's own columns (not its relations).
    own: bool,
    children: BTreeMap<String, Node>,
}

impl Node {
    fn add(&mut self, entry: &str) {
        let mut node = self;
        for segment in field_path(entry).split('.').filter(|s| !s.is_empty()) {
            node = node.children.entry(segment.to_owned()).or_default();
        }
        if starred(entry) { node.own = true } else { node.named = true }
    }

    /// Named alone: neither starred nor with anything asked below it.
    fn alone(&self) -> bool {
        !self.own && self.children.is_empty()
    }
}

impl Route {
    fn allows(&self, path: &str) -> bool {
        self.defaults.iter().chain(self.extra).any(|allowed| field_path(allowed) == path)
    }

    /// The entries asked for (as given: starred or not), after the rules of replace or
    /// add and of the allowed list.
    fn asked<'a>(&self, fields: Option<&'a str>) -> Vec<&'a str> {
        let Some(fields) = fields else { return self.defaults.to_vec() };
        let entries: Vec<&str> = fields.split(',').filter(|e| !e.trim().is_empty()).collect();
        let replaces = entries.iter().any(|e| !e.starts_with(['+', '-', ' ']) && !starred(e));
        let mut asked: Vec<&str> = if replaces {
            entries.iter().map(|e| e.trim_start_matches(['+', '-', ' '])).collect()
        } else {
            let mut asked = self.defaults.to_vec();
            for entry in &entries {
                if let Some(gone) = entry.strip_prefix('-') {
                    let gone = field_path(gone);
                    asked.retain(|d| {
                        let d = field_path(d);
                        d != gone && !d.starts_with(&format!("{gone}."))
                    });
                } else {
                    asked.push(entry.trim_start_matches(['+', ' ']));
                }
            }
            asked
        };
        asked.retain(|e| self.allows(field_path(e)));
        asked.push("id");
        asked
    }

    fn linked(&self, path: &str) -> Option<Option<&'static str>> {
        self.linked.iter().find(|(p, _)| *p == path).map(|(_, key)| *key)
    }
}

/// `answer` as Medusa sends it for `fields` on `route` (`None`: the route's defaults).
#[must_use]
pub(super) fn select(answer: &Value, fields: Option<&str>, route: &Route) -> Value {
    let asked = route.asked(fields);
    let mut tree = Node::default();
    for entry in &asked {
        tree.add(entry);
    }
    let totals = asked.iter().any(|e| route.root_totals.contains(&field_path(e)));
    let Value::Object(root) = answer else { return answer.clone() };
    Value::Object(Projection { route, totals }.object(root, &tree, ""))
}

struct Projection<'r> {
    route: &'r Route,
    /// Whether a root total was asked for (the lists' totals come only then).
    totals: bool,
}

/// A value that is a relation (an object, or a list) rather than a column: a JSON column
/// (`metadata`, `data`, `context`), a big number's `raw_*` twin and a same-module
/// reference the store answers as `{id}` (a session's `payment`) are columns.
fn is_relation(name: &str, value: &Value) -> bool {
    let json_column = matches!(name, "metadata" | "data" | "context" | "payment") || name.starts_with("raw_");
    !json_column && (value.is_object() || value.is_array())
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() { name.to_owned() } else { format!("{path}.{name}") }
}

impl Projection<'_> {
    fn computed(&self, list: &str, name: &str) -> bool {
        self.route.list_totals.iter().any(|(l, names)| *l == list && names.contains(&name))
    }

    /// `object` (at `path`) cut to `node`.
    fn object(&self, object: &Map<String, Value>, node: &Node, path: &str) -> Map<String, Value> {
        let mut out = Map::new();
        let keeps_id = path.is_empty() || self.route.with_id.contains(&path) || self.route.linked(path).is_some();
        if keeps_id && let Some(id) = object.get("id") {
            out.insert("id".to_owned(), id.clone());
        }
        if node.own {
            for (name, value) in object {
                if !is_relation(name, value) && !self.computed(path, name) {
                    out.insert(name.clone(), value.clone());
                }
            }
        }
        for (name, child) in &node.children {
            let Some(value) = object.get(name) else { continue };
            let at = join(path, name);
            // A relation the record does not have (no address yet) answers null.
            if value.is_null() && !child.alone() {
                out.insert(name.clone(), Value::Null);
                continue;
            }
            if !is_relation(name, value) {
                let dropped = self.computed(path, name) && !self.totals;
                if child.named && !dropped {
                    out.insert(name.clone(), value.clone());
                }
                continue;
            }
            if child.alone() {
                if self.route.own_to_one.contains(&at.as_str())
                    && let Some(id) = value.get("id")
                {
                    out.insert(name.clone(), serde_json::json!({ "id": id }));
                }
                continue;
            }
            let projected = match value {
                Value::Array(items) => Value::Array(
                    items
                        .iter()
                        .map(|item| match item {
                            Value::Object(o) => {
                                let cut = self.object(o, child, &at);
                                if cut.is_empty() { Value::Null } else { Value::Object(cut) }
                            }
                            other => other.clone(),
                        })
                        .collect(),
                ),
                Value::Object(o) => Value::Object(self.object(o, child, &at)),
                other => other.clone(),
            };
            out.insert(name.clone(), projected);
            if let Some(Some(key)) = self.route.linked(&at)
                && let Some(fk) = object.get(key)
            {
                out.insert(key.to_owned(), fk.clone());
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn cart() -> Value {
        json!({
            "id": "cart_1", "currency_code": "eur", "total": 90, "item_subtotal": 90, "region_id": "reg_1",
            "email": null, "metadata": { "a": 1 },
            "region": { "id": "reg_1", "name": "Europe", "currency_code": "eur", "automatic_taxes": true,
                        "countries": [{ "iso_2": "de", "display_name": "Germany" }] },
            "shipping_address": { "id": "caaddr_1", "city": "Berlin", "metadata": null },
            "shipping_methods": [{ "id": "casm_1", "name": "Standard", "amount": 5, "total": 5 }],
            "items": [
                { "id": "cali_1", "quantity": 2, "subtotal": 90, "variant_id": "v1", "tax_lines": [],
                  "variant": { "id": "v1", "title": "S" } },
                { "id": "cali_2", "quantity": 1, "subtotal": 45, "variant_id": "v2", "tax_lines": [],
                  "variant": { "id": "v2", "title": "M" } }
            ]
        })
    }

    #[test]
    fn fields_select_as_the_real_server_reads_them() {
        let cart = cart();
        for (fields, expected) in [
            ("currency_code,item_subtotal", json!({ "id": "cart_1", "currency_code": "eur", "item_subtotal": 90 })),
            // A relation named alone answers nothing of it; a same-module to-one its id.
            ("region,items", json!({ "id": "cart_1" })),
            ("shipping_address", json!({ "id": "cart_1", "shipping_address": { "id": "caaddr_1" } })),
            // Nested objects carry what was asked, a linked one its id and its foreign key.
            ("items.quantity", json!({ "id": "cart_1", "items": [{ "quantity": 2 }, { "quantity": 1 }] })),
            (
                "region.name",
                json!({ "id": "cart_1", "region_id": "reg_1", "region": { "id": "reg_1", "name": "Europe" } }),
            ),
            (
                "shipping_methods.name",
                json!({ "id": "cart_1", "shipping_methods": [{ "id": "casm_1", "name": "Standard" }] }),
            ),
            ("shipping_address.city", json!({ "id": "cart_1", "shipping_address": { "city": "Berlin" } })),
            // `*`: a relation's own columns, JSON columns among them (beside a replacing
            // entry: starred entries alone keep the defaults).
            (
                "id,*shipping_address",
                json!({ "id": "cart_1", "shipping_address": { "id": "caaddr_1", "city": "Berlin", "metadata": null } }),
            ),
            // A line's totals only beside a cart total; a line left with nothing is null.
            ("items.subtotal", json!({ "id": "cart_1", "items": [null, null] })),
            (
                "total,items.subtotal",
                json!({ "id": "cart_1", "total": 90, "items": [{ "subtotal": 90 }, { "subtotal": 45 }] }),
            ),
            // Outside the allowed list: dropped, with no error.
            (
                "items.variant.title,region.countries.iso_2,currency_code",
                json!({ "id": "cart_1", "currency_code": "eur" }),
            ),
            // `-x` in a replacing list asks for `x`.
            ("currency_code,-total", json!({ "id": "cart_1", "currency_code": "eur", "total": 90 })),
        ] {
            assert_eq!(select(&cart, Some(fields), &CART), expected, "{fields}");
        }
    }

    #[test]
    fn signed_and_starred_lists_keep_the_defaults() {
        let cart = cart();
        let defaults = select(&cart, None, &CART);
        assert_eq!(
            defaults["region"],
            json!({ "id": "reg_1", "name": "Europe", "currency_code": "eur", "automatic_taxes": true,
                    "countries": [{ "iso_2": "de", "display_name": "Germany" }] })
        );
        assert_eq!(defaults["items"][0], json!({ "id": "cali_1", "quantity": 2, "variant_id": "v1", "tax_lines": [] }));
        assert_eq!(select(&cart, Some(""), &CART), defaults);
        assert_eq!(select(&cart, Some("*region.countries"), &CART), defaults);
        let mut more = defaults.clone();
        for item in more["items"].as_array_mut().into_iter().flatten() {
            item["subtotal"] = item["quantity"].as_u64().map(|q| q * 45).into();
        }
        assert_eq!(select(&cart, Some("+items.subtotal"), &CART), more);
        let fewer = select(&cart, Some("-items,-region"), &CART);
        assert!(fewer.get("items").is_none() && fewer.get("region").is_none() && fewer["region_id"] == "reg_1");
    }
}
