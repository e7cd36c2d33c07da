//! Pure Medusa rules: Store API payloads → the normalised model, and Vitrine's urls for
//! Medusa's products (`/products/{handle}`) and categories (`/categories/{handle…}`);
//! carts and their refusals in [`cart`].

use vitrine_domain::money::{self, markdown};
use vitrine_domain::{listing, navigation, paths};
use vitrine_proto::v1::{
    Breadcrumb, Category, Discount, Image, NavigationNode, Product, ProductOption, ProductPage, ProductSort,
    SelectedOption, Variant,
};

use super::models::{
    CalculatedPrice, MedusaCategory, MedusaImage, MedusaOption, MedusaProduct, MedusaVariant, ProductList,
};
use crate::sanitize::text_paragraph;

pub mod cart;
pub mod checkout;

/// The menu's depth (spec: three levels under the root).
const MENU_DEPTH: usize = 3;
/// The reference's short description: the description's first characters.
const SHORT_DESCRIPTION_CHARS: usize = 100;

/// Prices need both the region and these fields (Medusa adds `calculated_price` only
/// when asked), and stock needs the quantity: the fields Medusa's own storefront asks
/// for. Both signed or starred, so the route's defaults (options, images)
/// stay.
pub const PRODUCT_FIELDS: &str = "*variants.calculated_price,+variants.inventory_quantity";

/// The sorts Medusa 2.0's Store API can do: its default order and by title (it cannot
/// order products by price).
pub const SORTS: [ProductSort; 2] = [ProductSort::Position, ProductSort::Name];

#[must_use]
pub fn product_url(handle: &str) -> String {
    format!("/products/{handle}")
}

/// The handle of a `/products/{handle}` url.
#[must_use]
pub fn product_handle(url: &str) -> Option<&str> {
    paths::resource_handle(url, "products")
}

/// The handles of a `/categories/{handle}/…` url, top level first.
#[must_use]
pub fn category_handles(url: &str) -> Option<Vec<&str>> {
    let rest = url.strip_prefix("/categories/")?;
    let handles: Vec<&str> = rest.split('/').collect();
    (!handles.iter().any(|h| h.is_empty())).then_some(handles)
}

fn non_empty(text: Option<&String>) -> Option<&str> {
    text.map(String::as_str).map(str::trim).filter(|t| !t.is_empty())
}

/// The variant a card shows: the one with the lowest calculated price (the first among
/// equals), if any variant has a price.
fn cheapest(variants: &[MedusaVariant]) -> Option<&MedusaVariant> {
    let calculated =
        |v: &MedusaVariant| v.calculated_price.as_ref().and_then(|p| p.calculated_amount.or(p.original_amount));
    variants
        .iter()
        .filter(|v| calculated(v).is_some())
        .min_by(|a, b| calculated(a).unwrap_or(f64::MAX).total_cmp(&calculated(b).unwrap_or(f64::MAX)))
}

/// The price (the regular one, as the other backends give it), the discount when the
/// calculated price is lower, and the currency (ISO 4217), of the cheapest variant.
fn pricing(variants: &[MedusaVariant]) -> (Option<i64>, Option<Discount>, Option<String>) {
    let Some(price) = cheapest(variants).and_then(|v| v.calculated_price.as_ref()) else { return (None, None, None) };
    let (now, was) = now_and_was(price);
    (
        was.or(now),
        now.zip(was).and_then(|(now, was)| markdown(was, now)),
        price.currency_code.as_ref().map(|c| c.to_uppercase()),
    )
}

/// An amount as Medusa gives it, in major units (10 for $10.00), in minor units of
/// `currency`: the one reading of Medusa's money (prices, lines, totals, shipping).
pub(crate) fn minor(amount: Option<f64>, currency: Option<&str>) -> Option<i64> {
    money::from_major(amount?, currency)
}

/// A calculated price's amount now and its original amount, in minor units of its currency.
fn now_and_was(price: &CalculatedPrice) -> (Option<i64>, Option<i64>) {
    let currency = price.currency_code.as_deref();
    (minor(price.calculated_amount, currency), minor(price.original_amount, currency))
}

/// A variant can be sold when its inventory is not managed, it may be
/// back-ordered, or its quantity is unknown or above 0.
fn sellable(v: &MedusaVariant) -> bool {
    v.manage_inventory == Some(false) || v.allow_backorder == Some(true) || v.inventory_quantity.is_none_or(|q| q > 0.0)
}

/// In stock when a variant can be sold. No variants: in stock (the reference).
fn in_stock(variants: &[MedusaVariant]) -> bool {
    variants.is_empty() || variants.iter().any(sellable)
}

