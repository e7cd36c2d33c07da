// The production topology without containers: every service of ../../docker-compose.yml
// as its own `vitrine` process, plus a real redis-server, with the compose file's commands
// and environment. Hostnames of the compose network (redis, mock-data, catalogue, …, and
// 0.0.0.0) become 127.0.0.1; `${VAR:-default}` and `${VAR:?message}` are filled as compose
// fills them (from this environment, then the `.env` file beside the compose file). Services
// of other images than this repo's, other than redis (with its command's settings:
// password, memory cap), are not started (jaeger, prometheus, grafana), nor this repo's
// services that listen on nothing (loadgen, the traffic generator: see `servers`).
//
// Services start in dependency order (a service depends on those whose ports its
// variables name), each once the ones before it have reported their listeners.
//
// As a program (`scripts/topology`): the compose ports (edge on 8080) until Ctrl-C, with
// the secrets `scripts/compose-secrets` wrote into `.env`, as compose reads them.
// As a module (the browser tests): `remap: true` starts every service on port 0 and
// hands the addresses they report to the services that call them, and Redis on a unix
// socket, so no port is ever picked by the harness (nothing to collide or race with).
// A failed start stops everything started so far and rejects naming the service.

import { randomBytes } from "node:crypto";
import { connect, createServer } from "node:net";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { startProcess, waitFor } from "./processes.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
export const COMPOSE_FILE = resolve(repo, "docker-compose.yml");
export const BIN = process.env.VITRINE_BIN ?? resolve(repo, "target/debug/vitrine");
export { waitFor };

/**
 * `${VAR:-default}`, `${VAR}` and `${VAR:?message}` from `env`; the last, unset or empty,
 * throws with its message, as compose refuses to start.
 */
export function interpolate(value, env) {
  return String(value).replace(/\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g, (_, name, op, rest) => {
    if (op === ":?" && !env[name]) throw new Error(`${name} is required: ${rest}`);
    return env[name] || (op === ":-" ? rest : "");
  });
}

/** The variables the compose file `text` requires (`${VAR:?message}`). */
export function requiredVariables(text) {
  return [...new Set([...text.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]))];
}

/**
 * A fresh random value for each variable `text` requires: for a run that makes its own
 * secrets (the browser tests), as `scripts/compose-secrets` makes a machine's.
 */
export function throwawaySecrets(text) {
  return Object.fromEntries(requiredVariables(text).map((name) => [name, randomBytes(32).toString("hex")]));
}

/** The `KEY=value` lines of the `.env` file beside the compose file, if there is one. */
export function dotenv(path = resolve(repo, ".env")) {
  if (!existsSync(path)) return {};
  const lines = readFileSync(path, "utf8").split("\n").map((l) => l.trim());
  return Object.fromEntries(lines.filter((l) => l && !l.startsWith("#") && l.includes("=")).map((l) => {
    const at = l.indexOf("=");
    const value = l.slice(at + 1);
    return [l.slice(0, at), /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value];
  }));
}

/**
 * Rewrites `host:port` of the compose network to loopback: every compose service name and
 * 0.0.0.0 become 127.0.0.1, and each port goes through `port` (identity unless remapped).
 */
export function localise(value, hosts, port) {
  const names = [...hosts, "0.0.0.0"].map((h) => h.replace(/[.-]/g, (c) => `\\${c}`)).join("|");
  return value.replace(new RegExp(`(?<![\\w.-])(${names}):(\\d+)`, "g"), (_, _host, p) => `127.0.0.1:${port(Number(p))}`);
}

/**
 * The compose file's services as process plans: `{ name, command, args, env }`. `command`
 * is the `vitrine` subcommand of the services built from this repo (the image of
 * `x-service`), else null; `args` is another image's command (redis's settings).
 */
export function plan(text, env = process.env) {
  const compose = parse(text, { merge: true });
  const hosts = Object.keys(compose.services);
  const ours = compose["x-service"]?.image;
  const fill = (list) => list?.map((v) => interpolate(v, env)) ?? null;
  return { hosts, services: Object.entries(compose.services).map(([name, svc]) => ({
    name,
    image: svc.image,
    command: svc.image === ours ? fill(svc.command) : null,
    args: svc.image === ours ? null : fill(svc.command),
    env: Object.fromEntries(Object.entries(svc.environment ?? {}).map(([k, v]) => [k, interpolate(v, env)])),
  })) };
}

