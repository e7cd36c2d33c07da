// issue 24, the evaluator's side, in a real browser through the one-process demo (its
// debug tools on) and its built-in shops: /debug/compare is written by the edge with its
// own title, not to be indexed; "Compare backends" (by keyboard) reads every enabled
// backend and shows each one's median and 95th percentile in the table and as bars.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { MOBILE, launchBrowser, newPage, settled, startAll } from "./suite.mjs";

let suite, browser;
before(async () => {
  suite = await startAll({ name: "compare" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

test("the compare page shows every enabled backend's median and p95", async () => {
  const page = await newPage(browser, { viewport: MOBILE });
  const res = await page.goto(`${suite.base}/debug/compare`);
  assert.equal(res.status(), 200);
  assert.equal(res.headers()["x-robots-tag"], "noindex");
  assert.equal(await page.title(), "Compare backends");
  await settled(page);

  const drivers = await (await fetch(`${suite.base}/api/driver`)).json();
  const backends = new Set(drivers.options.filter((o) => o.enabled).map((o) => (o.value === "mageos" ? "magento" : o.value)));

  assert.ok(backends.has("vendure"), `the demo's Vendure shop is enabled: ${[...backends]}`);
  const button = page.getByRole("button", { name: "Compare backends" });
  await button.focus();
  await page.keyboard.press("Enter");
  const table = page.getByRole("table");
  await table.waitFor({ timeout: 90_000 });
  for (const driver of backends) {
    const row = table.locator(`tr[data-driver="${driver}"]`);
    const cells = await row.locator("td").allTextContents();
    assert.ok(cells.length >= 2 && /^\d/.test(cells[0]) && /^\d/.test(cells[1]), `${driver}: median and p95 ${cells}`);
    const bar = page.locator(`.compare-bars li[data-driver="${driver}"]`);
    assert.match(await bar.locator(".compare-bar-figure").textContent(), /^\d[\d.]* \/ \d[\d.]* ms$/, driver);
    assert.ok((await bar.locator(".compare-bar").boundingBox()).width > 0, `${driver}: a bar`);
  }
  assert.equal(await table.locator("tbody tr").count(), backends.size, "one row per enabled backend");
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => ["serious", "critical"].includes(v.impact));
  assert.deepEqual(serious.map((v) => v.id), [], "axe: nothing serious");
  await page.close();
});
