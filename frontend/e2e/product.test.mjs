// The product page through the real suite, at both widths, with no layout shift.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { ARTIFACTS, DESKTOP, MOBILE, installShiftObserver, jsonLd, launchBrowser, newPage, settled, startSuite } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startSuite({ name: "product" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

for (const [label, viewport] of [["1280", DESKTOP], ["375", MOBILE]]) {
  test(`at ${label}px /1001 shows image, name, price and description`, async () => {
    const page = await newPage(browser, { viewport });
    await installShiftObserver(page);
    const product = await (await fetch(`${suite.base}/api/products/1001`)).json();
    const p = product.products[0];
    await page.goto(suite.base + "/1001");
    await page.getByRole("heading", { level: 1, name: p.name }).waitFor();
    const img = page.locator(".product-media .product-image");
    await page.waitForFunction(() => document.querySelector(".product-media .product-image")?.complete);
    assert.ok(await img.evaluate((el) => el.naturalWidth > 0), "the image loaded through /img");
    assert.equal(await img.getAttribute("alt"), p.thumbnail.label);
    assert.match(await img.getAttribute("src"), /^\/img\?src=/);
    assert.ok(await page.getByText(new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(p.price)).isVisible());
    assert.ok(await page.getByRole("heading", { name: "Description" }).isVisible());
    assert.ok(await page.getByText(p.brand).isVisible());
    // Sold in sizes and colours: a ProductGroup with an Offer per variant.
    const ld = (await jsonLd(page)).find((o) => o["@type"] === "ProductGroup");
    assert.equal(ld?.name, p.name);
    assert.deepEqual(
      ld.hasVariant.map((v) => [v.sku, v.offers["@type"]]),
      p.variants.map((v) => [v.sku, "Offer"]),
    );
    const columns = await page.locator(".product").evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    assert.equal(columns, viewport.width > 768 ? 2 : 1, "two columns, one at 768px or narrower");
    await settled(page);
    assert.equal(await page.evaluate(() => window.__shifts), 0, "no layout shift");
    await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", `product-${label}.png`), fullPage: true });
    await page.close();
  });

  test(`at ${label}px the home page shows best sellers and categories without shifting`, async () => {
    const page = await newPage(browser, { viewport });
    await installShiftObserver(page);
    await page.goto(suite.base + "/");
    await page.locator(".product-card a").first().waitFor();
    assert.equal(await page.locator(".product-card a").count(), 4);
    await page.locator(".category-list a").first().waitFor();
    await settled(page);
    assert.equal(await page.evaluate(() => window.__shifts), 0, "no layout shift");
    await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", `home-${label}.png`), fullPage: true });
    await page.close();
  });
}

test("an unknown path shows the not-found screen with a way home", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/no-such-thing");
  await page.getByRole("heading", { name: "Page not found" }).waitFor();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await page.getByRole("heading", { name: "Best sellers" }).waitFor();
  await page.close();
});

for (const viewport of [DESKTOP, MOBILE]) {
  test(`at ${viewport.width}px a category url loaded directly shows its page without shifting`, async () => {
    const page = await newPage(browser, { viewport });
    await installShiftObserver(page);
    await page.goto(suite.base + "/");
    const link = page.locator(".menu-list > li > a").first();
    const [href, name] = [await link.getAttribute("href"), await link.textContent()];
    await page.goto(suite.base + href);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.locator(".product-grid:not(.busy) .product-card a").first().waitFor();
    await settled(page);
    assert.equal(await page.evaluate(() => window.__shifts), 0, "no layout shift from skeleton to category");
    await page.close();
  });
}

// A product's options are radio groups; a choice changes the price, the stock
// line and the address, by keyboard alone, and the address is the page's first paint.
test("choosing a size by keyboard changes the price and the address, and a reload paints that variant", async () => {
  const product = (await (await fetch(`${suite.base}/api/products/1001`)).json()).products[0];
  const usd = (n) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);
  // What the edge says a shopper pays for a variant (the one rule, vitrine_domain::money::paid).
  const paid = (v) => v.paid_price;
  const large = product.variants.find((v) => v.id === "1001-L-Black");
  assert.ok(large, "the mock makes 1001 in L and Black");
  const page = await newPage(browser, { viewport: DESKTOP });
  await installShiftObserver(page);
  await page.goto(suite.base + "/1001");
  await page.waitForFunction(() => document.querySelector("#driver-select")?.disabled === false); // hydrated
  const size = page.getByRole("group", { name: /^Size/ });
  assert.equal(await size.getByRole("radio", { checked: true }).getAttribute("value"), "S");
  await size.getByRole("radio", { name: "S" }).focus();
  // M, then L: the browser's radio group moves and chooses with the arrow keys.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.waitForURL(/\?variant=1001-L-Black$/);
  await page.getByRole("group", { name: "Size: L" }).waitFor();
  await page.locator(".product-price").getByText(usd(paid(large)), { exact: false }).waitFor();
  assert.equal(await page.locator(".product-stock").textContent(), large.in_stock ? "In stock" : "Out of stock");
  await settled(page);
  assert.equal(await page.evaluate(() => window.__shifts), 0, "a choice moves nothing");
  // Back is the previous choice.
  await page.goBack();
  await page.getByRole("group", { name: "Size: M" }).waitFor();
  await page.close();

  // The address alone: the edge's markup already shows that variant, before any script.
  const res = await fetch(`${suite.base}/1001?variant=1001-L-Black`);
  // (React separates adjacent text in its markup with empty comments.)
  const html = (await res.text()).replaceAll("<!-- -->", "");
  assert.match(html, /<legend>Size: <span class="option-chosen">L<\/span><\/legend>/);
  assert.ok(html.includes(`<p class="product-price">${usd(paid(large))}`), "the variant's price in the first paint");
  assert.match(html, /<link rel="canonical" href="[^"]*\/1001"/, "the canonical url stays the product's");
});
