//! The SPA's address rules, read from the table the SPA owns
//! (`frontend/src/api/addresses.json`, which its `src/api/addresses.ts` reads too): the
//! data keys, the listing parameters and their defaults, the image boxes and `sizes`, the
//! search page and the SPA's own pages. What the edge writes (inlined data, heads, first
//! paints, preloads) names the very addresses the SPA asks for because both read one
//! table; only the mechanism is here (encoding as `encodeURIComponent` does, defaults left
//! out). The table's examples hold this mechanism to it, as a Vitest test holds the SPA's.
//!
//! The table is compiled in (`include_str!`) and read once: [`check`] at the edge's start
//! (a malformed table stops the start with its error, and fails this module's tests),
//! then [`table`], whose values are all worked out at that first read.

use std::sync::LazyLock;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde::Deserialize;

use crate::dto::Sort;
use crate::image_widths::WIDTHS as IMAGE_WIDTHS;

/// The table, as the SPA's build reads it.
const SOURCE: &str = include_str!("../../../frontend/src/api/addresses.json");

static TABLE: LazyLock<Result<Table, String>> = LazyLock::new(|| Table::parse(SOURCE));

/// Whether the compiled-in table reads; its error, naming the file, if not.
pub(crate) fn check() -> Result<(), String> {
    TABLE.as_ref().map(|_| ()).map_err(|e| format!("frontend/src/api/addresses.json: {e}"))
}

/// The table. The edge does not start unless [`check`] passed, and the tests read the
/// same compiled-in file, so no request reaches the `expect`.
pub(crate) fn table() -> &'static Table {
    TABLE.as_ref().expect("the address table is checked at start")
}

/// What JavaScript's `encodeURIComponent` leaves as it is: letters, digits and
/// `-_.!~*'()`.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// `encodeURIComponent(text)`.
pub(crate) fn encode_component(text: &str) -> String {
    utf8_percent_encode(text, COMPONENT).to_string()
}

// The table's shape, as written (names as the SPA's code reads them).

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Raw {
    #[serde(rename = "about")]
    _about: String,
    keys: Keys,
    keyed: RawKeyed,
    listing: RawListing,
    search: SearchPage,
    images: RawImages,
    own: RawOwn,
    /// Read by the tests only.
    #[serde(rename = "examples")]
    _examples: serde::de::IgnoredAny,
}

/// The keys of the answers that take no input: the SPA's keys, the API's addresses, and
/// the response cache's keys of those answers alike.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Keys {
    pub(crate) driver: String,
    pub(crate) navigation: String,
    pub(crate) best_sellers: String,
    pub(crate) categories: String,
    pub(crate) home_head: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RawKeyed {
    page: Keyed,
    search: Keyed,
    search_head: Keyed,
}

/// A key with an input: its prefix, then the input encoded, then the listing parameters
/// it carries.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Keyed {
    prefix: String,
    carries: Vec<Param>,
    /// The key without an input (the search page's head without words).
    #[serde(default)]
    without_words: Option<String>,
}

