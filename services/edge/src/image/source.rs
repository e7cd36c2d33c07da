//! The image allow-list: each entry is a scheme, a host (with an optional port) and a
//! path prefix, so `/img` fetches only the image paths of the configured backends, never
//! another path on the same host (mock-data's commands, a shop's API), nor the same path
//! over another scheme (plain http where the shop is https). Which paths a backend's
//! images live under is its own folder's knowledge (its descriptor in `vitrine-adapter`),
//! given here as `[scheme://]host[:port]/path/` entries.

use std::fmt;
use std::str::FromStr;

/// One allowed place: `scheme://host[:port]/path/prefix/`. Without a port, any port of
/// the host; without a scheme, https.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageSource {
    scheme: String,
    host: String,
    port: Option<u16>,
    /// Starts and ends with `/`.
    prefix: String,
}

impl ImageSource {
    /// The entry for `url`, whose path is the prefix.
    #[must_use]
    pub fn from_url(url: &str) -> Option<Self> {
        let url = reqwest::Url::parse(url).ok()?;
        let scheme = url.scheme().to_owned();
        Some(Self { scheme, host: url.host_str()?.to_owned(), port: url.port(), prefix: with_slashes(url.path()) })
    }

    /// Whether `url` is under this entry: same scheme, same host (and port, when the entry has one)
    /// and a path under the prefix. The URL parser has already resolved `.` and `..`;
    /// encoded dots, slashes and backslashes are refused, as a server could decode them
    /// into a path outside the prefix.
    #[must_use]
    pub fn allows(&self, url: &reqwest::Url) -> bool {
        let path = url.path();
        let lower = path.to_ascii_lowercase();
        url.scheme() == self.scheme
            && url.host_str() == Some(self.host.as_str())
            && self.port.is_none_or(|p| url.port_or_known_default() == Some(p))
            && path.starts_with(&self.prefix)
            && !["%2e", "%2f", "%5c"].iter().any(|encoded| lower.contains(encoded))
    }
}

fn with_slashes(path: &str) -> String {
    let inner = path.trim_matches('/');
    if inner.is_empty() { "/".to_owned() } else { format!("/{inner}/") }
}

/// An entry that is not `[scheme://]host[:port]/path/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidImageSource(String);

impl fmt::Display for InvalidImageSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "image source {:?} is not [http(s)://]host[:port]/path/ (e.g. https://cdn.example/img/)", self.0)
    }
}

impl std::error::Error for InvalidImageSource {}

/// `[scheme://]host[:port]/path/`: `http` or `https`, https when none is written. The path
/// is required: `/` allows the whole host, and has to be written out.
impl FromStr for ImageSource {
    type Err = InvalidImageSource;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let invalid = || InvalidImageSource(s.to_owned());
        let (scheme, rest) = s.trim().split_once("://").unwrap_or(("https", s.trim()));
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return Err(invalid());
        }
        let (authority, path) = rest.split_once('/').ok_or_else(invalid)?;
        Self::from_url(&format!("{scheme}://{authority}/{path}")).filter(|_| !authority.is_empty()).ok_or_else(invalid)
    }
}

impl fmt::Display for ImageSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.port {
            Some(port) => write!(f, "{}://{}:{port}{}", self.scheme, self.host, self.prefix),
            None => write!(f, "{}://{}{}", self.scheme, self.host, self.prefix),
        }
    }
}
