//! Pure Shopify → normalised transforms (§9: a card's first image only); the
//! cart's in [`cart`].

pub mod cart;

use vitrine_domain::money::{self, markdown};
use vitrine_domain::paths::resource_handle;
use vitrine_domain::{listing, navigation, paths, route};
use vitrine_proto::v1::{
    Breadcrumb, Category, ContentPage, Image, NavigationNode, Product, ProductOption, ProductPage, ProductSort,
    RouteData, RouteResolution, SelectedOption, Variant,
};

use super::models::{
    ShopifyCollection, ShopifyImage, ShopifyMenu, ShopifyMenuItem, ShopifyMoney, ShopifyPage, ShopifyProduct,
    ShopifySeo, ShopifyVariant,
};

/// `gid://shopify/Product/123` → `123`.
#[must_use]
pub fn numeric_id(gid: &str) -> &str {
    gid.rsplit('/').next().unwrap_or(gid)
}

/// A product id sent as the global id of kind Product.
#[must_use]
pub fn product_gid(id: &str) -> String {
    if id.starts_with("gid://") { id.to_owned() } else { format!("gid://shopify/Product/{id}") }
}

fn paragraph(text: &str) -> String {
    format!("<p>{}</p>", text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;"))
}

fn image(i: &ShopifyImage, name: &str) -> Option<Image> {
    Some(Image {
        id: i.id.clone().unwrap_or_default(),
        url: i.url.clone().filter(|u| !u.is_empty())?,
        label: i.alt_text.clone().filter(|a| !a.is_empty()).unwrap_or_else(|| name.to_owned()),
    })
}

/// A `MoneyV2` (a decimal string and its currency) in minor units of its currency.
pub(crate) fn amount(money: Option<&ShopifyMoney>) -> Option<i64> {
    let money = money?;
    money::from_decimal(money.amount.as_deref()?, money.currency_code.as_deref())
}

/// Shopify gives a product sold as it is one option, "Title", whose one value is
/// "Default Title": no choice to offer (Hydrogen hides it too).
fn is_default_title(name: &str, values: &[&str]) -> bool {
    name == "Title" && values == ["Default Title"]
}

fn options(p: &ShopifyProduct) -> Vec<ProductOption> {
    p.options
        .iter()
        .flatten()
        .filter_map(|o| {
            let name = o.name.clone().filter(|n| !n.is_empty())?;
            let values: Vec<&str> = o.option_values.iter().flatten().filter_map(|v| v.name.as_deref()).collect();
            (!is_default_title(&name, &values))
                .then(|| ProductOption { name, values: values.into_iter().map(str::to_owned).collect() })
        })
        .collect()
}

/// A variant's price is the listed one (its compare-at price when that is
/// higher, else its price) with the markdown as the discount, like every backend's.
fn variant(v: &ShopifyVariant, options: &[ProductOption], name: &str) -> Variant {
    let (price, compare_at) = (amount(v.price.as_ref()), amount(v.compare_at_price.as_ref()));
    let (price, discount) = match (price, compare_at) {
        (Some(now), Some(was)) if was > now => (Some(was), markdown(was, now)),
        (now, _) => (now, None),
    };
    Variant {
        id: numeric_id(v.id.as_deref().unwrap_or_default()).to_owned(),
        sku: v.sku.clone().filter(|s| !s.is_empty()),
        // Only the options offered (not the hidden "Title"), in the product's order.
        selected: options
            .iter()
            .filter_map(|o| {
                let chosen =
                    v.selected_options.iter().flatten().find(|s| s.name.as_deref() == Some(o.name.as_str()))?;
                Some(SelectedOption { name: o.name.clone(), value: chosen.value.clone().unwrap_or_default() })
            })
            .collect(),
        price,
        discount,
        in_stock: v.available_for_sale,
        image: v.image.as_ref().and_then(|i| image(i, name)),
    }
}

/// The spec's product (a card has one image). A product page's product brings its
/// gallery, options and variants; a listing's brings none of them.
#[must_use]
pub fn product(p: &ShopifyProduct) -> Product {
    let name = p.title.clone().unwrap_or_default();
    let max = p.price_range.as_ref().and_then(|r| r.max_variant_price.as_ref());
    let first = p.images.as_ref().and_then(|i| i.nodes.first()).and_then(|i| image(i, &name));
    let images = match &p.gallery {
        Some(gallery) => gallery.nodes.iter().filter_map(|i| image(i, &name)).collect(),
        None => first.clone().into_iter().collect(),
    };
    let options = options(p);
    let product = Product {
        id: numeric_id(p.id.as_deref().unwrap_or_default()).to_owned(),
        r#type: "simple".to_owned(),
        url: format!("/products/{}", p.handle.as_deref().unwrap_or_default()),
        canonical_url: p.online_store_url.clone(),
        thumbnail: first,
        images,
        price: amount(max),
        currency: max.and_then(|m| m.currency_code.clone()),
        in_stock: p.available_for_sale,
        description: p.description.as_deref().filter(|d| !d.is_empty()).map(paragraph),
        meta_title: p.seo.as_ref().and_then(|s| s.title.clone()),
        meta_description: p.seo.as_ref().and_then(|s| s.description.clone()),
        name,
        ..Product::default()
    };
    let variants = match &p.variants {
        Some(v) if !v.nodes.is_empty() => v.nodes.iter().map(|v| variant(v, &options, &product.name)).collect(),
        Some(_) => vec![vitrine_domain::variants::sold_as_is(&product)],
        None => Vec::new(),
    };
    Product { options, variants, ..product }
}

/// Collections, products and pages have their own paths; any other type is
/// `/{lowercased type}s/{handle}`. Items without a resource (frontpage, links) keep the
/// path of their own url.
#[must_use]
pub fn menu_url(item: &ShopifyMenuItem) -> String {
    let handle = item.resource.as_ref().and_then(|r| r.handle.as_deref());
    match (item.kind.as_deref(), handle) {
        (Some("COLLECTION"), Some(h)) => format!("/collections/{h}"),
        (Some("PRODUCT"), Some(h)) => format!("/products/{h}"),
        (Some("PAGE"), Some(h)) => format!("/pages/{h}"),
        (Some(kind), Some(h)) => format!("/{}s/{h}", kind.to_lowercase()),
        _ => item
            .url
            .as_deref()
            .and_then(|u| {
                u.split_once("://").map(|(_, rest)| rest).and_then(|r| r.find('/').map(|i| r[i..].to_owned()))
            })
            .unwrap_or_else(|| "/".to_owned()),
    }
}

fn node(item: &ShopifyMenuItem) -> NavigationNode {
    let children: Vec<NavigationNode> = item.items.iter().flatten().map(node).collect();
    NavigationNode {
        id: item.id.clone().unwrap_or_default(),
        url: menu_url(item),
        name: item.title.clone().unwrap_or_default(),
        total_products: 0,
        children_count: i32::try_from(children.len()).unwrap_or(i32::MAX),
        breadcrumbs: Vec::new(),
        children,
    }
}

/// The menu as the navigation tree: its items are the root's children.
#[must_use]
pub fn navigation(menu: &ShopifyMenu) -> NavigationNode {
    let children: Vec<NavigationNode> = menu.items.iter().map(node).collect();
    NavigationNode {
        id: menu.id.clone().unwrap_or_default(),
        url: "/".to_owned(),
        name: menu.title.clone().unwrap_or_default(),
        total_products: 0,
        children_count: i32::try_from(children.len()).unwrap_or(i32::MAX),
        breadcrumbs: Vec::new(),
        children,
    }
}

/// The menu's top-level collections as links (the home page's categories);
/// pages, blogs and other links at the top are not categories.
#[must_use]
pub fn top_collections(tree: NavigationNode) -> Vec<NavigationNode> {
    let mut top = navigation::top_level(tree);
    top.retain(|n| resource_handle(&n.url, "collections").is_some());
    top
}

/// The handle of a `/products/{handle}[.ext]` path.
#[must_use]
pub fn handle(url: &str) -> Option<&str> {
    paths::product_slug(url)
}

/// A product route: found → PRODUCT with the numeric id; otherwise not found.
#[must_use]
pub fn resolution(url: &str, found: Option<&ShopifyProduct>) -> RouteResolution {
    found.map_or_else(route::not_found, |p| route::product(numeric_id(p.id.as_deref().unwrap_or_default()), url))
}

// Collections, search and pages.

/// Every order a collection can be listed in: its merchandising order, `TITLE`, `PRICE`.
pub const COLLECTION_SORTS: [ProductSort; 4] = listing::EVERY_SORT;
/// Search's sort keys are only `RELEVANCE` and `PRICE`: no name order.
pub const SEARCH_SORTS: [ProductSort; 3] = [ProductSort::Position, ProductSort::PriceAsc, ProductSort::PriceDesc];

/// `(ProductCollectionSortKeys, reverse)` for a sort.
#[must_use]
pub const fn collection_sort(sort: ProductSort) -> (&'static str, bool) {
    match sort {
        ProductSort::Position => ("COLLECTION_DEFAULT", false),
        ProductSort::Name => ("TITLE", false),
        ProductSort::PriceAsc => ("PRICE", false),
        ProductSort::PriceDesc => ("PRICE", true),
    }
}

/// `(SearchSortKeys, reverse)` for a sort; a name order, which search cannot do, is
/// relevance (and `SEARCH_SORTS` does not offer it).
#[must_use]
pub const fn search_sort(sort: ProductSort) -> (&'static str, bool) {
    match sort {
        ProductSort::Position | ProductSort::Name => ("RELEVANCE", false),
        ProductSort::PriceAsc => ("PRICE", false),
        ProductSort::PriceDesc => ("PRICE", true),
    }
}

/// The cursor to page `page` from (`after`), given the cursors of the list in order: none
/// for page 1, else the cursor of the last item of the page before. A page past the end
/// starts after the last item, so it is empty.
#[must_use]
pub fn page_cursor(cursors: &[String], page: u32) -> Option<String> {
    match listing::offset(page) {
        0 => None,
        offset => cursors.get(offset - 1).or_else(|| cursors.last()).cloned(),
    }
}

/// One page of products as the listing shows it.
#[must_use]
pub fn listing(products: &[ShopifyProduct], total_count: u32, page: u32, sorts: &[ProductSort]) -> ProductPage {
    ProductPage {
        products: products.iter().map(product).collect(),
        total_count,
        page,
        page_size: listing::PAGE_SIZE,
        sorts: listing::offered(sorts),
    }
}

fn seo(seo: Option<&ShopifySeo>) -> (Option<String>, Option<String>) {
    let non_empty = |s: &Option<String>| s.clone().filter(|s| !s.is_empty());
    seo.map_or((None, None), |s| (non_empty(&s.title), non_empty(&s.description)))
}

/// The node at `url` in the navigation tree, with the path of nodes above it.
fn find_in_tree<'a>(
    node: &'a NavigationNode,
    url: &str,
    path: &mut Vec<&'a NavigationNode>,
) -> Option<&'a NavigationNode> {
    for child in &node.children {
        if child.url == url {
            return Some(child);
        }
        path.push(child);
        if let Some(found) = find_in_tree(child, url, path) {
            return Some(found);
        }
        path.pop();
    }
    None
}

