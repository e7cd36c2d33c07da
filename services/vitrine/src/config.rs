//! From command-line arguments to each library's plain config struct.

use std::time::Duration;

use anyhow::Context;
use vitrine_domain::{Backend, Driver};

use crate::cli::{AdapterUrls, BackendOptions, EdgeOptions, ImageBackendOptions, MockOptions, ShopOptions};

pub(crate) fn adapter_urls(urls: &AdapterUrls) -> Vec<(Backend, String)> {
    let mut out = vec![(Backend::InMemory, urls.adapter_in_memory_url.clone())];
    for (backend, url) in [
        (Backend::Fake, &urls.adapter_fake_url),
        (Backend::Magento, &urls.adapter_magento_url),
        (Backend::Shopify, &urls.adapter_shopify_url),
        (Backend::Medusa, &urls.adapter_medusa_url),
    ] {
        if let Some(url) = url {
            out.push((backend, url.clone()));
        }
    }
    out
}

/// `config` (which knows where the domain services are) with the edge's options.
pub(crate) fn edge(mut config: vitrine_edge::Config, opts: &EdgeOptions) -> anyhow::Result<vitrine_edge::Config> {
    config.default_driver = Driver::parse(&opts.default_driver)
        .filter(|d| d.always_enabled())
        .with_context(|| format!("VITRINE_DEFAULT_DRIVER {:?} is not an enabled driver", opts.default_driver))?;
    config.secure_cookies = opts.secure_cookies;
    config.workers = opts.http_workers.max(1);
    if opts.static_dir.join("index.html").is_file() {
        config.static_dir = Some(opts.static_dir.clone());
        // The SPA's server build, beside it (`npm run build` writes frontend/dist-ssr/).
        config.ssr_bundle = opts.static_dir.parent().map(|p| p.join("dist-ssr/entry-server.js"));
    } else {
        tracing::warn!(dir = %opts.static_dir.display(), "no built frontend there; serving the API only");
    }
    config.image_sources = opts
        .image_hosts
        .iter()
        .map(|h| h.trim())
        .filter(|h| !h.is_empty())
        .map(|h| h.parse().context("VITRINE_IMAGE_HOSTS"))
        .collect::<anyhow::Result<_>>()?;
    config.response_cache_bytes = opts.response_cache_mb.saturating_mul(1024 * 1024);
    config.switch_limits = vitrine_edge::SwitchLimits {
        per_session: opts.switches_per_minute,
        per_address: opts.switches_per_minute_per_address,
    };
    config.trust_forwarded_for = opts.trust_forwarded_for;
    config.public_url = match opts.public_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        Some(url) => Some(public_url(url)?),
        None => None,
    };
    config.head_budget = std::time::Duration::from_millis(opts.head_budget_ms);
    config.warm_pages = opts.warm_pages;
    Ok(config)
}

/// `VITRINE_PUBLIC_URL`: an http(s) origin, nothing after the host and port.
fn public_url(url: &str) -> anyhow::Result<String> {
    let parsed = reqwest::Url::parse(url).with_context(|| format!("VITRINE_PUBLIC_URL {url:?} is not a url"))?;
    let origin = parsed.origin().ascii_serialization();
    anyhow::ensure!(
        matches!(parsed.scheme(), "http" | "https") && url.trim_end_matches('/') == origin,
        "VITRINE_PUBLIC_URL {url:?} must be an http(s) origin such as https://shop.example"
    );
    Ok(origin)
}

/// The standalone edge's image paths of the configured backends (`all` derives the same
/// from the shops it runs, in `vitrine-suite`).
pub(crate) fn image_sources(opts: &ImageBackendOptions) -> Vec<vitrine_edge::ImageSource> {
    let roots = vitrine_edge::BackendImageRoots {
        mock_data: vec![opts.mock_data_public_url.clone()],
        fake_store: set(opts.fake_store_url.as_ref()).map(str::to_owned),
        magento_media: set(opts.magento_base_url.as_ref()).map(|base| {
            let mut m = vitrine_adapter::magento::MagentoConfig::new(base);
            m.media_url = set(opts.magento_media_url.as_ref()).map(str::to_owned);
            m.media_base()
        }),
        shopify_endpoint: set(opts.shopify_endpoint.as_ref()).map(str::to_owned),
        medusa: set(opts.medusa_url.as_ref()).map(str::to_owned),
    };
    vitrine_edge::ImageSource::for_backends(&roots)
}

