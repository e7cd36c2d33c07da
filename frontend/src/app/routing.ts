import type { Resolution, RouteKind } from "../api/types";

// The spec's route table and its "Route matching", as one decision.
export type RouteDecision =
  | { kind: "product" }
  | { kind: "category" }
  | { kind: "content" }
  | { kind: "redirect"; to: string }
  | { kind: "not_found" }
  | { kind: "failed"; to: string };

/**
 * The page of each kind of route the edge names (categories and CMS pages among them).
 * Keyed by the edge's `RouteKind`, so a kind added there fails type checking here until
 * it has a page.
 */
const PAGE_OF: Record<RouteKind, "product" | "category" | "content"> = {
  PRODUCT: "product",
  CATEGORY: "category",
  CMS_PAGE: "content",
};

export function decide(resolution: Resolution): RouteDecision {
  switch (resolution.outcome) {
    case "redirect":
      return { kind: "redirect", to: resolution.location ?? "/" };
    case "failed":
      return { kind: "failed", to: resolution.location ?? resolution.failed_resolution_path ?? "/" };
    case "match": {
      // Each page matches only its own type; nothing found (null), or a kind an edge
      // newer than this app names, has no page here.
      const type = resolution.type;
      return type !== null && Object.hasOwn(PAGE_OF, type) ? { kind: PAGE_OF[type] } : { kind: "not_found" };
    }
    default:
      return { kind: "not_found" };
  }
}

/** The joined URL path segments of the current route ('/' when empty). */
export function joinSegments(pathname: string): string {
  const segments = pathname.split("/").filter((s) => s.length > 0);
  return `/${segments.join("/")}`;
}
