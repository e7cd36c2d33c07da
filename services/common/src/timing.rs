//! What one request cost, hop by hop: the entries of a `Server-Timing` header.
//!
//! Each service collects the entries of the call it is answering in a task-local
//! [`Timings`] ([`within`]); whatever runs in that task records into it ([`record`]):
//! the adapter its upstream calls and their cache outcomes, the edge its response-cache
//! look-ups. A gRPC server sends what it collected back in the response metadata
//! ([`METADATA`], the same syntax as the header), prefixed by its own hop; the client that
//! called it adds those entries to its own collection, shifted to start when it sent the
//! call ([`Timings::absorb`]). So the figures are right whether the services share one
//! process or run in different pods (each measures with its own clock, offsets travel
//! relative to each hop's start), and the edge finally writes them as `Server-Timing`.
//!
//! The syntax (`name;dur=1.25;desc="words @0.50"`): names are tokens; `dur` is in
//! milliseconds; `desc` holds space-separated words ending with `@<start>`, the entry's
//! start in milliseconds after the collection's own start, so a waterfall can be drawn.
//! Words are restricted to `[A-Za-z0-9._-]` ([`word`]): nothing a backend or visitor
//! typed (no URL, key, token or cart id) can reach a header, and nothing in one needs
//! escaping. Bounded ([`bounded`]): at most [`MAX_ENTRIES`] entries and [`MAX_BYTES`]
//! bytes, the rest counted in a `dropped` entry (an ingress turns large headers into
//! 502s).

use std::borrow::Cow;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The response metadata (a gRPC header) that carries a hop's entries back to its caller.
pub const METADATA: &str = "vitrine-timing";

/// The most entries one header carries.
pub const MAX_ENTRIES: usize = 32;

/// The most bytes one header carries.
pub const MAX_BYTES: usize = 2048;

/// The longest word kept: operation names and drivers are far shorter.
const MAX_WORD: usize = 40;

/// One `Server-Timing` entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// A token: `edge`, `catalogue`, `upstream`, …
    pub name: Cow<'static, str>,
    /// Milliseconds; `None` for an entry that is a fact, not a span (`traceparent`).
    pub dur_ms: Option<f64>,
    /// What the entry is, as words (see [`word`]); for `traceparent`, the W3C value.
    pub words: Cow<'static, str>,
    /// Milliseconds after the collection's start; `None` for a fact.
    pub start_ms: Option<f64>,
}

impl Entry {
    /// A span: `name` took `dur` from `start` (after the collection's start).
    #[must_use]
    pub fn span(
        name: impl Into<Cow<'static, str>>,
        words: impl Into<Cow<'static, str>>,
        start: Duration,
        dur: Duration,
    ) -> Self {
        Self { name: name.into(), dur_ms: Some(ms(dur)), words: words.into(), start_ms: Some(ms(start)) }
    }

    /// A fact without a duration or start (`traceparent`, `dropped`).
    #[must_use]
    pub fn fact(name: impl Into<Cow<'static, str>>, words: impl Into<Cow<'static, str>>) -> Self {
        Self { name: name.into(), dur_ms: None, words: words.into(), start_ms: None }
    }

    fn write(&self, out: &mut String) {
        write_entry(out, &self.name, self.dur_ms, &self.words, self.start_ms);
    }

    #[cfg(test)]
    fn text(&self) -> String {
        let mut out = String::with_capacity(64);
        self.write(&mut out);
        out
    }
}

/// One entry in the header's syntax: `name;dur=…;desc="words @start"`, the duration and
/// start only when given (a fact has neither).
fn write_entry(out: &mut String, name: &str, dur_ms: Option<f64>, words: &str, start_ms: Option<f64>) {
    out.push_str(name);
    if let Some(dur) = dur_ms {
        out.push_str(";dur=");
        hundredths(out, dur);
    }
    out.push_str(";desc=\"");
    out.push_str(words);
    if let Some(start) = start_ms {
        if !words.is_empty() {
            out.push(' ');
        }
        out.push('@');
        hundredths(out, start);
    }
    out.push('"');
}

