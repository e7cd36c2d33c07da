//! A TCP forwarder with a fixed address in front of a service that a test restarts.
//!
//! A restarted process binds a new port (port 0, never a reused number: that number
//! could be taken meanwhile), so its clients are pointed at the gate instead, which
//! keeps its own port for the whole test and forwards each new connection to wherever
//! the service is now. While no target is set, connections are dropped at once, as a
//! refused connection would be.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

pub struct TcpGate {
    addr: SocketAddr,
    target: Arc<Mutex<Option<SocketAddr>>>,
    task: JoinHandle<()>,
}

impl TcpGate {
    /// Binds a loopback port and starts forwarding to `target` (`None`: closed).
    ///
    /// # Panics
    /// When no loopback port can be bound.
    pub async fn start(target: Option<SocketAddr>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind the gate");
        let addr = listener.local_addr().expect("gate address");
        let target = Arc::new(Mutex::new(target));
        let current = target.clone();
        let task = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let to = *current.lock().unwrap_or_else(PoisonError::into_inner);
                tokio::spawn(async move {
                    // No target, or it refuses: dropping `inbound` closes the connection.
                    if let Some(mut outbound) = match to {
                        Some(to) => TcpStream::connect(to).await.ok(),
                        None => None,
                    } {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        Self { addr, target, task }
    }

    /// `http://ip:port` of the gate, for the services that call through it.
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// New connections go to `target` from now on.
    pub fn forward_to(&self, target: SocketAddr) {
        *self.target.lock().unwrap_or_else(PoisonError::into_inner) = Some(target);
    }
}

impl Drop for TcpGate {
    fn drop(&mut self) {
        self.task.abort();
    }
}
