//! Pure rules of the in-memory backend.

use vitrine_domain::route;
use vitrine_domain::{listing, navigation, paths};
use vitrine_proto::v1::{
    Category, CategoryPage, ContentPage, NavigationNode, Product, ProductPage, ProductSort, RouteData, RouteResolution,
};

use super::models::MockListing;

/// The mock API path that answers a product by url: `/products/{slug}[.ext]` asks by
/// slug, any other path (the mock's own `/{id}`) by the path itself. Each segment is
/// percent-encoded, and a path with a dot segment has no product (`None`), so visitor
/// input cannot step outside `/api/products/`. `url` is normalised (`paths::join_segments`).
#[must_use]
pub fn product_by_url_path(url: &str) -> Option<String> {
    let key = paths::product_slug(url).map_or_else(|| url.strip_prefix('/').unwrap_or(url).to_owned(), str::to_owned);
    // The mock's own routes under `/api/products/`, never a product.
    if RESERVED_PRODUCT_KEYS.contains(&key.as_str()) {
        return None;
    }
    Some(format!("/api/products/{}", encoded_segments(&key)?))
}

/// What the mock answers at `/api/products/{key}` other than a product.
const RESERVED_PRODUCT_KEYS: [&str; 2] = ["search", "best-sellers"];

/// The first `limit` products in list order as one page of the root category (which
/// holds them all), when one page can hold them (1 to the mock's 100); `None` otherwise.
#[must_use]
pub fn first_products_path(limit: usize) -> Option<String> {
    (1..=MOCK_MAX_PAGE_SIZE).contains(&limit).then(|| format!("/api/categories/root/products?pageSize={limit}"))
}

/// The largest page the mock answers.
const MOCK_MAX_PAGE_SIZE: usize = 100;

/// The path segments of `url` percent-encoded, or `None` when one is empty or a dot
/// segment (visitor input must not step outside the mock route it is put into).
fn encoded_segments(key: &str) -> Option<String> {
    let segments: Vec<&str> = key.split('/').collect();
    if segments.iter().any(|s| s.is_empty() || *s == "." || *s == "..") {
        return None;
    }
    let encoded: Vec<String> = segments.iter().map(|s| urlencoding::encode(s).into_owned()).collect();
    Some(encoded.join("/"))
}

/// The mock's query string for one page of a listing in `sort` order.
fn paging_query(page: u32, sort: ProductSort) -> String {
    let (sort, direction) = match sort {
        ProductSort::Position => ("position", "asc"),
        ProductSort::Name => ("name", "asc"),
        ProductSort::PriceAsc => ("price", "asc"),
        ProductSort::PriceDesc => ("price", "desc"),
    };
    format!("page={page}&pageSize={}&sort={sort}&direction={direction}", listing::PAGE_SIZE)
}

/// `GET /api/categories/{url path}/products?…` for the category at `url` (normalised);
/// `None` for the root or a path with a dot segment.
#[must_use]
pub fn category_path(url: &str, page: u32, sort: ProductSort) -> Option<String> {
    let key = encoded_segments(url.strip_prefix('/').unwrap_or(url))?;
    Some(format!("/api/categories/{key}/products?{}", paging_query(page, sort)))
}

/// `GET /api/products/search?q=…&…`.
#[must_use]
pub fn search_path(query: &str, page: u32, sort: ProductSort) -> String {
    format!("/api/products/search?q={}&{}", urlencoding::encode(query), paging_query(page, sort))
}

/// `GET /api/pages/{slug}` for a content page url (`/pages/{slug}`); `None` for any
/// other shape.
#[must_use]
pub fn page_path(url: &str) -> Option<String> {
    let slug = paths::resource_handle(url, "pages").filter(|s| *s != "." && *s != "..")?;
    Some(format!("/api/pages/{}", urlencoding::encode(slug)))
}

/// A content page url: found → CMS_PAGE with the page's slug as id and its meta fields as
/// route data (title: the meta title, else the page's); otherwise not found.
#[must_use]
pub fn page_resolution(url: &str, found: Option<&ContentPage>) -> RouteResolution {
    found.map_or_else(route::not_found, |p| RouteResolution {
        data: Some(RouteData {
            canonical_url: None,
            title: p.meta_title.clone().or_else(|| Some(p.title.clone())),
            meta_description: p.meta_description.clone(),
        }),
        ..route::content_page(&p.id, url)
    })
}

/// The mock's listing as a page of products; every sort is offered.
#[must_use]
pub fn product_page(listing: MockListing) -> ProductPage {
    ProductPage {
        products: listing.products,
        total_count: listing.total_count,
        page: listing.page,
        page_size: listing.page_size,
        sorts: listing::offered(&listing::EVERY_SORT),
    }
}

/// The mock's category listing as a category page: the node's breadcrumbs and its
/// children as links (the mock has no descriptions or meta fields).
#[must_use]
pub fn category_page(mut listing: MockListing) -> CategoryPage {
    let node = listing.category.take().unwrap_or_default();
    let category = Category {
        id: node.id,
        name: node.name,
        url: node.url,
        breadcrumbs: node.breadcrumbs,
        children: node.children.into_iter().map(|c| NavigationNode { children: Vec::new(), ..c }).collect(),
        ..Category::default()
    };
    CategoryPage { category: Some(category), listing: Some(product_page(listing)) }
}

