//! What travels with a request from hop to hop besides its message: its
//! timings come back ([`crate::timing`]), and the latency and faults its visitor injected
//! go forth ([`faults`], `vitrine_domain::faults`), in the gRPC metadata [`FAULTS`].
//! Both live in task-locals of the task answering the request; [`spawn`] keeps them for
//! a read the request starts in a task of its own.

use std::future::Future;

use vitrine_domain::faults::Faults;

/// The request metadata that carries the visitor's injected faults (their text form).
pub const FAULTS: &str = "vitrine-faults";

tokio::task_local! {
    static FAULTED: Option<Faults>;
}

/// Runs `call` with `faults` as its request's injected faults.
pub async fn with_faults<F: Future>(faults: Option<Faults>, call: F) -> F::Output {
    FAULTED.scope(faults, call).await
}

/// The faults the current request's visitor injected, if any.
#[must_use]
pub fn faults() -> Option<Faults> {
    FAULTED.try_with(|f| *f).ok().flatten()
}

/// `tokio::spawn`, keeping the current request's timings and faults: a read a request
/// starts in its own task is still that request's.
pub fn spawn<F>(task: F) -> tokio::task::JoinHandle<F::Output>
where
    F: Future + Send + 'static,
    F::Output: Send + 'static,
{
    let task = with_faults(faults(), task);
    match crate::timing::current() {
        Some(timings) => tokio::spawn(crate::timing::within(timings, task)),
        None => tokio::spawn(task),
    }
}

#[cfg(test)]
mod tests {
    use vitrine_domain::Backend;

    use super::*;

    #[tokio::test]
    async fn a_spawned_read_keeps_its_requests_faults() {
        let set = Faults { backend: Backend::Fake, latency_ms: 10, error_percent: 0, timeout: false };
        assert_eq!(faults(), None);
        let seen = with_faults(Some(set), async { spawn(async { faults() }).await.ok().flatten() }).await;
        assert_eq!(seen, Some(set));
        assert_eq!(tokio::spawn(async { faults() }).await.ok().flatten(), None, "a task of no request's");
    }
}
