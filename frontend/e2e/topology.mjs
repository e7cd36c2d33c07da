// The production topology without containers: every service of ../../docker-compose.yml
// as its own `vitrine` process, plus a real redis-server, with the compose file's commands,
// environment and ports. Hostnames of the compose network (redis, mock-data, catalogue,
// …, and 0.0.0.0) become 127.0.0.1; `${VAR:-default}` is filled from this environment.
// Services without a `vitrine` command other than redis (jaeger) are not started.
//
// As a program (`scripts/topology`): the compose ports (edge on 8080) until Ctrl-C.
// As a module (the browser tests): `remap: true` moves every port to a free one, so
// test suites never collide with each other or with a running demo.

import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";
import { mkdirSync, openSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
export const COMPOSE_FILE = resolve(repo, "docker-compose.yml");
export const BIN = process.env.VITRINE_BIN ?? resolve(repo, "target/debug/vitrine");

export async function freePort() {
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

export async function waitFor(probe, what, ms = 30000) {
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

/** `${VAR:-default}` and `${VAR}` from `env`. */
export function interpolate(value, env) {
  return String(value).replace(/\$\{([A-Z0-9_]+)(?::-([^}]*))?\}/g, (_, name, fallback) => env[name] || fallback || "");
}

/**
 * Rewrites `host:port` of the compose network to loopback: every compose service name and
 * 0.0.0.0 become 127.0.0.1, and each port goes through `port` (identity unless remapped).
 */
export function localise(value, hosts, port) {
  const names = [...hosts, "0.0.0.0"].map((h) => h.replace(/[.-]/g, (c) => `\\${c}`)).join("|");
  return value.replace(new RegExp(`(?<![\\w.-])(${names}):(\\d+)`, "g"), (_, _host, p) => `127.0.0.1:${port(Number(p))}`);
}

/** The compose file's services as process plans: `{ name, command, env }`. */
export function plan(text, env = process.env) {
  const compose = parse(text, { merge: true });
  const hosts = Object.keys(compose.services);
  return { hosts, services: Object.entries(compose.services).map(([name, svc]) => ({
    name,
    image: svc.image,
    command: svc.command ?? null,
    env: Object.fromEntries(Object.entries(svc.environment ?? {}).map(([k, v]) => [k, interpolate(v, env)])),
  })) };
}

/**
 * Starts the topology. Options:
 * - `remap`: every port to a free loopback port (tests);
 * - `skip`: service names not to start now (`start(name)` starts one later);
 * - `env`: extra variables for every process (e.g. `VITRINE_MOCK_DELAY_MS`);
 * - `name`, `logs`: log files are `${logs}/${name}-${service}.log`.
 */
export async function startTopology({ remap = false, skip = [], env: extra = {}, name = "topology", logs } = {}) {
  const { hosts, services } = plan(readFileSync(COMPOSE_FILE, "utf8"));
  const ports = new Map();
  const allPorts = new Set([6379, 8080]);
  for (const s of services) for (const v of Object.values(s.env)) for (const m of v.matchAll(/:(\d+)/g)) allPorts.add(Number(m[1]));
  for (const p of allPorts) ports.set(p, remap ? await freePort() : p);
  const port = (p) => ports.get(p) ?? p;
  const logDir = logs ?? resolve(repo, "test-results", "logs");
  mkdirSync(logDir, { recursive: true });

  const children = new Map();
  const processes = {};
  for (const s of services) {
    if (s.name === "redis") {
      processes.redis = ["redis-server", ["--port", String(port(6379)), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {}];
    } else if (s.command) {
      const env = Object.fromEntries(Object.entries(s.env).map(([k, v]) => [k, localise(v, hosts, port)]));
      // No collector runs here unless the caller names one.
      delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
      processes[s.name] = [BIN, s.command, { ...env, ...extra }];
    }
  }
  const start = (svc) => {
    const [cmd, args, env] = processes[svc];
    const fd = openSync(resolve(logDir, `${name}-${svc}.log`), "w");
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", fd, fd] });
    children.set(svc, child);
    return child;
  };
  const stop = async (svc) => {
    const child = children.get(svc);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    children.delete(svc);
  };

  start("redis");
  await waitFor(() => new Promise((ok) => {
    const sock = connect(port(6379), "127.0.0.1", () => sock.end(() => ok(true)));
    sock.on("error", () => ok(false));
  }), "redis");
  for (const svc of Object.keys(processes)) if (svc !== "redis" && !skip.includes(svc)) start(svc);

  const base = `http://127.0.0.1:${port(8080)}`;
  await waitFor(async () => (await fetch(`${base}/readyz`)).ok, "the topology (edge /readyz)");
  return {
    base,
    port,
    services: Object.keys(processes),
    start: (svc) => start(svc),
    stop,
    stopAll: async () => {
      for (const svc of [...children.keys()].reverse()) await stop(svc);
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const topology = await startTopology({ env: { VITRINE_STATIC_DIR: resolve(repo, "frontend/dist") } });
  console.log(`every service of docker-compose.yml is running as its own process: ${topology.services.join(", ")}`);
  console.log(`open ${topology.base} (logs in test-results/logs/); Ctrl-C stops them all`);
  const quit = async () => {
    await topology.stopAll();
    process.exit(0);
  };
  process.on("SIGINT", quit);
  process.on("SIGTERM", quit);
}
