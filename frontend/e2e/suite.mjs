// Starts the real suite for browser tests: redis-server and every service as its own
// `vitrine` process (the production topology), serving the built SPA from dist/.
// Nothing is mocked: the browser talks to the edge, which talks gRPC to the services.

import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { mkdirSync, openSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
export const BIN = process.env.VITRINE_BIN ?? resolve(repo, "target/debug/vitrine");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARTIFACTS = resolve(repo, "test-results");
mkdirSync(resolve(ARTIFACTS, "logs"), { recursive: true });
mkdirSync(resolve(ARTIFACTS, "screenshots"), { recursive: true });

async function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitFor(probe, what, ms = 30000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * @param {{ mock?: boolean, name?: string }} options `mock: false` leaves mock-data
 * stopped (so the in-memory backend fails) until `startMock()` is called.
 */
export async function startSuite({ mock = true, name = "suite" } = {}) {
  const ports = {};
  for (const k of ["redis", "mock", "adapter", "catalogue", "navigation", "resolution", "edge"]) ports[k] = await freePort();
  const children = [];
  const log = (proc) => openSync(resolve(ARTIFACTS, "logs", `${name}-${proc}.log`), "w");
  const run = (proc, cmd, args, env = {}) => {
    const fd = log(proc);
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", fd, fd] });
    children.push(child);
    return child;
  };
  run("redis", "redis-server", ["--port", String(ports.redis), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]);
  const env = {
    VITRINE_REDIS_URL: `redis://127.0.0.1:${ports.redis}/`,
    VITRINE_MOCK_DELAY_MS: "0",
    VITRINE_MOCK_DATA_ADDR: `127.0.0.1:${ports.mock}`,
    VITRINE_MOCK_DATA_URL: `http://127.0.0.1:${ports.mock}`,
    VITRINE_ADAPTER_ADDR: `127.0.0.1:${ports.adapter}`,
    VITRINE_ADAPTER_IN_MEMORY_URL: `http://127.0.0.1:${ports.adapter}`,
    VITRINE_CATALOGUE_ADDR: `127.0.0.1:${ports.catalogue}`,
    VITRINE_CATALOGUE_URL: `http://127.0.0.1:${ports.catalogue}`,
    VITRINE_NAVIGATION_ADDR: `127.0.0.1:${ports.navigation}`,
    VITRINE_NAVIGATION_URL: `http://127.0.0.1:${ports.navigation}`,
    VITRINE_URL_RESOLUTION_ADDR: `127.0.0.1:${ports.resolution}`,
    VITRINE_URL_RESOLUTION_URL: `http://127.0.0.1:${ports.resolution}`,
    VITRINE_HTTP_ADDR: `127.0.0.1:${ports.edge}`,
    VITRINE_STATIC_DIR: resolve(here, "../dist"),
    VITRINE_IMAGE_HOSTS: `127.0.0.1:${ports.mock}`,
  };
  const base = `http://127.0.0.1:${ports.edge}`;
  let mockProcess = null;
  const startMock = () => {
    mockProcess = run("mock-data", BIN, ["mock-data"], env);
  };
  await new Promise((r) => setTimeout(r, 150));
  if (mock) startMock();
  run("adapter", BIN, ["adapter", "--driver", "in-memory"], env);
  for (const svc of ["catalogue", "navigation", "url-resolution"]) run(svc, BIN, [svc], env);
  run("edge", BIN, ["edge"], env);
  await waitFor(async () => (await fetch(`${base}/readyz`)).ok, "the suite");
  if (mock) await waitFor(async () => (await fetch(`${base}/api/navigation`)).ok, "mock-data");
  return {
    base,
    startMock: async () => {
      startMock();
      await waitFor(async () => (await fetch(`http://127.0.0.1:${ports.mock}/healthz`)).ok, "mock-data");
    },
    stop: async () => {
      for (const c of children.reverse()) c.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 100));
      void mockProcess;
    },
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
