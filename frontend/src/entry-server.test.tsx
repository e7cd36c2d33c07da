// The server entry renders a page from the answers the edge inlines into it, with no
// fetch: the demo's 24-card category page as scripts/bench-ssr recorded it.
import { expect, it, vi } from "vitest";
import computers from "./ssr/testdata/computers.json?raw";
import { render } from "./entry-server";

it("renders the recorded category page from its inlined answers alone", () => {
  const fetch = vi.fn();
  vi.stubGlobal("fetch", fetch);
  const html = render("/computers", computers);
  expect(html.match(/class="product-card"/g)).toHaveLength(24);
  expect(html).toContain('<h1 id="listing-heading">Computers</h1>');
  // The menu and the driver come from the inlined answers too: no "Loading..." left.
  expect(html).not.toContain("Loading...");
  expect(fetch).not.toHaveBeenCalled();
  vi.unstubAllGlobals();
});

it("renders the cart page at once, though the browser loads it apart (issue 23)", () => {
  const fetch = vi.fn();
  vi.stubGlobal("fetch", fetch);
  const html = render("/cart", computers);
  // In its Suspense boundary, rendered (`<!--$-->`), not left to the browser (`<!--$!-->`).
  expect(html).toContain('<!--$--><section class="cart-page" aria-labelledby="cart-heading" aria-busy="true">');
  expect(html).toContain("Loading your cart...");
  // The cart link, without the visitor's count.
  expect(html).toMatch(/aria-label="Cart"[^>]*>.*?<span class="cart-count" aria-hidden="true"><\/span>/);
  expect(fetch).not.toHaveBeenCalled();
  vi.unstubAllGlobals();
});

it("renders the checkout and an order's page at once, though the browser loads them apart (issue 26)", () => {
  const fetch = vi.fn();
  vi.stubGlobal("fetch", fetch);
  const checkout = render("/checkout", computers);
  expect(checkout).toContain('<!--$--><section class="checkout-page" aria-labelledby="checkout-heading" aria-busy="true"><h1 id="checkout-heading">Checkout</h1>');
  expect(checkout).toContain("Loading your checkout...");
  const order = render("/order/000000042", computers);
  // The heading names the order from its address, so it is the same once the order arrives.
  expect(order).toContain('<!--$--><section class="order-page" aria-labelledby="order-heading" aria-busy="true"><h1 id="order-heading">Thank you — order <!-- -->000000042</h1>');
  expect(order).toContain("Loading your order...");
  expect(fetch).not.toHaveBeenCalled();
  vi.unstubAllGlobals();
});
