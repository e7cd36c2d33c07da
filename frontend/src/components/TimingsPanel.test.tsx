import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DebugBar } from "./DebugBar";
import { getJson, timedCalls } from "../api/client";
import { renderAt, stubApi } from "../test/render";

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
/** What the edge says of a product read (issue 24's format). */
const PRODUCT_TIMING =
  'edge;dur=12.41;desc="@0", edge-cache;dur=0.02;desc="miss products @0.10", catalogue;dur=5.2;desc="GetProductByUrl @3.5", ' +
  'adapter;dur=4.9;desc="GetProductByUrl @3.7", upstream;dur=0.3;desc="magento ProductByUrl hit @4.0", ' +
  'upstream;dur=250.1;desc="medusa products miss timeout @4.1", dropped;desc="3", ' +
  `traceparent;desc="00-${TRACE}-00f067aa0ba902b7-01"`;

const driverInfo = { driver: "in-memory", options: [{ value: "in-memory", label: "In-memory", enabled: true }], switched_at_ms: 0 };

function edge(jaegerUrl: string | null) {
  return stubApi({
    "GET /api/driver": () => ({ status: 200, body: driverInfo, headers: { "server-timing": 'edge;dur=0.8;desc="@0"' } }),
    "GET /api/debug": () => ({ status: 200, body: { jaegerUrl } }),
    "GET /api/products/by-url?url=%2F1001": () => ({ status: 200, body: {}, headers: { "server-timing": PRODUCT_TIMING } }),
  });
}

/** The browser's navigation entry, as a secure context exposes it (`serverTiming`) or not. */
function navigationEntry(serverTiming?: { name: string; duration: number; description: string }[]) {
  const entry = { name: "http://localhost:8080/1001?x=1", ...(serverTiming && { serverTiming }) };
  Object.defineProperty(performance, "getEntriesByType", {
    configurable: true,
    writable: true,
    value: (type: string) => (type === "navigation" ? [entry] : []),
  });
}

const toggle = () => screen.getByRole<HTMLButtonElement>("button", { name: "Timings" });
const text = (el: Element | null | undefined) => el?.textContent ?? "";
const names = (list: HTMLElement) => Array.from(list.querySelectorAll<HTMLElement>("li[data-name]"), (li) => li.dataset.name);

async function openPanel() {
  await waitFor(() => expect(toggle().disabled).toBe(false));
  fireEvent.click(toggle());
  const region = screen.getByRole("region", { name: "Timings" });
  await within(region).findByRole("heading", { name: "Timings" });
  return region;
}

const original = Object.getOwnPropertyDescriptor(performance, "getEntriesByType");
beforeEach(() => {
  timedCalls.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  if (original) Object.defineProperty(performance, "getEntriesByType", original);
  else delete (performance as Partial<Performance>).getEntriesByType;
});

