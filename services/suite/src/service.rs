//! One running service of the suite: where it listens, and its task, stoppable alone.

use tokio::task::JoinHandle;
use vitrine_common::Shutdown;

pub struct Service {
    /// `http://127.0.0.1:port`.
    pub url: String,
    shutdown: Shutdown,
    task: Option<JoinHandle<anyhow::Result<()>>>,
}

impl Service {
    /// Runs `serve` (given its own stop token, a child of `parent`) in a task.
    pub(crate) fn spawn<F>(url: String, parent: &Shutdown, serve: impl FnOnce(Shutdown) -> F) -> Self
    where
        F: Future<Output = anyhow::Result<()>> + Send + 'static,
    {
        let shutdown = parent.child_token();
        let task = tokio::spawn(serve(shutdown.clone()));
        Self { url, shutdown, task: Some(task) }
    }

    /// Asks this service alone to stop (a test taking a backend away); [`stopped`](Self::stopped)
    /// waits for it.
    pub fn stop(&self) {
        self.shutdown.cancel();
    }

    /// Waits until the service has stopped, by request or by failing: its result. A second
    /// call answers `Ok` at once.
    ///
    /// # Errors
    /// The service's own error, or its task's panic.
    pub async fn stopped(&mut self) -> anyhow::Result<()> {
        match self.task.take() {
            Some(task) => task.await?,
            None => Ok(()),
        }
    }
}
