// scripts/real-vendure smoke: a guest's whole checkout against the served Vendure's Shop
// API, each operation and (the part of) its answer that matters printed, then the order
// read back from Vendure's own tables with psql. Exits 1 at the first answer that is not
// what the seed promises.
import { execFileSync } from "node:child_process"

const SHOP = `${process.env.VITRINE_REAL_VENDURE_URL}/shop-api`
const show = (value) => JSON.stringify(value)
let token = ""

async function step(query, variables, digest) {
  console.log(`\n$ POST ${SHOP}${token ? " (Authorization: Bearer <the session's token>)" : ""}\n  ${query}`)
  const response = await fetch(SHOP, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  })
  const issued = response.headers.get("vendure-auth-token")
  if (issued) token = issued
  const body = await response.json()
  const data = body.data && digest ? digest(body.data) : body
  console.log(`-> ${response.status} ${show(data)}`)
  const error = JSON.stringify(body.data ?? {}).match(/"errorCode":"([A-Z_]+)"/)
  if (response.status !== 200 || body.errors || error) {
    console.log("smoke: FAILED")
    process.exit(1)
  }
  return body.data
}

const ORDER = "code state totalWithTax lines { quantity productVariant { sku } }"
const tee = await step(`{ product(slug: "vitrine-tee") { variants { id sku priceWithTax stockLevel } } }`, {}, (d) =>
  d.product.variants.map((v) => [v.sku, v.priceWithTax, v.stockLevel])
)
const variant = tee.product.variants.find((v) => v.sku === "TEE-S-WHITE").id
await step(
  `mutation ($v: ID!) { addItemToOrder(productVariantId: $v, quantity: 1) { __typename ... on Order { ${ORDER} } ... on ErrorResult { errorCode } } }`,
  { v: variant }
)
await step(
  `mutation { setCustomerForOrder(input: { emailAddress: "ada@example.com", firstName: "Ada", lastName: "Lovelace" }) { __typename ... on ErrorResult { errorCode } } }`
)
await step(
  `mutation { setOrderShippingAddress(input: { fullName: "Ada Lovelace", streetLine1: "1 Main St", city: "New York", province: "NY", postalCode: "10001", countryCode: "US" }) { __typename ... on ErrorResult { errorCode } } }`
)
const methods = await step(`{ eligibleShippingMethods { id name priceWithTax } }`)
await step(
  `mutation ($m: [ID!]!) { setOrderShippingMethod(shippingMethodId: $m) { __typename ... on ErrorResult { errorCode } } }`,
  { m: [methods.eligibleShippingMethods[0].id] }
)
await step(
  `mutation { transitionOrderToState(state: "ArrangingPayment") { __typename ... on ErrorResult { errorCode } } }`
)
const payments = await step(`{ eligiblePaymentMethods { code isEligible } }`)
const placed = await step(
  `mutation ($m: String!) { addPaymentToOrder(input: { method: $m, metadata: {} }) { __typename ... on Order { ${ORDER} } ... on ErrorResult { errorCode } } }`,
  { m: payments.eligiblePaymentMethods.find((p) => p.isEligible).code }
)
const code = placed.addPaymentToOrder.code

const sql = `select o.code, o.state, o."subTotalWithTax" + o."shippingWithTax", c."emailAddress" from "order" o join customer c on c.id = o."customerId" where o.code = '${code}'`
const args = ["-X", "-At", "-h", process.env.VITRINE_REAL_VENDURE_PG_DIR, "-U", "postgres", process.env.VITRINE_REAL_VENDURE_PG_DB, "-c", sql]
console.log(`\n$ psql -h ${process.env.VITRINE_REAL_VENDURE_PG_DIR} -U postgres ${process.env.VITRINE_REAL_VENDURE_PG_DB} -c ${show(sql)}`)
const row = execFileSync(process.env.PSQL ?? "psql", args, { encoding: "utf8" }).trim()
console.log(`-> ${row}`)
if (!row.startsWith(`${code}|PaymentSettled|`) || !row.endsWith("|ada@example.com")) {
  console.log("smoke: FAILED")
  process.exit(1)
}
console.log("\nsmoke: ok")
