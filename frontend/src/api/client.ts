// One fetcher for every SWR hook: same-origin JSON, errors as ApiError. Each answer's
// `Server-Timing` is kept, unparsed, for the debug bar's Timings panel.
import { keys, own, pageKey, searchHeadKey, searchKey } from "./addresses";
import type { FieldError } from "./types";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A checkout step's refused fields (code `invalid_fields`); empty otherwise. */
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function parse<T>(res: Response): Promise<T> {
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (body as { error?: { code?: string; message?: string; fields?: FieldError[] } } | null)?.error ?? {};
    const fields = Array.isArray(err.fields) ? err.fields : [];
    throw new ApiError(res.status, err.code ?? "http_error", err.message ?? `HTTP ${res.status}`, fields);
  }
  return body as T;
}

/** One answer's `Server-Timing` value, unparsed: the Timings panel's chunk reads it. */
export interface TimedCall {
  method: string;
  path: string;
  /** When the answer came, ms since the epoch. */
  at: number;
  header: string | null;
}

/** The last 30 answers, newest first. */
export const timedCalls: TimedCall[] = [];

function timed(method: string, path: string, res: Response): Response {
  timedCalls.unshift({ method, path, at: Date.now(), header: res.headers.get("server-timing") });
  timedCalls.length = Math.min(timedCalls.length, 30);
  return res;
}

/**
 * The one request of every helper below: same-origin, JSON in (`body`, when given) and
 * out, its `Server-Timing` recorded for the Timings panel, errors as `ApiError`.
 */
export async function send<T>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...extra };
  if (body !== undefined) headers["content-type"] = "application/json";
  const init: RequestInit = { method, credentials: "same-origin", headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  return parse<T>(timed(method, path, await fetch(path, init)));
}

export const getJson = <T>(path: string): Promise<T> => send<T>("GET", path);
export const putJson = <T>(path: string, body: unknown): Promise<T> => send<T>("PUT", path, body);
export const postJson = <T>(path: string, body?: unknown): Promise<T> => send<T>("POST", path, body);
export const deleteJson = <T>(path: string): Promise<T> => send<T>("DELETE", path);

/**
 * A change to the visitor's cart: `body` as JSON (its `Content-Type` is what
 * marks a change as the site's own; a DELETE has no body, and the browser's own
 * `Sec-Fetch-Site` and `Origin` say it). `key` goes as the `Idempotency-Key`: one per
 * shopper's action, the same on an automatic retry, so a retry never adds twice.
 */
export const sendCart = <T>(method: "POST" | "PATCH" | "DELETE", path: string, body: unknown, key: string): Promise<T> =>
  send<T>(method, path, body, { "idempotency-key": key });

// The keys a page's data is filed under, written page or not, come from the table the
// SPA shares with the edge (addresses.json, through addresses.ts).
export const api = {
  driver: keys.driver,
  navigation: keys.navigation,
  bestSellers: keys.bestSellers,
  /** A storefront path's resolution and its page's data, in one answer. */
  page: pageKey,
  categories: keys.categories,
  search: searchKey,
  /** The heads of the pages the SPA shows without `/api/page` (the order is not in a head). */
  homeHead: keys.homeHead,
  searchHead: searchHeadKey,
  cartHead: own.cart.headKey,
  compareHead: own.compare.headKey,
  /** The debug tools. */
  compare: "/api/debug/compare",
  faults: "/api/debug/faults",
  /** The visitor's cart: never inlined into a page, fetched once React runs. */
  cart: "/api/cart",
  cartLines: "/api/cart/lines",
  cartLine: (id: string) => `/api/cart/lines/${encodeURIComponent(id)}`,
  /** The visitor's checkout: the cart page reads its kind; the rest is the checkout chunk's (`checkout.ts`). */
  checkout: "/api/checkout",
  /** The debug bar's settings: where traces are shown. */
  debug: "/api/debug",
};
