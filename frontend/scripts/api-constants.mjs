// The values the SPA shares with the edge, read from the edge's OpenAPI document
// (services/edge/openapi.json, generated from the edge's constants): the listing bounds
// its parameters declare, the widths `/img` renders, and the bounds of the bodies the
// SPA sends (a cart line's quantity, each checkout field's length). openapi-typescript's types carry
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

/** `keyword` of the property `field` in each of the component schemas `names`: one whole number. */
function same(names, field, keyword) {
  const values = new Set(names.map((name) => property(name, field, keyword)));
  if (values.size !== 1) throw new Error(`openapi.json: ${names.join(", ")} should agree on ${field}'s ${keyword}`);
  return [...values][0];
}

/** `{ property: maxLength }` for every property of the component schema `name` that has one. */
function maxLengths(name) {
  const properties = Object.entries(doc.components?.schemas?.[name]?.properties ?? {});
  const bounded = properties.filter(([, schema]) => Number.isInteger(schema.maxLength));
  if (bounded.length === 0) throw new Error(`openapi.json: no property of ${name} has a maxLength`);
  return `{ ${bounded.map(([field, schema]) => `${field}: ${schema.maxLength}`).join(", ")} } as const`;
}

const constants = [
  ["The last page a listing may ask for: the `page` parameter's `maximum`.", "MAX_PAGE", bound("page", "maximum")],
  ["The longest search, in characters: the `q` parameter's `maxLength`.", "MAX_QUERY_CHARS", bound("q", "maxLength")],
  ["The widths `/img` renders (`ImageWidth`); the first is its default.", "IMAGE_WIDTHS", `[${wholeNumbers("ImageWidth").join(", ")}] as const`],
  ["The most latency the debug bar may inject, in ms: `FaultsSetting.latency_ms`'s `maximum`.", "MAX_LATENCY_MS", property("FaultsSetting", "latency_ms", "maximum")],
  ["The fewest of a variant a cart line holds: `AddLine.quantity`'s and `LineQuantity.quantity`'s `minimum`.", "MIN_QUANTITY", same(["AddLine", "LineQuantity"], "quantity", "minimum")],
  ["The most of a variant a cart line holds: `AddLine.quantity`'s and `LineQuantity.quantity`'s `maximum`.", "MAX_QUANTITY", same(["AddLine", "LineQuantity"], "quantity", "maximum")],
  ["The longest email the checkout takes, in characters: `AddressStep.email`'s `maxLength`.", "MAX_EMAIL_CHARS", property("AddressStep", "email", "maxLength")],
  ["The longest of each address field the checkout takes, in characters: `Address`'s `maxLength`s.", "ADDRESS_MAX_CHARS", maxLengths("Address")],
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
