//! Pure Vendure rules: Shop API answers → the normalised model, and Vitrine's urls for
//! Vendure's products (`/products/{slug}`) and collections (`/collections/{slug}`).
//!
//! Prices: Vendure keeps money as integers with two decimals whatever the currency (its
//! default money strategy), read into the currency's own minor units. A channel says whether its prices include tax;
//! Vitrine shows them as the channel does: with tax where they include it, without
//! where they do not.

use serde_json::{Value, json};
use vitrine_domain::{listing, money, navigation, paths, route};
use vitrine_proto::v1::{
    Breadcrumb, Category, Image, NavigationNode, Product, ProductOption, ProductPage, ProductSort, RouteData,
    RouteResolution, SelectedOption, Variant,
};

use super::models::{
    ActiveChannel, CollectionLink, ListingItem, MenuCollection, SearchAnswer, VendureAsset, VendureCollection,
    VendureProduct, VendureVariant,
};

pub mod cart;
pub mod checkout;

/// The menu's depth (spec: three levels under the root).
const MENU_DEPTH: usize = 3;
/// The name Vendure gives the hidden collection every top-level one hangs from (its
/// breadcrumbs start with it).
const ROOT_COLLECTION: &str = "__root_collection__";
/// Vendure's default stock display for a variant that cannot be sold.
const OUT_OF_STOCK: &str = "OUT_OF_STOCK";
/// Vendure's Postgres and SQL searches ignore a term shorter than this: it would match
/// every product.
pub const MIN_TERM_CHARS: usize = 3;

/// The sorts Vendure's search can do: its own order, by name, by price.
pub const SORTS: [ProductSort; 4] = listing::EVERY_SORT;

#[must_use]
pub fn product_url(slug: &str) -> String {
    format!("/products/{slug}")
}

#[must_use]
pub fn collection_url(slug: &str) -> String {
    format!("/collections/{slug}")
}

/// The slug of a `/products/{slug}` url.
#[must_use]
pub fn product_slug(url: &str) -> Option<&str> {
    paths::resource_handle(url, "products")
}

/// The slug of a `/collections/{slug}` url.
#[must_use]
pub fn collection_slug(url: &str) -> Option<&str> {
    paths::resource_handle(url, "collections")
}

/// The decimals Vendure's integers have, whatever the currency (its default money strategy).
const VENDURE_PLACES: u32 = 2;

/// An amount as Vendure keeps it, in minor units of `currency`.
pub(crate) fn minor(amount: i64, currency: &str) -> i64 {
    money::from_places(amount, VENDURE_PLACES, Some(currency))
}

/// The price the channel shows, in minor units of `currency`: with tax when its prices
/// include tax.
pub(crate) fn shown(channel: ActiveChannel, currency: &str, without_tax: i64, with_tax: i64) -> i64 {
    minor(if channel.prices_include_tax { with_tax } else { without_tax }, currency)
}

fn non_empty(text: &str) -> Option<&str> {
    Some(text.trim()).filter(|t| !t.is_empty())
}

pub(crate) fn image(asset: &VendureAsset, label: &str) -> Option<Image> {
    non_empty(&asset.preview).map(|url| Image { id: asset.id.clone(), url: url.to_owned(), label: label.to_owned() })
}

/// A search result (grouped by product) as a product card: its lowest price.
#[must_use]
pub fn card(item: &ListingItem, channel: ActiveChannel) -> Product {
    let thumbnail = item.product_asset.as_ref().and_then(|a| image(a, &item.product_name));
    Product {
        id: item.product_id.clone(),
        r#type: "simple".to_owned(),
        url: product_url(&item.slug),
        name: item.product_name.clone(),
        images: thumbnail.iter().cloned().collect(),
        thumbnail,
        price: Some(shown(channel, &item.currency_code, item.price.lowest(), item.price_with_tax.lowest())),
        currency: Some(item.currency_code.clone()),
        in_stock: Some(item.in_stock),
        description: non_empty(&item.description).map(str::to_owned),
        ..Product::default()
    }
}

