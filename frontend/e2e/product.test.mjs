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
    const img = page.locator(".product-media img");
    await page.waitForFunction(() => document.querySelector(".product-media img")?.complete);
    assert.ok(await img.evaluate((el) => el.naturalWidth > 0), "the image loaded through /img");
    assert.equal(await img.getAttribute("alt"), p.thumbnail.label);
    assert.match(await img.getAttribute("src"), /^\/img\?src=/);
    assert.ok(await page.getByText(new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(p.price)).isVisible());
    assert.ok(await page.getByRole("heading", { name: "Description" }).isVisible());
    assert.ok(await page.getByText(p.brand).isVisible());
    // Sold in sizes and colours (issue 22): a ProductGroup with an Offer per variant.
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
