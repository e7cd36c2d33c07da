//! The command line: one subcommand per service, plus `all`. Every option is also an
//! environment variable (`VITRINE_*`, a contract: add, never rename). The backends'
//! settings and adapter URLs are added at run time from their descriptors
//! ([`crate::backends`]).

use std::net::SocketAddr;

use clap::{Args, Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "vitrine", version, about = "Vitrine: a demo storefront over switchable commerce backends")]
pub(crate) struct Cli {
    /// Redis for sessions, driver choice, caches and events. Unset: an embedded
    /// in-process store (only meaningful for `all`).
    #[arg(long, env = "VITRINE_REDIS_URL", global = true)]
    pub(crate) redis_url: Option<String>,
    /// Redis Sentinels, `host:port` comma-separated (instead of
    /// VITRINE_REDIS_URL): the store is the primary they name for
    /// VITRINE_REDIS_SENTINEL_MASTER, asked again on every reconnect (a failover).
    #[arg(long, env = "VITRINE_REDIS_SENTINELS", global = true, conflicts_with = "redis_url")]
    pub(crate) redis_sentinels: Option<String>,
    /// The name the Sentinels monitor the primary under (`sentinel monitor <name> …`).
    #[arg(long, env = "VITRINE_REDIS_SENTINEL_MASTER", global = true)]
    pub(crate) redis_sentinel_master: Option<String>,
    /// The Sentinels' own password (their `requirepass`), if they have one.
    #[arg(long, env = "VITRINE_REDIS_SENTINEL_PASSWORD", global = true, hide_env_values = true)]
    pub(crate) redis_sentinel_password: Option<String>,
    /// With Sentinels, the Redis servers' password (their `requirepass`); with
    /// VITRINE_REDIS_URL it goes in the URL instead (`redis://:password@host`).
    #[arg(long, env = "VITRINE_REDIS_PASSWORD", global = true, hide_env_values = true, requires = "redis_sentinels")]
    pub(crate) redis_password: Option<String>,
    /// Prometheus metrics (`GET /metrics`) on this address, for any service. Unset, the
    /// edge answers `/metrics` on its public port instead (the one-command demo); set,
    /// its figures are here only.
    #[arg(long, env = "VITRINE_METRICS_ADDR", global = true)]
    pub(crate) metrics_addr: Option<SocketAddr>,
    /// An OTLP/gRPC collector (e.g. Jaeger's `http://jaeger:4317`) to export traces to.
    /// Unset: no traces leave the process.
    #[arg(long, env = "OTEL_EXPORTER_OTLP_ENDPOINT", global = true)]
    pub(crate) otlp_endpoint: Option<String>,
    /// The `service.name` of the exported traces; default `vitrine-<subcommand>`.
    #[arg(long, env = "OTEL_SERVICE_NAME", global = true)]
    pub(crate) otel_service_name: Option<String>,
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// The HTTP edge the browser talks to.
    Edge(EdgeArgs),
    /// The catalogue gRPC service.
    Catalogue(DomainArgs<CatalogueAddr>),
    /// The navigation gRPC service.
    Navigation(DomainArgs<NavigationAddr>),
    /// The cart gRPC service.
    Cart(DomainArgs<CartAddr>),
    /// The url-resolution gRPC service.
    UrlResolution(UrlResolutionArgs),
    /// The in-memory mock backend (REST under /api).
    MockData(MockDataArgs),
    /// The adapter of one driver.
    Adapter(AdapterArgs),
    /// Every service in one process on loopback ports (the one-command demo).
    All(AllArgs),
    /// Health check for containers: exits 0 when the gRPC service (standard health
    /// protocol) or the HTTP URL answers as healthy, 1 otherwise.
    Probe(ProbeArgs),
    /// Traffic for the demo: visitors walk shopper paths (home, a category, its
    /// page 2, a product, a search) on every enabled backend of an edge at a bounded
    /// rate, stop by themselves, and the latency percentiles per backend are printed.
    Loadgen(LoadgenArgs),
}

