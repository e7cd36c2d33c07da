//! Medusa's `fields` query parameter applied to an answer the demo shop built whole, so a
//! field the driver did not ask for is missing here as it is from Medusa (pure).
//!
//! Medusa reads `fields` as a comma-separated list: `+name` adds to the route's default
//! fields, `-name` removes from them, and any name without a sign replaces the defaults
//! with the names given. `a.b` is field `b` of relation `a` (of each item where `a` is a
//! list), `*a` is every field of `a` itself (not its relations), and a relation named
//! alone comes whole. Every object keeps its `id`, as Medusa's query does. The shop's
//! whole answer stands for the defaults (it holds them, and more).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

/// The fields asked for below one object.
#[derive(Debug, Default)]
struct Node {
    /// Asked for by name alone: the value as it is.
    whole: bool,
    /// `*name`: the object's own fields (not objects, not lists of objects).
    own: bool,
    children: BTreeMap<String, Node>,
}

impl Node {
    fn add(&mut self, path: &str) {
        let (star, path) = path.strip_prefix('*').map_or((false, path), |p| (true, p));
        let mut node = self;
        for segment in path.split('.').filter(|s| !s.is_empty()) {
            node = node.children.entry(segment.to_owned()).or_default();
        }
        if star { node.own = true } else { node.whole = true }
    }

    fn remove(&mut self, path: &str) {
        let segments: Vec<&str> = path.split('.').collect();
        let Some((last, parents)) = segments.split_last() else { return };
        let mut node = self;
        for segment in parents {
            let Some(next) = node.children.get_mut(*segment) else { return };
            node = next;
        }
        node.children.remove(*last);
    }
}

/// The cart routes' allowed paths in Medusa 2.21 (their default fields and extra fields,
/// stars stripped), as far as the demo shop's carts hold them. A path asked for must be
/// one of these exactly, or Medusa drops it without a word: a relation grants nothing
/// below it, so `region.countries.iso_2` is dropped where `*region.countries` is not.
pub(super) const CART_ALLOWED: &[&str] = &[
    "id",
    "currency_code",
    "email",
    "region_id",
    "created_at",
    "updated_at",
    "completed_at",
    "metadata",
    "sales_channel_id",
    "total",
    "subtotal",
    "tax_total",
    "discount_total",
    "original_total",
    "item_total",
    "item_subtotal",
    "item_tax_total",
    "shipping_total",
    "shipping_subtotal",
    "shipping_tax_total",
    "original_subtotal",
    "items",
    "items.id",
    "items.thumbnail",
    "items.product",
    "items.product.id",
    "items.variant",
    "items.variant_id",
    "items.product_id",
    "items.product_title",
    "items.product_description",
    "items.product_subtitle",
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
    "items.cart_id",
    "items.total",
    "items.subtotal",
    "items.tax_total",
    "items.discount_total",
    "items.original_total",
    "items.original_subtotal",
    "items.item_total",
    "items.item_subtotal",
    "items.item_tax_total",
    "items.tax_lines",
    "shipping_methods",
    "shipping_methods.id",
    "shipping_methods.name",
    "shipping_methods.amount",
    "shipping_methods.shipping_option_id",
    "shipping_methods.is_tax_inclusive",
    "shipping_methods.total",
    "shipping_methods.subtotal",
    "shipping_methods.tax_total",
    "shipping_methods.data",
    "shipping_address",
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
    "shipping_address.province",
    "shipping_address.phone",
    "billing_address",
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
    "billing_address.province",
    "billing_address.phone",
    "region",
    "region.id",
    "region.name",
    "region.currency_code",
    "region.automatic_taxes",
    "region.countries",
    "payment_collection",
    "payment_collection.payment_sessions",
    "customer",
    "promotions",
];

/// A path as the allowed list names it: without its sign and its star (`*a`, `a.*`).
fn bare(name: &str) -> &str {
    let name = name.trim_start_matches(['+', '-', ' ']);
    let name = name.strip_prefix('*').unwrap_or(name);
    name.strip_suffix(".*").unwrap_or(name)
}

