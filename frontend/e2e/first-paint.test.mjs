// A page loaded directly paints from the data the edge inlined (no request for
// it), without a layout shift, and the head the edge wrote is the page's; a client-side
// navigation then fetches the next page and brings the head (title, canonical, JSON-LD)
// in line with it.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DESKTOP, MOBILE, installShiftObserver, jsonLd, launchBrowser, newPage, settled, startSuite } from "./suite.mjs";

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

/**
 * The title and the head's `data-head` elements (tag, attributes, text), in no order:
 * what a crawler or a link preview reads. JSON-LD is compared as the data it is (the
 * edge writes 277.0 where JavaScript writes 277).
 */
async function headOf(page) {
  return page.evaluate(() => ({
    title: document.title,
    tags: [...document.head.querySelectorAll("[data-head]")]
      .map((el) => {
        const attributes = [...el.attributes].filter((a) => a.name !== "data-head").map((a) => `${a.name}=${a.value}`);
        const json = el.getAttribute("type") === "application/ld+json";
        const text = json ? JSON.stringify(JSON.parse(el.textContent)) : el.textContent;
        return [el.tagName.toLowerCase(), ...attributes.sort(), text].join(" ");
      })
      .sort(),
  }));
}

/**
 * Clicks `link` (a client-side navigation to `path`, named `name`) and checks the head
 * follows: the SPA's `seo/head.ts` swaps in the tags the edge wrote for `path` (its one
 * writer, `head/tags.rs`, in `/api/page`'s `head_html`), tag for tag as a direct load has them.
 */
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
  const direct = await newPage(browser, { viewport: DESKTOP });
  await direct.goto(suite.base + path);
  const written = await headOf(direct);
  await direct.close();
  assert.ok(written.tags.length >= 8, `${path}: the edge wrote its head (${written.tags.length} tags)`);
  assert.deepEqual(await headOf(page), written, `${path}: the head after a client-side navigation is the edge's`);
}

const PAGE_DATA = ["/api/page", "/api/navigation", "/api/driver"];
const firstMenuLink = (page) => page.locator(".menu-list > li > a").first();

test("a product loaded directly fetches none of its data; a menu click loads a category's head", async () => {
  const { product } = await pageData("/1001");
  const name = product.products[0].name;
  const page = await loadDirectly("/1001", PAGE_DATA, (p) => p.getByRole("heading", { level: 1, name }).waitFor());
  // 1001 comes in sizes and colours: its structured data is a ProductGroup.
  assert.ok((await jsonLd(page)).some((o) => o["@type"] === "ProductGroup" && o.name === name), "the edge's ProductGroup JSON-LD");
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

/**
 * The elements under #root, each named by its place (tags and child indices from the
 * root), with its classes, attributes that point somewhere, folded text (leaves only) and
 * box. Runs in the page.
 */
function layout() {
  const out = [];
  const walk = (element, path) => {
    [...element.children].forEach((child, i) => {
      const at = `${path}/${child.tagName.toLowerCase()}[${i}]`;
      const box = child.getBoundingClientRect();
      out.push({
        at,
        classes: [...child.classList],
        href: child.getAttribute("href"),
        src: child.getAttribute("src"),
        alt: child.getAttribute("alt"),
        text: child.children.length ? null : child.textContent.replace(/\s+/g, " ").trim(),
        box: [box.x, box.y, box.width, box.height].map(Math.round),
      });
      walk(child, at);
    });
  };
  walk(document.getElementById("root"), "");
  return out;
}

/**
 * The first paint is React's own markup, rendered by the edge (`ssr.rs`, issue 20 §4), and
 * the browser hydrates it. This holds the page without scripts to the page once the app
 * has taken over: every element the edge writes is where React puts the same element,
 * with the same classes, links, image, text and place (with hydration they are the same
 * nodes, so a difference would be a mismatch React had to repair).
 */
async function assertPaintIsReacts(path, viewport) {
  const painted = await browser.newContext({ viewport, javaScriptEnabled: false });
  const paintPage = await painted.newPage();
  assert.equal((await paintPage.goto(suite.base + path)).status(), 200, path);
  await paintPage.locator("#root main").waitFor();
  await paintPage.evaluate(() => document.fonts.ready);
  const paint = await paintPage.evaluate(layout);
  await painted.close();
  assert.ok(paint.length >= 6, `${path}: the edge wrote a first paint (${paint.length} elements)`);

  const page = await newPage(browser, { viewport });
  await page.goto(suite.base + path);
  // React has rendered once the menu (absent from the paint) is there.
  await page.locator(".menu-list a").first().waitFor({ state: "attached" });
  await settled(page);
  const rendered = new Map((await page.evaluate(layout)).map((e) => [e.at, e]));
  await page.close();

  const where = `${path} at ${viewport.width}px`;
  for (const written of paint) {
    const react = rendered.get(written.at);
    assert.ok(react, `${where}: React has no element at ${written.at} (${written.classes.join(".")})`);
    const what = `${where}: ${written.at} (${written.classes.join(".")})`;
    assert.deepEqual(written.classes.filter((c) => !react.classes.includes(c)), [], `${what}: classes`);
    for (const attribute of ["href", "src", "alt"]) assert.equal(react[attribute], written[attribute], `${what}: ${attribute}`);
    const placeholder = written.text === "" && react.text !== "";
    if (written.text !== null && !placeholder) assert.equal(react.text, written.text, `${what}: text`);
    // A container's height is its content's, and React's holds more (every card, the
    // parts the paint leaves out): its place and width must match, a leaf's whole box.
    const [x, y, width, height] = written.box;
    const container = written.text === null;
    const box = [x, y, placeholder ? react.box[2] : width, container ? react.box[3] : height];
    assert.deepEqual(react.box, box, `${what}: box`);
  }
}

test("the first paint is React's own layout: every written element where React puts it, on every page type", async () => {
  const { product } = await pageData("/1001");
  const word = product.products[0].name.split(" ").at(-1);
  for (const viewport of [DESKTOP, MOBILE]) {
    const sorted = `${category.url}?page=2&sort=name`;
    for (const path of ["/", "/1001", category.url, sorted, `/search?q=${encodeURIComponent(word)}`, "/pages/about-us"]) {
      await assertPaintIsReacts(path, viewport);
    }
  }
});

/** Whether React has taken over `selector`'s element (hydrated it or rendered it). */
const ownedByReact = (page, selector) =>
  page.waitForFunction((s) => {
    const el = document.querySelector(s);
    return el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  }, selector);

test("words typed into the written page's search box before the app takes over stay, with the focus", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  // The app's script is held until the visitor has typed: the page is the edge's alone.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(suite.base + "/1001");
  // The edge writes React's own box (hydrated, so the app keeps this very node).
  const written = page.locator(".search-form input");
  await written.click();
  await written.pressSequentially("blue shirt");
  release();
  await page.locator("#driver-select").waitFor({ state: "attached" });
  await ownedByReact(page, ".search-form input");
  const box = page.locator(".search-form input");
  assert.equal(await page.locator("#search-box").count(), 0, "the app's box replaced the written one");
  assert.equal(await box.inputValue(), "blue shirt");
  assert.equal(await box.evaluate((el) => document.activeElement === el), true, "the focus came along");
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "blue shirt");
  await page.close();
});
