// The product page's gallery through the real suite. The thumbnails are tabs
// (one Tab stop, the arrow keys move and show), a finger swipes the main picture, a
// variant choice shows its own picture first; only the main picture is eager, and no
// change of picture moves anything.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { ARTIFACTS, DESKTOP, MOBILE, installShiftObserver, launchBrowser, newPage, settled, startSuite } from "./suite.mjs";

let suite, browser, product;
before(async () => {
  suite = await startSuite({ name: "gallery" });
  browser = await launchBrowser();
  product = (await (await fetch(`${suite.base}/api/products/1001`)).json()).products[0];
  assert.ok(product.images.length >= 2, "the mock gives 1001 several images");
});
after(async () => {
  await browser?.close();
  await suite?.stop();
});

const MAIN = ".product-media .product-image";

/** /1001 in a fresh page at `viewport` (more `options` for the context), once React owns it. */
async function open(viewport, options = {}, path = "/1001") {
  const page = await newPage(browser, { viewport, ...options });
  await installShiftObserver(page);
  await page.goto(suite.base + path);
  await page.waitForFunction(() => document.querySelector("#driver-select")?.disabled === false); // hydrated
  return page;
}

/** The main picture's src, once the browser has it drawn. */
async function drawn(page, src) {
  await page.waitForFunction(
    ([sel, want]) => {
      const img = document.querySelector(sel);
      return img?.getAttribute("src") === want && img.complete && img.naturalWidth > 0;
    },
    [MAIN, src],
  );
}

/** The src of thumbnail `i` (the image service's smallest width, as the main picture's src). */
const thumbSrc = (page, i) => page.locator(".gallery-thumb img").nth(i).getAttribute("src");
/** The main picture's box in page coordinates (a focus may scroll the viewport). */
const mainBox = (page) =>
  page.locator(MAIN).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
  });
const selected = (page) => page.locator('[role="tab"][aria-selected="true"]').getAttribute("aria-label");

for (const [label, viewport] of [["1280", DESKTOP], ["375", MOBILE]]) {
  test(`at ${label}px the keyboard alone moves through the pictures, and nothing shifts`, async () => {
    const page = await open(viewport);
    const count = await page.getByRole("tab").count();
    assert.ok(count >= 2, "a thumbnail per picture");
    assert.equal(await page.locator('img[loading="eager"]').count(), 1, "only the main picture is eager");
    assert.equal(await page.locator('.gallery-thumb img[loading="lazy"]').count(), count, "every thumbnail lazy");
    const before = await mainBox(page);

    // Tab until the focus is on a thumbnail: the shown one, the strip's one Tab stop.
    for (let i = 0; i < 40 && (await page.evaluate(() => document.activeElement?.getAttribute("role"))) !== "tab"; i++) {
      await page.keyboard.press("Tab");
    }
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    assert.match(await focused(), new RegExp(`^Image 1 of ${count}: `));
    await page.keyboard.press("ArrowRight");
    assert.match(await focused(), new RegExp(`^Image 2 of ${count}: `));
    assert.equal(await selected(page), await focused());
    await drawn(page, await thumbSrc(page, 1));
    // Around the end, then Enter on the shown one keeps it.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    assert.match(await selected(page), new RegExp(`^Image ${count} of ${count}: `));
    await page.keyboard.press("Enter");
    await drawn(page, await thumbSrc(page, count - 1));
    // One Tab stop: the next Tab leaves the strip.
    await page.keyboard.press("Tab");
    assert.notEqual(await page.evaluate(() => document.activeElement?.getAttribute("role")), "tab");

    assert.deepEqual(await mainBox(page), before, "the main picture keeps its box");
    assert.equal(await page.locator('img[loading="eager"]').count(), 1);
    await settled(page);
    const moved = await page.evaluate(() => window.__shiftSources.join("; "));
    assert.equal(await page.evaluate(() => window.__shifts), 0, `no layout shift: ${moved}`);
    await page.screenshot({ path: resolve(ARTIFACTS, "screenshots", `gallery-${label}.png`), fullPage: true });
    await page.close();
  });
}

