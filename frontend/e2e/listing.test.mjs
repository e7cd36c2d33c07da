// Issue 10 in the browser, on every backend with categories (the one-process demo and
// its built-in shops): a menu click lands on a category page with products, page 2 and
// the price order work through their links, the navigation bar's search finds a product
// by a word of its name, and a content page shows its body. No layout shift on the way;
// a screenshot per backend and width. On the fake store, a category is reached from the
// home page's chips (its menu is in-memory's).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { ARTIFACTS, DESKTOP, MOBILE, installShiftObserver, launchBrowser, newPage, settled, startAll, switchTo } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startAll({ name: "listing" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

/** The grid once it shows the page its URL asks for (not the previous one kept on screen). */
async function gridReady(page) {
  await page.locator(".product-grid:not(.busy) .product-card a").first().waitFor();
  await settled(page);
}

const prices = (page) =>
  page.locator(".product-card .card-price").evaluateAll((els) => els.map((e) => Number(e.textContent.replace(/[^0-9.]/g, ""))));
const names = (page) => page.locator(".product-card .card-name").allTextContents();

const backends = [
  { driver: "in-memory", category: "Computers", total: 27, content: "/pages/about-us", heading: "About us" },
  // The demo shop's generated Gear products are visible in the catalogue only, not in
  // search (Magento's visibility), so its search looks for a searchable one.
  { driver: "magento", category: "Gear", total: 28, content: "/about-us", heading: "About us", search: ["Duffle", "Joust Duffle Bag"] },
  { driver: "shopify", category: "Snowboards", total: 27, content: "/pages/about", heading: "About us" },
];

for (const viewport of [DESKTOP, MOBILE]) {
  for (const b of backends) {
    test(`${b.driver} at ${viewport.width}px: menu → category, page 2, price order, search, content page`, async () => {
      const page = await newPage(browser, { viewport });
      await installShiftObserver(page);
      await page.goto(suite.base + "/");
      await page.locator(".menu-list a").first().waitFor({ state: "attached" });
      if (b.driver !== "in-memory") await switchTo(page, b.driver);

      // A menu click (through the side panel below 768px).
      if (viewport === MOBILE) await page.getByRole("button", { name: "Open menu" }).click();
      await page.locator(".menu-list > li > a", { hasText: b.category }).first().click();
      await page.getByRole("heading", { level: 1, name: b.category }).waitFor();
      await gridReady(page);
      assert.equal(await page.locator(".listing-count").textContent(), `${b.total} products`);
      assert.equal(await page.locator(".product-card").count(), 24, "a full first page");
      assert.equal(await page.evaluate(() => window.__shifts), 0, "no layout shift from home to the category");
      await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", `category-${b.driver}-${viewport.width}.png`) });
      const featured = await names(page);

      // The price order, through its link; paging keeps it.
      await page.getByRole("link", { name: "Price: low to high" }).click();
      await page.waitForURL((u) => u.searchParams.get("sort") === "price_asc");
      await page.locator('.sort-links a[aria-current="true"]', { hasText: "Price: low to high" }).waitFor();
      await gridReady(page);
      const ordered = await names(page);
      assert.notDeepEqual(ordered, featured, "sorting by price reorders the grid");
      // The cheapest end: a bundle shows its highest price but Magento orders it by its
      // lowest, so only the first cards are compared on every backend.
      const cheapest = (await prices(page)).slice(0, 8);
      assert.deepEqual(cheapest, [...cheapest].sort((x, y) => x - y), `ascending: ${cheapest}`);

      await page.getByRole("link", { name: "Next" }).click();
      await page.waitForURL((u) => u.searchParams.get("page") === "2" && u.searchParams.get("sort") === "price_asc");
      await page.locator('.pager a[aria-current="page"]', { hasText: "2" }).waitFor();
      await gridReady(page);
      assert.equal(await page.locator(".product-card").count(), b.total - 24, "page 2 holds the rest");
      assert.ok((await names(page)).every((n) => !ordered.includes(n)), "page 2 shows other products");
      await page.goBack();
      await page.locator('.pager a[aria-current="page"]', { hasText: "1" }).waitFor();

      // Search by a word of a product's name, from the navigation bar.
      // Its rarest word among the listed names, so the product is on the results' first
      // page (a word every product shares, "Snowboard", matches more than a page).
      const wanted = b.search?.[1] ?? ordered[0];
      const sharing = (w) => ordered.filter((n) => n.toLowerCase().includes(w.toLowerCase())).length;
      const rarest = wanted.split(/\s+/).filter((w) => w.length > 3).sort((x, y) => sharing(x) - sharing(y))[0];
      const word = b.search?.[0] ?? rarest ?? wanted;
      const box = page.getByRole("searchbox", { name: "Search products" });
      await box.fill(word.toLowerCase());
      await box.press("Enter");
      await page.waitForURL((u) => u.pathname === "/search" && u.searchParams.get("q") === word.toLowerCase());
      // The results' own heading first: until it shows, the category's grid may still be there.
      await page.getByRole("heading", { level: 1, name: `Results for “${word.toLowerCase()}”` }).waitFor();
      await gridReady(page);
      assert.ok((await names(page)).includes(wanted), `searching "${word}" finds "${wanted}"`);
      await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", `search-${b.driver}-${viewport.width}.png`) });

      await page.goto(suite.base + b.content);
      await page.getByRole("heading", { level: 1, name: b.heading }).waitFor();
      assert.ok((await page.locator(".content-body").textContent()).length > 10, "the page's body");
      assert.equal(await page.locator(".content-body script").count(), 0, "sanitised");
      await page.close();
    });
  }
}

test("fake: a category page from the home page's chips", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/");
  await page.locator(".menu-list a").first().waitFor();
  await switchTo(page, "fake");
  const chip = page.locator('.category-list a[href^="/category/"]').first();
  await chip.waitFor();
  const name = await chip.textContent();
  await chip.click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  await gridReady(page);
  assert.ok((await page.locator(".product-card").count()) > 0, "the category's products");
  await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", "category-fake-1280.png") });
  await page.close();
});

test("a category page is reachable by keyboard: search box, sort links, products and pages", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/computers");
  await gridReady(page);
  const reached = new Set();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    reached.add(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (el.matches(".search-form input")) return "search";
        if (el.closest(".sort-links")) return "sort";
        if (el.closest(".product-card")) return "product";
        if (el.closest(".pager")) return el.textContent === "Next" ? "next" : "pager";
        return "other";
      }),
    );
  }
  for (const part of ["search", "sort", "product"]) assert.ok(reached.has(part), `${part} reached by Tab: ${[...reached]}`);
  // Past 24 cards the pager is further than 60 tabs; from the last card it is next.
  await page.locator(".product-card a").last().focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  assert.ok(await page.evaluate(() => document.activeElement.closest(".pager") !== null), "the pager follows the grid");
  await page.close();
});
