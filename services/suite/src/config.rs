//! What `vitrine all` and the test kit choose; everything else is wired the same way.

use std::time::Duration;

use vitrine_domain::Backend;

#[derive(Debug, Clone)]
pub struct Config {
    /// mock-data's settings.
    pub mock: vitrine_mock_data::Config,
    /// The settings every adapter shares: the shops and the upstream timeout. The suite
    /// sets `backend` and `mock_data_url` for each adapter it starts.
    pub adapter: vitrine_adapter::Config,
    /// Backends whose calls go to an adapter already running at a URL (a test's scripted
    /// adapter) instead of one the suite starts.
    pub adapter_overrides: Vec<(Backend, String)>,
    /// spec §9: where a failed route lookup sends the visitor.
    pub failed_resolution_path: String,
    /// The edge's settings. The suite sets the domain services' URLs and adds mock-data's
    /// and the configured shops' hosts to `image_hosts`.
    pub edge: vitrine_edge::Config,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            mock: vitrine_mock_data::Config::default(),
            adapter: vitrine_adapter::Config::new(Backend::InMemory),
            adapter_overrides: Vec::new(),
            failed_resolution_path: vitrine_url_resolution::Config::default().failed_resolution_path,
            // The URLs are the suite's own, known once it has bound its listeners.
            edge: vitrine_edge::Config::new("", "", ""),
        }
    }
}

impl Config {
    /// No mock delay and short upstream time limits, so failures show quickly.
    #[must_use]
    pub fn for_test() -> Self {
        let mut config = Self::default();
        config.mock.delay = Duration::ZERO;
        config.adapter = vitrine_adapter::Config::for_test(Backend::InMemory, "");
        // Tests switch often from one address; the limits' own tests set them low.
        config.edge.switch_limits = vitrine_edge::SwitchLimits { per_session: 10_000, per_address: 10_000 };
        // A stream whose client left gives its slot back at its next comment.
        config.edge.sse_keep_alive = Duration::from_millis(200);
        config
    }

    /// Hosts the edge's image service may fetch from besides the configured ones:
    /// mock-data (its SVGs) and every configured shop (product photos).
    pub(crate) fn image_hosts(&self, mock_url: &str) -> Vec<String> {
        let a = &self.adapter;
        let magento = a.magento.iter().flat_map(|m| [Some(m.base_url.as_str()), m.media_url.as_deref()]);
        let shopify = a.shopify.as_ref().map(|s| s.endpoint.as_str());
        [Some(mock_url), a.fake_store_url.as_deref(), shopify]
            .into_iter()
            .chain(magento)
            .flatten()
            .filter_map(authority)
            .collect()
    }
}

/// `host:port` of a URL (`http://h:p/…` → `h:p`).
fn authority(url: &str) -> Option<String> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    rest.split('/').next().filter(|a| !a.is_empty()).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use vitrine_adapter::magento::MagentoConfig;
    use vitrine_adapter::shopify::ShopifyConfig;

    use super::*;

    #[test]
    fn image_hosts_are_mock_data_and_the_configured_shops() {
        let mut config = Config::for_test();
        assert_eq!(config.image_hosts("http://127.0.0.1:7000"), ["127.0.0.1:7000"]);
        config.adapter.fake_store_url = Some("http://127.0.0.1:7001".into());
        config.adapter.shopify = Some(ShopifyConfig::new("https://shop.example/", "token"));
        let mut magento = MagentoConfig::new("http://127.0.0.1:7002/");
        magento.media_url = Some("https://media.example/catalog/".into());
        config.adapter.magento = Some(magento);
        assert_eq!(
            config.image_hosts("http://127.0.0.1:7000"),
            ["127.0.0.1:7000", "127.0.0.1:7001", "shop.example", "127.0.0.1:7002", "media.example"]
        );
    }
}
