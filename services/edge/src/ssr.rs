//! React's server render of a page, inside the edge: the SPA's own components,
//! built by Vite into one script (`frontend/dist-ssr/entry-server.js`, which sets
//! `globalThis.VitrineSsr.render(url, inlinedJson)`), evaluated in QuickJS. The page's HTML
//! then holds the markup React itself writes, and the browser hydrates it.
//!
//! The bundle is read from the built frontend when the edge starts, never compiled in: the
//! binary builds and tests without npm, and without a bundle [`Renderer::render`] answers
//! `None` (the page goes out as the plain shell with its data, as before).
//!
//! A QuickJS runtime is single-threaded, so each of a few threads owns one runtime and
//! context with the bundle evaluated once; pages reach them through a bounded queue. Every
//! render is bounded: the runtime's memory, the time a render may run (an interrupt handler
//! stops it), the queue (full: `None` at once) and the wait for the answer. A runtime that
//! was interrupted or ran out of memory may be left half-changed, so it is rebuilt.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use rquickjs::{CatchResultExt, Context, Function, Object, Runtime};
use tokio::sync::oneshot;

use crate::metrics::Metrics;

/// What bounds the renderer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bounds {
    /// Renderer threads, each with its own runtime.
    pub(crate) threads: usize,
    /// Pages waiting for a thread; beyond, a page is not rendered.
    pub(crate) queue: usize,
    /// The longest one render may run before the interrupt handler stops it.
    pub(crate) time: Duration,
    /// A runtime's memory limit, in bytes (the bundle evaluated takes about 6 MiB).
    pub(crate) memory: usize,
}

impl Bounds {
    /// One renderer per edge worker (a page's render is CPU work, as the worker's own),
    /// a few pages queued each, 200 ms a render (a page takes about 10 ms), 64 MiB a runtime.
    pub(crate) fn for_workers(workers: usize) -> Self {
        let threads = workers.max(1);
        Self { threads, queue: 4 * threads, time: Duration::from_millis(200), memory: 64 * 1024 * 1024 }
    }

    /// How long a page waits for its answer: a render's own limit, and as much again for
    /// the pages queued before it.
    fn wait(&self) -> Duration {
        self.time * 2
    }
}

/// Why a render gave no page.
#[derive(Debug, PartialEq, Eq)]
enum Failure {
    /// The bundle threw (a bug, or data it did not expect); the runtime is fine.
    Threw(String),
    /// Stopped by the interrupt handler, past [`Bounds::time`].
    Interrupted,
    /// Past the runtime's memory limit.
    OutOfMemory,
}

impl Failure {
    /// The label of `vitrine_edge_ssr_renders_total`.
    const fn outcome(&self) -> &'static str {
        match self {
            Self::Threw(_) => "threw",
            Self::Interrupted => "interrupted",
            Self::OutOfMemory => "out_of_memory",
        }
    }

    /// Whether the runtime may be left in a state no later render should meet.
    const fn spoils_runtime(&self) -> bool {
        !matches!(self, Self::Threw(_))
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Threw(e) => write!(f, "threw: {e}"),
            Self::Interrupted => f.write_str("interrupted past its time limit"),
            Self::OutOfMemory => f.write_str("past its memory limit"),
        }
    }
}

/// One runtime and context with the bundle evaluated in it.
struct Engine {
    // Dropped before the runtime (fields drop in order).
    context: Context,
    runtime: Runtime,
    /// When the running render must stop; `None` between renders.
    deadline: Arc<Mutex<Option<Instant>>>,
    /// Set by the interrupt handler when it stopped a render.
    interrupted: Arc<AtomicBool>,
}

impl Engine {
    /// Evaluates `bundle` in a new runtime bounded by `bounds`.
    fn new(bundle: &str, bounds: &Bounds) -> Result<Self, String> {
        let runtime = Runtime::new().map_err(|e| e.to_string())?;
        runtime.set_memory_limit(bounds.memory);
        let deadline: Arc<Mutex<Option<Instant>>> = Arc::default();
        let interrupted = Arc::new(AtomicBool::new(false));
        let (past, flag) = (deadline.clone(), interrupted.clone());
        // QuickJS calls this every so many operations: `true` throws an uncatchable error.
        runtime.set_interrupt_handler(Some(Box::new(move || {
            let due = past.lock().unwrap_or_else(PoisonError::into_inner).is_some_and(|d| Instant::now() >= d);
            if due {
                flag.store(true, Ordering::Relaxed);
            }
            due
        })));
        let context = Context::full(&runtime).map_err(|e| e.to_string())?;
        let engine = Self { context, runtime, deadline, interrupted };
        *engine.deadline.lock().unwrap_or_else(PoisonError::into_inner) = Some(Instant::now() + bounds.time * 5);
        let evaluated = engine.context.with(|ctx| -> Result<(), String> {
            ctx.eval::<(), _>(bundle).catch(&ctx).map_err(|e| e.to_string())?;
            let ssr: Object = ctx.globals().get("VitrineSsr").catch(&ctx).map_err(|e| e.to_string())?;
            ssr.get::<_, Function>("render").catch(&ctx).map_err(|e| e.to_string())?;
            Ok(())
        });
        *engine.deadline.lock().unwrap_or_else(PoisonError::into_inner) = None;
        evaluated.map_err(|e| format!("the SSR bundle does not set VitrineSsr.render: {e}"))?;
        Ok(engine)
    }

