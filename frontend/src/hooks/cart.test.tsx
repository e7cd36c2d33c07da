import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { ApiError } from "../api/client";
import type { Cart } from "../api/types";
import { swrConfig } from "./data";
import { type CartChanges, retriable, useCart, useCartChanges } from "./cart";

const cart = (count: number): Cart => ({
  lines: count ? [{ id: "l1", variant: "v1", name: "Chair", options: [], product_url: "/1", quantity: count, unit_price: 10, line_total: 10 * count }] : [],
  subtotal: 10 * count,
  currency: count ? "USD" : null,
  count,
  checkout_url: null,
  notices: [],
  replaced: false,
});

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch answering each request in turn from `answers` (GETs: the empty cart); records what was sent. */
function edge(...answers: Array<{ status: number; body: unknown } | "network">): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      if (method === "GET") return Promise.resolve(new Response(JSON.stringify(cart(0)), { status: 200 }));
      sent.push({
        method,
        path: String(input),
        headers: init.headers as Record<string, string>,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      });
      const answer = answers.shift() ?? { status: 500, body: {} };
      if (answer === "network") return Promise.reject(new TypeError("Failed to fetch"));
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
    }),
  );
  return sent;
}

function hooks() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
  );
  // `count` read while rendering: SWR re-renders a hook only for what it read.
  return renderHook(() => ({ count: useCart().data?.count, changes: useCartChanges() }), { wrapper });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("retriable (one automatic retry, same key)", () => {
  it.each<[unknown, boolean]>([
    [new TypeError("Failed to fetch"), true],
    [new ApiError(503, "unavailable", "x"), true],
    [new ApiError(502, "bad_gateway", "x"), true],
    [new ApiError(504, "timeout", "x"), true],
    [new ApiError(409, "idempotency_in_flight", "x"), true],
    [new ApiError(409, "refused", "Out of stock."), false],
    [new ApiError(400, "bad_request", "x"), false],
    [new ApiError(403, "forbidden", "x"), false],
    [new ApiError(429, "too_many_requests", "x"), false],
    [new ApiError(500, "internal", "x"), false],
    [new Error("other"), false],
  ])("%s → %s", (error, expected) => {
    expect(retriable(error)).toBe(expected);
  });
});

describe("useCartChanges (issue 23)", () => {
  it("sends each change as the edge asks, and its answer becomes the cart", async () => {
    const sent = edge({ status: 200, body: cart(1) }, { status: 200, body: cart(2) }, { status: 200, body: cart(0) });
    const { result } = hooks();
    let changes: CartChanges = result.current.changes;
    await act(async () => void (await changes.add({ variant: "v1", quantity: 1 })));
    expect(result.current.count).toBe(1);
    changes = result.current.changes;
    await act(async () => void (await changes.setQuantity("l/1", 2)));
    expect(result.current.count).toBe(2);
    await act(async () => void (await changes.remove("l/1")));
    expect(result.current.count).toBe(0);

    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(["POST /api/cart/lines", "PATCH /api/cart/lines/l%2F1", "DELETE /api/cart/lines/l%2F1"]);
    expect(sent.map((s) => s.body)).toEqual([{ variant: "v1", quantity: 1 }, { quantity: 2 }, undefined]);
    // A body is JSON (what marks a change as the site's own); a DELETE has none.
    expect(sent.map((s) => s.headers["content-type"])).toEqual(["application/json", "application/json", undefined]);
    const keys = sent.map((s) => s.headers["idempotency-key"]);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it("retries once, with the same key, when no answer came or the edge was away", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const sent = edge("network", { status: 200, body: cart(1) });
    const { result } = hooks();
    /** `change`, with the retry's wait run at once. */
    const run = <T,>(change: () => Promise<T>) =>
      act(async () => {
        const done = change();
        await vi.runAllTimersAsync();
        return done;
      });
    await run(() => result.current.changes.add({ variant: "v1", quantity: 1 }));
    expect(sent).toHaveLength(2);
    expect(sent[1].headers["idempotency-key"]).toBe(sent[0].headers["idempotency-key"]);
    expect(result.current.count).toBe(1);

    const again = edge({ status: 503, body: { error: { code: "unavailable", message: "Away." } } }, { status: 503, body: { error: { code: "unavailable", message: "Still away." } } });
    const failed = await run(() => result.current.changes.add({ variant: "v1", quantity: 1 }).catch((e: unknown) => e));
    expect(failed).toMatchObject({ status: 503, message: "Still away." });
    expect(again).toHaveLength(2);
  });

  it("does not retry a refusal, which says why in the shopper's words", async () => {
    const sent = edge({ status: 409, body: { error: { code: "refused", message: "Only 2 left in stock." } } });
    const { result } = hooks();
    const refused = await act(() => result.current.changes.add({ variant: "v1", quantity: 5 }).catch((e: unknown) => e));
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe("Only 2 left in stock.");
    expect(sent).toHaveLength(1);
  });
});
