//! Backend links are untrusted: every url a backend gives for a product, a
//! category, a menu item or a redirect must be a path on this site
//! ([`paths::is_local_path`]), checked here, once, for every driver, before it leaves
//! the adapter. What happens to a field that is not, per field:
//!
//! | field | unsafe url → |
//! |---|---|
//! | a listed product (`url`) | left out of the list |
//! | the product asked for | not found |
//! | `canonical_url` | dropped (the product's own url stands) |
//! | a menu item or category link | left out, with its children |
//! | a breadcrumb | left out |
//! | the category or content page asked for | not found |
//! | a route resolution (its target, match or redirect) | not found |
//! | a cart line's product link | dropped (the line stays, unlinked) |
//!
//! Image urls are not links: the edge's `/img` allow-list bounds them.

use vitrine_domain::{DriverError, paths, route};
use vitrine_proto::v1::{Breadcrumb, Cart, CategoryPage, ContentPage, NavigationNode, Product, RouteResolution};

/// The cart with each line's product link kept only when it is safe (the line stays: it
/// is the shopper's, link or not).
#[must_use]
pub fn cart(mut cart: Cart) -> Cart {
    for line in &mut cart.lines {
        if !paths::is_local_path(&line.product_url) {
            line.product_url.clear();
        }
    }
    cart
}

/// The products whose links are safe; an unsafe canonical url is dropped.
#[must_use]
pub fn products(products: Vec<Product>) -> Vec<Product> {
    products.into_iter().filter_map(product).collect()
}

/// The product, if its url is safe (its unsafe canonical url dropped).
#[must_use]
pub fn product(mut product: Product) -> Option<Product> {
    if !paths::is_local_path(&product.url) {
        tracing::warn!(id = %product.id, "dropping a product whose url is not a local path");
        return None;
    }
    product.canonical_url = product.canonical_url.filter(|u| paths::is_local_path(u));
    Some(product)
}

/// The menu items (and their children, recursively) whose urls are safe. A node that
/// loses children counts only those kept, so the menu never promises a missing one.
#[must_use]
pub fn nodes(nodes: Vec<NavigationNode>) -> Vec<NavigationNode> {
    nodes.into_iter().filter_map(node).collect()
}

/// `node` with its unsafe children and breadcrumbs left out, or `None` when its own url is
/// unsafe. The root of a menu has its own url checked too: see [`tree`].
#[must_use]
pub fn node(mut node: NavigationNode) -> Option<NavigationNode> {
    if !paths::is_local_path(&node.url) {
        tracing::warn!(id = %node.id, "dropping a menu item whose url is not a local path");
        return None;
    }
    let before = node.children.len();
    node.children = nodes(std::mem::take(&mut node.children));
    let dropped = i32::try_from(before - node.children.len()).unwrap_or(i32::MAX);
    node.children_count = (node.children_count - dropped).max(0);
    node.breadcrumbs = breadcrumbs(std::mem::take(&mut node.breadcrumbs));
    Some(node)
}

/// A whole menu: the root is a container, not a link, so only what is under it is checked.
#[must_use]
pub fn tree(mut root: NavigationNode) -> NavigationNode {
    let url = std::mem::replace(&mut root.url, "/".to_owned());
    let mut checked = node(root).unwrap_or_default();
    checked.url = url;
    checked
}

fn breadcrumbs(crumbs: Vec<Breadcrumb>) -> Vec<Breadcrumb> {
    crumbs.into_iter().filter(|b| paths::is_local_path(&b.url)).collect()
}

/// A category page with safe links only.
///
/// # Errors
/// Not found when the category's own url is unsafe.
pub fn category_page(mut page: CategoryPage) -> Result<CategoryPage, DriverError> {
    if let Some(category) = page.category.as_mut() {
        if !paths::is_local_path(&category.url) {
            return Err(DriverError::NotFound(format!("category {}", category.id)));
        }
        category.breadcrumbs = breadcrumbs(std::mem::take(&mut category.breadcrumbs));
        category.children = nodes(std::mem::take(&mut category.children));
    }
    if let Some(listing) = page.listing.as_mut() {
        listing.products = products(std::mem::take(&mut listing.products));
    }
    Ok(page)
}

/// # Errors
/// Not found when the page's url is unsafe.
pub fn content_page(page: ContentPage) -> Result<ContentPage, DriverError> {
    if paths::is_local_path(&page.url) { Ok(page) } else { Err(DriverError::NotFound(format!("page {}", page.id))) }
}

/// A resolution whose url (written without its leading slash) would send the
/// visitor off the site is not found: `//host`, `\host`, `https://host`, `javascript:`.
#[must_use]
pub fn resolution(resolution: RouteResolution) -> RouteResolution {
    let Some(url) = resolution.url.as_deref() else { return resolution };
    let path = format!("/{}", url.strip_prefix('/').unwrap_or(url));
    // The first segment is the scheme of an absolute url (`https:`, `javascript:`).
    let first_segment = path[1..].split('/').next().unwrap_or_default();
    if paths::is_local_path(&path) && !first_segment.contains(':') {
        resolution
    } else {
        tracing::warn!(code = resolution.code, "a resolution to a url off the site is not found");
        route::not_found()
    }
}

#[cfg(test)]
mod tests;
