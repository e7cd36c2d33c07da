// axe-core on home, product, not-found, category, search, content and cart pages: no serious or critical violation.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { DESKTOP, MOBILE, launchBrowser, newContext, startSuite } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startSuite({ name: "a11y" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

const pages = [
  ["home", "/", ".product-card a"],
  ["product", "/1001", "h1.product-name"],
  ["not-found", "/no-such-thing", ".not-found h1"],
  ["category", "/computers", ".product-grid:not(.busy) .product-card a"],
  ["search", "/search?q=shirt", ".product-grid:not(.busy) .product-card a"],
  ["content", "/pages/about-us", ".content-page h1"],
  // The empty cart (with a line: cart.test.mjs).
  ["cart", "/cart", ".cart-empty"],
];

for (const viewport of [DESKTOP, MOBILE]) {
  for (const [name, path, ready] of pages) {
    test(`${name} at ${viewport.width}px has no serious or critical axe violation`, async () => {
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      await page.goto(suite.base + path);
      await page.locator(ready).first().waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), []);
      await context.close();
    });
  }
}
