//! The Medusa store an adapter serves.

use reqwest::header::{HeaderMap, HeaderValue};
use vitrine_domain::DriverError;

/// The header Medusa 2 reads the publishable key from.
pub const KEY_HEADER: &str = "x-publishable-api-key";

#[derive(Clone)]
pub struct MedusaConfig {
    /// The store's base URL; the Store API is under `{url}/store`.
    pub url: String,
    /// Sent with every request. Empty: none is sent, and the store's refusal names the
    /// setting to fill in (`DriverError::KeyRefused`).
    pub publishable_key: String,
    /// The region whose prices are shown; `None`: the store's first region.
    pub region_id: Option<String>,
}

impl MedusaConfig {
    #[must_use]
    pub fn new(url: &str, publishable_key: &str) -> Self {
        Self { url: url.trim_end_matches('/').to_owned(), publishable_key: publishable_key.to_owned(), region_id: None }
    }

    /// The headers of every request: the key, marked sensitive (kept out of debug output).
    ///
    /// # Errors
    /// A key that cannot be a header value (a newline, say).
    pub fn headers(&self) -> Result<HeaderMap, DriverError> {
        let mut headers = HeaderMap::new();
        if !self.publishable_key.is_empty() {
            let mut key = HeaderValue::from_str(&self.publishable_key).map_err(|_| {
                DriverError::BadInput(format!("{} is not a valid header value", super::backend::KEY_SETTING))
            })?;
            key.set_sensitive(true);
            headers.insert(KEY_HEADER, key);
        }
        Ok(headers)
    }
}

/// Printed without the key.
impl std::fmt::Debug for MedusaConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MedusaConfig")
            .field("url", &self.url)
            .field("region_id", &self.region_id)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_sent_marked_sensitive_and_never_printed() {
        let config = MedusaConfig::new("http://shop.test:9000/", "pk_secret_123");
        assert_eq!(config.url, "http://shop.test:9000");
        assert!(!format!("{config:?}").contains("pk_secret"), "{config:?}");
        let headers = config.headers().expect("headers");
        assert!(headers[KEY_HEADER].is_sensitive());
        assert_eq!(headers[KEY_HEADER], "pk_secret_123");
        assert!(MedusaConfig::new("http://x", "").headers().expect("none").is_empty(), "no key, no header");
        assert!(matches!(MedusaConfig::new("http://x", "pk\n").headers(), Err(DriverError::BadInput(_))));
    }
}