#[derive(Debug, Args)]
pub(crate) struct LoadgenArgs {
    /// The edge to visit (its base URL).
    #[arg(long, env = "VITRINE_LOADGEN_TARGET", default_value = "http://127.0.0.1:8080")]
    pub(crate) target: String,
    /// Visitors at once, each its own session; each switches backends at most three times
    /// a minute, all together well within the edge's switch limits.
    #[arg(long, env = "VITRINE_LOADGEN_VISITORS", default_value_t = 4,
        value_parser = clap::value_parser!(u32).range(1..=i64::from(vitrine_loadgen::bounds::MAX_VISITORS)))]
    pub(crate) visitors: u32,
    /// Requests per second, every visitor together (a token bucket).
    #[arg(long, env = "VITRINE_LOADGEN_RATE", default_value_t = 10,
        value_parser = clap::value_parser!(u32).range(1..=i64::from(vitrine_loadgen::bounds::MAX_RATE)))]
    pub(crate) rate: u32,
    /// How long to run, in seconds (at most an hour); then it stops by itself.
    #[arg(long, env = "VITRINE_LOADGEN_DURATION", default_value_t = 60,
        value_parser = clap::value_parser!(u64).range(1..=vitrine_loadgen::bounds::MAX_DURATION.as_secs()))]
    pub(crate) duration: u64,
    /// Also print the table every so many seconds while it runs (0: at the end only).
    #[arg(long, env = "VITRINE_LOADGEN_REPORT_EVERY", default_value_t = 0)]
    pub(crate) report_every: u64,
}

#[derive(Debug, Args)]
pub(crate) struct ProbeArgs {
    /// A gRPC server's address, e.g. `127.0.0.1:50051`.
    #[arg(long, required_unless_present = "http", conflicts_with = "http")]
    pub(crate) grpc: Option<SocketAddr>,
    /// An HTTP URL that must answer 2xx, e.g. `http://127.0.0.1:8080/readyz`.
    #[arg(long)]
    pub(crate) http: Option<String>,
}

impl Command {
    /// The subcommand's name, as typed.
    pub(crate) const fn name(&self) -> &'static str {
        match self {
            Self::Edge(_) => "edge",
            Self::Catalogue(_) => "catalogue",
            Self::Navigation(_) => "navigation",
            Self::Cart(_) => "cart",
            Self::UrlResolution(_) => "url-resolution",
            Self::MockData(_) => "mock-data",
            Self::Adapter(_) => "adapter",
            Self::All(_) => "all",
            Self::Probe(_) => "probe",
            Self::Loadgen(_) => "loadgen",
        }
    }

    /// Whether this runs a service (a probe or the traffic generator exports no traces
    /// and serves no metrics).
    pub(crate) const fn is_service(&self) -> bool {
        !matches!(self, Self::Probe(_) | Self::Loadgen(_))
    }
}

impl Cli {
    /// The traces' `service.name`: `OTEL_SERVICE_NAME`, else `vitrine-<subcommand>`
    /// (`vitrine-adapter-<driver>` for an adapter, so Jaeger tells the drivers apart).
    pub(crate) fn service_name(&self) -> String {
        match (&self.otel_service_name, &self.command) {
            (Some(name), _) => name.clone(),
            (None, Command::Adapter(a)) => format!("vitrine-adapter-{}", a.driver),
            (None, command) => format!("vitrine-{}", command.name()),
        }
    }

    /// The OTLP endpoint, for services only.
    pub(crate) fn trace_endpoint(&self) -> Option<&str> {
        self.otlp_endpoint.as_deref().filter(|_| self.command.is_service())
    }
}

