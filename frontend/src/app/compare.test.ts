import { describe, expect, it } from "vitest";
import { barWidths, formatMs } from "./compare";

describe("the comparison's figures (issue 24)", () => {
  it.each([
    [null, "–"],
    [undefined, "–"],
    [Number.NaN, "–"],
    [0, "0.0"],
    [1.234, "1.2"],
    [99.94, "99.9"],
    [100, "100"],
    [2500.6, "2501"],
  ])("formats %s ms as %s", (ms, text) => {
    expect(formatMs(ms)).toBe(text);
  });

  it("sizes bars against the slowest 95th percentile", () => {
    expect(
      barWidths([
        { median_ms: 10, p95_ms: 20 },
        { median_ms: 40, p95_ms: 80 },
        { median_ms: null, p95_ms: null },
      ]),
    ).toEqual([
      { median: 12.5, p95: 25 },
      { median: 50, p95: 100 },
      { median: 0, p95: 0 },
    ]);
    expect(barWidths([{ median_ms: 0, p95_ms: 0 }])).toEqual([{ median: 0, p95: 0 }]);
    expect(barWidths([])).toEqual([]);
  });
});
