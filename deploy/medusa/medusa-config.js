// The Medusa 2 project scripts/real-medusa serves (copied into its temporary folder, next
// to a link to the cached node_modules). Only the Store API is used: no admin build, no
// Redis (Medusa's defaults are the in-memory event bus, cache, locking and workflow
// engine), secrets generated per serve by the script.
const { defineConfig } = require("@medusajs/framework/utils")

module.exports = defineConfig({
  projectConfig: {
    // A unix socket (scripts/real-medusa: postgres has no TCP port).
    databaseUrl: process.env.DATABASE_URL,
    // Medusa turns SSL on for any database URL that names neither localhost nor
    // 127.0.0.1 (its migrations then wait 10 s and fail): a socket has no SSL.
    databaseDriverOptions: { connection: { ssl: false } },
    http: {
      storeCors: "http://127.0.0.1",
      adminCors: "http://127.0.0.1",
      authCors: "http://127.0.0.1",
      jwtSecret: process.env.JWT_SECRET,
      cookieSecret: process.env.COOKIE_SECRET,
    },
  },
  admin: { disable: true },
})
