// issue 23, the shopper's side, in a real browser through the one-process demo and its
// built-in shops: on each backend with a cart, choose a variant (by keyboard), add it, see
// the navigation bar's count and the confirmation, then on /cart one line at that
// variant's price, quantity 2 doubling the line and the subtotal, a reload keeping it,
// another visitor's cart empty, and Remove leaving the empty state. Switching backend
// shows each backend's own cart. Nothing shifts, 375px works, axe finds nothing serious.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { ARTIFACTS, axe, DESKTOP, MOBILE, installShiftObserver, launchBrowser, newContext, newPage, settled, startAll, switchTo, tabToOption } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startAll({ name: "cart" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

/** On a product page: Tab to the Size picker and arrow `steps` times to `size`. */
const sized = (steps, size) => async (page) => {
  await tabToOption(page, "Size");
  for (let i = 0; i < steps; i++) await page.keyboard.press("ArrowRight");
  await page.getByRole("group", { name: `Size: ${size}` }).waitFor();
};

/**
 * The backends whose carts the browser tests use: a product, how a shopper chooses its
 * variant there (by keyboard; none for a product sold as it is), the variant that makes
 * and the line's options as the cart page lists them. Every backend with a cart.
 */
const BACKENDS = [
  // S → M → L (in black, the first colour).
  { driver: "in-memory", path: "/1001", choose: sized(2, "L"), variant: "1001-L-Black", options: "Size: L, Color: Black" },
  { driver: "fake", path: "/product/1", choose: null, variant: null, options: null },
  // The Chaz hoodie: S → M → L (black), its configurable child added by parent and values.
  {
    driver: "magento",
    path: "/chaz-kangeroo-hoodie.html",
    choose: sized(2, "L"),
    variant: "MH01:MH01-L-Black:Y29uZmlndXJhYmxlLzE0NC8xNjk%3D,Y29uZmlndXJhYmxlLzkzLzQ5",
    options: "Size: L, Color: Black",
  },
  // The Hydrogen Snowboard: 151 → 155 (sold out in ice) → 159.
  { driver: "shopify", path: "/products/hydrogen-snowboard", choose: sized(2, "159"), variant: "43695710535904", options: "Size: 159, Color: Ice" },
  // The hoodie in euros: S → M (L is sold out).
  { driver: "medusa", path: "/products/medusa-hoodie", choose: sized(1, "M"), variant: "variant_01OODIE1", options: "Variant: M" },
];

/** React owns the page (the debug bar's select is enabled only then). */
const hydrated = (page) => page.waitForFunction(() => document.querySelector("#driver-select")?.disabled === false);

/** The page's visitor on `driver`: from the home page, switched in the debug bar when needed. */
async function onDriver(page, driver) {
  await page.goto(suite.base + "/");
  await hydrated(page);
  if ((await page.getByLabel("Driver").inputValue()) !== driver) await switchTo(page, driver);
}

/** The navigation bar's cart link, by the name that carries the count. */
const cartLink = (page, name) => page.getByRole("link", { name, exact: true }).waitFor();

/** The first amount of money in `text` ("$45.00was $50.00 −10%" → "$45.00"). */
const firstAmount = (text) => text.match(/[^\d\s]?[\d,]+\.\d\d/)?.[0];

/**
 * On `backend`'s product: choose its variant, add one by keyboard, and see the
 * confirmation and the count. Returns the product's name, the price shown for the
 * variant and a formatter of its currency (as the SPA formats money).
 */
async function addChosen(page, backend) {
  await page.goto(suite.base + backend.path);
  const name = (await page.locator("h1.product-name").textContent()).trim();
  await hydrated(page);
  await cartLink(page, "Cart, empty");
  if (backend.choose) {
    await backend.choose(page);
    await page.waitForURL((u) => u.searchParams.get("variant") === backend.variant);
  }
  const answer = await page.request.get(`${suite.base}/api/page?url=${encodeURIComponent(backend.path)}`);
  const currency = (await answer.json()).product.products[0].currency ?? "USD";
  const money = new Intl.NumberFormat("en-US", { style: "currency", currency });
  const price = firstAmount(await page.locator(".product-price").textContent());
  const add = page.getByRole("button", { name: "Add to cart" });
  await add.focus();
  await page.keyboard.press("Enter");
  const status = page.getByRole("status").filter({ hasText: "Added" });
  await status.getByText(`Added 1 × ${name}`, { exact: false }).waitFor();
  await cartLink(page, "Cart, 1 item");
  return { name, price, money, status };
}

/** A price text as a number ("$1,045.00" → 1045). */
const amount = (text) => Number(text.replace(/[^\d.]/g, ""));

/** The cart page's figures: each line's name, unit price, quantity and total, and the subtotal. */
async function cartFigures(page) {
  await page.locator(".cart-line, .cart-empty").first().waitFor();
  const lines = await page.locator(".cart-line").evaluateAll((items) =>
    items.map((li) => ({
      name: li.querySelector(".cart-line-name")?.textContent,
      unit: li.querySelector(".cart-line-unit")?.textContent,
      quantity: li.querySelector("input")?.value,
      total: li.querySelector(".cart-line-total")?.textContent.replace("Line total: ", ""),
    })),
  );
  const subtotal = await page.locator(".cart-subtotal strong").textContent().catch(() => null);
  return { lines, subtotal };
}

