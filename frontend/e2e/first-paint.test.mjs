// issue 12: a page loaded directly paints from the data the edge inlined (no request for
// it), without a layout shift, and the head the edge wrote is the page's; a client-side
// navigation then fetches the next page and brings the head (title, canonical, JSON-LD)
// in line with it.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DESKTOP, installShiftObserver, jsonLd, launchBrowser, newPage, settled, startSuite } from "./suite.mjs";

let suite, browser, category;
before(async () => {
  suite = await startSuite({ name: "first-paint" });
  browser = await launchBrowser();
  // in-memory's first top-level category, as the menu lists it.
  category = (await (await fetch(`${suite.base}/api/navigation`)).json()).children[0];
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

/** Every /api/* request the page makes, as path and query. */
function apiRequests(page) {
  const seen = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) seen.push(url.pathname + url.search);
  });
  return seen;
}

/** The edge's answer for a storefront path, as the SPA asks for it. */
async function pageData(path) {
  return (await fetch(`${suite.base}/api/page?url=${encodeURIComponent(path)}`)).json();
}

/**
 * Loads `path` directly and checks that the first paint asked for none of `inlined` (the
 * data the edge inlines for it) and did not shift; `shown` waits for the page's content.
 */
async function loadDirectly(path, inlined, shown) {
  const page = await newPage(browser, { viewport: DESKTOP });
  await installShiftObserver(page);
  const requests = apiRequests(page);
  await page.goto(suite.base + path);
  await shown(page);
  await settled(page);
  assert.deepEqual(requests.filter((r) => inlined.includes(r.split("?")[0])), [], `${path}: inlined data fetched again`);
  assert.equal(await page.evaluate(() => window.__shifts), 0, `${path}: no layout shift`);
  return page;
}

/** Clicks `link` (a client-side navigation to `path`, named `name`) and checks the head follows. */
async function navigateAndCheckHead(page, link, path, name) {
  const before = await page.title();
  const fetched = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/page");
  await link.click();
  assert.equal(new URL((await fetched).url()).searchParams.get("url"), path, "the next page is fetched");
  await page.getByRole("heading", { level: 1, name }).waitFor();
  const { head } = await pageData(path);
  await page.waitForFunction((href) => document.querySelector('link[rel="canonical"]')?.getAttribute("href") === href, head.canonical);
  assert.equal(await page.title(), head.title);
  assert.notEqual(head.title, before, "the title changed");
  const ld = await jsonLd(page);
  assert.deepEqual(ld, head.json_ld, "the JSON-LD is the next page's, once");
  assert.ok(ld.some((o) => o.name === name), `a JSON-LD object names ${name}`);
}

const PAGE_DATA = ["/api/page", "/api/navigation", "/api/driver"];
const firstMenuLink = (page) => page.locator(".menu-list > li > a").first();

test("a product loaded directly fetches none of its data; a menu click loads a category's head", async () => {
  const { product } = await pageData("/1001");
  const name = product.products[0].name;
  const page = await loadDirectly("/1001", PAGE_DATA, (p) => p.getByRole("heading", { level: 1, name }).waitFor());
  assert.ok((await jsonLd(page)).some((o) => o["@type"] === "Product" && o.name === name), "the edge's Product JSON-LD");
  await navigateAndCheckHead(page, firstMenuLink(page), category.url, category.name);
  await page.close();
});

test("a category loaded directly fetches none of its data; a product card loads the product's head", async () => {
  const page = await loadDirectly(category.url, PAGE_DATA, async (p) => {
    await p.getByRole("heading", { level: 1, name: category.name }).waitFor();
    await p.locator(".product-grid:not(.busy) .product-card a").first().waitFor();
  });
  const card = page.locator(".product-grid .product-card a").first();
  const [href, name] = [await card.getAttribute("href"), await card.locator(".card-name").textContent()];
  await navigateAndCheckHead(page, card, href, name);
  await page.close();
});

test("the home page loaded directly fetches none of its data; a menu click loads a category's head", async () => {
  const page = await loadDirectly("/", [...PAGE_DATA, "/api/products/best-sellers", "/api/categories"], async (p) => {
    await p.locator(".product-card a").first().waitFor();
    await p.locator(".category-list a").first().waitFor();
  });
  await navigateAndCheckHead(page, firstMenuLink(page), category.url, category.name);
  await page.close();
});
