// The edge's JSON shapes (see the README's API table; spec §3).

export interface Image {
  id: string;
  url: string;
  label: string;
}

export interface Product {
  id: string;
  type: string;
  url: string;
  canonicalUrl?: string | null;
  name: string;
  thumbnail?: Image | null;
  images: Image[];
  price?: number | null;
  discount?: { amount: number; percent: number } | null;
  in_stock?: boolean | null;
  description?: string | null;
  short_description?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
  brand?: string | null;
  review_count?: number | null;
  rating_summary?: number | null;
  sku?: string | null;
  currency?: string | null;
}

export interface ProductResponse {
  id: string;
  products: Product[];
}

export interface Breadcrumb {
  id: string;
  name: string;
  level: number;
  url: string;
}

export interface NavigationNode {
  id: string;
  url: string;
  name: string;
  total_products: number;
  children_count: number;
  breadcrumbs: Breadcrumb[];
  children: NavigationNode[];
}

export interface RouteData {
  canonical_url?: string | null;
  title?: string | null;
  meta_description?: string | null;
  schema?: string | null;
}

export type Outcome = "match" | "redirect" | "not_found" | "failed";

export interface Resolution {
  id: string | null;
  url: string | null;
  type: string | null;
  code: number;
  data?: RouteData | null;
  outcome: Outcome;
  error_code: string | null;
  location: string | null;
  failed_resolution_path?: string;
}

export interface DriverOption {
  value: string;
  label: string;
  enabled: boolean;
}

export interface DriverInfo {
  driver: string;
  options: DriverOption[];
  notice?: string;
}
