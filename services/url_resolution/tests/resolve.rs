//! url-resolution alone over real gRPC, against a scripted adapter: every branch of
//! spec §4 "Route matching" and the driver routing rules.

use std::collections::HashMap;

use tonic::Code;
use vitrine_common::Shutdown;
use vitrine_common::grpc::GrpcChannel;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::url_resolution_client::UrlResolutionClient;
use vitrine_proto::v1::{RouteOutcome, RouteResolution, UrlRequest};
use vitrine_testkit::scripted::{Script, ScriptedAdapter};

fn resolution(id: &str, url: &str, code: i32) -> RouteResolution {
    RouteResolution { id: Some(id.into()), url: Some(url.into()), r#type: Some("PRODUCT".into()), code, data: None }
}

struct Setup {
    client: UrlResolutionClient<GrpcChannel>,
    adapter: ScriptedAdapter,
    shutdown: Shutdown,
}

impl Drop for Setup {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

async fn setup(failed_path: &str) -> Setup {
    let mut resolutions = HashMap::new();
    resolutions.insert("/p".to_owned(), Ok(resolution("1", "p", 0)));
    resolutions.insert("/moved".to_owned(), Ok(resolution("2", "new-home.html", 301)));
    resolutions.insert("/elsewhere".to_owned(), Ok(resolution("3", "/tmp.html", 302)));
    resolutions.insert("/gone".to_owned(), Ok(resolution("4", "gone", 410)));
    resolutions.insert("/broken".to_owned(), Ok(resolution("5", "broken", 503)));
    resolutions.insert("/adapter-down".to_owned(), Err(Code::Unavailable));
    let adapter = ScriptedAdapter::start(Script { resolutions, ..Script::default() }).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    let config = vitrine_url_resolution::Config {
        adapters: vec![(Backend::InMemory, adapter.url.clone()), (Backend::Magento, adapter.url.clone())],
        failed_resolution_path: failed_path.to_owned(),
    };
    let shutdown = Shutdown::new();
    tokio::spawn(vitrine_url_resolution::serve(config, listener, shutdown.clone()));
    let client = UrlResolutionClient::new(vitrine_common::grpc::lazy_channel(&url).expect("url"));
    Setup { client, adapter, shutdown }
}

async fn resolve(s: &Setup, driver: Driver, url: &str) -> RouteOutcome {
    s.client
        .clone()
        .resolve(UrlRequest { driver: driver.into(), url: url.into(), fresh_after_ms: 0 })
        .await
        .expect(url)
        .into_inner()
}

#[tokio::test(flavor = "multi_thread")]
async fn outcomes_follow_route_matching() {
    let s = setup("/oops").await;
    for (url, outcome, code, error_code, location) in [
        ("/p", "match", 200, None, None),
        ("/moved", "redirect", 301, Some("302_PERMANENT_REDIRECT"), Some("/new-home.html")),
        ("/elsewhere", "redirect", 302, Some("TEMPORARY_REDIRECT"), Some("/tmp.html")),
        ("/unknown", "not_found", 404, Some("404_NOT_FOUND"), None),
        ("/gone", "failed", 410, Some("4xx_CLIENT_ERROR"), Some("/oops")),
        ("/broken", "failed", 503, Some("5xx_SERVER_ERROR"), Some("/oops")),
        ("/adapter-down", "failed", 404, None, Some("/oops")),
    ] {
        let out = resolve(&s, Driver::InMemory, url).await;
        let route = out.route.unwrap_or_default();
        assert_eq!(out.outcome, outcome, "{url}");
        assert_eq!(route.code, code, "{url}");
        assert_eq!(out.error_code.as_deref(), error_code, "{url}");
        assert_eq!(out.location.as_deref(), location, "{url}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn paths_are_normalised_and_drivers_routed() {
    let s = setup("/").await;
    assert_eq!(resolve(&s, Driver::InMemory, "p/").await.outcome, "match");
    assert_eq!(resolve(&s, Driver::MageOs, "//p").await.outcome, "match", "mageos is magento");
    let calls = s.adapter.calls();
    assert_eq!(calls, ["resolve in-memory /p", "resolve mageos /p"]);

    // Not configured and disabled backends are failed lookups, not crashes.
    let shopify = resolve(&s, Driver::Shopify, "/p").await;
    assert_eq!((shopify.outcome.as_str(), shopify.location.as_deref()), ("failed", Some("/")));
    let medusa = resolve(&s, Driver::Medusa, "/p").await;
    assert_eq!(medusa.outcome, "failed");

    for number in [0, 99] {
        let err = s
            .client
            .clone()
            .resolve(UrlRequest { driver: number, url: "/p".into(), fresh_after_ms: 0 })
            .await
            .expect_err("bad");
        assert_eq!(err.code(), Code::InvalidArgument, "{number}");
    }
}
