// issue 20 §4: the edge writes React's own markup (the SSR bundle in QuickJS, `ssr.rs`) and
// the browser hydrates it. A development build of the client reports what hydration could
// not reuse (React's warnings, and main.tsx's `onRecoverableError` hook,
// `window.__vitrineHydrationErrors`): on every page type, at desktop and phone widths,
// there must be none, and no console error at all.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { DESKTOP, MOBILE, launchBrowser, newPage, settled, startSuite } from "./suite.mjs";

const frontend = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// Beside dist-ssr/, where the edge looks for the SSR bundle (`<static dir>/../dist-ssr/`).
const DEV_BUILD = resolve(frontend, "dist-dev");

let suite, browser, paths;
before(async () => {
  assert.ok(existsSync(resolve(frontend, "dist-ssr/entry-server.js")), "the SSR bundle: run `npm run build` first");
  // React's development build: it checks every node it hydrates and says what differs.
  await promisify(execFile)(resolve(frontend, "node_modules/.bin/vite"), ["build", "--mode", "development", "--outDir", DEV_BUILD], {
    cwd: frontend,
    env: { ...process.env, NODE_ENV: "development" },
  });
  suite = await startSuite({ name: "hydration", env: { VITRINE_STATIC_DIR: DEV_BUILD } });
  browser = await launchBrowser();
  const category = (await (await fetch(`${suite.base}/api/navigation`)).json()).children[0].url;
  const product = await (await fetch(`${suite.base}/api/products/1001`)).json();
  const word = product.products[0].name.split(" ").at(-1);
  paths = {
    home: "/",
    product: "/1001",
    category,
    "category page 2 sorted": `${category}?page=2&sort=name`,
    search: `/search?q=${encodeURIComponent(word)}`,
    content: "/pages/about-us",
    "not found": "/no-such-aisle",
    // Loaded apart from the app's script, rendered by the edge, hydrated in one pass.
    cart: "/cart",
  };
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

/** The page as the edge sends it, before any script. */
async function served(path) {
  const res = await fetch(suite.base + path);
  return { status: res.status, html: await res.text() };
}

/**
 * Loads `path` in a development build at `viewport`, waits until React owns the page and
 * it has settled; returns the hydration errors and console errors it met.
 */
async function hydrate(path, viewport, { rewrite } = {}) {
  const page = await newPage(browser, { viewport });
  if (rewrite) {
    await page.route(suite.base + path, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: rewrite(await res.text()) });
    });
  }
  const consoleErrors = [];
  page.on("console", (m) => {
    // The browser's own line for a 404 document is the not-found page's status, not an error of the app.
    if (m.type() === "error" && !/status of 404/.test(m.text())) consoleErrors.push(m.text());
  });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  await page.goto(suite.base + path);
  // React has taken the root over: its first element carries React's fiber.
  await page.waitForFunction(() => {
    const el = document.querySelector("#root > *");
    return el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  });
  await settled(page);
  const hydrationErrors = await page.evaluate(() => window.__vitrineHydrationErrors ?? []);
  await page.close();
  return { hydrationErrors, consoleErrors };
}

test("every page type hydrates the edge's markup without a mismatch or a console error", async () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    for (const [type, path] of Object.entries(paths)) {
      const where = `${type} (${path}) at ${viewport.width}px`;
      const { html } = await served(path);
      assert.match(html, /<div id="root"><header class="navbar">/, `${where}: the edge wrote React's markup`);
      const { hydrationErrors, consoleErrors } = await hydrate(path, viewport);
      assert.deepEqual(hydrationErrors, [], `${where}: hydration errors`);
      assert.deepEqual(consoleErrors, [], `${where}: console errors`);
    }
  }
});

test("the edge's markup is the page's: its heading, its status", async () => {
  // (Moved from services/edge/tests/pages.rs, whose edge runs without a built frontend.)
  const product = await (await fetch(`${suite.base}/api/products/1001`)).json();
  const name = product.products[0].name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const page = await served(paths.product);
  assert.ok(page.html.includes(`<h1 class="product-name">${name}</h1>`), "the product's name");
  const category = await (await fetch(`${suite.base}/api/page?url=${encodeURIComponent(paths.category)}`)).json();
  const listing = await served(paths.category);
  assert.ok(listing.html.includes(`<h1 id="listing-heading">${category.category.category.name}</h1>`), "the category's heading");
  assert.equal((await served(paths["not found"])).status, 404);
});

test("the driver select waits for React: disabled in the edge's markup, enabled once hydrated", async () => {
  // A choice made on the markup before React owns it would have no handler to hear it.
  const home = await served(paths.home);
  assert.match(home.html, /<select id="driver-select" disabled=""/);
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + paths.home);
  await page.waitForFunction(() => document.querySelector("#driver-select")?.disabled === false);
  await page.close();
});

test("a mismatch is caught: markup that is not React's render is reported", async () => {
  // The control: the same check sees a server render that differs from the browser's.
  const { hydrationErrors, consoleErrors } = await hydrate(paths.content, DESKTOP, {
    rewrite: (html) => html.replace('<a class="brand" href="/" data-discover="true">Vitrine</a>', '<a class="brand" href="/" data-discover="true">Vitrina</a>'),
  });
  assert.ok(hydrationErrors.length > 0, "the hook saw the mismatch");
  assert.ok(consoleErrors.length > 0, "React logged it");
});
