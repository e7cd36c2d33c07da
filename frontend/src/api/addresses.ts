// The SPA's address rules, read from the table it shares with the edge (addresses.json):
// the data keys, the listing parameters and their defaults, the image boxes and their
// `sizes`, the search page and the SPA's own pages. The edge reads the same file
// (services/edge/src/spa_addresses.rs) to file a written page's data under the keys the
// SPA will look up; the table's examples hold both to it (addresses.test.ts here). Only
// the mechanism is code: encoding as `encodeURIComponent` does, defaults left out.
// Named imports only, so that the table's examples stay out of the bundles.
import { images, keyed, keys, listing, own, search } from "./addresses.json";
import { IMAGE_WIDTHS } from "./bounds.gen";
import type { ImageWidth } from "./types";

export { keys, listing, own, search };

/** One of the SPA's own pages, by its name in the table. */
export type OwnPage = keyof typeof own;

/** The boxes, in CSS pixels, of a product page's image and a card's. */
export const IMAGE_BOXES = images.boxes;

type ListingValues = { page: number; sort: string };

/**
 * `&name=value` for each listing parameter in `carries` (the table's names), in that
 * order; a default is left out where the table says so, so one request has one key.
 */
function listingQuery(carries: readonly string[], values: ListingValues): string {
  return carries
    .map((role) => {
      const param = role === "page" ? listing.page : listing.sort;
      const value = role === "page" ? values.page : values.sort;
      if (listing.leaveOutDefaults && value === param.default) return "";
      return `&${param.name}=${encodeURIComponent(String(value))}`;
    })
    .join("");
}

/** A keyed answer's key: its prefix, the value encoded, and the listing parameters it carries. */
function keyOf(kind: { prefix: string; carries: readonly string[] }, value: string, values: ListingValues): string {
  return `${kind.prefix}${encodeURIComponent(value)}${listingQuery(kind.carries, values)}`;
}

/** A storefront path's resolution and its page's data. */
export const pageKey = (path: string, page: number, sort: string) => keyOf(keyed.page, path, { page, sort });

/** One page of a search. */
export const searchKey = (q: string, page: number, sort: string) => keyOf(keyed.search, q, { page, sort });

/** The search page's head: its words and page (the order is not in a head); without words, the plain one. */
export const searchHeadKey = (q: string, page: number) =>
  q ? keyOf(keyed.searchHead, q, { page, sort: listing.sort.default }) : keyed.searchHead.withoutWords;

/** `template` with each `{name}` replaced by `values[name]`. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The edge's image service (quality 25), at one of the widths it renders. */
export function imageUrl(src: string, width: ImageWidth = IMAGE_WIDTHS[0]): string {
  return fill(images.url, { src: encodeURIComponent(src), width: String(width) });
}

/**
 * A product image in a box of `box` CSS pixels: its `src`, its `srcset` of every width
 * the edge renders, and `sizes` (the edge preloads a page's first image with these very values).
 */
export function imageSources(src: string, box: number): { src: string; srcSet: string; sizes: string } {
  return {
    src: imageUrl(src, IMAGE_WIDTHS[0]),
    srcSet: IMAGE_WIDTHS.map((w) => `${imageUrl(src, w)} ${w}w`).join(", "),
    sizes: fill(images.sizes, { box: String(box) }),
  };
}

/** Whether `path` (joined segments) is at `pattern`: its segments, `:name` one non-empty segment. */
function at(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const got = path.split("/");
  return want.length === got.length && want.every((w, i) => (w.startsWith(":") ? got[i] !== "" : w === got[i]));
}

const OWN_PAGES = Object.keys(own) as OwnPage[];

/** The own page at `path` (joined segments), if it is one. */
export function ownPageAt(path: string): OwnPage | undefined {
  return OWN_PAGES.find((name) => at(own[name].path, path));
}

/** The address of the own page `name`: its path, its `:name` segment (if any) `param`, encoded. */
export function ownPath(name: OwnPage, param = ""): string {
  return own[name].path.replace(/:\w+/, () => encodeURIComponent(param));
}
