//! The mock-data service on a free port, stopped on drop.

use std::time::Duration;

use vitrine_common::Shutdown;
pub use vitrine_mock_data::Config as MockDataConfig;

pub struct MockDataServer {
    pub url: String,
    shutdown: Shutdown,
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
        tokio::spawn(vitrine_mock_data::serve(config, listener, shutdown.clone()));
        let http = reqwest::Client::new();
        let health = format!("{url}/healthz");
        let up = crate::eventually(Duration::from_secs(5), || {
            let (http, health) = (http.clone(), health.clone());
            async move { http.get(&health).send().await.is_ok() }
        })
        .await;
        assert!(up, "mock-data did not come up");
        Self { url, shutdown }
    }

    /// Stops the server now (to simulate the backend going away).
    pub fn stop(&self) {
        self.shutdown.cancel();
    }
}

impl Drop for MockDataServer {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}
