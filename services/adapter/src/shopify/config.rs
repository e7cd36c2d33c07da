//! Shopify settings (the spec's "Driver settings": endpoint, access_token; §9 API 2025-01).

/// Shopify API version.
pub const API_VERSION: &str = "2025-01";
/// Default list length.
pub const DEFAULT_LIST_LENGTH: usize = 20;
/// The most a connection answers at once (`first` ≤ 250): the stride of a cursor walk.
pub const MAX_CONNECTION_LENGTH: u32 = 250;

#[derive(Clone, PartialEq, Eq)]
pub struct ShopifyConfig {
    /// The shop, e.g. `https://shop.myshopify.com`.
    pub endpoint: String,
    /// The Storefront access token: a secret, never logged or sent to a browser.
    pub access_token: String,
}

impl ShopifyConfig {
    #[must_use]
    pub fn new(endpoint: &str, access_token: &str) -> Self {
        Self { endpoint: endpoint.to_owned(), access_token: access_token.to_owned() }
    }

    /// POST GraphQL to `{endpoint}/api/2025-01/graphql.json`.
    #[must_use]
    pub fn graphql_url(&self) -> String {
        format!("{}/api/{API_VERSION}/graphql.json", self.endpoint.trim_end_matches('/'))
    }
}

/// Redacts the token, so a stray `{:?}` cannot leak it.
impl std::fmt::Debug for ShopifyConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShopifyConfig").field("endpoint", &self.endpoint).field("access_token", &"<redacted>").finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_and_redaction() {
        let c = ShopifyConfig::new("https://s.test/", "shpat_secret");
        assert_eq!(c.graphql_url(), "https://s.test/api/2025-01/graphql.json");
        assert!(!format!("{c:?}").contains("shpat_secret"));
    }
}
