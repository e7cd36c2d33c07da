import type { Resolution } from "../api/types";

// spec §2 route table and §4 "Route matching", as one decision.
export type RouteDecision =
  | { kind: "product" }
  | { kind: "category" }
  | { kind: "content" }
  | { kind: "redirect"; to: string }
  | { kind: "not_found" }
  | { kind: "failed"; to: string };

export function decide(resolution: Resolution): RouteDecision {
  switch (resolution.outcome) {
    case "redirect":
      return { kind: "redirect", to: resolution.location ?? "/" };
    case "failed":
      return { kind: "failed", to: resolution.location ?? resolution.failed_resolution_path ?? "/" };
    case "match":
      // Each page matches only its own type (issue 10 adds categories and CMS pages);
      // any other type has no page here.
      switch (resolution.type) {
        case "PRODUCT":
          return { kind: "product" };
        case "CATEGORY":
          return { kind: "category" };
        case "CMS_PAGE":
          return { kind: "content" };
        default:
          return { kind: "not_found" };
      }
    default:
      return { kind: "not_found" };
  }
}

/** spec §2: the joined URL path segments of the current route ('/' when empty). */
export function joinSegments(pathname: string): string {
  const segments = pathname.split("/").filter((s) => s.length > 0);
  return `/${segments.join("/")}`;
}