/**
 * The services the topology runs as processes: this repo's that listen on an address (a
 * `*_ADDR` variable). A client of the suite listens on nothing (loadgen, which would
 * send the browser tests traffic of its own) and is left out.
 */
export function servers(services) {
  return services.filter((s) => s.command && Object.keys(s.env).some((k) => k.endsWith("_ADDR")));
}

/** The value after `flag` in a command line, if any (`--requirepass` of redis). */
export function flagValue(args, flag) {
  const at = args?.indexOf(flag) ?? -1;
  return at >= 0 ? args[at + 1] : undefined;
}

/**
 * `redis://[:password@]127.0.0.1:6379/` as the unix socket `socket` (the password as
 * redis-rs takes it there, `?pass=`); any other value unchanged.
 */
export function toUnixSocket(value, socket) {
  return value.replace(/redis:\/\/(?::([^@/]*)@)?127\.0\.0\.1:6379\/?/, (_, pass) =>
    `redis+unix://${socket}${pass ? `?pass=${pass}` : ""}`);
}

/**
 * What each service listens on and whom it calls: `listens` are its `*_ADDR` variables
 * (`{ name, port, kind }`, kind `metrics` or `service`), `calls` the compose ports named
 * in its other variables that are not its own.
 */
export function wiring(services) {
  const portOf = (value) => Number(/:(\d+)$/.exec(value)?.[1]);
  const out = new Map();
  for (const s of services) {
    const listens = Object.entries(s.env)
      .filter(([k]) => k.endsWith("_ADDR"))
      .map(([k, v]) => ({ name: k, port: portOf(v), kind: k === "VITRINE_METRICS_ADDR" ? "metrics" : "service" }));
    const own = new Set(listens.map((l) => l.port));
    const calls = new Set();
    for (const [k, v] of Object.entries(s.env)) {
      if (k.endsWith("_ADDR")) continue;
      for (const m of String(v).matchAll(/:(\d+)/g)) if (!own.has(Number(m[1]))) calls.add(Number(m[1]));
    }
    out.set(s.name, { listens, own, calls });
  }
  return out;
}

