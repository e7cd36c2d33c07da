//! Product listings (category pages and search): the page size, the bounds on
//! what a visitor may ask for, and paging of a list a backend answers whole.

use vitrine_proto::v1::ProductSort;

use crate::DriverError;

/// Products per page, on every backend.
pub const PAGE_SIZE: u32 = 24;
/// The last page a visitor may ask for (page 1–1000).
pub const MAX_PAGE: u32 = 1000;
/// The most digits a page number is written with (those of [`MAX_PAGE`]): a longer number
/// (`00002`, `99999999999`) is no page, i.e. page 1 ([`page_number`]).
pub const MAX_PAGE_DIGITS: usize = MAX_PAGE.ilog10() as usize + 1;
/// The longest search query, in characters.
pub const MAX_QUERY_CHARS: usize = 200;

/// A page number as an address or the API gives it (`?page=`): one to [`MAX_PAGE_DIGITS`]
/// digits naming a page from 1 to [`MAX_PAGE`]. Anything else (absent, empty, not digits,
/// 0, past the last page, too many digits) is page 1: the same for a written page, the
/// API and a head, and as the SPA's `listingParams` reads its own address.
#[must_use]
pub fn page_number(raw: &str) -> u32 {
    Some(raw)
        .filter(|p| (1..=MAX_PAGE_DIGITS).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|p| p.parse().ok())
        .filter(|p| (1..=MAX_PAGE).contains(p))
        .unwrap_or(1)
}

/// Search words as an address or the API gives them (`?q=`): trimmed and cut to
/// [`MAX_QUERY_CHARS`] characters; `None` when nothing is left. The same for a written
/// page, the API and a head, and as the SPA's `searchWords` reads its own address.
#[must_use]
pub fn search_words(raw: &str) -> Option<String> {
    let words: String = raw.trim().chars().take(MAX_QUERY_CHARS).collect();
    (!words.is_empty()).then_some(words)
}

/// Every order a listing can be sorted in; most backends offer them all.
pub const EVERY_SORT: [ProductSort; 4] =
    [ProductSort::Position, ProductSort::Name, ProductSort::PriceAsc, ProductSort::PriceDesc];

/// `sorts` as `ProductPage.sorts` carries them.
#[must_use]
pub fn offered(sorts: &[ProductSort]) -> Vec<i32> {
    sorts.iter().map(|s| i32::from(*s)).collect()
}

/// A requested page: 0 is "not given" (the proto default) and means 1.
///
/// # Errors
/// `BadInput` past [`MAX_PAGE`].
pub fn page(requested: u32) -> Result<u32, DriverError> {
    match requested {
        0 => Ok(1),
        p if p <= MAX_PAGE => Ok(p),
        _ => Err(DriverError::BadInput(format!("page may be at most {MAX_PAGE}"))),
    }
}

/// A search query, trimmed: non-empty and at most [`MAX_QUERY_CHARS`] characters.
///
/// # Errors
/// `BadInput` when empty or too long.
pub fn query(raw: &str) -> Result<String, DriverError> {
    let q = raw.trim();
    if q.is_empty() {
        return Err(DriverError::BadInput("a search query is required".into()));
    }
    if q.chars().count() > MAX_QUERY_CHARS {
        return Err(DriverError::BadInput(format!("a search query may be at most {MAX_QUERY_CHARS} characters")));
    }
    Ok(q.to_owned())
}

/// The sort of a request: an unknown number (a newer peer) is the backend's own order.
#[must_use]
pub fn sort(raw: i32) -> ProductSort {
    ProductSort::try_from(raw).unwrap_or(ProductSort::Position)
}

/// Index of the first item of `page` (1-based) in the whole list.
#[must_use]
pub const fn offset(page: u32) -> usize {
    (page.saturating_sub(1) as usize) * PAGE_SIZE as usize
}

