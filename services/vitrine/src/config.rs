//! From command-line arguments to each library's plain config struct.

use std::time::Duration;

use anyhow::Context;
use vitrine_common::store;
use vitrine_domain::{Backend, Driver};

use crate::backends::Backends;
use crate::cli::{Cli, EdgeOptions, ImageBackendOptions, MockOptions, UpstreamOptions};

/// The store: Redis at a URL, the primary Sentinels name, or embedded.
pub(crate) fn store(cli: &Cli) -> anyhow::Result<store::StoreConfig> {
    let Some(sentinels) = &cli.redis_sentinels else {
        return Ok(cli.redis_url.clone().map_or(store::StoreConfig::Embedded, store::StoreConfig::Redis));
    };
    let sentinels = store::SentinelConfig::parse_sentinels(sentinels)
        .map_err(|e| anyhow::anyhow!("VITRINE_REDIS_SENTINELS: {e}"))?;
    let master = cli.redis_sentinel_master.clone().filter(|m| !m.is_empty());
    let master = master.context("VITRINE_REDIS_SENTINELS needs VITRINE_REDIS_SENTINEL_MASTER")?;
    Ok(store::StoreConfig::Sentinel(store::SentinelConfig {
        sentinels,
        master,
        sentinel_password: cli.redis_sentinel_password.clone(),
        redis_password: cli.redis_password.clone(),
    }))
}

/// `config` (which knows where the domain services are) with the edge's options. The
/// default driver must be one `backends` offers: always enabled, or configured there.
pub(crate) fn edge(
    mut config: vitrine_edge::Config,
    opts: &EdgeOptions,
    backends: &Backends,
    role: EdgeRole,
) -> anyhow::Result<vitrine_edge::Config> {
    config.default_driver = Driver::parse(&opts.default_driver)
        .filter(|d| backends.offers(*d))
        .with_context(|| format!("VITRINE_DEFAULT_DRIVER {:?} is not an enabled driver", opts.default_driver))?;
    config.secure_cookies = role.secure_cookies(opts.secure_cookies);
    config.cookie_keys = cookie_keys(opts.cookie_keys.as_deref(), role)?;
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
    config.response_fresh = std::time::Duration::from_secs(opts.response_fresh_s);
    config.switch_limits = vitrine_edge::Limits {
        per_session: opts.switches_per_minute,
        per_address: opts.switches_per_minute_per_address,
    };
    config.trusted_proxies = vitrine_edge::TrustedProxies::parse(&opts.trusted_proxies)
        .map_err(|e| anyhow::anyhow!("VITRINE_TRUSTED_PROXIES: {e}"))?;
    config.public_url = match opts.public_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        Some(url) => Some(public_url(url)?),
        None => None,
    };
    config.head_budget = std::time::Duration::from_millis(opts.head_budget_ms);
    config.warm_pages = opts.warm_pages;
    config.debug_faults = opts.debug_faults.unwrap_or(false);
    config.crawler_head_budget = std::time::Duration::from_millis(opts.crawler_head_budget_ms);
    config.jaeger_ui_url = jaeger_ui_url(opts.jaeger_ui_url.as_deref())?;
    Ok(config)
}

/// Where an edge serves, which decides its defaults: what it does without
/// `VITRINE_COOKIE_KEYS`, and whether its cookies are `Secure` unless
/// `VITRINE_SECURE_COOKIES` says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EdgeRole {
    /// `vitrine edge`: a replicated deployment, behind TLS. Each replica making its own
    /// key would refuse the others' cookies (a visitor's choice lost on every other
    /// request behind a balancer, and on every restart), silently: so it does not start
    /// without them. Its cookies are `Secure` under the `__Host-` names by default.
    Deployed,
    /// `vitrine all`: one process, the local demo over plain http: a random key for its
    /// life, and plain cookies.
    LocalDemo,
}

impl EdgeRole {
    /// Whether the cookies are `Secure` under the `__Host-` names: as `VITRINE_SECURE_COOKIES`
    /// says, else on for a deployment and off for the local demo.
    pub(crate) fn secure_cookies(self, setting: Option<bool>) -> bool {
        setting.unwrap_or(self == Self::Deployed)
    }
}

