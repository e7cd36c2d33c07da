//! One sitemap file's paths: its head paths as the plan keeps them, then the products
//! at the planned positions of the category pages it covers, each page fetched once,
//! a few at a time. Its upstream calls are those pages: at most one per path it lists,
//! about one per 24 where categories hold a page or more of products not listed before.

use futures_util::{StreamExt, TryStreamExt, stream};
use tonic::Status;
use vitrine_domain::Driver;

use super::collect;
use super::plan::{FileSpan, Plan, PlannedPage, WALK_CONCURRENCY};
use crate::AppState;

/// The paths of the file `span` of `plan`, in order.
pub(super) async fn paths(
    state: &AppState,
    driver: Driver,
    plan: &Plan,
    span: FileSpan,
) -> Result<Vec<String>, Status> {
    let mut out: Vec<String> = plan.head[span.head].to_vec();
    let pages: Vec<Vec<String>> = stream::iter(span.pages)
        .map(|page| page_paths(state, driver, plan, page))
        .buffered(WALK_CONCURRENCY)
        .try_collect()
        .await?;
    out.extend(pages.into_iter().flatten());
    Ok(out)
}

/// The products of `page` at its planned positions. A page that changed since the plan
/// was made yields what now stands there (never more than planned).
async fn page_paths(state: &AppState, driver: Driver, plan: &Plan, page: PlannedPage) -> Result<Vec<String>, Status> {
    let Some(url) = plan.categories.get(page.category as usize) else { return Ok(Vec::new()) };
    let Some(read) = collect::category_page(state, driver, url, page.page).await? else { return Ok(Vec::new()) };
    Ok(at_positions(read.products, page.first))
}

/// The paths of `paths` whose positions are set in `mask`.
fn at_positions(paths: Vec<Option<String>>, mask: u32) -> Vec<String> {
    (0..u32::BITS).zip(paths).filter(|(i, _)| mask & (1 << i) != 0).filter_map(|(_, path)| path).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_gives_its_planned_positions_only() {
        let page = || vec![Some("/a".to_owned()), None, Some("/c".to_owned()), Some("/d".to_owned())];
        for (mask, expected) in [(0b1111, vec!["/a", "/c", "/d"]), (0b1010, vec!["/d"]), (0, vec![]), (1 << 20, vec![])]
        {
            assert_eq!(at_positions(page(), mask), expected, "{mask:b}");
        }
    }
}
