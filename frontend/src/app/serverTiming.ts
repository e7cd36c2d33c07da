// The edge's `Server-Timing`, read for the debug bar's Timings panel. Pure:
// a header value (or the browser's own parse of a document's header) in, typed entries
// and a waterfall's geometry out. Only the panel's chunk imports this; the first paint
// carries none of it.
//
// What the edge writes: `edge` (the whole answer), `edge-cache` (`<hit|miss> <read>`),
// one entry per gRPC hop (`catalogue`, `navigation`, `url-resolution`, `cart`, `adapter`:
// `<RpcMethod>`), `upstream` (`<driver> <operation> <hit|stale|miss|coalesced> [<error
// kind>]`), each desc ending in `@<start>`: ms from the edge's receipt of the request;
// then `dropped` (how many entries the edge's bound left out) and `traceparent` (W3C),
// which have no duration and no start.

/** One metric of the header. */
export interface TimingEntry {
  name: string;
  /** Milliseconds; null when the metric has none, or not a number. */
  dur: number | null;
  desc: string;
  /** The desc's words, without the trailing `@start`. */
  words: string[];
  /** Milliseconds from the edge's receipt of the request; null without an `@start`. */
  start: number | null;
}

/** Entries that describe the answer rather than time a part of it. */
const META = new Set(["traceparent", "dropped"]);

/** The cache outcomes an `upstream` or `edge-cache` desc names. */
const OUTCOMES = new Set(["hit", "stale", "miss", "coalesced"]);

/** The gRPC hops: their one word is the method called. */
const HOPS = new Set(["catalogue", "navigation", "url-resolution", "cart", "adapter"]);

// RFC 9110 token characters.
const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;
const NUMBER = /^(?:\d+\.?\d*|\.\d+)$/;
const AT = /^@(\d+(?:\.\d+)?)$/;

/** An entry from its three parts: the desc's trailing `@start` becomes `start`. */
export function timingEntry(name: string, dur: number | null, desc: string): TimingEntry {
  const words = desc.split(/\s+/).filter(Boolean);
  const at = AT.exec(words[words.length - 1] ?? "");
  if (at) words.pop();
  return { name, dur, desc, words, start: at ? Number(at[1]) : null };
}

/**
 * A `Server-Timing` value as entries, in the header's order. As browsers read it: names
 * and parameter names are tokens, values tokens or quoted strings, the first `dur` and
 * `desc` of a metric count; a metric without a name is skipped, and text after a
 * metric's parameters up to the next comma is ignored (commas in quotes do not count).
 */
export function parseServerTiming(header: string | null | undefined): TimingEntry[] {
  const text = header ?? "";
  const entries: TimingEntry[] = [];
  let i = 0;
  const space = () => {
    while (text[i] === " " || text[i] === "\t") i++;
  };
  const token = () => {
    TOKEN.lastIndex = i;
    const found = TOKEN.exec(text)?.[0] ?? "";
    i += found.length;
    return found;
  };
  const quoted = () => {
    let value = "";
    for (i++; i < text.length && text[i] !== '"'; i++) {
      if (text[i] === "\\") i++;
      value += text[i] ?? "";
    }
    i++;
    return value;
  };
  while (i < text.length) {
    space();
    const name = token();
    let dur: number | null | undefined;
    let desc: string | undefined;
    space();
    while (name && text[i] === ";") {
      i++;
      space();
      const key = token().toLowerCase();
      space();
      let value = "";
      if (text[i] === "=") {
        i++;
        space();
        value = text[i] === '"' ? quoted() : token();
        space();
      }
      if (key === "dur" && dur === undefined) dur = NUMBER.test(value) ? Number(value) : null;
      if (key === "desc" && desc === undefined) desc = value;
    }
    // Whatever is left of this metric (or a metric without a name) up to its comma.
    while (i < text.length && text[i] !== ",") {
      if (text[i] === '"') quoted();
      else i++;
    }
    i++;
    if (name) entries.push(timingEntry(name, dur ?? null, desc ?? ""));
  }
  return entries;
}

