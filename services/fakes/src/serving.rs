//! A fake's actix server running on the caller's tokio runtime: stopped when its owner
//! drops it, or stopped and awaited with [`Serving::stop`].

use actix_web::dev::Server;
use tokio::task::JoinHandle;
use vitrine_common::Shutdown;

pub(crate) struct Serving {
    shutdown: Shutdown,
    task: Option<JoinHandle<std::io::Result<()>>>,
}

impl Serving {
    /// Runs `server` until it is stopped. The server future must keep being polled for
    /// its stop command to be handled, so it runs in its own task and a second task
    /// turns the cancellation into that command.
    pub(crate) fn spawn(server: Server) -> Self {
        let shutdown = Shutdown::new();
        let handle = server.handle();
        let stop = shutdown.clone();
        let task = tokio::spawn(server);
        tokio::spawn(async move {
            stop.cancelled().await;
            handle.stop(false).await;
        });
        Self { shutdown, task: Some(task) }
    }

    /// Stops the server and returns once it has stopped.
    pub(crate) async fn stop(mut self) {
        self.shutdown.cancel();
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}
