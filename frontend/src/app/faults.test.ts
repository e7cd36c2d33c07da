import { describe, expect, it } from "vitest";
import { describeFaults } from "./faults";

describe("injected faults in words (issue 24)", () => {
  it.each([
    [null, "Nothing injected."],
    [{ backend: "magento", latency_ms: 800, error_percent: 0, timeout: false }, "magento: +800 ms on your requests (for an hour)."],
    [{ backend: "shopify", latency_ms: 0, error_percent: 25, timeout: false }, "shopify: 25% errors on your requests (for an hour)."],
    [{ backend: "medusa", latency_ms: 100, error_percent: 10, timeout: true }, "medusa: +100 ms, 10% errors, timeouts on your requests (for an hour)."],
  ])("%j", (faults, text) => {
    expect(describeFaults(faults)).toBe(text);
  });
});
