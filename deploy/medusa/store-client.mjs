// A small Store API client for smoke.mjs and field-survey.mjs: the served Medusa from
// VITRINE_REAL_MEDUSA_* (scripts/real-medusa serve), each call printed when asked.
import { execFileSync } from "node:child_process"

const need = (name) => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set (scripts/real-medusa serve --env-file FILE)`)
  return value
}

export const URL_BASE = need("VITRINE_REAL_MEDUSA_URL")
export const KEY = need("VITRINE_REAL_MEDUSA_KEY")
export const REGION = need("VITRINE_REAL_MEDUSA_REGION")
const PG_DIR = need("VITRINE_REAL_MEDUSA_PG_DIR")
const PG_DB = need("VITRINE_REAL_MEDUSA_PG_DB")

/** `method path [body]` against the Store API: `{ status, body }` (body parsed). */
export async function call(method, path, body) {
  const response = await fetch(URL_BASE + path, {
    method,
    headers: {
      "x-publishable-api-key": KEY,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  let parsed
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = text
  }
  return { status: response.status, body: parsed }
}

/** One query to Medusa's own database (psql over its unix socket), as rows of fields. */
export function sql(query) {
  const out = execFileSync(
    process.env.PSQL || "psql",
    ["-X", "-q", "-At", "-F", "\t", "-h", PG_DIR, "-U", "postgres", "-d", PG_DB, "-v", "ON_ERROR_STOP=1", "-c", query],
    { encoding: "utf8" }
  )
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"))
}

export const psqlCommand = (query) => `psql -h ${PG_DIR} -U postgres ${PG_DB} -c ${JSON.stringify(query)}`

/** A US address as Vitrine sends one (the province is free text in Medusa). */
export const US_ADDRESS = {
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "1 Main Street",
  city: "Albany",
  province: "NY",
  postal_code: "12207",
  country_code: "us",
  phone: "+1 518 555 0100",
}

/** A cart in the seeded USD region with one TEE-M-BLACK, an address and Standard Shipping. */
export async function readyCart(log = () => {}) {
  const step = async (method, path, body) => {
    const answer = await call(method, path, body)
    log(method, path, body, answer)
    if (answer.status >= 300) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
    }
    return answer.body
  }
  const products = await step("GET", `/store/products?handle=vitrine-tee&region_id=${REGION}`)
  const variant = products.products[0].variants.find((v) => v.sku === "TEE-M-BLACK")
  const { cart } = await step("POST", "/store/carts", { region_id: REGION })
  await step("POST", `/store/carts/${cart.id}/line-items`, { variant_id: variant.id, quantity: 1 })
  await step("POST", `/store/carts/${cart.id}`, {
    email: "ada@example.com",
    shipping_address: US_ADDRESS,
    billing_address: US_ADDRESS,
  })
  const { shipping_options } = await step("GET", `/store/shipping-options?cart_id=${cart.id}`)
  const standard = shipping_options.find((o) => o.name === "Standard Shipping")
  await step("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: standard.id })
  return { cart: cart.id, variant: variant.id, product: products.products[0].id, option: standard.id }
}
