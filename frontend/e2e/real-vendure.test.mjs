// The shopper's walk (real-walk.mjs) against a REAL Vendure 3 server (scripts/real-vendure
// serve: npm's @vendure/core on its own PostgreSQL, with services/fakes/fixtures/vendure),
// the confirmation naming Vendure's order code, read back from Vendure's order table.
//
// The variants: TEE-M-BLACK at 375px, TEE-M-WHITE at 1280px: 15.00 USD, 16.50 with the
// seed's 10% tax, plus Standard Shipping's 10.00 (500 of each in stock: no run sells out).
import { execFileSync } from "node:child_process";
import { DESKTOP, MOBILE } from "./suite.mjs";
import { money, realWalks } from "./real-walk.mjs";

const VARIABLES = ["URL", "PG_DIR", "PG_DB"].map((n) => `VITRINE_REAL_VENDURE_${n}`);
const [, PG_DIR, PG_DB] = VARIABLES.map((n) => process.env[n]);

realWalks({
  label: "Vendure",
  driver: "vendure",
  script: "real-vendure",
  variables: VARIABLES,
  env: () => ({ VITRINE_VENDURE_URL: process.env.VITRINE_REAL_VENDURE_URL }),
  walks: [
    { viewport: MOBILE, picks: [["Size", 1, "M"], ["Color", 0, "Black"]], line: "Size: M, Color: Black", total: "$26.50" },
    { viewport: DESKTOP, picks: [["Size", 1, "M"], ["Color", 1, "White"]], line: "Size: M, Color: White", total: "$26.50" },
  ],
  // The seed's channel enters prices without tax, and the page says so.
  tax: "excl. tax",
  // Vendure's codes: 16 of 1-9 and A-Z without I and O.
  number: /^[1-9A-HJ-NP-Z]{16}$/,
  record: (code) => {
    // Money in minor units; the total with tax is the subtotal's and the shipping's.
    const query =
      `select o.code, c."emailAddress", o."currencyCode", o."subTotalWithTax" + o."shippingWithTax" as total ` +
      `from "order" o join customer c on c.id = o."customerId" where o.code = '${code}'`;
    const out = execFileSync(
      process.env.PSQL || "psql",
      ["-X", "-q", "-At", "-F", "\t", "-h", PG_DIR, "-U", "postgres", "-d", PG_DB, "-v", "ON_ERROR_STOP=1", "-c", query],
      { encoding: "utf8" }
    );
    const rows = out.split("\n").filter(Boolean).map((line) => line.split("\t"));
    const [, email, currency, total] = rows[0] ?? [];
    return {
      command: `psql -h ${PG_DIR} -U postgres ${PG_DB} -c ${JSON.stringify(query)}`,
      rows,
      email,
      total: rows.length ? money(Number(total) / 100, currency) : null,
    };
  },
});
