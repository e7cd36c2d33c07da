//! navigation: the menu tree of the visitor's driver (fake → in-memory), cut to
//! depth 3 with breadcrumbs sorted by level.

use tokio::net::TcpListener;
use tonic::{Request, Response, Status};
use vitrine_common::adapters::{AdapterDirectory, Purpose};
use vitrine_common::{Shutdown, grpc};
use vitrine_domain::{Backend, Driver, navigation};
use vitrine_proto::v1::navigation_server::{Navigation, NavigationServer};
use vitrine_proto::v1::{DriverRequest, NavigationNode};

/// Where each backend's adapter listens.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub adapters: Vec<(Backend, String)>,
}

pub struct NavigationService {
    adapters: AdapterDirectory,
}

/// The tonic router: `Navigation` plus gRPC health.
///
/// # Errors
/// When an adapter URL is not a valid URI.
pub async fn app(config: &Config) -> anyhow::Result<grpc::GrpcRouter> {
    let adapters = AdapterDirectory::new(config.adapters.iter().map(|(b, u)| (*b, u.as_str())))?;
    Ok(grpc::server()
        .add_service(grpc::health_service("vitrine.v1.Navigation").await)
        .add_service(NavigationServer::new(NavigationService { adapters })))
}

/// # Errors
/// When the configuration is invalid or the transport fails.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    tracing::info!(addr = %listener.local_addr()?, "navigation listening");
    grpc::serve(app(&config).await?, listener, shutdown).await
}

#[tonic::async_trait]
impl Navigation for NavigationService {
    async fn get_tree(&self, req: Request<DriverRequest>) -> Result<Response<NavigationNode>, Status> {
        let req = req.into_inner();
        let mut adapter = self.adapters.route(Driver::try_from(req.driver)?, Purpose::Navigation)?;
        let tree = adapter.get_navigation(req).await?.into_inner();
        Ok(Response::new(navigation::normalise(tree, navigation::DEPTH)))
    }
}
