import { describe, expect, it } from "vitest";
import { fromPerformance, parseServerTiming, summarise, timingEntry, waterfall, wordRoles } from "./serverTiming";

/** The header of issue 24, as the edge writes it. */
const EDGE =
  'edge;dur=12.41;desc="@0", edge-cache;dur=0.02;desc="miss page @0.10", url-resolution;dur=3.10;desc="Resolve @0.31", ' +
  'adapter;dur=2.80;desc="Resolve @0.52", upstream;dur=2.10;desc="in-memory route miss @0.70", ' +
  'catalogue;dur=5.2;desc="GetProductByUrl @3.5", adapter;dur=4.9;desc="GetProductByUrl @3.7", ' +
  'upstream;dur=4.4;desc="in-memory product coalesced @3.9", upstream;dur=0.3;desc="magento ProductByUrl hit @4.0", ' +
  'upstream;dur=250.1;desc="medusa products miss timeout @4.1", dropped;desc="3", ' +
  'traceparent;desc="00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"';

/** `name dur start words…` of each entry, for short tables. */
const brief = (header: string | null | undefined) =>
  parseServerTiming(header).map((e) => [e.name, e.dur, e.start, e.words.join(" ")]);

describe("parseServerTiming", () => {
  it("reads the edge's header: every entry, names repeated, in order", () => {
    const entries = parseServerTiming(EDGE);
    expect(entries.map((e) => e.name)).toEqual([
      "edge", "edge-cache", "url-resolution", "adapter", "upstream", "catalogue", "adapter", "upstream", "upstream", "upstream", "dropped", "traceparent",
    ]);
    expect(entries[4]).toEqual({ name: "upstream", dur: 2.1, desc: "in-memory route miss @0.70", words: ["in-memory", "route", "miss"], start: 0.7 });
    expect(entries[0]).toEqual({ name: "edge", dur: 12.41, desc: "@0", words: [], start: 0 });
    expect(entries[10]).toEqual({ name: "dropped", dur: null, desc: "3", words: ["3"], start: null });
    expect(entries[11].desc).toBe("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    expect(entries[11].start).toBeNull();
  });

  it.each<[string, string | null | undefined, (string | number | null)[][]]>([
    ["nothing", null, []],
    ["undefined", undefined, []],
    ["empty", "", []],
    ["only commas and spaces", " , ,, ", []],
    ["a bare name", "edge", [["edge", null, null, ""]]],
    ["missing dur", 'adapter;desc="Resolve @1.5"', [["adapter", null, 1.5, "Resolve"]]],
    ["dur not a number", 'edge;dur=fast;desc="@0"', [["edge", null, 0, ""]]],
    ["dur negative", "edge;dur=-3", [["edge", null, null, ""]]],
    ["dur as a quoted string", 'edge;dur="7.5"', [["edge", 7.5, null, ""]]],
    ["dur without a value", "edge;dur;desc=x", [["edge", null, null, "x"]]],
    ["token desc", "cart;dur=1;desc=GetCart", [["cart", 1, null, "GetCart"]]],
    ["spaces around everything", '  edge ; dur = 2 ; desc = "@0"  ,cart;dur=1', [["edge", 2, 0, ""], ["cart", 1, null, ""]]],
    ["case of parameter names", 'edge;DUR=4;Desc="@0"', [["edge", 4, 0, ""]]],
    ["the first dur and desc count", 'edge;dur=1;dur=2;desc="a @1";desc="b @2"', [["edge", 1, 1, "a"]]],
    ["comma and semicolon inside quotes", 'x;desc="a, b; c @2", y;dur=1', [["x", null, 2, "a, b; c"], ["y", 1, null, ""]]],
    ["escaped quote", 'x;desc="say \\"hi\\" @3"', [["x", null, 3, 'say "hi"']]],
    ["unterminated quote", 'x;dur=1;desc="open @2', [["x", 1, 2, "open"]]],
    ["a metric without a name", ';dur=3, "junk, still junk", edge;dur=1', [["edge", 1, null, ""]]],
    ["junk after a metric's parameters", 'edge;dur=1 trailing "a,b" words, cart;dur=2', [["edge", 1, null, ""], ["cart", 2, null, ""]]],
    ["unknown parameters ignored", "edge;total=9;dur=1", [["edge", 1, null, ""]]],
    ["@ not at the end is a word", 'x;desc="@1 later"', [["x", null, null, "@1 later"]]],
    ["@ not a number is a word", 'x;desc="GetCart @soon"', [["x", null, null, "GetCart @soon"]]],
  ])("%s", (_, header, expected) => {
    expect(brief(header)).toEqual(expected);
  });
});

describe("fromPerformance", () => {
  it("reads the browser's parse; dropped and traceparent have no duration", () => {
    const entries = fromPerformance([
      { name: "edge", duration: 12.41, description: "@0" },
      { name: "upstream", duration: 0.3, description: "magento ProductByUrl hit @4.0" },
      { name: "dropped", duration: 0, description: "3" },
      { name: "traceparent", duration: 0, description: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" },
    ]);
    expect(entries.map((e) => [e.name, e.dur, e.start])).toEqual([
      ["edge", 12.41, 0],
      ["upstream", 0.3, 4],
      ["dropped", null, null],
      ["traceparent", null, null],
    ]);
  });
});

describe("wordRoles", () => {
  it.each<[string, string, [string, string][]]>([
    ["upstream", "in-memory route miss @0.70", [["in-memory", "driver"], ["route", "operation"], ["miss", "outcome"]]],
    ["upstream", "medusa products miss timeout @4.1", [["medusa", "driver"], ["products", "operation"], ["miss", "outcome"], ["timeout", "error"]]],
    ["upstream", "shopify Product stale @2", [["shopify", "driver"], ["Product", "operation"], ["stale", "outcome"]]],
    ["edge-cache", "hit navigation @0.1", [["hit", "outcome"], ["navigation", "read"]]],
    ["adapter", "GetProductByUrl @3.7", [["GetProductByUrl", "method"]]],
    ["url-resolution", "Resolve @0.31", [["Resolve", "method"]]],
    ["something-new", "a b @1", [["a", "word"], ["b", "word"]]],
  ])("%s %s", (name, desc, expected) => {
    expect(wordRoles(timingEntry(name, 1, desc)).map(({ word, role }) => [word, role])).toEqual(expected);
  });
});

describe("summarise", () => {
  it("says the whole time, the trace, the drivers once each and what was left out", () => {
    expect(summarise(parseServerTiming(EDGE))).toEqual({
      total: 12.41,
      traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
      drivers: ["in-memory", "magento", "medusa"],
      dropped: 3,
    });
  });

  it.each([
    ["no entries", "", { total: null, traceId: null, drivers: [], dropped: 0 }],
    ["an invalid traceparent", 'traceparent;desc="00-xyz-00f067aa0ba902b7-01"', { total: null, traceId: null, drivers: [], dropped: 0 }],
    ["an all-zero trace id", `traceparent;desc="00-${"0".repeat(32)}-00f067aa0ba902b7-01"`, { total: null, traceId: null, drivers: [], dropped: 0 }],
    ["dropped not a count", 'dropped;desc="many", edge;dur=2', { total: 2, traceId: null, drivers: [], dropped: 0 }],
  ])("%s", (_, header, expected) => {
    expect(summarise(parseServerTiming(header))).toEqual(expected);
  });
});

describe("waterfall", () => {
  it("places each bar by its start and sizes it by its duration, against the edge's time", () => {
    const { scale, rows } = waterfall(parseServerTiming(EDGE));
    expect(scale).toBe(12.41);
    expect(rows.map((r) => r.entry.name)).not.toContain("traceparent");
    expect(rows.map((r) => r.entry.name)).not.toContain("dropped");
    expect(rows.map((r) => [r.entry.name, r.bar])).toEqual([
      ["edge", { left: 0, width: 100 }],
      ["edge-cache", { left: 0.81, width: 0.16 }],
      ["url-resolution", { left: 2.5, width: 24.98 }],
      ["adapter", { left: 4.19, width: 22.56 }],
      ["upstream", { left: 5.64, width: 16.92 }],
      ["catalogue", { left: 28.2, width: 41.9 }],
      ["adapter", { left: 29.81, width: 39.48 }],
      ["upstream", { left: 31.43, width: 35.46 }],
      ["upstream", { left: 32.23, width: 2.42 }],
      // Longer than the edge's answer (the edge stopped waiting): cut at the scale's end.
      ["upstream", { left: 33.04, width: 66.96 }],
    ]);
  });

  it("orders by start, the header's order among equals, entries without a start last and without a bar", () => {
    const { rows } = waterfall(parseServerTiming('late;dur=1;desc="@5", loose;dur=2, edge;dur=10;desc="@0", early;dur=1;desc="@5"'));
    expect(rows.map((r) => [r.entry.name, r.bar])).toEqual([
      ["edge", { left: 0, width: 100 }],
      ["late", { left: 50, width: 10 }],
      ["early", { left: 50, width: 10 }],
      ["loose", null],
    ]);
  });

  it("without an edge entry, scales to the latest end", () => {
    const { scale, rows } = waterfall(parseServerTiming('a;dur=2;desc="@0", b;dur=3;desc="@1"'));
    expect(scale).toBe(4);
    expect(rows.map((r) => r.bar)).toEqual([{ left: 0, width: 50 }, { left: 25, width: 75 }]);
  });

  it("draws no bars when nothing took time, and a start past the end stays inside", () => {
    expect(waterfall(parseServerTiming('a;desc="@0"')).rows[0].bar).toBeNull();
    const { rows } = waterfall(parseServerTiming('edge;dur=10;desc="@0", late;dur=4;desc="@12", instant;desc="@5"'));
    expect(rows.map((r) => r.bar)).toEqual([{ left: 0, width: 100 }, { left: 50, width: 0 }, { left: 100, width: 0 }]);
  });
});
