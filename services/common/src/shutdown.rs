//! One cancellation token per process: signals cancel it, every server drains on it.

pub use tokio_util::sync::CancellationToken as Shutdown;

/// Cancels `shutdown` on SIGINT or SIGTERM.
pub fn cancel_on_signals(shutdown: Shutdown) {
    tokio::spawn(async move {
        let ctrl_c = tokio::signal::ctrl_c();
        #[cfg(unix)]
        {
            let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(s) => s,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot watch SIGTERM; SIGINT only");
                    let _ = ctrl_c.await;
                    shutdown.cancel();
                    return;
                }
            };
            tokio::select! {
                _ = ctrl_c => {},
                _ = term.recv() => {},
            }
        }
        #[cfg(not(unix))]
        let _ = ctrl_c.await;
        tracing::info!("shutdown signal received; draining");
        shutdown.cancel();
    });
}

/// Runs `stop` once `shutdown` is cancelled (an HTTP server's graceful stop), in a task of
/// its own, so the caller goes on to await the server.
pub fn on_shutdown<F>(shutdown: Shutdown, stop: F)
where
    F: std::future::Future<Output = ()> + Send + 'static,
{
    tokio::spawn(async move {
        shutdown.cancelled().await;
        stop.await;
    });
}