/** The browser's own parse (`PerformanceResourceTiming.serverTiming`) as entries. It says 0 for no `dur`. */
export function fromPerformance(list: readonly { name: string; duration: number; description: string }[]): TimingEntry[] {
  return list.map((t) => timingEntry(t.name, META.has(t.name) ? null : t.duration, t.description));
}

/** What a desc word is, for the panel to show and highlight. */
export type WordRole = "driver" | "operation" | "outcome" | "error" | "read" | "method" | "word";

/** The desc's words with what each is, by the entry's name. */
export function wordRoles(entry: TimingEntry): { word: string; role: WordRole }[] {
  return entry.words.map((word, i) => {
    const outcome = OUTCOMES.has(word);
    if (entry.name === "upstream") {
      if (i === 0) return { word, role: "driver" };
      if (i === 1) return { word, role: "operation" };
      return { word, role: outcome ? "outcome" : "error" };
    }
    if (entry.name === "edge-cache") return { word, role: outcome ? "outcome" : "read" };
    if (HOPS.has(entry.name) && i === 0) return { word, role: "method" };
    return { word, role: "word" };
  });
}

/** What an answer's entries say as a whole. */
export interface TimingSummary {
  /** The `edge` entry's duration: the whole answer. */
  total: number | null;
  /** The W3C trace id of `traceparent`, when it is a valid one. */
  traceId: string | null;
  /** The drivers the `upstream` entries name, in order, once each. */
  drivers: string[];
  /** How many entries the edge left out (`dropped`); 0 when none. */
  dropped: number;
}

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

export function summarise(entries: readonly TimingEntry[]): TimingSummary {
  const edge = entries.find((e) => e.name === "edge");
  const trace = TRACEPARENT.exec(entries.find((e) => e.name === "traceparent")?.desc.trim().toLowerCase() ?? "")?.[1];
  const dropped = Number(entries.find((e) => e.name === "dropped")?.desc);
  const drivers = [...new Set(entries.filter((e) => e.name === "upstream" && e.words[0]).map((e) => e.words[0]))];
  return {
    total: edge?.dur ?? null,
    traceId: trace && !/^0+$/.test(trace) ? trace : null,
    drivers,
    dropped: Number.isInteger(dropped) && dropped > 0 ? dropped : 0,
  };
}

/** A row of the waterfall: its bar's left edge and width in % of the scale; no bar without a start. */
export interface WaterfallRow {
  entry: TimingEntry;
  bar: { left: number; width: number } | null;
}

/**
 * The waterfall of an answer: every timing entry (not `traceparent` nor `dropped`) in
 * order of start (the header's order among equals; no start last), against a scale of
 * the `edge` entry's duration, else the latest end. Bars stay inside the scale.
 */
export function waterfall(entries: readonly TimingEntry[]): { scale: number; rows: WaterfallRow[] } {
  const timed = entries.filter((e) => !META.has(e.name));
  const edge = timed.find((e) => e.name === "edge")?.dur ?? 0;
  const scale = edge > 0 ? edge : Math.max(0, ...timed.map((e) => (e.start ?? 0) + (e.dur ?? 0)));
  const order = (e: TimingEntry) => e.start ?? Infinity;
  const sorted = timed.map((entry, i) => ({ entry, i })).sort((a, b) => order(a.entry) - order(b.entry) || a.i - b.i);
  const percent = (ms: number) => Math.round(Math.min(Math.max(ms / scale, 0), 1) * 10000) / 100;
  return {
    scale,
    rows: sorted.map(({ entry }) => {
      if (entry.start === null || scale === 0) return { entry, bar: null };
      const left = percent(entry.start);
      return { entry, bar: { left, width: Math.min(percent(entry.dur ?? 0), Math.round((100 - left) * 100) / 100) } };
    }),
  };
}
