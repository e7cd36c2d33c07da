// Vitrine's own shop for a real Vendure 3 server: `node seed.js` on an empty database
// (scripts/real-vendure serve runs it once and caches the result), through Vendure's own
// import (`populate`, as `@vendure/create` does) and services.
//
// What it makes, from services/fakes/fixtures/vendure (the demo shop serves the same;
// the tests against the real server rely on it):
// - one zone, North America, with the United States and Canada; a 10% tax rate there
//   ("Standard"); the default channel in USD with prices excluding tax (Vendure's default);
// - "Standard Shipping" at 10.00, and "Test Payment" (Vendure's dummy handler, settling at once);
// - collections Clothing > Tops > T-Shirts, and Accessories, in that order, each holding
//   the products of its facet (dept, cat, type: a child narrows its parent);
// - products (products.csv), in this order: Vitrine Tee (Size S/M/L x Color Black/White,
//   15.00, TEE-L-WHITE sold out), Vitrine Hoodie (Size S/M/L, 45.00, HOODIE-S 5 in stock),
//   five one-variant tees (Ember 27, Basalt 18, Dune 12, Amber 24, Cobalt 30), Vitrine Cap
//   (20.00, stock not tracked), and Vitrine Draft (disabled). The rest have 500 in stock,
//   so that the orders of many test runs against one server never sell them out;
// - images: a plain PNG of its own colour for each product (and each tee colour);
// - the search index rebuilt, and every job settled, before it exits.
const fs = require("node:fs")
const path = require("node:path")
const zlib = require("node:zlib")
const { bootstrap, ConfigService, JobQueueService, ProductService, RequestContextService } = require("@vendure/core")
const { populate } = require("@vendure/core/cli")
const config = require("./vendure-config")

// The shop's data, shared with the demo shop that mirrors this server
// (services/fakes/fixtures/vendure, copied beside this file by scripts/real-vendure):
// Vendure's initial data as populate takes it, the products to disable after the
// import, and each image the products name, as its colour.
const SHOP = require("./shop.json")

// A PNG of one colour: 8-bit RGB, no interlace (the smallest valid file).
function png(width, height, [r, g, b]) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, "ascii"), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3)
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

// Until no job is left unsettled, twice in a row (a settled job may queue the next:
// collection filters, then the variants' index entries).
async function jobsSettled(app, seconds) {
  const strategy = app.get(ConfigService).jobQueueOptions.jobQueueStrategy
  const deadline = Date.now() + seconds * 1000
  let quiet = 0
  while (quiet < 2) {
    if (Date.now() > deadline) throw new Error(`jobs still running after ${seconds}s`)
    await new Promise((resolve) => setTimeout(resolve, 250))
    const { totalItems } = await strategy.findMany({ filter: { isSettled: { eq: false } } })
    quiet = totalItems === 0 ? quiet + 1 : 0
  }
}

async function shop(port, query) {
  const response = await fetch(`http://127.0.0.1:${port}/shop-api`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  })
  const body = await response.json()
  if (body.errors) throw new Error(JSON.stringify(body.errors))
  return body.data
}

async function main() {
  const images = config.importExportOptions.importAssetsDir
  fs.mkdirSync(images, { recursive: true })
  for (const [name, colour] of Object.entries(SHOP.images)) {
    fs.writeFileSync(path.join(images, name), png(800, 800, colour))
  }
  const app = await populate(
    async () => {
      const started = await bootstrap({ ...config, dbConnectionOptions: { ...config.dbConnectionOptions, synchronize: true } })
      await started.get(JobQueueService).start()
      return started
    },
    SHOP.initialData,
    path.join(__dirname, "products.csv"),
  )
  const ctx = await app.get(RequestContextService).create({ apiType: "admin" })
  const products = app.get(ProductService)
  for (const slug of SHOP.disabledProducts) {
    const product = await products.findOneBySlug(ctx, slug)
    if (!product) throw new Error(`the import made no ${slug} (see vendure-import-error.log)`)
    await products.update(ctx, { id: product.id, enabled: false })
  }
  await jobsSettled(app, 120)

  // populate logs its failures and goes on: what the tests rely on is checked here.
  const port = app.getHttpServer().address().port
  const { collections, search, draftProduct, countries } = await shop(
    port,
    `{ collections { totalItems }
       search(input: { groupByProduct: true, take: 1 }) { totalItems }
       draftProduct: product(slug: "vitrine-draft") { id }
       countries: availableCountries { code } }`,
  )
  const made = { collections: collections.totalItems, products: search.totalItems, countries: countries.length }
  const expected = { collections: 4, products: 8, countries: 2 }
  if (JSON.stringify(made) !== JSON.stringify(expected) || draftProduct !== null) {
    throw new Error(`the seed made ${JSON.stringify(made)} (draft ${JSON.stringify(draftProduct)}), not ${JSON.stringify(expected)}`)
  }
  console.log(`seeded: ${JSON.stringify(made)}`)
  await app.close()
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
