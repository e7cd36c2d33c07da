//! The per-driver adapters as gRPC clients, looked up by backend.
//!
//! The domain services hold one [`AdapterDirectory`]; a backend without a configured URL
//! answers [`DriverError::NotConfigured`] instead of failing at start-up.

use std::collections::HashMap;

use tonic::transport::Channel;
use vitrine_domain::{Backend, Driver, DriverError};
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
    pub fn new<'a>(urls: impl IntoIterator<Item = (Backend, &'a str)>) -> Result<Self, tonic::transport::Error> {
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

/// Which adapter answers a domain call for a driver value.
#[derive(Debug, Clone, Copy)]
pub enum Purpose {
    /// Products and route resolution.
    Catalogue,
    /// spec §4: for navigation, fake is treated like in-memory.
    Navigation,
}

impl AdapterDirectory {
    /// Parses the visitor's driver value and finds the adapter that serves it.
    ///
    /// # Errors
    /// An unknown value (bad input), a disabled driver, an unconfigured backend.
    pub fn route(&self, driver: &str, purpose: Purpose) -> Result<(Driver, AdapterClient<Channel>), DriverError> {
        let parsed =
            Driver::parse(driver).ok_or_else(|| DriverError::BadInput(format!("unknown driver {driver:?}")))?;
        let backend = match purpose {
            Purpose::Catalogue => parsed.backend()?,
            Purpose::Navigation => parsed.navigation_backend()?,
        };
        Ok((parsed, self.client(backend)?))
    }
}