/// `GET /api/navigation?depth=…`: the menu's levels, not the whole tree, which for a
/// benchmark's catalogue holds tens of thousands of categories below the menu.
#[must_use]
pub fn menu_path() -> String {
    format!("/api/navigation?depth={}", navigation::DEPTH)
}

/// Whether `url` lies below a category the menu was cut at (one that counts children
/// it does not list): then it may be a category deeper than the menu, which its own
/// listing finds. Any other url is decided by the menu alone, so a made-up path costs
/// no upstream call for a category.
#[must_use]
pub fn below_the_menu(menu: &NavigationNode, url: &str) -> bool {
    let mut node = menu;
    while let Some(next) = node.children.iter().find(|c| {
        c.url.len() > 1 && url.strip_prefix(c.url.as_str()).is_some_and(|rest| rest.len() > 1 && rest.starts_with('/'))
    }) {
        node = next;
    }
    !std::ptr::eq(node, menu) && node.children.is_empty() && node.children_count > 0
}

/// A category found by its own listing at `url`; not found without one.
#[must_use]
pub fn listed_category(listing: Option<&MockListing>, url: &str) -> RouteResolution {
    match listing.and_then(|l| l.category.as_ref()) {
        Some(category) if !category.id.is_empty() => route::category(&category.id, url),
        _ => route::not_found(),
    }
}

/// The menu node at `url` (any depth), for resolving category urls.
#[must_use]
pub fn find_category<'a>(node: &'a NavigationNode, url: &str) -> Option<&'a NavigationNode> {
    if node.url == url {
        return Some(node);
    }
    node.children.iter().find_map(|c| find_category(c, url))
}

