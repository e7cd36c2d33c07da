//! Pure Magento → normalised transforms (the cart's in [`cart`]).
//! No I/O.

use serde_json::{Value, json};
use vitrine_domain::{DriverError, listing, money, route};
use vitrine_proto::v1::{
    Breadcrumb, Category, CategoryPage, ContentPage, Discount, Image, NavigationNode, Product, ProductOption,
    ProductPage, ProductSort, RouteData, RouteResolution, SelectedOption, Variant,
};

use super::models::{
    MagentoCategory, MagentoCategoryRoute, MagentoCmsPage, MagentoConfigurableOption, MagentoFlag, MagentoImage,
    MagentoMoney, MagentoProduct, MagentoProducts, MagentoRoute, MagentoVariantAttribute,
};
use super::variant_id;

fn non_empty(s: Option<&String>) -> Option<String> {
    s.filter(|s| !s.is_empty()).cloned()
}

/// `/{url_key}{url_suffix}`; a missing suffix is empty (not the word "null").
fn path(key: Option<&str>, suffix: Option<&str>) -> String {
    format!("/{}{}", key.unwrap_or_default().trim_start_matches('/'), suffix.unwrap_or_default())
}

/// The price, discount and currency a product (or a configurable product's child) is
/// offered at: the maximum price's regular price and discount.
fn offer(p: &MagentoProduct) -> (Option<i64>, Option<Discount>, Option<String>) {
    let max = p.price_range.as_ref().and_then(|r| r.maximum_price.as_ref());
    let regular = max.and_then(|m| m.regular_price.as_ref());
    let currency = regular.and_then(|r| r.currency.clone());
    let discount = max.and_then(|m| m.discount.as_ref()).map(|d| Discount {
        amount: d.amount_off.and_then(|off| money::from_major(off, currency.as_deref())).unwrap_or_default(),
        percent: d.percent_off.unwrap_or_default(),
    });
    (regular.and_then(MagentoMoney::minor), discount, currency)
}

fn picture(image: Option<&MagentoImage>) -> Option<Image> {
    let image = image?;
    image.url.as_ref().filter(|url| !url.is_empty()).map(|url| Image {
        id: String::new(),
        url: url.clone(),
        label: image.label.clone().unwrap_or_default(),
    })
}

/// A configurable product's options, in Magento's position order.
fn options(p: &MagentoProduct) -> Vec<&MagentoConfigurableOption> {
    let mut options: Vec<_> = p.configurable_options.iter().flatten().collect();
    options.sort_by_key(|o| o.position.unwrap_or(i64::MAX));
    options
}

/// A configurable product's children as variants: each names its value of
/// every option (by the option's label, in the options' order), and its id is what the
/// cart adds ([`variant_id`]). A child that lacks a value of some option is left out: no
/// choice of the pickers could reach it.
fn variants(parent: &MagentoProduct, options: &[&MagentoConfigurableOption]) -> Vec<Variant> {
    let parent_sku = parent.sku.clone().unwrap_or_default();
    parent
        .variants
        .iter()
        .flatten()
        .filter_map(|v| {
            let child = v.product.as_deref()?;
            let attributes = v.attributes.as_deref().unwrap_or_default();
            let chosen: Vec<(&MagentoConfigurableOption, &MagentoVariantAttribute)> = options
                .iter()
                .map(|o| attributes.iter().find(|a| a.code == o.attribute_code).map(|a| (*o, a)))
                .collect::<Option<_>>()?;
            let uids: Vec<&str> = chosen.iter().map(|(_, a)| a.uid.as_deref().unwrap_or_default()).collect();
            let child_sku = child.sku.clone().unwrap_or_default();
            let (price, discount, _) = offer(child);
            Some(Variant {
                id: variant_id::encode(&parent_sku, &child_sku, &uids),
                sku: Some(child_sku).filter(|s| !s.is_empty()),
                selected: chosen
                    .iter()
                    .map(|(o, a)| SelectedOption { name: option_name(o), value: a.label.clone().unwrap_or_default() })
                    .collect(),
                price,
                discount,
                in_stock: Some(child.stock_status.as_deref() == Some("IN_STOCK")),
                image: picture(child.image.as_ref()),
            })
        })
        .collect()
}

fn option_name(o: &MagentoConfigurableOption) -> String {
    non_empty(o.label.as_ref()).or_else(|| o.attribute_code.clone()).unwrap_or_default()
}