/// `answer` as Medusa would send it for `fields` on a route that allows `allowed`
/// (`None`: the defaults, the answer whole).
#[must_use]
pub(super) fn select(answer: &Value, fields: Option<&str>, allowed: &[&str]) -> Value {
    let Some(fields) = fields else { return answer.clone() };
    let names: Vec<&str> =
        fields.split(',').map(str::trim).filter(|f| !f.is_empty() && allowed.contains(&bare(f))).collect();
    let replaces = names.iter().any(|n| !n.starts_with(['+', '-']));
    let mut minus = Node::default();
    for name in names.iter().filter_map(|n| n.strip_prefix('-')) {
        minus.add(name);
    }
    if !replaces {
        return without(answer, &minus);
    }
    let mut asked = Node::default();
    for name in names.iter().filter(|n| !n.starts_with('-')) {
        asked.add(name.trim_start_matches('+'));
    }
    for name in names.iter().filter_map(|n| n.strip_prefix('-')) {
        asked.remove(name);
    }
    project(answer, &asked)
}

/// A value that is a relation (an object, or a list of objects) rather than a field.
fn is_relation(value: &Value) -> bool {
    match value {
        Value::Object(_) => true,
        Value::Array(items) => items.iter().any(Value::is_object),
        _ => false,
    }
}

fn project(value: &Value, node: &Node) -> Value {
    if node.whole {
        return value.clone();
    }
    match value {
        Value::Array(items) => Value::Array(items.iter().map(|item| project(item, node)).collect()),
        Value::Object(object) => {
            let mut out = Map::new();
            if let Some(id) = object.get("id") {
                out.insert("id".to_owned(), id.clone());
            }
            if node.own {
                out.extend(object.iter().filter(|(_, v)| !is_relation(v)).map(|(k, v)| (k.clone(), v.clone())));
            }
            for (name, child) in &node.children {
                if let Some(inner) = object.get(name) {
                    out.insert(name.clone(), project(inner, child));
                }
            }
            Value::Object(out)
        }
        other => other.clone(),
    }
}

/// `value` without what `minus` names.
fn without(value: &Value, minus: &Node) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(|item| without(item, minus)).collect()),
        Value::Object(object) => Value::Object(
            object
                .iter()
                .filter_map(|(name, inner)| match minus.children.get(name) {
                    Some(child) if child.whole || child.own => None,
                    Some(child) => Some((name.clone(), without(inner, child))),
                    None => Some((name.clone(), inner.clone())),
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn fields_select_as_medusa_reads_them() {
        let cart = json!({
            "id": "cart_1", "currency_code": "eur", "total": 90, "item_subtotal": 90,
            "region": { "id": "reg_1", "name": "Europe" },
            "items": [
                { "id": "cali_1", "quantity": 2, "tax_lines": [{ "id": "t" }], "variant": { "id": "v1", "title": "S",
                  "options": [{ "id": "o1", "value": "S", "option": { "id": "opt", "title": "Size" } }] } },
                { "id": "cali_2", "quantity": 1, "tax_lines": [], "variant": null }
            ]
        });
        for (fields, expected) in [
            (None, cart.clone()),
            (Some("+items.variant.title"), cart.clone()),
            (Some(""), cart.clone()),
            (
                Some("currency_code,item_subtotal"),
                json!({ "id": "cart_1", "currency_code": "eur", "item_subtotal": 90 }),
            ),
            (Some("region"), json!({ "id": "cart_1", "region": { "id": "reg_1", "name": "Europe" } })),
            (
                Some("items.quantity"),
                json!({ "id": "cart_1", "items": [{ "id": "cali_1", "quantity": 2 }, { "id": "cali_2", "quantity": 1 }] }),
            ),
            (
                Some("*items"),
                json!({ "id": "cart_1", "items": [
                    { "id": "cali_1", "quantity": 2 }, { "id": "cali_2", "quantity": 1, "tax_lines": [], "variant": null }
                ] }),
            ),
            // Paths outside the route's allowed list are dropped, with no error: a relation
            // grants nothing below it.
            (Some("items.variant.options.value,items.variant.options.option.title"), json!({ "id": "cart_1" })),
            (Some("region.countries.iso_2,currency_code"), json!({ "id": "cart_1", "currency_code": "eur" })),
            // Signs: `+` joins a replacing list, `-` takes away from either.
            (Some("total,+currency_code"), json!({ "id": "cart_1", "total": 90, "currency_code": "eur" })),
            (Some("total,currency_code,-total"), json!({ "id": "cart_1", "currency_code": "eur" })),
            (Some("-items,-region,-total"), json!({ "id": "cart_1", "currency_code": "eur", "item_subtotal": 90 })),
        ] {
            assert_eq!(select(&cart, fields, CART_ALLOWED), expected, "{fields:?}");
        }
    }
}