/// Medusa gives a product created without options one, "Default option", whose one
/// value is "Default option value": no choice to offer.
fn is_default_option(o: &MedusaOption) -> bool {
    o.title.as_deref() == Some("Default option")
        && o.values.iter().map(|v| v.value.as_deref()).eq([Some("Default option value")])
}

fn offered(p: &MedusaProduct) -> Vec<&MedusaOption> {
    p.options.iter().filter(|o| !is_default_option(o) && o.title.as_deref().is_some_and(|t| !t.is_empty())).collect()
}

/// A variant at its own calculated price in the region (listed at the original
/// amount, the markdown as the discount), naming its value of every offered option. Its
/// id is Medusa's variant id, which a cart's line item takes.
fn variant(v: &MedusaVariant, options: &[&MedusaOption]) -> Variant {
    let (now, was) = v.calculated_price.as_ref().map(now_and_was).unwrap_or_default();
    Variant {
        id: v.id.clone(),
        sku: non_empty(v.sku.as_ref()).map(str::to_owned),
        selected: options
            .iter()
            .filter_map(|o| {
                let value = v.options.iter().find(|value| value.option_id.as_deref() == Some(o.id.as_str()))?;
                Some(SelectedOption {
                    name: o.title.clone().unwrap_or_default(),
                    value: value.value.clone().unwrap_or_default(),
                })
            })
            .collect(),
        price: was.or(now),
        discount: now.zip(was).and_then(|(now, was)| markdown(was, now)),
        in_stock: Some(sellable(v)),
        image: None,
    }
}

/// The thumbnail first when there is one, then `images` by `rank` (list order among
/// equals and for those without), each url once; alt text is the product's title.
fn gallery(p: &MedusaProduct, title: &str) -> Vec<Image> {
    let mut ranked: Vec<&MedusaImage> = p.images.iter().collect();
    ranked.sort_by(|a, b| a.rank.unwrap_or(f64::MAX).total_cmp(&b.rank.unwrap_or(f64::MAX)));
    let thumbnail = non_empty(p.thumbnail.as_ref()).map(|url| Image {
        id: "thumbnail".into(),
        url: url.into(),
        label: title.into(),
    });
    let mut images: Vec<Image> = thumbnail.into_iter().collect();
    for image in ranked {
        let Some(url) = non_empty(image.url.as_ref()) else { continue };
        if !images.iter().any(|i| i.url == url) {
            images.push(Image { id: image.id.clone(), url: url.into(), label: title.into() });
        }
    }
    images
}

/// A Store API product in the normalised model. Medusa's description is plain text: it
/// is escaped into a paragraph (then sanitised like every driver's HTML).
#[must_use]
pub fn product(p: &MedusaProduct) -> Product {
    let name = p.title.clone().unwrap_or_default();
    let images = gallery(p, &name);
    let (price, discount, currency) = pricing(&p.variants);
    let description = non_empty(p.description.as_ref());
    let options = offered(p);
    Product {
        id: p.id.clone(),
        r#type: "simple".to_owned(),
        url: non_empty(p.handle.as_ref()).map(product_url).unwrap_or_default(),
        thumbnail: images.first().cloned(),
        images,
        price,
        discount,
        currency,
        in_stock: Some(in_stock(&p.variants)),
        description: description.map(text_paragraph),
        short_description: description
            .map(|d| text_paragraph(&d.chars().take(SHORT_DESCRIPTION_CHARS).collect::<String>())),
        meta_title: Some(name.clone()).filter(|n| !n.is_empty()),
        meta_description: description.map(str::to_owned),
        sku: p.variants.first().and_then(|v| v.sku.clone()),
        options: options
            .iter()
            .map(|o| ProductOption {
                name: o.title.clone().unwrap_or_default(),
                values: o.values.iter().filter_map(|v| v.value.clone()).collect(),
            })
            .collect(),
        variants: p.variants.iter().map(|v| variant(v, &options)).collect(),
        name,
        ..Product::default()
    }
}

/// `categories` in `rank` order (list order among equals and for those without).
fn by_rank(categories: &[MedusaCategory]) -> Vec<&MedusaCategory> {
    let mut sorted: Vec<&MedusaCategory> = categories.iter().collect();
    sorted.sort_by(|a, b| a.rank.unwrap_or(f64::MAX).total_cmp(&b.rank.unwrap_or(f64::MAX)));
    sorted
}

fn category_url(handles: &[&str]) -> String {
    format!("/categories/{}", handles.join("/"))
}