/** Waits until the cart page's figures are `expected` (its answers come after a click). */
async function cartIs(page, expected, what) {
  let seen;
  for (let i = 0; i < 100; i++) {
    seen = await cartFigures(page);
    if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(seen, expected, what);
}

for (const backend of BACKENDS) {
  test(`${backend.driver}: add a chosen variant, change its quantity, reload, remove; another visitor's cart is empty`, async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await installShiftObserver(page);
    await onDriver(page, backend.driver);
    const { name, price, money, status } = await addChosen(page, backend);
    assert.ok(price, `${backend.driver}: a price on the product page`);
    await settled(page);
    assert.equal(await page.evaluate(() => window.__shifts), 0, `${backend.driver}: the count and the confirmation move nothing`);

    // Through the confirmation's link: one line at the variant's price.
    await status.getByRole("link", { name: "View cart (1 item)" }).click();
    await page.waitForURL(`${suite.base}/cart`);
    await page.getByRole("heading", { level: 1, name: "Your cart" }).waitFor();
    // The edge's head for the page, fetched after the client-side navigation.
    await page.waitForFunction(() => document.title === "Cart" && !!document.querySelector('meta[name="robots"][content="noindex"]'));
    const one = { name, unit: `${price} each`, quantity: "1", total: price };
    await cartIs(page, { lines: [one], subtotal: price }, `${backend.driver}: one line`);
    const options = await page.locator(".cart-line-options").allTextContents();
    if (backend.options) assert.deepEqual(options, [backend.options], `${backend.driver}: the chosen options`);

    // Quantity 2, by keyboard: the line and the subtotal double, the count follows.
    await page.getByRole("button", { name: /^Increase quantity of / }).focus();
    await page.keyboard.press("Enter");
    const twice = money.format(2 * amount(price));
    const two = { ...one, quantity: "2", total: twice };
    await cartIs(page, { lines: [two], subtotal: twice }, `${backend.driver}: quantity 2`);
    await cartLink(page, "Cart, 2 items");

    // A reload keeps it (the session's cart, on the backend).
    await page.reload();
    await cartIs(page, { lines: [two], subtotal: twice }, `${backend.driver}: after a reload`);
    await cartLink(page, "Cart, 2 items");

    // Another visitor (a browser context of its own) on the same backend: an empty cart.
    const other = await newPage(browser, { viewport: DESKTOP });
    await onDriver(other, backend.driver);
    await other.goto(suite.base + "/cart");
    await other.getByText("Your cart is empty.").waitFor();
    await cartLink(other, "Cart, empty");
    await other.close();

    // Remove: the empty state, with a way back to the shop.
    await page.getByRole("button", { name: /^Remove / }).click();
    await page.getByText("Your cart is empty.").waitFor();
    await page.getByRole("link", { name: "Continue shopping" }).waitFor();
    await cartLink(page, "Cart, empty");
    await page.close();
  });
}

test("each backend shows its own cart: switching away and back finds the earlier one", async () => {
  const [first, second] = BACKENDS;
  const page = await newPage(browser, { viewport: DESKTOP });
  await onDriver(page, first.driver);
  const a = await addChosen(page, first);
  await switchTo(page, second.driver);
  await cartLink(page, "Cart, empty");
  const b = await addChosen(page, second);

  await page.goto(suite.base + "/cart");
  await cartIs(page, { lines: [{ name: b.name, unit: `${b.price} each`, quantity: "1", total: b.price }], subtotal: b.price }, `${second.driver}'s cart`);
  // On the cart page itself: the switch reloads it with the other backend's cart.
  await switchTo(page, first.driver);
  await cartIs(page, { lines: [{ name: a.name, unit: `${a.price} each`, quantity: "1", total: a.price }], subtotal: a.price }, `${first.driver}'s cart again`);
  await cartLink(page, "Cart, 1 item");
  await switchTo(page, second.driver);
  await cartIs(page, { lines: [{ name: b.name, unit: `${b.price} each`, quantity: "1", total: b.price }], subtotal: b.price }, `${second.driver}'s cart again`);
  await page.close();
});

for (const viewport of [DESKTOP, MOBILE]) {
  test(`at ${viewport.width}px: Add to cart and the count shift nothing, the cart page works by touch and is axe clean`, async () => {
    const context = await newContext(browser, { viewport, hasTouch: viewport === MOBILE });
    const page = await context.newPage();
    await installShiftObserver(page);
    // The product as the edge paints it: its first variant, which is in stock.
    await page.goto(suite.base + "/1001");
    await hydrated(page);
    await cartLink(page, "Cart, empty");
    await settled(page);
    assert.equal(await page.evaluate(() => window.__shifts), 0, "the count's arrival moves nothing");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await cartLink(page, "Cart, 1 item");
    await page.getByRole("status").getByText(/^Added 1 × /).waitFor();
    await settled(page);
    assert.equal(await page.evaluate(() => window.__shifts), 0, "adding moves nothing");
    assert.deepEqual(await axe(page), [], "the product page with its confirmation");
    await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", `cart-added-${viewport.width}.png`) });

    await page.goto(suite.base + "/cart");
    await page.locator(".cart-line").waitFor();
    await settled(page);
    assert.equal(await page.evaluate(() => window.__shifts), 0, "the cart page's lines arrive without moving the page");
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    assert.ok(fits, `nothing wider than ${viewport.width}px`);
    assert.deepEqual(await axe(page), [], "the cart with a line");
    await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", `cart-line-${viewport.width}.png`), fullPage: true });

    const more = page.getByRole("button", { name: /^Increase quantity of / });
    if (viewport === MOBILE) await more.tap();
    else await more.click();
    await page.waitForFunction(() => document.querySelector(".cart-line input")?.value === "2");
    await cartLink(page, "Cart, 2 items");
    await page.getByRole("button", { name: /^Remove / }).click();
    await page.getByText("Your cart is empty.").waitFor();
    assert.deepEqual(await axe(page), [], "the empty cart");
    await context.close();
  });
}