/// `page` of `items` (already in the requested order) and the total count, for
/// backends that answer a whole list. A page past the end is empty.
#[must_use]
pub fn slice<T>(items: Vec<T>, page: u32) -> (Vec<T>, u32) {
    let total = u32::try_from(items.len()).unwrap_or(u32::MAX);
    let page_items = items.into_iter().skip(offset(page)).take(PAGE_SIZE as usize).collect();
    (page_items, total)
}

/// The most products one list asks for (`ListProducts`' limit): a client's, and the
/// sitemap's.
pub const MAX_LIMIT: u32 = 100;

/// The first `limit` of `items` (`ListProducts`'s limit: 0 means every one), for
/// backends that answer a whole list.
#[must_use]
pub fn at_most<T>(mut items: Vec<T>, limit: usize) -> Vec<T> {
    if limit > 0 {
        items.truncate(limit);
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_of_zero_is_every_item() {
        for (limit, expected) in [(0, vec![1, 2, 3]), (1, vec![1]), (3, vec![1, 2, 3]), (9, vec![1, 2, 3])] {
            assert_eq!(at_most(vec![1, 2, 3], limit), expected, "limit {limit}");
        }
    }

    #[test]
    fn the_last_page_has_the_most_digits() {
        assert_eq!((MAX_PAGE_DIGITS, MAX_PAGE.to_string().len()), (4, 4));
    }

    #[test]
    fn pages_are_bounded_and_default_to_one() {
        for (requested, expected) in [(0, Some(1)), (1, Some(1)), (2, Some(2)), (1000, Some(1000)), (1001, None)] {
            assert_eq!(page(requested).ok(), expected, "page {requested}");
        }
    }

    #[test]
    fn queries_are_trimmed_and_bounded() {
        let long = "x".repeat(201);
        let longest = "é".repeat(200);
        for (raw, expected) in [
            ("  Shirt ", Some("Shirt")),
            ("", None),
            ("   ", None),
            (long.as_str(), None),
            (longest.as_str(), Some(longest.as_str())),
        ] {
            assert_eq!(query(raw).ok().as_deref(), expected, "query {raw:?}");
        }
    }

    #[test]
    fn a_page_number_it_cannot_read_is_the_first_page() {
        for (raw, expected) in [
            ("", 1),
            ("1", 1),
            ("2", 2),
            ("02", 2),
            ("1000", 1000),
            ("0", 1),
            ("1001", 1),
            ("00002", 1),
            ("99999999999", 1),
            ("-1", 1),
            ("+2", 1),
            ("1.5", 1),
            ("two", 1),
            (" 2", 1),
            ("２", 1),
        ] {
            assert_eq!(page_number(raw), expected, "page {raw:?}");
        }
    }

    #[test]
    fn search_words_are_trimmed_and_cut() {
        let longest = "é".repeat(MAX_QUERY_CHARS);
        let too_long = format!("  {longest}xyz");
        for (raw, expected) in [
            ("", None),
            ("   ", None),
            (" blue shirt ", Some("blue shirt")),
            (longest.as_str(), Some(longest.as_str())),
            (too_long.as_str(), Some(longest.as_str())),
        ] {
            assert_eq!(search_words(raw).as_deref(), expected, "{raw:?}");
        }
    }

    #[test]
    fn unknown_sorts_are_the_backends_order() {
        for (raw, expected) in [
            (0, ProductSort::Position),
            (1, ProductSort::Name),
            (2, ProductSort::PriceAsc),
            (3, ProductSort::PriceDesc),
            (42, ProductSort::Position),
        ] {
            assert_eq!(sort(raw), expected, "sort {raw}");
        }
    }

    #[test]
    fn slices_pages_of_a_whole_list() {
        let items: Vec<u32> = (1..=50).collect();
        for (page, first, len) in [(1, Some(1), 24), (2, Some(25), 24), (3, Some(49), 2), (4, None, 0)] {
            let (got, total) = slice(items.clone(), page);
            assert_eq!((got.first().copied(), got.len(), total), (first, len, 50), "page {page}");
        }
    }
}
