// The values the SPA shares with the edge, read from the edge's OpenAPI document
// (services/edge/openapi.json, generated from the edge's constants): the listing bounds
// its parameters declare and the widths `/img` renders. openapi-typescript's types carry
// no values, so these are written as constants into src/api/bounds.gen.ts, the one place
// the SPA reads them from. `--check` fails (exit 1) when that file is stale, as
// openapi-typescript's own --check does for the types.
import { readFileSync, writeFileSync } from "node:fs";

const DOCUMENT = new URL("../../services/edge/openapi.json", import.meta.url);
const OUTPUT = new URL("../src/api/bounds.gen.ts", import.meta.url);
const SHOWN = "src/api/bounds.gen.ts";

const doc = JSON.parse(readFileSync(DOCUMENT, "utf8"));

/** `keyword` of the query parameter `name`: one value, whichever route takes it. */
function bound(name, keyword) {
  const values = new Set();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.name === name && parameter.in === "query") values.add(parameter.schema?.[keyword]);
      }
    }
  }
  const [value, ...others] = values;
  if (others.length > 0 || !Number.isInteger(value)) {
    throw new Error(`openapi.json: the ${name} parameter's ${keyword} should be one whole number, not ${[...values].join(", ")}`);
  }
  return value;
}

/** The `enum` of the component schema `name`: whole numbers. */
function wholeNumbers(name) {
  const values = doc.components?.schemas?.[name]?.enum;
  if (!Array.isArray(values) || values.length === 0 || !values.every(Number.isInteger)) {
    throw new Error(`openapi.json: the ${name} schema should list whole numbers`);
  }
  return values;
}

/** `keyword` of the property `property` of the component schema `name`: a whole number. */
function property(name, property, keyword) {
  const value = doc.components?.schemas?.[name]?.properties?.[property]?.[keyword];
  if (!Number.isInteger(value)) throw new Error(`openapi.json: ${name}.${property}'s ${keyword} should be a whole number`);
  return value;
}

const constants = [
  ["The last page a listing may ask for: the `page` parameter's `maximum`.", "MAX_PAGE", bound("page", "maximum")],
  ["The longest search, in characters: the `q` parameter's `maxLength`.", "MAX_QUERY_CHARS", bound("q", "maxLength")],
  ["The widths `/img` renders (`ImageWidth`); the first is its default.", "IMAGE_WIDTHS", `[${wholeNumbers("ImageWidth").join(", ")}] as const`],
  ["The most latency the debug bar may inject, in ms: `FaultsSetting.latency_ms`'s `maximum`.", "MAX_LATENCY_MS", property("FaultsSetting", "latency_ms", "maximum")],
];

const text = [
  "// Generated from services/edge/openapi.json by scripts/api-constants.mjs (npm run api:generate).",
  "// Do not edit: the edge's constants are the source; npm run api:check fails when this is stale.",
  "",
  ...constants.flatMap(([summary, name, value]) => [`/** ${summary} */`, `export const ${name} = ${value};`]),
  "",
].join("\n");

if (process.argv.includes("--check")) {
  let kept = "";
  try {
    kept = readFileSync(OUTPUT, "utf8");
  } catch {
    // A missing file is stale too.
  }
  if (kept !== text) {
    console.error(`${SHOWN} is stale: run npm run api:generate`);
    process.exit(1);
  }
  console.log(`${SHOWN} is up to date`);
} else {
  writeFileSync(OUTPUT, text);
  console.log(`wrote ${SHOWN}`);
}
