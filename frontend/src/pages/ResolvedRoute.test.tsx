import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Link, Route, Routes } from "react-router";
import { ResolvedRoute } from "./ResolvedRoute";
import { WhereAmI, headFor, pageAnswer, renderAt, stubApi } from "../test/render";
import { resetTitleMemory } from "../seo/title";
import { resetHeadMemory } from "../seo/head";

const product = { id: "1001", type: "simple", url: "/1001", name: "Chair", images: [], price: 5 };

/** An `/api/page` answer whose failed-resolution path is /oops. */
const page = (patch: Record<string, unknown>, data: Record<string, unknown> = {}) => pageAnswer({ failed_resolution_path: "/oops", ...patch }, data);

function app() {
  return (
    <>
      <Routes>
        <Route index element={<p>home</p>} />
        <Route path="/oops" element={<p>failed page</p>} />
        <Route path="*" element={<ResolvedRoute />} />
      </Routes>
      <WhereAmI />
    </>
  );
}

beforeEach(() => {
  resetTitleMemory();
  resetHeadMemory();
  document.head.innerHTML = "";
  document.title = "Vitrine";
});
afterEach(() => vi.unstubAllGlobals());

describe("ResolvedRoute (spec §2 route 2, §4 route matching)", () => {
  it("shows 'Loading product...' and then the first product when the lookup says PRODUCT", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = stubApi({
      "/api/page?url=%2F1001": async () => (
        await gate, page({ data: { title: "Chair | Vitrine" } }, { product: { id: "1001", products: [product, { ...product, name: "Second" }] }, head: headFor("Chair | Vitrine", "/1001") })
      ),
    });
    renderAt(app(), "/1001");
    expect(screen.getByText("Loading product...")).toBeTruthy();
    release();
    expect(await screen.findByRole("heading", { level: 1, name: "Chair" })).toBeTruthy();
    expect(screen.queryByText("Second")).toBeNull();
    expect(document.title).toBe("Chair | Vitrine");
    expect(calls).toEqual(["GET /api/page?url=%2F1001"]);
  });

  it("sends a product whose backend failed to the failed-resolution path", async () => {
    stubApi({ "/api/page?url=%2F1001": () => page({}, { failure: { code: "upstream_unavailable", message: "The backend is unavailable." } }) });
    renderAt(app(), "/1001");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/oops"));
  });

  it.each([
    [{ type: "BLOG_POST" }, "/shoes"],
    [{ type: "PRODUCT" }, "/shoes"],
    [{ outcome: "not_found", code: 404, type: null, id: null, url: null, error_code: "404_NOT_FOUND" }, "/shoes"],
  ])("%j shows the not-found screen", async (patch, path) => {
    stubApi({ [`/api/page?url=${encodeURIComponent(path)}`]: () => page(patch) });
    renderAt(app(), path);
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the home page" }).getAttribute("href")).toBe("/");
  });

  it.each([
    [{ outcome: "redirect", code: 301, location: "/1001" }, "/1001"],
    [{ outcome: "failed", code: 503, location: "/oops", error_code: "5xx_SERVER_ERROR" }, "/oops"],
  ])("%j navigates to its location", async (patch, target) => {
    stubApi({
      "/api/page?url=%2Fold": () => page(patch),
      "/api/page?url=%2F1001": () => page({}, { product: { id: "1001", products: [product] } }),
    });
    renderAt(app(), "/old");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe(target));
  });

  it("puts each page's head into the document as the client navigates, and none for a page not found", async () => {
    const ld = (name: string) => [{ "@context": "https://schema.org", "@type": "Product", name }];
    stubApi({
      "/api/page?url=%2F1001": () => page({}, { product: { id: "1001", products: [product] }, head: headFor("Chair", "/1001", { json_ld: ld("Chair") }) }),
      "/api/page?url=%2F1002": () =>
        page({ id: "1002", url: "1002" }, { product: { id: "1002", products: [{ ...product, id: "1002", name: "Desk" }] }, head: headFor("Desk", "/1002", { json_ld: ld("Desk") }) }),
      // The edge may send a head of its own for an address that is no page: it is not applied.
      "/api/page?url=%2Fgone": () => page({ outcome: "not_found", code: 404, type: null }, { head: headFor("Vitrine", "/gone") }),
    });
    const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute("href");
    const names = () => Array.from(document.head.querySelectorAll('script[type="application/ld+json"]'), (s) => (JSON.parse(s.textContent ?? "") as { name: string }).name);
    renderAt(
      <>
        {app()}
        <Link to="/1002">desk</Link>
        <Link to="/gone">gone</Link>
      </>,
      "/1001",
    );
    await waitFor(() => expect(canonical()).toBe("http://shop.test/1001"));
    expect(names()).toEqual(["Chair"]);
    fireEvent.click(screen.getByRole("link", { name: "desk" }));
    await waitFor(() => expect(canonical()).toBe("http://shop.test/1002"));
    expect(names()).toEqual(["Desk"]);
    expect(document.title).toBe("Desk");
    fireEvent.click(screen.getByRole("link", { name: "gone" }));
    await screen.findByRole("heading", { name: "Page not found" });
    await waitFor(() => expect(document.head.querySelectorAll("[data-head]")).toHaveLength(0));
    expect(document.title).toBe("Desk");
  });
});
