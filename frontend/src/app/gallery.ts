// A product page's gallery: which pictures it shows, in what order, what each
// thumbnail is called, and where a key or a swipe moves to. Pure.
import type { Product } from "../api/types";
import type { Variant } from "./variants";

/** One picture of the gallery: the backend's url and its text alternative. */
export interface Picture {
  url: string;
  alt: string;
}

/**
 * The chosen variant's picture, else the product's thumbnail, first (the picture the
 * page showed before the gallery, and the one the edge preloads), then every other
 * image of the product in its order; each url once, none empty. A picture without a
 * label is described by the product's name. None at all: the page shows its placeholder.
 */
export function pictures(product: Product, chosen: Variant | undefined): Picture[] {
  const candidates = [chosen?.image, product.thumbnail, ...(product.images ?? [])];
  const seen = new Set<string>();
  const out: Picture[] = [];
  for (const image of candidates) {
    if (!image?.url || seen.has(image.url)) continue;
    seen.add(image.url);
    out.push({ url: image.url, alt: image.label || product.name });
  }
  return out;
}

/** A thumbnail's accessible name: which picture of how many, and what it shows. */
export function thumbnailName(index: number, count: number, alt: string): string {
  return `Image ${index + 1} of ${count}: ${alt}`;
}

/**
 * The picture a key moves to from `index` among `count` (WAI-ARIA tabs: the arrows wrap
 * around, Home and End go to the ends); `undefined` for any other key.
 */
export function keyed(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case "ArrowRight":
      return stepped(index, 1, count);
    case "ArrowLeft":
      return stepped(index, -1, count);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}

/** `index` moved by `step` among `count`, wrapping around at either end. */
export function stepped(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count;
}

/** How far, in CSS pixels, a finger must travel sideways before a swipe counts. */
export const SWIPE_MIN_PX = 40;

/**
 * The step a touch that moved (`dx`, `dy`) makes: a mostly sideways move of at least
 * `SWIPE_MIN_PX` goes to the next picture when the finger moves left (the picture
 * follows the finger), the previous when it moves right; anything else is 0 (a tap, or
 * the start of a scroll).
 */
export function swiped(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
