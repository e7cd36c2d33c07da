import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { Cart, Product } from "../api/types";
import { ProductView } from "../pages/ProductView";
import { renderAt, stubApi } from "../test/render";
import { CartLink } from "./CartLink";

const chair: Product = {
  id: "1001",
  type: "configurable",
  url: "/1001",
  name: "Rustic Chair",
  images: [],
  price: 42,
  currency: "USD",
  options: [{ name: "Size", values: ["S", "M", "L"] }],
  variants: [
    { id: "c-s", selected: [{ name: "Size", value: "S" }], price: 42, in_stock: true },
    { id: "c-m", selected: [{ name: "Size", value: "M" }], price: 42, in_stock: false },
    { id: "c-l", selected: [{ name: "Size", value: "L" }], price: 45, in_stock: true },
  ],
};

const cartOf = (quantity: number): Cart => ({
  lines: [{ id: "l1", variant: "c-l", name: "Rustic Chair", options: [{ name: "Size", value: "L" }], product_url: "/1001", quantity, unit_price: 45, line_total: 45 * quantity }],
  subtotal: 45 * quantity,
  currency: "USD",
  count: quantity,
  checkout_url: null,
  notices: [],
  replaced: false,
});
const empty: Cart = { lines: [], subtotal: 0, currency: null, count: 0, checkout_url: null, notices: [], replaced: false };

/** The product page at `url` with the navigation bar's cart link beside it. */
const page = (url: string) =>
  renderAt(
    <>
      <CartLink />
      <ProductView product={chair} />
    </>,
    url,
  );

afterEach(() => vi.unstubAllGlobals());

describe("Add to cart (issue 23)", () => {
  it("is in the edge's markup, disabled until React owns the page", () => {
    const html = renderToString(
      <StaticRouter location="/1001?variant=c-l">
        <CartLink />
        <ProductView product={chair} />
      </StaticRouter>,
    );
    expect(html).toMatch(/<button type="button" class="add-to-cart" disabled="">Add to cart<\/button>/);
    expect(html).toContain('id="add-quantity"');
    // The count is the visitor's own: never in a page that is everyone's.
    expect(html).toMatch(/<a[^>]* aria-label="Cart"[^>]*>.*<span class="cart-count" aria-hidden="true"><\/span><\/a>/);
  });

  it("adds the variant shown in the quantity chosen, shows progress, then the count and what was added", async () => {
    let answer!: (cart: Cart) => void;
    const added = new Promise<Cart>((r) => (answer = r));
    const calls = stubApi({
      "GET /api/cart": () => ({ status: 200, body: empty }),
      "POST /api/cart/lines": async () => ({ status: 200, body: await added }),
    });
    page("/1001?variant=c-l");
    await waitFor(() => expect(screen.getByRole("link", { name: "Cart, empty" })).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    const button = screen.getByRole("button", { name: "Add to cart" });
    fireEvent.click(button);
    await screen.findByText("Adding...");
    // Still focusable while it runs (a disabled button would drop the focus); a second press sends nothing.
    expect(button).toHaveProperty("disabled", false);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(button);
    answer(cartOf(2));
    const status = await screen.findByRole("status");
    await within(status).findByText("Added 2 × Rustic Chair (Size: L) to your cart.");
    expect(within(status).getByRole("link", { name: "View cart (2 items)" }).getAttribute("href")).toBe("/cart");
    expect(screen.getByRole("link", { name: "Cart, 2 items" }).textContent).toBe("2");
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual(["POST /api/cart/lines"]);
    // Dismissed with its button.
    fireEvent.click(within(status).getByRole("button", { name: "Dismiss" }));
    expect(within(status).queryByText(/Added/)).toBeNull();
  });

  it("says the edge's refusal in its words", async () => {
    stubApi({
      "GET /api/cart": () => ({ status: 200, body: empty }),
      "POST /api/cart/lines": () => ({ status: 409, body: { error: { code: "refused", message: "Only 1 left in stock." } } }),
    });
    page("/1001?variant=c-l");
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    const alert = await screen.findByRole("alert");
    await within(alert).findByText("Only 1 left in stock.");
    expect(screen.getByRole("button", { name: "Add to cart" })).toHaveProperty("disabled", false);
  });

  it("cannot add a variant that is out of stock, or none at all", () => {
    stubApi({ "GET /api/cart": () => ({ status: 200, body: empty }) });
    page("/1001?variant=c-m");
    expect(screen.getByRole("button", { name: "Out of stock" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("spinbutton", { name: "Quantity" })).toHaveProperty("disabled", true);
  });

  it("adds a product sold as it is: its one variant is chosen from the start", async () => {
    const calls = stubApi({
      "GET /api/cart": () => ({ status: 200, body: empty }),
      "POST /api/cart/lines": () => ({ status: 200, body: cartOf(1) }),
    });
    renderAt(<ProductView product={{ ...chair, options: [], variants: [{ id: "only", selected: [], price: 9, in_stock: null }] }} />, "/1001");
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    await screen.findByText("Added 1 × Rustic Chair to your cart.");
    expect(calls).toContain("POST /api/cart/lines");
  });
});
