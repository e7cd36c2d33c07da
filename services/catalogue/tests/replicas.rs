//! Issue 25: a service with several replicas. The catalogue's target for an adapter is a
//! list of addresses (in tests, replicas cannot share a port): its calls are balanced over
//! both, a read that finds its replica gone is answered by the other, and a write is never
//! sent twice.

use tonic::Code;
use vitrine_common::Shutdown;
use vitrine_common::grpc::GrpcChannel;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::adapter_client::AdapterClient;
use vitrine_proto::v1::catalogue_client::CatalogueClient;
use vitrine_proto::v1::{Cart, DriverRequest, Product};
use vitrine_testkit::scripted::{Script, ScriptedAdapter};

async fn catalogue(adapters: &str) -> (CatalogueClient<GrpcChannel>, Shutdown) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    let shutdown = Shutdown::new();
    let config = vitrine_catalogue::Config { adapters: vec![(Backend::InMemory, adapters.to_owned())] };
    tokio::spawn(vitrine_catalogue::serve(config, listener, shutdown.clone()));
    (CatalogueClient::new(vitrine_common::grpc::lazy_channel(&url).expect("url")), shutdown)
}

fn script() -> Script {
    let product = Product { id: "1".into(), name: "One".into(), ..Product::default() };
    let mut script = Script { products: Some(Ok(vec![product])), ..Script::default() };
    script.carts.insert("create_cart", Ok(Cart { id: "c1".into(), ..Cart::default() }));
    script
}

fn count(adapter: &ScriptedAdapter, call: &str) -> usize {
    adapter.calls().iter().filter(|c| c.starts_with(call)).count()
}

fn retries() -> u64 {
    vitrine_common::metrics::GRPC_CLIENT_RETRIES.with_label_values(&["/vitrine.v1.Adapter/BestSellers"]).get()
}

fn best_sellers() -> DriverRequest {
    DriverRequest { driver: Driver::InMemory.into(), fresh_after_ms: 0 }
}

#[tokio::test(flavor = "multi_thread")]
async fn reads_are_balanced_over_both_replicas_and_survive_losing_one() {
    let (a, b) = (ScriptedAdapter::start(script()).await, ScriptedAdapter::start(script()).await);
    let (mut c, _shutdown) = catalogue(&format!("{},{}", a.url, b.url)).await;

    for _ in 0..10 {
        c.best_sellers(best_sellers()).await.expect("best sellers");
    }
    let (on_a, on_b) = (count(&a, "best_sellers"), count(&b, "best_sellers"));
    assert_eq!(on_a + on_b, 10, "each call reached one replica once");
    assert!(on_a >= 3 && on_b >= 3, "both replicas serve: {on_a} and {on_b}");

    // One replica goes away (its listener closes, its connections are told to go): every
    // read is still answered, the first to find it gone by a retry on the other.
    let retried = retries();
    let b_calls = count(&b, "best_sellers");
    b.stop().await;
    for i in 0..10 {
        c.best_sellers(best_sellers()).await.unwrap_or_else(|e| panic!("read {i} after losing a replica: {e}"));
    }
    assert_eq!(count(&a, "best_sellers"), on_a + 10, "the remaining replica answered every read");
    assert!(retries() > retried, "a read that found its replica gone was retried ({b_calls} calls reached it)");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_write_is_never_sent_twice() {
    let (a, b) = (ScriptedAdapter::start(script()).await, ScriptedAdapter::start(script()).await);
    let mut client =
        AdapterClient::new(vitrine_common::grpc::lazy_channel(&format!("{},{}", a.url, b.url)).expect("url"));
    for _ in 0..4 {
        client.create_cart(best_sellers()).await.expect("create");
    }
    assert_eq!((count(&a, "create_cart"), count(&b, "create_cart")), (2, 2), "writes are balanced too");

    b.stop().await;
    let mut failed = 0;
    let mut answered = 0;
    for _ in 0..4 {
        match client.create_cart(best_sellers()).await {
            Ok(_) => answered += 1,
            Err(status) => {
                assert_eq!(status.code(), Code::Unavailable, "{status}");
                failed += 1;
            }
        }
    }
    assert!(failed >= 1, "a write that reached the gone replica failed rather than being sent again");
    assert_eq!(count(&a, "create_cart"), 2 + answered, "no failed write reached the other replica");
    // Once failed, the gone replica is avoided: writes go where calls succeed.
    for _ in 0..4 {
        client.create_cart(best_sellers()).await.expect("a write after the failure");
    }
}

/// A target names hosts, as in Kubernetes (a headless Service's name): each is resolved
/// to its addresses, and the calls go there.
#[tokio::test(flavor = "multi_thread")]
async fn a_host_name_is_resolved_to_its_addresses() {
    let a = ScriptedAdapter::start(script()).await;
    let named = a.url.replace("127.0.0.1", "localhost");
    let (mut c, _shutdown) = catalogue(&named).await;
    c.best_sellers(best_sellers()).await.expect("through the resolved name");
    assert_eq!(count(&a, "best_sellers"), 1);
    let (mut c, _shutdown) = catalogue("http://no-such-host.invalid:1").await;
    let status = c.best_sellers(best_sellers()).await.expect_err("a name that resolves to nothing");
    assert_eq!(status.code(), Code::Unavailable, "{status}");
}
