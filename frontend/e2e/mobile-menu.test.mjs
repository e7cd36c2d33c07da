// Below 768px: the hamburger opens a 300px side panel over an overlay; the overlay and
// a link close it (spec §2, §9).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { MOBILE, launchBrowser, newPage, startSuite } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startSuite({ name: "mobile" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

test("at 375px the panel opens, the overlay closes it, a link closes it", async () => {
  const page = await newPage(browser, { viewport: MOBILE });
  await page.goto(suite.base + "/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.waitFor();
  await page.locator(".menu-list a").first().waitFor({ state: "attached" });
  assert.equal(await page.locator("#main-menu").isVisible(), false, "closed at first");

  await toggle.click();
  const panel = page.locator("#main-menu");
  await panel.waitFor({ state: "visible" });
  await page.waitForFunction(() => getComputedStyle(document.querySelector("#main-menu")).transform === "none");
  const box = await panel.boundingBox();
  assert.equal(Math.round(box.width), 300, "spec §9: 300px panel");
  assert.equal(Math.round(box.x), 0);
  const overlay = page.getByTestId("menu-overlay");
  assert.ok(await overlay.isVisible(), "overlay shown");

  await overlay.click({ position: { x: 350, y: 400 } });
  await panel.waitFor({ state: "hidden" });
  assert.equal(await overlay.count(), 0);

  await page.getByRole("button", { name: "Open menu" }).click();
  await panel.waitFor({ state: "visible" });
  const link = panel.locator(".menu-list > li > a").first();
  const href = await link.getAttribute("href");
  await link.click();
  await panel.waitFor({ state: "hidden" });
  assert.equal(new URL(page.url()).pathname, href);
  await page.close();
});
