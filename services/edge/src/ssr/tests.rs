//! The renderer with real QuickJS runtimes, driven by hand-written bundles in `testdata/`
//! (no npm needed): a normal answer, a throw, an endless loop, a huge allocation, a full
//! queue, and no usable bundle.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

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
    assert_eq!(renderer.render("/count", r#"{"n":1}"#).await.as_deref(), Some("1"));
    assert_eq!(renderer.render("/count", r#"{"n":2}"#).await.as_deref(), Some("2"));
}

#[tokio::test]
async fn a_render_that_throws_gives_no_page_and_keeps_the_runtime() {
    let (renderer, metrics) = start("bundle.js", bounds());
    assert_eq!(renderer.render("/count", r#"{"n":3}"#).await.as_deref(), Some("1"));
    assert_eq!(renderer.render("/throw", "{}").await, None);
    assert_eq!(count(&metrics, "threw"), 1);
    // Data that is not JSON is the bundle's throw too.
    assert_eq!(renderer.render("/", "not json").await, None);
    assert_eq!(count(&metrics, "threw"), 2);
    assert_eq!(renderer.render("/count", r#"{"n":4}"#).await.as_deref(), Some("2"), "the same runtime");
}

#[tokio::test]
async fn an_endless_render_is_interrupted_and_its_runtime_rebuilt() {
    let (renderer, metrics) = start("bundle.js", bounds());
    assert_eq!(renderer.render("/count", r#"{"n":5}"#).await.as_deref(), Some("1"));
    assert_eq!(renderer.render("/loop", "{}").await, None);
    // Stopped by its limit, not given up on by the page (which counts `late`).
    assert_eq!(count(&metrics, "interrupted"), 1);
    assert_eq!(renderer.render("/count", r#"{"n":6}"#).await.as_deref(), Some("1"), "a new runtime");
    assert_eq!(
        renderer.render("/", r#"{"heading":"Home"}"#).await.as_deref(),
        Some(r#"<main data-url="/">Home</main>"#)
    );
}

#[tokio::test]
async fn a_render_past_the_memory_limit_is_stopped_and_its_runtime_rebuilt() {
    let (renderer, metrics) = start("bundle.js", bounds());
    assert_eq!(renderer.render("/count", r#"{"n":7}"#).await.as_deref(), Some("1"));
    assert_eq!(renderer.render("/huge", "{}").await, None);
    assert_eq!(count(&metrics, "out_of_memory"), 1);
    assert_eq!(count(&metrics, "interrupted"), 0, "stopped by the memory limit, not the clock");
    assert_eq!(renderer.render("/count", r#"{"n":8}"#).await.as_deref(), Some("1"), "a new runtime");
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
        async move { r.render("/count", r#"{"n":0}"#).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(renderer.render("/", r#"{"heading":"Home"}"#).await, None);
    // Refused at once (counted so), not answered late after a wait in the queue.
    assert_eq!((count(&metrics, "queue_full"), count(&metrics, "late")), (1, 0));
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_rendered_once_is_reused_and_concurrent_asks_share_one_render() {
    let (renderer, metrics) = start("bundle.js", bounds());
    let renderer = Arc::new(renderer);
    // `/count` answers how many times the runtime rendered it: a reused page says 1.
    let asks: Vec<_> = (0..6)
        .map(|_| {
            let r = renderer.clone();
            tokio::spawn(async move { r.render("/count", "{}").await })
        })
        .collect();
    for ask in asks {
        assert_eq!(ask.await.expect("ask").as_deref(), Some("1"), "one render for all");
    }
    assert_eq!(renderer.render("/count", "{}").await.as_deref(), Some("1"), "kept");
    assert_eq!((count(&metrics, "rendered"), count(&metrics, "reused")), (1, 6));
    // Other data is another page.
    assert_eq!(renderer.render("/count", r#"{"n":1}"#).await.as_deref(), Some("2"));
    // A failed render is not kept: asked again, it runs again.
    assert_eq!(renderer.render("/throw", "{}").await, None);
    assert_eq!(renderer.render("/throw", "{}").await, None);
    assert_eq!(count(&metrics, "threw"), 2);
}