/// A listing parameter, by its role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Param {
    Page,
    Sort,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RawListing {
    page: Named<u32>,
    sort: Named<String>,
    leave_out_defaults: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Named<T> {
    name: String,
    default: T,
}

/// The search page: its path and the parameter of its words.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SearchPage {
    pub(crate) path: String,
    pub(crate) words: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawImages {
    url: String,
    boxes: Boxes,
    sizes: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Boxes {
    product: u32,
    card: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOwn {
    cart: RawOwnPage,
    compare: RawOwnPage,
    checkout: RawOwnPage,
    order: RawOwnPage,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RawOwnPage {
    path: String,
    #[serde(default)]
    canonical: Option<String>,
    title: String,
    head_key: String,
    noindex: bool,
}

// The table as the edge uses it: every value it can work out once, worked out.

/// The address table, read.
#[derive(Debug)]
pub(crate) struct Table {
    pub(crate) keys: Keys,
    page: Keyed,
    search: Keyed,
    search_head: Keyed,
    search_head_without_words: String,
    listing: Listing,
    pub(crate) search_page: SearchPage,
    image_url: ImageUrl,
    /// `sizes` of each box, written once.
    sizes: [(u32, String); 2],
    /// The own pages, in [`crate::spa_routes::Own`]'s order.
    pub(crate) own: [OwnPage; 4],
}

#[derive(Debug)]
struct Listing {
    page: Named<u32>,
    sort_name: String,
    sort_default: Sort,
    leave_out_defaults: bool,
}

/// `/img?src={src}&w={width}` cut at its two holes.
#[derive(Debug)]
struct ImageUrl {
    before_src: String,
    before_width: String,
    after: String,
}

/// A box an image is shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ImageBox {
    /// A product page's main picture.
    Product,
    /// A card's.
    Card,
}

/// One of the SPA's own pages.
#[derive(Debug)]
pub(crate) struct OwnPage {
    /// Its path's segments after the first `/`; `None` for a `:name` (one non-empty segment).
    pattern: Vec<Option<String>>,
    /// Its canonical link: its path, or the table's `canonical` for a path with a `:name`.
    pub(crate) canonical: String,
    pub(crate) title: String,
    pub(crate) head_key: String,
    pub(crate) noindex: bool,
}

impl Table {
    fn parse(json: &str) -> Result<Self, String> {
        let raw: Raw = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let sort_default = Sort::parse(&raw.listing.sort.default)
            .ok_or_else(|| format!("listing.sort.default: {:?} is no sort", raw.listing.sort.default))?;
        let search_head_without_words =
            raw.keyed.search_head.without_words.clone().ok_or("keyed.searchHead: withoutWords is missing")?;
        for (name, keyed) in
            [("page", &raw.keyed.page), ("search", &raw.keyed.search), ("searchHead", &raw.keyed.search_head)]
        {
            if !keyed.prefix.starts_with('/') || !keyed.prefix.ends_with('=') {
                return Err(format!(
                    "keyed.{name}.prefix: {:?} is not a path ending in a parameter's `=`",
                    keyed.prefix
                ));
            }
        }
        let image_url = ImageUrl::parse(&raw.images.url)?;
        let sizes = |size: u32| {
            raw.images.sizes.contains("{box}").then(|| raw.images.sizes.replace("{box}", &size.to_string()))
        };
        let sizes = [raw.images.boxes.product, raw.images.boxes.card]
            .map(|size| sizes(size).map(|s| (size, s)).ok_or("images.sizes: no {box} in it"));
        let [product, card] = sizes;
        let own = raw.own;
        Ok(Self {
            keys: raw.keys,
            page: raw.keyed.page,
            search: raw.keyed.search,
            search_head: raw.keyed.search_head,
            search_head_without_words,
            listing: Listing {
                page: raw.listing.page,
                sort_name: raw.listing.sort.name,
                sort_default,
                leave_out_defaults: raw.listing.leave_out_defaults,
            },
            search_page: raw.search,
            image_url,
            sizes: [product?, card?],
            own: [
                OwnPage::read("cart", own.cart)?,
                OwnPage::read("compare", own.compare)?,
                OwnPage::read("checkout", own.checkout)?,
                OwnPage::read("order", own.order)?,
            ],
        })
    }

    /// The name of the page number's parameter.
    pub(crate) fn page_param(&self) -> &str {
        &self.listing.page.name
    }

    /// The name of the order's parameter.
    pub(crate) fn sort_param(&self) -> &str {
        &self.listing.sort_name
    }

    /// `&name=value` for each listing parameter `carries`, in its order; defaults left out
    /// where the table says so, so one request has one key.
    fn listing_query(&self, carries: &[Param], page: u32, sort: Sort) -> String {
        let listing = &self.listing;
        let mut query = String::new();
        for param in carries {
            let (name, value, default) = match param {
                Param::Page => (&listing.page.name, page.to_string(), page == listing.page.default),
                Param::Sort => (&listing.sort_name, encode_component(sort.as_str()), sort == listing.sort_default),
            };
            if !(listing.leave_out_defaults && default) {
                query.push_str(&format!("&{name}={value}"));
            }
        }
        query
    }

    fn key(&self, keyed: &Keyed, input: &str, page: u32, sort: Sort) -> String {
        format!("{}{}{}", keyed.prefix, encode_component(input), self.listing_query(&keyed.carries, page, sort))
    }

    /// A storefront path's resolution and its page's data (`api.page`).
    pub(crate) fn page_key(&self, path: &str, page: u32, sort: Sort) -> String {
        self.key(&self.page, path, page, sort)
    }

    /// One page of a search (`api.search`).
    pub(crate) fn search_key(&self, words: &str, page: u32, sort: Sort) -> String {
        self.key(&self.search, words, page, sort)
    }

    /// The search page's head (`api.searchHead`): its words and page; without words, the plain one.
    pub(crate) fn search_head_key(&self, words: Option<&str>, page: u32) -> String {
        words.map_or_else(
            || self.search_head_without_words.clone(),
            |w| self.key(&self.search_head, w, page, self.listing.sort_default),
        )
    }

    /// The image service's address of `src` at `width` (`imageUrl`).
    pub(crate) fn image_path(&self, src: &str, width: u32) -> String {
        let url = &self.image_url;
        format!("{}{}{}{width}{}", url.before_src, encode_component(src), url.before_width, url.after)
    }

    /// A product image in `image_box` as `ProductImage` asks for it: its `src`, `srcset`
    /// and `sizes`. The preload and the first paint use these very values, so the
    /// browser's one fetch serves both and the app.
    pub(crate) fn image_sources(&self, src: &str, image_box: ImageBox) -> (String, String, &str) {
        let srcset = IMAGE_WIDTHS.map(|w| format!("{} {w}w", self.image_path(src, w))).join(", ");
        (self.image_path(src, IMAGE_WIDTHS[0]), srcset, &self.sizes[image_box as usize].1)
    }

    /// The size in CSS pixels of `image_box`.
    #[cfg(test)]
    fn image_box(&self, image_box: ImageBox) -> u32 {
        self.sizes[image_box as usize].0
    }
}

impl ImageUrl {
    fn parse(template: &str) -> Result<Self, String> {
        let cut = || {
            let (before_src, rest) = template.split_once("{src}")?;
            let (before_width, after) = rest.split_once("{width}")?;
            Some(Self {
                before_src: before_src.to_owned(),
                before_width: before_width.to_owned(),
                after: after.to_owned(),
            })
        };
        cut().ok_or_else(|| format!("images.url: {template:?} has no {{src}} then {{width}}"))
    }
}

impl OwnPage {
    fn read(name: &str, raw: RawOwnPage) -> Result<Self, String> {
        let segments = raw.path.strip_prefix('/').ok_or_else(|| format!("own.{name}.path: not a path"))?;
        let pattern: Vec<Option<String>> =
            segments.split('/').map(|s| (!s.starts_with(':')).then(|| s.to_owned())).collect();
        if pattern.iter().flatten().any(String::is_empty) {
            return Err(format!("own.{name}.path: an empty segment"));
        }
        let canonical = match raw.canonical {
            Some(canonical) => canonical,
            None if pattern.iter().all(Option::is_some) => raw.path,
            None => return Err(format!("own.{name}: a path with a :name needs a canonical")),
        };
        Ok(Self { pattern, canonical, title: raw.title, head_key: raw.head_key, noindex: raw.noindex })
    }

    /// Whether `path` (joined segments) is this page's.
    pub(crate) fn is_at(&self, path: &str) -> bool {
        let Some(segments) = path.strip_prefix('/') else { return false };
        let mut segments = segments.split('/');
        let mut pattern = self.pattern.iter();
        loop {
            match (pattern.next(), segments.next()) {
                (None, None) => return true,
                (Some(Some(fixed)), Some(segment)) if fixed == segment => {}
                (Some(None), Some(segment)) if !segment.is_empty() => {}
                _ => return false,
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
