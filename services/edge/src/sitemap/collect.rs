//! What a sitemap lists, asked of the services for one driver: the menu's categories
//! and the products the catalogue lists (`menu_and_listed`, also the warming's quick
//! paths), and one page of a category as its products' paths ([`category_page`]), which
//! the plan's walk and each file's fetch both use.
//!
//! The list is every product on mock-data's first hundred and the fake store's whole
//! catalogue, but only a first page on Magento and Shopify; the category walk reaches
//! every product a category holds on any backend, at one request per page of 24 (cached
//! upstream like any page view).

use std::collections::HashSet;

use tonic::{Code, Status};
use vitrine_domain::{Driver, listing, paths};
use vitrine_proto::v1::{CategoryRequest, DriverRequest, NavigationNode, Product, ProductSort, ProductsRequest};

use crate::AppState;

/// The paths two calls name, for warming (`crate::page::warm`): home, the listed
/// products (mock-data and the fake store list them all), then the menu's categories.
pub(crate) async fn quick_paths(state: &AppState, driver: Driver) -> Result<Vec<String>, Status> {
    let (categories, listed) = menu_and_listed(state, driver).await?;
    Ok(unique(std::iter::once("/".to_owned()).chain(listed.iter().map(product_path)).chain(categories)))
}

/// The menu's category urls and the catalogue's listed products, asked for together.
pub(super) async fn menu_and_listed(state: &AppState, driver: Driver) -> Result<(Vec<String>, Vec<Product>), Status> {
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

/// One page of a category, as [`category_page`] reads it.
pub(super) struct CategoryPage {
    /// Each product's path when it is one a sitemap may list (local, not the SPA's own).
    pub(super) products: Vec<Option<String>>,
    /// The category's number of pages (at most [`listing::MAX_PAGE`], the last a
    /// visitor may ask for).
    pub(super) pages: u32,
    /// Its subcategories' paths, listable ones only: how the walk reaches the levels
    /// below the menu's.
    pub(super) children: Vec<String>,
}

/// One page of a category's products as it sorts them by position. `None` when `url`
/// is not a category page (a menu item may link to a content page).
pub(super) async fn category_page(
    state: &AppState,
    driver: Driver,
    url: &str,
    page: u32,
) -> Result<Option<CategoryPage>, Status> {
    let request = CategoryRequest {
        driver: i32::from(driver),
        url: url.to_owned(),
        page,
        sort: ProductSort::Position.into(),
        fresh_after_ms: 0,
    };
    let answer = match state.catalogue.clone().get_category_page(request).await {
        Ok(page) => page.into_inner(),
        Err(status) if status.code() == Code::NotFound => return Ok(None),
        Err(status) => return Err(status),
    };
    let listing = answer.listing.unwrap_or_default();
    let pages = listing.total_count.div_ceil(listing::PAGE_SIZE).min(listing::MAX_PAGE);
    let products = listing.products.iter().map(|p| Some(product_path(p)).filter(|p| listable(p))).collect();
    let children = answer.category.map(|c| c.children).unwrap_or_default();
    let children = children.into_iter().map(|c| c.url).filter(|url| listable(url)).collect();
    Ok(Some(CategoryPage { products, pages, children }))
}

/// Whether a sitemap may name `path`: a local one (an absolute or empty one would not
/// sit on this site's origin; the adapters already drop them, this keeps it so), not
/// one of the SPA's own pages.
pub(super) fn listable(path: &str) -> bool {
    paths::is_local_path(path) && !crate::spa_routes::reserved(path)
}

/// Where a product's page is: its canonical path when it has one (the adapter keeps
/// only local ones), else its url.
pub(super) fn product_path(product: &Product) -> String {
    product.canonical_url.clone().unwrap_or_else(|| product.url.clone())
}

/// `paths` in order, each once, [`listable`] ones only.
pub(super) fn unique(paths: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen = HashSet::new();
    paths.filter(|p| listable(p) && seen.insert(p.clone())).collect()
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