describe("DebugBar: the Timings panel (issue 24)", () => {
  it("opens from a toggle that says so, loads the panel then, and closes on Escape back to the toggle", async () => {
    edge(null);
    renderAt(<DebugBar />);
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(toggle().getAttribute("aria-controls")).toBe("timings-panel");
    expect(screen.queryByRole("region", { name: "Timings" })).toBeNull();

    const region = await openPanel();
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(region.id).toBe("timings-panel");

    fireEvent.keyDown(within(region).getByRole("button", { name: "Refresh" }), { key: "Escape" });
    expect(screen.queryByRole("region", { name: "Timings" })).toBeNull();
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle());

    // Escape on the toggle itself (where a click leaves the focus) closes it too.
    fireEvent.click(toggle());
    await screen.findByRole("region", { name: "Timings" });
    fireEvent.keyDown(toggle(), { key: "Escape" });
    expect(screen.queryByRole("region", { name: "Timings" })).toBeNull();
  });

  it("shows each API call newest first as a waterfall, with its drivers, outcomes, trace and Jaeger link", async () => {
    edge("http://localhost:16686");
    renderAt(<DebugBar />);
    await waitFor(() => expect(timedCalls).toHaveLength(1)); // GET /api/driver
    await getJson("/api/products/by-url?url=%2F1001");
    const region = await openPanel();

    const items = Array.from(region.querySelectorAll<HTMLElement>(".timings-calls > li"));
    expect(items.map((li) => li.querySelector("summary")?.textContent)).toEqual([
      expect.stringContaining("GET /api/products/by-url?url=%2F1001 12.41 ms"),
      expect.stringContaining("GET /api/driver 0.8 ms"),
    ]);
    const newest = items[0];
    expect(newest.querySelector("details")?.open).toBe(true);
    expect(items[1].querySelector("details")?.open).toBe(false);
    // One row per timed entry, in order of start; traceparent and dropped are what the answer says as a whole.
    expect(names(newest)).toEqual(["edge", "edge-cache", "catalogue", "adapter", "upstream", "upstream"]);
    expect(text(newest)).toContain("Drivers: magento, medusa");
    expect(text(newest)).toContain(`Trace: ${TRACE}`);
    expect(text(newest)).toContain("3 more entries left out by the edge");

    const [hit, timedOut] = Array.from(newest.querySelectorAll<HTMLElement>('li[data-name="upstream"]'));
    expect(within(hit).getByText("hit").classList.contains("outcome-hit")).toBe(true);
    expect(within(hit).getByText("magento").classList.contains("tw-driver")).toBe(true);
    expect(within(timedOut).getByText("miss").classList.contains("outcome-miss")).toBe(true);
    expect(within(timedOut).getByText("timeout").classList.contains("tw-error")).toBe(true);
    expect(text(timedOut)).toContain("250.1 ms @4.1");
    // The bar: placed at 4.1 of the edge's 12.41 ms, cut at its end.
    const bar = timedOut.querySelector<HTMLElement>(".timing-bar");
    expect([bar?.style.left, bar?.style.width]).toEqual(["33.04%", "66.96%"]);

    const link = await within(newest).findByRole("link", { name: /Open in Jaeger/ });
    expect(link.getAttribute("href")).toBe(`http://localhost:16686/trace/${TRACE}`);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener");
    // A call without the header says so, with no link.
    expect(text(items[1])).not.toContain("Open in Jaeger");
  });

  it("reads again on Refresh, and says when the page's own timings are hidden from it", async () => {
    edge(null);
    renderAt(<DebugBar />);
    const region = await openPanel();
    expect(text(within(region).getByRole("heading", { name: /Page:/ }))).toContain("Page: /");
    expect(text(region)).toContain("Not exposed in this context (needs HTTPS or localhost).");
    await waitFor(() => expect(timedCalls.map((c) => c.path)).toContain("/api/debug"));
    const before = region.querySelectorAll(".timings-calls > li").length;

    await getJson("/api/products/by-url?url=%2F1001");
    expect(region.querySelectorAll(".timings-calls > li")).toHaveLength(before);
    fireEvent.click(within(region).getByRole("button", { name: "Refresh" }));
    const first = region.querySelector(".timings-calls > li");
    expect(text(first)).toContain("GET /api/products/by-url?url=%2F1001");
    // No Jaeger address: no link, the trace id still shown.
    expect(text(first)).toContain(`Trace: ${TRACE}`);
    expect(within(region).queryByRole("link", { name: /Open in Jaeger/ })).toBeNull();
  });

  it("draws the page's own answer from the navigation entry where the browser exposes it", async () => {
    navigationEntry([
      { name: "edge", duration: 20, description: "@0" },
      { name: "url-resolution", duration: 5, description: "Resolve @1" },
      { name: "traceparent", duration: 0, description: `00-${TRACE}-00f067aa0ba902b7-01` },
    ]);
    edge(null);
    renderAt(<DebugBar />);
    const region = await openPanel();
    const page = within(region).getByRole("region", { name: /Page:/ });
    expect(text(page)).toContain("Page: /1001?x=1");
    expect(names(page)).toEqual(["edge", "url-resolution"]);
    expect(text(page)).toContain(`Trace: ${TRACE}`);
  });

  it("says so when the navigation entry hides its timings (plain HTTP)", async () => {
    navigationEntry(undefined);
    edge(null);
    renderAt(<DebugBar />);
    const region = await openPanel();
    expect(text(within(region).getByRole("region", { name: /Page:/ }))).toContain("Not exposed in this context");
  });
});
