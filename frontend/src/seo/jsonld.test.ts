import { describe, expect, it } from "vitest";
import type { Product } from "../api/types";
import { productJsonLd, ratingValue, scriptJson } from "./jsonld";

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
