// Desktop navigation bar: dropdowns on hover and on keyboard focus.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DESKTOP, launchBrowser, newPage, startSuite } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startSuite({ name: "navbar" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

test("at 1280px a category's children drop down on hover and on focus", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/");
  const parent = page.locator(".menu-list > li.has-children").first();
  await parent.waitFor();
  const dropdown = parent.locator(".dropdown");
  assert.equal(await dropdown.isVisible(), false, "hidden until hovered");
  await parent.locator("> a").hover();
  await dropdown.waitFor({ state: "visible" });
  const links = await dropdown.locator("a").count();
  assert.ok(links >= 1 && links <= 3, `1 to 3 child links, got ${links}`);
  await page.mouse.move(1200, 700);
  await dropdown.waitFor({ state: "hidden" });
  await parent.locator("> a").focus();
  await dropdown.waitFor({ state: "visible" });
  assert.equal(await page.locator(".hamburger").isVisible(), false, "no hamburger on desktop");
  await page.close();
});

test("the store name links home", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/1001");
  await page.locator("h1.product-name").waitFor();
  await page.getByRole("link", { name: "Vitrine" }).click();
  await page.getByRole("heading", { name: "Best sellers" }).waitFor();
  assert.equal(new URL(page.url()).pathname, "/");
  await page.close();
});
