import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { ResolvedRoute } from "./ResolvedRoute";
import { SearchPage } from "./SearchPage";
import { SearchForm } from "../components/SearchForm";
import { WhereAmI, headFor, pageAnswer, renderAt, stubApi } from "../test/render";
import { resetTitleMemory } from "../seo/title";

const card = (n: number) => ({ id: `p${n}`, type: "simple", url: `/p${n}`, name: `Chair ${n}`, images: [], price: 10 + n, discount: null });

function listing(page: number, total: number, sorts = ["position", "name", "price_asc", "price_desc"]) {
  const count = Math.max(0, Math.min(24, total - (page - 1) * 24));
  return { products: Array.from({ length: count }, (_, i) => card((page - 1) * 24 + i + 1)), total_count: total, page, page_size: 24, page_count: Math.ceil(total / 24), sorts };
}

const furniture = {
  id: "c7", name: "Furniture", url: "/furniture", description: "<p>Seats and <b>tables</b></p>", meta_title: "Furniture | Shop", meta_description: null,
  breadcrumbs: [{ id: "c1", name: "Home & Garden", level: 1, url: "/home-garden" }],
  children: [{ id: "c8", name: "Chairs", url: "/furniture/chairs", total_products: 3 }],
};
/** An `/api/page` answer for a path the lookup calls `type`, with the page data given. */
const found = (type: string, data: Record<string, unknown>) => pageAnswer({ id: "c7", url: "furniture", type }, data);

function app() {
  return (
    <>
      <SearchForm />
      <Routes>
        <Route path="search" element={<SearchPage />} />
        <Route path="*" element={<ResolvedRoute />} />
      </Routes>
      <WhereAmI />
    </>
  );
}

beforeEach(() => {
  resetTitleMemory();
  document.title = "Vitrine";
});
afterEach(() => vi.unstubAllGlobals());

describe("category pages (issue 10)", () => {
  it("show the category, its products, sort links and a pager of real links", async () => {
    stubApi({
      "/api/page?url=%2Ffurniture": () => found("CATEGORY", { category: { category: furniture, listing: listing(1, 27) }, head: headFor("Furniture | Shop", "/furniture") }),
      "/api/page?url=%2Ffurniture&page=2": () => found("CATEGORY", { category: { category: furniture, listing: listing(2, 27) } }),
    });
    renderAt(app(), "/furniture");
    expect(await screen.findByRole("heading", { level: 1, name: "Furniture" })).toBeTruthy();
    expect(document.title).toBe("Furniture | Shop");
    expect(screen.getByText("27 products")).toBeTruthy();
    expect(screen.getByText("tables").tagName).toBe("B");
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getByRole("link", { name: "Home & Garden" }).getAttribute("href")).toBe("/home-garden");
    expect(screen.getByRole("link", { name: "Chairs" }).getAttribute("href")).toBe("/furniture/chairs");
    expect(screen.getAllByRole("link", { name: /^Chair \d+/ })).toHaveLength(24);
    const sorts = within(screen.getByRole("navigation", { name: "Sort products" }));
    expect(sorts.getByRole("link", { name: "Featured" }).getAttribute("aria-current")).toBe("true");
    expect(sorts.getByRole("link", { name: "Price: low to high" }).getAttribute("href")).toBe("/furniture?sort=price_asc");
    const pager = within(screen.getByRole("navigation", { name: "Pages" }));
    expect(pager.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(pager.getByRole("link", { name: "Next" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/furniture?page=2"));
    await waitFor(() => expect(screen.getAllByRole("link", { name: /^Chair \d+/ })).toHaveLength(3));
    expect(screen.getAllByRole("link", { name: /^Chair 25 / })).toHaveLength(1);
  });

  it("say so when empty, and offer no sorting or pages", async () => {
    stubApi({
      "/api/page?url=%2Ffurniture": () => found("CATEGORY", { category: { category: { ...furniture, children: [] }, listing: listing(1, 0) } }),
    });
    renderAt(app(), "/furniture");
    expect(await screen.findByText("There are no products in this category yet.")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Sort products" })).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
  });

  it("show the backend's error with Retry, which asks again", async () => {
    let fail = true;
    const calls = stubApi({
      "/api/page?url=%2Ffurniture": () =>
        fail
          ? found("CATEGORY", { failure: { code: "upstream_unavailable", message: "The backend is unavailable." } })
          : found("CATEGORY", { category: { category: furniture, listing: listing(1, 2) } }),
    });
    renderAt(app(), "/furniture");
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByText("The backend is unavailable.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Furniture" })).toBeTruthy();
    expect(calls.filter((c) => c.startsWith("GET /api/page"))).toHaveLength(2);
  });
});

describe("content pages (issue 10)", () => {
  it("show their title and body", async () => {
    stubApi({
      "/api/page?url=%2Fabout-us": () =>
        found("CMS_PAGE", { content: { id: "about-us", url: "/about-us", title: "About us", content: "<h2>Who we are</h2>", meta_title: "About Luma", meta_description: null }, head: headFor("About Luma", "/about-us") }),
    });
    renderAt(app(), "/about-us");
    expect(await screen.findByRole("heading", { level: 1, name: "About us" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Who we are" })).toBeTruthy();
    expect(document.title).toBe("About Luma");
  });
});

describe("search (issue 10)", () => {
  it("submits the box's words to /search and shows what matches", async () => {
    stubApi({ "/api/search?q=red%20chair": () => ({ status: 200, body: listing(1, 2, ["position", "price_asc", "price_desc"]) }) });
    renderAt(app(), "/search");
    expect(screen.getByText("Type what you are looking for in the search box.")).toBeTruthy();
    const box = screen.getByRole("searchbox", { name: "Search products" });
    fireEvent.change(box, { target: { value: "  red chair " } });
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/search?q=red+chair"));
    expect(await screen.findByRole("heading", { level: 1, name: "Results for “red chair”" })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: /^Chair \d+/ })).toHaveLength(2);
    const sorts = within(screen.getByRole("navigation", { name: "Sort products" }));
    expect(sorts.getByRole("link", { name: "Relevance" })).toBeTruthy();
    expect(sorts.queryByRole("link", { name: "Name" })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>("searchbox", { name: "Search products" }).value).toBe("red chair");
  });

  it("says when nothing matches", async () => {
    stubApi({ "/api/search?q=zzz": () => ({ status: 200, body: listing(1, 0) }) });
    renderAt(app(), "/search?q=zzz");
    expect(await screen.findByText("No products match “zzz”.")).toBeTruthy();
  });

  it("shows the backend's error with Retry", async () => {
    stubApi({ "/api/search?q=zzz": () => ({ status: 504, body: { error: { code: "upstream_timeout", message: "The backend did not answer in time." } } }) });
    renderAt(app(), "/search?q=zzz");
    expect(await screen.findByText("The backend did not answer in time.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("is a plain GET form to /search, so it works before JS loads", () => {
    renderAt(<SearchForm />);
    const form = screen.getByRole("search");
    expect([form.getAttribute("action"), form.getAttribute("method")]).toEqual(["/search", "get"]);
    expect(screen.getByRole("searchbox").getAttribute("name")).toBe("q");
  });
});
