//! Binding and the store: the one place the binary binds, and every listener is reported
//! on stdout once bound (see [`report`]): harnesses start services on port 0 and read the
//! address they got. Apart from `run.rs` and `all.rs`, which both use it, so neither
//! imports the other.

use std::io::Write;
use std::net::SocketAddr;

use anyhow::Context;
use vitrine_common::SharedStore;
use vitrine_common::store::{self, StoreConfig};

pub(crate) async fn connect(config: &StoreConfig) -> anyhow::Result<SharedStore> {
    let store = store::connect_to(config)
        .await
        .context("connecting to the store (VITRINE_REDIS_URL or VITRINE_REDIS_SENTINELS)")?;
    tracing::info!(backend = config.kind(), "store ready");
    Ok(store)
}

/// What a listener serves, as its report names it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Serves {
    Http,
    Grpc,
    Metrics,
}

impl Serves {
    const fn name(self) -> &'static str {
        match self {
            Self::Http => "http",
            Self::Grpc => "grpc",
            Self::Metrics => "metrics",
        }
    }
}

/// Prints `vitrine: listening <http|grpc|metrics> <ip:port>` on stdout, flushed: the
/// contract with every harness (testkit's `ServiceProcess`, `frontend/e2e/topology.mjs`),
/// which start services on `127.0.0.1:0` and learn the port from this line, so no test
/// picks a "free" port that someone else can take before the service binds it.
fn report(serves: Serves, addr: SocketAddr) {
    let mut out = std::io::stdout().lock();
    // A closed stdout must not stop a service: the line is for harnesses only.
    let _ = writeln!(out, "vitrine: listening {} {addr}", serves.name());
    let _ = out.flush();
}

pub(crate) async fn bind(addr: SocketAddr, serves: Serves) -> anyhow::Result<tokio::net::TcpListener> {
    let l = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("binding {addr}"))?;
    report(serves, l.local_addr()?);
    Ok(l)
}

/// A gRPC service's listener, reported.
pub(crate) async fn listener(addr: SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    bind(addr, Serves::Grpc).await
}

/// An HTTP service's listener (actix-web takes std listeners), reported.
pub(crate) fn std_listener(addr: SocketAddr) -> anyhow::Result<std::net::TcpListener> {
    let l = std::net::TcpListener::bind(addr).with_context(|| format!("binding {addr}"))?;
    l.set_nonblocking(true)?;
    report(Serves::Http, l.local_addr()?);
    Ok(l)
}