/// The normalised product. `media_base` is the store's media URL
/// (`…/media/`), to which gallery files are relative.
#[must_use]
pub fn product(p: &MagentoProduct, media_base: &str) -> Product {
    let mut gallery: Vec<_> =
        p.media_gallery_entries.iter().flatten().filter(|e| e.disabled != Some(true) && e.file.is_some()).collect();
    gallery.sort_by_key(|e| e.position.unwrap_or(i64::MAX));
    let images = gallery
        .into_iter()
        .map(|e| Image {
            id: e.uid.clone().unwrap_or_default(),
            url: format!(
                "{}/catalog/product{}",
                media_base.trim_end_matches('/'),
                e.file.as_deref().unwrap_or_default()
            ),
            label: e.label.clone().unwrap_or_default(),
        })
        .collect();
    let name = p.name.clone().unwrap_or_default();
    let (price, discount, currency) = offer(p);
    let options = options(p);
    let product = Product {
        id: p.sku.clone().unwrap_or_default(),
        r#type: match p.typename.as_deref() {
            Some("BundleProduct") => "composite",
            Some("ConfigurableProduct") => "configurable",
            _ => "simple",
        }
        .to_owned(),
        url: path(p.url_key.as_deref(), p.url_suffix.as_deref()),
        canonical_url: non_empty(p.canonical_url.as_ref()),
        thumbnail: picture(p.image.as_ref()),
        images,
        price,
        discount,
        in_stock: Some(p.stock_status.as_deref() == Some("IN_STOCK")),
        description: p.description.as_ref().and_then(|d| non_empty(d.html.as_ref())),
        short_description: p.short_description.as_ref().and_then(|d| non_empty(d.html.as_ref())),
        meta_title: non_empty(p.meta_title.as_ref()),
        meta_description: non_empty(p.meta_description.as_ref()),
        brand: None,
        review_count: p.review_count,
        rating_summary: p.rating_summary,
        sku: p.sku.clone(),
        currency,
        options: options
            .iter()
            .map(|o| ProductOption {
                name: option_name(o),
                values: o.values.iter().flatten().filter_map(|v| non_empty(v.label.as_ref())).collect(),
            })
            .collect(),
        variants: Vec::new(),
        prices_include_tax: None,
        name,
    };
    // A listing selects no children: its configurable products carry no variants (a card
    // needs none). A product page's configurable product has them; anything else is sold
    // as it is.
    let configurable = p.typename.as_deref() == Some("ConfigurableProduct");
    let variants = match &p.variants {
        None if configurable => Vec::new(),
        Some(_) if !options.is_empty() => variants(p, &options),
        _ => vec![vitrine_domain::variants::sold_as_is(&product)],
    };
    Product { variants, ..product }
}

fn in_menu(flag: Option<&MagentoFlag>) -> bool {
    match flag {
        Some(MagentoFlag::Int(n)) => *n != 0,
        Some(MagentoFlag::Bool(b)) => *b,
        None => false,
    }
}

/// Children only if include_in_menu, sorted by position; breadcrumbs by level.
/// The root itself is never filtered.
#[must_use]
pub fn navigation(c: &MagentoCategory) -> NavigationNode {
    let suffix = c.url_suffix.as_deref().unwrap_or_default();
    let mut breadcrumbs: Vec<Breadcrumb> = c
        .breadcrumbs
        .iter()
        .flatten()
        .map(|b| Breadcrumb {
            id: b.category_uid.clone().unwrap_or_default(),
            name: b.category_name.clone().unwrap_or_default(),
            level: b.category_level.unwrap_or_default(),
            url: path(b.category_url_path.as_deref(), Some(suffix)),
        })
        .collect();
    breadcrumbs.sort_by_key(|b| b.level);
    let mut kept: Vec<&MagentoCategory> =
        c.children.iter().flatten().filter(|k| in_menu(k.include_in_menu.as_ref())).collect();
    kept.sort_by_key(|k| k.position.unwrap_or(i64::MAX));
    let children: Vec<NavigationNode> = kept.into_iter().map(navigation).collect();
    let children_count = c
        .children_count
        .as_deref()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| i32::try_from(children.len()).unwrap_or(i32::MAX));
    NavigationNode {
        id: c.uid.clone().unwrap_or_default(),
        url: path(c.url_path.as_deref(), Some(suffix)),
        name: c.name.clone().unwrap_or_default(),
        total_products: c.product_count.unwrap_or_default(),
        children_count,
        breadcrumbs,
        children,
    }
}

/// `relative_url` without query, fragment or leading slash (as the reference's).
fn route_url(relative: &str) -> String {
    relative.split(['?', '#']).next().unwrap_or_default().trim_start_matches('/').to_owned()
}

