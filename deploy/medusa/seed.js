// Vitrine's own catalogue for a real Medusa 2 server: `medusa exec ./seed.js` on a
// freshly migrated database (scripts/real-medusa serve runs it once and caches the
// result). Everything is made through Medusa's own workflows, as its admin would.
//
// What it makes (scripts/real-medusa smoke and the tests against the real server rely
// on it):
// - categories Clothing > Tops > T-Shirts, and Accessories, ranked in that order;
// - regions North America (USD; us, ca) and Europe (EUR; de, fr), automatic taxes
//   (tax regions without rates: 0 tax), the system payment provider in both;
// - one stock location, linked to the store's default sales channel and to the manual
//   fulfillment provider, with a shipping fulfillment set whose service zones cover both
//   regions' countries, and a flat "Standard Shipping" in each (10 USD; 8 EUR);
// - products, created one at a time in this order (created_at follows it):
//   Vitrine Tee (T-Shirts; Size S/M/L x Color Black/White; 15 USD / 14 EUR; stock 10,
//   TEE-L-WHITE 0; a sale price list puts TEE-M-BLACK at 11.55 USD), Vitrine Hoodie
//   (Tops; Size S/M/L; 45 USD / 42 EUR; stock 5), five one-variant tees in T-Shirts
//   (Ember 27, Basalt 18, Dune 12, Amber 24, Cobalt 30 USD: title, price and creation
//   orders all differ; stock 10), Vitrine Cap (Accessories; Medusa's default option;
//   20 USD / 19 EUR; inventory not managed), and Vitrine Draft (T-Shirts, draft);
// - a publishable API key "Vitrine Storefront" linked to the default sales channel.
//
// Amounts are in major units (Medusa 2 stores 15 for 15.00 USD).

const { ContainerRegistrationKeys, Modules } = require("@medusajs/framework/utils")
const {
  createApiKeysWorkflow,
  createInventoryLevelsWorkflow,
  createPriceListsWorkflow,
  createProductCategoriesWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} = require("@medusajs/core-flows")

const SIZES = ["S", "M", "L"]
const COLORS = ["Black", "White"]
// The five plain tees: [title, handle prefix, USD, EUR], in creation order.
const PLAIN_TEES = [
  ["Ember Tee", "ember", 27, 25],
  ["Basalt Tee", "basalt", 18, 17],
  ["Dune Tee", "dune", 12, 11],
  ["Amber Tee", "amber", 24, 22],
  ["Cobalt Tee", "cobalt", 30, 28],
]

const prices = (usd, eur) => [
  { amount: usd, currency_code: "usd" },
  { amount: eur, currency_code: "eur" },
]

/** Medusa's admin gives a product without options this one option and value. */
const DEFAULT_OPTION = { title: "Default option", values: ["Default option value"] }
const DEFAULT_VALUE = { "Default option": "Default option value" }

