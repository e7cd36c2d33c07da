// Child processes for the browser tests and scripts/topology, started so that nothing
// can be left behind and no start can hang:
// - each child leads its own process group (`detached`), and is stopped as a group;
// - every group still alive is killed when this process exits, is interrupted or
//   crashes (a failed `before()` hook or a Ctrl-C leaves nothing running);
// - a `vitrine` process is started on port 0 and reports each listener it bound on
//   stdout (`vitrine: listening <http|grpc|metrics> <ip:port>`, services/vitrine/src/run.rs);
//   `startProcess` waits for the reports, and rejects within START_DEADLINE_MS when the
//   process exits or stays silent, naming it and quoting the end of its log.

import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync, writeSync } from "node:fs";

/** A start must report by then: well under the 60 s the harness promises. */
export const START_DEADLINE_MS = 30_000;
/** Grace between SIGTERM and SIGKILL when stopping. */
const STOP_GRACE_MS = 5_000;
const TAIL_LINES = 20;

const LISTENING = /^vitrine: listening (http|grpc|metrics) (\S+)$/;

/** The one parser of the binary's listener report: `{ kind, addr }` or null. */
export function parseListening(line) {
  const m = LISTENING.exec(line.trim());
  return m ? { kind: m[1], addr: m[2] } : null;
}

/** Every child started here and not yet exited. */
const live = new Set();
const observers = new Set();

/** Calls `fn(child)` for each child started from now on, until the returned function is called. */
export function onStart(fn) {
  observers.add(fn);
  return () => observers.delete(fn);
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

// Last resort, synchronous: whatever is still running dies with us.
process.on("exit", () => {
  for (const child of live) killGroup(child, "SIGKILL");
});
process.on("uncaughtExceptionMonitor", () => {
  for (const child of live) killGroup(child, "SIGKILL");
});
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]]) {
  process.once(signal, async () => {
    await Promise.allSettled([...live].map((c) => c.stop()));
    process.exit(code);
  });
}

/** The last lines of a log file. */
export function tail(path, n = TAIL_LINES) {
  try {
    return readFileSync(path, "utf8").trimEnd().split("\n").slice(-n).join("\n");
  } catch {
    return "(no log)";
  }
}

export class StartError extends Error {
  constructor(name, reason, log) {
    super(`${name} did not start: ${reason}\n--- last lines of ${log}:\n${tail(log)}`);
    this.service = name;
  }
}

/**
 * Starts `command args` in its own process group with `env`, stdout and stderr into
 * `log` (stdout read on the way, for the listener reports). Resolves to the child once
 * it has reported a listener of each kind in `expect` (none: at once; `service`: http or
 * grpc, whichever the subcommand serves), with
 * `child.listening` (`{ http, grpc, metrics }` → `ip:port`), `child.stop()` (resolves once
 * the group has exited) and `child.exited` (resolves on exit).
 */
export async function startProcess(name, command, args, { env = {}, log, expect = [] }) {
  const fd = openSync(log, "w");
  // RUST_BACKTRACE=0: the error, not a backtrace, is what the last lines of a failed start show.
  const childEnv = { ...process.env, RUST_BACKTRACE: "0", ...env };
  const child = spawn(command, args, { env: childEnv, stdio: ["ignore", "pipe", fd], detached: true });
  Object.assign(child, { name, log, listening: {} });
  live.add(child);
  for (const fn of observers) fn(child);
  child.exited = new Promise((resolve) => {
    child.once("exit", resolve);
    // Not even spawned (no such command): there is no 'exit' then.
    child.once("error", (e) => resolve(e.message));
  });
  child.exited.then(() => live.delete(child));
  // The log stays open until the last of stdout is copied (it may outlive 'exit').
  child.stdout.once("close", () => closeSync(fd));
  // Children never keep this process alive: if it ends with one still running, the
  // 'exit' handler above kills it.
  child.unref();
  child.stdout.unref();
  child.stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    killGroup(child, "SIGTERM");
    const grace = setTimeout(() => killGroup(child, "SIGKILL"), STOP_GRACE_MS);
    await child.exited;
    clearTimeout(grace);
    // Anything the child started in its group goes with it.
    killGroup(child, "SIGKILL");
  };

  const reported = new Promise((resolve) => {
    let pending = "";
    // `service`: the one listener a subcommand serves, http or grpc.
    const has = (k) => (k === "service" ? child.listening.http ?? child.listening.grpc : child.listening[k]);
    const check = () => expect.every(has) && resolve();
    child.stdout.on("data", (chunk) => {
      writeSync(fd, chunk);
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop();
      for (const line of lines) {
        const report = parseListening(line);
        if (report) child.listening[report.kind] = report.addr;
      }
      check();
    });
    check();
  });
  let timer;
  const outcome = await Promise.race([
    reported.then(() => null),
    child.exited.then((code) => `it exited (${code ?? child.signalCode}) before reporting ${expect.join(", ")}`),
    new Promise((resolve) => {
      timer = setTimeout(() => resolve(`it did not report ${expect.join(", ")} within ${START_DEADLINE_MS} ms`), START_DEADLINE_MS);
    }),
  ]);
  clearTimeout(timer);
  if (outcome !== null) {
    await child.stop();
    // Its last words are in the log once stdout has been copied.
    if (!child.stdout.closed) await new Promise((r) => child.stdout.once("close", r));
    throw new StartError(name, outcome, log);
  }
  return child;
}

/**
 * Polls `probe` (every 100 ms) until it returns true. Rejects after `ms`, or as soon as
 * one of `watch` (started children) exits, naming it with its log.
 */
export async function waitFor(probe, what, { ms = START_DEADLINE_MS, watch = [] } = {}) {
  const deadline = Date.now() + ms;
  let died = null;
  for (const c of watch) c.exited.then(() => (died ??= c));
  for (;;) {
    if (died) throw new StartError(died.name, `it exited while waiting for ${what}`, died.log);
    try {
      if (await probe()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
