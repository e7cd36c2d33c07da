// issue 26, the shopper's side, in a real browser through the one-process demo and its
// built-in shops.
// - On in-memory, Magento and Medusa, at 375px and 1280px, by keyboard only: the
//   product, its variant, Add to cart, the cart, Check out, the form, a shipping method,
//   Place order, and the confirmation with the backend's order number, which the
//   backend's own record then holds (mock-data's and the demo shops' back office).
//   Nothing shifts, nothing is wider than the screen, axe finds nothing serious.
// - On in-memory: a field the edge refuses shown beside it with the focus on it, nothing
//   typed lost; the order page after a reload; the checkout gone after.
// - The fake shop has no checkout, Shopify's is on its own site: the cart says so or
//   links there, and /checkout says why with a way back. An unknown order is not found.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ARTIFACTS, axe, DESKTOP, MOBILE, installShiftObserver, newContext, newPage, settled, startAll, launchBrowser } from "./suite.mjs";
import { checkoutByKeyboard } from "./walk.mjs";

let suite, browser, records;
/** This run's token of mock-data's back office: its public answer holds no email. */
const BACKOFFICE = randomBytes(32).toString("hex");
before(async () => {
  suite = await startAll({ name: "checkout", env: { VITRINE_MOCK_DATA_BACKOFFICE_TOKEN: BACKOFFICE } });
  browser = await launchBrowser();
  records = backOffices(resolve(ARTIFACTS, "logs", "checkout.log"));
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

/** Fills `label`'s field (in `scope`) as typing would. */
const fill = (scope, label, value) => scope.getByLabel(label, { exact: true }).fill(value);

/**
 * Where each backend's own records are, from the demo's log: mock-data's back office
 * (the in-memory backend's, with this run's token) and the demo shops', as
 * `{ driver: request-of(number) }`.
 */
function backOffices(log) {
  // The log's fields are coloured: the escapes go first.
  const text = readFileSync(log, "utf8").replace(new RegExp(String.fromCharCode(27) + "\\[[0-9;]*m", "g"), "");
  const url = (pattern) => {
    const found = text.match(pattern)?.[1];
    assert.ok(found, `${pattern} in the demo's log`);
    return found;
  };
  const mock = url(/mock-data serves the default backend.* url=(http:\/\/\S+)/);
  const magento = url(/demo shop backend=magento url=(http:\/\/\S+)/);
  const medusa = url(/demo shop backend=medusa url=(http:\/\/\S+)/);
  return {
    "in-memory": (n) => new Request(`${mock}/_backoffice/orders/${encodeURIComponent(n)}`, {
      headers: { authorization: `Bearer ${BACKOFFICE}` },
    }),
    magento: (n) => new Request(`${magento}/_demo/orders/${encodeURIComponent(n)}`),
    medusa: (n) => new Request(`${medusa}/_demo/orders/${encodeURIComponent(n)}`),
  };
}

/**
 * A shopper's address where each backend ships: `country` and `region` by their names,
 * as a keyboard chooses them in a select (typing the name).
 */
const SHOPPER = { email: "grace@example.com", first: "Grace", last: "Hopper", street: "7 Navy Way", city: "Arlington", postal: "22202", tel: "+1 703 555 0142" };

/**
 * The backends with a checkout here: a product, how a shopper chooses its variant (by
 * keyboard), where the address is, and what an order number there looks like.
 */
const NATIVE = [
  { driver: "in-memory", path: "/1001", size: [2, "L"], country: "United States", region: "Texas", number: /^M-\d{6}$/ },
  { driver: "magento", path: "/chaz-kangeroo-hoodie.html", size: [2, "L"], country: "United States", region: "Texas", number: /^\d{9}$/ },
  { driver: "medusa", path: "/products/medusa-hoodie", size: [1, "M"], country: "Germany", region: null, number: /^\d+$/ },
];

for (const backend of NATIVE) {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`${backend.driver} at ${viewport.width}px, by keyboard: product, variant, cart, checkout, order; the backend's record holds it`, async () => {
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      const logged = [];
      page.on("console", (m) => logged.push(m.text()));
      await installShiftObserver(page);
      const switched = await page.request.put(`${suite.base}/api/driver`, { data: { driver: backend.driver } });
      assert.equal(switched.status(), 200, `switch to ${backend.driver}`);

      // The product, then the walk to the confirmation (walk.mjs).
      await page.goto(suite.base + backend.path);
      await page.waitForFunction(() => document.querySelector("#driver-select")?.disabled === false);
      await page.getByRole("link", { name: "Cart, empty", exact: true }).waitFor();
      const { number } = await checkoutByKeyboard(page, suite.base, {
        label: backend.driver,
        picks: [["Size", ...backend.size]],
        shopper: SHOPPER,
        country: backend.country,
        region: backend.region,
        screenshot: `checkout-${backend.driver}-${viewport.width}`,
      });
      assert.match(number, backend.number, `${backend.driver}: its own order number`);

      // The backend's own record holds the order, with what the shopper typed.
      const record = await fetch(records[backend.driver](number));
      assert.equal(record.status, 200, `${backend.driver}: ${number} in the backend's record`);
      assert.ok((await record.text()).includes(SHOPPER.email), `${backend.driver}: the record is this shopper's`);
      for (const secret of [SHOPPER.email, SHOPPER.street, SHOPPER.tel]) {
        assert.ok(!logged.some((line) => line.includes(secret)), `${secret} is never logged in the console`);
      }
      await context.close();
    });
  }
}

for (const viewport of [DESKTOP]) {
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
