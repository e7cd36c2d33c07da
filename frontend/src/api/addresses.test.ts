// The address table's examples (addresses.json), through the SPA's own functions: the
// keys a page asks for at an address, an image's src/srcset/sizes, which own page it is.
// The edge runs its mechanism over the same examples (services/edge/src/spa_addresses.rs),
// so the two are held to one table.
import { describe, expect, it } from "vitest";
import table from "./addresses.json";
import { api } from "./client";
import { IMAGE_BOXES, imageSources, ownPageAt, ownPath, own, search } from "./addresses";
import { listingParams, searchWords } from "../app/listing";
import { joinSegments } from "../app/routing";

/** The keys the page at `address` asks for beside the driver and the menu, as the pages ask for them. */
function pageKeys(address: string): { keys: string[]; own: string | undefined } {
  // The address as the browser sends it: a path (which may start with `//`) and a query.
  const url = new URL(`http://shop.example${address}`);
  const path = joinSegments(url.pathname);
  const params = url.searchParams;
  const { page, sort } = listingParams(params);
  const ownPage = ownPageAt(path);
  if (ownPage) return { keys: [own[ownPage].headKey], own: ownPage };
  if (path === "/") return { keys: [api.bestSellers, api.homeHead], own: undefined };
  if (path === search.path) {
    // SearchPage: the head always, the search once there are words.
    const q = searchWords(params);
    return { keys: [...(q ? [api.search(q, page, sort)] : []), api.searchHead(q, page)], own: undefined };
  }
  return { keys: [api.page(path, page, sort)], own: undefined };
}

describe("the address table's examples", () => {
  it.each(table.examples.addresses)("$address", (example) => {
    const got = pageKeys(example.address);
    expect([...got.keys].sort()).toEqual([...example.keys].sort());
    expect(got.own).toBe("own" in example ? example.own : undefined);
  });

  it.each(table.examples.images)("$src in a $box box", ({ src, box, img }) => {
    const sources = imageSources(src, IMAGE_BOXES[box as keyof typeof IMAGE_BOXES]);
    expect(sources).toEqual({ src: img.src, srcSet: img.srcset, sizes: img.sizes });
  });
});

describe("ownPath", () => {
  it.each<[Parameters<typeof ownPath>, string]>([
    [["cart"], "/cart"],
    [["compare"], "/debug/compare"],
    [["order", "M-100001"], "/order/M-100001"],
    [["order", "a b/c"], "/order/a%20b%2Fc"],
  ])("%j → %s", (args, expected) => {
    expect(ownPath(...args)).toBe(expected);
    expect(ownPageAt(expected)).toBe(args[0]);
  });
});