/** A TCP forwarder on its own port 0, for a service started later (`skip`). */
async function gate() {
  let target = null;
  const server = createServer((inbound) => {
    if (!target) return inbound.resetAndDestroy();
    const [host, port] = target.split(":");
    const outbound = connect(Number(port), host);
    inbound.pipe(outbound).pipe(inbound);
    outbound.on("error", () => inbound.resetAndDestroy());
    inbound.on("error", () => outbound.destroy());
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  server.unref();
  return { addr: `127.0.0.1:${server.address().port}`, forwardTo: (addr) => (target = addr), close: () => server.close() };
}

/**
 * Starts the topology. Options:
 * - `remap`: every service on port 0 and Redis on a unix socket (tests);
 * - `skip`: service names not to start now (`start(name)` starts one later; the others
 *   reach it through a gate that refuses connections until then);
 * - `env`: extra variables for every process (e.g. `VITRINE_MOCK_DELAY_MS`); they win;
 * - `vars`: the compose file's variables (default: as compose reads them, this
 *   environment over the `.env` file);
 * - `name`, `logs`: log files are `${logs}/${name}-${service}.log`.
 */
export async function startTopology({
  remap = false,
  skip = [],
  env: extra = {},
  vars = { ...dotenv(), ...process.env },
  name = "topology",
  logs,
} = {}) {
  const { hosts, services } = plan(readFileSync(COMPOSE_FILE, "utf8"), vars);
  const vitrine = servers(services);
  const wires = wiring(vitrine);
  const logDir = logs ?? resolve(repo, "test-results", "logs");
  mkdirSync(logDir, { recursive: true });
  const logOf = (svc) => resolve(logDir, `${name}-${svc}.log`);

  // compose port → the loopback address it is served on (known once reported).
  const addrs = new Map();
  const started = new Map();
  const gates = new Map();
  const tmp = remap ? mkdtempSync(resolve(tmpdir(), "vitrine-topology-")) : null;
  const stopAll = async () => {
    for (const child of [...started.values()].reverse()) await child.stop();
    started.clear();
    for (const g of gates.values()) g.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  };

  const port = (p) => Number(addrs.get(p)?.split(":")[1] ?? p);
  const envOf = (svc) => {
    const s = vitrine.find((v) => v.name === svc);
    const { listens, own } = wires.get(svc);
    const env = {};
    for (const [k, v] of Object.entries(s.env)) {
      if (remap && listens.some((l) => l.name === k)) {
        env[k] = "127.0.0.1:0";
        continue;
      }
      // A variable naming the service's own address (mock-data's public URL): through its
      // gate if it has one; otherwise left out, as the service defaults it to the address
      // it bound.
      const self = [...String(v).matchAll(/:(\d+)/g)].some((m) => own.has(Number(m[1])));
      if (remap && self && ![...own].some((p) => gates.has(p))) continue;
      env[k] = redisUrl(localise(v, hosts, (p) => (remap ? port(p) : p)));
    }
    // No collector runs here unless the caller names one.
    delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
    return { ...env, ...extra };
  };
  const redisSocket = tmp && resolve(tmp, "redis.sock");
  const redisUrl = (v) => (remap ? toUnixSocket(v, redisSocket) : v);

  const start = async (svc) => {
    const s = vitrine.find((v) => v.name === svc);
    const { listens } = wires.get(svc);
    const child = await startProcess(svc, BIN, s.command, {
      env: envOf(svc),
      log: logOf(svc),
      expect: listens.map((l) => l.kind),
    });
    started.set(svc, child);
    for (const l of listens) {
      const reported = l.kind === "metrics" ? child.listening.metrics : child.listening.http ?? child.listening.grpc;
      if (gates.has(l.port)) gates.get(l.port).forwardTo(reported);
      else addrs.set(l.port, reported);
    }
    return child;
  };

  try {
    // The compose file's settings (password, memory cap), then where to listen; never
    // a file on disk.
    const settings = (services.find((s) => s.name === "redis")?.args ?? []).filter((a) => a !== "redis-server");
    const password = flagValue(settings, "--requirepass");
    const redisArgs = remap
      ? ["--port", "0", "--unixsocket", redisSocket, "--unixsocketperm", "700"]
      : ["--port", "6379", "--bind", "127.0.0.1"];
    const redis = await startProcess("redis", "redis-server", [...settings, ...redisArgs, "--save", "", "--appendonly", "no"], {
      log: logOf("redis"),
    });
    started.set("redis", redis);
    const ping = () => new Promise((ok) => {
      const sock = remap ? connect(redisSocket) : connect(6379, "127.0.0.1");
      let answer = "";
      sock.on("connect", () => sock.write(`${password ? `AUTH ${password}\r\n` : ""}PING\r\n`));
      sock.on("data", (d) => {
        answer += d.toString();
        if (answer.includes("+PONG") || answer.startsWith("-")) sock.end(() => ok(answer.includes("+PONG")));
      });
      sock.on("error", () => ok(false));
      sock.on("close", () => ok(answer.includes("+PONG")));
    });
    await waitFor(ping, "redis (PING)", { watch: [redis] });

    // Skipped services get a gate now, so the services calling them can start.
    if (remap) {
      for (const svc of skip) for (const l of wires.get(svc).listens) {
        const g = await gate();
        gates.set(l.port, g);
        addrs.set(l.port, g.addr);
      }
    }
    const servicePorts = new Set([...wires.values()].flatMap((w) => w.listens.map((l) => l.port)));
    const pending = vitrine.map((s) => s.name).filter((svc) => !skip.includes(svc));
    while (pending.length) {
      // Those whose callees are all known (or not services of this file: redis, shops).
      const ready = pending.filter((svc) => [...wires.get(svc).calls].every((p) => !servicePorts.has(p) || addrs.has(p)));
      if (!ready.length) throw new Error(`circular dependencies among ${pending.join(", ")}`);
      await Promise.all(ready.map(start));
      for (const svc of ready) pending.splice(pending.indexOf(svc), 1);
    }

    const base = `http://127.0.0.1:${port(8080)}`;
    await waitFor(async () => (await fetch(`${base}/readyz`)).ok, "the topology (edge /readyz)", {
      watch: [...started.values()],
    });
    return {
      base,
      port,
      services: ["redis", ...vitrine.map((s) => s.name)],
      start,
      stop: async (svc) => {
        await started.get(svc)?.stop();
        started.delete(svc);
      },
      stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const topology = await startTopology({ env: { VITRINE_STATIC_DIR: resolve(repo, "frontend/dist") } });
  console.log(`every service of docker-compose.yml is running as its own process: ${topology.services.join(", ")}`);
  console.log(`open ${topology.base} (logs in test-results/logs/); Ctrl-C stops them all`);
  // The children never hold this process open (processes.mjs): this timer does, until
  // Ctrl-C, whose handler stops them all.
  setInterval(() => {}, 2 ** 30);
}
