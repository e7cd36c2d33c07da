import type { Product } from "../api/types";

// spec §5: rating value is rating_summary / 100 × 5, to 2 significant digits.
export function ratingValue(ratingSummary: number): string {
  return ((ratingSummary / 100) * 5).toPrecision(2);
}

/** schema.org Product structured data (spec §2 "Structured data is produced for a product"). */
export function productJsonLd(product: Product, pageUrl: string): Record<string, unknown> {
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    url: pageUrl,
  };
  if (product.sku) data.sku = product.sku;
  if (product.thumbnail?.url) data.image = product.thumbnail.url;
  if (product.meta_description) data.description = product.meta_description;
  if (product.brand) data.brand = { "@type": "Brand", name: product.brand };
  if (product.price != null) {
    data.offers = {
      "@type": "Offer",
      price: product.price,
      priceCurrency: product.currency ?? "USD",
      availability: product.in_stock === false ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
    };
  }
  // spec §5: aggregate rating only when review_count is above 0.
  if ((product.review_count ?? 0) > 0 && product.rating_summary != null) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: ratingValue(product.rating_summary),
      reviewCount: product.review_count,
    };
  }
  return data;
}

/** JSON for an inline script element: `<` escaped so no text can close the element. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
