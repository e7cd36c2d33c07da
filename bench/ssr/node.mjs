// The same render in Node (V8, with its JIT and its own Intl), as a reference for the
// QuickJS figures: `node bench/ssr/node.mjs <bundle.js> <url> <inlined.json>`.
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";

const WARM_UP = 20;
const RUNS = 200;
const [bundle, url, data] = process.argv.slice(2);
const inlined = readFileSync(data, "utf8");

const before = process.memoryUsage().rss;
runInThisContext(readFileSync(bundle, "utf8"));
const { render } = globalThis.VitrineSsr;
let html = "";
const times = [];
for (let i = 0; i < WARM_UP + RUNS; i++) {
  const t = process.hrtime.bigint();
  html = render(url, inlined);
  if (i >= WARM_UP) times.push(Number(process.hrtime.bigint() - t) / 1e6);
}
times.sort((a, b) => a - b);
const at = (p) => times[Math.min(times.length, Math.max(1, Math.ceil(p * times.length))) - 1];
const bytes = Buffer.byteLength(html);
const cards = html.split('class="product-card"').length - 1;
console.log(`engine: Node ${process.version}`);
console.log(
  `render ${url}: p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${times.at(-1).toFixed(2)} ms (${RUNS} runs after ${WARM_UP} warm-up)`,
);
console.log(`rss: +${Math.round((process.memoryUsage().rss - before) / 1024)} KiB after load and renders`);
console.log(`html: ${bytes} bytes, ${cards} product cards`);
