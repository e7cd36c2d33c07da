//! Browsing: the menu, a category's pages and sorts, a product by its URL, a URL that
//! names nothing, search, a product's options and variants, a content page.

use std::collections::HashSet;

use anyhow::Context as _;
use vitrine_domain::money;
use vitrine_proto::v1::{
    CategoryRequest, DriverRequest, NavigationNode, Product, ProductPage, ProductSort, SearchRequest, UrlRequest,
};

use super::{Outcome, Report, Target, applicable, same};

pub(super) async fn run(t: &Target<'_>, r: &mut Report) {
    r.record("browse: the menu", menu(t).await);
    r.record("browse: a category's pages", paging(t).await);
    for (name, sort) in [
        ("browse: a category by name", ProductSort::Name),
        ("browse: a category by price, lowest first", ProductSort::PriceAsc),
        ("browse: a category by price, highest first", ProductSort::PriceDesc),
    ] {
        r.record(name, sorted(t, sort).await);
    }
    r.record("browse: a product by its URL", product(t).await);
    r.record("browse: a URL that names nothing", missing(t, &t.fixture.browse.missing).await);
    let unpublished = match applicable(&t.fixture.browse.unpublished) {
        Ok(url) => missing(t, url).await,
        Err(na) => Ok(na),
    };
    r.record("browse: a product not yet published is not there", unpublished);
    r.record("browse: search", search(t).await);
    r.record("browse: options and variants", variants(t).await);
    r.record("browse: a content page", content(t).await);
}

impl Target<'_> {
    fn url(&self, url: &str) -> UrlRequest {
        UrlRequest { driver: self.driver(), url: url.into(), fresh_after_ms: 0 }
    }

    async fn category(&self, page: u32, sort: ProductSort) -> anyhow::Result<ProductPage> {
        let request = CategoryRequest {
            driver: self.driver(),
            url: self.fixture.browse.category.clone(),
            page,
            sort: sort.into(),
            fresh_after_ms: 0,
        };
        let answer = self.c().get_category_page(request).await.with_context(|| format!("page {page}, {sort:?}"))?;
        answer.into_inner().listing.context("a category page without its listing")
    }

    async fn product_at(&self, url: &str) -> anyhow::Result<Product> {
        let answer = self.c().get_product_by_url(self.url(url)).await.with_context(|| format!("product {url}"))?;
        answer.into_inner().products.into_iter().next().context("an answer without its product")
    }
}

fn ids(page: &ProductPage) -> Vec<String> {
    page.products.iter().map(|p| p.id.clone()).collect()
}

async fn menu(t: &Target<'_>) -> anyhow::Result<Outcome> {
    if let Err(na) = applicable(&t.fixture.browse.menu) {
        return Ok(na);
    }
    let root = t.c().get_navigation(DriverRequest { driver: t.driver(), fresh_after_ms: 0 }).await?.into_inner();
    anyhow::ensure!(!root.children.is_empty(), "an empty menu");
    fn walk<'n>(node: &'n NavigationNode, depth: usize, all: &mut Vec<(usize, &'n NavigationNode)>) {
        for child in &node.children {
            all.push((depth, child));
            walk(child, depth + 1, all);
        }
    }
    let mut all = Vec::new();
    walk(&root, 1, &mut all);
    for (depth, node) in &all {
        anyhow::ensure!(*depth <= 3, "{:?} is {depth} levels deep: the menu has three", node.url);
        anyhow::ensure!(!node.name.trim().is_empty() && node.url.starts_with('/'), "an item without name or URL");
    }
    let category = &t.fixture.browse.category;
    anyhow::ensure!(all.iter().any(|(_, n)| &n.url == category), "{category} is not in the menu");
    Ok(Outcome::Ran)
}

async fn paging(t: &Target<'_>) -> anyhow::Result<Outcome> {
    let first = t.category(1, ProductSort::Position).await?;
    let size = first.page_size as usize;
    let total = first.total_count as usize;
    same("page 1's number", first.page, 1)?;
    anyhow::ensure!(!first.products.is_empty(), "page 1 is empty");
    anyhow::ensure!(first.products.len() <= size, "{} products on a page of {size}", first.products.len());
    anyhow::ensure!(total >= first.products.len(), "a total of {total} below page 1's {}", first.products.len());
    let pages = total.div_ceil(size.max(1));
    if pages > 1 {
        let second = t.category(2, ProductSort::Position).await?;
        same("page 2's number", second.page, 2)?;
        anyhow::ensure!(!second.products.is_empty(), "page 2 of {pages} is empty");
        let one: HashSet<String> = ids(&first).into_iter().collect();
        anyhow::ensure!(ids(&second).iter().all(|id| !one.contains(id)), "page 2 repeats page 1");
    } else {
        same("page 1 holds all", first.products.len(), total)?;
    }
    let past = u32::try_from(pages + 1).unwrap_or(u32::MAX);
    let beyond = t.category(past, ProductSort::Position).await?;
    same("a page past the last", (beyond.products.len(), beyond.total_count as usize), (0, total))?;
    Ok(Outcome::Ran)
}

