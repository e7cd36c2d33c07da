// The Vendure 3 server scripts/real-vendure serves (copied into its temporary folder,
// next to a link to the cached node_modules). Read by server.js and seed.js; settings
// come from the environment the script sets:
//   VENDURE_PG_DIR     PostgreSQL's socket folder (no TCP port)
//   VENDURE_DB         the database's name
//   VENDURE_ASSETS     the folder assets are kept in (served at /assets/)
//   VENDURE_ADMIN_PASSWORD  the superadmin's password, made per serve
//   VENDURE_SYNCHRONIZE     "1" to create the tables (the seed run); a restored dump has them
const fs = require("node:fs")
const path = require("node:path")
const express = require("express")
const { DefaultLogger, DefaultSearchPlugin, LogLevel, dummyPaymentHandler } = require("@vendure/core")

const ASSETS = process.env.VENDURE_ASSETS

// Assets as plain files in a folder, their preview the file itself. Vendure's own asset
// plugin would need sharp (a native image library) for previews; Vitrine resizes images
// itself, so the originals are what it should be given.
class FolderAssetStorage {
  constructor(dir) {
    this.dir = dir
  }
  file(name) {
    const file = path.resolve(this.dir, name)
    if (!file.startsWith(path.resolve(this.dir) + path.sep)) throw new Error(`not an asset: ${name}`)
    return file
  }
  async writeFileFromBuffer(name, data) {
    await fs.promises.mkdir(path.dirname(this.file(name)), { recursive: true })
    await fs.promises.writeFile(this.file(name), data)
    return name
  }
  async writeFileFromStream(name, stream) {
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)
    return this.writeFileFromBuffer(name, Buffer.concat(chunks))
  }
  readFileToBuffer(id) {
    return fs.promises.readFile(this.file(id))
  }
  async readFileToStream(id) {
    return fs.createReadStream(this.file(id))
  }
  deleteFile(id) {
    return fs.promises.rm(this.file(id), { force: true })
  }
  async fileExists(name) {
    return fs.existsSync(this.file(name))
  }
  // An absolute address on the server that answered, as Vendure's asset plugin gives.
  toAbsoluteUrl(request, id) {
    return request ? `${request.protocol}://${request.get("host")}/assets/${id}` : id
  }
}

const sourceAsPreview = { generatePreviewImage: async (_ctx, _mimeType, data) => data }

module.exports = {
  apiOptions: {
    hostname: "127.0.0.1",
    // The OS chooses; server.js says which.
    port: 0,
    shopApiPath: "shop-api",
    adminApiPath: "admin-api",
    cors: false,
    middleware: [{ route: "/assets", handler: express.static(ASSETS) }],
  },
  authOptions: {
    // Vitrine keeps a visitor's order by its session token, sent as a bearer token (the
    // server's default is a cookie).
    tokenMethod: ["bearer", "cookie"],
    superadminCredentials: { identifier: "superadmin", password: process.env.VENDURE_ADMIN_PASSWORD },
    cookieOptions: { secret: process.env.VENDURE_ADMIN_PASSWORD },
  },
  dbConnectionOptions: {
    type: "postgres",
    host: process.env.VENDURE_PG_DIR,
    port: 5432,
    username: "postgres",
    database: process.env.VENDURE_DB,
    synchronize: process.env.VENDURE_SYNCHRONIZE === "1",
    logging: false,
  },
  assetOptions: {
    assetStorageStrategy: new FolderAssetStorage(ASSETS),
    assetPreviewStrategy: sourceAsPreview,
  },
  paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
  importExportOptions: { importAssetsDir: path.join(__dirname, "import-assets") },
  plugins: [DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true })],
  logger: new DefaultLogger({ level: LogLevel.Info }),
}
