//! issue 20: every backend through its descriptor alone: `vitrine all`'s way of starting
//! the demo shop of each backend (`vitrine_fakes::DEMO_SHOPS`) and pointing the
//! adapters at it, then every driver as the default serves its menu.

use std::sync::Arc;

use vitrine_common::Shutdown;
use vitrine_common::store::EmbeddedStore;
use vitrine_domain::Driver;

#[tokio::test(flavor = "multi_thread")]
async fn every_driver_serves_its_menu_from_its_backends_demo_shop() {
    let mut config = vitrine_suite::Config::for_test();
    let mut shops = Vec::new();
    for d in vitrine_adapter::BACKENDS {
        if let Some(start) = vitrine_fakes::demo_shop(d.backend) {
            let shop = start();
            for s in d.settings {
                if let Some(value) = shop.settings.get(s.flag) {
                    config.adapter.set(d.backend, s.flag, value);
                }
            }
            assert!(d.is_configured(&config.adapter.settings(d.backend)), "{}: its demo shop configures it", d.backend);
            shops.push(shop);
        }
    }
    config.edge.warm_pages = 0;
    for driver in Driver::ALL {
        let shutdown = Shutdown::new();
        let mut config = config.clone();
        config.edge.default_driver = driver;
        let edge = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        edge.set_nonblocking(true).expect("nonblocking");
        let suite =
            vitrine_suite::start(config, Arc::new(EmbeddedStore::default()), edge, &shutdown).await.expect("start");
        let menu = reqwest::get(format!("{}/api/navigation", suite.edge.url)).await.expect("GET /api/navigation");
        assert_eq!(menu.status(), 200, "{driver}");
        let menu: serde_json::Value = menu.json().await.expect("json");
        assert!(menu["children"].as_array().is_some_and(|c| !c.is_empty()), "{driver}: {menu}");
        shutdown.cancel();
        suite.run().await.expect("stops");
    }
    for shop in shops {
        shop.stop().await;
    }
}
