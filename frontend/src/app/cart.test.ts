import { describe, expect, it } from "vitest";
import type { Product } from "../api/types";
import { addedText, badgeText, buyable, cartLinkLabel, checkoutHref, clampQuantity, itemCount, lineOf, optionsText } from "./cart";

describe("clampQuantity (issue 23: 1 to 99 per line)", () => {
  it.each<[number | string, number | null]>([
    [1, 1],
    [2, 2],
    [0, 1],
    [-5, 1],
    [99, 99],
    [100, 99],
    [2.7, 2],
    ["12", 12],
    [" 3 ", 3],
    ["150", 99],
    ["", null],
    ["  ", null],
    ["two", null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])("%j → %j", (value, expected) => {
    expect(clampQuantity(value)).toBe(expected);
  });
});

describe("the count's words", () => {
  it.each<[number | undefined, string, string]>([
    [undefined, "Cart", ""],
    [0, "Cart, empty", ""],
    [1, "Cart, 1 item", "1"],
    [2, "Cart, 2 items", "2"],
    [99, "Cart, 99 items", "99"],
    [120, "Cart, 120 items", "99+"],
  ])("%j → %s, badge %j", (count, label, badge) => {
    expect(cartLinkLabel(count)).toBe(label);
    expect(badgeText(count)).toBe(badge);
  });

  it("counts items", () => {
    expect([itemCount(1), itemCount(0), itemCount(3)]).toEqual(["1 item", "0 items", "3 items"]);
  });
});

describe("a line's options", () => {
  it.each([
    [[], ""],
    [[{ name: "Size", value: "M" }], "Size: M"],
    [[{ name: "Size", value: "M" }, { name: "Color", value: "Black" }], "Size: M, Color: Black"],
  ])("%j → %j", (options, expected) => {
    expect(optionsText(options)).toBe(expected);
  });
});

describe("what Add to cart adds", () => {
  const m = { id: "c-m", selected: [{ name: "Size", value: "M" }], in_stock: true, price: 42 };
  const s = { id: "c-s", selected: [{ name: "Size", value: "S" }], in_stock: false, price: 42 };
  const product = { id: "1", name: "Chair", url: "/1", images: [], variants: [m, s] } as unknown as Product;

  it("is the variant shown, when it is in stock", () => {
    expect(buyable(product, m)).toBe(m);
    expect(buyable(product, { ...m, in_stock: null })?.id).toBe("c-m");
    expect(buyable(product, s)).toBeUndefined();
    expect(buyable(product, undefined)).toBeUndefined();
    // A variant of another product (a stale address) is none of this one's.
    expect(buyable(product, { ...m, id: "other" })).toBeUndefined();
  });

  it("says what was added", () => {
    expect(addedText("Chair", m, 2)).toBe("Added 2 × Chair (Size: M) to your cart.");
    expect(addedText("Mug", { id: "x", selected: [] }, 1)).toBe("Added 1 × Mug to your cart.");
  });

  it("finds the line an add went to", () => {
    const line = { id: "l1", variant: "c-m", name: "Chair", options: [], product_url: "/1", quantity: 3 };
    const cart = { lines: [line], count: 3, notices: [], replaced: false };
    expect(lineOf(cart, "c-m")).toBe(line);
    expect(lineOf(cart, "c-s")).toBeUndefined();
  });
});

describe("checkoutHref (Shopify's checkoutUrl)", () => {
  it.each<[string | null | undefined, string | null]>([
    ["https://shop.example/cart/c/abc?key=1", "https://shop.example/cart/c/abc?key=1"],
    ["http://127.0.0.1:9/checkout", "http://127.0.0.1:9/checkout"],
    ["javascript:alert(1)", null],
    ["/relative", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("%j → %j", (url, expected) => {
    expect(checkoutHref({ checkout_url: url })).toBe(expected);
  });
});