/// A collection as its page shows it. Shopify collections have no tree of their own, so
/// breadcrumbs and child categories come from where the menu places the collection; a
/// collection the menu does not hold has neither.
#[must_use]
pub fn category(c: &ShopifyCollection, menu: Option<&ShopifyMenu>) -> Category {
    let url = format!("/collections/{}", c.handle.as_deref().unwrap_or_default());
    let tree = menu.map(navigation).unwrap_or_default();
    let mut path = Vec::new();
    let here = find_in_tree(&tree, &url, &mut path);
    let breadcrumbs = path
        .iter()
        .zip(1..)
        .map(|(n, level)| Breadcrumb { id: n.id.clone(), name: n.name.clone(), level, url: n.url.clone() })
        .collect();
    let children = here
        .map(|n| {
            let collections = n.children.iter().filter(|c| resource_handle(&c.url, "collections").is_some());
            collections.map(|c| NavigationNode { children: Vec::new(), ..c.clone() }).collect()
        })
        .unwrap_or_default();
    let (meta_title, meta_description) = seo(c.seo.as_ref());
    Category {
        id: numeric_id(c.id.as_deref().unwrap_or_default()).to_owned(),
        name: c.title.clone().unwrap_or_default(),
        url,
        description: c.description_html.clone().filter(|d| !d.trim().is_empty()),
        meta_title,
        meta_description,
        breadcrumbs,
        children,
    }
}