/// `VITRINE_COOKIE_KEYS`: the keys of the visitors' state cookies; blank is unset.
fn cookie_keys(list: Option<&str>, without: EdgeRole) -> anyhow::Result<vitrine_edge::CookieKeys> {
    let keys = match (list.map(str::trim).filter(|l| !l.is_empty()), without) {
        (Some(list), _) => {
            vitrine_edge::CookieKeys::parse(list).map_err(|e| anyhow::anyhow!("VITRINE_COOKIE_KEYS: {e}"))?
        }
        (None, EdgeRole::Deployed) => anyhow::bail!(
            "VITRINE_COOKIE_KEYS is required by `vitrine edge`: every replica signs visitors' cookies with the same \
             key (at least {} bytes, e.g. `openssl rand -base64 48`; a previous key after a comma while rotating)",
            vitrine_edge::MIN_KEY_BYTES
        ),
        (None, EdgeRole::LocalDemo) => {
            tracing::info!(
                "VITRINE_COOKIE_KEYS unset: visitors' state cookies are signed with a random key of this process \
                 (ephemeral: after a restart they are refused, and visitors read the store's copy or the default driver)"
            );
            return Ok(vitrine_edge::CookieKeys::ephemeral());
        }
    };
    tracing::info!(signing = keys.signing_id(), "cookie keys read (the id of the signing key)");
    Ok(keys)
}

