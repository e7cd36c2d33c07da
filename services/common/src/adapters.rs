//! The per-driver adapters as gRPC clients, looked up by backend.
//!
//! The domain services hold one [`AdapterDirectory`]; a backend without a configured URL
//! answers [`DriverError::NotConfigured`] instead of failing at start-up.

use std::collections::HashMap;

use crate::grpc::GrpcChannel;
use vitrine_domain::{Backend, Driver, DriverError};
use vitrine_proto::v1::adapter_client::AdapterClient;

#[derive(Clone, Default)]
pub struct AdapterDirectory {
    clients: HashMap<Backend, AdapterClient<GrpcChannel>>,
}

impl AdapterDirectory {
    /// One lazy client per `(backend, url)` pair.
    ///
    /// # Errors
    /// A URL that is not a valid URI ([`DriverError::BadInput`]), or a backend listed
    /// twice ([`DriverError::AlreadyDefined`], the spec's 'Client has been already defined').
    pub fn new<'a>(urls: impl IntoIterator<Item = (Backend, &'a str)>) -> Result<Self, DriverError> {
        let mut clients = HashMap::new();
        for (backend, url) in urls {
            let channel = crate::grpc::lazy_channel(url)
                .map_err(|e| DriverError::BadInput(format!("{backend} adapter URL: {e}")))?;
            if clients.insert(backend, AdapterClient::new(channel)).is_some() {
                return Err(DriverError::AlreadyDefined(backend));
            }
        }
        Ok(Self { clients })
    }

    /// The client of `backend`'s adapter.
    ///
    /// # Errors
    /// [`DriverError::NotConfigured`] when no adapter URL was configured for it.
    pub fn client(&self, backend: Backend) -> Result<AdapterClient<GrpcChannel>, DriverError> {
        self.clients.get(&backend).cloned().ok_or(DriverError::NotConfigured(backend))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn clients_are_defined_once_and_looked_up_by_backend() {
        let directory = AdapterDirectory::new([(Backend::InMemory, "http://127.0.0.1:1")]).expect("one client");
        assert!(directory.client(Backend::InMemory).is_ok());
        let missing = directory.client(Backend::Shopify).err().map(|e| e.user_text());
        assert_eq!(missing.as_deref(), Some("Client has not been defined yet (backend: shopify)."));
        let twice =
            AdapterDirectory::new([(Backend::Magento, "http://127.0.0.1:1"), (Backend::Magento, "http://127.0.0.1:2")]);
        assert_eq!(
            twice.err().map(|e| e.user_text()).as_deref(),
            Some("Client has been already defined (backend: magento).")
        );
        assert!(matches!(AdapterDirectory::new([(Backend::Fake, "not a uri")]), Err(DriverError::BadInput(_))));
    }
}

/// Which adapter answers a domain call for a driver value.
#[derive(Debug, Clone, Copy)]
pub enum Purpose {
    /// Products and route resolution.
    Catalogue,
    /// For navigation, fake is treated like in-memory.
    Navigation,
}

impl AdapterDirectory {
    /// The adapter that serves `driver` for `purpose`.
    ///
    /// # Errors
    /// An unconfigured backend; for a driver that needs its adapter to be enabled
    /// (not [`Driver::always_enabled`]), [`DriverError::Disabled`]: the spec's "coming soon".
    pub fn route(&self, driver: Driver, purpose: Purpose) -> Result<AdapterClient<GrpcChannel>, DriverError> {
        let backend = match purpose {
            Purpose::Catalogue => driver.backend(),
            Purpose::Navigation => driver.navigation_backend(),
        };
        self.client(backend).map_err(|e| if driver.always_enabled() { e } else { DriverError::Disabled(driver) })
    }
}