/// The bytes [`write_entry`] writes for a fact (`name;desc="words"`).
const fn fact_len(name: &str, words: &str) -> usize {
    name.len() + ";desc=\"\"".len() + words.len()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// `ms` with two decimals (`3.00`), as integers: a float's own formatting costs every
/// answer more than the rest of its header.
fn hundredths(out: &mut String, ms: f64) {
    // Durations are never negative; a value past u64 is no duration either. Adding a
    // half and truncating rounds a non-negative value as `round` does, without its call.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let h = (ms.max(0.0) * 100.0 + 0.5) as u64;
    // The hundredths are below 100: two digits, each written as its offset from '0'.
    #[allow(clippy::cast_possible_truncation)]
    let cents = (h % 100) as u8;
    out.push_str(itoa::Buffer::new().format(h / 100));
    out.push('.');
    out.push(char::from(b'0' + cents / 10));
    out.push(char::from(b'0' + cents % 10));
}

/// `s` as one word of a `desc`: characters outside `[A-Za-z0-9._-]` become `_`, and it is
/// cut at 40 characters. An empty word is `-`.
#[must_use]
pub fn word(s: &str) -> String {
    let kept: String = s
        .chars()
        .take(MAX_WORD)
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '_' })
        .collect();
    if kept.is_empty() { "-".to_owned() } else { kept }
}

/// The name of the entry that carries the W3C trace context (`traceparent`'s value).
pub const TRACE: &str = "traceparent";

/// `first`, then as many of `rest` as the bounds allow (in their order), then a
/// `dropped` entry counting the rest when some were left out, then the `trace` context
/// as a [`TRACE`] fact: one header value of at most [`MAX_ENTRIES`] entries and
/// [`MAX_BYTES`] bytes (provided `first` and the trace fit, which the callers' few short
/// entries do). Written straight into one string: every answer pays for this header.
#[must_use]
pub fn bounded(first: &[Entry], rest: &[Entry], trace: Option<&str>) -> String {
    const SEPARATOR: &str = ", ";
    // Room kept for `dropped;desc="NNN"`.
    const DROPPED: usize = 32;
    let mut out = String::with_capacity(256);
    // The trace is written last, but its room is kept from the start.
    let tail = trace.map_or(0, |value| SEPARATOR.len() + fact_len(TRACE, value));
    for entry in first {
        if !out.is_empty() {
            out.push_str(SEPARATOR);
        }
        entry.write(&mut out);
    }
    // Each fixed entry is counted with a separator, as each kept one is.
    let fixed_bytes = out.len() + SEPARATOR.len() * usize::from(!first.is_empty()) + tail;
    let mut room = MAX_BYTES.saturating_sub(fixed_bytes + DROPPED);
    let mut slots = MAX_ENTRIES.saturating_sub(first.len() + usize::from(trace.is_some()) + 1);
    let mut kept = 0;
    for entry in rest {
        if slots == 0 {
            break;
        }
        let mark = out.len();
        if !out.is_empty() {
            out.push_str(SEPARATOR);
        }
        let text_start = out.len();
        entry.write(&mut out);
        let used = out.len() - text_start + SEPARATOR.len();
        if used > room {
            out.truncate(mark);
            break;
        }
        room -= used;
        slots -= 1;
        kept += 1;
    }
    let dropped = rest.len() - kept;
    if dropped > 0 {
        if !out.is_empty() {
            out.push_str(SEPARATOR);
        }
        Entry::fact("dropped", itoa::Buffer::new().format(dropped).to_owned()).write(&mut out);
    }
    if let Some(value) = trace {
        if !out.is_empty() {
            out.push_str(SEPARATOR);
        }
        write_entry(&mut out, TRACE, None, value, None);
    }
    out
}

/// The entries of a header value in our syntax. Entries that do not parse are skipped
/// (a hop of another version must not fail the call).
#[must_use]
pub fn parse(value: &str) -> Vec<Entry> {
    value.split(',').filter_map(parse_entry).collect()
}

fn parse_entry(text: &str) -> Option<Entry> {
    let mut parts = text.trim().split(';');
    let name = parts.next()?.trim();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return None;
    }
    let (mut dur_ms, mut desc) = (None, String::new());
    for param in parts {
        match param.trim().split_once('=') {
            Some(("dur", v)) => dur_ms = v.trim().parse::<f64>().ok().filter(|d| d.is_finite() && *d >= 0.0),
            Some(("desc", v)) => desc = v.trim().trim_matches('"').to_owned(),
            _ => {}
        }
    }
    let (words, start_ms) = match desc.rsplit_once('@') {
        Some((words, start)) if !start.contains(' ') => match start.parse::<f64>() {
            Ok(start) if start.is_finite() && start >= 0.0 => (words.trim_end().to_owned(), Some(start)),
            _ => (desc.clone(), None),
        },
        _ => (desc.clone(), None),
    };
    Some(Entry { name: Cow::Owned(name.to_owned()), dur_ms, words: Cow::Owned(words), start_ms })
}

/// The entries collected for one call, timed from when the collection started.
#[derive(Debug)]
pub struct Timings {
    origin: Instant,
    entries: Mutex<Vec<Entry>>,
}

