//! A sitemap's plan: which path is where, without the paths of the products.
//!
//! The sitemap lists home, the menu's categories and the products the catalogue lists,
//! then the categories the walk finds below the menu (the plan's `head`, paths kept as
//! they are: a few hundred, or one per 8 products of a catalogue deeper than its menu),
//! then every product the category walk finds, each once, in walk order. The walk goes
//! level by level: the menu's categories, then the subcategories their first pages name
//! that the menu does not, and so on. The plan keeps of the walk only, for
//! each category page that holds a product not listed before, which of its positions
//! do (a bit each, [`PlannedPage`]): 12 bytes a page instead of the products. A file
//! `n` is then a range of positions, and [`Plan::file`] names the head paths and the
//! pages (with the positions in them) it covers, so writing it fetches only those pages.
//!
//! "Listed before" is decided once, while the plan is built, with a set of 64-bit
//! fingerprints of the paths seen so far (16 bytes a product, dropped with the walk):
//! two paths of one fingerprint would drop one of them, about one chance in 40 million
//! for a million products. A category's pages are held while it is walked (at most
//! `MAX_PAGE` pages of 24 paths), a few categories at once.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::ops::Range;

use futures_util::{StreamExt, stream};
use tonic::Status;
use vitrine_domain::{Driver, listing};

use super::collect;
use crate::AppState;

/// A page's positions fit one mask.
const _: () = assert!(listing::PAGE_SIZE <= u32::BITS);

/// Categories walked at once: enough to overlap round trips, few enough not to crowd
/// the backend (the adapter's own bound is 32 requests in flight).
pub(super) const WALK_CONCURRENCY: usize = 4;

/// One category page that lists products first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct PlannedPage {
    /// Its category, an index into [`Plan::categories`].
    pub(super) category: u32,
    pub(super) page: u32,
    /// Bit `i`: the page's `i`th product is listed here (seen on no page before).
    pub(super) first: u32,
}

/// What a file holds: head paths, then a run of planned pages, each with the positions
/// it contributes (a subset of its `first`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct FileSpan {
    pub(super) head: Range<usize>,
    pub(super) pages: Vec<PlannedPage>,
}

#[derive(Debug, Default)]
pub(crate) struct Plan {
    /// Home, the categories, the listed products: each once, listable only.
    pub(super) head: Vec<String>,
    /// The walked categories' urls, in walk order: the menu's, then those below it.
    pub(super) categories: Vec<String>,
    pub(super) pages: Vec<PlannedPage>,
    /// How many products the pages list (the sum of their `first` bits).
    pub(super) products: usize,
}

impl Plan {
    /// How many paths the sitemap lists.
    pub(super) fn len(&self) -> usize {
        self.head.len() + self.products
    }

    /// How many files of at most `per_file` paths.
    pub(super) fn files(&self, per_file: usize) -> usize {
        self.len().div_ceil(per_file)
    }

    /// File `n` (from 1) of at most `per_file` paths; `None` past the last.
    pub(super) fn file(&self, n: usize, per_file: usize) -> Option<FileSpan> {
        let start = n.checked_sub(1)?.checked_mul(per_file)?;
        if start >= self.len() {
            return None;
        }
        let end = (start + per_file).min(self.len());
        let head = start.min(self.head.len())..end.min(self.head.len());
        // Positions among the walked products.
        let (from, to) = (start.saturating_sub(self.head.len()), end.saturating_sub(self.head.len()));
        let mut pages = Vec::new();
        let mut at = 0;
        for page in &self.pages {
            let count = page.first.count_ones() as usize;
            if at >= to {
                break;
            }
            if at + count > from {
                let first = keep_bits(page.first, from.saturating_sub(at), to - at);
                pages.push(PlannedPage { first, ..*page });
            }
            at += count;
        }
        Some(FileSpan { head, pages })
    }
}

/// Of the set bits of `mask`, those ranked `skip` to `end` - 1 (from the lowest).
fn keep_bits(mask: u32, skip: usize, end: usize) -> u32 {
    let mut kept = 0;
    let mut rank = 0;
    for bit in 0..u32::BITS {
        if mask & (1 << bit) != 0 {
            if (skip..end).contains(&rank) {
                kept |= 1 << bit;
            }
            rank += 1;
        }
    }
    kept
}

fn fingerprint(path: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    path.hash(&mut hasher);
    hasher.finish()
}

/// The positions of `paths` seen for the first time (a bit each), marking them seen.
/// A position without a listable path is never first.
fn first_seen(seen: &mut HashSet<u64>, paths: &[Option<String>]) -> u32 {
    paths.iter().take(u32::BITS as usize).enumerate().fold(0, |mask, (i, path)| match path {
        Some(path) if seen.insert(fingerprint(path)) => mask | (1 << i),
        _ => mask,
    })
}

/// The plan of `driver`'s sitemap: the menu and the list (two calls), then every page
/// of every category, a few categories at a time, level by level, each page kept only
/// as its mask.
pub(super) async fn build(state: &AppState, driver: Driver) -> Result<Plan, Status> {
    let (categories, listed) = collect::menu_and_listed(state, driver).await?;
    let head = collect::unique(
        std::iter::once("/".to_owned())
            .chain(categories.iter().cloned())
            .chain(listed.iter().map(collect::product_path)),
    );
    let mut seen: HashSet<u64> = head.iter().map(|p| fingerprint(p)).collect();
    let mut plan = Plan { head, ..Plan::default() };
    let mut level = categories;
    while !level.is_empty() {
        let mut below = Vec::new();
        let mut walk = stream::iter(level.clone())
            .map(|url| async move { walk_category(state, driver, &url).await })
            .buffered(WALK_CONCURRENCY);
        let mut category = u32::try_from(plan.categories.len()).unwrap_or(u32::MAX);
        while let Some(walked) = walk.next().await {
            let (pages, children) = walked?;
            for (page, paths) in (1..).zip(pages) {
                let first = first_seen(&mut seen, &paths);
                if first != 0 {
                    plan.pages.push(PlannedPage { category, page, first });
                    plan.products += first.count_ones() as usize;
                }
            }
            // A subcategory is new when no path before it was its own (the menu's are in
            // the head): the one set says what was listed, category or product.
            below.extend(children.into_iter().filter(|url| seen.insert(fingerprint(url))));
            category += 1;
        }
        plan.categories.extend(level);
        plan.head.extend(below.iter().cloned());
        level = below;
    }
    Ok(plan)
}

/// Every page of the category at `url` as its products' paths, and the subcategories its
/// first page names (none of either when it is not a category page); one category's
/// pages at a time are held, never the catalogue's.
async fn walk_category(
    state: &AppState,
    driver: Driver,
    url: &str,
) -> Result<(Vec<Vec<Option<String>>>, Vec<String>), Status> {
    let Some(first) = collect::category_page(state, driver, url, 1).await? else { return Ok((Vec::new(), Vec::new())) };
    let mut out = vec![first.products];
    for page in 2..=first.pages {
        out.push(collect::category_page(state, driver, url, page).await?.map(|read| read.products).unwrap_or_default());
    }
    Ok((out, first.children))
}

#[cfg(test)]
mod tests;
