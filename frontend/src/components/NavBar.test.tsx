import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { NavBar } from "./NavBar";
import { renderAt, stubApi } from "../test/render";

const tree = {
  id: "root",
  url: "/",
  name: "",
  total_products: 3,
  children_count: 2,
  breadcrumbs: [],
  children: [
    {
      id: "a", url: "/computers", name: "Computers", total_products: 1, children_count: 1, breadcrumbs: [],
      children: [{ id: "a1", url: "/computers/laptops", name: "Laptops", total_products: 1, children_count: 0, breadcrumbs: [], children: [] }],
    },
    { id: "b", url: "/garden", name: "Garden", total_products: 1, children_count: 0, breadcrumbs: [], children: [] },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe("NavBar (spec §2 navigation bar)", () => {
  it("shows Loading... and then the top-level categories with their dropdowns", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubApi({ "/api/navigation": async () => (await gate, { status: 200, body: tree }) });
    renderAt(<NavBar />);
    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Vitrine" }).getAttribute("href")).toBe("/");
    release();
    const computers = await screen.findByRole("link", { name: "Computers" });
    expect(computers.getAttribute("href")).toBe("/computers");
    expect(screen.queryByText("Loading...")).toBeNull();
    const dropdown = screen.getByRole("list", { name: "Computers subcategories" });
    expect(within(dropdown).getByRole("link", { name: "Laptops" }).getAttribute("href")).toBe("/computers/laptops");
    expect(screen.queryByRole("list", { name: "Garden subcategories" })).toBeNull();
  });

  it("shows 'Error loading menu' with Retry, and Retry loads again", async () => {
    let fail = true;
    const calls = stubApi({
      "/api/navigation": () => (fail ? { status: 502, body: { error: { code: "upstream_unavailable", message: "x" } } } : { status: 200, body: tree }),
    });
    renderAt(<NavBar />);
    expect(await screen.findByText("Error loading menu")).toBeTruthy();
    expect(screen.queryByText("Loading...")).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("link", { name: "Garden" })).toBeTruthy();
    expect(screen.queryByText("Error loading menu")).toBeNull();
    expect(calls.filter((c) => c === "GET /api/navigation").length).toBe(2);
  });

  it("opens the mobile panel with the hamburger; the overlay and a link close it", async () => {
    stubApi({ "/api/navigation": () => ({ status: 200, body: tree }) });
    renderAt(<NavBar />);
    await screen.findByRole("link", { name: "Garden" });
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.querySelector(".menu.open")).not.toBeNull();
    fireEvent.click(screen.getByTestId("menu-overlay"));
    expect(document.querySelector(".menu.open")).toBeNull();
    expect(screen.queryByTestId("menu-overlay")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    fireEvent.click(screen.getByRole("link", { name: "Garden" }));
    await waitFor(() => expect(document.querySelector(".menu.open")).toBeNull());
  });

  it("links to the cart with the visitor's count, fetched after the first render (issue 23)", async () => {
    let count = 2;
    stubApi({
      "/api/navigation": () => ({ status: 200, body: tree }),
      "GET /api/cart": () => ({ status: 200, body: { lines: [], subtotal: 0, currency: null, count, checkout_url: null, notices: [], replaced: false } }),
    });
    renderAt(<NavBar />);
    // The first render (the edge's markup) has no count: it is the visitor's own.
    const link = screen.getByRole("link", { name: "Cart" });
    expect(link.getAttribute("href")).toBe("/cart");
    expect(link.querySelector(".cart-count")?.textContent).toBe("");
    await screen.findByRole("link", { name: "Cart, 2 items" });
    expect(link.querySelector(".cart-count")?.textContent).toBe("2");
    count = 0;
    cleanupAndRender();
    await screen.findByRole("link", { name: "Cart, empty" });
  });
});

/** A fresh page: the next render asks for the count again. */
function cleanupAndRender() {
  cleanup();
  renderAt(<NavBar />);
}