/// `VITRINE_JAEGER_UI_URL`: an http(s) address, a path prefix allowed (a UI behind a
/// proxy), kept without its trailing slash: the SPA appends `/trace/{id}`. Anything else
/// would become a link of another kind (`javascript:`), so it stops the start. Blank: none.
fn jaeger_ui_url(url: Option<&str>) -> anyhow::Result<Option<String>> {
    let Some(url) = url.map(str::trim).filter(|u| !u.is_empty()) else { return Ok(None) };
    let parsed = reqwest::Url::parse(url).with_context(|| format!("VITRINE_JAEGER_UI_URL {url:?} is not a url"))?;
    anyhow::ensure!(
        matches!(parsed.scheme(), "http" | "https") && parsed.query().is_none() && parsed.fragment().is_none(),
        "VITRINE_JAEGER_UI_URL {url:?} must be an http(s) address such as http://localhost:16686"
    );
    Ok(Some(url.trim_end_matches('/').to_owned()))
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

/// The standalone edge's image paths: mock-data's and those each configured backend's
/// descriptor derives from its settings (`all` derives the same from the shops it runs,
/// in `vitrine-suite`).
pub(crate) fn image_sources(opts: &ImageBackendOptions, backends: &Backends) -> Vec<vitrine_edge::ImageSource> {
    let mock = format!("{}/images/", opts.mock_data_public_url.trim_end_matches('/'));
    let shops = vitrine_adapter::BACKENDS.iter().flat_map(|d| (d.image_roots)(&backends.settings(d.backend)));
    let mut sources: Vec<vitrine_edge::ImageSource> =
        std::iter::once(mock).chain(shops).filter_map(|root| root.parse().ok()).collect();
    sources.dedup();
    sources
}

pub(crate) fn mock_data(opts: &MockOptions) -> vitrine_mock_data::Config {
    vitrine_mock_data::Config {
        delay: Duration::from_millis(opts.mock_delay_ms),
        public_url: opts.mock_data_public_url.clone(),
        backoffice_token: opts.mock_data_backoffice_token.clone(),
        products: opts.mock_products,
        max_breadth: opts.mock_max_breadth,
    }
}

/// The adapter of `backend`, with every backend's settings (it reads its own).
pub(crate) fn adapter(backend: Backend, backends: &Backends, upstream: &UpstreamOptions) -> vitrine_adapter::Config {
    vitrine_adapter::Config { backend, ..adapters(backends, upstream) }
}

/// The settings every adapter shares: the backends' settings (each adapter uses its own)
/// and the upstream limits. `backend` is the caller's to set.
pub(crate) fn adapters(backends: &Backends, upstream: &UpstreamOptions) -> vitrine_adapter::Config {
    let mut config = vitrine_adapter::Config::new(Backend::InMemory);
    config.settings.clone_from(&backends.settings);
    config.upstream_timeout = Duration::from_millis(upstream.upstream_timeout_ms);
    config.upstream_concurrency = upstream.upstream_concurrency;
    config.upstream_max_body_bytes = upstream.upstream_max_body_bytes;
    config
}

#[cfg(test)]
mod tests {
    use clap::Parser;
    use vitrine_common::store::{SentinelConfig, StoreConfig};

    use super::jaeger_ui_url;
    use crate::cli::Cli;

    fn store(args: &[&str]) -> anyhow::Result<StoreConfig> {
        let cli = Cli::try_parse_from(["vitrine"].iter().chain(args).chain(&["probe", "--http", "http://x/"]))?;
        super::store(&cli)
    }

    #[test]
    fn the_store_is_embedded_redis_or_the_sentinels_primary() {
        assert_eq!(store(&[]).ok(), Some(StoreConfig::Embedded));
        let url = "redis://:pw@redis:6379/";
        assert_eq!(store(&["--redis-url", url]).ok(), Some(StoreConfig::Redis(url.to_owned())));
        let sentinels = store(&[
            "--redis-sentinels=s0:26379,s1:26379",
            "--redis-sentinel-master=vitrine",
            "--redis-sentinel-password=sp",
            "--redis-password=rp",
        ]);
        let expected = SentinelConfig {
            sentinels: vec![("s0".to_owned(), 26379), ("s1".to_owned(), 26379)],
            master: "vitrine".to_owned(),
            sentinel_password: Some("sp".to_owned()),
            redis_password: Some("rp".to_owned()),
        };
        assert_eq!(sentinels.ok(), Some(StoreConfig::Sentinel(expected)));
        for wrong in [
            &["--redis-sentinels=s0:26379"][..],
            &["--redis-sentinels=s0", "--redis-sentinel-master=vitrine"],
            &["--redis-sentinels=s0:26379", "--redis-sentinel-master=v", "--redis-url=redis://r/"],
            &["--redis-password=rp"],
        ] {
            assert!(store(wrong).is_err(), "{wrong:?}");
        }
    }

    #[test]
    fn the_deployed_edge_s_cookies_are_secure_unless_said_otherwise_and_the_demo_s_plain() {
        use super::EdgeRole::{Deployed, LocalDemo};
        use crate::cli::Command;
        let setting = |args: &[&str]| -> Option<bool> {
            let cli = Cli::try_parse_from(["vitrine"].iter().chain(args)).expect("parses");
            match cli.command {
                Command::Edge(edge) => edge.edge.secure_cookies,
                Command::All(all) => all.edge.secure_cookies,
                _ => panic!("edge or all"),
            }
        };
        for (args, role, secure) in [
            (&["edge"][..], Deployed, true),
            (&["edge", "--secure-cookies"], Deployed, true),
            (&["edge", "--secure-cookies", "false"], Deployed, false),
            (&["all"], LocalDemo, false),
            (&["all", "--secure-cookies"], LocalDemo, true),
        ] {
            assert_eq!(role.secure_cookies(setting(args)), secure, "{args:?}");
        }
    }

    #[test]
    fn cookie_keys_are_required_by_the_edge_and_made_up_by_the_demo() {
        use super::{EdgeRole, cookie_keys};
        let (a, b) = ("a".repeat(32), "b".repeat(48));
        for (given, without, ok) in [
            (Some(a.clone()), EdgeRole::Deployed, true),
            (Some(format!("{b},{a}")), EdgeRole::Deployed, true),
            (Some(format!(" {b} , {a}\n")), EdgeRole::Deployed, true),
            (None, EdgeRole::Deployed, false),
            (Some("  ".to_owned()), EdgeRole::Deployed, false),
            (None, EdgeRole::LocalDemo, true),
            (Some(String::new()), EdgeRole::LocalDemo, true),
            (Some("short".to_owned()), EdgeRole::LocalDemo, false),
            (Some(format!("{a},{b},{a}")), EdgeRole::LocalDemo, false),
        ] {
            let got = cookie_keys(given.as_deref(), without);
            assert_eq!(got.is_ok(), ok, "{given:?} {without:?}");
            if let Err(e) = got {
                let text = format!("{e:#}");
                assert!(text.starts_with("VITRINE_COOKIE_KEYS"), "names the variable: {text}");
                assert!(!text.contains(&a) && !text.contains(&b), "never quotes a key: {text}");
            }
        }
        // Given keys are the same on every replica: the same signing key id.
        let id = |list: &str| cookie_keys(Some(list), EdgeRole::Deployed).map(|k| k.signing_id().to_owned()).ok();
        assert_eq!(id(&a), id(&format!("{a},{b}")));
    }

    #[test]
    fn the_jaeger_ui_address_is_http_without_its_trailing_slash() {
        for (given, expected) in [
            (None, Some(None)),
            (Some(""), Some(None)),
            (Some("  "), Some(None)),
            (Some("http://localhost:16686"), Some(Some("http://localhost:16686"))),
            (Some(" http://localhost:16686/ "), Some(Some("http://localhost:16686"))),
            (Some("https://ops.example/jaeger/"), Some(Some("https://ops.example/jaeger"))),
            (Some("javascript:alert(1)"), None),
            (Some("localhost:16686"), None),
            (Some("ftp://ops.example"), None),
            (Some("http://ops.example/?q=1"), None),
        ] {
            let got = jaeger_ui_url(given).ok();
            assert_eq!(got, expected.map(|e| e.map(str::to_owned)), "{given:?}");
        }
    }
}
