// The shopper's walk against a REAL backend server (scripts/real-<name> serve: the
// backend's npm packages on their own PostgreSQL, with Vitrine's seed), not the demo's
// built-in shop: `vitrine all` pointed at it, at each viewport, by keyboard only, from the
// home page through the menu (Clothing > Tops, then T-Shirts) to Vitrine Tee, a size and
// colour, the cart, the checkout with a US address, the first shipping method, Place
// order, and the confirmation with the backend's order number. Then the backend's own
// database (psql) holds that order with this shopper's email and the total the page
// showed; the query and its answer are printed. Both seeds (deploy/medusa/seed.js,
// services/fakes/fixtures/vendure) hold the same menu and Vitrine Tee, so the walk is one.
//
// The server is named by VITRINE_REAL_<NAME>_* (its env file). Without them the tests are
// skipped, saying why; with VITRINE_REAL_BACKENDS=required (scripts/test) they fail.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { assertNoShift, installShiftObserver, launchBrowser, newContext, settled, startAll, tabTo } from "./suite.mjs";
import { checkoutByKeyboard } from "./walk.mjs";

/**
 * Defines the walks against one real server:
 * - `label` (its name in the tests), `driver`, `script` (`real-medusa`), `variables` (the
 *   VITRINE_REAL_* it needs), `env()` (the suite's settings that point the backend at it);
 * - `walks`: per viewport, `picks` (as checkoutByKeyboard takes them), the cart's `line` and
 *   the `total` the seed makes of it with the first shipping method;
 * - `tax`: what the product's price says of tax (`excl. tax`), null where the backend says nothing;
 * - `number`: what the backend's order numbers look like;
 * - `record(number)`: the backend's own record, `{ command, rows, email, total }` (the
 *   psql command and its rows, then the order's email and its total as the page shows money),
 *   `null` when there is no such order.
 */
export function realWalks({ label, driver, script, variables, env, walks, tax, number, record }) {
  const unset = variables.filter((n) => !process.env[n]);
  const absent =
    unset.length > 0
      ? `no real ${label} server: ${unset.join(", ")} unset (start one with \`scripts/${script} serve --env-file FILE\` and source FILE)`
      : null;
  const required = process.env.VITRINE_REAL_BACKENDS === "required";

  let suite, browser;
  before(async () => {
    if (absent) return;
    suite = await startAll({ name: script, env: env() });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await suite?.stop();
  });

  for (const walk of walks) {
    const width = walk.viewport.width;
    test(`real ${label} at ${width}px, by keyboard: menu, category, product, variant, cart, checkout, order; ${label}'s database holds it`, async (t) => {
      if (absent) {
        if (required) assert.fail(`VITRINE_REAL_BACKENDS=required, but there is ${absent}`);
        t.skip(absent);
        return;
      }
      const name = `${script} ${width}px`;
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
      const switched = await page.request.put(`${suite.base}/api/driver`, { data: { driver } });
      assert.equal(switched.status(), 200, `switch to ${driver}`);

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
      const taxSaid = await page.locator(".product-price .product-tax").allTextContents();
      assert.deepEqual(taxSaid, tax ? [tax] : [], `${name}: what the price says of tax`);
      await settled(page);
      // The quality checks are subtests: one that fails fails the test, and the walk goes on to the order.
      await t.test("the menu and the categories move nothing", () => assertNoShift(page, `${name}: the menu and the categories move nothing`));

      const placed = await checkoutByKeyboard(page, suite.base, {
        label: name,
        picks: walk.picks,
        line: walk.line,
        shopper,
        country: "United States",
        region: null,
        screenshot: `${script}-${width}`,
        t,
      });
      assert.match(placed.number, number, `${name}: ${label}'s order number`);

      // The backend's own record: the order with this number, its email and total.
      const kept = record(placed.number);
      t.diagnostic(`$ ${kept.command}`);
      t.diagnostic(`-> ${JSON.stringify(kept.rows)}`);
      assert.equal(kept.rows.length, 1, `${name}: order ${placed.number} in ${label}'s tables`);
      assert.equal(kept.email, shopper.email, `${name}: the order is this shopper's`);
      assert.equal(kept.total, placed.total, `${name}: ${label}'s total is the one the page showed`);
      assert.equal(placed.total, walk.total, `${name}: the variant's price and the shipping`);

      for (const secret of [shopper.email, shopper.street, shopper.tel]) {
        assert.ok(!logged.some((line) => line.includes(secret)), `${secret} is never logged in the console`);
      }
      await context.close();
    });
  }
}

/** `amount` of `currency` as the page shows money (en-US). */
export const money = (amount, currency) => new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
