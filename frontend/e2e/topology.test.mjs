// The pure parts of topology.mjs: how docker-compose.yml becomes local processes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  COMPOSE_FILE, dotenv, flagValue, interpolate, localise, plan, requiredVariables, servers, throwawaySecrets, toUnixSocket,
  wiring,
} from "./topology.mjs";
import { parseListening } from "./processes.mjs";

test("compose variables are filled from the environment or their default", () => {
  const env = { SET: "x" };
  for (const [input, expected] of [
    ["${SET:-d}", "x"],
    ["${UNSET:-default}", "default"],
    ["${UNSET:-}", ""],
    ["${SET}", "x"],
    ["plain", "plain"],
    ["${SET:?make it}", "x"],
  ]) assert.equal(interpolate(input, env), expected, input);
  // A required variable, unset or empty, stops the plan with its message, as compose does.
  for (const vars of [{}, { NEEDED: "" }]) {
    assert.throws(() => interpolate("redis://:${NEEDED:?run scripts/compose-secrets}@redis/", vars), /NEEDED is required: run scripts\/compose-secrets/);
  }
});

/** The compose file's required secrets, each given a value of this test's. */
const COMPOSE = readFileSync(COMPOSE_FILE, "utf8");
const SECRETS = throwawaySecrets(COMPOSE);

test("the compose file requires its secrets, and each run can make its own", () => {
  assert.deepEqual(requiredVariables(COMPOSE).sort(), ["GRAFANA_ADMIN_PASSWORD", "VITRINE_COOKIE_KEYS", "VITRINE_REDIS_PASSWORD"]);
  assert.throws(() => plan(COMPOSE, {}), /VITRINE_REDIS_PASSWORD is required: run scripts\/compose-secrets/);
  const again = throwawaySecrets(COMPOSE);
  for (const [name, value] of Object.entries(SECRETS)) {
    assert.match(value, /^[0-9a-f]{64}$/, name);
    assert.notEqual(value, again[name], `${name}: fresh each time`);
  }
});

test("a .env file is read as compose reads it", () => {
  const dir = mkdtempSync(join(tmpdir(), "vitrine-dotenv-"));
  try {
    const file = join(dir, ".env");
    writeFileSync(file, "# a comment\nA=1\nB=\"two\"\n\nC=x=y\n");
    assert.deepEqual(dotenv(file), { A: "1", B: "two", C: "x=y" });
    assert.deepEqual(dotenv(join(dir, "none")), {});
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("compose hosts and 0.0.0.0 become loopback, ports go through the map", () => {
  const hosts = ["redis", "mock-data", "adapter-in-memory", "catalogue"];
  const port = (p) => (p === 50070 ? 41000 : p);
  for (const [input, expected] of [
    ["redis://redis:6379/", "redis://127.0.0.1:6379/"],
    ["http://mock-data:50070", "http://127.0.0.1:41000"],
    ["0.0.0.0:50061", "127.0.0.1:50061"],
    ["mock-data:50070,cdn.shopify.com", "127.0.0.1:41000,cdn.shopify.com"],
    ["http://adapter-in-memory:50061", "http://127.0.0.1:50061"],
    ["http://shop.example:50070", "http://shop.example:50070"],
    ["/", "/"],
  ]) assert.equal(localise(input, hosts, port), expected, input);
});

test("every vitrine service of docker-compose.yml has a plan; jaeger, prometheus, grafana and loadgen are left to containers", () => {
  const { services } = plan(COMPOSE, SECRETS);
  const commands = Object.fromEntries(servers(services).map((s) => [s.name, s.command.join(" ")]));
  assert.deepEqual(Object.keys(commands).sort(), [
    "adapter-fake", "adapter-in-memory", "adapter-magento", "adapter-medusa", "adapter-shopify", "adapter-vendure",
    "cart", "catalogue", "edge", "mock-data", "navigation", "url-resolution",
  ]);
  assert.equal(commands["adapter-in-memory"], "adapter --driver in-memory");
  // The traffic generator is this repo's image but listens on nothing: the
  // browser tests get no traffic of its making. The other images are not this repo's.
  const byName = Object.fromEntries(services.map((s) => [s.name, s]));
  assert.deepEqual(byName.loadgen.command, ["loadgen"]);
  for (const name of ["jaeger", "prometheus", "grafana"]) assert.equal(byName[name].command, null, name);
  const catalogue = services.find((s) => s.name === "catalogue");
  assert.equal(catalogue.env.OTEL_EXPORTER_OTLP_ENDPOINT, "http://jaeger:4317", "merged from the shared environment");
  assert.equal(catalogue.env.VITRINE_ADAPTER_IN_MEMORY_URL, "http://adapter-in-memory:50061");
  // Only the edge and the adapters get Redis, with its password.
  assert.equal(catalogue.env.VITRINE_REDIS_URL, undefined);
  for (const name of ["edge", "adapter-in-memory", "adapter-shopify"]) {
    assert.equal(services.find((s) => s.name === name).env.VITRINE_REDIS_URL, `redis://:${SECRETS.VITRINE_REDIS_PASSWORD}@redis:6379/`, name);
  }
});

test("redis runs with the compose file's password and memory cap, reached with that password", () => {
  const redis = plan(COMPOSE, { ...SECRETS, VITRINE_REDIS_PASSWORD: "s3cret" }).services
    .find((s) => s.name === "redis");
  assert.equal(redis.command, null, "not a vitrine service");
  assert.equal(flagValue(redis.args, "--requirepass"), "s3cret");
  assert.equal(flagValue(redis.args, "--maxmemory-policy"), "allkeys-lru");
  assert.ok(flagValue(redis.args, "--maxmemory"), "a memory cap");
  for (const [input, expected] of [
    ["redis://:s3cret@127.0.0.1:6379/", "redis+unix:///tmp/r.sock?pass=s3cret"],
    ["redis://127.0.0.1:6379/", "redis+unix:///tmp/r.sock"],
    ["http://127.0.0.1:50070", "http://127.0.0.1:50070"],
  ]) assert.equal(toUnixSocket(input, "/tmp/r.sock"), expected, input);
});

test("the binary's listener reports are parsed, other lines ignored", () => {
  assert.deepEqual(parseListening("vitrine: listening grpc 127.0.0.1:41234\n"), { kind: "grpc", addr: "127.0.0.1:41234" });
  assert.deepEqual(parseListening("vitrine: listening metrics 127.0.0.1:9"), { kind: "metrics", addr: "127.0.0.1:9" });
  assert.equal(parseListening("vitrine: listening ftp 127.0.0.1:9"), null);
  assert.equal(parseListening("INFO mock-data listening addr=127.0.0.1:50070"), null);
});

test("each service listens on its *_ADDR ports and calls the ports its other variables name", () => {
  const { services } = plan(COMPOSE, SECRETS);
  const wires = wiring(services.filter((s) => s.command));
  const mock = wires.get("mock-data");
  assert.deepEqual(mock.listens.map((l) => [l.port, l.kind]).sort(), [[50070, "service"], [9470, "metrics"]].sort());
  assert.ok(!mock.calls.has(50070), "its own public URL is not a dependency");
  assert.ok(wires.get("adapter-in-memory").calls.has(50070), "the in-memory adapter calls mock-data");
  const edge = wires.get("edge").calls;
  for (const p of [50051, 50052, 50053, 50070]) assert.ok(edge.has(p), `the edge calls :${p}`);
  assert.ok(wires.get("catalogue").calls.has(50061));
});
