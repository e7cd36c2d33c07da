import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import type { Address, CartLine, Checkout, Order } from "../api/types";
import { type Routes as Answers, WhereAmI, renderAt, stubApi } from "../test/render";
import { useCart } from "../hooks/cart";
import { CheckoutPage } from "./CheckoutPage";
import { OrderPage } from "./OrderPage";

const chair: CartLine = { id: "l1", variant: "c-l", name: "Rustic Chair", options: [{ name: "Size", value: "L" }], product_url: "/1001", quantity: 2, unit_price: 45, line_total: 90 };
const address: Address = { first_name: "Ada", last_name: "Lovelace", street: "1 Main St", city: "Springfield", postal_code: "12345", country: "NL", region: "", telephone: "555 0100" };

const checkoutOf = (patch: Partial<Checkout> = {}): Checkout => ({
  kind: "native",
  notice: null,
  cart: { lines: [chair], count: 2, subtotal: 90, currency: "EUR", checkout_url: null, notices: [], replaced: false },
  countries: [
    { code: "NL", name: "Netherlands", region_required: false, regions: [] },
    { code: "US", name: "United States", region_required: true, regions: [{ code: "CA", name: "California" }, { code: "NY", name: "New York" }] },
  ],
  email: null,
  shipping_address: null,
  billing_address: null,
  shipping_option: null,
  payment_method: "Check / money order",
  totals: { currency: "EUR", subtotal: 90, shipping: null, tax: null, total: null },
  ...patch,
});
const ready = checkoutOf({ email: "ada@example.com", shipping_address: address, shipping_option: { id: "flat", label: "Flat rate", price: 5 } });
const order: Order = { number: "000000042", driver: "in-memory", lines: [chair], totals: { currency: "EUR", subtotal: 90, shipping: 5, tax: 0, total: 95 }, placed_at_ms: 1 };

const ok = (body: unknown) => ({ status: 200, body });
const head = { "/api/head/checkout": () => ok({ head: {}, head_html: "<title>Checkout</title>" }), "/api/head/order": () => ok({ head: {}, head_html: "<title>Order confirmation</title>" }) };
const options = { "GET /api/checkout/shipping-options": () => ok({ options: [{ id: "flat", label: "Flat rate", price: 5 }, { id: "free", label: "Pickup", price: 0 }] }) };

/** The navigation bar's reader of the cart. */
function CartCount() {
  return <p data-testid="count">{useCart().data?.count}</p>;
}

function show(answers: Answers, path = "/checkout") {
  const calls = stubApi({ ...head, ...answers });
  renderAt(
    <>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/order/:number" element={<OrderPage />} />
      </Routes>
      <WhereAmI />
      <CartCount />
    </>,
    path,
  );
  return calls;
}

/** What each request to `path` sent: its method, headers and body. */
function sent(path: string) {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => input === path)
    .map(([, init]) => ({ method: init?.method ?? "GET", headers: (init?.headers ?? {}) as Record<string, string>, body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined }));
}

