//! Magento settings (the spec's "Driver settings": baseUrl, storeCode default 'default').

/// Default store code.
pub const DEFAULT_STORE_CODE: &str = "default";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MagentoConfig {
    /// The shop's base URL, e.g. `https://magento.test/`.
    pub base_url: String,
    /// Sent as the `Store` header.
    pub store_code: String,
    /// Where gallery files live; default `{base_url}/media/`.
    pub media_url: Option<String>,
}

impl MagentoConfig {
    #[must_use]
    pub fn new(base_url: &str) -> Self {
        Self { base_url: base_url.to_owned(), store_code: DEFAULT_STORE_CODE.to_owned(), media_url: None }
    }

    /// GraphQL at the base URL's default path `graphql`.
    #[must_use]
    pub fn endpoint(&self) -> String {
        format!("{}/graphql", self.base_url.trim_end_matches('/'))
    }

    #[must_use]
    pub fn media_base(&self) -> String {
        self.media_url.clone().unwrap_or_else(|| format!("{}/media/", self.base_url.trim_end_matches('/')))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoint_and_media_follow_the_base_url() {
        for (base, endpoint, media) in [
            ("https://m.test", "https://m.test/graphql", "https://m.test/media/"),
            ("https://m.test/", "https://m.test/graphql", "https://m.test/media/"),
            ("http://127.0.0.1:9/shop/", "http://127.0.0.1:9/shop/graphql", "http://127.0.0.1:9/shop/media/"),
        ] {
            let c = MagentoConfig::new(base);
            assert_eq!(
                (c.endpoint().as_str(), c.media_base().as_str(), c.store_code.as_str()),
                (endpoint, media, "default")
            );
        }
    }
}
