// The visitor's cart as the views read and change it. One SWR key, the edge's
// `/api/cart`: never inlined into a page (it is the visitor's own, and pages are
// everyone's), fetched once React runs, and reloaded with every other key on a driver
// switch (each backend has its own cart). A change answers the whole cart, which becomes
// that key's data at once: the navigation bar's count and the cart page follow together.
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { ApiError, api, sendCart } from "../api/client";
import type { AddLine, Cart } from "../api/types";

export const useCart = () => useSWR<Cart, Error>(api.cart);

/** How long an automatic retry waits (one retry, with the same key). */
export const RETRY_DELAY_MS = 1000;

/**
 * Whether a change is worth one automatic retry: no answer came (fetch itself failed), the
 * edge or the backend was briefly away, or the first try with this key is still running.
 * A retry carries the same `Idempotency-Key`, so a change the first try made is not made
 * twice: the edge answers its result.
 */
export function retriable(error: unknown): boolean {
  if (error instanceof ApiError) {
    return [502, 503, 504].includes(error.status) || error.code === "idempotency_in_flight";
  }
  return error instanceof TypeError;
}

/** A fresh `Idempotency-Key`: a UUID, from `getRandomValues` where `randomUUID` is not offered (plain http). */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface CartChanges {
  add: (line: AddLine) => Promise<Cart>;
  setQuantity: (line: string, quantity: number) => Promise<Cart>;
  remove: (line: string) => Promise<Cart>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The cart's changes, each one shopper's action: one key, one automatic retry when
 * {@link retriable}. The answer is the cart's new data; a refusal (the edge's `ApiError`,
 * whose message is the shopper's text) is thrown after the cart is read again, since it
 * may have changed elsewhere (another tab, an expired cart).
 */
export function useCartChanges(): CartChanges {
  const { mutate } = useSWRConfig();
  const change = useCallback(
    async (method: "POST" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<Cart> => {
      const key = idempotencyKey();
      let cart: Cart;
      try {
        try {
          cart = await sendCart<Cart>(method, path, body, key);
        } catch (e) {
          if (!retriable(e)) throw e;
          await wait(RETRY_DELAY_MS);
          cart = await sendCart<Cart>(method, path, body, key);
        }
      } catch (e) {
        void mutate(api.cart);
        throw e;
      }
      await mutate(api.cart, cart, { revalidate: false });
      return cart;
    },
    [mutate],
  );
  return {
    add: useCallback((line: AddLine) => change("POST", api.cartLines, line), [change]),
    setQuantity: useCallback((line: string, quantity: number) => change("PATCH", api.cartLine(line), { quantity }), [change]),
    remove: useCallback((line: string) => change("DELETE", api.cartLine(line)), [change]),
  };
}
