// Listing pages (category and search): what the URL asks for, the links that page and
// sort, and the price a card shows. Pure, table-tested.
import { listing, search as searchPage } from "../api/addresses";
import { MAX_PAGE, MAX_QUERY_CHARS } from "../api/bounds.gen";
import type { Product, Sort } from "../api/types";

export const SORT_LABELS: Record<Sort, string> = {
  position: "Featured",
  name: "Name",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
};

/** Search's `position` is relevance. */
export const SEARCH_SORT_LABELS: Record<Sort, string> = { ...SORT_LABELS, position: "Relevance" };

const SORTS = Object.keys(SORT_LABELS) as Sort[];
/** The edge's bounds, generated from its OpenAPI document. */
export { MAX_PAGE, MAX_QUERY_CHARS };
/** A page number has at most as many digits as the last page; longer is no page. */
const PAGE_DIGITS = new RegExp(`^\\d{1,${String(MAX_PAGE).length}}$`);

export interface ListingParams {
  page: number;
  sort: Sort;
}

const DEFAULT_PAGE = listing.page.default;
const DEFAULT_SORT = listing.sort.default as Sort;

/**
 * `?page=N&sort=S` as the URL has them (the names and defaults are the address table's).
 * As the edge reads them, for a page and for the API alike: a page number it cannot read
 * (not digits, 0, past `MAX_PAGE`, too many digits) is the first page, an unknown sort
 * the default order, so a mistyped link shows page 1 instead of an error.
 */
export function listingParams(search: URLSearchParams): ListingParams {
  const raw = search.get(listing.page.name) ?? "";
  const page = PAGE_DIGITS.test(raw) ? Number(raw) : DEFAULT_PAGE;
  const sort = search.get(listing.sort.name) ?? "";
  return {
    page: page >= 1 && page <= MAX_PAGE ? page : DEFAULT_PAGE,
    sort: (SORTS as string[]).includes(sort) ? (sort as Sort) : DEFAULT_SORT,
  };
}

/** The search words of `?q=`, trimmed and cut to `MAX_QUERY_CHARS` characters as the edge cuts them. */
export function searchWords(search: URLSearchParams): string {
  return [...(search.get(searchPage.words) ?? "").trim()].slice(0, MAX_QUERY_CHARS).join("");
}

/**
 * A link to `pathname` with `changes` applied to `search`; defaults (page 1, position)
 * are left out, as the address table says, so each listing page has one URL.
 */
export function listingHref(pathname: string, search: URLSearchParams, changes: Partial<ListingParams>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) next.set(listing[key as keyof ListingParams].name, String(value));
  for (const param of [listing.page, listing.sort]) {
    if (listing.leaveOutDefaults && next.get(param.name) === String(param.default)) next.delete(param.name);
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The page numbers a pager shows: the first, the last, and two either side of the
 * current one, with `null` where numbers are skipped.
 */
export function pageWindow(current: number, count: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= count; p++) {
    if (p === 1 || p === count || Math.abs(p - current) <= 2) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/**
 * What a card and a product page show: the price paid (the edge's `paid_price`, the one
 * rule of which discount counts), and the listed price with its share off when the
 * shopper pays less than it.
 */
export function shownPrice(product: Pick<Product, "price" | "discount" | "paid_price">): {
  paid: number | null;
  was: number | null;
  percent: number | null;
} {
  const { price, paid_price: paid } = product;
  if (price == null || paid == null || !(paid < price)) {
    return { paid: paid ?? price ?? null, was: null, percent: null };
  }
  const percent = product.discount?.percent ?? 0;
  return { paid, was: price, percent: percent > 0 ? Math.round(percent) : Math.round(((price - paid) / price) * 100) };
}

/** "1 product", "27 products". */
export function productCount(n: number): string {
  return `${n} ${n === 1 ? "product" : "products"}`;
}
