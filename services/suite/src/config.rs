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
    /// The edge's settings. The suite sets the domain services' URLs and adds the image
    /// paths of mock-data and the configured shops to `image_sources`.
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

    /// Where the edge's image service may fetch from besides the configured sources:
    /// the image paths of mock-data (its SVGs, at its own and its public address) and of
    /// every configured shop (product photos).
    pub(crate) fn image_sources(&self, mock_url: &str) -> Vec<vitrine_edge::ImageSource> {
        let a = &self.adapter;
        let roots = vitrine_edge::BackendImageRoots {
            mock_data: std::iter::once(mock_url).chain(self.mock.public_url.as_deref()).map(str::to_owned).collect(),
            fake_store: a.fake_store_url.clone(),
            magento_media: a.magento.as_ref().map(vitrine_adapter::magento::MagentoConfig::media_base),
            shopify_endpoint: a.shopify.as_ref().map(|s| s.endpoint.clone()),
            medusa: a.medusa.as_ref().map(|m| m.url.clone()),
        };
        vitrine_edge::ImageSource::for_backends(&roots)
    }
}

#[cfg(test)]
mod tests {
    use vitrine_adapter::magento::MagentoConfig;
    use vitrine_adapter::shopify::ShopifyConfig;

    use super::*;

    #[test]
    fn image_sources_are_the_image_paths_of_mock_data_and_the_configured_shops() {
        let shown = |c: &Config| -> Vec<String> {
            c.image_sources("http://127.0.0.1:7000").iter().map(ToString::to_string).collect()
        };
        let mut config = Config::for_test();
        assert_eq!(shown(&config), ["127.0.0.1:7000/images/"]);
        config.mock.public_url = Some("http://mock-data:50070".into());
        config.adapter.fake_store_url = Some("http://127.0.0.1:7001".into());
        config.adapter.shopify = Some(ShopifyConfig::new("https://shop.example/api/graphql.json", "token"));
        config.adapter.magento = Some(MagentoConfig::new("http://127.0.0.1:7002/"));
        assert_eq!(
            shown(&config),
            [
                "127.0.0.1:7000/images/",
                "mock-data:50070/images/",
                "127.0.0.1:7001/img/",
                "127.0.0.1:7002/media/catalog/product/",
                "cdn.shopify.com/s/files/",
                "shop.example/s/files/",
            ]
        );
        let mut magento = MagentoConfig::new("http://127.0.0.1:7002/");
        magento.media_url = Some("https://media.example/m/".into());
        config.adapter.magento = Some(magento);
        assert!(shown(&config).contains(&"media.example/m/catalog/product/".to_owned()));
    }
}
