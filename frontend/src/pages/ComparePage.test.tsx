import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { Comparison } from "../api/types";
import { renderAt, stubApi } from "../test/render";
import { ComparePage } from "./ComparePage";

afterEach(() => vi.unstubAllGlobals());

const headAnswer = { status: 200, body: { head: {}, head_html: "<title>Compare backends</title>" } };

const kind = (k: string, cold: number, median: number) => ({
  kind: k,
  path: `/${k}`,
  cold_ms: cold,
  median_ms: median,
  p95_ms: median * 2,
  errors: 0,
});

const comparison: Comparison = {
  runs: 5,
  backends: [
    {
      driver: "in-memory",
      label: "In-memory (sample data)",
      error: null,
      kinds: [kind("home", 9, 1.5), kind("category", 12, 2), kind("product", 8, 1), kind("search", 7, 1.2)],
      median_ms: 1.4,
      p95_ms: 4,
    },
    { driver: "magento", label: "Magento 2", error: "The backend is unavailable.", kinds: [], median_ms: null, p95_ms: null },
  ],
};

describe("ComparePage (issue 24)", () => {
  it("compares on request and shows each backend's median and p95 as a table and as bars", async () => {
    const calls = stubApi({ "/api/head/compare": () => headAnswer, "POST /api/debug/compare": () => ({ status: 200, body: comparison }) });
    renderAt(<ComparePage />, "/debug/compare");
    const button = await screen.findByRole("button", { name: "Compare backends" });
    fireEvent.click(button);
    const table = await screen.findByRole("table");
    const memory = within(table).getByRole("row", { name: /In-memory/ });
    expect(within(memory).getAllByRole("cell").map((c) => c.textContent)).toEqual(["1.4", "4.0", "9.0 / 1.5", "12.0 / 2.0", "8.0 / 1.0", "7.0 / 1.2"]);
    expect(within(table).getByRole("row", { name: /Magento 2 \(The backend is unavailable\.\)/ })).toBeTruthy();
    const bars = screen.getByRole("figure");
    expect(within(bars).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "In-memory (sample data)1.4 / 4.0 ms",
      "Magento 2The backend is unavailable.",
    ]);
    expect(calls).toContain("POST /api/debug/compare");
    expect(screen.getByRole("button", { name: "Compare again" })).toBeTruthy();
  });

  it("says why when the tools are off", async () => {
    stubApi({
      "/api/head/compare": () => headAnswer,
      "POST /api/debug/compare": () => ({ status: 404, body: { error: { code: "not_found", message: "The debug tools are off on this site." } } }),
    });
    renderAt(<ComparePage />, "/debug/compare");
    fireEvent.click(await screen.findByRole("button", { name: "Compare backends" }));
    expect(await screen.findByText("The debug tools are off on this site.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