/// The spec's route shapes: a product resolves at its own url (`/{id}`) and at
/// `/products/{id}` with an optional extension; a menu category at its url
/// (the root `/` is the home page, not a category). Anything else is the not-found
/// result. The resolution's url has no leading slash, as the reference resolver's.
#[must_use]
pub fn resolve(products: &[Product], menu: &NavigationNode, url: &str) -> RouteResolution {
    let slug = paths::product_slug(url);
    if let Some(p) =
        products.iter().find(|p| p.url == url || slug.is_some_and(|s| s == p.id || s == p.url.trim_start_matches('/')))
    {
        return route::product(&p.id, url);
    }
    match find_category(menu, url) {
        Some(node) if url != "/" => route::category(&node.id, url),
        _ => route::not_found(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn products() -> Vec<Product> {
        ["1001", "1002"]
            .into_iter()
            .map(|id| Product { id: id.into(), url: format!("/{id}"), ..Product::default() })
            .collect()
    }

    fn node(id: &str, url: &str, children: Vec<NavigationNode>) -> NavigationNode {
        NavigationNode { id: id.into(), url: url.into(), name: id.into(), children, ..NavigationNode::default() }
    }

    fn menu() -> NavigationNode {
        let laptops = node("category-2", "/computers/laptops", vec![]);
        node("root", "/", vec![node("category-1", "/computers", vec![laptops])])
    }

    #[test]
    fn resolves_product_and_category_urls_and_nothing_else() {
        let (all, menu) = (products(), menu());
        for (url, kind, id, resolved_url) in [
            ("/1001", Some("PRODUCT"), Some("1001"), Some("1001")),
            ("/products/1002", Some("PRODUCT"), Some("1002"), Some("products/1002")),
            ("/products/1002.html", Some("PRODUCT"), Some("1002"), Some("products/1002.html")),
            ("/computers", Some("CATEGORY"), Some("category-1"), Some("computers")),
            ("/computers/laptops", Some("CATEGORY"), Some("category-2"), Some("computers/laptops")),
            ("/laptops", None, None, None),
            ("/1003", None, None, None),
            ("/no-such-thing", None, None, None),
            ("/products/a/1001", None, None, None),
            ("/", None, None, None),
        ] {
            let r = resolve(&all, &menu, url);
            assert_eq!(r.id.as_deref(), id, "url {url}");
            assert_eq!(r.url.as_deref(), resolved_url, "url {url}");
            let code = if id.is_some() { 200 } else { 404 };
            assert_eq!((r.r#type.as_deref(), r.code), (kind, code), "url {url}");
        }
    }

    #[test]
    fn only_a_url_below_a_category_the_menu_was_cut_at_is_looked_for_beyond_it() {
        // `/computers/laptops` counts two children the menu does not list.
        let laptops = NavigationNode { children_count: 2, ..node("category-2", "/computers/laptops", vec![]) };
        let cut =
            node("root", "/", vec![node("category-1", "/computers", vec![laptops]), node("category-3", "/tv", vec![])]);
        for (url, below) in [
            ("/computers/laptops/gaming", true),
            ("/computers/laptops/gaming/17-inch", true),
            ("/computers/laptops", false),
            ("/computers/laptopsx/gaming", false),
            ("/computers/laptops/", false),
            ("/computers/desktops/gaming", false),
            ("/tv/oled", false),
            ("/no-such-thing/a/b", false),
            ("/", false),
        ] {
            assert_eq!(below_the_menu(&cut, url), below, "url {url}");
        }
        assert!(!below_the_menu(&menu(), "/computers/laptops/gaming"), "a leaf with no children to find");
        assert_eq!(menu_path(), "/api/navigation?depth=3");
    }

    #[test]
    fn a_category_listing_resolves_to_its_category() {
        let listing = |id: &str| MockListing {
            category: Some(node(id, "/computers/laptops/gaming", vec![])),
            ..MockListing::default()
        };
        let r = listed_category(Some(&listing("category-9")), "/computers/laptops/gaming");
        assert_eq!((r.r#type.as_deref(), r.id.as_deref(), r.code), (Some("CATEGORY"), Some("category-9"), 200));
        assert_eq!(listed_category(Some(&listing("")), "/x/y"), route::not_found());
        assert_eq!(listed_category(None, "/x/y"), route::not_found());
    }

    #[test]
    fn content_pages_resolve_by_slug() {
        for (url, path) in [
            ("/pages/about-us", Some("/api/pages/about-us")),
            ("/pages/a b", Some("/api/pages/a%20b")),
            ("/pages/..", None),
            ("/pages", None),
            ("/pages/a/b", None),
            ("/about-us", None),
        ] {
            assert_eq!(page_path(url).as_deref(), path, "url {url}");
        }
        let page = ContentPage {
            id: "about-us".into(),
            title: "About us".into(),
            meta_description: Some("Who we are.".into()),
            ..ContentPage::default()
        };
        let r = page_resolution("/pages/about-us", Some(&page));
        assert_eq!(
            (r.r#type.as_deref(), r.id.as_deref(), r.url.as_deref(), r.code),
            (Some("CMS_PAGE"), Some("about-us"), Some("pages/about-us"), 200)
        );
        let data = r.data.expect("route data");
        assert_eq!((data.title.as_deref(), data.meta_description.as_deref()), (Some("About us"), Some("Who we are.")));
        let titled = ContentPage { meta_title: Some("About the shop".into()), ..page };
        let data = page_resolution("/pages/about-us", Some(&titled)).data.expect("route data");
        assert_eq!(data.title.as_deref(), Some("About the shop"), "the meta title first");
        assert_eq!(page_resolution("/pages/nope", None), route::not_found());
    }

    #[test]
    fn listing_paths_carry_paging_and_sort() {
        for (url, page, sort, path) in [
            (
                "/computers/laptops",
                2,
                ProductSort::PriceDesc,
                Some("/api/categories/computers/laptops/products?page=2&pageSize=24&sort=price&direction=desc"),
            ),
            (
                "/a b",
                1,
                ProductSort::Name,
                Some("/api/categories/a%20b/products?page=1&pageSize=24&sort=name&direction=asc"),
            ),
            ("/../commands/resetDb", 1, ProductSort::Position, None),
            ("/", 1, ProductSort::Position, None),
        ] {
            assert_eq!(category_path(url, page, sort).as_deref(), path, "url {url}");
        }
        assert_eq!(
            search_path("red & blue", 1, ProductSort::PriceAsc),
            "/api/products/search?q=red%20%26%20blue&page=1&pageSize=24&sort=price&direction=asc"
        );
    }

    #[test]
    fn a_category_listing_becomes_a_category_page() {
        let listing = MockListing {
            category: Some(menu().children.remove(0)),
            products: products(),
            total_count: 27,
            page: 2,
            page_size: 24,
        };
        let page = category_page(listing);
        let category = page.category.expect("category");
        assert_eq!((category.id.as_str(), category.url.as_str()), ("category-1", "/computers"));
        assert_eq!(category.children.len(), 1);
        let products = page.listing.expect("listing");
        assert_eq!((products.products.len(), products.total_count, products.page, products.sorts.len()), (2, 27, 2, 4));
    }

    #[test]
    fn by_url_paths_stay_under_products() {
        for (url, path) in [
            ("/1001", Some("/api/products/1001")),
            ("/products/1001.html", Some("/api/products/1001")),
            ("/a b", Some("/api/products/a%20b")),
            ("/a?b", Some("/api/products/a%3Fb")),
            ("/../commands/resetDb", None),
            ("/x/./y", None),
            ("/", None),
            ("/search", None),
            ("/products/best-sellers", None),
            ("/search/x", Some("/api/products/search/x")),
        ] {
            assert_eq!(product_by_url_path(url).as_deref(), path, "url {url}");
        }
    }

    #[test]
    fn a_list_a_page_can_hold_is_the_root_category_s_first_page() {
        for (limit, path) in [
            (0, None),
            (1, Some("/api/categories/root/products?pageSize=1")),
            (100, Some("/api/categories/root/products?pageSize=100")),
            (101, None),
        ] {
            assert_eq!(first_products_path(limit).as_deref(), path, "{limit}");
        }
    }
}
