// Issue #9: a service that cannot start makes the harness fail fast, naming the service
// with its last log lines, and leaves nothing it started running.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { startSuite } from "./suite.mjs";
import { onStart } from "./processes.mjs";

let held;
before(async () => {
  // The test holds this port: the edge is told to bind it and cannot.
  held = createServer();
  await new Promise((ok) => held.listen(0, "127.0.0.1", ok));
});
after(() => held?.close());

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    assert.equal(e.code, "ESRCH", `kill(${pid}, 0)`);
    return false;
  }
}

test("an edge whose port is taken fails the start within 60 s, with its log, and nothing is left", async () => {
  const addr = `127.0.0.1:${held.address().port}`;
  const pids = [];
  const stopWatching = onStart((child) => pids.push(child.pid));
  const started = Date.now();
  const error = await startSuite({ name: "start-failure", env: { VITRINE_HTTP_ADDR: addr } }).then(
    () => assert.fail("the start should fail"),
    (e) => e,
  );
  stopWatching();
  // A hang guard, not a timing claim: the bound the issue sets.
  assert.ok(Date.now() - started < 60_000, `took ${Date.now() - started} ms`);
  assert.equal(error.service, "edge", error.message);
  assert.match(error.message, /^edge did not start/);
  assert.ok(error.message.includes(`binding ${addr}`), `the edge's log is quoted: ${error.message}`);
  // redis, mock-data, four adapters, three domain services and the edge were started.
  assert.ok(pids.length >= 10, `started ${pids.length}`);
  for (const pid of pids) {
    assert.equal(running(pid), false, `process ${pid} is still running`);
    assert.equal(running(-pid), false, `process group ${pid} is still running`);
  }
});
