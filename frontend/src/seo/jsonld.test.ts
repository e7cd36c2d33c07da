import { describe, expect, it } from "vitest";
import type { Product } from "../api/types";
import { breadcrumbJsonLd, collectionJsonLd, productJsonLd, ratingValue, scriptJson } from "./jsonld";

const product: Product = { id: "1", type: "simple", url: "/1", name: "Chair", images: [], price: 12.5, sku: "C-1" };

describe("ratingValue (spec §5)", () => {
  it.each([
    [100, "5.0"],
    [80, "4.0"],
    [93, "4.7"],
    [50, "2.5"],
    [13, "0.65"],
    [0, "0.0"],
  ])("rating_summary %d → %s", (summary, expected) => {
    expect(ratingValue(summary)).toBe(expected);
  });
});

describe("productJsonLd", () => {
  it.each([
    [undefined, undefined, false],
    [0, 90, false],
    [3, 90, true],
  ])("review_count %s → aggregate rating %s", (reviewCount, summary, present) => {
    const data = productJsonLd({ ...product, review_count: reviewCount, rating_summary: summary }, "http://x/1");
    expect("aggregateRating" in data).toBe(present);
    if (present) expect(data.aggregateRating).toMatchObject({ ratingValue: "4.5", reviewCount: 3 });
  });

  it("describes the product and its offer", () => {
    const data = productJsonLd({ ...product, brand: "Acme", in_stock: false }, "http://x/1");
    expect(data).toMatchObject({
      "@type": "Product",
      name: "Chair",
      sku: "C-1",
      brand: { name: "Acme" },
      offers: { price: 12.5, priceCurrency: "USD", availability: "https://schema.org/OutOfStock" },
    });
  });

  it("cannot close its script element", () => {
    expect(scriptJson({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});

describe("breadcrumbJsonLd", () => {
  it("lists Home, the ancestors and the page, numbered from 1, with absolute urls", () => {
    const trail = [{ id: "c1", name: "Computers", level: 1, url: "/computers" }];
    expect(breadcrumbJsonLd(trail, "Movies", "http://shop.test/computers/movies")).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "http://shop.test/" },
        { "@type": "ListItem", position: 2, name: "Computers", item: "http://shop.test/computers" },
        { "@type": "ListItem", position: 3, name: "Movies", item: "http://shop.test/computers/movies" },
      ],
    });
  });
});

describe("collectionJsonLd", () => {
  it.each([
    [1, [1, 2]],
    [2, [25, 26]],
  ])("page %i numbers its items from their place in the whole listing", (page, positions) => {
    const listing = { products: [product, { ...product, id: "2", url: "/2", name: "Desk" }], total_count: 26, page, page_size: 24, page_count: 2, sorts: [] };
    const data = collectionJsonLd("Furniture", "http://shop.test/furniture", listing);
    expect(data["@type"]).toBe("CollectionPage");
    const list = data.mainEntity as { numberOfItems: number; itemListElement: { position: number; url: string }[] };
    expect(list.numberOfItems).toBe(26);
    expect(list.itemListElement.map((i) => i.position)).toEqual(positions);
    expect(list.itemListElement[1].url).toBe("http://shop.test/2");
  });
});
