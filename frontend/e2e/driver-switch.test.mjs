// The debug bar: a switch reloads the menu and the pages; other tabs follow (SSE, and the
// browser's own channel between tabs).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DESKTOP, launchBrowser, newContext, newPage, startSuite } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startSuite({ name: "driver" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

test("the debug bar lists every driver, medusa and vendure disabled as coming soon", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/");
  const select = page.getByLabel("Driver");
  await page.waitForFunction(() => document.querySelector("#driver-select")?.disabled === false);
  assert.equal(await select.inputValue(), "in-memory");
  const options = await select.locator("option").evaluateAll((os) => os.map((o) => [o.value, o.disabled, o.textContent]));
  assert.deepEqual(options.map((o) => o[0]), ["in-memory", "fake", "magento", "mageos", "shopify", "medusa", "vendure"]);
  // Offered only where configured: the compose topology points neither at a shop.
  for (const name of ["medusa", "vendure"]) {
    const option = options.find((o) => o[0] === name);
    assert.equal(option[1], true, `${name} disabled`);
    assert.match(option[2], /coming soon/i);
  }
  await page.close();
});

test("switching the driver reloads the menu, and the session's other tab follows", async () => {
  const context = await newContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  const other = await context.newPage();
  // Neither tab has a session yet (issue 21: none before there is something to keep), so
  // neither stream follows one: the first switch issues the session, and the other tab
  // hears of it from this browser's announcement (BroadcastChannel).
  await page.goto(suite.base + "/");
  await page.waitForFunction(() => document.querySelector("#driver-select")?.disabled === false);
  await other.goto(suite.base + "/");
  await page.locator(".menu-list a").first().waitFor();
  await other.locator(".menu-list a").first().waitFor();
  // Without a session a tab opens no event stream: there is nothing to follow yet.
  assert.equal(await other.evaluate(() => document.documentElement.dataset.driverEvents), undefined);
  // The PUT's answer (and, in the other tab, the event) is the new driver: no GET after.
  const driverGets = [];
  for (const tab of [page, other]) {
    tab.on("request", (r) => r.method() === "GET" && new URL(r.url()).pathname === "/api/driver" && driverGets.push(r.url()));
  }

  // magento has no client configured in this suite: the reload shows the menu's error state.
  const reload = page.waitForResponse((r) => r.url().endsWith("/api/navigation"));
  await page.getByLabel("Driver").selectOption("magento");
  assert.equal((await reload).status(), 503);
  await page.getByText("Error loading menu").waitFor();
  await other.getByText("Error loading menu").waitFor();
  assert.equal(await other.getByLabel("Driver").inputValue(), "magento");
  assert.deepEqual(driverGets, []);
  // Both tabs now know of the session, and follow its stream too.
  for (const tab of [page, other]) {
    await tab.waitForFunction(() => document.documentElement.dataset.driverEvents === "open");
  }

  // Back to in-memory: everything loads again, in both tabs.
  await page.getByLabel("Driver").selectOption("in-memory");
  await page.locator(".menu-list a").first().waitFor();
  await other.locator(".menu-list a").first().waitFor();
  await context.close();
});

test("fake serves the in-memory menu and medusa cannot be selected", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(suite.base + "/");
  await page.locator(".menu-list a").first().waitFor();
  const before = await page.locator(".menu-list > li > a").allTextContents();
  const reload = page.waitForResponse((r) => r.url().endsWith("/api/navigation"));
  await page.getByLabel("Driver").selectOption("fake");
  assert.equal((await reload).status(), 200);
  await page.locator(".menu-list a").first().waitFor();
  assert.deepEqual(await page.locator(".menu-list > li > a").allTextContents(), before);
  const res = await page.evaluate(async () => {
    const r = await fetch("/api/driver", { method: "PUT", headers: { "content-type": "application/json" }, body: '{"driver":"medusa"}' });
    return r.json();
  });
  assert.equal(res.driver, "fake");
  assert.match(res.notice, /coming soon/);
  await page.close();
});