async fn sorted(t: &Target<'_>, sort: ProductSort) -> anyhow::Result<Outcome> {
    let first = t.category(1, ProductSort::Position).await?;
    if !first.sorts().any(|s| s == sort) {
        return Ok(Outcome::NotApplicable("the backend does not offer this order"));
    }
    let page = t.category(1, sort).await?;
    anyhow::ensure!(page.products.len() > 1, "too few products to see an order");
    let names: Vec<String> = page.products.iter().map(|p| p.name.to_lowercase()).collect();
    // A composite product (Magento's bundle) is priced as a range: shown at its highest
    // price (the page's rule) and ordered by its lowest (the shop's index), so its place
    // says nothing of the order of the prices shown.
    let priced = page.products.iter().filter(|p| p.r#type != "composite");
    // The price a shopper pays, as the shops order by it.
    let paid = |p: &vitrine_proto::v1::Product| {
        money::paid(p.price.unwrap_or_default(), p.discount.as_ref().map(|d| d.amount))
    };
    let prices: Vec<i64> = priced.map(paid).collect();
    let in_order = match sort {
        ProductSort::Name => names.is_sorted(),
        ProductSort::PriceAsc => prices.is_sorted_by(|a, b| a <= b),
        ProductSort::PriceDesc => prices.is_sorted_by(|a, b| a >= b),
        ProductSort::Position => true,
    };
    anyhow::ensure!(in_order, "not in order: {names:?} {prices:?}");
    Ok(Outcome::Ran)
}

async fn product(t: &Target<'_>) -> anyhow::Result<Outcome> {
    let url = &t.fixture.browse.product;
    let product = t.product_at(url).await?;
    anyhow::ensure!(!product.name.trim().is_empty(), "a product without a name");
    anyhow::ensure!(product.price.is_some_and(|p| p > 0), "a product without a price: {:?}", product.price);
    anyhow::ensure!(product.url == *url || product.canonical_url.as_ref() == Some(url), "its URL is {}", product.url);
    let route = t.c().resolve(t.url(url)).await?.into_inner();
    same("the route", (route.r#type.as_deref(), route.code), (Some("PRODUCT"), 200))?;
    Ok(Outcome::Ran)
}

async fn missing(t: &Target<'_>, url: &str) -> anyhow::Result<Outcome> {
    let product = t.c().get_product_by_url(t.url(url)).await;
    same("a product at a URL that names nothing", product.err().map(|s| s.code()), Some(tonic::Code::NotFound))?;
    let route = t.c().resolve(t.url(url)).await?.into_inner();
    same("its route", (route.r#type, route.code), (None, 404))?;
    Ok(Outcome::Ran)
}

async fn search(t: &Target<'_>) -> anyhow::Result<Outcome> {
    let search = |query: &str| SearchRequest {
        driver: t.driver(),
        query: query.into(),
        page: 1,
        sort: ProductSort::Position.into(),
        fresh_after_ms: 0,
    };
    let found = t.c().search(search(&t.fixture.browse.search)).await?.into_inner();
    let product = &t.fixture.browse.product;
    let urls: Vec<&str> = found.products.iter().map(|p| p.url.as_str()).collect();
    anyhow::ensure!(urls.contains(&product.as_str()), "{:?} finds {urls:?}, not {product}", t.fixture.browse.search);
    let none = t.c().search(search("zqxjv-no-such-product")).await?.into_inner();
    same("a word nothing has", (none.products.len(), none.total_count), (0, 0))?;
    Ok(Outcome::Ran)
}

async fn variants(t: &Target<'_>) -> anyhow::Result<Outcome> {
    if let Err(na) = applicable(&t.fixture.browse.variants) {
        return Ok(na);
    }
    let product = t.product_at(&t.fixture.browse.product).await?;
    anyhow::ensure!(!product.options.is_empty(), "no options");
    anyhow::ensure!(product.variants.len() > 1, "{} variant(s)", product.variants.len());
    let mut ids = HashSet::new();
    let mut choices = HashSet::new();
    for v in &product.variants {
        anyhow::ensure!(ids.insert(v.id.clone()), "variant {} twice", v.id);
        anyhow::ensure!(v.price.is_some_and(|p| p > 0), "variant {} has no price", v.id);
        anyhow::ensure!(v.in_stock.is_some(), "variant {} says nothing of its stock", v.id);
        for s in &v.selected {
            let option = product.options.iter().find(|o| o.name == s.name);
            let listed = option.is_some_and(|o| o.values.contains(&s.value));
            anyhow::ensure!(listed, "variant {}'s {}: {} is not among the options", v.id, s.name, s.value);
        }
        let choice: Vec<(String, String)> = v.selected.iter().map(|s| (s.name.clone(), s.value.clone())).collect();
        anyhow::ensure!(choices.insert(choice), "two variants share variant {}'s choice", v.id);
    }
    Ok(Outcome::Ran)
}

async fn content(t: &Target<'_>) -> anyhow::Result<Outcome> {
    let url = match applicable(&t.fixture.browse.content) {
        Ok(url) => url,
        Err(na) => return Ok(na),
    };
    let page = t.c().get_content_page(t.url(url)).await?.into_inner();
    anyhow::ensure!(!page.title.trim().is_empty() && !page.content.trim().is_empty(), "an empty page: {page:?}");
    let route = t.c().resolve(t.url(url)).await?.into_inner();
    same("its route", (route.r#type.as_deref(), route.code), (Some("CMS_PAGE"), 200))?;
    Ok(Outcome::Ran)
}
