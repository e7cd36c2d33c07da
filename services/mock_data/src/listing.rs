//! Product listings: a category's products and search, paged and sorted.
//! Transport-free like [`crate::db`]: bounds the query, answers a [`Reply`] of
//! `{products, total_count, page, page_size}` plus `category` or `query`.

use std::cmp::Reverse;

use serde_json::{Value, json};
use vitrine_domain::money;

use crate::config::RuntimeConfig;
use crate::db::{Db, Reply, contains};
use crate::error::MockError;

/// 24 products per page unless asked otherwise.
const DEFAULT_PAGE_SIZE: usize = 24;
const MAX_PAGE_SIZE: usize = 100;
const MAX_QUERY_CHARS: usize = 200;

/// What a listing is ordered by. `Position` is the category's (or, for search, the
/// product list's) own order, which doubles as relevance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sort {
    Position,
    Name,
    Price,
}

/// One page of a listing, as asked: `page`, `pageSize`, `sort`, `direction`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Paging {
    page: usize,
    page_size: usize,
    sort: Sort,
    descending: bool,
}

pub(crate) fn bad(name: &str, expected: &'static str) -> MockError {
    MockError::BadParameter { name: name.to_owned(), expected }
}

impl Paging {
    /// Parses the paging parameters; any other parameter but `extra` is an error, so a
    /// misspelt one (`page_size`) is not silently ignored.
    fn parse(query: &[(String, String)], extra: &[&str]) -> Result<Self, MockError> {
        let mut paging = Self { page: 1, page_size: DEFAULT_PAGE_SIZE, sort: Sort::Position, descending: false };
        for (name, value) in query {
            match name.as_str() {
                "page" => {
                    paging.page =
                        value.parse().ok().filter(|&p| p >= 1).ok_or_else(|| bad(name, "a whole number from 1"))?;
                }
                "pageSize" => {
                    paging.page_size = value
                        .parse()
                        .ok()
                        .filter(|s| (1..=MAX_PAGE_SIZE).contains(s))
                        .ok_or_else(|| bad(name, "a whole number from 1 to 100"))?;
                }
                "sort" => {
                    paging.sort = match value.as_str() {
                        "position" => Sort::Position,
                        "name" => Sort::Name,
                        "price" => Sort::Price,
                        _ => return Err(bad(name, "one of position, name, price")),
                    };
                }
                "direction" => {
                    paging.descending = match value.as_str() {
                        "asc" => false,
                        "desc" => true,
                        _ => return Err(bad(name, "asc or desc")),
                    };
                }
                other if extra.contains(&other) => {}
                other => return Err(MockError::UnknownParameter(other.to_owned())),
            }
        }
        Ok(paging)
    }

    /// Sorts `products` (ties keep their position) and answers the asked page with the
    /// total; a page beyond the end is empty.
    /// Only the page is copied, and a listing in its own order is not sorted: a
    /// benchmark's large category has thousands of products and a crawler reads every
    /// page of it.
    fn answer(self, mut products: Vec<&Value>) -> Value {
        let total = products.len();
        // Stable sorts (`sort_by_cached_key` too): ties keep their position in either
        // direction, `Reverse` turning only the key around.
        match (self.sort, self.descending) {
            (Sort::Position, false) => {}
            (Sort::Position, true) => products.reverse(),
            (Sort::Name, false) => products.sort_by_cached_key(|p| text(p, "name").to_lowercase()),
            (Sort::Name, true) => products.sort_by_cached_key(|p| Reverse(text(p, "name").to_lowercase())),
            (Sort::Price, false) => products.sort_by_key(|p| price(p)),
            (Sort::Price, true) => products.sort_by_key(|p| Reverse(price(p))),
        }
        let skip = (self.page - 1).saturating_mul(self.page_size);
        let page: Vec<Value> = products.into_iter().skip(skip).take(self.page_size).cloned().collect();
        json!({ "products": page, "total_count": total, "page": self.page, "page_size": self.page_size })
    }
}

fn text<'a>(product: &'a Value, field: &str) -> &'a str {
    product.get(field).and_then(Value::as_str).unwrap_or_default()
}

/// What a shopper pays: `price` less `discount.amount`, the order a storefront's
/// "price" sort promises (Magento and Shopify order by their final price too).
fn price(product: &Value) -> i64 {
    let listed = product.get("price").and_then(Value::as_i64).unwrap_or_default();
    money::paid(listed, product.pointer("/discount/amount").and_then(Value::as_i64))
}

