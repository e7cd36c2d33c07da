//! Renders a page with React's server renderer inside QuickJS, as the edge would if it
//! rendered the SPA's own components, and prints what that costs: the time
//! of one render with the data in hand (p50/p95/max of 200 after 20 warm-ups) and the
//! resident memory the engine and the bundle add.
//!
//! `vitrine-bench-ssr <bundle.js> <url> <inlined.json>`: the bundle is
//! `frontend/dist-ssr/entry-server.js` (an IIFE setting `VitrineSsr.render(url, json)`),
//! the JSON the object the edge inlines into that page.

use std::time::{Duration, Instant};

use rquickjs::{CatchResultExt, Context, Function, Object, Runtime};

const WARM_UP: usize = 20;
/// Timed renders; `BENCH_SSR_RUNS` changes it (a long run shows whether memory settles).
const RUNS: usize = 200;

/// This process's resident set, in KiB (Linux: `VmRSS` in /proc/self/status).
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The CPU time this thread has used, in ns: a render's own cost, without the time it
/// waited for a core that other processes held (the machine is shared while measuring).
fn on_cpu_ns() -> u64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut t) } == 0;
    if ok { u64::try_from(t.tv_sec).unwrap_or(0) * 1_000_000_000 + u64::try_from(t.tv_nsec).unwrap_or(0) } else { 0 }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    // Nearest rank: the smallest sample with at least p of them at or below it.
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, bundle, url, data] = args.as_slice() else {
        return Err("usage: vitrine-bench-ssr <bundle.js> <url> <inlined.json>".into());
    };
    let runs = std::env::var("BENCH_SSR_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(RUNS);
    let bundle = std::fs::read_to_string(bundle)?;
    let inlined = std::fs::read_to_string(data)?;

    let before = rss_kib();
    let started = Instant::now();
    let runtime = Runtime::new()?;
    let context = Context::full(&runtime)?;
    context.with(|ctx| ctx.eval::<(), _>(bundle.as_str()).catch(&ctx).map_err(|e| e.to_string()))?;
    let loaded = started.elapsed();
    let after_load = rss_kib();

    let (html, times, cpu) = context.with(|ctx| -> Result<(String, Vec<Duration>, Vec<Duration>), String> {
        let caught = |e: rquickjs::CaughtError<'_>| e.to_string();
        let ssr: Object = ctx.globals().get("VitrineSsr").catch(&ctx).map_err(caught)?;
        let render: Function = ssr.get("render").catch(&ctx).map_err(caught)?;
        let mut html = String::new();
        let mut times = Vec::with_capacity(runs);
        let mut cpu = Vec::with_capacity(runs);
        for i in 0..WARM_UP + runs {
            let (t, c) = (Instant::now(), on_cpu_ns());
            html = render.call((url.as_str(), inlined.as_str())).catch(&ctx).map_err(caught)?;
            if i >= WARM_UP {
                times.push(t.elapsed());
                cpu.push(Duration::from_nanos(on_cpu_ns().saturating_sub(c)));
            }
        }
        Ok((html, times, cpu))
    })?;
    let after_renders = rss_kib();

    let mut sorted = times.clone();
    sorted.sort();
    let mut cpu = cpu;
    cpu.sort();
    let cards = html.matches("class=\"product-card\"").count();
    println!("engine: QuickJS (rquickjs), bundle {} KiB", bundle.len() / 1024);
    println!("load: runtime + context + bundle evaluated in {:.1} ms", ms(loaded));
    println!(
        "render {url}: p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms ({runs} runs after {WARM_UP} warm-up)",
        ms(percentile(&sorted, 0.50)),
        ms(percentile(&sorted, 0.95)),
        ms(*sorted.last().unwrap_or(&Duration::ZERO)),
    );
    println!(
        "on-CPU time of a render: p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms (the wall time less waits for a core)",
        ms(percentile(&cpu, 0.50)),
        ms(percentile(&cpu, 0.95)),
        ms(*cpu.last().unwrap_or(&Duration::ZERO)),
    );
    println!(
        "rss: {before} KiB before, +{} KiB after load, +{} KiB after the renders",
        after_load.saturating_sub(before),
        after_renders.saturating_sub(before)
    );
    println!("html: {} bytes, {cards} product cards", html.len());
    if let Ok(path) = std::env::var("BENCH_SSR_HTML") {
        std::fs::write(path, &html)?;
    }
    Ok(())
}