pub(crate) fn mock_data(opts: &MockOptions) -> vitrine_mock_data::Config {
    vitrine_mock_data::Config {
        delay: Duration::from_millis(opts.mock_delay_ms),
        public_url: opts.mock_data_public_url.clone(),
    }
}

/// An unset variable and an empty one (compose's `${X:-}`) mean the same: not configured.
pub(crate) fn set(value: Option<&String>) -> Option<&str> {
    value.map(String::as_str).filter(|v| !v.trim().is_empty())
}

pub(crate) fn adapter(backend: Backend, opts: &BackendOptions) -> vitrine_adapter::Config {
    vitrine_adapter::Config { backend, mock_data_url: Some(opts.mock_data_url.clone()), ..shops(&opts.shops) }
}

/// The settings every adapter shares: the shops (each adapter uses its own backend's)
/// and the upstream time limit. `backend` and `mock_data_url` are the caller's to set.
pub(crate) fn shops(shops: &ShopOptions) -> vitrine_adapter::Config {
    let mut config = vitrine_adapter::Config::new(Backend::InMemory);
    config.fake_store_url = set(shops.fake_store_url.as_ref()).map(str::to_owned);
    config.shopify =
        match (set(shops.shopify.shopify_endpoint.as_ref()), set(shops.shopify.shopify_access_token.as_ref())) {
            (Some(endpoint), Some(token)) => Some(vitrine_adapter::shopify::ShopifyConfig::new(endpoint, token)),
            (Some(_), None) => {
                tracing::warn!(
                    "VITRINE_SHOPIFY_ENDPOINT is set without VITRINE_SHOPIFY_ACCESS_TOKEN; shopify stays undefined"
                );
                None
            }
            _ => None,
        };
    config.medusa = medusa(&shops.medusa);
    config.magento = set(shops.magento.magento_base_url.as_ref()).map(|base| {
        let mut m = vitrine_adapter::magento::MagentoConfig::new(base);
        m.store_code.clone_from(&shops.magento.magento_store_code);
        m.media_url.clone_from(&shops.magento.magento_media_url);
        m
    });
    config.upstream_timeout = Duration::from_millis(shops.upstream_timeout_ms);
    config.upstream_concurrency = shops.upstream_concurrency;
    config.upstream_max_body_bytes = shops.upstream_max_body_bytes;
    config
}

/// issue 13: the store when its URL is set. A URL without a key is still the store: its
/// refusal then names the key setting, which says more than "coming soon" would.
fn medusa(opts: &crate::cli::MedusaOptions) -> Option<vitrine_adapter::medusa::MedusaConfig> {
    let url = set(opts.medusa_url.as_ref())?;
    let key = set(opts.medusa_publishable_key.as_ref());
    if key.is_none() {
        tracing::warn!(
            "VITRINE_MEDUSA_URL is set without VITRINE_MEDUSA_PUBLISHABLE_KEY; the store will refuse the calls"
        );
    }
    let mut config = vitrine_adapter::medusa::MedusaConfig::new(url, key.unwrap_or_default());
    config.region_id = set(opts.medusa_region_id.as_ref()).map(str::to_owned);
    Some(config)
}

/// The default listen port of each driver's adapter.
pub(crate) const fn adapter_port(backend: Backend) -> u16 {
    match backend {
        Backend::InMemory => 50061,
        Backend::Fake => 50062,
        Backend::Magento => 50063,
        Backend::Shopify => 50064,
        Backend::Medusa => 50065,
    }
}