fn node(c: &MedusaCategory, parent: &[&str], depth: usize) -> NavigationNode {
    let mut handles = parent.to_vec();
    handles.push(c.handle.as_deref().unwrap_or_default());
    let children: Vec<NavigationNode> = if depth < MENU_DEPTH {
        by_rank(&c.category_children).into_iter().map(|child| node(child, &handles, depth + 1)).collect()
    } else {
        Vec::new()
    };
    NavigationNode {
        id: c.id.clone(),
        url: category_url(&handles),
        name: c.name.clone().unwrap_or_default(),
        children_count: i32::try_from(children.len()).unwrap_or(i32::MAX),
        children,
        ..NavigationNode::default()
    }
}

/// The menu: the top-level categories (`top`, as `/store/product-categories` lists them
/// with their descendants) by `rank` at every level, three levels deep, under a root.
#[must_use]
pub fn menu(top: &[MedusaCategory]) -> NavigationNode {
    navigation::root(by_rank(top).into_iter().map(|c| node(c, &[], 1)).collect())
}

/// The home page's categories: the menu's top level, without children.
#[must_use]
pub fn top_categories(top: &[MedusaCategory]) -> Vec<NavigationNode> {
    navigation::top_level(menu(top))
}

/// The categories from the top level down to the one `handles` names, each handle a
/// child of the one before.
#[must_use]
pub fn find_category<'a>(top: &'a [MedusaCategory], handles: &[&str]) -> Option<Vec<&'a MedusaCategory>> {
    let mut level = top;
    let mut path = Vec::with_capacity(handles.len());
    for handle in handles {
        let found = level.iter().find(|c| c.handle.as_deref() == Some(*handle))?;
        path.push(found);
        level = &found.category_children;
    }
    (!path.is_empty()).then_some(path)
}

/// The ids of `category` and everything under it: its page lists what they hold, as a
/// parent category does on the other backends.
#[must_use]
pub fn subtree_ids(category: &MedusaCategory) -> Vec<&str> {
    let mut ids = vec![category.id.as_str()];
    for child in &category.category_children {
        ids.extend(subtree_ids(child));
    }
    ids
}

/// The category at the end of `path` as its page shows it: ancestors as breadcrumbs, its
/// children (by rank) as links.
#[must_use]
pub fn category(path: &[&MedusaCategory]) -> Category {
    let handles: Vec<&str> = path.iter().map(|c| c.handle.as_deref().unwrap_or_default()).collect();
    let Some(here) = path.last() else { return Category::default() };
    let breadcrumbs = path[..path.len() - 1]
        .iter()
        .zip(1..)
        .map(|(c, level)| Breadcrumb {
            id: c.id.clone(),
            name: c.name.clone().unwrap_or_default(),
            level,
            url: category_url(&handles[..usize::try_from(level).unwrap_or_default()]),
        })
        .collect();
    let children = by_rank(&here.category_children)
        .into_iter()
        .map(|c| NavigationNode { children: Vec::new(), ..node(c, &handles, MENU_DEPTH) })
        .collect();
    Category {
        id: here.id.clone(),
        name: here.name.clone().unwrap_or_default(),
        url: category_url(&handles),
        description: non_empty(here.description.as_ref()).map(text_paragraph),
        meta_title: here.name.clone(),
        meta_description: non_empty(here.description.as_ref()).map(str::to_owned),
        breadcrumbs,
        children,
    }
}

/// The Store API's `order` for `sort`: `None` is its default order (position); a price
/// order, which it cannot do, falls back to that.
#[must_use]
pub const fn order(sort: ProductSort) -> Option<&'static str> {
    match sort {
        ProductSort::Name => Some("title"),
        ProductSort::Position | ProductSort::PriceAsc | ProductSort::PriceDesc => None,
    }
}

/// `&limit=…&offset=…[&order=…]` of page `page` in `sort` order.
#[must_use]
pub fn page_query(page: u32, sort: ProductSort) -> String {
    let order = order(sort).map(|o| format!("&order={o}")).unwrap_or_default();
    format!("&limit={}&offset={}{order}", listing::PAGE_SIZE, listing::offset(page))
}

/// One page of products as the Store API counted them.
#[must_use]
pub fn product_page(list: &ProductList, page: u32) -> ProductPage {
    ProductPage {
        products: list.products.iter().map(product).collect(),
        total_count: u32::try_from(list.count).unwrap_or(u32::MAX),
        page,
        page_size: listing::PAGE_SIZE,
        sorts: listing::offered(&SORTS),
    }
}

#[cfg(test)]
mod tests;
