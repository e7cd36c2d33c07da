// scripts/real-medusa smoke: a guest checkout against the served Medusa, each request
// and (the part of) its answer that matters printed, then the order read back from
// Medusa's own tables. Exits 1 at the first answer that is not what the seed promises.
import { call, KEY, psqlCommand, REGION, sql, URL_BASE, US_ADDRESS } from "./store-client.mjs"

const show = (value) => JSON.stringify(value)
let failed = false
const check = (ok, what) => {
  if (!ok) {
    console.log(`   FAILED: ${what}`)
    failed = true
  }
}

async function step(method, path, body, digest) {
  console.log(`\n$ curl -X ${method} '${URL_BASE}${path}' -H 'x-publishable-api-key: ${KEY}'` +
    (body ? ` -H 'content-type: application/json' -d '${show(body)}'` : ""))
  const answer = await call(method, path, body)
  console.log(`-> ${answer.status} ${show(digest && answer.status < 300 ? digest(answer.body) : answer.body)}`)
  if (answer.status >= 300) {
    console.log("smoke: FAILED")
    process.exit(1)
  }
  return answer.body
}

const tree = (categories) =>
  categories.map((c) => ({ [c.handle]: { rank: c.rank, children: tree(c.category_children ?? []) } }))

const categories = await step(
  "GET",
  "/store/product-categories?parent_category_id=null&include_descendants_tree=true",
  undefined,
  (b) => tree(b.product_categories)
)
check(show(tree(categories.product_categories)).includes('"t-shirts"'), "the tree holds t-shirts")

const fields = "fields=%2Avariants.calculated_price%2C%2Bvariants.inventory_quantity"
const tee = await step("GET", `/store/products?handle=vitrine-tee&region_id=${REGION}&${fields}`, undefined, (b) =>
  b.products.map((p) => ({
    id: p.id,
    title: p.title,
    variants: p.variants.map((v) => [
      v.sku,
      v.calculated_price?.calculated_amount,
      v.calculated_price?.original_amount,
      v.calculated_price?.currency_code,
      v.inventory_quantity,
    ]),
  }))
)
const variant = tee.products[0].variants.find((v) => v.sku === "TEE-M-BLACK")
check(variant.calculated_price.calculated_amount === 11.55, "TEE-M-BLACK's sale price is 11.55")

const { cart } = await step("POST", "/store/carts", { region_id: REGION }, (b) => ({
  id: b.cart.id,
  region_id: b.cart.region_id,
  currency_code: b.cart.currency_code,
  sales_channel_id: b.cart.sales_channel_id,
}))

await step("POST", `/store/carts/${cart.id}/line-items`, { variant_id: variant.id, quantity: 1 }, (b) => ({
  items: b.cart.items.map((i) => [i.variant_sku, i.quantity, i.unit_price]),
  item_subtotal: b.cart.item_subtotal,
}))

await step(
  "POST",
  `/store/carts/${cart.id}`,
  { email: "ada@example.com", shipping_address: US_ADDRESS, billing_address: US_ADDRESS },
  (b) => ({ email: b.cart.email, shipping_address: b.cart.shipping_address })
)

const options = await step("GET", `/store/shipping-options?cart_id=${cart.id}`, undefined, (b) =>
  b.shipping_options.map((o) => ({ id: o.id, name: o.name, amount: o.amount, price_type: o.price_type }))
)
const standard = options.shipping_options.find((o) => o.name === "Standard Shipping")
check(standard?.amount === 10, "Standard Shipping costs 10")

await step("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: standard.id }, (b) => ({
  shipping_methods: b.cart.shipping_methods.map((m) => [m.shipping_option_id, m.amount]),
  item_subtotal: b.cart.item_subtotal,
  shipping_subtotal: b.cart.shipping_subtotal,
  tax_total: b.cart.tax_total,
  total: b.cart.total,
}))

const { payment_collection: collection } = await step(
  "POST",
  "/store/payment-collections",
  { cart_id: cart.id },
  (b) => ({ id: b.payment_collection.id, amount: b.payment_collection.amount, status: b.payment_collection.status })
)

await step(
  "POST",
  `/store/payment-collections/${collection.id}/payment-sessions`,
  { provider_id: "pp_system_default" },
  (b) => ({
    sessions: b.payment_collection.payment_sessions.map((s) => [s.provider_id, s.amount, s.status]),
  })
)

const completed = await step("POST", `/store/carts/${cart.id}/complete`, undefined, (b) =>
  b.type === "order"
    ? { type: b.type, id: b.order.id, display_id: b.order.display_id, total: b.order.total, email: b.order.email }
    : b
)
check(completed.type === "order", "completing answers an order")

const query = `select display_id, email, currency_code, status from "order" where id = '${completed.order?.id}'`
console.log(`\n$ ${psqlCommand(query)}`)
const rows = sql(query)
console.log(`-> ${show(rows)}`)
check(rows.length === 1 && rows[0][0] === String(completed.order?.display_id), "the order is in Medusa's tables")

console.log(failed ? "\nsmoke: FAILED" : "\nsmoke: ok")
process.exit(failed ? 1 : 0)