exports.default = async function seed({ container }) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const step = (what) => logger.info(`vitrine seed: ${what}`)

  const { data: existing } = await query.graph({
    entity: "product_category",
    fields: ["id"],
    filters: { handle: "clothing" },
  })
  if (existing.length) {
    throw new Error("vitrine seed: this database is already seeded (category clothing exists)")
  }

  // The store, its default sales channel and default publishable key are made by
  // Medusa's own defaults when it loads.
  const {
    data: [store],
  } = await query.graph({ entity: "store", fields: ["id", "default_sales_channel_id"] })
  const channel = store.default_sales_channel_id
  if (!channel) throw new Error("vitrine seed: the store has no default sales channel")

  step("regions and taxes")
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: "North America",
          currency_code: "usd",
          countries: ["us", "ca"],
          automatic_taxes: true,
          payment_providers: ["pp_system_default"],
        },
        {
          name: "Europe",
          currency_code: "eur",
          countries: ["de", "fr"],
          automatic_taxes: true,
          payment_providers: ["pp_system_default"],
        },
      ],
    },
  })
  const [northAmerica, europe] = regions
  await createTaxRegionsWorkflow(container).run({
    input: ["us", "ca", "de", "fr"].map((country_code) => ({ country_code, provider_id: "tp_system" })),
  })
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        supported_currencies: [
          { currency_code: "usd", is_default: true },
          { currency_code: "eur" },
        ],
        default_region_id: northAmerica.id,
      },
    },
  })

  step("stock location, fulfillment and shipping")
  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: "Vitrine Warehouse",
          address: { address_1: "1 Front Street", city: "Toronto", country_code: "CA", postal_code: "M5J 1E6" },
        },
      ],
    },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [channel] } })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })
  const shippingSet = await fulfillment.createFulfillmentSets({
    name: "Vitrine Warehouse shipping",
    type: "shipping",
    service_zones: [
      {
        name: "North America",
        geo_zones: [
          { type: "country", country_code: "us" },
          { type: "country", country_code: "ca" },
        ],
      },
      {
        name: "Europe",
        geo_zones: [
          { type: "country", country_code: "de" },
          { type: "country", country_code: "fr" },
        ],
      },
    ],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: shippingSet.id },
  })
  const zone = (name) => shippingSet.service_zones.find((z) => z.name === name).id

  let [profile] = await fulfillment.listShippingProfiles({ type: "default" })
  if (!profile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    profile = result[0]
  }
  const standard = (zoneName, region, currency, amount) => ({
    name: "Standard Shipping",
    price_type: "flat",
    provider_id: "manual_manual",
    service_zone_id: zone(zoneName),
    shipping_profile_id: profile.id,
    type: { label: "Standard", description: "Ships in 2-3 days.", code: "standard" },
    prices: [
      { currency_code: currency, amount },
      { region_id: region.id, amount },
    ],
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" },
      { attribute: "is_return", value: "false", operator: "eq" },
    ],
  })
  await createShippingOptionsWorkflow(container).run({
    input: [standard("North America", northAmerica, "usd", 10), standard("Europe", europe, "eur", 8)],
  })

  step("categories")
  const category = async (name, handle, rank, parent) => {
    const { result } = await createProductCategoriesWorkflow(container).run({
      input: {
        product_categories: [
          { name, handle, rank, is_active: true, is_internal: false, parent_category_id: parent ?? null },
        ],
      },
    })
    return result[0].id
  }
  const clothing = await category("Clothing", "clothing", 0)
  const tops = await category("Tops", "tops", 0, clothing)
  const tShirts = await category("T-Shirts", "t-shirts", 0, tops)
  const accessories = await category("Accessories", "accessories", 1)

  step("products")
  // One workflow run each, so created_at follows the order above.
  const product = async (input) => {
    const { result } = await createProductsWorkflow(container).run({
      input: {
        products: [{ status: "published", shipping_profile_id: profile.id, sales_channels: [{ id: channel }], ...input }],
      },
    })
    return result[0]
  }
  await product({
    title: "Vitrine Tee",
    handle: "vitrine-tee",
    description: "The house tee, in two colours.",
    category_ids: [tShirts],
    options: [
      { title: "Size", values: SIZES },
      { title: "Color", values: COLORS },
    ],
    variants: SIZES.flatMap((size) =>
      COLORS.map((color) => ({
        title: `${size} / ${color}`,
        sku: `TEE-${size}-${color.toUpperCase()}`,
        options: { Size: size, Color: color },
        manage_inventory: true,
        prices: prices(15, 14),
      }))
    ),
  })
  await product({
    title: "Vitrine Hoodie",
    handle: "vitrine-hoodie",
    description: "A warm hoodie.",
    category_ids: [tops],
    options: [{ title: "Size", values: SIZES }],
    variants: SIZES.map((size) => ({
      title: size,
      sku: `HOODIE-${size}`,
      options: { Size: size },
      manage_inventory: true,
      prices: prices(45, 42),
    })),
  })
  for (const [title, handle, usd, eur] of PLAIN_TEES) {
    await product({
      title,
      handle: `${handle}-tee`,
      category_ids: [tShirts],
      options: [DEFAULT_OPTION],
      variants: [
        {
          title: "One size",
          sku: `${handle.toUpperCase()}-TEE`,
          options: DEFAULT_VALUE,
          manage_inventory: true,
          prices: prices(usd, eur),
        },
      ],
    })
  }
  await product({
    title: "Vitrine Cap",
    handle: "vitrine-cap",
    category_ids: [accessories],
    options: [DEFAULT_OPTION],
    variants: [
      { title: "One size", sku: "CAP", options: DEFAULT_VALUE, manage_inventory: false, prices: prices(20, 19) },
    ],
  })
  await product({
    title: "Vitrine Draft",
    handle: "vitrine-draft",
    status: "draft",
    category_ids: [tShirts],
    options: [DEFAULT_OPTION],
    variants: [
      { title: "One size", sku: "DRAFT", options: DEFAULT_VALUE, manage_inventory: true, prices: prices(99, 99) },
    ],
  })

  step("stock")
  const { data: items } = await query.graph({ entity: "inventory_item", fields: ["id", "sku"] })
  const stock = (sku) => (sku === "TEE-L-WHITE" ? 0 : sku.startsWith("HOODIE-") ? 5 : 10)
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: items.map((item) => ({
        inventory_item_id: item.id,
        location_id: location.id,
        stocked_quantity: stock(item.sku),
      })),
    },
  })

  step("sale price list")
  const { data: saleVariants } = await query.graph({
    entity: "product_variant",
    fields: ["id"],
    filters: { sku: "TEE-M-BLACK" },
  })
  await createPriceListsWorkflow(container).run({
    input: {
      price_lists_data: [
        {
          title: "Vitrine sale",
          description: "TEE-M-BLACK at 11.55 USD",
          type: "sale",
          status: "active",
          prices: [{ amount: 11.55, currency_code: "usd", variant_id: saleVariants[0].id }],
        },
      ],
    },
  })

  step("publishable key")
  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Vitrine Storefront", type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key.id, add: [channel] } })

  step("done")
}
