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
  const product = (price: number | null, discount: Product["discount"]) =>
    ({ id: "1", type: "simple", url: "/1", name: "x", images: [], price, discount }) as unknown as Product;
  it.each<[number | null, Product["discount"], ReturnType<typeof shownPrice>]>([
    [100, null, { paid: 100, was: null, percent: null }],
    [100, { amount: 0, percent: 0 }, { paid: 100, was: null, percent: null }],
    [100, { amount: 25, percent: 25 }, { paid: 75, was: 100, percent: 25 }],
    [18, { amount: 3.6, percent: 20 }, { paid: 14.4, was: 18, percent: 20 }],
    [40, { amount: 10, percent: 0 }, { paid: 30, was: 40, percent: 25 }],
    [10, { amount: 10, percent: 100 }, { paid: 10, was: null, percent: null }],
    [null, { amount: 5, percent: 5 }, { paid: null, was: null, percent: null }],
  ])("%s less %j", (price, discount, expected) => {
    expect(shownPrice(product(price, discount))).toEqual(expected);
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