#[derive(Debug, Args)]
pub(crate) struct EdgeArgs {
    #[arg(long, env = "VITRINE_HTTP_ADDR", default_value = "127.0.0.1:8080")]
    pub(crate) http_addr: SocketAddr,
    /// The catalogue service: one `http://host:port` or several, comma-separated; calls
    /// are balanced over every address a host resolves to (the gRPC services' URLs all
    /// take this form).
    #[arg(long, env = "VITRINE_CATALOGUE_URL", default_value = "http://127.0.0.1:50051")]
    pub(crate) catalogue_url: String,
    #[arg(long, env = "VITRINE_NAVIGATION_URL", default_value = "http://127.0.0.1:50052")]
    pub(crate) navigation_url: String,
    #[arg(long, env = "VITRINE_URL_RESOLUTION_URL", default_value = "http://127.0.0.1:50053")]
    pub(crate) url_resolution_url: String,
    #[arg(long, env = "VITRINE_CART_URL", default_value = vitrine_edge::config::DEFAULT_CART_URL)]
    pub(crate) cart_url: String,
    #[command(flatten)]
    pub(crate) edge: EdgeOptions,
    #[command(flatten)]
    pub(crate) images: ImageBackendOptions,
}

/// mock-data's address, from which the standalone edge allows mock-data's images (the
/// backends' image paths come from their settings, added by [`crate::backends`]; `all`
/// knows them already).
#[derive(Debug, Args, Clone)]
pub(crate) struct ImageBackendOptions {
    /// mock-data's public base URL: its images are under `/images/`.
    #[arg(long, env = "VITRINE_MOCK_DATA_PUBLIC_URL", default_value = "http://127.0.0.1:50070")]
    pub(crate) mock_data_public_url: String,
}

#[derive(Debug, Args, Clone)]
pub(crate) struct EdgeOptions {
    /// The driver of a visitor who has not chosen one.
    #[arg(long, env = "VITRINE_DEFAULT_DRIVER", default_value = "in-memory")]
    pub(crate) default_driver: String,
    /// Mark the cookies Secure and name them `__Host-…` (served over TLS). Unset: on for
    /// `edge` (a deployment), off for `all` (the local demo over plain http).
    #[arg(long, env = "VITRINE_SECURE_COOKIES", num_args = 0..=1, default_missing_value = "true")]
    pub(crate) secure_cookies: Option<bool>,
    /// The keys that sign each visitor's state cookie (their driver, cart ids and debug
    /// setting), comma-separated, each at least 32 bytes: the first signs, a
    /// second still verifies (a rotation). Every edge replica needs the same keys, so
    /// `edge` does not start without them; `all` makes a random one for its own life.
    #[arg(long, env = "VITRINE_COOKIE_KEYS", hide_env_values = true)]
    pub(crate) cookie_keys: Option<String>,
    /// HTTP worker threads of the edge.
    #[arg(long, env = "VITRINE_HTTP_WORKERS", default_value_t = 2)]
    pub(crate) http_workers: usize,
    /// The built frontend; served when the directory exists.
    #[arg(long, env = "VITRINE_STATIC_DIR", default_value = "frontend/dist")]
    pub(crate) static_dir: std::path::PathBuf,
    /// More places the image service may fetch from, besides the configured backends'
    /// image paths: `[scheme://]host[:port]/path/`, comma-separated, https when no scheme
    /// is written (e.g. `cdn.example/img/`, `http://images.local:8080/img/`).
    #[arg(long, env = "VITRINE_IMAGE_HOSTS", value_delimiter = ',')]
    pub(crate) image_hosts: Vec<String>,
    /// The edge's response cache bound, in MiB.
    #[arg(long, env = "VITRINE_RESPONSE_CACHE_MB", default_value_t = 32)]
    pub(crate) response_cache_mb: u64,
    /// Seconds a kept answer or page is fresh; past that it is served stale (three times
    /// as long at most) while one refresh runs in the background.
    #[arg(long, env = "VITRINE_RESPONSE_FRESH_S", default_value_t = 10,
        value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub(crate) response_fresh_s: u64,
    /// Driver switches a session may make per minute.
    #[arg(long, env = "VITRINE_SWITCHES_PER_MINUTE", default_value_t = 30)]
    pub(crate) switches_per_minute: u32,
    /// Driver switches one client address may make per minute, all its sessions together.
    #[arg(long, env = "VITRINE_SWITCHES_PER_MINUTE_PER_ADDRESS", default_value_t = 120)]
    pub(crate) switches_per_minute_per_address: u32,
    /// The proxies in front of the edge, as comma-separated addresses or networks
    /// (`10.0.0.0/8`): a request from one of them is counted by the address it appended
    /// to X-Forwarded-For. Empty (the default): every client is its peer's address, and
    /// the header is never read.
    #[arg(long, env = "VITRINE_TRUSTED_PROXIES", default_value = "")]
    pub(crate) trusted_proxies: String,
    /// The site's absolute origin (`https://shop.example`), for canonical links, link
    /// previews, structured data and the sitemap. Unset: the origin each request came to.
    #[arg(long, env = "VITRINE_PUBLIC_URL")]
    pub(crate) public_url: Option<String>,
    /// How long a page waits for its data before the edge sends the plain shell and the
    /// SPA fetches it itself.
    #[arg(long, env = "VITRINE_HEAD_BUDGET_MS", default_value_t = 300)]
    pub(crate) head_budget_ms: u64,
    /// How many of the default driver's pages the edge reads at start, so that their
    /// first visitors get them written rather than plain; 0: none.
    #[arg(long, env = "VITRINE_WARM_PAGES", default_value_t = 200)]
    pub(crate) warm_pages: usize,
    /// Let visitors inject latency and faults into their own upstream calls and compare
    /// backends from the debug bar. Unset: on for `all` (the demo), off for
    /// `edge` (a public deployment turns it on only where it wants it).
    #[arg(long, env = "VITRINE_DEBUG_FAULTS")]
    pub(crate) debug_faults: Option<bool>,
    /// How long a known crawler's page waits for its data, in ms: a crawler runs no
    /// script, so it gets the written page even from a backend slower than the head
    /// budget. The adapters' upstream timeout (5 s) and the hops.
    #[arg(long, env = "VITRINE_CRAWLER_HEAD_BUDGET_MS", default_value_t = 6000)]
    pub(crate) crawler_head_budget_ms: u64,
    /// The Jaeger UI's address (`http://localhost:16686`, a path prefix allowed): the debug
    /// bar's Timings panel links each trace there. Unset: no link.
    #[arg(long, env = "VITRINE_JAEGER_UI_URL")]
    pub(crate) jaeger_ui_url: Option<String>,
}

