//! Pure fake-store rules.

use vitrine_domain::{listing, money, paths, route};
use vitrine_proto::v1::{
    Category, CategoryPage, Image, NavigationNode, Product, ProductPage, ProductSort, RouteResolution,
};

use super::models::{FakeStoreId, FakeStoreProduct};

fn id_text(id: &FakeStoreId) -> String {
    match id {
        FakeStoreId::Number(n) => n.to_string(),
        FakeStoreId::Text(s) => s.clone(),
    }
}

/// The fake store's prices are US dollars.
const CURRENCY: &str = "USD";

/// The fake store uses `/product/{id}`.
#[must_use]
pub fn product(p: &FakeStoreProduct) -> Product {
    let id = id_text(&p.id);
    let image = p.image.as_ref().filter(|u| !u.is_empty()).map(|url| Image {
        id: format!("{id}-0"),
        url: url.clone(),
        label: p.title.clone(),
    });
    let product = Product {
        url: format!("/product/{id}"),
        r#type: "simple".to_owned(),
        name: p.title.clone(),
        thumbnail: image.clone(),
        images: image.into_iter().collect(),
        price: p.price.and_then(|major| money::from_major(major, Some(CURRENCY))),
        description: p.description.as_deref().filter(|d| !d.is_empty()).map(crate::sanitize::text_paragraph),
        short_description: p.category.clone(),
        meta_title: Some(p.title.clone()),
        meta_description: p.description.clone(),
        currency: Some(CURRENCY.to_owned()),
        in_stock: Some(true),
        id,
        ..Product::default()
    };
    // The fake store sells each product as it is.
    Product { variants: vec![vitrine_domain::variants::sold_as_is(&product)], ..product }
}

/// The id of a `/product/{id}` path (an extension is allowed), if it is one.
#[must_use]
pub fn product_id(url: &str) -> Option<&str> {
    let rest = url.strip_prefix('/').unwrap_or(url).strip_prefix("product/")?;
    let id = paths::strip_extension(rest);
    (!id.is_empty() && !id.contains('/') && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
        .then_some(id)
}

/// A category's url slug: lowercase letters and digits, other runs as one `-`
/// (`men's clothing` → `men-s-clothing`), so urls need no percent-encoding.
#[must_use]
pub fn category_slug(name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_owned()
}

/// The category page url of a store category (`/category/{slug}`).
#[must_use]
pub fn category_url(name: &str) -> String {
    format!("/category/{}", category_slug(name))
}

/// The store's categories as links to their pages, named as those pages name them, with
/// how many of `products` each holds (the home page's categories).
#[must_use]
pub fn category_links(names: &[String], products: &[FakeStoreProduct]) -> Vec<NavigationNode> {
    names
        .iter()
        .map(|name| {
            let held = products.iter().filter(|p| p.category.as_deref() == Some(name.as_str())).count();
            NavigationNode {
                id: category_slug(name),
                url: category_url(name),
                name: name.clone(),
                total_products: i32::try_from(held).unwrap_or(i32::MAX),
                ..NavigationNode::default()
            }
        })
        .collect()
}

/// The store category `url` names, among `names`.
#[must_use]
pub fn category_named<'a>(names: &'a [String], url: &str) -> Option<&'a str> {
    let slug = url.strip_prefix("/category/").filter(|s| !s.is_empty() && !s.contains('/'))?;
    names.iter().find(|n| category_slug(n) == slug).map(String::as_str)
}

/// `products` in `sort` order (position is the store's own order; ties keep it).
#[must_use]
pub fn sorted(mut products: Vec<Product>, sort: ProductSort) -> Vec<Product> {
    let price = |p: &Product| p.price.unwrap_or(i64::MAX);
    match sort {
        ProductSort::Position => {}
        ProductSort::Name => products.sort_by_key(|p| p.name.to_lowercase()),
        ProductSort::PriceAsc => products.sort_by_key(price),
        ProductSort::PriceDesc => products.sort_by_key(|p| std::cmp::Reverse(price(p))),
    }
    products
}

/// One page of a whole list in `sort` order.
#[must_use]
pub fn product_page(products: Vec<Product>, page: u32, sort: ProductSort) -> ProductPage {
    let (products, total_count) = listing::slice(sorted(products, sort), page);
    ProductPage {
        products,
        total_count,
        page,
        page_size: listing::PAGE_SIZE,
        sorts: listing::offered(&listing::EVERY_SORT),
    }
}

/// A store category's page (the store has no descriptions or sub-categories).
#[must_use]
pub fn category_page(name: &str, products: Vec<Product>, page: u32, sort: ProductSort) -> CategoryPage {
    let category =
        Category { id: category_slug(name), name: name.to_owned(), url: category_url(name), ..Category::default() };
    CategoryPage { category: Some(category), listing: Some(product_page(products, page, sort)) }
}

/// Search: products whose name or description holds `query`, ignoring case.
#[must_use]
pub fn matching(products: Vec<Product>, query: &str) -> Vec<Product> {
    let q = query.to_lowercase();
    let holds = |text: Option<&str>| text.is_some_and(|t| t.to_lowercase().contains(&q));
    products.into_iter().filter(|p| holds(Some(&p.name)) || holds(p.meta_description.as_deref())).collect()
}