test("at 375px on a touch screen a sideways swipe changes the picture, a vertical one scrolls", async () => {
  const page = await open(MOBILE, { hasTouch: true, isMobile: true });
  const box = await page.locator(".gallery-picture").boundingBox();
  const y = box.y + box.height / 2;
  // Real touches through the browser's input pipeline, so `touch-action` applies as on a phone.
  const cdp = await page.context().newCDPSession(page);
  const drag = async (from, to) => {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from.x, y: from.y }] });
    for (let step = 1; step <= 8; step++) {
      const at = { x: from.x + ((to.x - from.x) * step) / 8, y: from.y + ((to.y - from.y) * step) / 8 };
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [at] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  };
  const left = box.x + box.width * 0.2;
  const right = box.x + box.width * 0.8;

  await drag({ x: right, y }, { x: left, y });
  await drawn(page, await thumbSrc(page, 1));
  assert.match(await selected(page), /^Image 2 of /);
  await drag({ x: left, y }, { x: right, y });
  await drawn(page, await thumbSrc(page, 0));
  assert.match(await selected(page), /^Image 1 of /);
  // Up the page: the browser's scroll, not a swipe.
  await drag({ x: box.x + box.width / 2, y: y + 100 }, { x: box.x + box.width / 2 - 30, y: y - 100 });
  await page.waitForFunction(() => scrollY > 0);
  assert.match(await selected(page), /^Image 1 of /);
  await settled(page);
  assert.equal(await page.evaluate(() => window.__shifts), 0, "no layout shift");
  await page.close();
});

test("a colour with a picture of its own shows it first, in the same box", async () => {
  const colour = product.options.find((o) => o.name === "Color");
  assert.ok(colour, "the mock makes 1001 in colours");
  // From the first variant, the variant of another colour (same size) that has a picture.
  const [first] = product.variants;
  const size = first.selected.find((s) => s.name === "Size").value;
  const other = product.variants.find(
    (v) => v.image && v.image.url !== product.thumbnail.url && v.selected.some((s) => s.name === "Size" && s.value === size),
  );
  assert.ok(other, "another colour pictured apart from the thumbnail");
  const page = await open(DESKTOP);
  const before = await mainBox(page);
  // Away from the first picture, then the colour: the gallery starts at the colour's picture.
  await page.getByRole("tab").nth(1).click();
  const value = other.selected.find((s) => s.name === "Color").value;
  // A click, not `check()`: the choice is the address's (`?variant=`), so the radio turns
  // checked once the router has moved, which `check()` does not wait for on a busy machine.
  const radio = page.getByRole("group", { name: /^Color/ }).getByRole("radio", { name: new RegExp(`^${value}( \\(|$)`) });
  await radio.click();
  await page.waitForURL(new RegExp(`\\?variant=${other.id}$`));
  // The radio is found again on each look: React may have replaced the element.
  for (let look = 0; !(await radio.isChecked()); look++) {
    assert.ok(look < 600, "the colour turns checked");
    await page.waitForTimeout(50);
  }
  await drawn(page, `/img?src=${encodeURIComponent(other.image.url)}&w=256`);
  assert.match(await selected(page), /^Image 1 of /);
  assert.deepEqual(await mainBox(page), before);
  await settled(page);
  assert.equal(await page.evaluate(() => window.__shifts), 0, "no layout shift");
  await page.close();

  // The address alone: the edge's markup has the gallery at that picture, one eager image.
  const html = await (await fetch(`${suite.base}/1001?variant=${encodeURIComponent(other.id)}`)).text();
  assert.match(html, /<div class="gallery-thumbs" role="tablist" aria-label="Product images">/);
  assert.equal(html.match(/loading="eager"/g)?.length, 1);
  const main = html.match(/<img class="product-image" src="([^"]*)"/)?.[1].replaceAll("&amp;", "&");
  assert.equal(main, `/img?src=${encodeURIComponent(other.image.url)}&w=256`);
});
