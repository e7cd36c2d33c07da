// The shopper's walk (real-walk.mjs) against a REAL Medusa 2 server (scripts/real-medusa
// serve: npm's @medusajs/medusa on its own PostgreSQL, with deploy/medusa/seed.js), the
// confirmation naming Medusa's display id, read back from Medusa's order tables.
//
// The variants: TEE-M-BLACK (on sale, 11.55 USD) at 375px, TEE-M-WHITE at 1280px. None of
// the other tests against the server counts on their stock (the Rust conformance suite
// uses TEE-S-BLACK, HOODIE-S/M and the sold-out TEE-L-WHITE; the smoke takes one
// TEE-M-BLACK of its 10).
import { DESKTOP, MOBILE } from "./suite.mjs";
import { money, realWalks } from "./real-walk.mjs";

const VARIABLES = ["URL", "KEY", "REGION", "PG_DIR", "PG_DB"].map((n) => `VITRINE_REAL_MEDUSA_${n}`);

// Medusa's tables, read as its back office would (the smoke's client; it reads the
// variables when loaded, so only once they are known to be there).
const store = VARIABLES.every((n) => process.env[n]) ? await import("../../deploy/medusa/store-client.mjs") : null;

realWalks({
  label: "Medusa",
  driver: "medusa",
  script: "real-medusa",
  variables: VARIABLES,
  env: () => ({
    VITRINE_MEDUSA_URL: process.env.VITRINE_REAL_MEDUSA_URL,
    VITRINE_MEDUSA_PUBLISHABLE_KEY: process.env.VITRINE_REAL_MEDUSA_KEY,
    VITRINE_MEDUSA_REGION_ID: process.env.VITRINE_REAL_MEDUSA_REGION,
  }),
  walks: [
    { viewport: MOBILE, picks: [["Size", 1, "M"], ["Color", 0, "Black"]], line: "Variant: M / Black", total: "$21.55" },
    { viewport: DESKTOP, picks: [["Size", 1, "M"], ["Color", 1, "White"]], line: "Variant: M / White", total: "$25.00" },
  ],
  // Medusa's region prices say nothing of tax to the page.
  tax: null,
  number: /^\d+$/,
  record: (number) => {
    const query =
      `select o.display_id, o.email, o.currency_code, s.totals->>'current_order_total' as total ` +
      `from "order" o join order_summary s on s.order_id = o.id and s.deleted_at is null ` +
      `where o.display_id = ${number} and o.deleted_at is null`;
    const rows = store.sql(query);
    const [, email, currency, total] = rows[0] ?? [];
    return { command: store.psqlCommand(query), rows, email, total: rows.length ? money(Number(total), currency) : null };
  },
});