/// One page of search results.
#[must_use]
pub fn listing(answer: &SearchAnswer, channel: ActiveChannel, page: u32) -> ProductPage {
    ProductPage {
        products: answer.items.iter().map(|i| card(i, channel)).collect(),
        total_count: answer.total_items,
        page,
        page_size: listing::PAGE_SIZE,
        sorts: listing::offered(&SORTS),
    }
}

/// The `sort` of a `SearchInput`: none is the search's own order (relevance for a term,
/// the index's order for a collection).
#[must_use]
pub fn search_sort(sort: ProductSort) -> Option<Value> {
    match sort {
        ProductSort::Position => None,
        ProductSort::Name => Some(json!({ "name": "ASC" })),
        ProductSort::PriceAsc => Some(json!({ "price": "ASC" })),
        ProductSort::PriceDesc => Some(json!({ "price": "DESC" })),
    }
}

/// A `SearchInput` for page `page` in `sort` order, grouped by product, narrowed by
/// `filter` (`collectionSlug`, `term`).
#[must_use]
pub fn search_input(filter: (&str, &str), page: u32, sort: ProductSort) -> Value {
    let mut input = json!({
        filter.0: filter.1,
        "groupByProduct": true,
        "skip": listing::offset(page),
        "take": listing::PAGE_SIZE,
    });
    if let Some(sort) = search_sort(sort) {
        input["sort"] = sort;
    }
    input
}

/// Whether Vendure can search for `term` (see [`MIN_TERM_CHARS`]).
#[must_use]
pub fn searchable(term: &str) -> bool {
    term.trim().chars().count() >= MIN_TERM_CHARS
}

/// A page without results, as a search Vendure cannot run answers.
#[must_use]
pub fn no_results(page: u32) -> ProductPage {
    ProductPage { page, page_size: listing::PAGE_SIZE, sorts: listing::offered(&SORTS), ..ProductPage::default() }
}

fn sellable(v: &VendureVariant) -> bool {
    v.stock_level != OUT_OF_STOCK
}

/// A variant at the channel's price, naming its value of every option group.
/// Its id is what `addItemToOrder` takes.
fn variant(v: &VendureVariant, p: &VendureProduct, channel: ActiveChannel) -> Variant {
    Variant {
        id: v.id.clone(),
        sku: non_empty(&v.sku).map(str::to_owned),
        selected: p
            .option_groups
            .iter()
            .filter_map(|group| {
                let chosen = v.options.iter().find(|o| o.group_id == group.id)?;
                Some(SelectedOption { name: group.name.clone(), value: chosen.name.clone() })
            })
            .collect(),
        price: Some(shown(channel, &v.currency_code, v.price, v.price_with_tax)),
        discount: None,
        in_stock: Some(sellable(v)),
        image: v.featured_asset.as_ref().and_then(|a| image(a, &p.name)),
    }
}

/// The featured asset first, then the product's assets in order, each once.
fn gallery(p: &VendureProduct) -> Vec<Image> {
    let mut images: Vec<Image> = Vec::new();
    for asset in p.featured_asset.iter().chain(&p.assets) {
        if let Some(image) = image(asset, &p.name)
            && !images.iter().any(|i| i.url == image.url)
        {
            images.push(image);
        }
    }
    images
}

/// The variant a product shows its price from: the cheapest (the first among equals).
fn cheapest(p: &VendureProduct) -> Option<&VendureVariant> {
    p.variants.iter().min_by_key(|v| v.price)
}

/// A product with its options and variants. Vendure's description is HTML (sanitised in
/// the service layer, like every driver's).
#[must_use]
pub fn product(p: &VendureProduct, channel: ActiveChannel) -> Product {
    let images = gallery(p);
    let from = cheapest(p);
    let description = non_empty(&p.description);
    Product {
        id: p.id.clone(),
        r#type: if p.option_groups.is_empty() { "simple" } else { "configurable" }.to_owned(),
        url: product_url(&p.slug),
        name: p.name.clone(),
        thumbnail: images.first().cloned(),
        images,
        price: from.map(|v| shown(channel, &v.currency_code, v.price, v.price_with_tax)),
        currency: from.map(|v| v.currency_code.clone()),
        in_stock: Some(p.variants.iter().any(sellable)),
        description: description.map(str::to_owned),
        meta_title: non_empty(&p.name).map(str::to_owned),
        sku: p.variants.first().and_then(|v| non_empty(&v.sku)).map(str::to_owned),
        options: p
            .option_groups
            .iter()
            .map(|g| ProductOption { name: g.name.clone(), values: g.options.iter().map(|o| o.name.clone()).collect() })
            .collect(),
        variants: p.variants.iter().map(|v| variant(v, p, channel)).collect(),
        // The page says which, as the channel does.
        prices_include_tax: Some(channel.prices_include_tax),
        ..Product::default()
    }
}

