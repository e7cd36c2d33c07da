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
    /// Hosts besides the endpoint's that the shop checks out on (lower case).
    pub checkout_hosts: Vec<String>,
}

impl ShopifyConfig {
    #[must_use]
    pub fn new(endpoint: &str, access_token: &str) -> Self {
        Self { endpoint: endpoint.to_owned(), access_token: access_token.to_owned(), checkout_hosts: Vec::new() }
    }

    /// POST GraphQL to `{endpoint}/api/2025-01/graphql.json`.
    #[must_use]
    pub fn graphql_url(&self) -> String {
        format!("{}/api/{API_VERSION}/graphql.json", self.endpoint.trim_end_matches('/'))
    }

    /// Where this shop may send a shopper to check out.
    #[must_use]
    pub fn handoff(&self) -> CheckoutHosts {
        let shop = reqwest::Url::parse(&self.endpoint).ok();
        CheckoutHosts { shop, hosts: self.checkout_hosts.clone() }
    }
}

/// Where a cart's checkout address may send the shopper: https on the shop's own host or
/// a host the settings name, or the shop's own origin exactly (a shop served over plain
/// http, as the local demo shop is, keeps its own scheme). Anything else (another host,
/// `http` to a https shop, `javascript:`) is not offered: an answer of the shop's that
/// named another site would send the visitor there with their cart.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckoutHosts {
    shop: Option<reqwest::Url>,
    hosts: Vec<String>,
}

impl CheckoutHosts {
    /// Whether the shopper may be sent to `url`.
    #[must_use]
    pub fn allows(&self, url: &str) -> bool {
        let Ok(url) = reqwest::Url::parse(url) else { return false };
        let Some(host) = url.host_str().map(str::to_ascii_lowercase) else { return false };
        let shop = self.shop.as_ref();
        let shop_host = shop.and_then(|s| s.host_str()).map(str::to_ascii_lowercase);
        let own_origin = shop.is_some_and(|s| s.origin() == url.origin());
        let https_here = url.scheme() == "https"
            && url.port().is_none()
            && (shop_host.as_deref() == Some(host.as_str()) || self.hosts.contains(&host));
        own_origin || https_here
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

    #[test]
    fn a_checkout_is_offered_on_the_shop_s_own_hosts_only() {
        let real = ShopifyConfig {
            checkout_hosts: vec!["shop.example".into()],
            ..ShopifyConfig::new("https://s.myshopify.com", "t")
        };
        let demo = ShopifyConfig::new("http://127.0.0.1:4000", "t");
        for (config, url, offered) in [
            (&real, "https://s.myshopify.com/cart/c/abc?key=1", true),
            (&real, "https://S.MyShopify.com/cart/c/abc", true),
            (&real, "https://shop.example/cart/c/abc", true),
            (&real, "http://s.myshopify.com/cart/c/abc", false),
            (&real, "https://s.myshopify.com:8443/cart/c/abc", false),
            (&real, "https://evil.example/cart/c/abc", false),
            (&real, "https://s.myshopify.com.evil.example/cart", false),
            (&real, "javascript:alert(1)", false),
            (&real, "//evil.example/x", false),
            (&demo, "http://127.0.0.1:4000/cart/c/abc", true),
            (&demo, "http://127.0.0.1:4001/cart/c/abc", false),
            (&demo, "http://localhost:4000/cart/c/abc", false),
        ] {
            assert_eq!(config.handoff().allows(url), offered, "{url}");
        }
    }
}
