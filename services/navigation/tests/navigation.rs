//! navigation alone over real gRPC, against a scripted adapter.

use tonic::Code;
use vitrine_common::Shutdown;
use vitrine_domain::{Backend, Driver};
use vitrine_proto::v1::navigation_client::NavigationClient;
use vitrine_proto::v1::{Breadcrumb, DriverRequest, NavigationNode};
use vitrine_testkit::scripted::{Script, ScriptedAdapter};

fn chain(depth: usize) -> NavigationNode {
    let mut node = NavigationNode { id: format!("n{depth}"), ..NavigationNode::default() };
    if depth > 0 {
        node.children = vec![chain(depth - 1)];
    }
    node.breadcrumbs =
        vec![Breadcrumb { level: 2, ..Breadcrumb::default() }, Breadcrumb { level: 1, ..Breadcrumb::default() }];
    node
}

fn depth(n: &NavigationNode) -> usize {
    n.children.iter().map(|c| 1 + depth(c)).max().unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread")]
async fn fake_uses_the_in_memory_tree_cut_to_depth_three() {
    let in_memory = ScriptedAdapter::start(Script { navigation: Some(Ok(chain(6))), ..Script::default() }).await;
    let failing =
        ScriptedAdapter::start(Script { navigation: Some(Err(Code::Unavailable)), ..Script::default() }).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    let config = vitrine_navigation::Config {
        adapters: vec![(Backend::InMemory, in_memory.url.clone()), (Backend::Shopify, failing.url.clone())],
    };
    let shutdown = Shutdown::new();
    tokio::spawn(vitrine_navigation::serve(config, listener, shutdown.clone()));
    let mut c = NavigationClient::new(vitrine_common::grpc::lazy_channel(&url).expect("url"));

    let tree =
        c.get_tree(DriverRequest { driver: Driver::Fake.into(), fresh_after_ms: 0 }).await.expect("fake").into_inner();
    assert_eq!(depth(&tree), 3);
    let levels: Vec<i32> = tree.breadcrumbs.iter().map(|b| b.level).collect();
    assert_eq!(levels, [1, 2]);
    assert_eq!(in_memory.calls(), ["get_navigation fake"], "spec §4: fake navigation is in-memory's");

    let err = c
        .get_tree(DriverRequest { driver: Driver::Shopify.into(), fresh_after_ms: 0 })
        .await
        .expect_err("upstream down");
    assert_eq!(err.code(), Code::Unavailable);
    let err = c
        .get_tree(DriverRequest { driver: Driver::Magento.into(), fresh_after_ms: 0 })
        .await
        .expect_err("not configured");
    assert_eq!(err.code(), Code::FailedPrecondition);
    shutdown.cancel();
}
