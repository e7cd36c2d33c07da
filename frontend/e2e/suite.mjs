// Starts the real suite for browser tests: redis-server and every service of
// docker-compose.yml as its own `vitrine` process (the production topology, through
// topology.mjs), serving the built SPA from dist/.
// Nothing is mocked: the browser talks to the edge, which talks gRPC to the services.

import { spawn } from "node:child_process";
import { mkdirSync, openSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { BIN, freePort, startTopology, waitFor } from "./topology.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
export { BIN };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARTIFACTS = resolve(repo, "test-results");
mkdirSync(resolve(ARTIFACTS, "logs"), { recursive: true });
mkdirSync(resolve(ARTIFACTS, "screenshots"), { recursive: true });

/**
 * The production topology: docker-compose.yml's services as processes (see topology.mjs),
 * on free ports. `mock: false` leaves mock-data stopped (so the in-memory backend fails)
 * until `startMock()` is called.
 * @param {{ mock?: boolean, name?: string }} options
 */
export async function startSuite({ mock = true, name = "suite" } = {}) {
  const topology = await startTopology({
    remap: true,
    skip: mock ? [] : ["mock-data"],
    name,
    logs: resolve(ARTIFACTS, "logs"),
    env: { VITRINE_MOCK_DELAY_MS: "0", VITRINE_STATIC_DIR: resolve(here, "../dist") },
  });
  const base = topology.base;
  if (mock) await waitFor(async () => (await fetch(`${base}/api/navigation`)).ok, "mock-data");
  return {
    base,
    startMock: async () => {
      topology.start("mock-data");
      await waitFor(async () => (await fetch(`http://127.0.0.1:${topology.port(50070)}/healthz`)).ok, "mock-data");
    },
    stop: topology.stopAll,
  };
}

/** `vitrine all`: every service in one process, with the built-in demo shops. */
export async function startAll({ name = "all" } = {}) {
  const port = await freePort();
  const fd = openSync(resolve(ARTIFACTS, "logs", `${name}.log`), "w");
  const child = spawn(BIN, ["all"], {
    env: { ...process.env, VITRINE_HTTP_ADDR: `127.0.0.1:${port}`, VITRINE_MOCK_DELAY_MS: "0", VITRINE_STATIC_DIR: resolve(here, "../dist") },
    stdio: ["ignore", fd, fd],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${base}/readyz`)).ok, "vitrine all");
  return {
    base,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 100));
    },
  };
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
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}
