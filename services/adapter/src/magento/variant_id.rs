//! A Magento variant's id: what the cart hands back to
//! `addProductsToCart`, which adds a configurable product's child as the parent's SKU with
//! the chosen option values' uids (`selected_options`), not as the child's own SKU. The
//! child's SKU is kept too: it names the thing bought. Pure.
//!
//! `{parent}:{child}:{uid},{uid}…`, each part percent-encoded, so no SKU or uid can be
//! mistaken for a separator. A simple product is its own variant: its SKU alone.

/// The parts of a configurable product's variant id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantRef {
    pub parent_sku: String,
    pub child_sku: String,
    /// The option values' uids, in the parent's option order.
    pub selected: Vec<String>,
}

/// The id of the child `child_sku` of `parent_sku` that stands for `selected`.
#[must_use]
pub fn encode(parent_sku: &str, child_sku: &str, selected: &[&str]) -> String {
    let uids: Vec<String> = selected.iter().map(|uid| urlencoding::encode(uid).into_owned()).collect();
    format!("{}:{}:{}", urlencoding::encode(parent_sku), urlencoding::encode(child_sku), uids.join(","))
}

/// The parts of an id [`encode`] made; `None` for anything else (a simple product's SKU).
#[must_use]
pub fn decode(id: &str) -> Option<VariantRef> {
    let mut parts = id.split(':');
    let (parent, child, selected) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || parent.is_empty() || child.is_empty() {
        return None;
    }
    let text = |s: &str| urlencoding::decode(s).ok().map(std::borrow::Cow::into_owned);
    Some(VariantRef {
        parent_sku: text(parent)?,
        child_sku: text(child)?,
        selected: selected.split(',').filter(|s| !s.is_empty()).map(text).collect::<Option<_>>()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_carry_the_parent_the_child_and_the_chosen_values() {
        for (parent, child, selected, id) in [
            (
                "MH01",
                "MH01-S-Black",
                vec!["Y29uZmlndXJhYmxlLzE0NC8xNjc=", "Y29uZmlndXJhYmxlLzkzLzQ5"],
                "MH01:MH01-S-Black:Y29uZmlndXJhYmxlLzE0NC8xNjc%3D,Y29uZmlndXJhYmxlLzkzLzQ5",
            ),
            // Separators inside a SKU or a uid stay inside it.
            ("A:B", "A:B,1", vec!["x,y", "p%q"], "A%3AB:A%3AB%2C1:x%2Cy,p%25q"),
            ("P", "C", vec![], "P:C:"),
        ] {
            assert_eq!(encode(parent, child, &selected), id);
            let parts = decode(id).expect(id);
            assert_eq!(
                (
                    parts.parent_sku.as_str(),
                    parts.child_sku.as_str(),
                    parts.selected.iter().map(String::as_str).collect()
                ),
                (parent, child, selected),
                "{id}"
            );
        }
    }

    #[test]
    fn anything_else_is_no_configurable_variant() {
        for id in ["24-MB01", "", "::", "P::x", ":C:x", "P:C:x:y", "P:C:%E0%A4%A"] {
            assert_eq!(decode(id), None, "{id}");
        }
    }
}
