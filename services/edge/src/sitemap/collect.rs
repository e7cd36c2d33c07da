//! The paths a sitemap lists, gathered from the services for one driver: home, every
//! category of the navigation tree, then every product, each path once.
//!
//! Products: the catalogue's `ListProducts` at the edge's largest limit
//! ([`listing::MAX_LIMIT`]) and a walk of every category's pages. The list alone is
//! every product on mock-data and the fake store (they answer their whole catalogue) but
//! only its first page on Magento and Shopify; the walk reaches every product a category
//! holds on any backend, at one request per page of 24 (cached upstream like any page
//! view), a few categories at a time.

use std::collections::HashSet;

use futures_util::{StreamExt, TryStreamExt, stream};
use tonic::{Code, Status};
use vitrine_domain::{Driver, listing, paths};
use vitrine_proto::v1::{CategoryRequest, DriverRequest, NavigationNode, Product, ProductSort, ProductsRequest};

use crate::AppState;

/// Categories walked at once: enough to overlap round trips, few enough not to crowd
/// the backend (the adapter's own bound is 32 requests in flight).
const WALK_CONCURRENCY: usize = 4;

/// The site's paths for `driver`, in order: home, categories (menu order), products.
pub(super) async fn paths(state: &AppState, driver: Driver) -> Result<Vec<String>, Status> {
    let (categories, listed) = menu_and_listed(state, driver).await?;
    let driver = i32::from(driver);
    let walked: Vec<Vec<Product>> = stream::iter(categories.iter().cloned())
        .map(|url| category_products(state, driver, url))
        .buffered(WALK_CONCURRENCY)
        .try_collect()
        .await?;
    let products = listed.iter().chain(walked.iter().flatten()).map(product_path);
    Ok(unique(std::iter::once("/".to_owned()).chain(categories).chain(products)))
}

/// The paths two calls name, for warming (`crate::page::warm`): home, the listed
/// products (mock-data and the fake store list them all), then the menu's categories.
pub(crate) async fn quick_paths(state: &AppState, driver: Driver) -> Result<Vec<String>, Status> {
    let (categories, listed) = menu_and_listed(state, driver).await?;
    Ok(unique(std::iter::once("/".to_owned()).chain(listed.iter().map(product_path)).chain(categories)))
}

/// The menu's category urls and the catalogue's listed products, asked for together.
async fn menu_and_listed(state: &AppState, driver: Driver) -> Result<(Vec<String>, Vec<Product>), Status> {
    let driver = i32::from(driver);
    let (mut navigation, mut catalogue) = (state.navigation.clone(), state.catalogue.clone());
    let (tree, listed) = tokio::join!(
        navigation.get_tree(DriverRequest { driver, fresh_after_ms: 0 }),
        catalogue.list_products(ProductsRequest { driver, limit: listing::MAX_LIMIT, fresh_after_ms: 0 }),
    );
    // The SPA's own pages (`/cart`, `/search`) are never a backend's, even where a menu
    // links there: not walked, not listed.
    let mut categories = category_urls(&tree?.into_inner());
    categories.retain(|url| !crate::spa_routes::reserved(url));
    Ok((categories, listed?.into_inner().products))
}

/// Every node's url but the root's (the tree's root is the menu itself), depth first.
fn category_urls(root: &NavigationNode) -> Vec<String> {
    fn walk(node: &NavigationNode, out: &mut Vec<String>) {
        for child in &node.children {
            out.push(child.url.clone());
            walk(child, out);
        }
    }
    let mut out = Vec::new();
    walk(root, &mut out);
    out
}

/// Every page of the category at `url`; none when it is not a category page (a menu
/// item may link to a content page).
async fn category_products(state: &AppState, driver: i32, url: String) -> Result<Vec<Product>, Status> {
    let mut catalogue = state.catalogue.clone();
    let request = |page| CategoryRequest {
        driver,
        url: url.clone(),
        page,
        sort: ProductSort::Position.into(),
        fresh_after_ms: 0,
    };
    let first = match catalogue.get_category_page(request(1)).await {
        Ok(page) => page.into_inner().listing.unwrap_or_default(),
        Err(status) if status.code() == Code::NotFound => return Ok(Vec::new()),
        Err(status) => return Err(status),
    };
    let pages = first.total_count.div_ceil(listing::PAGE_SIZE).min(listing::MAX_PAGE);
    let mut products = first.products;
    for page in 2..=pages {
        let next = catalogue.get_category_page(request(page)).await?.into_inner();
        products.extend(next.listing.unwrap_or_default().products);
    }
    Ok(products)
}

/// Where a product's page is: its canonical path when it has one (the adapter keeps
/// only local ones), else its url.
fn product_path(product: &Product) -> String {
    product.canonical_url.clone().unwrap_or_else(|| product.url.clone())
}

/// `paths` in order, each once, local paths only (an absolute or empty one would not
/// sit on this site's origin; the adapters already drop them, this keeps it so), and
/// none of the SPA's own pages.
fn unique(paths: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen = HashSet::new();
    paths.filter(|p| paths::is_local_path(p) && !crate::spa_routes::reserved(p) && seen.insert(p.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(url: &str, children: Vec<NavigationNode>) -> NavigationNode {
        NavigationNode { url: url.to_owned(), children, ..NavigationNode::default() }
    }

    #[test]
    fn categories_are_every_node_but_the_root_depth_first() {
        let tree = node("/", vec![node("/a", vec![node("/a/b", vec![]), node("/a/c", vec![])]), node("/d", vec![])]);
        assert_eq!(category_urls(&tree), ["/a", "/a/b", "/a/c", "/d"]);
    }

    #[test]
    fn paths_are_listed_once_in_first_order_and_local_only() {
        let given = [
            "/",
            "/a",
            "/1001",
            "/a",
            "https://evil.example/x",
            "",
            "//evil.example",
            "/1001",
            "/cart",
            "/search",
            "/b",
        ];
        assert_eq!(unique(given.iter().map(|p| (*p).to_owned())), ["/", "/a", "/1001", "/b"]);
    }

    #[test]
    fn a_product_is_at_its_canonical_path_when_it_has_one() {
        let plain = Product { url: "/1001".into(), ..Product::default() };
        let canonical = Product { url: "/x.html".into(), canonical_url: Some("/x".into()), ..Product::default() };
        assert_eq!((product_path(&plain), product_path(&canonical)), ("/1001".to_owned(), "/x".to_owned()));
    }
}
