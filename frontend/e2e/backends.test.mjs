// Every backend in the browser, through the one-process demo and its built-in shops:
// the debug bar switches, and menu, product pages and route resolution follow.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { ARTIFACTS, DESKTOP, jsonLd, launchBrowser, newPage, startAll, switchTo } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startAll({ name: "backends" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

test("magento: its menu, a product page, and a 301 that lands on the product", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/");
  await page.locator(".menu-list a").first().waitFor();
  await switchTo(page, "magento");
  await page.getByRole("link", { name: "Gear" }).first().waitFor();
  await page.goto(suite.base + "/joust-duffle-bag.html");
  await page.getByRole("heading", { level: 1, name: "Joust Duffle Bag" }).waitFor();
  assert.equal(await page.title(), "Joust Duffle Bag | Luma", "the lookup's SEO title");
  const ld = (await jsonLd(page)).find((o) => o["@type"] === "Product");
  assert.equal(ld?.aggregateRating.ratingValue, "4.7");
  await page.waitForFunction(() => document.querySelector(".product-media img")?.naturalWidth > 0);
  assert.equal(await page.locator(".product-description script").count(), 0, "backend HTML is sanitised");
  await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", "magento-product-1280.png") });
  await page.goto(suite.base + "/old-duffle.html");
  await page.waitForURL((u) => u.pathname === "/joust-duffle-bag.html");
  await page.goto(suite.base + "/about-us");
  await page.getByRole("heading", { level: 1, name: "About us" }).waitFor();
  await page.goto(suite.base + "/no-such-page.html");
  await page.getByRole("heading", { name: "Page not found" }).waitFor();
  await page.close();
});

test("shopify: the collections menu and a product by handle", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/");
  await page.locator(".menu-list a").first().waitFor();
  await switchTo(page, "shopify");
  const snowboards = page.getByRole("link", { name: "Snowboards" }).first();
  await snowboards.waitFor();
  assert.equal(await snowboards.getAttribute("href"), "/collections/snowboards");
  await page.goto(suite.base + "/products/hydrogen-snowboard");
  await page.getByRole("heading", { level: 1, name: "The Hydrogen Snowboard" }).waitFor();
  // The first paint shows the name; the price comes with the app.
  await page.getByText("$600.00").waitFor();
  await page.close();
});

test("medusa: offered in the debug bar; a category from the menu, then a product with its price and discount", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/");
  await page.locator(".menu-list a").first().waitFor();
  await page.waitForFunction(() => document.querySelector("#driver-select")?.disabled === false);
  const option = page.locator('#driver-select option[value="medusa"]');
  assert.equal(await option.isDisabled(), false, "the demo shop makes Medusa selectable");
  assert.equal((await option.textContent()).trim(), "Medusa");
  await switchTo(page, "medusa");
  await page.locator('.menu-list > li > a[href="/categories/clothing"]').waitFor();
  assert.deepEqual(await page.locator(".menu-list > li > a").allTextContents(), ["Clothing", "Accessories", "Home"], "rank order");
  // A category from the Clothing dropdown: Tops, which holds its T-shirts' and hoodies' products.
  await page.locator('.menu-list > li > a[href="/categories/clothing"]').hover();
  const tops = page.locator('.menu-list .dropdown a[href="/categories/clothing/tops"]');
  await tops.waitFor({ state: "visible" });
  await tops.click();
  await page.getByRole("heading", { level: 1, name: "Tops" }).waitFor();
  assert.equal(new URL(page.url()).pathname, "/categories/clothing/tops");
  await page.locator(".listing-count").filter({ hasText: "27 products" }).waitFor();
  await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", "medusa-category-1280.png") });
  await page.locator('.product-card a[href="/products/medusa-hoodie"]').click();
  await page.getByRole("heading", { level: 1, name: "Medusa Hoodie" }).waitFor();
  assert.equal(new URL(page.url()).pathname, "/products/medusa-hoodie");
  await page.locator(".product-price").filter({ hasText: "€45.00" }).waitFor();
  assert.equal((await page.locator(".product-price").textContent()).replace(/\s+/g, " "), "€45.00was €60.00 −25%");
  const description = await page.locator(".product-description").textContent();
  assert.match(description, /<script>alert\(1\)<\/script>/, "markup in Medusa's plain text shows as text");
  await page.waitForFunction(() => document.querySelector(".product-media img")?.naturalWidth > 0);
  await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", "medusa-product-1280.png") });
  const resolved = await page.evaluate(async () => (await fetch("/api/resolve?url=/products/medusa-hoodie")).json());
  assert.equal(resolved.type, "PRODUCT");
  await page.close();
});

test("fake: the in-memory menu with the fake store's products", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/");
  await page.locator(".menu-list a").first().waitFor();
  assert.equal(await page.getByLabel("Driver").inputValue(), "in-memory", "a new visitor starts on in-memory");
  const menu = await page.locator(".menu-list > li > a").allTextContents();
  await switchTo(page, "fake");
  // The switch's reload brings the fake store's best sellers (the wait fails if the
  // in-memory ones stay).
  await page.locator('.product-card a[href="/product/1"]').first().waitFor();
  await page.locator(".menu-list > li > a").first().waitFor();
  assert.deepEqual(await page.locator(".menu-list > li > a").allTextContents(), menu);
  assert.equal(await page.locator(".product-card a").first().getAttribute("href"), "/product/1");
  await page.goto(suite.base + "/product/3");
  await page.getByRole("heading", { level: 1, name: "Mens Cotton Jacket" }).waitFor();
  await page.goto(suite.base + "/1001");
  await page.getByRole("heading", { name: "Page not found" }).waitFor();
  await page.close();
});