fn by_position(mut collections: Vec<&MenuCollection>) -> Vec<&MenuCollection> {
    collections.sort_by_key(|c| c.position);
    collections
}

fn node(c: &MenuCollection, all: &[MenuCollection], depth: usize) -> NavigationNode {
    let children: Vec<NavigationNode> = if depth < MENU_DEPTH {
        by_position(all.iter().filter(|child| child.parent_id.as_deref() == Some(c.id.as_str())).collect())
            .into_iter()
            .map(|child| node(child, all, depth + 1))
            .collect()
    } else {
        Vec::new()
    };
    NavigationNode {
        id: c.id.clone(),
        url: collection_url(&c.slug),
        name: c.name.clone(),
        children_count: i32::try_from(children.len()).unwrap_or(i32::MAX),
        children,
        ..NavigationNode::default()
    }
}

/// The menu: the collections whose parent is not among them (the hidden root's
/// children), by position at every level, three levels deep, under a root.
#[must_use]
pub fn menu(all: &[MenuCollection]) -> NavigationNode {
    let top: Vec<&MenuCollection> = all
        .iter()
        .filter(|c| c.parent_id.as_deref().is_none_or(|parent| !all.iter().any(|other| other.id == parent)))
        .collect();
    navigation::root(by_position(top).into_iter().map(|c| node(c, all, 1)).collect())
}

/// The home page's categories: the menu's top level, without children.
#[must_use]
pub fn top_categories(all: &[MenuCollection]) -> Vec<NavigationNode> {
    navigation::top_level(menu(all))
}

fn link(c: &CollectionLink) -> NavigationNode {
    NavigationNode { id: c.id.clone(), url: collection_url(&c.slug), name: c.name.clone(), ..NavigationNode::default() }
}

/// A collection as its page shows it: its ancestors (the hidden root left out) as
/// breadcrumbs, its children by position as links.
#[must_use]
pub fn category(c: &VendureCollection) -> Category {
    let ancestors = c.breadcrumbs.iter().filter(|b| b.name != ROOT_COLLECTION && b.id != c.id);
    let mut children: Vec<&CollectionLink> = c.children.iter().collect();
    children.sort_by_key(|child| child.position);
    let description = non_empty(&c.description);
    Category {
        id: c.id.clone(),
        name: c.name.clone(),
        url: collection_url(&c.slug),
        description: description.map(str::to_owned),
        meta_title: non_empty(&c.name).map(str::to_owned),
        meta_description: None,
        breadcrumbs: ancestors
            .zip(1..)
            .map(|(b, level)| Breadcrumb {
                id: b.id.clone(),
                name: b.name.clone(),
                level,
                url: collection_url(&b.slug),
            })
            .collect(),
        children: children.into_iter().map(link).collect(),
    }
}

/// `/products/{slug}`: found → PRODUCT with Vendure's id; otherwise not found.
#[must_use]
pub fn product_resolution(url: &str, found: Option<&VendureProduct>) -> RouteResolution {
    found.map_or_else(route::not_found, |p| RouteResolution {
        data: Some(RouteData { title: non_empty(&p.name).map(str::to_owned), ..RouteData::default() }),
        ..route::product(&p.id, url)
    })
}

/// `/collections/{slug}`: found → CATEGORY with Vendure's id; otherwise not found.
#[must_use]
pub fn collection_resolution(url: &str, found: Option<&VendureCollection>) -> RouteResolution {
    found.map_or_else(route::not_found, |c| RouteResolution {
        data: Some(RouteData { title: non_empty(&c.name).map(str::to_owned), ..RouteData::default() }),
        ..route::category(&c.id, url)
    })
}

#[cfg(test)]
mod tests;
