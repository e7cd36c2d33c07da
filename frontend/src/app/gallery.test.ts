import { describe, expect, it } from "vitest";
import type { Image, Product } from "../api/types";
import { keyed, pictures, stepped, swiped, SWIPE_MIN_PX, thumbnailName } from "./gallery";
import type { Variant } from "./variants";

const img = (n: number | string, label = `Picture ${n}`): Image => ({ id: String(n), url: `http://mock/images/1001-${n}.svg`, label });
const url = (n: number | string) => `http://mock/images/1001-${n}.svg`;

// Shaped as the mock's products are: the thumbnail (image 0) apart from images 1..n.
const chair = {
  id: "1001",
  name: "Rustic Bronze Chair",
  thumbnail: img(0),
  images: [img(1), img(2, ""), img(3)],
} as unknown as Product;

const variant = (image: Image | null) => ({ id: "v", sku: null, selected: [], price: 1, discount: null, in_stock: true, image }) as Variant;

describe("the gallery's pictures", () => {
  it.each<[string, Partial<Product>, Variant | undefined, string[]]>([
    ["the thumbnail first, then every image", {}, undefined, [url(0), url(1), url(2), url(3)]],
    ["a variant without a picture of its own: the same", {}, variant(null), [url(0), url(1), url(2), url(3)]],
    ["the variant's picture first, taken out of its place", {}, variant(img(2)), [url(2), url(0), url(1), url(3)]],
    ["the variant's picture is the thumbnail: once", {}, variant(img(0)), [url(0), url(1), url(2), url(3)]],
    ["a variant picture the product does not list: added first", {}, variant(img("x")), [url("x"), url(0), url(1), url(2), url(3)]],
    ["the thumbnail among the images too: once", { images: [img(1), img(0)] }, undefined, [url(0), url(1)]],
    ["no thumbnail: the images", { thumbnail: null }, undefined, [url(1), url(2), url(3)]],
    ["empty urls are no pictures", { thumbnail: { id: "t", url: "", label: "x" }, images: [img(1)] }, variant({ id: "e", url: "", label: "" }), [url(1)]],
    ["only a thumbnail: one", { images: [] }, undefined, [url(0)]],
    ["nothing: none (the placeholder)", { thumbnail: null, images: [] }, undefined, []],
  ])("%s", (_, patch, chosen, expected) => {
    expect(pictures({ ...chair, ...patch }, chosen).map((p) => p.url)).toEqual(expected);
  });

  it("describes a picture without a label by the product's name", () => {
    expect(pictures(chair, undefined).map((p) => p.alt)).toEqual(["Picture 0", "Picture 1", "Rustic Bronze Chair", "Picture 3"]);
  });
});

it.each([
  [0, 5, "Image 1 of 5: A chair"],
  [4, 5, "Image 5 of 5: A chair"],
])("thumbnail %i of %i is named %s", (index, count, name) => {
  expect(thumbnailName(index, count, "A chair")).toBe(name);
});

describe("keys (WAI-ARIA tabs)", () => {
  it.each<[string, number, number | undefined]>([
    ["ArrowRight", 0, 1],
    ["ArrowRight", 3, 0],
    ["ArrowLeft", 2, 1],
    ["ArrowLeft", 0, 3],
    ["Home", 2, 0],
    ["End", 1, 3],
    ["ArrowDown", 1, undefined],
    ["Enter", 1, undefined],
    ["a", 1, undefined],
  ])("%s from %i of 4 goes to %s", (key, from, to) => {
    expect(keyed(key, from, 4)).toBe(to);
  });
});

it.each([
  [0, 1, 3, 1],
  [2, 1, 3, 0],
  [0, -1, 3, 2],
  [1, -1, 3, 0],
  [0, 1, 1, 0],
])("from %i a step of %i among %i is %i", (index, step, count, to) => {
  expect(stepped(index, step, count)).toBe(to);
});

describe("swipes", () => {
  it.each<[string, number, number, -1 | 0 | 1]>([
    ["finger to the left: the next", -SWIPE_MIN_PX, 0, 1],
    ["finger to the right: the previous", 120, 10, -1],
    ["too short: a tap", SWIPE_MIN_PX - 1, 0, 0],
    ["mostly down: a scroll", -60, 80, 0],
    ["exactly diagonal: a scroll", 60, -60, 0],
    ["no move", 0, 0, 0],
  ])("%s", (_, dx, dy, step) => {
    expect(swiped(dx, dy)).toBe(step);
  });
});