/// A service's listen address with its own variable and default port.
pub(crate) trait ServiceAddr: Args {
    fn addr(&self) -> SocketAddr;
}

macro_rules! service_addr {
    ($name:ident, $env:literal, $default:literal) => {
        #[derive(Debug, Args)]
        pub(crate) struct $name {
            #[arg(long = "addr", env = $env, default_value = $default)]
            addr: SocketAddr,
        }
        impl ServiceAddr for $name {
            fn addr(&self) -> SocketAddr {
                self.addr
            }
        }
    };
}

service_addr!(CatalogueAddr, "VITRINE_CATALOGUE_ADDR", "127.0.0.1:50051");
service_addr!(NavigationAddr, "VITRINE_NAVIGATION_ADDR", "127.0.0.1:50052");
service_addr!(CartAddr, "VITRINE_CART_ADDR", "127.0.0.1:50054");

#[derive(Debug, Args)]
pub(crate) struct DomainArgs<A: ServiceAddr> {
    #[command(flatten)]
    pub(crate) listen: A,
}

#[derive(Debug, Args)]
pub(crate) struct UrlResolutionArgs {
    #[arg(long, env = "VITRINE_URL_RESOLUTION_ADDR", default_value = "127.0.0.1:50053")]
    pub(crate) addr: SocketAddr,
    #[command(flatten)]
    pub(crate) routing: RoutingOptions,
}

#[derive(Debug, Args, Clone)]
pub(crate) struct RoutingOptions {
    /// Where a visitor goes when a route lookup fails ('/').
    #[arg(long, env = "VITRINE_FAILED_RESOLUTION_PATH", default_value = "/")]
    pub(crate) failed_resolution_path: String,
}

#[derive(Debug, Args)]
pub(crate) struct MockDataArgs {
    #[arg(long, env = "VITRINE_MOCK_DATA_ADDR", default_value = "127.0.0.1:50070")]
    pub(crate) addr: SocketAddr,
    #[command(flatten)]
    pub(crate) mock: MockOptions,
}