/// Magento's route → the resolution. No route, no type or UNKNOWN is the
/// not-found result; redirect codes pass through (301/302 become redirects upstream of
/// here, in the domain rules) with the relative url as the target.
#[must_use]
pub fn resolution(route: Option<&MagentoRoute>) -> RouteResolution {
    let Some(r) = route else { return route::not_found() };
    let Some(kind) = r.kind.as_deref().filter(|k| !k.is_empty() && *k != "UNKNOWN") else { return route::not_found() };
    let is_cms = kind == "CMS_PAGE";
    let title = if is_cms {
        r.meta_title.clone().or_else(|| r.title.clone())
    } else {
        r.meta_title.clone().or_else(|| r.name.clone())
    };
    RouteResolution {
        id: if is_cms { r.identifier.clone() } else { r.uid.clone() },
        url: Some(route_url(r.relative_url.as_deref().unwrap_or_default())),
        r#type: Some(kind.to_owned()),
        code: route::normalise_code(r.redirect_code.unwrap_or(0)),
        data: Some(RouteData {
            canonical_url: if is_cms { r.url_key.clone() } else { r.canonical_url.clone() },
            title: Some(title.unwrap_or_default()),
            meta_description: r.meta_description.clone(),
        }),
    }
}

/// The `ProductAttributeSortInput` of `sort`: the backend's own order is `position` in a
/// category and `relevance` in a search.
#[must_use]
pub fn sort_input(sort: ProductSort, search: bool) -> Value {
    match sort {
        ProductSort::Position if search => json!({ "relevance": "DESC" }),
        ProductSort::Position => json!({ "position": "ASC" }),
        ProductSort::Name => json!({ "name": "ASC" }),
        ProductSort::PriceAsc => json!({ "price": "ASC" }),
        ProductSort::PriceDesc => json!({ "price": "DESC" }),
    }
}

/// The variables of a listing's page: Magento pages are 1-based like ours.
#[must_use]
pub fn page_variables(page: u32, sort: ProductSort, search: bool) -> Value {
    json!({ "pageSize": listing::PAGE_SIZE, "currentPage": page, "sort": sort_input(sort, search) })
}

/// Magento refuses a `currentPage` past the last page of a non-empty listing with this
/// GraphQL error (where we answer an empty page with the right total).
#[must_use]
pub fn past_last_page(e: &DriverError) -> bool {
    matches!(e, DriverError::GraphQl(message) if message.starts_with("currentPage value"))
}

/// One page of a listing; `page` is the page asked for.
#[must_use]
pub fn product_page(products: Option<&MagentoProducts>, page: u32, media_base: &str) -> ProductPage {
    let items = products.map(|p| p.items.as_slice()).unwrap_or_default();
    ProductPage {
        products: items.iter().map(|p| product(p, media_base)).collect(),
        total_count: products.and_then(|p| p.total_count).and_then(|n| u32::try_from(n).ok()).unwrap_or_default(),
        page,
        page_size: listing::PAGE_SIZE,
        sorts: listing::offered(&listing::EVERY_SORT),
    }
}

/// A category route → its page. Breadcrumbs, url and child links are the menu's
/// (`navigation`): sorted by level, children in the menu only, by position.
///
/// # Errors
/// `NotFound` when the url is no category.
pub fn category_page(
    route: Option<&MagentoCategoryRoute>,
    url: &str,
    page: u32,
    media_base: &str,
) -> Result<CategoryPage, DriverError> {
    let Some(r) = route.filter(|r| r.kind.as_deref() == Some("CATEGORY")) else {
        return Err(DriverError::NotFound(format!("category {url}")));
    };
    let c = &r.category;
    let node = navigation(c);
    Ok(CategoryPage {
        category: Some(Category {
            id: node.id,
            name: node.name,
            url: node.url,
            description: non_empty(c.description.as_ref()),
            meta_title: non_empty(c.meta_title.as_ref()),
            meta_description: non_empty(c.meta_description.as_ref()),
            // Magento's own resolver leaves the store's root (level 1) out of breadcrumbs;
            // a store that sends it would lead shoppers to a page the menu never shows.
            breadcrumbs: node.breadcrumbs.into_iter().filter(|b| b.level > 1).collect(),
            children: node.children,
        }),
        listing: Some(product_page(c.products.as_ref(), page, media_base)),
    })
}

/// A CMS page route → the content page; its title is the page's title, else its heading.
///
/// # Errors
/// `NotFound` when the url is no CMS page.
pub fn content_page(route: Option<&MagentoCmsPage>, url: &str) -> Result<ContentPage, DriverError> {
    let Some(p) = route.filter(|r| r.kind.as_deref() == Some("CMS_PAGE")) else {
        return Err(DriverError::NotFound(format!("page {url}")));
    };
    Ok(ContentPage {
        id: p.identifier.clone().unwrap_or_default(),
        url: path(p.url_key.as_deref(), None),
        title: non_empty(p.title.as_ref()).or_else(|| p.content_heading.clone()).unwrap_or_default(),
        content: p.content.clone().unwrap_or_default(),
        meta_title: non_empty(p.meta_title.as_ref()),
        meta_description: non_empty(p.meta_description.as_ref()),
    })
}

pub mod cart;
pub mod checkout;

#[cfg(test)]
mod tests;
