// issue 24 in a real browser through the one-process demo (its debug tools on): the
// debug bar's Timings panel (its own chunk, loaded on opening) shows the page's and each
// API call's Server-Timing as a waterfall with the trace and "Open in Jaeger"; the Faults
// panel injects 800 ms into in-memory for this visitor, whose next API calls show it in
// their timings, while another visitor's do not. All by keyboard; nothing shifts; axe
// finds nothing serious.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { DESKTOP, MOBILE, installShiftObserver, launchBrowser, newPage, settled, startAll } from "./suite.mjs";

const JAEGER = "http://jaeger.test:16686";

let suite, browser;
before(async () => {
  suite = await startAll({ name: "timings", env: { VITRINE_JAEGER_UI_URL: JAEGER } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

/** Opens the debug bar's `name` panel from the keyboard and waits for its region. */
async function openPanel(page, name) {
  await page.waitForFunction((label) => [...document.querySelectorAll(".debug-toggle")].some((b) => b.textContent === label && !b.disabled), name);
  await page.getByRole("button", { name, exact: true }).focus();
  await page.keyboard.press("Enter");
  const region = page.getByRole("region", { name, exact: true });
  await region.waitFor();
  return region;
}

/** Goes home through the store name (a client-side navigation: the SPA's own API calls). */
async function goHome(page) {
  await page.getByRole("link", { name: "Vitrine" }).click();
  await page.getByRole("heading", { name: "Best sellers" }).waitFor();
  // Cards, not their placeholders: the fetcher has the answer (and its timings) by then.
  await page.locator(".home .product-card:not(.placeholder)").first().waitFor();
}

/** The text of every upstream row of the API calls the panel lists. */
async function upstreamRows(page) {
  const region = await openPanel(page, "Timings");
  const calls = region.locator(".timings-calls");
  await calls.waitFor();
  await calls.locator("details").evaluateAll((all) => all.forEach((d) => (d.open = true)));
  const rows = await calls.locator('li[data-name="upstream"]').allTextContents();
  await page.keyboard.press("Escape");
  return rows;
}

for (const viewport of [DESKTOP, MOBILE]) {
  test(`the timings panel shows the page's hops, its trace and Jaeger's link (${viewport.width}px)`, async () => {
    const page = await newPage(browser, { viewport });
    await installShiftObserver(page);
    const res = await page.goto(`${suite.base}/1001`);
    const header = res.headers()["server-timing"];
    assert.match(header, /^edge;dur=/, "the page's own Server-Timing");
    await settled(page);
    const chunks = () => page.evaluate(() => performance.getEntriesByType("resource").filter((r) => r.name.includes("debugPanels")).length);
    assert.equal(await chunks(), 0, "the panel's chunk is not part of the first paint");

    const region = await openPanel(page, "Timings");
    const pageRows = region.locator('section[aria-labelledby="timings-page"] li.timing-row');
    await pageRows.first().waitFor();
    // Counted once the panel shows (the region opens with its fallback before the chunk is in).
    assert.equal(await chunks(), 1, "loaded on opening");
    const names = await pageRows.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-name")));
    for (const name of ["edge", "edge-cache"]) assert.ok(names.includes(name), `${name} in ${names}`);
    const trace = header.match(/traceparent;desc="00-([0-9a-f]{32})-/)[1];
    assert.equal(await region.locator(".timings-meta code").first().textContent(), trace, "the trace id");
    const jaeger = region.getByRole("link", { name: /Open in Jaeger/ }).first();
    assert.equal(await jaeger.getAttribute("href"), `${JAEGER}/trace/${trace}`);

    const shifted = await page.evaluate(() => window.__shifts ?? 0);
    assert.equal(shifted, 0, "opening the panel moves nothing");
    const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => ["serious", "critical"].includes(v.impact));
    assert.deepEqual(serious.map((v) => v.id), [], "axe: nothing serious");
    await page.keyboard.press("Escape");
    await region.waitFor({ state: "detached" });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Timings", "the focus is back on the toggle");
    await page.close();
  });
}

test("latency injected for one visitor shows in their timings only", async () => {
  const a = await newPage(browser, { viewport: DESKTOP });
  await a.goto(`${suite.base}/1001`);
  await settled(a);
  const faults = await openPanel(a, "Faults");
  // The backends offered are the edge's (no list in the SPA): the newest, Vendure, among them.
  const offered = () => faults.getByLabel("Backend").locator("option").evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  await a.waitForFunction(() => document.querySelectorAll(".faults-form select option").length > 1);
  const listed = (await (await fetch(`${suite.base}/api/debug/faults`)).json()).backends.map((b) => [b.value, b.label]);
  assert.deepEqual(await offered(), listed, "the faults panel offers the edge's backends");
  assert.ok(listed.some(([value, label]) => value === "vendure" && label === "Vendure"), `Vendure among ${listed}`);
  assert.ok(listed.some(([value, label]) => value === "magento" && label === "Magento / Mage-OS"), "a fault names a backend");
  await faults.getByLabel("Backend").selectOption("in-memory");
  await faults.getByLabel("Latency (ms)").fill("800");
  await faults.getByRole("button", { name: "Apply" }).click();
  await faults.getByText("in-memory: +800 ms on your requests (for an hour).").waitFor();
  await a.keyboard.press("Escape");
  await goHome(a);
  const injected = (await upstreamRows(a)).filter((row) => row.includes("injected"));
  assert.ok(injected.length > 0, `A's calls show the injected latency: ${await upstreamRows(a)}`);

  const b = await newPage(browser, { viewport: DESKTOP });
  await b.goto(`${suite.base}/1001`);
  await settled(b);
  await goHome(b);
  const rows = await upstreamRows(b);
  assert.ok(!rows.some((row) => row.includes("injected")), `B's calls do not: ${rows}`);

  // Clearing it ends it.
  const again = await openPanel(a, "Faults");
  await again.getByRole("button", { name: "Clear" }).click();
  await again.getByText("Nothing injected.").waitFor();
  await a.close();
  await b.close();
});