const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name, { selector: "input, select" });
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe("CheckoutPage (issue 26)", () => {
  it("labels each field for autofill, with its bounds", async () => {
    show({ "GET /api/checkout": () => ok(checkoutOf()) });
    const email = await screen.findByLabelText("Email");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Checkout");
    expect(email.getAttribute("autocomplete")).toBe("email");
    expect(email.getAttribute("type")).toBe("email");
    expect(email.getAttribute("maxlength")).toBe("254");
    expect(email.hasAttribute("required")).toBe(true);
    const shipping = within(screen.getByRole("group", { name: "Shipping address" }));
    expect(shipping.getByLabelText("First name").getAttribute("autocomplete")).toBe("shipping given-name");
    expect(shipping.getByLabelText("Street and house number").getAttribute("maxlength")).toBe("100");
    expect(shipping.getByLabelText("Telephone").getAttribute("inputmode")).toBe("tel");
    expect(shipping.getByLabelText("Country").getAttribute("autocomplete")).toBe("shipping country");
    // A POST form the app submits: nothing typed ever goes into an address.
    expect(document.querySelector("form")?.getAttribute("method")).toBe("post");
    expect(screen.getByText("Check / money order")).toBeTruthy();
    expect(document.title).toBe("Checkout");
  });

  it("shows the region only for a country with regions, required where the country asks", async () => {
    show({ "GET /api/checkout": () => ok(checkoutOf()) });
    const country = await screen.findByLabelText("Country");
    expect(screen.queryByLabelText("State or region")).toBeNull();
    type(country, "US");
    const region = field("State or region");
    expect(region.hasAttribute("required")).toBe(true);
    expect(Array.from((region as unknown as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(["Select a state or region", "California", "New York"]);
    type(region, "NY");
    type(country, "NL");
    expect(screen.queryByLabelText("State or region")).toBeNull();
  });

  it("prefills what the checkout has, and sends billing only when it is not the same", async () => {
    show({ "GET /api/checkout": () => ok(checkoutOf({ email: "ada@example.com", shipping_address: address })), "PUT /api/checkout/address": () => ok(checkoutOf()), ...options });
    const same = await screen.findByRole("checkbox", { name: "Billing address is the same as shipping" });
    expect(field("Email").value).toBe("ada@example.com");
    expect((same as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole("group", { name: "Billing address" })).toBeNull();

    fireEvent.click(same);
    const billing = within(screen.getByRole("group", { name: "Billing address" }));
    expect(billing.getByLabelText("First name").getAttribute("autocomplete")).toBe("billing given-name");
    type(billing.getByLabelText("First name"), "Grace");
    type(billing.getByLabelText("Last name"), "Hopper");
    type(billing.getByLabelText("Street and house number"), "2 Side St");
    type(billing.getByLabelText("City"), "Arlington");
    type(billing.getByLabelText("Postal code"), "22201");
    type(billing.getByLabelText("Country"), "NL");
    type(billing.getByLabelText("Telephone"), "555 0101");
    fireEvent.click(screen.getByRole("button", { name: "Continue to shipping" }));
    await waitFor(() => expect(sent("/api/checkout/address")).toHaveLength(1));
    expect(sent("/api/checkout/address")[0].body).toEqual({
      email: "ada@example.com",
      shipping: address,
      billing: { first_name: "Grace", last_name: "Hopper", street: "2 Side St", city: "Arlington", postal_code: "22201", country: "NL", region: "", telephone: "555 0101" },
    });

    // Checked again: no billing address is sent.
    fireEvent.click(screen.getByRole("checkbox", { name: "Billing address is the same as shipping" }));
    fireEvent.click(screen.getByRole("button", { name: "Continue to shipping" }));
    await waitFor(() => expect(sent("/api/checkout/address")).toHaveLength(2));
    expect(sent("/api/checkout/address")[1].body).toMatchObject({ billing: null });
  });

  it("shows each refused field beside it, focuses the first, and keeps what was typed", async () => {
    const refusal = {
      status: 400,
      body: {
        error: {
          code: "invalid_fields",
          message: "Some fields need a fix.",
          fields: [
            { field: "shipping.postal_code", text: "Enter a postal code of the Netherlands." },
            { field: "email", text: "Enter an email address." },
          ],
        },
      },
    };
    show({ "GET /api/checkout": () => ok(checkoutOf({ shipping_address: address })), "PUT /api/checkout/address": () => refusal });
    // What the browser lets through (a well-formed email, a postal code), the edge refuses.
    type(await screen.findByLabelText("Email"), "ada@example");
    type(field("Postal code"), "ABC");
    fireEvent.click(screen.getByRole("button", { name: "Continue to shipping" }));

    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toContain("Please check these 2 fields:");
    const email = field("Email");
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Enter an email address.");
    const postal = field("Postal code");
    expect(postal.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(postal.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Enter a postal code of the Netherlands.");
    expect(field("First name").hasAttribute("aria-invalid")).toBe(false);
    expect(email.value).toBe("ada@example");
    expect(postal.value).toBe("ABC");
  });

  it("shows a refusal in an alert, keeps the form, and can be sent again", async () => {
    let refuse = true;
    show({
      "GET /api/checkout": () => ok(checkoutOf({ email: "ada@example.com", shipping_address: address })),
      "PUT /api/checkout/address": () => (refuse ? { status: 409, body: { error: { code: "refused", message: "We do not ship to that country." } } } : ok(checkoutOf({ email: "ada@example.com", shipping_address: address }))),
      ...options,
    });
    type(await screen.findByLabelText("City"), "Amsterdam");
    fireEvent.click(screen.getByRole("button", { name: "Continue to shipping" }));
    expect((await screen.findByRole("alert")).textContent).toBe("We do not ship to that country.");
    expect(field("City").value).toBe("Amsterdam");
    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: "Continue to shipping" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    // The focus moves on to the shipping methods, which are now asked for.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Shipping method" })));
    expect(await screen.findByRole("radio", { name: /Flat rate/ })).toBeTruthy();
  });

  it("offers the shipping methods with their prices, and the summary follows the one chosen", async () => {
    const saved = checkoutOf({ email: "ada@example.com", shipping_address: address });
    show({
      "GET /api/checkout": () => ok(saved),
      ...options,
      "PUT /api/checkout/shipping": () => ok({ ...saved, shipping_option: { id: "flat", label: "Flat rate", price: 5 }, totals: { currency: "EUR", subtotal: 90, shipping: 5, tax: 0, total: 95 } }),
    });
    const summary = within(await screen.findByRole("region", { name: "Order summary" }));
    expect(summary.getByText("Rustic Chair")).toBeTruthy();
    expect(summary.getByText("Size: L")).toBeTruthy();
    expect(summary.getByText("Quantity: 2")).toBeTruthy();
    expect(summary.getAllByText("Calculated at next step")).toHaveLength(2);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Place order" }).disabled).toBe(true);

    const flat = await screen.findByRole("radio", { name: "Flat rate €5.00" });
    expect(screen.getByRole("radio", { name: "Pickup Free" })).toBeTruthy();
    fireEvent.click(flat);
    await waitFor(() => expect(summary.getByText("€95.00")).toBeTruthy());
    expect(sent("/api/checkout/shipping")[0].body).toEqual({ option: "flat" });
    expect((flat as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Place order" }).disabled).toBe(false);
  });

  it("places the order with one Idempotency-Key, kept on the retry after 409 in flight, and opens its page", async () => {
    let tries = 0;
    const calls = show({
      "GET /api/checkout": () => ok(ready),
      ...options,
      "GET /api/cart": () => ok({ lines: tries > 1 ? [] : [chair], count: tries > 1 ? 0 : 2, subtotal: 0, currency: null, checkout_url: null, notices: [], replaced: false }),
      "POST /api/checkout/order": () => (++tries === 1 ? { status: 409, body: { error: { code: "order_in_flight", message: "Your order is being placed." } } } : ok(order)),
    });
    const place = await screen.findByRole("button", { name: "Place order" });
    fireEvent.click(place);
    const busy = screen.getByRole("button", { name: "Placing your order..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute("aria-busy")).toBe("true");

    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/order/000000042"), { timeout: 3000 });
    const posts = sent("/api/checkout/order");
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map((p) => p.headers["idempotency-key"]);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second).toBe(first);
    // The order's page shows the answer without asking again; the cart is read again (its count goes to 0).
    expect(await screen.findByRole("heading", { level: 1, name: "Thank you — order 000000042" })).toBeTruthy();
    expect(calls).not.toContain("GET /api/orders/000000042");
    await waitFor(() => expect(calls.filter((c) => c === "GET /api/cart")).toHaveLength(2));
    expect(screen.getByTestId("count").textContent).toBe("0");
  });

  it("shows a refused order, and a new Place order makes a new key", async () => {
    const calls = show({
      "GET /api/checkout": () => ok(ready),
      ...options,
      "POST /api/checkout/order": () => ({ status: 409, body: { error: { code: "refused", message: "Rustic Chair is out of stock." } } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Place order" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Rustic Chair is out of stock.");
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(sent("/api/checkout/order")).toHaveLength(2));
    const [first, second] = sent("/api/checkout/order").map((p) => p.headers["idempotency-key"]);
    expect(second).not.toBe(first);
    expect(calls.filter((c) => c === "POST /api/checkout/order")).toHaveLength(2);
  });

  it.each<[string, () => { status: number; body: unknown }, string]>([
    ["handoff", () => ok(checkoutOf({ kind: "handoff", notice: "This shop checks out on its own site." })), "This shop checks out on its own site."],
    ["none", () => ok(checkoutOf({ kind: "none", notice: "This shop has no checkout." })), "This shop has no checkout."],
    ["no cart (404)", () => ({ status: 404, body: { error: { code: "not_found", message: "There is no cart to check out." } } }), "There is no cart to check out."],
    ["no checkout (409)", () => ({ status: 409, body: { error: { code: "no_checkout", message: "Checkout is off for this shop." } } }), "Checkout is off for this shop."],
  ])("%s: says why, with a link back to the cart and no form", async (_, answer, text) => {
    show({ "GET /api/checkout": answer });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to your cart" }).getAttribute("href")).toBe("/cart");
    expect(document.querySelector("form")).toBeNull();
  });
});

describe("OrderPage (issue 26)", () => {
  it("shows the order's lines and figures, and the way back to the shop", async () => {
    show({ "GET /api/orders/000000042": () => ok(order) }, "/order/000000042");
    expect(await screen.findByRole("heading", { level: 1, name: "Thank you — order 000000042" })).toBeTruthy();
    expect(screen.getByText("Rustic Chair")).toBeTruthy();
    expect(screen.getByText("€95.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/");
    expect(document.title).toBe("Order confirmation");
  });

  it("says when there is no such order in this session", async () => {
    show({ "GET /api/orders/nope": () => ({ status: 404, body: { error: { code: "not_found", message: "There is no such order in this session." } } }) }, "/order/nope");
    expect(await screen.findByRole("heading", { level: 1, name: "We can't find that order" })).toBeTruthy();
    expect(screen.getByText("There is no such order in this session.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the home page" }).getAttribute("href")).toBe("/");
  });
});