impl Timings {
    /// A collection starting now.
    #[must_use]
    pub fn start() -> Arc<Self> {
        Arc::new(Self { origin: Instant::now(), entries: Mutex::default() })
    }

    /// When the collection started.
    #[must_use]
    pub const fn origin(&self) -> Instant {
        self.origin
    }

    /// Adds `name` (with `words`, kept as they are) that ran from `started` until now.
    pub fn add(&self, name: &'static str, words: impl Into<Cow<'static, str>>, started: Instant) {
        let (start, dur) = (started.saturating_duration_since(self.origin), started.elapsed());
        self.push(Entry::span(name, words, start, dur));
    }

    fn push(&self, entry: Entry) {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        // A collection never holds much more than a header can carry: a category page of
        // a backend without batching makes a few dozen upstream calls at most.
        if entries.len() < MAX_ENTRIES * 4 {
            entries.push(entry);
        }
    }

    /// Adds the entries a hop sent back (`header`, its [`METADATA`]), shifted to start
    /// at `sent` (when this side sent the call).
    pub fn absorb(&self, header: &str, sent: Instant) {
        let shift = ms(sent.saturating_duration_since(self.origin));
        for mut entry in parse(header) {
            if let Some(start) = entry.start_ms.as_mut() {
                *start += shift;
            }
            self.push(entry);
        }
    }

    /// What was collected, in the order the entries started.
    #[must_use]
    pub fn entries(&self) -> Vec<Entry> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        in_start_order(&mut entries);
        entries.clone()
    }

    /// The header value of `first`, what was collected (in the order the entries
    /// started), and the `trace` context, [`bounded`]: written from the collection as
    /// it is, with no copy of its entries.
    #[must_use]
    pub fn header(&self, first: &[Entry], trace: Option<&str>) -> String {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        in_start_order(&mut entries);
        bounded(first, &entries, trace)
    }
}

fn in_start_order(entries: &mut [Entry]) {
    entries.sort_by(|a, b| a.start_ms.unwrap_or(0.0).total_cmp(&b.start_ms.unwrap_or(0.0)));
}

tokio::task_local! {
    static CURRENT: Arc<Timings>;
}

/// Runs `call` collecting into `timings`.
pub async fn within<F: Future>(timings: Arc<Timings>, call: F) -> F::Output {
    CURRENT.scope(timings, call).await
}

/// The collection of the call the current task is answering, if any.
#[must_use]
pub fn current() -> Option<Arc<Timings>> {
    CURRENT.try_with(Arc::clone).ok()
}