    /// `VitrineSsr.render(url, data)`, stopped at `limit`.
    fn render(&self, url: &str, data: &str, limit: Duration) -> Result<String, Failure> {
        self.interrupted.store(false, Ordering::Relaxed);
        *self.deadline.lock().unwrap_or_else(PoisonError::into_inner) = Some(Instant::now() + limit);
        let rendered = self.context.with(|ctx| {
            let ssr: Object = ctx.globals().get("VitrineSsr").catch(&ctx).map_err(|e| e.to_string())?;
            let render: Function = ssr.get("render").catch(&ctx).map_err(|e| e.to_string())?;
            render.call::<_, String>((url, data)).catch(&ctx).map_err(|e| e.to_string())
        });
        *self.deadline.lock().unwrap_or_else(PoisonError::into_inner) = None;
        rendered.map_err(|e| {
            if self.interrupted.load(Ordering::Relaxed) {
                Failure::Interrupted
            } else if e.contains("out of memory") || e.contains("Allocation failed") {
                Failure::OutOfMemory
            } else {
                Failure::Threw(e)
            }
        })
    }

    /// Bytes the runtime holds (QuickJS's own count), for the log of a rebuilt runtime.
    fn memory(&self) -> i64 {
        self.runtime.memory_usage().malloc_size
    }
}

/// A page to render and where its answer goes.
struct Job {
    url: String,
    data: String,
    answer: oneshot::Sender<Option<String>>,
}

/// How many bytes of markup [`Renderer`] keeps for reuse, and how long.
const MEMO_BYTES: u64 = 16 * 1024 * 1024;
const MEMO_TTL: Duration = Duration::from_secs(60);

/// The edge's handle on the renderer threads; dropping it ends them.
pub(crate) struct Renderer {
    /// `None`: no bundle (or none that evaluates): every page goes out without markup.
    jobs: Option<SyncSender<Job>>,
    wait: Duration,
    metrics: Arc<Metrics>,
    /// A render is a pure function of the url and the data: its markup is kept under the
    /// SHA-1 of both and reused, and concurrent requests for the same one share a single
    /// render. Without it a busy edge renders every page view (about 1.3 ms of a
    /// renderer each, release build) and, with its queue full, sends most pages out
    /// without markup (measured: 97 % of 53,000 views of `/1001` in 3 s at 32
    /// connections).
    memo: moka::future::Cache<[u8; 20], Arc<str>>,
}

impl Renderer {
    /// Whether it renders at all (a `None` from [`Renderer::render`] is then a refusal:
    /// busy, late or failed).
    pub(crate) const fn renders(&self) -> bool {
        self.jobs.is_some()
    }

    /// No renderer: [`Renderer::render`] answers `None`.
    pub(crate) fn none(metrics: Arc<Metrics>) -> Self {
        Self { jobs: None, wait: Duration::ZERO, metrics, memo: memo() }
    }

