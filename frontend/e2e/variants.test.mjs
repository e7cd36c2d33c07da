// issue 22 on every backend with options, through the one-process demo and its built-in
// shops: by keyboard alone, a shopper reaches a product's option pickers, chooses another
// size and colour, and sees the price, the picture and the address follow; the address,
// loaded afresh, is painted with that variant by the edge. (In-memory: product.test.mjs.)
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DESKTOP, installShiftObserver, launchBrowser, newPage, settled, startAll, switchTo, tabToOption } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startAll({ name: "variants" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

const priceText = async (page) => (await page.locator(".product-price").textContent()).replace(/\s+/g, " ");
const pictureSrc = (page) => page.locator(".product-media .product-image").first().getAttribute("src");

/**
 * On `driver`'s product at `path`: Tab to the Size picker, ArrowRight `sizeSteps` times
 * (then the price reads `sizedPrice`), Tab to the Color picker when there is one and
 * ArrowRight once (then the picture changes and the price reads `finalPrice`). The
 * address names the variant `variant`, which a fresh load paints.
 */
async function choose({ driver, path, name, startPrice, sizeSteps, sized, sizedPrice, color, finalPrice, variant }) {
  const page = await newPage(browser, { viewport: DESKTOP });
  await installShiftObserver(page);
  await page.goto(suite.base + "/");
  await page.locator(".menu-list a").first().waitFor();
  await switchTo(page, driver);
  await page.goto(suite.base + path);
  await page.getByRole("heading", { level: 1, name }).waitFor();
  await page.waitForFunction(() => document.querySelector("#driver-select")?.disabled === false); // hydrated
  assert.equal(await priceText(page), startPrice, `${driver}: the first variant's price`);
  const before = await pictureSrc(page);

  await tabToOption(page, "Size");
  for (let i = 0; i < sizeSteps; i++) await page.keyboard.press("ArrowRight");
  await page.getByRole("group", { name: `Size: ${sized}` }).waitFor();
  await page.waitForFunction((p) => document.querySelector(".product-price")?.textContent.replace(/\s+/g, " ") === p, sizedPrice);
  if (color) {
    await tabToOption(page, "Color");
    await page.keyboard.press("ArrowRight");
    await page.getByRole("group", { name: `Color: ${color}` }).waitFor();
    await page.waitForFunction((p) => document.querySelector(".product-price")?.textContent.replace(/\s+/g, " ") === p, finalPrice);
    assert.notEqual(await pictureSrc(page), before, `${driver}: the colour's own picture`);
  }
  await page.waitForURL((u) => u.searchParams.get("variant") === variant);
  await settled(page);
  assert.equal(await page.evaluate(() => window.__shifts), 0, `${driver}: a choice moves nothing`);
  const chosenPicture = await pictureSrc(page);

  // The address alone (with the visitor's driver cookie): the edge's markup shows it.
  const res = await page.request.get(page.url());
  assert.equal(res.status(), 200);
  const html = (await res.text()).replaceAll("<!-- -->", "");
  assert.match(html, new RegExp(`<legend>Size: <span class="option-chosen">${sized}</span></legend>`), `${driver}: first paint`);
  if (color) assert.match(html, new RegExp(`<legend>Color: <span class="option-chosen">${color}</span></legend>`));
  // And in the browser: reloaded, the same variant, price and picture.
  await page.reload();
  await page.getByRole("group", { name: `Size: ${sized}` }).waitFor();
  assert.equal(await priceText(page), finalPrice ?? sizedPrice);
  assert.equal(await pictureSrc(page), chosenPicture);
  await page.close();
}

test("magento: a configurable hoodie's size and colour", () =>
  choose({
    driver: "magento",
    path: "/chaz-kangeroo-hoodie.html",
    name: "Chaz Kangeroo Hoodie",
    startPrice: "$52.00",
    // S → M → L: L costs more.
    sizeSteps: 2,
    sized: "L",
    sizedPrice: "$57.00",
    // Black → Gray (L in orange is not made).
    color: "Gray",
    finalPrice: "$57.00",
    variant: "MH01:MH01-L-Gray:Y29uZmlndXJhYmxlLzE0NC8xNjk%3D,Y29uZmlndXJhYmxlLzkzLzUy",
  }));

test("shopify: a snowboard's size and colour", () =>
  choose({
    driver: "shopify",
    path: "/products/hydrogen-snowboard",
    name: "The Hydrogen Snowboard",
    startPrice: "$600.00",
    // 151 → 155 (sold out in ice) → 159, which costs more.
    sizeSteps: 2,
    sized: "159",
    sizedPrice: "$640.00",
    // Ice → Sunset, marked down.
    color: "Sunset",
    finalPrice: "$512.00was $640.00 −20%",
    variant: "43695710535905",
  }));

test("medusa: a hoodie's sizes at the region's prices", () =>
  choose({
    driver: "medusa",
    path: "/products/medusa-hoodie",
    name: "Medusa Hoodie",
    startPrice: "€45.00was €60.00 −25%",
    // S → M → L, dearer (and sold out).
    sizeSteps: 2,
    sized: "L",
    sizedPrice: "€48.00was €64.00 −25%",
    variant: "variant_01OODIE2",
  }));