/// Records `name` (with `words`, kept as they are), which ran from `started` until now,
/// in the current collection; nothing outside one (a background refresh, a warm-up).
pub fn record(name: &'static str, words: impl Into<Cow<'static, str>>, started: Instant) {
    if let Some(timings) = current() {
        timings.add(name, words, started);
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn milliseconds_are_written_with_two_decimals_as_a_float_would_be() {
        for ms in [0.0, 0.004, 0.005, 0.5, 1.0, 3.0, 9.999, 12.345, 99.995, 1234.5678, 86_400_000.0] {
            let mut out = String::new();
            hundredths(&mut out, ms);
            assert_eq!(out, format!("{ms:.2}"), "{ms}");
        }
        let mut out = String::new();
        hundredths(&mut out, -1.0);
        assert_eq!(out, "0.00", "no duration is negative");
    }

    use super::*;

    fn span(name: &str, words: &str, start: f64, dur: f64) -> Entry {
        Entry { name: name.to_owned().into(), dur_ms: Some(dur), words: words.to_owned().into(), start_ms: Some(start) }
    }

    #[test]
    fn entries_are_written_in_the_header_syntax() {
        for (entry, text) in [
            (span("edge", "", 0.0, 12.345), r#"edge;dur=12.35;desc="@0.00""#),
            (
                span("upstream", "magento ProductByUrl miss", 1.5, 250.0),
                r#"upstream;dur=250.00;desc="magento ProductByUrl miss @1.50""#,
            ),
            (Entry::fact("traceparent", "00-ab-cd-01"), r#"traceparent;desc="00-ab-cd-01""#),
        ] {
            assert_eq!(entry.text(), text);
            if entry.dur_ms.is_none() {
                assert_eq!(fact_len(&entry.name, &entry.words), text.len(), "a fact's length is what it writes");
            }
            assert_eq!(parse(text), vec![Entry { dur_ms: entry.dur_ms.map(|d| (d * 100.0).round() / 100.0), ..entry }]);
        }
    }

    #[test]
    fn words_keep_only_safe_characters() {
        for (raw, kept) in [
            ("ProductByUrl", "ProductByUrl"),
            ("in-memory", "in-memory"),
            ("a b,c\"d;e@f/g:h", "a_b_c_d_e_f_g_h"),
            ("", "-"),
            ("é", "_"),
        ] {
            assert_eq!(word(raw), kept, "{raw}");
        }
        assert_eq!(word(&"x".repeat(100)).len(), 40);
    }

    #[test]
    fn what_does_not_parse_is_skipped() {
        for (header, names) in [
            ("", vec![]),
            ("a;dur=1, ;dur=2, b c;dur=3, d", vec!["a", "d"]),
            ("a;dur=x;desc=\"w @y\"", vec!["a"]),
            ("a;dur=-1", vec!["a"]),
        ] {
            let parsed: Vec<String> = parse(header).into_iter().map(|e| e.name.into_owned()).collect();
            assert_eq!(parsed, names, "{header}");
        }
        let odd = parse("a;dur=x;desc=\"w @y\"");
        assert_eq!((odd[0].dur_ms, odd[0].words.as_ref(), odd[0].start_ms), (None, "w @y", None));
    }

    #[test]
    fn a_header_is_bounded_in_entries_and_bytes() {
        let first = [span("edge", "", 0.0, 1.0)];
        let trace = format!("00-{}-{}-01", "a".repeat(32), "b".repeat(16));
        for (count, words_len) in [(0_u32, 10), (10, 10), (40, 10), (200, 10), (25, 200)] {
            let rest: Vec<Entry> =
                (0..count).map(|i| span("upstream", &"w".repeat(words_len), f64::from(i), 1.0)).collect();
            let header = bounded(&first, &rest, Some(&trace));
            let entries = parse(&header);
            assert!(entries.len() <= MAX_ENTRIES, "{count}×{words_len}: {} entries", entries.len());
            assert!(header.len() <= MAX_BYTES, "{count}×{words_len}: {} bytes", header.len());
            assert_eq!(entries.first().map(|e| e.name.as_ref()), Some("edge"));
            assert_eq!(entries.last().map(|e| (e.name.as_ref(), e.words.as_ref())), Some((TRACE, trace.as_str())));
            let shown = entries.iter().filter(|e| e.name == "upstream").count();
            let dropped =
                entries.iter().find(|e| e.name == "dropped").map_or(0, |e| e.words.parse::<usize>().unwrap_or(0));
            assert_eq!(shown + dropped, count as usize, "{count}×{words_len}: every entry shown or counted");
        }
        let (a, b, c) = (span("a", "", 0.0, 1.0), span("b", "x", 1.0, 2.0), span("c", "", 2.0, 3.0));
        let d = Entry::fact(TRACE, "00-ab-cd-01");
        for (first, rest, trace) in [
            (vec![a.clone()], vec![b.clone(), c.clone()], vec![d.clone()]),
            (vec![], vec![b.clone()], vec![d.clone()]),
            (vec![a.clone()], vec![], vec![]),
            (vec![], vec![], vec![d.clone()]),
            (vec![], vec![], vec![]),
        ] {
            let texts: Vec<String> = first.iter().chain(&rest).chain(&trace).map(Entry::text).collect();
            let value = trace.first().map(|t| t.words.as_ref());
            assert_eq!(bounded(&first, &rest, value), texts.join(", "), "what fits is every entry, in order");
        }
    }

    #[tokio::test]
    async fn a_hops_entries_are_shifted_to_when_it_was_called() {
        let timings = Timings::start();
        let sent = timings.origin() + Duration::from_millis(5);
        timings.absorb(r#"adapter;dur=3;desc="GetProduct @0", upstream;dur=2;desc="fake product miss @0.5""#, sent);
        let starts: Vec<(String, Option<f64>)> =
            timings.entries().into_iter().map(|e| (e.name.into_owned(), e.start_ms)).collect();
        assert_eq!(starts, [("adapter".to_owned(), Some(5.0)), ("upstream".to_owned(), Some(5.5))]);
    }

    #[tokio::test]
    async fn records_go_to_the_current_collection_and_spawned_tasks_keep_it() {
        record("nowhere", "", Instant::now());
        let timings = Timings::start();
        within(timings.clone(), async {
            record("here", "a", Instant::now());
            crate::hop::spawn(async { record("spawned", "b", Instant::now()) }).await.expect("task");
        })
        .await;
        tokio::spawn(async { record("elsewhere", "", Instant::now()) }).await.expect("task");
        let names: Vec<String> = timings.entries().into_iter().map(|e| e.name.into_owned()).collect();
        assert_eq!(names, ["here", "spawned"]);
    }
}
