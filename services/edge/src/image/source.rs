//! The image allow-list: each entry is a host (with an optional port) and a path prefix,
//! so `/img` fetches only the image paths of the configured backends, never another path
//! on the same host (mock-data's commands, a shop's API).

use std::fmt;
use std::str::FromStr;

/// One allowed place: `host[:port]/path/prefix/`. Without a port, any port of the host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageSource {
    host: String,
    port: Option<u16>,
    /// Starts and ends with `/`.
    prefix: String,
}

/// The roots of the configured backends, from which [`ImageSource::for_backends`] derives
/// where their product images live.
#[derive(Debug, Clone, Default)]
pub struct BackendImageRoots {
    /// mock-data's base URLs (its own address, and its public one when set).
    pub mock_data: Vec<String>,
    /// The fake store's base URL.
    pub fake_store: Option<String>,
    /// Magento's media base (`{base_url}/media/` unless set apart).
    pub magento_media: Option<String>,
    /// The Shopify storefront endpoint.
    pub shopify_endpoint: Option<String>,
    /// The Medusa store's base URL: its file module serves uploads under `/static/`
    /// (images kept elsewhere, on a CDN, are allowed with `VITRINE_IMAGE_HOSTS`).
    pub medusa: Option<String>,
}

/// Shopify's file path, on its CDN and (in the demo shop) on the shop's own host.
const SHOPIFY_FILES: &str = "/s/files/";
const SHOPIFY_CDN: &str = "cdn.shopify.com";

impl ImageSource {
    /// The entry for `url`, whose path is the prefix (`http://h:8/media/` → `h:8/media/`).
    #[must_use]
    pub fn from_url(url: &str) -> Option<Self> {
        let url = reqwest::Url::parse(url).ok()?;
        Some(Self { host: url.host_str()?.to_owned(), port: url.port(), prefix: with_slashes(url.path()) })
    }

    /// Where each configured backend's products point their images (the paths the
    /// adapters' transforms pass on): mock-data's generated `/images/`, the fake store's
    /// `/img/`, Magento's `{media}catalog/product/`, Shopify's `/s/files/` on its CDN.
    #[must_use]
    pub fn for_backends(roots: &BackendImageRoots) -> Vec<Self> {
        let trimmed = |u: &str| u.trim_end_matches('/').to_owned();
        let mut urls: Vec<String> = roots.mock_data.iter().map(|m| format!("{}/images/", trimmed(m))).collect();
        urls.extend(roots.fake_store.iter().map(|f| format!("{}/img/", trimmed(f))));
        urls.extend(roots.magento_media.iter().map(|m| format!("{}/catalog/product/", trimmed(m))));
        urls.extend(roots.medusa.iter().map(|m| format!("{}/static/", trimmed(m))));
        let mut sources: Vec<Self> = urls.iter().filter_map(|u| Self::from_url(u)).collect();
        if let Some(shop) = roots.shopify_endpoint.as_deref().and_then(|e| reqwest::Url::parse(e).ok()) {
            sources.push(Self { host: SHOPIFY_CDN.to_owned(), port: None, prefix: SHOPIFY_FILES.to_owned() });
            if let Some(host) = shop.host_str().filter(|h| *h != SHOPIFY_CDN) {
                sources.push(Self { host: host.to_owned(), port: shop.port(), prefix: SHOPIFY_FILES.to_owned() });
            }
        }
        sources.dedup();
        sources
    }

    /// Whether `url` is under this entry: same host (and port, when the entry has one)
    /// and a path under the prefix. The URL parser has already resolved `.` and `..`;
    /// encoded dots, slashes and backslashes are refused, as a server could decode them
    /// into a path outside the prefix.
    #[must_use]
    pub fn allows(&self, url: &reqwest::Url) -> bool {
        let path = url.path();
        let lower = path.to_ascii_lowercase();
        url.host_str() == Some(self.host.as_str())
            && self.port.is_none_or(|p| url.port_or_known_default() == Some(p))
            && path.starts_with(&self.prefix)
            && !["%2e", "%2f", "%5c"].iter().any(|encoded| lower.contains(encoded))
    }
}

fn with_slashes(path: &str) -> String {
    let inner = path.trim_matches('/');
    if inner.is_empty() { "/".to_owned() } else { format!("/{inner}/") }
}

/// An entry that is not `host[:port]/path/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidImageSource(String);

impl fmt::Display for InvalidImageSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "image source {:?} is not host[:port]/path/ (e.g. cdn.shopify.com/s/files/)", self.0)
    }
}

impl std::error::Error for InvalidImageSource {}

/// `host[:port]/path/` (a scheme in front is accepted and ignored). The path is required:
/// `/` allows the whole host, and has to be written out.
impl FromStr for ImageSource {
    type Err = InvalidImageSource;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let invalid = || InvalidImageSource(s.to_owned());
        let rest = s.trim().split_once("://").map_or(s.trim(), |(_, r)| r);
        let (authority, path) = rest.split_once('/').ok_or_else(invalid)?;
        Self::from_url(&format!("http://{authority}/{path}")).filter(|_| !authority.is_empty()).ok_or_else(invalid)
    }
}

impl fmt::Display for ImageSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.port {
            Some(port) => write!(f, "{}:{port}{}", self.host, self.prefix),
            None => write!(f, "{}{}", self.host, self.prefix),
        }
    }
}