/// The resolution of `url` given the product found there (if any).
#[must_use]
pub fn resolution(url: &str, found: Option<&Product>) -> RouteResolution {
    found.map_or_else(route::not_found, |p| route::product(&p.id, url))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str, price: i64) -> Product {
        Product { id: name.into(), name: name.into(), price: Some(price), ..Product::default() }
    }

    #[test]
    fn category_slugs_and_lookup() {
        let names: Vec<String> = ["men's clothing", "jewelery", "Women's Clothing"].map(String::from).to_vec();
        for (url, found) in [
            ("/category/men-s-clothing", Some("men's clothing")),
            ("/category/jewelery", Some("jewelery")),
            ("/category/women-s-clothing", Some("Women's Clothing")),
            ("/category/", None),
            ("/category/jewelery/x", None),
            ("/category/shoes", None),
            ("/jewelery", None),
        ] {
            assert_eq!(category_named(&names, url), found, "url {url}");
        }
        assert_eq!(category_url("men's clothing"), "/category/men-s-clothing");
    }

    #[test]
    fn whole_lists_sort_and_page() {
        let all = vec![named("b", 300), named("C", 100), named("a", 200)];
        let ids = |page: &ProductPage| page.products.iter().map(|p| p.id.clone()).collect::<Vec<_>>().join(",");
        for (sort, expected) in [
            (ProductSort::Position, "b,C,a"),
            (ProductSort::Name, "a,b,C"),
            (ProductSort::PriceAsc, "C,a,b"),
            (ProductSort::PriceDesc, "b,a,C"),
        ] {
            let page = product_page(all.clone(), 1, sort);
            assert_eq!((ids(&page).as_str(), page.total_count, page.sorts.len()), (expected, 3, 4), "{sort:?}");
        }
        assert!(product_page(all, 2, ProductSort::Position).products.is_empty(), "past the end");
    }

    #[test]
    fn search_matches_name_or_description_ignoring_case() {
        let mut jacket = named("Mens Cotton Jacket", 5500);
        jacket.meta_description = Some("Great outerwear".into());
        let all = vec![jacket, named("Gold Ring", 900)];
        for (query, found) in [("JACKET", 1), ("outerwear", 1), ("ring", 1), ("shoe", 0)] {
            assert_eq!(matching(all.clone(), query).len(), found, "{query}");
        }
    }

    fn parse(json: &str) -> FakeStoreProduct {
        serde_json::from_str(json).expect("parses")
    }

    #[test]
    fn categories_link_to_their_pages_with_their_counts() {
        let names: Vec<String> = ["men's clothing", "jewelery", "electronics"].map(String::from).to_vec();
        let listed: Vec<FakeStoreProduct> = [
            r#"{"id": 1, "category": "men's clothing"}"#,
            r#"{"id": 2, "category": "jewelery"}"#,
            r#"{"id": 3, "category": "men's clothing"}"#,
            r#"{"id": 4}"#,
        ]
        .map(parse)
        .to_vec();
        let links = category_links(&names, &listed);
        let got: Vec<(&str, &str, &str, i32, usize)> = links
            .iter()
            .map(|n| (n.id.as_str(), n.url.as_str(), n.name.as_str(), n.total_products, n.children.len()))
            .collect();
        assert_eq!(
            got,
            [
                ("men-s-clothing", "/category/men-s-clothing", "men's clothing", 2, 0),
                ("jewelery", "/category/jewelery", "jewelery", 1, 0),
                ("electronics", "/category/electronics", "electronics", 0, 0),
            ]
        );
    }

    #[test]
    fn products_map_to_the_model() {
        let p = product(&parse(include_str!("testdata/product.json")));
        assert_eq!((p.id.as_str(), p.url.as_str(), p.name.as_str()), ("1", "/product/1", "Fjallraven Backpack"));
        assert_eq!(p.price, Some(10995));
        assert_eq!(p.thumbnail.as_ref().map(|t| t.label.as_str()), Some("Fjallraven Backpack"));
        assert_eq!(p.images.len(), 1);
        assert_eq!(p.description.as_deref(), Some("<p>Your perfect pack &lt;for&gt; everyday use.</p>"));
        assert_eq!(p.short_description.as_deref(), Some("men's clothing"));
        let bare = product(&parse(r#"{"id": "x9", "title": "T"}"#));
        assert_eq!((bare.id.as_str(), bare.thumbnail, bare.description, bare.price), ("x9", None, None, None));
    }

    #[test]
    fn product_paths() {
        for (url, id) in [
            ("/product/1", Some("1")),
            ("/product/12.html", Some("12")),
            ("product/7", Some("7")),
            ("/product/", None),
            ("/product/a/b", None),
            ("/products/1", None),
            ("/product/..", None),
            ("/1", None),
        ] {
            assert_eq!(product_id(url), id, "{url}");
        }
    }
}