#[derive(Debug, Args, Clone)]
pub(crate) struct MockOptions {
    /// Delay of every mock API response (500 ms).
    #[arg(long, env = "VITRINE_MOCK_DELAY_MS", default_value_t = 500)]
    pub(crate) mock_delay_ms: u64,
    /// How many products mock-data generates: the spec's 35, or more (up to 1,000,000) for
    /// a benchmark, in proportionally many categories and one large category.
    #[arg(long, env = "VITRINE_MOCK_PRODUCTS", default_value_t = 35,
          value_parser = clap::value_parser!(u32).range(35..=1_000_000))]
    pub(crate) mock_products: u32,
    /// The most children a category of such a catalogue has before its tree grows a level
    /// deeper than the menu's three (16: 40,960 products fit three levels).
    #[arg(long, env = "VITRINE_MOCK_MAX_BREADTH", default_value_t = 16,
          value_parser = clap::value_parser!(u32).range(2..=64))]
    pub(crate) mock_max_breadth: u32,
    /// Base URL at which the mock's images are reachable; default: its own address.
    #[arg(long, env = "VITRINE_MOCK_DATA_PUBLIC_URL")]
    pub(crate) mock_data_public_url: Option<String>,
    /// The token of mock-data's back office (`GET /_backoffice/orders/{number}` with
    /// `Authorization: Bearer <token>`: an order with the shopper's email, which the public
    /// `/api/orders/{number}` leaves out). Unset or empty: there is no back office.
    #[arg(long, env = "VITRINE_MOCK_DATA_BACKOFFICE_TOKEN", hide_env_values = true)]
    pub(crate) mock_data_backoffice_token: Option<String>,
}

#[derive(Debug, Args)]
pub(crate) struct AdapterArgs {
    /// The driver this adapter serves (a backend's value: in-memory, fake, magento, …).
    #[arg(long, env = "VITRINE_ADAPTER_DRIVER")]
    pub(crate) driver: String,
    /// Listen address; default: the backend's own port (in-memory 50061, fake 50062, …).
    #[arg(long, env = "VITRINE_ADAPTER_ADDR")]
    pub(crate) addr: Option<SocketAddr>,
    #[command(flatten)]
    pub(crate) upstream: UpstreamOptions,
}

/// How the adapters call their backends, shared by `adapter` and `all` (each backend's
/// own settings are its descriptor's: [`crate::backends`]).
#[derive(Debug, Args, Clone)]
pub(crate) struct UpstreamOptions {
    /// Time limit of one upstream request.
    #[arg(long, env = "VITRINE_UPSTREAM_TIMEOUT_MS", default_value_t = 5000)]
    pub(crate) upstream_timeout_ms: u64,
    /// Requests in flight to one backend at once; more callers wait (within the timeout).
    #[arg(long, env = "VITRINE_UPSTREAM_CONCURRENCY", default_value_t = 32)]
    pub(crate) upstream_concurrency: usize,
    /// The longest upstream answer body read, in bytes; longer answers are an error.
    #[arg(long, env = "VITRINE_UPSTREAM_MAX_BODY_BYTES", default_value_t = 8 * 1024 * 1024)]
    pub(crate) upstream_max_body_bytes: u64,
}

#[derive(Debug, Args)]
pub(crate) struct AllArgs {
    #[arg(long, env = "VITRINE_HTTP_ADDR", default_value = "127.0.0.1:8080")]
    pub(crate) http_addr: SocketAddr,
    #[command(flatten)]
    pub(crate) edge: EdgeOptions,
    #[command(flatten)]
    pub(crate) routing: RoutingOptions,
    #[command(flatten)]
    pub(crate) mock: MockOptions,
    #[command(flatten)]
    pub(crate) upstream: UpstreamOptions,
}

#[cfg(test)]
mod tests {
    #[test]
    fn cli_is_well_formed() {
        crate::backends::command().debug_assert();
    }
}
