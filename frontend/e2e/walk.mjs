// The shopper's walk by keyboard alone, from a product's page to the order's confirmation:
// the variant by its pickers, Add to cart, the cart, Check out, the address, a shipping
// method, Place order. Shared by checkout.test.mjs (the demo's built-in shops) and
// real-medusa.test.mjs (a real Medusa server), which differ in how the shopper reaches the
// product and in where the backend's own record of the order is read.
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { ARTIFACTS, assertNoShift, axe, settled, tabTo, tabToOption } from "./suite.mjs";

/** Tabs to the field `id` and types `value` into it (a select: types the option's name). */
export async function typeInto(page, id, value) {
  const field = page.locator(`#${id}`);
  await tabTo(page, field, id);
  await page.keyboard.type(value);
}

/**
 * On a product's page, hydrated, with an empty cart: the walk to the confirmation. Each of
 * `picks` (`[option, ArrowRight presses, the value then chosen]`) is made in its picker;
 * `line`, when given, is what the cart shows of the line's variant. `shopper` types the
 * address; `country` and `region` (null: the country has none) are chosen by their names,
 * as typing does in a select. The layout shift observed since the page's observer started
 * must stay 0; axe finds nothing serious; nothing is wider than the screen; a screenshot of
 * the checkout ready to place is kept as `screenshot`.png. These checks throw where they
 * fail, unless `t` (the test's context) is given: then each is a subtest of its own, which
 * fails the test while the walk goes on to the order (a backend's record is worth reading
 * even when the page moved on the way).
 * Returns the order's number (from the confirmation's address) and the total shown.
 */
export async function checkoutByKeyboard(page, base, { label, picks, line, shopper, country, region, screenshot, t }) {
  const check = t ? (what, fn) => t.test(what, fn) : (_, fn) => fn();
  // The product: each option by arrows, Add to cart by Enter.
  for (const [option, steps, value] of picks) {
    await tabToOption(page, option);
    for (let i = 0; i < steps; i++) await page.keyboard.press("ArrowRight");
    await page.getByRole("group", { name: `${option}: ${value}` }).waitFor();
  }
  await tabTo(page, page.getByRole("button", { name: "Add to cart" }), "Add to cart");
  await page.keyboard.press("Enter");
  await page.getByRole("link", { name: "Cart, 1 item", exact: true }).waitFor();

  // The cart, then Check out: links followed by Enter.
  await tabTo(page, page.getByRole("link", { name: "Cart, 1 item", exact: true }), "the cart link");
  await page.keyboard.press("Enter");
  await page.waitForURL(`${base}/cart`);
  const checkOut = page.getByRole("link", { name: "Check out" });
  await checkOut.waitFor();
  if (line) assert.equal((await page.locator(".cart-line-options").textContent()).trim(), line, `${label}: the cart's line`);
  await tabTo(page, checkOut, "Check out");
  await page.keyboard.press("Enter");
  await page.waitForURL(`${base}/checkout`);
  await page.locator("#checkout-email").waitFor();
  await settled(page);
  await check("the form arrives without moving the page", () => assertNoShift(page, `${label}: the form arrives without moving the page`));

  // The form, field by field, then Enter sends it.
  await typeInto(page, "checkout-email", shopper.email);
  await typeInto(page, "checkout-shipping-first-name", shopper.first);
  await typeInto(page, "checkout-shipping-last-name", shopper.last);
  await typeInto(page, "checkout-shipping-street", shopper.street);
  await typeInto(page, "checkout-shipping-city", shopper.city);
  await typeInto(page, "checkout-shipping-postal-code", shopper.postal);
  await typeInto(page, "checkout-shipping-country", country);
  assert.equal(await page.locator("#checkout-shipping-country option:checked").textContent(), country);
  if (region) {
    await page.locator("#checkout-shipping-region").waitFor();
    await typeInto(page, "checkout-shipping-region", region);
    assert.equal(await page.locator("#checkout-shipping-region option:checked").textContent(), region);
  }
  await typeInto(page, "checkout-shipping-telephone", shopper.tel);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.id === "shipping-heading");

  // The first shipping method: Tab into the group, Space chooses it.
  const first = page.getByRole("radio").first();
  await first.waitFor();
  await tabTo(page, first, "the shipping methods");
  await page.keyboard.press("Space");
  await page.waitForFunction(() => !document.querySelector(".shipping-options[aria-busy]") && document.querySelector(".summary-total dd")?.textContent !== "—");
  const total = (await page.locator(".summary-total dd").textContent()).trim();
  await settled(page);
  await check("the steps move nothing", () => assertNoShift(page, `${label}: the steps move nothing`));
  await check("axe: the checkout ready to place", async () => assert.deepEqual(await axe(page), [], `${label}: the checkout ready to place`));
  await check("nothing wider than the screen", async () => {
    const [width, scrolled] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
    assert.ok(scrolled <= width, `${label}: nothing wider than ${width}px (${scrolled}px)`);
  });
  await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", `${screenshot}.png`), fullPage: true });

  // Place order: the confirmation names the backend's number and the same total.
  const place = page.getByRole("button", { name: "Place order" });
  await tabTo(page, place, "Place order");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/order\/[^/]+$/);
  const number = decodeURIComponent(new URL(page.url()).pathname.split("/").pop());
  await page.getByRole("heading", { level: 1, name: `Thank you — order ${number}` }).waitFor();
  await page.getByRole("link", { name: "Cart, empty", exact: true }).waitFor();
  assert.ok((await page.locator("main").textContent()).includes(total), `${label}: the total ${total} on the confirmation`);
  await settled(page);
  await check("axe: the confirmation", async () => assert.deepEqual(await axe(page), [], `${label}: the confirmation`));
  return { number, total };
}