/// A page (`/pages/{handle}`); its body is HTML, sanitised by the adapter service.
#[must_use]
pub fn content_page(p: &ShopifyPage) -> ContentPage {
    let (meta_title, meta_description) = seo(p.seo.as_ref());
    ContentPage {
        id: numeric_id(p.id.as_deref().unwrap_or_default()).to_owned(),
        url: format!("/pages/{}", p.handle.as_deref().unwrap_or_default()),
        title: p.title.clone().unwrap_or_default(),
        content: p.body.clone().unwrap_or_default(),
        meta_title,
        meta_description,
    }
}

/// What a route lookup tells the page about a collection or a page: its SEO
/// title, else its own; its SEO description; its storefront url.
fn route_data(seo_of: Option<&ShopifySeo>, title: Option<&String>, online_store_url: Option<&String>) -> RouteData {
    let (meta_title, meta_description) = seo(seo_of);
    RouteData {
        canonical_url: online_store_url.cloned(),
        title: meta_title.or_else(|| title.cloned()),
        meta_description,
    }
}

/// `/collections/{handle}`: found → CATEGORY with the numeric id; otherwise not found.
#[must_use]
pub fn collection_resolution(url: &str, found: Option<&ShopifyCollection>) -> RouteResolution {
    found.map_or_else(route::not_found, |c| RouteResolution {
        data: Some(route_data(c.seo.as_ref(), c.title.as_ref(), c.online_store_url.as_ref())),
        ..route::category(numeric_id(c.id.as_deref().unwrap_or_default()), url)
    })
}

