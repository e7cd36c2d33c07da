// With the menu's source failing: 'Error loading menu', then Retry recovers (spec §2, §4).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DESKTOP, launchBrowser, newPage, startSuite } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startSuite({ name: "menu-error", mock: false });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

test("the menu fails while mock-data is down, and Retry loads it once it is up", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/");
  await page.getByText("Error loading menu").waitFor();
  assert.equal(await page.getByText("Loading...").count(), 0);
  await suite.startMock();
  await page.getByRole("button", { name: "Retry" }).click();
  await page.locator(".menu-list > li > a").first().waitFor();
  assert.equal(await page.getByText("Error loading menu").count(), 0);
  await page.close();
});
