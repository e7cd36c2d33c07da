// Writes .br (quality 11) and .gz (level 9) beside every built JS and CSS asset, so the
// edge can send the smallest encoding the browser accepts without compressing per request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = new URL("../dist/assets/", import.meta.url).pathname;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const raw = readFileSync(join(dir, name));
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  const gz = gzipSync(raw, { level: 9 });
  writeFileSync(join(dir, `${name}.br`), br);
  writeFileSync(join(dir, `${name}.gz`), gz);
  console.log(`${name}: ${raw.length} B, gzip ${gz.length} B, brotli ${br.length} B`);
}
