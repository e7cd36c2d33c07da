//! The mock products, normalised as the storefront model: the spec's 35, or as many as
//! a benchmark asks for (the first 35 are the same either way).

use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use vitrine_proto::v1::{Discount, Image, Product};

use super::{rng, words};

pub const PRODUCT_COUNT: u32 = 35;
const FIRST_ID: u32 = 1001;
const SEED: u64 = 0x5eed_1001;

/// Products 1001 to 1000 + `count`, one seeded sequence, so the first 35 of a larger
/// catalogue are the spec's own. Image urls point at `image_base`, where this service
/// draws them. Lazy, so a large catalogue is turned into collection items one product at a
/// time rather than held twice.
pub fn products(image_base: &str, count: u32) -> impl Iterator<Item = Product> + '_ {
    let mut rng = rng(SEED);
    (FIRST_ID..FIRST_ID.saturating_add(count))
        .map(move |id| super::variants::with_variants(product(&mut rng, id, image_base)))
}

/// The ids of the first `count` products, in list order.
#[must_use]
pub fn ids(count: u32) -> Vec<String> {
    (FIRST_ID..FIRST_ID.saturating_add(count)).map(|id| id.to_string()).collect()
}

fn pick(rng: &mut ChaCha8Rng, list: &[&'static str]) -> &'static str {
    list.choose(rng).copied().unwrap_or_default()
}

fn product_name(rng: &mut ChaCha8Rng) -> String {
    format!("{} {} {}", pick(rng, words::ADJECTIVES), pick(rng, words::MATERIALS), pick(rng, words::PRODUCTS))
}

fn sentence(rng: &mut ChaCha8Rng, len: usize) -> String {
    let words: Vec<&str> = (0..len).map(|_| pick(rng, words::LOREM)).collect();
    let mut s = words.join(" ");
    if let Some(first) = s.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    s + "."
}

fn image(rng: &mut ChaCha8Rng, id: u32, n: usize, image_base: &str) -> Image {
    Image { id: format!("{id}-{n}"), url: format!("{image_base}/images/{id}-{n}.svg"), label: sentence(rng, 4) }
}

/// An SEO title that names the product, as a shop's does (it is the page's
/// `<title>`). It used to be another random name: that draw is still made, so the seeded
/// sequence, and so every other product, field and test fixture, stays as it was.
fn seo_title(rng: &mut ChaCha8Rng, name: &str, brand: &str) -> String {
    let _former_title = product_name(rng);
    format!("{name} | {brand}")
}

fn product(rng: &mut ChaCha8Rng, id: u32, image_base: &str) -> Product {
    let name = product_name(rng);
    // Price 1 to 1500; discount between 0 and price minus 1.
    let price: u32 = rng.random_range(1..=1500);
    let discount: u32 = rng.random_range(0..price);
    let image_count = rng.random_range(1..=10);
    let images = (1..=image_count).map(|n| image(rng, id, n, image_base)).collect();
    let feature = pick(rng, words::FEATURES);
    let description =
        format!("<p>The {name} is {feature}.</p><ul><li>{}</li><li>{}</li></ul>", sentence(rng, 6), sentence(rng, 5));
    let brand = format!("{} {}", pick(rng, words::SURNAMES), pick(rng, words::COMPANY_SUFFIXES));
    Product {
        id: id.to_string(),
        r#type: "simple".to_owned(),
        // The in-memory mock gives each product a url of the form /{id}.
        url: format!("/{id}"),
        canonical_url: Some(format!("/{id}")),
        thumbnail: Some(image(rng, id, 0, image_base)),
        images,
        // Whole dollars, in cents.
        price: Some(i64::from(price) * 100),
        discount: Some(Discount { amount: i64::from(discount) * 100, percent: f64::from(discount * 100 / price) }),
        in_stock: Some(true),
        short_description: Some(format!("{name}, {feature}.")),
        meta_title: Some(seo_title(rng, &name, &brand)),
        meta_description: Some(sentence(rng, 10)),
        description: Some(description),
        brand: Some(brand),
        name,
        review_count: None,
        rating_summary: None,
        sku: Some(format!("MOCK-{id}")),
        currency: Some("USD".to_owned()),
        // Made apart from the seeded sequence: `super::variants`.
        options: Vec::new(),
        variants: Vec::new(),
        prices_include_tax: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_five_products_within_spec_limits() {
        let all: Vec<Product> = products("http://img", PRODUCT_COUNT).collect();
        assert_eq!(all.len(), 35);
        for (i, p) in all.iter().enumerate() {
            let expected_id = 1001 + u32::try_from(i).unwrap_or_default();
            assert_eq!(p.id, expected_id.to_string());
            assert_eq!(p.url, format!("/{}", p.id));
            let price = p.price.unwrap_or_default();
            assert!((100..=150_000).contains(&price) && price % 100 == 0, "price {price}: whole dollars");
            let discount = p.discount.as_ref().map(|d| d.amount).unwrap_or(-100);
            assert!((0..price).contains(&discount), "discount {discount} of {price}");
            assert!((1..=10).contains(&p.images.len()), "images {}", p.images.len());
            assert!(p.thumbnail.as_ref().is_some_and(|t| t.url.starts_with("http://img/images/")));
            assert!(p.brand.is_some() && p.description.is_some());
        }
    }

    #[test]
    fn generation_is_seeded_and_a_larger_catalogue_starts_with_the_spec_s() {
        let spec: Vec<Product> = products("x", PRODUCT_COUNT).collect();
        assert_eq!(spec, products("x", PRODUCT_COUNT).collect::<Vec<_>>());
        let larger: Vec<Product> = products("x", 100).collect();
        assert_eq!((larger.len(), &larger[..35]), (100, spec.as_slice()));
    }
}
