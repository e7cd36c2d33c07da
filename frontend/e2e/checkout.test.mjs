// issue 26, the shopper's side, in a real browser through the one-process demo and its
// built-in shops. On the in-memory shop (a checkout here): from the cart's Check out,
// the form by keyboard, a field the edge refuses shown beside it with the focus on it,
// the shipping methods, the summary's totals, Place order to the order's page, the cart
// empty after; nothing shifts, 375px and 1280px work, axe finds nothing serious. The
// fake shop has no checkout, Shopify's is on its own site: the cart says so or links
// there, and /checkout says why with a way back. An unknown order is not found.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { ARTIFACTS, DESKTOP, MOBILE, installShiftObserver, newContext, newPage, settled, startAll, launchBrowser } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startAll({ name: "checkout" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

/** The visitor of `page` on `driver`, with one `variant` in the cart (through the edge, as the SPA asks). */
async function withCart(page, driver, variant) {
  const switched = await page.request.put(`${suite.base}/api/driver`, { data: { driver } });
  assert.equal(switched.status(), 200, `switch to ${driver}`);
  const added = await page.request.post(`${suite.base}/api/cart/lines`, { data: { variant, quantity: 1 } });
  assert.equal(added.status(), 200, `a line on ${driver}`);
  return added.json();
}

/** axe-core's serious and critical violations on the page as it is. */
async function axe(page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Fills `label`'s field (in `scope`) as typing would. */
const fill = (scope, label, value) => scope.getByLabel(label, { exact: true }).fill(value);

for (const viewport of [MOBILE, DESKTOP]) {
  test(`in-memory at ${viewport.width}px: check out from the cart, a refused field fixed, a method chosen, the order placed`, async () => {
    const context = await newContext(browser, { viewport });
    const page = await context.newPage();
    const typed = [];
    page.on("console", (m) => typed.push(m.text()));
    await installShiftObserver(page);
    await withCart(page, "in-memory", "1001-L-Black");

    await page.goto(suite.base + "/cart");
    const checkOut = page.getByRole("link", { name: "Check out" });
    await checkOut.waitFor();
    assert.equal(await checkOut.getAttribute("href"), "/checkout");
    await checkOut.click();
    await page.waitForURL(`${suite.base}/checkout`);
    await page.getByLabel("Email").waitFor();
    await page.waitForFunction(() => document.title === "Checkout" && !!document.querySelector('meta[name="robots"][content="noindex"]'));
    await settled(page);
    assert.equal(await page.evaluate(() => window.__shifts), 0, "the form arrives without moving the page");
    assert.equal(await page.locator("h1").count(), 1, "one h1");
    assert.deepEqual(await axe(page), [], "the empty form");

    await fill(page, "Email", "ada@example.com");
    await fill(page, "First name", "Ada");
    await fill(page, "Last name", "Lovelace");
    await fill(page, "Street and house number", "1 Main St");
    await fill(page, "City", "Springfield");
    await fill(page, "Postal code", "90210");
    await page.getByLabel("Country", { exact: true }).selectOption("US");
    await page.getByLabel("State or region").selectOption("CA");
    // A telephone the browser lets through and the edge refuses.
    await fill(page, "Telephone", "x");
    await page.keyboard.press("Enter");
    const summary = page.getByRole("alert").filter({ hasText: "Please check" });
    await summary.waitFor();
    const telephone = page.getByLabel("Telephone");
    await page.waitForFunction(() => document.activeElement?.id === "checkout-shipping-telephone");
    assert.equal(await telephone.getAttribute("aria-invalid"), "true");
    const described = await telephone.getAttribute("aria-describedby");
    assert.ok((await page.locator(`#${described}`).textContent()).length > 0, "the refusal beside the field");
    assert.equal(await page.getByLabel("City").inputValue(), "Springfield", "nothing typed is lost");
    assert.equal(page.url(), `${suite.base}/checkout`, "nothing typed goes into the address");
    assert.deepEqual(await axe(page), [], "the refused form");

    await telephone.fill("555 0100");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.id === "shipping-heading");
    const first = page.getByRole("radio").first();
    await first.waitFor();
    // By keyboard: Tab into the group, Space chooses.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await page.waitForFunction(() => !document.querySelector(".shipping-options[aria-busy]") && document.querySelector(".summary-total dd")?.textContent !== "—");
    const place = page.getByRole("button", { name: "Place order" });
    assert.equal(await place.isEnabled(), true);
    await settled(page);
    assert.deepEqual(await axe(page), [], "the form ready to place");
    await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", `checkout-${viewport.width}.png`), fullPage: true });
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    assert.ok(fits, `nothing wider than ${viewport.width}px`);

    await place.click();
    await page.waitForURL(/\/order\/[^/]+$/);
    const number = decodeURIComponent(new URL(page.url()).pathname.split("/").pop());
    await page.getByRole("heading", { level: 1, name: `Thank you — order ${number}` }).waitFor();
    await page.getByRole("link", { name: "Cart, empty", exact: true }).waitFor();
    await page.waitForFunction(() => document.title === "Order confirmation");
    assert.deepEqual(await axe(page), [], "the order's page");

    // A reload asks the edge, which knows this session's order.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: `Thank you — order ${number}` }).waitFor();
    await page.getByRole("link", { name: "Continue shopping" }).waitFor();
    // The cart was ordered: the checkout says so, with the way back.
    await page.goto(suite.base + "/checkout");
    await page.getByRole("link", { name: "Back to your cart" }).waitFor();
    assert.equal(await page.locator("form.checkout-address").count(), 0);
    for (const secret of ["ada@example.com", "Lovelace", "555 0100"]) {
      assert.ok(!typed.some((line) => line.includes(secret)), `${secret} is never logged`);
    }
    await context.close();
  });
}

test("fake (no checkout) and Shopify (its own site): the cart says so or links there; /checkout says why", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await withCart(page, "fake", "2");
  await page.goto(suite.base + "/cart");
  await page.getByText("This shop has no checkout.").waitFor();
  assert.equal(await page.getByRole("link", { name: "Check out" }).count(), 0);
  await page.goto(suite.base + "/checkout");
  await page.getByRole("link", { name: "Back to your cart" }).waitFor();
  assert.equal(await page.locator("form.checkout-address").count(), 0);

  const cart = await withCart(page, "shopify", "43695710535904");
  await page.goto(suite.base + "/cart");
  const checkOut = page.getByRole("link", { name: "Check out" });
  await checkOut.waitFor();
  assert.equal(await checkOut.getAttribute("href"), cart.checkout_url);
  await page.goto(suite.base + "/checkout");
  await page.getByRole("link", { name: "Back to your cart" }).waitFor();
  assert.equal(await page.locator("form.checkout-address").count(), 0);
  await page.close();
});

test("an order this session did not place is not found", async () => {
  const page = await newPage(browser, { viewport: MOBILE });
  await page.goto(suite.base + "/order/000000001");
  await page.getByRole("heading", { level: 1, name: "We can't find that order" }).waitFor();
  await page.getByRole("link", { name: "Back to the home page" }).waitFor();
  assert.equal(await page.locator('meta[name="robots"][content="noindex"]').count(), 1);
  await page.close();
});
