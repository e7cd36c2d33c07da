import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Cart, CartLine } from "../api/types";
import { renderAt, stubApi } from "../test/render";
import { CartPage } from "./CartPage";

const chair: CartLine = {
  id: "l1",
  variant: "c-l",
  name: "Rustic Chair",
  options: [{ name: "Size", value: "L" }],
  product_url: "/1001",
  image: { id: "i", url: "http://mock/images/1001-0.svg", label: "" },
  quantity: 1,
  unit_price: 45,
  line_total: 45,
};
const mug: CartLine = { id: "l2", variant: "m", name: "Mug", options: [], product_url: "", image: null, quantity: 2, unit_price: 5.5, line_total: 11 };

const cartOf = (lines: CartLine[], patch: Partial<Cart> = {}): Cart => ({
  lines,
  subtotal: lines.reduce((sum, l) => sum + (l.line_total ?? 0), 0),
  currency: lines.length ? "EUR" : null,
  count: lines.reduce((sum, l) => sum + l.quantity, 0),
  checkout_url: null,
  notices: [],
  replaced: false,
  ...patch,
});

afterEach(() => vi.unstubAllGlobals());

const headAnswer = { status: 200, body: { head: {}, head_html: "<title>Cart</title>" } };

describe("CartPage (issue 23)", () => {
  it("shows its loading state, then each line and the subtotal", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubApi({ "/api/head/cart": () => headAnswer, "GET /api/cart": async () => (await gate, { status: 200, body: cartOf([chair, mug]) }) });
    renderAt(<CartPage />, "/cart");
    expect(screen.getByRole("heading", { level: 1, name: "Your cart" })).toBeTruthy();
    expect(screen.getByText("Loading your cart...")).toBeTruthy();
    release();
    const lines = await screen.findByRole("list", { name: "3 items in your cart" });
    const [first, second] = within(lines).getAllByRole("listitem");
    expect(within(first).getByRole("link", { name: "Rustic Chair" }).getAttribute("href")).toBe("/1001");
    expect(within(first).getByText("Size: L")).toBeTruthy();
    expect(within(first).getByText("€45.00 each")).toBeTruthy();
    expect(first.querySelector("img")?.getAttribute("src")).toBe("/img?src=http%3A%2F%2Fmock%2Fimages%2F1001-0.svg&w=256");
    expect(within(first).getByRole("spinbutton", { name: "Quantity of Rustic Chair (Size: L)" })).toHaveProperty("value", "1");
    expect(first.querySelector(".cart-line-total")?.textContent).toBe("Line total: €45.00");
    expect(within(first).getByRole("button", { name: "Remove Rustic Chair (Size: L)" })).toBeTruthy();
    // No link where the backend gave none; the placeholder where it gave no picture.
    expect(within(second).queryByRole("link")).toBeNull();
    expect(second.querySelector("img")?.getAttribute("src")).toBe("/placeholder.svg");
    expect(screen.getByText("€56.00")).toBeTruthy();
    expect(screen.getByText("Subtotal (3 items)")).toBeTruthy();
    // The checkout could not be read (no route here): no way to check out, the cart still works.
    await waitFor(() => expect(document.querySelector(".cart-checkout")?.getAttribute("aria-busy")).toBeNull());
    expect(screen.queryByRole("link", { name: "Check out" })).toBeNull();
    expect(document.title).toBe("Cart");
  });

  it("changes a quantity with one PATCH, and the totals follow the answer", async () => {
    let answer!: () => void;
    const patched = new Promise<void>((r) => (answer = r));
    const calls = stubApi({
      "/api/head/cart": () => headAnswer,
      "GET /api/cart": () => ({ status: 200, body: cartOf([chair]) }),
      "PATCH /api/cart/lines/l1": async () => (await patched, { status: 200, body: cartOf([{ ...chair, quantity: 2, line_total: 90 }]) }),
    });
    renderAt(<CartPage />, "/cart");
    fireEvent.click(await screen.findByRole("button", { name: "Increase quantity of Rustic Chair (Size: L)" }));
    // Shown at once; a further press while the first runs is sent after it, as one.
    const quantity = screen.getByRole("spinbutton", { name: "Quantity of Rustic Chair (Size: L)" });
    expect(quantity).toHaveProperty("value", "2");
    answer();
    await waitFor(() => expect(screen.getAllByText("€90.00")).toHaveLength(2));
    expect(calls.filter((c) => c.startsWith("PATCH"))).toEqual(["PATCH /api/cart/lines/l1"]);
    expect(quantity).toHaveProperty("value", "2");
  });

  it("sends only the last of quick presses once the first is answered", async () => {
    let answers = 0;
    const calls = stubApi({
      "/api/head/cart": () => headAnswer,
      "GET /api/cart": () => ({ status: 200, body: cartOf([chair]) }),
      "PATCH /api/cart/lines/l1": async () => {
        await new Promise((r) => setTimeout(r, 10));
        answers += 1;
        const quantity = answers === 1 ? 2 : 4;
        return { status: 200, body: cartOf([{ ...chair, quantity, line_total: 45 * quantity }]) };
      },
    });
    renderAt(<CartPage />, "/cart");
    const more = await screen.findByRole("button", { name: "Increase quantity of Rustic Chair (Size: L)" });
    fireEvent.click(more);
    fireEvent.click(more);
    fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByText("€180.00")).toHaveLength(2));
    expect(calls.filter((c) => c.startsWith("PATCH"))).toHaveLength(2);
  });

  it("removes a line, says so, and shows the empty state with a way back", async () => {
    stubApi({
      "/api/head/cart": () => headAnswer,
      "GET /api/cart": () => ({ status: 200, body: cartOf([chair]) }),
      "DELETE /api/cart/lines/l1": () => ({ status: 200, body: cartOf([]) }),
    });
    renderAt(<CartPage />, "/cart");
    fireEvent.click(await screen.findByRole("button", { name: "Remove Rustic Chair (Size: L)" }));
    await screen.findByText("Your cart is empty.");
    expect(screen.getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/");
    expect(screen.getByText("Removed Rustic Chair (Size: L) from your cart.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1 }));
  });

  it("shows a refused change on its line and keeps the quantity the cart has", async () => {
    stubApi({
      "/api/head/cart": () => headAnswer,
      "GET /api/cart": () => ({ status: 200, body: cartOf([chair]) }),
      "PATCH /api/cart/lines/l1": () => ({ status: 409, body: { error: { code: "refused", message: "Only 1 left in stock." } } }),
    });
    renderAt(<CartPage />, "/cart");
    fireEvent.click(await screen.findByRole("button", { name: "Increase quantity of Rustic Chair (Size: L)" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Only 1 left in stock.");
    expect(screen.getByRole("spinbutton", { name: "Quantity of Rustic Chair (Size: L)" })).toHaveProperty("value", "1");
  });

  it("shows what the backend changed", async () => {
    const cart = cartOf([chair], { notices: ["Only 1 was in stock: the quantity was lowered."] });
    stubApi({ "/api/head/cart": () => headAnswer, "GET /api/cart": () => ({ status: 200, body: cart }) });
    renderAt(<CartPage />, "/cart");
    expect(await screen.findByText("Only 1 was in stock: the quantity was lowered.")).toBeTruthy();
  });

  describe("the way to check out (issue 26), by the checkout's kind", () => {
    const checkout = (kind: string, notice: string | null = null) => ({ status: 200, body: { kind, notice, cart: {}, countries: [], totals: {} } });
    const cart = cartOf([chair], { checkout_url: "https://shop.example/cart/c/1" });

    it("native: a link to the checkout page", async () => {
      stubApi({ "/api/head/cart": () => headAnswer, "GET /api/cart": () => ({ status: 200, body: cart }), "GET /api/checkout": () => checkout("native") });
      renderAt(<CartPage />, "/cart");
      expect((await screen.findByRole("link", { name: "Check out" })).getAttribute("href")).toBe("/checkout");
    });

    it("handoff: a link to the shop's own checkout", async () => {
      stubApi({ "/api/head/cart": () => headAnswer, "GET /api/cart": () => ({ status: 200, body: cart }), "GET /api/checkout": () => checkout("handoff") });
      renderAt(<CartPage />, "/cart");
      expect((await screen.findByRole("link", { name: "Check out" })).getAttribute("href")).toBe("https://shop.example/cart/c/1");
    });

    it("none: the shop's words, and no link", async () => {
      stubApi({ "/api/head/cart": () => headAnswer, "GET /api/cart": () => ({ status: 200, body: cart }), "GET /api/checkout": () => checkout("none", "This shop has no checkout.") });
      renderAt(<CartPage />, "/cart");
      expect(await screen.findByText("This shop has no checkout.")).toBeTruthy();
      expect(screen.queryByRole("link", { name: "Check out" })).toBeNull();
    });

    it("an empty cart does not ask for the checkout", async () => {
      const calls = stubApi({ "/api/head/cart": () => headAnswer, "GET /api/cart": () => ({ status: 200, body: cartOf([]) }), "GET /api/checkout": () => checkout("native") });
      renderAt(<CartPage />, "/cart");
      await screen.findByText("Your cart is empty.");
      expect(calls).not.toContain("GET /api/checkout");
    });
  });

  it("shows the error with Retry, which reads the cart again", async () => {
    let fail = true;
    stubApi({
      "/api/head/cart": () => headAnswer,
      "GET /api/cart": () => (fail ? { status: 503, body: { error: { code: "unavailable", message: "Your cart cannot be reached now." } } } : { status: 200, body: cartOf([]) }),
    });
    renderAt(<CartPage />, "/cart");
    expect(await screen.findByRole("heading", { name: "Your cart could not be loaded" })).toBeTruthy();
    expect(screen.getByText("Your cart cannot be reached now.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await screen.findByText("Your cart is empty.");
  });
});
