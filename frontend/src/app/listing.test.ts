import { describe, expect, it } from "vitest";
import type { Product } from "../api/types";
import { shownPrice, listingHref, listingParams, pageWindow, productCount, searchWords } from "./listing";

describe("listingParams", () => {
  it.each([
    ["", { page: 1, sort: "position" }],
    ["?page=2&sort=price_asc", { page: 2, sort: "price_asc" }],
    ["?page=1000&sort=name", { page: 1000, sort: "name" }],
    ["?page=1001", { page: 1, sort: "position" }],
    ["?page=0", { page: 1, sort: "position" }],
    ["?page=-2", { page: 1, sort: "position" }],
    ["?page=2.5", { page: 1, sort: "position" }],
    ["?page=99999999999", { page: 1, sort: "position" }],
    ["?sort=cheapest", { page: 1, sort: "position" }],
  ])("%s → %j", (query, expected) => {
    expect(listingParams(new URLSearchParams(query))).toEqual(expected);
  });
});

describe("searchWords", () => {
  it.each([
    ["?q=%20chair%20", "chair"],
    ["", ""],
    ["?q=", ""],
    [`?q=${"é".repeat(250)}`, "é".repeat(200)],
  ])("%s → %s", (query, expected) => {
    expect(searchWords(new URLSearchParams(query))).toBe(expected);
  });
});

describe("listingHref", () => {
  it.each<[string, string, Parameters<typeof listingHref>[2], string]>([
    ["/computers", "", { page: 2 }, "/computers?page=2"],
    ["/computers", "?page=2", { page: 1 }, "/computers"],
    ["/computers", "?page=3&sort=name", { sort: "price_desc", page: 1 }, "/computers?sort=price_desc"],
    ["/computers", "?sort=name", { sort: "position" }, "/computers"],
    ["/search", "?q=red+chair", { page: 2 }, "/search?q=red+chair&page=2"],
  ])("%s%s with %j → %s", (path, query, changes, expected) => {
    expect(listingHref(path, new URLSearchParams(query), changes)).toBe(expected);
  });
});

describe("pageWindow", () => {
  it.each<[number, number, (number | null)[]]>([
    [1, 0, []],
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 10, [1, 2, 3, null, 10]],
    [5, 10, [1, null, 3, 4, 5, 6, 7, null, 10]],
    [10, 10, [1, null, 8, 9, 10]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
  ])("page %i of %i", (current, count, expected) => {
    expect(pageWindow(current, count)).toEqual(expected);
  });
});

describe("shownPrice", () => {
  // `paid_price` is the edge's (vitrine_domain::money::paid): what counts as a discount is decided there.
  const product = (price: number | null, discount: Product["discount"], paid_price: number | null) =>
    ({ id: "1", type: "simple", url: "/1", name: "x", images: [], price, discount, paid_price }) as unknown as Product;
  it.each<[number | null, Product["discount"], number | null, ReturnType<typeof shownPrice>]>([
    [100, null, 100, { paid: 100, was: null, percent: null }],
    [100, { amount: 0, percent: 0 }, 100, { paid: 100, was: null, percent: null }],
    [100, { amount: 25, percent: 25 }, 75, { paid: 75, was: 100, percent: 25 }],
    [18, { amount: 3.6, percent: 20 }, 14.4, { paid: 14.4, was: 18, percent: 20 }],
    [40, { amount: 10, percent: 0 }, 30, { paid: 30, was: 40, percent: 25 }],
    [10, { amount: 10, percent: 100 }, 10, { paid: 10, was: null, percent: null }],
    [1500, { amount: 300, percent: 20 }, 1200, { paid: 1200, was: 1500, percent: 20 }],
    [null, { amount: 5, percent: 5 }, null, { paid: null, was: null, percent: null }],
    [12, null, null, { paid: 12, was: null, percent: null }],
  ])("%s less %j, paid %s", (price, discount, paid, expected) => {
    expect(shownPrice(product(price, discount, paid))).toEqual(expected);
  });
});

describe("productCount", () => {
  it.each([
    [0, "0 products"],
    [1, "1 product"],
    [27, "27 products"],
  ])("%i → %s", (n, expected) => {
    expect(productCount(n)).toBe(expected);
  });
});
