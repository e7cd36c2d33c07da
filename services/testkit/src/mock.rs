//! The mock-data service on port 0 (bound here, then served), stopped on drop.

use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use tokio::task::JoinHandle;
use vitrine_common::Shutdown;
pub use vitrine_mock_data::Config as MockDataConfig;

pub struct MockDataServer {
    pub url: String,
    shutdown: Shutdown,
    /// The server; taken and awaited by [`Self::stop`].
    task: Mutex<Option<JoinHandle<anyhow::Result<()>>>>,
}

impl MockDataServer {
    /// Starts mock-data with `config` and waits until it answers.
    ///
    /// # Panics
    /// When it cannot bind or does not come up.
    pub async fn start(config: vitrine_mock_data::Config) -> Self {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.set_nonblocking(true).expect("nonblocking");
        let url = format!("http://{}", listener.local_addr().expect("addr"));
        let shutdown = Shutdown::new();
        let task = tokio::spawn(vitrine_mock_data::serve(config, listener, shutdown.clone()));
        let http = reqwest::Client::new();
        let health = format!("{url}/healthz");
        let up = crate::eventually(Duration::from_secs(5), || {
            let (http, health) = (http.clone(), health.clone());
            async move { http.get(&health).send().await.is_ok() }
        })
        .await;
        assert!(up, "mock-data did not come up");
        Self { url, shutdown, task: Mutex::new(Some(task)) }
    }

    /// Stops the server (to simulate the backend going away) and returns once it has
    /// stopped: its port is closed and its connections are gone.
    pub async fn stop(&self) {
        self.shutdown.cancel();
        let task = self.task.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(task) = task {
            let _ = task.await;
        }
    }
}

impl Drop for MockDataServer {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}
