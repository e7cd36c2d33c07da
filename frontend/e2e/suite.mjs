// Starts the real suite for browser tests: redis-server and every service of
// docker-compose.yml as its own `vitrine` process (the production topology, through
// topology.mjs), serving the built SPA from dist/.
// Nothing is mocked: the browser talks to the edge, which talks gRPC to the services.

import { mkdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { chromium } from "playwright-core";
import { startProcess } from "./processes.mjs";
import { BIN, COMPOSE_FILE, startTopology, throwawaySecrets, waitFor } from "./topology.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
export { BIN };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARTIFACTS = resolve(repo, "test-results");
mkdirSync(resolve(ARTIFACTS, "logs"), { recursive: true });
mkdirSync(resolve(ARTIFACTS, "screenshots"), { recursive: true });

/** Every browser test switches drivers from 127.0.0.1: far above the per-minute limits. */
// A page waits for its data up to 10 s here (300 ms for visitors): on a busy machine a
// page is still written with its data, so what a test sees never depends on timing.
const TEST_LIMITS = {
  VITRINE_SWITCHES_PER_MINUTE: "10000",
  VITRINE_SWITCHES_PER_MINUTE_PER_ADDRESS: "10000",
  VITRINE_HEAD_BUDGET_MS: "10000",
};

/**
 * The production topology: docker-compose.yml's services as processes (see topology.mjs),
 * each on the port it bound (port 0). `mock: false` leaves mock-data stopped (so the
 * in-memory backend fails) until `startMock()` is called; `env` adds variables. The
 * secrets compose requires are this run's own, fresh (never a developer's `.env`).
 * @param {{ mock?: boolean, name?: string, env?: Record<string, string> }} options
 */
export async function startSuite({ mock = true, name = "suite", env = {} } = {}) {
  const topology = await startTopology({
    remap: true,
    skip: mock ? [] : ["mock-data"],
    name,
    vars: { ...process.env, ...throwawaySecrets(readFileSync(COMPOSE_FILE, "utf8")) },
    logs: resolve(ARTIFACTS, "logs"),
    env: { VITRINE_MOCK_DELAY_MS: "0", VITRINE_STATIC_DIR: resolve(here, "../dist"), ...TEST_LIMITS, ...env },
  });
  const base = topology.base;
  if (mock) {
    await waitFor(async () => (await fetch(`${base}/api/navigation`)).ok, "mock-data").catch(async (e) => {
      await topology.stopAll();
      throw e;
    });
  }
  return {
    base,
    startMock: async () => {
      await topology.start("mock-data");
      await waitFor(async () => (await fetch(`http://127.0.0.1:${topology.port(50070)}/healthz`)).ok, "mock-data");
    },
    stop: topology.stopAll,
  };
}

/** `vitrine all`: every service in one process, with the built-in demo shops; `env` adds variables. */
export async function startAll({ name = "all", env = {} } = {}) {
  const child = await startProcess(name, BIN, ["all"], {
    env: { VITRINE_HTTP_ADDR: "127.0.0.1:0", VITRINE_MOCK_DELAY_MS: "0", VITRINE_STATIC_DIR: resolve(here, "../dist"), ...TEST_LIMITS, ...env },
    log: resolve(ARTIFACTS, "logs", `${name}.log`),
    expect: ["http"],
  });
  const base = `http://${child.listening.http}`;
  try {
    await waitFor(async () => (await fetch(`${base}/readyz`)).ok, "vitrine all", { watch: [child] });
  } catch (e) {
    await child.stop();
    throw e;
  }
  return { base, stop: child.stop };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 740 };

/** Total layout shift while `action` runs and the page settles (CLS inputs). */
export async function installShiftObserver(page) {
  await page.addInitScript(() => {
    window.__shifts = 0;
    // What moved, for a failure's message: each shift's elements and boxes.
    window.__shiftSources = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__shifts += e.value;
        for (const source of e.sources ?? []) {
          const n = source.node;
          const box = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
          window.__shiftSources.push(`${Math.round(e.startTime)}ms ${n?.nodeName ?? "?"}.${n?.className ?? ""} ${box(source.previousRect)} -> ${box(source.currentRect)}`);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Fails with `message` and what moved (installShiftObserver's sources) unless nothing has shifted. */
export async function assertNoShift(page, message) {
  const [shifts, moved] = await page.evaluate(() => [window.__shifts, window.__shiftSources.join("; ")]);
  assert.equal(shifts, 0, `${message}; what moved: ${moved}`);
}

/**
 * A browser context as every test uses it: the SPA opens its driver-events stream at
 * once (`vitrine.sseDelayMs` = 0) instead of 1.5 s after load, so a test can wait for
 * `html[data-driver-events="open"]` rather than for a fixed time.
 */
export async function newContext(browser, options) {
  const context = await browser.newContext(options);
  await context.addInitScript(() => localStorage.setItem("vitrine.sseDelayMs", "0"));
  return context;
}

/** A page in its own `newContext`, closed with it. */
export async function newPage(browser, options) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  // The browser may be closing too (an after() hook): nothing left to close then.
  page.once("close", () => context.close().catch(() => {}));
  return page;
}

/** Waits until the network is idle and a full frame has been drawn since. */
export async function settled(page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Switches the debug bar to `driver` and waits for the menu that switch reloads. */
export async function switchTo(page, driver) {
  await page.waitForFunction(() => document.querySelector("#driver-select")?.disabled === false);
  const reload = page.waitForResponse((r) => r.url().endsWith("/api/navigation"));
  await page.getByLabel("Driver").selectOption(driver);
  assert.equal((await reload).status(), 200, `${driver} menu`);
}

/** The page's JSON-LD objects (issue 12: one script each in the head, written by the edge). */
export async function jsonLd(page) {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
}

/** axe-core's serious and critical violations on the page as it is. */
export async function axe(page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Presses Tab until `reached()` says the focus is where it should be (bounded). */
async function tabUntil(page, reached, what) {
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press("Tab");
    if (await reached()) return;
  }
  assert.fail(`Tab never reached ${what}`);
}

/** Presses Tab until the focus is on a radio button of the product option `name`. */
export async function tabToOption(page, name) {
  const inside = () =>
    page.evaluate(
      (name) => document.activeElement?.type === "radio" && document.activeElement.closest("fieldset")?.querySelector("legend")?.textContent.startsWith(`${name}:`),
      name,
    );
  await tabUntil(page, inside, `the ${name} picker`);
}

/** Presses Tab until `locator`'s element has the focus: how a keyboard reaches it. */
export async function tabTo(page, locator, what) {
  const handle = await locator.elementHandle();
  await tabUntil(page, () => page.evaluate((el) => el === document.activeElement, handle), what);
}