    /// Reads the bundle at `bundle` and starts `bounds.threads` renderers, each having
    /// evaluated it (so a broken bundle shows at start, in the log, not on each page).
    /// Without a file, or with one that does not evaluate: no renderer.
    pub(crate) fn start(bundle: Option<&Path>, bounds: Bounds, metrics: Arc<Metrics>) -> Self {
        let Some(path) = bundle else {
            return Self::none(metrics);
        };
        let source: Arc<str> = match std::fs::read_to_string(path) {
            Ok(source) => source.into(),
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "no SSR bundle: pages go out without their markup");
                return Self::none(metrics);
            }
        };
        let started = Instant::now();
        let (jobs, queue) = mpsc::sync_channel::<Job>(bounds.queue);
        let queue = Arc::new(Mutex::new(queue));
        let (ready, evaluated) = mpsc::channel::<Result<(), String>>();
        for i in 0..bounds.threads {
            let (source, queue, counts, ready) = (source.clone(), queue.clone(), metrics.clone(), ready.clone());
            // `ready` moves in and is dropped once answered: the wait below ends when every
            // thread has answered (or died before it could).
            let spawned = std::thread::Builder::new()
                .name(format!("ssr-{i}"))
                // React's render recurses deeply; QuickJS checks its own stack limit (1 MiB).
                .stack_size(8 * 1024 * 1024)
                .spawn(move || serve(&source, &bounds, &queue, &counts, ready));
            if let Err(e) = spawned {
                tracing::error!(error = %e, "cannot start an SSR thread");
                return Self::none(metrics);
            }
        }
        drop(ready);
        // Every thread answers once, with its runtime built or not; all must be.
        if let Some(Err(e)) = evaluated.iter().find(Result::is_err) {
            tracing::error!(path = %path.display(), error = %e, "SSR bundle unusable: pages go out without their markup");
            return Self::none(metrics);
        }
        tracing::info!(
            path = %path.display(),
            threads = bounds.threads,
            ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
            "SSR bundle evaluated"
        );
        Self { jobs: Some(jobs), wait: bounds.wait(), metrics, memo: memo() }
    }

    /// React's markup of the page at `url` (path and query) from `data`, the JSON object the
    /// page inlines; `None` without a renderer, when the queue is full, the render failed
    /// or its answer is later than the wait.
    pub(crate) async fn render(&self, url: &str, data: &str) -> Option<Arc<str>> {
        self.jobs.as_ref()?;
        let key = memo_key(url, data);
        let mut rendered_now = false;
        let markup = self
            .memo
            .optionally_get_with(key, async {
                rendered_now = true;
                self.render_now(url, data).await.map(Arc::from)
            })
            .await;
        if markup.is_some() && !rendered_now {
            self.metrics.ssr_renders.with_label_values(&["reused"]).inc();
        }
        markup
    }

    /// One render on a renderer thread, as [`Renderer::render`] describes.
    async fn render_now(&self, url: &str, data: &str) -> Option<String> {
        let jobs = self.jobs.as_ref()?;
        let (answer, answered) = oneshot::channel();
        match jobs.try_send(Job { url: url.to_owned(), data: data.to_owned(), answer }) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                self.metrics.ssr_renders.with_label_values(&["queue_full"]).inc();
                // Counted, not logged: under load this happens per request.
                tracing::debug!(url, "SSR queue full: the page goes out without its markup");
                return None;
            }
            Err(TrySendError::Disconnected(_)) => return None,
        }
        if let Ok(answer) = tokio::time::timeout(self.wait, answered).await {
            answer.ok().flatten()
        } else {
            self.metrics.ssr_renders.with_label_values(&["late"]).inc();
            tracing::warn!(url, "SSR answer late: the page goes out without its markup");
            None
        }
    }
}

fn memo() -> moka::future::Cache<[u8; 20], Arc<str>> {
    moka::future::Cache::builder()
        .max_capacity(MEMO_BYTES)
        .weigher(|_, markup: &Arc<str>| u32::try_from(markup.len() + 20).unwrap_or(u32::MAX))
        .time_to_live(MEMO_TTL)
        .build()
}

/// The memo's key: the SHA-1 of the url and the data, which together decide the markup.
fn memo_key(url: &str, data: &str) -> [u8; 20] {
    let mut hash = sha1_smol::Sha1::new();
    hash.update(url.as_bytes());
    hash.update(b"\0");
    hash.update(data.as_bytes());
    hash.digest().bytes()
}

/// A renderer thread: builds its engine, says whether it could, then renders until the
/// [`Renderer`] is dropped.
fn serve(
    source: &str,
    bounds: &Bounds,
    queue: &Mutex<Receiver<Job>>,
    metrics: &Metrics,
    ready: mpsc::Sender<Result<(), String>>,
) {
    let mut engine = match Engine::new(source, bounds) {
        Ok(engine) => engine,
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    let _ = ready.send(Ok(()));
    drop(ready);
    loop {
        let Ok(job) = queue.lock().unwrap_or_else(PoisonError::into_inner).recv() else {
            return;
        };
        if job.answer.is_closed() {
            // Its page went out already (late): no one reads this render.
            continue;
        }
        let started = Instant::now();
        let rendered = engine.render(&job.url, &job.data, bounds.time);
        let took = started.elapsed();
        metrics.ssr_render_seconds.observe(took.as_secs_f64());
        let ms = u64::try_from(took.as_millis()).unwrap_or(u64::MAX);
        match rendered {
            Ok(html) => {
                metrics.ssr_renders.with_label_values(&["rendered"]).inc();
                tracing::debug!(url = %job.url, ms, bytes = html.len(), "page rendered");
                let _ = job.answer.send(Some(html));
            }
            Err(failure) => {
                metrics.ssr_renders.with_label_values(&[failure.outcome()]).inc();
                tracing::warn!(url = %job.url, ms, %failure, "server render failed: the page goes out without its markup");
                let _ = job.answer.send(None);
                if failure.spoils_runtime() {
                    let held = engine.memory();
                    drop(engine);
                    engine = match Engine::new(source, bounds) {
                        Ok(engine) => engine,
                        Err(e) => {
                            tracing::error!(error = %e, "SSR runtime not rebuilt: this renderer stops");
                            return;
                        }
                    };
                    tracing::info!(held, "SSR runtime rebuilt");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
