//! What `vitrine all` and the test kit choose; everything else is wired the same way.

use std::time::Duration;

use vitrine_domain::Backend;

#[derive(Debug, Clone)]
pub struct Config {
    /// mock-data's settings.
    pub mock: vitrine_mock_data::Config,
    /// The settings every adapter shares: every backend's settings and the upstream
    /// limits. The suite sets `backend` and the in-memory backend's mock-data URL (its
    /// own mock-data) for each adapter it starts.
    pub adapter: vitrine_adapter::Config,
    /// Backends whose calls go to an adapter already running at a URL (a test's scripted
    /// adapter) instead of one the suite starts.
    pub adapter_overrides: Vec<(Backend, String)>,
    /// Where a failed route lookup sends the visitor.
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
        config.edge.switch_limits = vitrine_edge::Limits { per_session: 10_000, per_address: 10_000 };
        // A stream whose client left gives its slot back at its next comment.
        config.edge.sse_keep_alive = Duration::from_millis(200);
        config
    }

    /// Where the edge's image service may fetch from besides the configured sources:
    /// the image paths of mock-data (its SVGs, at its own and its public address) and of
    /// every configured shop (product photos), as each backend's descriptor derives them.
    pub(crate) fn image_sources(&self, mock_url: &str) -> Vec<vitrine_edge::ImageSource> {
        let mock = std::iter::once(mock_url)
            .chain(self.mock.public_url.as_deref())
            .map(|m| format!("{}/images/", m.trim_end_matches('/')));
        let shops = vitrine_adapter::BACKENDS.iter().flat_map(|d| (d.image_roots)(&self.adapter.settings(d.backend)));
        let mut sources: Vec<vitrine_edge::ImageSource> =
            mock.chain(shops).filter_map(|root| root.parse().ok()).collect();
        sources.dedup();
        sources
    }
}

#[cfg(test)]
mod tests {
    use vitrine_adapter::{fake_store, magento, shopify};

    use super::*;

    #[test]
    fn image_sources_are_the_image_paths_of_mock_data_and_the_configured_shops() {
        let shown = |c: &Config| -> Vec<String> {
            c.image_sources("http://127.0.0.1:7000").iter().map(ToString::to_string).collect()
        };
        let mut config = Config::for_test();
        assert_eq!(shown(&config), ["http://127.0.0.1:7000/images/"]);
        config.mock.public_url = Some("http://mock-data:50070".into());
        config.adapter.set(Backend::Fake, fake_store::backend::URL, "http://127.0.0.1:7001");
        config.adapter.set(Backend::Shopify, shopify::backend::ENDPOINT, "https://shop.example/api/graphql.json");
        config.adapter.set(Backend::Shopify, shopify::backend::ACCESS_TOKEN, "token");
        config.adapter.set(Backend::Magento, magento::backend::BASE_URL, "http://127.0.0.1:7002/");
        assert_eq!(
            shown(&config),
            [
                "http://127.0.0.1:7000/images/",
                "http://mock-data:50070/images/",
                "http://127.0.0.1:7001/img/",
                "http://127.0.0.1:7002/media/catalog/product/",
                "https://cdn.shopify.com/s/files/",
                "https://shop.example/s/files/",
            ]
        );
        config.adapter.set(Backend::Magento, magento::backend::MEDIA_URL, "https://media.example/m/");
        assert!(shown(&config).contains(&"https://media.example/m/catalog/product/".to_owned()));
    }
}
