//! The per-driver adapters as gRPC clients, looked up by backend.
//!
//! The domain services hold one [`AdapterDirectory`]; a backend without a configured URL
//! answers [`DriverError::NotConfigured`] instead of failing at start-up.

use std::collections::HashMap;

use tonic::transport::Channel;
use vitrine_domain::{Backend, DriverError};
use vitrine_proto::v1::adapter_client::AdapterClient;

#[derive(Clone, Default)]
pub struct AdapterDirectory {
    clients: HashMap<Backend, AdapterClient<Channel>>,
}

impl AdapterDirectory {
    /// One lazy client per `(backend, url)` pair.
    ///
    /// # Errors
    /// When a URL is not a valid URI.
    pub fn new<'a>(
        urls: impl IntoIterator<Item = (Backend, &'a str)>,
    ) -> Result<Self, tonic::transport::Error> {
        let mut clients = HashMap::new();
        for (backend, url) in urls {
            clients.insert(backend, AdapterClient::new(crate::grpc::lazy_channel(url)?));
        }
        Ok(Self { clients })
    }

    /// The client of `backend`'s adapter.
    ///
    /// # Errors
    /// [`DriverError::NotConfigured`] when no adapter URL was configured for it.
    pub fn client(&self, backend: Backend) -> Result<AdapterClient<Channel>, DriverError> {
        self.clients.get(&backend).cloned().ok_or(DriverError::NotConfigured(backend))
    }
}
