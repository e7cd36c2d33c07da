import type { Breadcrumb, Product, ProductPage } from "../api/types";

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

/**
 * schema.org BreadcrumbList: Home, the ancestors, then the page itself. `pageUrl` is
 * absolute; the trail's paths are made absolute on the same origin.
 */
export function breadcrumbJsonLd(trail: Breadcrumb[], name: string, pageUrl: string): Record<string, unknown> {
  const origin = new URL(pageUrl).origin;
  const items = [{ name: "Home", url: `${origin}/` }, ...trail.map((b) => ({ name: b.name, url: origin + b.url })), { name, url: pageUrl }];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: item.url })),
  };
}

/**
 * schema.org CollectionPage whose main entity is an ItemList of the page's products,
 * numbered from their place in the whole listing (page 2 starts at 25).
 */
export function collectionJsonLd(name: string, pageUrl: string, listing: ProductPage): Record<string, unknown> {
  const origin = new URL(pageUrl).origin;
  const first = (listing.page - 1) * listing.page_size;
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name,
    url: pageUrl,
    mainEntity: {
      "@type": "ItemList",
      numberOfItems: listing.total_count,
      itemListElement: listing.products.map((p, i) => ({ "@type": "ListItem", position: first + i + 1, url: origin + p.url, name: p.name })),
    },
  };
}
