// The shopper's walk against a REAL Medusa 2 server (scripts/real-medusa serve: npm's
// @medusajs/medusa on its own PostgreSQL, with deploy/medusa/seed.js), not the demo's
// built-in one: `vitrine all` pointed at it, at 375px and 1280px, by keyboard only, from
// the home page through the menu (Clothing > Tops, then T-Shirts) to Vitrine Tee, a size
// and colour, the cart, the checkout with a US address, Standard Shipping, Place order, and
// the confirmation with Medusa's display id. Then Medusa's own database (psql) holds that
// order with this shopper's email and the total the page showed; the query and its answer
// are printed.
//
// The variants: TEE-M-BLACK (on sale, 11.55 USD) at 375px, TEE-M-WHITE at 1280px. None of
// the other tests against the server counts on their stock (the Rust conformance suite
// uses TEE-S-BLACK, HOODIE-S/M and the sold-out TEE-L-WHITE; the smoke takes one
// TEE-M-BLACK of its 10).
//
// The server is named by VITRINE_REAL_MEDUSA_* (its env file). Without them the tests are
// skipped, saying why; with VITRINE_REAL_BACKENDS=required (scripts/test) they fail.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { DESKTOP, MOBILE, assertNoShift, installShiftObserver, launchBrowser, newContext, settled, startAll, tabTo } from "./suite.mjs";
import { checkoutByKeyboard } from "./walk.mjs";

const NAMES = ["URL", "KEY", "REGION", "PG_DIR", "PG_DB"].map((n) => `VITRINE_REAL_MEDUSA_${n}`);
const unset = NAMES.filter((n) => !process.env[n]);
const absent =
  unset.length > 0
    ? `no real Medusa server: ${unset.join(", ")} unset (start one with \`scripts/real-medusa serve --env-file FILE\` and source FILE)`
    : null;
const required = process.env.VITRINE_REAL_BACKENDS === "required";

let suite, browser, store;
before(async () => {
  if (absent) return;
  // Medusa's tables, read as its back office would (the smoke's client; it reads the
  // variables when loaded, so only once they are known to be there).
  store = await import("../../deploy/medusa/store-client.mjs");
  suite = await startAll({
    name: "real-medusa",
    env: {
      VITRINE_MEDUSA_URL: process.env.VITRINE_REAL_MEDUSA_URL,
      VITRINE_MEDUSA_PUBLISHABLE_KEY: process.env.VITRINE_REAL_MEDUSA_KEY,
      VITRINE_MEDUSA_REGION_ID: process.env.VITRINE_REAL_MEDUSA_REGION,
    },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

/** Per viewport: the variant chosen (and what the cart calls it), and the total the seed makes of it with Standard Shipping. */
const WALKS = [
  { viewport: MOBILE, picks: [["Size", 1, "M"], ["Color", 0, "Black"]], line: "Variant: M / Black", total: "$21.55" },
  { viewport: DESKTOP, picks: [["Size", 1, "M"], ["Color", 1, "White"]], line: "Variant: M / White", total: "$25.00" },
];

for (const walk of WALKS) {
  const width = walk.viewport.width;
  test(`real Medusa at ${width}px, by keyboard: menu, category, product, variant, cart, checkout, order; Medusa's database holds it`, async (t) => {
    if (absent) {
      if (required) assert.fail(`VITRINE_REAL_BACKENDS=required, but there is ${absent}`);
      t.skip(absent);
      return;
    }
    const label = `real medusa ${width}px`;
    // A new shopper each run: the database may hold this test's earlier orders.
    const shopper = {
      email: `walk-${width}-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`,
      first: "Grace",
      last: "Hopper",
      street: "7 Navy Way",
      city: "Arlington",
      postal: "22202",
      tel: "+1 703 555 0142",
    };
    const context = await newContext(browser, { viewport: walk.viewport });
    const page = await context.newPage();
    const logged = [];
    page.on("console", (m) => logged.push(m.text()));
    await installShiftObserver(page);
    // As the debug bar's switch does (driver-switch.test.mjs walks the bar itself).
    const switched = await page.request.put(`${suite.base}/api/driver`, { data: { driver: "medusa" } });
    assert.equal(switched.status(), 200, "switch to medusa");

    // The menu: at 375px its panel opens first; at 1280px Tab through Clothing opens its dropdown.
    await page.goto(suite.base + "/");
    await page.waitForFunction(() => document.querySelector("#driver-select")?.disabled === false);
    await page.getByRole("link", { name: "Cart, empty", exact: true }).waitFor();
    const menu = page.locator("#main-menu");
    if (width < 768) {
      await tabTo(page, page.getByRole("button", { name: "Open menu" }), "the menu's button");
      await page.keyboard.press("Enter");
      await menu.waitFor({ state: "visible" });
    }
    await tabTo(page, menu.getByRole("link", { name: "Tops", exact: true, includeHidden: true }), "Tops in the menu");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Tops" }).waitFor();
    const tShirts = page.getByRole("navigation", { name: "Tops subcategories" }).getByRole("link", { name: "T-Shirts", exact: true });
    await tabTo(page, tShirts, "T-Shirts");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "T-Shirts" }).waitFor();
    const tee = page.locator(".product-card a").filter({ has: page.locator(".card-name", { hasText: /^Vitrine Tee$/ }) });
    await tabTo(page, tee, "Vitrine Tee's card");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Vitrine Tee" }).waitFor();
    await settled(page);
    // The quality checks are subtests: one that fails fails the test, and the walk goes on to the order.
    await t.test("the menu and the categories move nothing", () => assertNoShift(page, `${label}: the menu and the categories move nothing`));

    const { number, total } = await checkoutByKeyboard(page, suite.base, {
      label,
      picks: walk.picks,
      line: walk.line,
      shopper,
      country: "United States",
      region: null,
      screenshot: `real-medusa-${width}`,
      t,
    });
    assert.match(number, /^\d+$/, `${label}: Medusa's display id`);

    // Medusa's own record: the order with this display id, its email and total.
    const query =
      `select o.display_id, o.email, o.currency_code, s.totals->>'current_order_total' as total ` +
      `from "order" o join order_summary s on s.order_id = o.id and s.deleted_at is null ` +
      `where o.display_id = ${number} and o.deleted_at is null`;
    const rows = store.sql(query);
    t.diagnostic(`$ ${store.psqlCommand(query)}`);
    t.diagnostic(`-> ${JSON.stringify(rows)}`);
    assert.equal(rows.length, 1, `${label}: order ${number} in Medusa's tables`);
    const [displayId, email, currency, stored] = rows[0];
    assert.equal(displayId, number);
    assert.equal(email, shopper.email, `${label}: the order is this shopper's`);
    const shown = new Intl.NumberFormat("en-US", { style: "currency", currency }).format(Number(stored));
    assert.equal(shown, total, `${label}: Medusa's total is the one the page showed`);
    assert.equal(total, walk.total, `${label}: the variant's price and Standard Shipping`);

    for (const secret of [shopper.email, shopper.street, shopper.tel]) {
      assert.ok(!logged.some((line) => line.includes(secret)), `${secret} is never logged in the console`);
    }
    await context.close();
  });
}
