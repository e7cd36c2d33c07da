//! The renderer with real QuickJS runtimes, driven by hand-written bundles in `testdata/`
//! (no npm needed): a normal answer, a throw, an endless loop, a huge allocation, a full
//! queue, and no usable bundle.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Bounds, Renderer};
use crate::metrics::Metrics;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/ssr/testdata").join(name)
}

fn bounds() -> Bounds {
    Bounds { threads: 1, queue: 4, time: Duration::from_millis(200), memory: 16 * 1024 * 1024 }
}

fn start(bundle: &str, bounds: Bounds) -> (Renderer, Arc<Metrics>) {
    let metrics = Arc::new(Metrics::new());
    (Renderer::start(Some(&fixture(bundle)), bounds, metrics.clone()), metrics)
}

fn count(metrics: &Metrics, outcome: &str) -> u64 {
    metrics.ssr_renders.with_label_values(&[outcome]).get()
}

#[tokio::test]
async fn renders_the_page_from_its_url_and_inlined_data() {
    let (renderer, metrics) = start("bundle.js", bounds());
    let html = renderer.render("/computers?page=2", r#"{"heading":"Computers"}"#).await;
    assert_eq!(html.as_deref(), Some(r#"<main data-url="/computers?page=2">Computers</main>"#));
    assert_eq!(count(&metrics, "rendered"), 1);
    assert_eq!(metrics.ssr_render_seconds.get_sample_count(), 1, "each render is timed");
    // The runtime lives on between renders: the bundle is evaluated once.
    assert_eq!(renderer.render("/count", "{}").await.as_deref(), Some("1"));
    assert_eq!(renderer.render("/count", "{}").await.as_deref(), Some("2"));
}

#[tokio::test]
async fn a_render_that_throws_gives_no_page_and_keeps_the_runtime() {
    let (renderer, metrics) = start("bundle.js", bounds());
    assert_eq!(renderer.render("/count", "{}").await.as_deref(), Some("1"));
    assert_eq!(renderer.render("/throw", "{}").await, None);
    assert_eq!(count(&metrics, "threw"), 1);
    // Data that is not JSON is the bundle's throw too.
    assert_eq!(renderer.render("/", "not json").await, None);
    assert_eq!(count(&metrics, "threw"), 2);
    assert_eq!(renderer.render("/count", "{}").await.as_deref(), Some("2"), "the same runtime");
}

#[tokio::test]
async fn an_endless_render_is_interrupted_and_its_runtime_rebuilt() {
    let (renderer, metrics) = start("bundle.js", bounds());
    assert_eq!(renderer.render("/count", "{}").await.as_deref(), Some("1"));
    let started = Instant::now();
    assert_eq!(renderer.render("/loop", "{}").await, None);
    // 200 ms allowed; the margin is for a busy machine, an endless loop never answers.
    assert!(started.elapsed() < Duration::from_secs(1), "stopped at its limit: {:?}", started.elapsed());
    assert_eq!(count(&metrics, "interrupted"), 1);
    assert_eq!(renderer.render("/count", "{}").await.as_deref(), Some("1"), "a new runtime");
    assert_eq!(
        renderer.render("/", r#"{"heading":"Home"}"#).await.as_deref(),
        Some(r#"<main data-url="/">Home</main>"#)
    );
}

#[tokio::test]
async fn a_render_past_the_memory_limit_is_stopped_and_its_runtime_rebuilt() {
    let (renderer, metrics) = start("bundle.js", bounds());
    assert_eq!(renderer.render("/count", "{}").await.as_deref(), Some("1"));
    assert_eq!(renderer.render("/huge", "{}").await, None);
    assert_eq!(count(&metrics, "out_of_memory"), 1);
    assert_eq!(count(&metrics, "interrupted"), 0, "stopped by the memory limit, not the clock");
    assert_eq!(renderer.render("/count", "{}").await.as_deref(), Some("1"), "a new runtime");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_answers_none_at_once() {
    let bounds = Bounds { queue: 1, time: Duration::from_secs(5), ..bounds() };
    let (renderer, metrics) = start("bundle.js", bounds);
    let renderer = Arc::new(renderer);
    // One render holds the only thread, one waits in the queue.
    let busy = tokio::spawn({
        let r = renderer.clone();
        async move { r.render("/slow?ms=1500", "{}").await }
    });
    // Time for the thread to take it, even on a busy machine.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let queued = tokio::spawn({
        let r = renderer.clone();
        async move { r.render("/count", "{}").await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let started = Instant::now();
    assert_eq!(renderer.render("/", r#"{"heading":"Home"}"#).await, None);
    assert!(started.elapsed() < Duration::from_millis(100), "no wait: {:?}", started.elapsed());
    assert_eq!(count(&metrics, "queue_full"), 1);
    assert!(busy.await.expect("busy").is_some(), "the slow render still answers");
    assert_eq!(queued.await.expect("queued").as_deref(), Some("1"), "the queued one after it");
}

#[tokio::test]
async fn without_a_usable_bundle_nothing_is_rendered() {
    let metrics = Arc::new(Metrics::new());
    let none = Renderer::start(None, bounds(), metrics.clone());
    assert_eq!(none.render("/", "{}").await, None);
    let missing = Renderer::start(Some(&fixture("absent.js")), bounds(), metrics.clone());
    assert_eq!(missing.render("/", "{}").await, None);
    for broken in ["throws-at-load.js", "no-render.js"] {
        let (renderer, metrics) = start(broken, bounds());
        assert!(renderer.jobs.is_none(), "{broken}: no renderer threads");
        assert_eq!(renderer.render("/", "{}").await, None, "{broken}");
        assert_eq!(count(&metrics, "threw"), 0, "{broken}: not counted as renders");
    }
}
