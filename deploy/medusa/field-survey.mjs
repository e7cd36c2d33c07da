// scripts/real-medusa fields: every `fields=` the adapter's Medusa driver sends, read
// from its source, sent to the served Medusa on the endpoint the driver sends it to;
// path by path, whether the value came back, and whether Medusa's rule (the route's
// allowed list, read from the installed @medusajs/medusa) says it should. Prints
// Markdown (docs/decisions/medusa-field-selection.md holds a run of it); exits 1 when
// a path's answer and the rule disagree.
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { call, readyCart, REGION } from "./store-client.mjs"

const root = process.argv[2]
const install = process.env.VITRINE_MEDUSA_INSTALL
if (!root || !install) throw new Error("usage: VITRINE_MEDUSA_INSTALL=DIR node field-survey.mjs REPO_ROOT")
// By its file: the package's exports map does not name its routes' query configs.
const storeRoutes = path.join(install, "node_modules/@medusajs/medusa/dist/api/store")
const allowedOf = (route, config) =>
  new Set(createRequire(import.meta.url)(path.join(storeRoutes, route, "query-config.js"))[config].allowed)

// ----------------------------------------------------------------- the adapter's fields

const source = (file) => readFileSync(path.join(root, "services/adapter/src/medusa", file), "utf8")
/** A Rust string literal's value (escapes: `\` + newline + indentation, `\"`, `\\`). */
const rustString = (literal) =>
  literal.replace(/\\\n\s*/g, "").replace(/\\(["\\])/g, "$1")
const constant = (file, name) => {
  const found = source(file).match(new RegExp(`const ${name}: &str =\\s*"((?:[^"\\\\]|\\\\[\\s\\S])*)"`))
  if (!found) throw new Error(`no const ${name} in ${file}`)
  return rustString(found[1])
}
const cartFields = constant("transform/cart.rs", "FIELDS")
const checkFields = constant("transform/cart.rs", "CHECK_FIELDS")
const productFields = decodeURIComponent(constant("driver.rs", "PRODUCT_FIELDS").replace(/^fields=/, ""))
const checkoutFormat = source("transform/checkout.rs").match(
  /pub fn fields\(\) -> String \{\s*format!\(\s*"((?:[^"\\]|\\[\s\S])*)"/
)
if (!checkoutFormat) throw new Error("no fields() in transform/checkout.rs")
const checkoutFields = rustString(checkoutFormat[1]).replace("{CART_FIELDS}", cartFields)
const shippingQuery = source("checkout.rs").match(/shipping-options\?cart_id=\{\}&fields=([^"]+)"/)
if (!shippingQuery) throw new Error("no shipping-options fields in checkout.rs")
const shippingFields = shippingQuery[1]

// ------------------------------------------------------------------------ the rule

/**
 * Medusa 2.21's rule (framework http/utils: FieldParser, AllowedFieldFilter): a name
 * without a sign replaces the route's defaults; `*` and `.*` mark a whole relation and
 * are stripped before the check; a path is kept only when it is, as written, in the
 * route's allowed list (its defaults and extras, stars stripped); any other is dropped
 * without a word.
 */
const kept = (allowed, name) => {
  const bare = name.replace(/^[+ \t-]+/, "").trim().replace(/(^\*|\.\*$)/, "")
  return bare === "id" || allowed.has(bare)
}

/** Is the value at `name` in `answer`: "yes", "no", or "n/a" when its parent is empty. */
function present(answer, name) {
  const segments = name.replace(/^[+ \t-]+/, "").replace(/(^\*|\.\*$)/, "").split(".")
  let values = [answer]
  for (const [i, segment] of segments.entries()) {
    const next = []
    let parents = 0
    for (const value of values) {
      if (value === null || value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) {
        if (one === null || typeof one !== "object") continue
        parents += 1
        if (segment in one) next.push(one[segment])
      }
    }
    if (!next.length) return parents ? (i === 0 ? "no" : `no (${segments.slice(0, i).join(".")} came, without ${segment})`) : "n/a"
    values = next
  }
  return "yes"
}

// ---------------------------------------------------------------------------- survey

const cart = await readyCart()
const surveys = [
  {
    what: "`driver.rs` PRODUCT_FIELDS",
    endpoint: "GET /store/products?fields=…&region_id=…&handle=vitrine-tee",
    fields: productFields,
    allowed: allowedOf("products", "listProductQueryConfig"),
    get: async (fields) =>
      (await call("GET", `/store/products?fields=${encodeURIComponent(fields)}&region_id=${REGION}&handle=vitrine-tee`))
        .body.products?.[0],
  },
  {
    what: "`driver.rs` PRODUCT_FIELDS",
    endpoint: "GET /store/products/{id}?fields=…&region_id=…",
    fields: productFields,
    allowed: allowedOf("products", "retrieveProductQueryConfig"),
    get: async (fields) =>
      (await call("GET", `/store/products/${cart.product}?fields=${encodeURIComponent(fields)}&region_id=${REGION}`)).body
        .product,
  },
  {
    what: "`transform/cart.rs` FIELDS",
    endpoint: "GET /store/carts/{id}?fields=… (every cart route shares its query config)",
    fields: cartFields,
    allowed: allowedOf("carts", "retrieveTransformQueryConfig"),
    get: async (fields) => (await call("GET", `/store/carts/${cart.cart}?fields=${encodeURIComponent(fields)}`)).body.cart,
  },
  {
    what: "`transform/cart.rs` CHECK_FIELDS",
    endpoint: "GET /store/carts/{id}?fields=…",
    fields: checkFields,
    allowed: allowedOf("carts", "retrieveTransformQueryConfig"),
    get: async (fields) => (await call("GET", `/store/carts/${cart.cart}?fields=${encodeURIComponent(fields)}`)).body.cart,
  },
  {
    what: "`transform/checkout.rs` fields()",
    endpoint: "GET /store/carts/{id}?fields=… (address and shipping method set)",
    fields: checkoutFields,
    allowed: allowedOf("carts", "retrieveTransformQueryConfig"),
    get: async (fields) => (await call("GET", `/store/carts/${cart.cart}?fields=${encodeURIComponent(fields)}`)).body.cart,
  },
  {
    what: "`checkout.rs` shipping options",
    endpoint: "GET /store/shipping-options?cart_id=…&fields=…",
    fields: shippingFields,
    allowed: allowedOf("shipping-options", "listTransformQueryConfig"),
    get: async (fields) =>
      (await call("GET", `/store/shipping-options?cart_id=${cart.cart}&fields=${encodeURIComponent(fields)}`)).body
        .shipping_options,
  },
]

let disagreements = 0
for (const survey of surveys) {
  const whole = await survey.get(survey.fields)
  if (whole === undefined) throw new Error(`${survey.endpoint}: no answer`)
  console.log(`\n### ${survey.what}: ${survey.endpoint}\n`)
  console.log("`" + survey.fields + "`\n")
  console.log("| path | came back | alone | in the route's allowed list |")
  console.log("| --- | --- | --- | --- |")
  for (const name of survey.fields.split(",").filter(Boolean)) {
    const together = present(whole, name)
    const alone = present(await survey.get(name), name)
    const rule = kept(survey.allowed, name)
    // A computed value (a total, a shipping option's amount) may come back unlisted.
    const agrees = (together === "yes") === rule || (together === "yes" && !rule)
    if (!agrees) disagreements += 1
    console.log(`| \`${name}\` | ${together} | ${alone} | ${rule ? "yes" : "no"}${agrees ? "" : " (DISAGREES)"} |`)
  }
}

// The alternatives for what the checkout needs of the region and a line's variant.
const probes = [
  "*region.countries",
  "region.countries",
  "region.countries.id",
  "region.countries.iso_2",
  "region.countries.*",
  "+region.countries.iso_2",
  "items.variant",
  "*items.variant",
  "items.variant.options",
  "*items.variant.options",
  "items.variant.options.value",
  "items.variant_option_values",
  "+items.variant_option_values",
  "*items",
]
console.log("\n### Probes: GET /store/carts/{id}?fields=PATH (each alone)\n")
console.log("| fields | came back | in the route's allowed list | what came (trimmed) |")
console.log("| --- | --- | --- | --- |")
const cartAllowed = allowedOf("carts", "retrieveTransformQueryConfig")
for (const name of probes) {
  const answer = (await call("GET", `/store/carts/${cart.cart}?fields=${encodeURIComponent(name)}`)).body.cart
  const top = name.replace(/^[+*]/, "").split(".")[0]
  const shown = JSON.stringify(answer?.[top] ?? null)
    .replace(/"(created_at|updated_at|deleted_at|metadata)":[^,}]*,?/g, "")
    .slice(0, 160)
  console.log(`| \`${name}\` | ${present(answer, name)} | ${kept(cartAllowed, name) ? "yes" : "no"} | \`${shown}\` |`)
}
process.exit(disagreements ? 1 : 0)