/// `GET categories/{id or url}/products`: the category (as stored, without its
/// `product_ids`) and a page of its products that still exist, in category order.
pub(crate) fn category_products(db: &Db, id_or_url: &str, query: &[(String, String)]) -> Result<Reply, MockError> {
    let paging = Paging::parse(query, &[])?;
    let stored = db.by_id_or_url("categories", id_or_url)?;
    let ids = stored.get("product_ids").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    // Ids are matched as text, as the generic collections match them.
    let found = db.by_ids("products", ids.iter().filter_map(Value::as_str))?;
    let mut body = paging.answer(found);
    // Copied field by field: a large category's ids are not copied only to be dropped.
    body["category"] = match stored {
        Value::Object(fields) => {
            fields.iter().filter(|(name, _)| *name != "product_ids").map(|(k, v)| (k.clone(), v.clone())).collect()
        }
        other => other.clone(),
    };
    Ok(Reply::json(200, body))
}

/// `GET products/search?q=`: products whose name or description text contains `q`
/// (case-insensitive unless configured), in product-list order by default.
pub(crate) fn search(db: &Db, query: &[(String, String)], config: &RuntimeConfig) -> Result<Reply, MockError> {
    let paging = Paging::parse(query, &["q"])?;
    let q = query.iter().find(|(name, _)| name == "q").map(|(_, v)| v.trim()).unwrap_or_default();
    if q.is_empty() || q.chars().count() > MAX_QUERY_CHARS {
        return Err(bad("q", "1 to 200 characters"));
    }
    let found: Vec<&Value> = db
        .items("products")?
        .iter()
        .filter(|p| {
            let case_sensitive = config.case_sensitive_search;
            contains(text(p, "name"), q, case_sensitive)
                || contains(&without_tags(text(p, "description")), q, case_sensitive)
        })
        .collect();
    let mut body = paging.answer(found);
    body["query"] = json!(q);
    Ok(Reply::json(200, body))
}

/// The text of an HTML fragment, so a search for "li" does not match every `<li>`.
fn without_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn paging_defaults_and_bounds() {
        let default = Paging { page: 1, page_size: 24, sort: Sort::Position, descending: false };
        assert_eq!(Paging::parse(&[], &[]), Ok(default));
        let asked = q(&[("page", "3"), ("pageSize", "100"), ("sort", "price"), ("direction", "desc")]);
        assert_eq!(
            Paging::parse(&asked, &[]),
            Ok(Paging { page: 3, page_size: 100, sort: Sort::Price, descending: true })
        );
        for (pairs, expected) in [
            (q(&[("page", "0")]), bad("page", "a whole number from 1")),
            (q(&[("page", "x")]), bad("page", "a whole number from 1")),
            (q(&[("pageSize", "101")]), bad("pageSize", "a whole number from 1 to 100")),
            (q(&[("pageSize", "0")]), bad("pageSize", "a whole number from 1 to 100")),
            (q(&[("sort", "rating")]), bad("sort", "one of position, name, price")),
            (q(&[("direction", "up")]), bad("direction", "asc or desc")),
            (q(&[("q", "x")]), MockError::UnknownParameter("q".to_owned())),
        ] {
            assert_eq!(Paging::parse(&pairs, &[]), Err(expected), "{pairs:?}");
        }
    }

    #[test]
    fn a_page_in_each_order_keeps_ties_in_position() {
        let products = [
            json!({"id": "a", "name": "Pear", "price": 300}),
            json!({"id": "b", "name": "apple", "price": 100}),
            json!({"id": "c", "name": "Apple", "price": 300}),
            json!({"id": "d", "name": "fig", "price": 200}),
        ];
        for (sort, descending, page, page_size, expected) in [
            (Sort::Position, false, 1, 24, "abcd"),
            (Sort::Position, true, 1, 24, "dcba"),
            (Sort::Name, false, 1, 24, "bcda"),
            (Sort::Name, true, 1, 24, "adbc"),
            (Sort::Price, false, 1, 24, "bdac"),
            (Sort::Price, true, 1, 24, "acdb"),
            (Sort::Position, false, 2, 3, "d"),
            (Sort::Price, true, 2, 2, "db"),
            (Sort::Name, false, 3, 2, ""),
        ] {
            let answer = Paging { page, page_size, sort, descending }.answer(products.iter().collect());
            let ids: String = answer["products"].as_array().into_iter().flatten().map(|p| text(p, "id")).collect();
            assert_eq!(ids, expected, "{sort:?} descending {descending}, page {page} of {page_size}");
            assert_eq!(answer["total_count"], 4);
        }
    }

    #[test]
    fn the_price_order_is_what_a_shopper_pays() {
        for (product, expected) in [
            (json!({"price": 10_000, "discount": {"amount": 2500, "percent": 25.0}}), 7500),
            (json!({"price": 10_000, "discount": null}), 10_000),
            (json!({"price": 4000}), 4000),
            (json!({"price": 4000, "discount": {"amount": 4000}}), 4000),
            (json!({}), 0),
        ] {
            assert_eq!(price(&product), expected, "{product}");
        }
    }

    #[test]
    fn tags_are_not_text() {
        assert_eq!(
            without_tags("<p>The <b>Soap</b></p><ul><li>a</li></ul>").split_whitespace().collect::<Vec<_>>(),
            ["The", "Soap", "a"]
        );
    }
}
