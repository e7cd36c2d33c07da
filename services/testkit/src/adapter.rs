//! One adapter service on a free loopback port, driven over real gRPC as the domain
//! services drive it; stopped when dropped.

use std::sync::Arc;

use vitrine_common::grpc::GrpcChannel;
use vitrine_common::store::EmbeddedStore;
use vitrine_common::{SharedStore, Shutdown};
use vitrine_proto::v1::adapter_client::AdapterClient;

pub struct RunningAdapter {
    pub client: AdapterClient<GrpcChannel>,
    /// Where it listens (`http://127.0.0.1:port`), for services that call it.
    pub url: String,
    shutdown: Shutdown,
}

impl Drop for RunningAdapter {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

impl RunningAdapter {
    /// Serves `config` with `store` as its cache.
    ///
    /// # Panics
    /// When no loopback port can be bound.
    pub async fn start_with_store(config: vitrine_adapter::Config, store: SharedStore) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("addr"));
        let shutdown = Shutdown::new();
        tokio::spawn(vitrine_adapter::serve(config, store, listener, shutdown.clone()));
        let client = AdapterClient::new(vitrine_common::grpc::lazy_channel(&url).expect("url"));
        Self { client, url, shutdown }
    }

    /// Serves `config` with an embedded store of its own.
    pub async fn start(config: vitrine_adapter::Config) -> Self {
        Self::start_with_store(config, Arc::new(EmbeddedStore::default())).await
    }

    /// A client of the adapter (clients are cheap clones of one channel).
    #[must_use]
    pub fn client(&self) -> AdapterClient<GrpcChannel> {
        self.client.clone()
    }
}