/// `/pages/{handle}`: found → CMS_PAGE with the numeric id; otherwise not found.
#[must_use]
pub fn page_resolution(url: &str, found: Option<&ShopifyPage>) -> RouteResolution {
    found.map_or_else(route::not_found, |p| RouteResolution {
        data: Some(route_data(p.seo.as_ref(), p.title.as_ref(), p.online_store_url.as_ref())),
        ..route::content_page(numeric_id(p.id.as_deref().unwrap_or_default()), url)
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A variant as the tests compare it: id, SKU, options, price, discount, in stock.
    type VariantRow<'a> = (&'a str, Option<&'a str>, Vec<(&'a str, &'a str)>, Option<i64>, Option<f64>, Option<bool>);

    fn item(kind: &str, handle: Option<&str>, url: &str) -> ShopifyMenuItem {
        serde_json::from_value(json!({"type": kind, "resource": handle.map(|h| json!({"handle": h})), "url": url}))
            .unwrap_or_default()
    }

    #[test]
    fn menu_urls_follow_spec_section_2() {
        for (kind, handle, url, expected) in [
            ("COLLECTION", Some("shoes"), "https://s.test/collections/shoes", "/collections/shoes"),
            ("PRODUCT", Some("cap"), "", "/products/cap"),
            ("PAGE", Some("about"), "", "/pages/about"),
            ("BLOG", Some("news"), "", "/blogs/news"),
            ("ARTICLE", Some("hello"), "", "/articles/hello"),
            ("SHOP_POLICY", Some("refunds"), "", "/shop_policys/refunds"),
            ("FRONTPAGE", None, "https://s.test/", "/"),
            ("HTTP", None, "https://s.test/search?q=x", "/search?q=x"),
        ] {
            assert_eq!(menu_url(&item(kind, handle, url)), expected, "{kind}");
        }
    }

    #[test]
    fn the_menus_top_collections_are_its_categories() {
        let shoes = ShopifyMenuItem {
            items: Some(vec![item("COLLECTION", Some("boots"), "")]),
            ..item("COLLECTION", Some("shoes"), "")
        };
        let menu = ShopifyMenu {
            items: vec![
                shoes,
                item("PAGE", Some("about"), ""),
                item("BLOG", Some("news"), ""),
                item("FRONTPAGE", None, "https://s.test/"),
                item("COLLECTION", Some("hats"), ""),
            ],
            ..ShopifyMenu::default()
        };
        let top = top_collections(navigation(&menu));
        let links: Vec<(&str, usize, i32)> =
            top.iter().map(|n| (n.url.as_str(), n.children.len(), n.children_count)).collect();
        assert_eq!(links, [("/collections/shoes", 0, 1), ("/collections/hats", 0, 0)]);
    }

    #[test]
    fn a_product_page_s_product_has_its_gallery_options_and_variants() {
        let recorded: ShopifyProduct =
            serde_json::from_str(include_str!("testdata/product_with_options.json")).expect("parses");
        let p = product(&recorded);
        let options: Vec<(&str, Vec<&str>)> =
            p.options.iter().map(|o| (o.name.as_str(), o.values.iter().map(String::as_str).collect())).collect();
        assert_eq!(options, [("Size", vec!["154cm", "158cm", "160cm"]), ("Binding mount", vec!["Nested", "Standard"])]);
        let variants: Vec<VariantRow<'_>> = p
            .variants
            .iter()
            .map(|v| {
                let selected = v.selected.iter().map(|s| (s.name.as_str(), s.value.as_str())).collect();
                (v.id.as_str(), v.sku.as_deref(), selected, v.price, v.discount.map(|d| d.percent), v.in_stock)
            })
            .collect();
        assert_eq!(
            variants,
            [
                (
                    "43695710535958",
                    Some("LIQ-154-N"),
                    vec![("Size", "154cm"), ("Binding mount", "Nested")],
                    Some(69995),
                    None,
                    Some(true)
                ),
                // A compare-at price equal to the price is no markdown.
                (
                    "43695710568726",
                    Some("LIQ-154-S"),
                    vec![("Size", "154cm"), ("Binding mount", "Standard")],
                    Some(69995),
                    None,
                    Some(false)
                ),
                // Marked down from 899.95: listed at that, 20% off.
                (
                    "43695710601494",
                    None,
                    vec![("Size", "158cm"), ("Binding mount", "Nested")],
                    Some(89995),
                    Some(20.0),
                    Some(true)
                ),
                // Shopify's order of selectedOptions does not matter: the product's does.
                (
                    "43695710634262",
                    Some("LIQ-160-S"),
                    vec![("Size", "160cm"), ("Binding mount", "Standard")],
                    Some(79995),
                    None,
                    Some(true)
                ),
            ]
        );
        assert_eq!(p.variants[2].discount.map(|d| d.amount), Some(17999));
        assert_eq!(p.variants[2].image.as_ref().map(|i| i.label.as_str()), Some("Side view"));
        // The page's gallery has every picture; the thumbnail is still the first.
        assert_eq!(p.images.len(), 2);
        assert_eq!(p.thumbnail.as_ref().map(|t| t.label.as_str()), Some("The Collection Snowboard: Liquid"));
        assert_eq!(p.price, Some(79995), "the product's own price stays the range's maximum");
    }

    #[test]
    fn a_default_title_is_no_option_and_a_listing_has_no_variants() {
        let sold_as_is: ShopifyProduct = serde_json::from_value(json!({
            "id": "gid://shopify/Product/1", "title": "Wax",
            "priceRange": {"maxVariantPrice": {"amount": "19.95", "currencyCode": "USD"}},
            "options": [{"name": "Title", "optionValues": [{"name": "Default Title"}]}],
            "variants": {"nodes": [{"id": "gid://shopify/ProductVariant/9", "availableForSale": false,
                "selectedOptions": [{"name": "Title", "value": "Default Title"}],
                "price": {"amount": "19.95", "currencyCode": "USD"}}]}
        }))
        .expect("parses");
        let p = product(&sold_as_is);
        assert!(p.options.is_empty());
        assert_eq!(
            p.variants.iter().map(|v| (v.id.as_str(), v.selected.len(), v.price, v.in_stock)).collect::<Vec<_>>(),
            [("9", 0, Some(1995), Some(false))]
        );
        let listed: ShopifyProduct = serde_json::from_value(json!({"id": "gid://shopify/Product/1"})).expect("parses");
        assert!(product(&listed).variants.is_empty());
    }

    #[test]
    fn products_take_the_first_image_and_the_price_range() {
        let p: ShopifyProduct = serde_json::from_str(include_str!("testdata/product.json")).expect("parses");
        let n = product(&p);
        assert_eq!(
            (n.id.as_str(), n.url.as_str(), n.name.as_str()),
            ("7982853619939", "/products/hydrogen-cap", "Hydrogen Cap")
        );
        assert_eq!((n.price, n.currency.as_deref(), n.in_stock), (Some(2950), Some("CAD"), Some(true)));
        assert_eq!(n.images.len(), 1);
        assert_eq!(n.thumbnail.map(|t| t.label), Some("Hydrogen Cap".to_owned()), "no alt text: the title");
        assert_eq!(n.description.as_deref(), Some("<p>A cap &amp; a visor.</p>"));
        assert_eq!(product_gid("7982853619939"), "gid://shopify/Product/7982853619939");
        assert_eq!(product_gid("gid://shopify/Product/1"), "gid://shopify/Product/1");
    }

    #[test]
    fn sorts_map_to_sort_keys() {
        for (sort, collection, search) in [
            (ProductSort::Position, ("COLLECTION_DEFAULT", false), ("RELEVANCE", false)),
            (ProductSort::Name, ("TITLE", false), ("RELEVANCE", false)),
            (ProductSort::PriceAsc, ("PRICE", false), ("PRICE", false)),
            (ProductSort::PriceDesc, ("PRICE", true), ("PRICE", true)),
        ] {
            assert_eq!((collection_sort(sort), search_sort(sort)), (collection, search), "{sort:?}");
        }
        assert!(!SEARCH_SORTS.contains(&ProductSort::Name), "search has no name order to offer");
    }

    #[test]
    fn pages_start_after_the_cursor_of_the_page_before() {
        let cursors: Vec<String> = (1..=50).map(|i| format!("c{i}")).collect();
        for (page, expected) in [(1, None), (2, Some("c24")), (3, Some("c48")), (4, Some("c50")), (9, Some("c50"))] {
            assert_eq!(page_cursor(&cursors, page).as_deref(), expected, "page {page}");
        }
        assert_eq!(page_cursor(&[], 2), None, "an empty list has nothing to start after");
    }

    #[test]
    fn collections_are_placed_by_the_menu() {
        let c: ShopifyCollection = serde_json::from_str(include_str!("testdata/collection.json")).expect("parses");
        let menu: ShopifyMenu = serde_json::from_str(include_str!("testdata/menu.json")).expect("parses");
        let placed = category(&c, Some(&menu));
        assert_eq!(
            (placed.id.as_str(), placed.name.as_str(), placed.url.as_str()),
            ("429512065251", "Freestyle", "/collections/freestyle")
        );
        assert_eq!(placed.description.as_deref(), Some("<p>Boards for the <em>park</em>.</p>"));
        assert_eq!(
            (placed.meta_title, placed.meta_description.as_deref()),
            (None, Some("Park and pipe.")),
            "empty is none"
        );
        let crumbs: Vec<(&str, i32)> = placed.breadcrumbs.iter().map(|b| (b.url.as_str(), b.level)).collect();
        assert_eq!(crumbs, [("/collections/snowboards", 1)]);
        let children: Vec<&str> = placed.children.iter().map(|n| n.url.as_str()).collect();
        assert_eq!(children, ["/collections/park"], "collections only, not products");

        let unplaced = category(&c, None);
        assert_eq!((unplaced.breadcrumbs.len(), unplaced.children.len()), (0, 0));
        let products = c.products.map(|p| p.nodes).unwrap_or_default();
        let page = listing(&products, 25, 2, &COLLECTION_SORTS);
        assert_eq!(
            (page.products[0].url.as_str(), page.total_count, page.page, page.page_size),
            ("/products/hydrogen-cap", 25, 2, 24)
        );
        assert_eq!(page.sorts, [0, 1, 2, 3]);
    }

    #[test]
    fn pages_are_content_pages() {
        let p: ShopifyPage = serde_json::from_str(include_str!("testdata/page.json")).expect("parses");
        let page = content_page(&p);
        assert_eq!(
            (page.id.as_str(), page.url.as_str(), page.title.as_str()),
            ("108828885219", "/pages/contact", "Contact")
        );
        assert_eq!(page.content, "<p>Write to us.</p>");
        assert_eq!((page.meta_title, page.meta_description.as_deref()), (None, Some("How to reach us.")));
    }

    #[test]
    fn collections_and_pages_resolve_with_their_seo() {
        let c: ShopifyCollection = serde_json::from_str(include_str!("testdata/collection.json")).expect("parses");
        let p: ShopifyPage = serde_json::from_str(include_str!("testdata/page.json")).expect("parses");
        let seo = |title: &str, description: &str| ShopifySeo {
            title: Some(title.into()),
            description: Some(description.into()),
        };
        let with_seo = ShopifyPage { seo: Some(seo("Reach us", "By mail.")), ..p.clone() };
        for (r, kind, id, url, title, description, canonical) in [
            (
                collection_resolution("/collections/freestyle", Some(&c)),
                "CATEGORY",
                "429512065251",
                "collections/freestyle",
                "Freestyle",
                Some("Park and pipe."),
                Some("https://hydrogen.test/collections/freestyle"),
            ),
            (
                page_resolution("/pages/contact", Some(&p)),
                "CMS_PAGE",
                "108828885219",
                "pages/contact",
                "Contact",
                Some("How to reach us."),
                None,
            ),
            (
                page_resolution("/pages/contact", Some(&with_seo)),
                "CMS_PAGE",
                "108828885219",
                "pages/contact",
                "Reach us",
                Some("By mail."),
                None,
            ),
        ] {
            assert_eq!(
                (r.r#type.as_deref(), r.id.as_deref(), r.url.as_deref(), r.code),
                (Some(kind), Some(id), Some(url), 200)
            );
            let data = r.data.expect("route data");
            assert_eq!(
                (data.title.as_deref(), data.meta_description.as_deref(), data.canonical_url.as_deref()),
                (Some(title), description, canonical),
                "{url}"
            );
        }
        assert_eq!(collection_resolution("/collections/x", None), route::not_found());
        assert_eq!(page_resolution("/pages/x", None), route::not_found());
    }

    #[test]
    fn routes_resolve_product_handles_only() {
        for (url, h) in [
            ("/products/hydrogen-cap", Some("hydrogen-cap")),
            ("/products/x.html", Some("x")),
            ("/collections/x", None),
            ("/products", None),
        ] {
            assert_eq!(handle(url), h, "{url}");
        }
        let p = ShopifyProduct { id: Some("gid://shopify/Product/9".into()), ..ShopifyProduct::default() };
        let r = resolution("/products/x", Some(&p));
        assert_eq!((r.id.as_deref(), r.url.as_deref(), r.code), (Some("9"), Some("products/x"), 200));
        assert_eq!(resolution("/products/x", None).code, 404);
    }
}
