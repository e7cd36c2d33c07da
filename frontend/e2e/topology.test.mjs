// The pure parts of topology.mjs: how docker-compose.yml becomes local processes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { COMPOSE_FILE, interpolate, localise, plan } from "./topology.mjs";

test("compose variables are filled from the environment or their default", () => {
  const env = { SET: "x" };
  for (const [input, expected] of [
    ["${SET:-d}", "x"],
    ["${UNSET:-default}", "default"],
    ["${UNSET:-}", ""],
    ["${SET}", "x"],
    ["plain", "plain"],
  ]) assert.equal(interpolate(input, env), expected, input);
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

test("every vitrine service of docker-compose.yml has a plan; jaeger is left to containers", () => {
  const { services } = plan(readFileSync(COMPOSE_FILE, "utf8"), {});
  const commands = Object.fromEntries(services.filter((s) => s.command).map((s) => [s.name, s.command.join(" ")]));
  assert.deepEqual(Object.keys(commands).sort(), [
    "adapter-fake", "adapter-in-memory", "adapter-magento", "adapter-shopify",
    "catalogue", "edge", "mock-data", "navigation", "url-resolution",
  ]);
  assert.equal(commands["adapter-in-memory"], "adapter --driver in-memory");
  const catalogue = services.find((s) => s.name === "catalogue");
  assert.equal(catalogue.env.VITRINE_REDIS_URL, "redis://redis:6379/", "merged from the shared environment");
  assert.equal(catalogue.env.VITRINE_ADAPTER_IN_MEMORY_URL, "http://adapter-in-memory:50061");
});
