import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { Shell } from "../app/App";
import { api } from "../api/client";
import { pageAnswer, renderAt, stubApi } from "../test/render";
import { stubEventSource } from "../test/eventSource";
import { DELAY_SETTING } from "./useDriverEvents";
import { swrConfig } from "./data";
import { inlinedSwr } from "./inlinedSwr";

const options = ["in-memory", "fake"].map((value) => ({ value, label: value, enabled: true }));
const menu = (name: string) => ({
  id: "root", url: "/", name: "", total_products: 1, children_count: 1, breadcrumbs: [],
  children: [{ id: "g", url: "/garden", name, total_products: 1, children_count: 0, breadcrumbs: [], children: [] }],
});
const chair = { id: "1", type: "simple", url: "/chair", name: "Chair", images: [], price: 1 };

/** The home page's head, as the edge answers it. */
const homeHead = {
  head: { title: "Vitrine", description: null, canonical: "http://shop.test/", og_type: "website", image: null, json_ld: [] },
  head_html: "<title>Vitrine</title>",
};

/** What an edge inlines into the home page (issue 12 §4). */
const home = new Map<string, unknown>([
  [api.driver, { driver: "in-memory", options }],
  [api.navigation, menu("Garden")],
  [api.bestSellers, [chair]],
  [api.categories, [{ id: "g", name: "Garden", url: "/garden", total_products: 1 }]],
  [api.homeHead, homeHead],
]);

/** The edge's API: the same menu under another name, so a fetched answer shows. */
function edge() {
  return stubApi({
    "GET /api/driver": () => ({ status: 200, body: { driver: "in-memory", options } }),
    "PUT /api/driver": () => ({ status: 200, body: { driver: "fake", options } }),
    "/api/navigation": () => ({ status: 200, body: menu("Fetched garden") }),
    "/api/products/best-sellers": () => ({ status: 200, body: [chair] }),
    "/api/categories": () => ({ status: 200, body: [] }),
    [api.page("/garden", 1, "position")]: () => pageAnswer({ outcome: "not_found", type: null, code: 404 }),
  });
}

/** After this, SWR has run what it scheduled on mount (it revalidates cached data in a frame). */
const nextFrame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
const gets = (calls: string[]) => calls.filter((c) => c.startsWith("GET "));

beforeEach(() => {
  window.localStorage.setItem(DELAY_SETTING, "1000000");
  // ScrollToTop scrolls on navigation; jsdom has no scrolling.
  vi.stubGlobal("scrollTo", vi.fn());
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("inlined answers (issue 12 §4: first paint with no round trip)", () => {
  it("show on the first render and are not fetched again on mount", async () => {
    const calls = edge();
    renderAt(<Shell />, "/", home);
    // Synchronously, with no request answered: the first render had the data.
    expect(screen.getAllByRole("link", { name: "Garden" }).length).toBeGreaterThan(0);
    expect(screen.getByText("Chair")).toBeTruthy();
    await nextFrame();
    await nextFrame();
    // Only the visitor's cart (issue 23), which no page inlines: it is the visitor's own.
    expect(gets(calls)).toEqual(["GET /api/cart"]);
  });

  it("are fetched on mount when the middleware is left out (the check above can fail)", async () => {
    const calls = edge();
    const { provider } = inlinedSwr(home);
    renderAt(
      <SWRConfig value={{ ...swrConfig, provider, use: [] }}>
        <Shell />
      </SWRConfig>,
    );
    await nextFrame();
    await waitFor(() => expect(gets(calls)).toContain("GET /api/navigation"));
  });

  it("leave the keys the edge did not inline to be fetched as today", async () => {
    const calls = edge();
    const inlined = new Map<string, unknown>([
      [api.driver, { driver: "in-memory", options }],
      [api.homeHead, homeHead],
    ]);
    renderAt(<Shell />, "/", inlined);
    await screen.findAllByRole("link", { name: "Fetched garden" });
    await nextFrame();
    expect(gets(calls).sort()).toEqual(["GET /api/cart", "GET /api/categories", "GET /api/navigation", "GET /api/products/best-sellers"]);
  });

  it("are spent by their first mount: coming back to the page revalidates it", async () => {
    const calls = edge();
    renderAt(<Shell />, "/", home);
    fireEvent.click(screen.getAllByRole("link", { name: "Garden" })[0]);
    fireEvent.click(await screen.findByRole("link", { name: "Back to the home page" }));
    await screen.findByText("Chair");
    await waitFor(() => expect(gets(calls)).toContain("GET /api/products/best-sellers"));
  });

  it("are reloaded by a driver switch, all but the driver's own", async () => {
    stubEventSource();
    const calls = edge();
    renderAt(<Shell />, "/", home);
    fireEvent.change(screen.getByLabelText<HTMLSelectElement>("Driver"), { target: { value: "fake" } });
    await screen.findAllByRole("link", { name: "Fetched garden" });
    await waitFor(() => expect(gets(calls)).toContain("GET /api/products/best-sellers"));
    expect(gets(calls)).not.toContain("GET /api/driver");
  });
});
