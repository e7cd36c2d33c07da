import { describe, expect, it } from "vitest";
import type { Product } from "../api/types";
import { chosenVariant, choices, variantHref } from "./variants";

const v = (id: string, size: string, color: string, in_stock = true) => ({
  id,
  sku: null,
  selected: [
    { name: "Size", value: size },
    { name: "Color", value: color },
  ],
  price: 10,
  discount: null,
  in_stock,
  image: null,
});

const shirt = {
  options: [
    { name: "Size", values: ["S", "M"] },
    { name: "Color", values: ["Black", "Sand"] },
  ],
  // S in Sand is not made.
  variants: [v("s-black", "S", "Black"), v("m-black", "M", "Black"), v("m-sand", "M", "Sand", false)],
} as unknown as Product;

describe("the chosen variant", () => {
  it.each([
    ["", "s-black"],
    ["variant=m-sand", "m-sand"],
    ["variant=nope", "s-black"],
    ["page=2&variant=m-black", "m-black"],
  ])("?%s is %s", (query, id) => {
    expect(chosenVariant(shirt, new URLSearchParams(query))?.id).toBe(id);
  });

  it("is none for a product without variants", () => {
    expect(chosenVariant({} as Product, new URLSearchParams("variant=x"))).toBeUndefined();
  });
});

describe("what each value leads to from the chosen variant", () => {
  it.each([
    ["s-black", "Size", [["S", true, "s-black"], ["M", false, "m-black"]]],
    ["s-black", "Color", [["Black", true, "s-black"], ["Sand", false, undefined]]],
    ["m-sand", "Size", [["S", false, undefined], ["M", true, "m-sand"]]],
    ["m-sand", "Color", [["Black", false, "m-black"], ["Sand", true, "m-sand"]]],
  ] as const)("from %s, %s", (from, name, expected) => {
    const chosen = chosenVariant(shirt, new URLSearchParams(`variant=${from}`));
    expect(choices(shirt, chosen, name).map((c) => [c.value, c.checked, c.variant?.id])).toEqual(expected);
  });
});

it("a variant's address keeps the other parameters", () => {
  const target = shirt.variants![1];
  expect(variantHref("/1001", new URLSearchParams("variant=s-black&x=1"), target)).toBe("/1001?variant=m-black&x=1");
});
